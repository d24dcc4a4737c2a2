package dev.pica.lsp.analysis;

import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.isa.syntax.PicassoSpelling;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lays a source out the way the examples are written, changing only blanks outside comments:
 * labels at column 0; statements indented by block depth (SDK: four spaces per level, the
 * mnemonic padded to eight columns as examples/lighting.vsh does; picasso: a tab per level and
 * one space, as picasso's own examples); operands separated by ", "; trailing blanks removed; a
 * trailing comment kept at its column where the code still fits before it. Preprocessor lines
 * lose only their outer blanks; lines inside block comments and continued lines stay as they
 * are. Lines are never added, removed or joined, so positions in objects do not move, and the
 * assembled bytes are the same (tested on every source the project holds). Idempotent.
 */
public final class SourceFormatter {
    private static final Pattern LABEL = Pattern.compile("\\s*([A-Za-z_$][A-Za-z0-9_$]*)\\s*:(?!:)\\s*(.*)");
    private static final int SDK_MNEMONIC_WIDTH = 8;

    private SourceFormatter() {}

    public static String format(String text, Dialect dialect) {
        boolean picasso = dialect == Dialect.PICASSO;
        String[] lines = text.split("\r\n|\r|\n", -1);
        String eol = text.contains("\r\n") ? "\r\n" : "\n";
        List<String> out = new ArrayList<>(lines.length);
        boolean inBlockComment = false, continued = false;
        int depth = 0;
        for (String line : lines) {
            if (inBlockComment || continued) {
                if (inBlockComment && line.contains("*/")) inBlockComment = false;
                continued = !picasso && !inBlockComment && line.endsWith("\\");
                out.add(line);
                continue;
            }
            if (!picasso && line.endsWith("\\")) {
                continued = true;
                out.add(line);
                continue;
            }
            int cut = commentStart(line, dialect);
            if (!picasso && cut >= 0 && line.startsWith("/*", cut) && !line.substring(cut + 2).contains("*/")) {
                inBlockComment = true;
                out.add(line.stripTrailing());
                continue;
            }
            String code = cut < 0 ? line : line.substring(0, cut);
            String comment = cut < 0 ? "" : line.substring(cut).stripTrailing();
            String laid;
            if (code.isBlank()) {
                // a comment line keeps column 0, or takes the statements' indentation
                laid = comment.isEmpty() ? "" : (cut == 0 ? "" : picasso ? "\t".repeat(Math.max(depth, 1)) : "    ".repeat(depth + 1)) + comment;
                out.add(laid);
                continue;
            }
            Statement st = picasso ? picasso(code, depth) : sdk(code, depth);
            depth = st.depthAfter;
            laid = st.text;
            if (!comment.isEmpty()) {
                // columns counted in characters (a tab is one), so that a second run keeps the comment where the first put it
                laid = cut > laid.length() ? laid + " ".repeat(cut - laid.length()) + comment : laid + " " + comment;
            }
            out.add(laid);
        }
        return String.join(eol, out);
    }

    private record Statement(String text, int depthAfter) {}

    /** SDK statements: depth counts open ifb/ifc/loop blocks. */
    private static Statement sdk(String code, int depth) {
        String t = code.strip();
        if (t.startsWith("#")) return new Statement(t, depth);
        Matcher label = LABEL.matcher(code);
        if (label.matches()) {
            String rest = label.group(2);
            if (rest.isBlank()) return new Statement(label.group(1) + ":", depth);
            Statement s = sdk(rest, depth);
            return new Statement(label.group(1) + ": " + s.text.strip(), s.depthAfter);
        }
        String mnemonic = firstWord(t), operands = t.substring(mnemonic.length());
        String m = mnemonic.toLowerCase(Locale.ROOT);
        int at = depth, after = depth;
        switch (m) {
            case "ifb", "ifc", "loop" -> after = depth + 1;
            case "else" -> at = Math.max(0, depth - 1);
            case "endif", "endloop" -> at = after = Math.max(0, depth - 1);
            default -> { }
        }
        String ops = operands(operands);
        String head = ops.isEmpty() ? mnemonic : pad(mnemonic, SDK_MNEMONIC_WIDTH) + ops;
        return new Statement("    ".repeat(at + 1) + head, after);
    }

    /** picasso statements: depth counts .proc and the ifu/ifc/for blocks inside it. */
    private static Statement picasso(String code, int depth) {
        String t = code.strip();
        Matcher label = LABEL.matcher(code);
        if (!t.startsWith(".") && label.matches()) {
            String rest = label.group(2);
            if (rest.isBlank()) return new Statement(label.group(1) + ":", depth);
            Statement s = picasso(rest, depth);
            return new Statement(label.group(1) + ": " + s.text.strip(), s.depthAfter);
        }
        String word = firstWord(t.startsWith(".") ? t.substring(1) : t);
        String head = t.startsWith(".") ? "." + word : word;
        String rest = operands(t.substring(head.length()));
        String m = word.toLowerCase(Locale.ROOT);
        int at = depth, after = depth;
        if (t.startsWith(".")) {
            switch (m) {
                case "proc" -> after = depth + 1;
                case "else" -> at = Math.max(0, depth - 1);
                case "end" -> at = after = Math.max(0, depth - 1);
                default -> { }
            }
        } else if (opensBlock(PicassoSpelling.ofMnemonic(m))) {
            after = depth + 1;
        }
        return new Statement("\t".repeat(at) + head + (rest.isEmpty() ? "" : " " + rest), after);
    }

    /** ifu, ifc and for open a block that .end closes. */
    private static boolean opensBlock(Opcode op) {
        return op != null && (op.has(Opcode.Flag.IF) || op.has(Opcode.Flag.LOOP));
    }

    /** The first word: letters, digits, '_' and '$' (a mnemonic, directive or macro name). */
    private static String firstWord(String t) {
        int k = 0;
        while (k < t.length() && (Character.isLetterOrDigit(t.charAt(k)) || t.charAt(k) == '_' || t.charAt(k) == '$')) k++;
        return k == 0 ? t.split("\\s+", 2)[0] : t.substring(0, k);
    }

    /** Operands split at the commas outside brackets and parentheses, each trimmed, joined by ", ". */
    private static String operands(String text) {
        String t = text.strip();
        if (t.isEmpty()) return "";
        List<String> parts = new ArrayList<>();
        int depth = 0, from = 0;
        for (int k = 0; k < t.length(); k++) {
            char c = t.charAt(k);
            if (c == '[' || c == '(') depth++;
            else if (c == ']' || c == ')') depth--;
            else if (c == ',' && depth == 0) {
                parts.add(t.substring(from, k).strip());
                from = k + 1;
            }
        }
        parts.add(t.substring(from).strip());
        return String.join(", ", parts);
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }

    /** Where a comment starts on this line (outside a string), or -1. */
    private static int commentStart(String line, Dialect dialect) {
        boolean picasso = dialect == Dialect.PICASSO;
        boolean quoted = false;
        for (int k = 0; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c == '"') quoted = !quoted;
            if (quoted) continue;
            if (picasso && c == ';') return k;
            if (!picasso && c == '/' && k + 1 < line.length() && (line.charAt(k + 1) == '/' || line.charAt(k + 1) == '*')) return k;
        }
        return -1;
    }
}
