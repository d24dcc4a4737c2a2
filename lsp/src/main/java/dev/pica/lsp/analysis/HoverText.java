package dev.pica.lsp.analysis;

import dev.pica.format.disasm.Disassembler;
import dev.pica.format.isa.Float24;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.WordFormat;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.isa.syntax.Mnemonics;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.LineInfo;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hover of a position, as Markdown: for a mnemonic what it computes, its operand forms and
 * the words this line assembled to; for a register what the shader binds to it (uniform, input,
 * output semantic, constant value); for a declared name its declaration and bindings.
 */
public final class HoverText {
    private static final Pattern REGISTER = Pattern.compile("([" + RegisterFile.LETTERS + "])(\\d{1,2})");

    private HoverText() {}

    /** A mnemonic's hover: the form in the document's dialect, what it does, and its hardware opcode. */
    private static String mnemonic(Mnemonics.Entry e, Dialect dialect) {
        boolean picasso = dialect == Dialect.PICASSO;
        String form = picasso && e.picasso() != null ? e.picasso() : e.sdk() != null ? e.sdk() : e.picasso();
        StringBuilder sb = new StringBuilder("```\n").append(form).append("\n```\n").append(e.summary());
        if (e.op() != null) sb.append("\n\nHardware opcode ").append(e.op().hardwareName()).append(String.format(" (0x%02X)", e.op().code));
        if (picasso && e.picasso() == null) sb.append("\n\nNot in picasso's dialect.");
        if (!picasso && e.sdk() == null) sb.append("\n\nNot in the SDK dialect.");
        return sb.toString();
    }

    /** Markdown, or null when there is nothing to say. {@code analysis} may be null (not assembled yet, or errors). */
    /**
     * @param files the document's index first, then its headers' ({@link Includes#withHeaders}),
     *     where a name the document uses may be defined
     */
    public static String of(List<Includes.Indexed> files, DocumentAnalysis analysis, Dialect dialect, int line, int col) {
        SymbolIndex ix = files.get(0).index();
        SymbolIndex.Token t = ix.tokenAt(line, col);
        if (t == null || t.afterDot()) return null;
        Dvoj obj = analysis == null ? null : analysis.object;
        Mnemonics.Entry m = ix.isStatementStart(t) ? Mnemonics.of(t.text()) : null;
        if (m != null) return mnemonic(m, dialect) + encoding(obj, line + 1);
        Matcher r = REGISTER.matcher(t.text());
        if (r.matches()) {
            String text = register(obj, r.group(1).charAt(0), Integer.parseInt(r.group(2)));
            if (text != null) return text;
        }
        // the document's own definition first, then the headers' (a #define in an included file)
        SymbolIndex.Definition d = null;
        Includes.Indexed in = null;
        for (Includes.Indexed f : files) {
            d = f.index().definition(t.text());
            if (d != null) {
                in = f;
                break;
            }
        }
        if (d == null) return null;
        StringBuilder sb = new StringBuilder("**").append(d.kind().name().toLowerCase(java.util.Locale.ROOT)).append("** `").append(d.name()).append('`');
        sb.append("\n```\n").append(in.index().line(d.line()).strip()).append("\n```");
        if (in != files.get(0)) {
            String u = in.uri();
            sb.append("\n\nIn `").append(u.substring(u.lastIndexOf('/') + 1)).append("`, line ").append(d.line() + 1).append('.');
        }
        if (obj != null) {
            for (Uniform u : obj.uniforms()) {
                String n = u.name().contains(".") ? u.name().substring(0, u.name().indexOf('.')) : u.name();
                if (n.equals(d.name())) sb.append("\n\nBound to ").append(u.registerRange()).append('.');
            }
        }
        return sb.toString();
    }

    /** What the object binds to register {@code kind}{@code n}, or null for a register that does not exist. */
    private static String register(Dvoj obj, char kind, int n) {
        RegisterFile file = RegisterFile.ofLetter(kind);
        if (file == null || n >= file.count) return null;
        StringBuilder sb = new StringBuilder("`").append(kind).append(n).append("`: ").append(file.description);
        if (obj == null) return sb.toString();
        int unified = file.unifiedBase >= 0 ? file.unifiedBase + n : -1;
        for (Uniform u : obj.uniforms()) {
            if (unified >= u.first() && unified <= u.last()) {
                sb.append("\n\n`").append(u.registerRange()).append("` ").append(u.name());
                if (u.last() > u.first()) sb.append(" (row ").append(unified - u.first()).append(')');
            }
        }
        if (kind == 'o') {
            for (OutputMap o : obj.outputMaps()) {
                if (o.register() == n) {
                    OutputSemantic s = OutputSemantic.ofType(o.type());
                    sb.append("\n\noutput ").append(s == null ? "type " + o.type() : s.spelling).append(" (").append(o.maskText()).append(')');
                }
            }
        }
        for (Constant c : obj.constants()) {
            boolean same = switch (kind) {
                case 'c' -> c.type() == Constant.FLOAT && c.index() == n;
                case 'i' -> c.type() == Constant.INT && c.index() == n;
                case 'b' -> c.type() == Constant.BOOL && c.index() == n;
                default -> false;
            };
            if (!same) continue;
            sb.append("\n\nconstant ");
            if (c.type() == Constant.FLOAT) {
                sb.append('(').append(Float24.toDecimal(c.x())).append(", ").append(Float24.toDecimal(c.y())).append(", ")
                        .append(Float24.toDecimal(c.z())).append(", ").append(Float24.toDecimal(c.w())).append(')');
            } else if (c.type() == Constant.INT) {
                sb.append('(').append(c.x() & 0xFF).append(", ").append(c.y() & 0xFF).append(", ").append(c.z() & 0xFF).append(", ").append(c.w() & 0xFF).append(')');
            } else {
                sb.append(c.x() != 0);
            }
        }
        return sb.toString();
    }

    /** The words assembled from this line of the main file, with their operand descriptors. */
    private static String encoding(Dvoj obj, int line) {
        if (obj == null) return "";
        int[] table = dev.pica.format.verify.Program.table(obj.descriptors());
        StringBuilder sb = new StringBuilder();
        for (int a = 0; a < obj.codeSize() && a < obj.lineInfo().size(); a++) {
            LineInfo li = obj.lineInfo().get(a);
            if (li.line() != line || !li.file().equals(obj.sourceName())) continue;
            int w = obj.codeWord(a);
            sb.append(String.format("%n%04x: %08x  %s", a, w, Disassembler.instructionText(a, w, table)));
            Opcode op = Opcode.ofWord(w);
            if (op == null) continue;
            // the word's fields as the format declares them, then the descriptor it selects
            StringBuilder fields = new StringBuilder("      ").append(op.hardwareName());
            for (WordFormat.BitField f : op.format.fields) fields.append(' ').append(f.field()).append('=').append(Integer.toHexString(f.get(w)));
            sb.append('\n').append(fields);
            if (op.hasDescriptor()) {
                int desc = op.format.field(WordFormat.Field.DESC).get(w);
                if (desc < table.length) sb.append(String.format("%n      descriptor %d = %08x: %s", desc, table[desc], OperandDescriptors.describe(table[desc])));
            }
        }
        return sb.length() == 0 ? "" : "\n\nAssembled (object address, word):\n```" + sb + "\n```";
    }
}
