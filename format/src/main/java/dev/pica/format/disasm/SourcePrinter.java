package dev.pica.format.disasm;

import dev.pica.format.isa.Float24;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.Operands;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterNames;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.GsMode;
import dev.pica.format.shbin.Label;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Prints one object's worth of code and tables as re-assemblable SDK-dialect source. The
 * printed text reassembles to the same words: inverted forms whose wide slot holds no constant
 * are printed with their explicit mnemonic (slti, madi ...), the trailing NOP of a main object is
 * left to picasm, and {@code ret} markers are placed where the label lengths say subroutines end.
 */
final class SourcePrinter {
    /** What one source file holds. */
    record Unit(String title, int[] code, int from, int to, Descriptors descriptors, List<Label> labels,
                Map<Integer, String> importNames, boolean isMain, int mainAddr, int endAddr, int shaderType,
                int flags, GsMode gs, List<Constant> constants, List<OutputMap> outputs, List<Uniform> uniforms,
                Map<Integer, String> allLabelNames) {}

    /** The own descriptor (bits 30:0, fields the instruction uses) of the instruction at an address, or -1. */
    interface Descriptors {
        int at(int address, int word);
    }

    /** A bind_symbol name the SDK dialect can spell: an identifier, optionally with contiguous components. */
    private static final java.util.regex.Pattern SDK_SYMBOL =
            java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.(x|xy|xyz|xyzw|y|yz|yzw|z|zw|w))?");

    private final Unit u;
    private final StringBuilder out = new StringBuilder();
    final List<String> warnings = new ArrayList<>();
    private final Map<Integer, String> names = new HashMap<>();
    private final Set<String> taken = new HashSet<>();

    SourcePrinter(Unit u) {
        this.u = u;
    }

    String print() {
        header();
        body();
        return out.toString();
    }

    private void header() {
        out.append("// ").append(u.title()).append('\n');
        out.append("// Disassembled by picadis; reassemble with picasm").append('\n');
        if (u.shaderType() == 1) out.append("#pragma gs_assemble_as_geometry_shader\n");
        GsMode g = u.gs();
        if (u.shaderType() == 1 && u.isMain()) {
            switch (g.mode()) {
                case 0 -> { }
                case 1 -> out.append("#pragma gs_data_mode(1, ").append(g.variableCount()).append(")\n");
                case 2 -> out.append("#pragma gs_data_mode(2, c").append(g.fixedStart()).append(", ").append(g.fixedCount()).append(")\n");
                default -> warnings.add("geometry data mode " + g.mode() + " cannot be expressed");
            }
            if ((u.flags() & 1) != 0) out.append("#pragma gs_merge_output_maps\n");
        }
        for (Uniform un : u.uniforms()) {
            String a = Uniform.registerName(un.first()), b = Uniform.registerName(un.last());
            String name = un.name();
            if (!SDK_SYMBOL.matcher(name).matches()) {
                // picasso stores light$dir as "light.dir"; the SDK dialect reads ".dir" as components
                name = name.replaceAll("[^A-Za-z0-9_]", "_");
                if (name.isEmpty() || Character.isDigit(name.charAt(0))) name = "_" + name;
                warnings.add("uniform '" + un.name() + "' cannot be written in the SDK dialect; printed as '" + name + "'");
            }
            out.append("#pragma bind_symbol(").append(name).append(", ").append(a);
            if (un.first() != un.last()) out.append(", ").append(b);
            out.append(")\n");
        }
        for (OutputMap o : u.outputs()) {
            OutputSemantic sem = OutputSemantic.ofType(o.type());
            if (sem == null) {
                warnings.add("output type " + o.type() + " has no name in the dialect");
                continue;
            }
            out.append("#pragma output_map(").append(sem.spelling).append(", o").append(o.register());
            if ((o.mask() & 0xF) != 0xF) out.append('.').append(o.maskText());
            out.append(")\n");
        }
        for (Constant c : u.constants()) {
            switch (c.type()) {
                case Constant.FLOAT -> out.append("def c").append(c.index()).append(", ").append(Float24.toText(c.x())).append(", ")
                        .append(Float24.toText(c.y())).append(", ").append(Float24.toText(c.z())).append(", ").append(Float24.toText(c.w())).append('\n');
                case Constant.INT -> out.append("defi i").append(c.index()).append(", ").append(c.x()).append(", ")
                        .append(c.y()).append(", ").append(c.z()).append(", ").append(c.w()).append('\n');
                default -> out.append("defb b").append(c.index()).append(", ").append(c.x() != 0 ? "true" : "false").append('\n');
            }
        }
        out.append('\n');
    }

    private String nameFor(int address) {
        String n = names.get(address);
        if (n != null) return n;
        n = u.allLabelNames().get(address);
        if (n == null) {
            n = String.format("label_%03x", address);
            for (int k = 2; taken.contains(n); k++) n = String.format("label_%03x_%d", address, k);
        }
        names.put(address, n);
        taken.add(n);
        return n;
    }

    private void body() {
        int[] code = u.code();
        // Labels of this unit, by address, in table order.
        TreeMap<Integer, List<Label>> labelsAt = new TreeMap<>();
        for (Label l : u.labels()) {
            labelsAt.computeIfAbsent(l.address(), k -> new ArrayList<>()).add(l);
            taken.add(l.name());
            names.putIfAbsent(l.address(), l.name());
        }
        // Subroutine ends: from the label lengths, and from every local call's DST+NUM.
        Set<Integer> rets = new HashSet<>();
        for (Label l : u.labels()) {
            if (l.length() == Label.NO_RET) continue;
            if (l.length() != 0) rets.add(l.address() + l.length());
        }
        // Block closers: address -> texts, innermost first.
        TreeMap<Integer, List<long[]>> closers = new TreeMap<>(); // {opener address, kind 0 else 1 endif 2 endloop}
        for (int a = u.from(); a < u.to(); a++) {
            Instruction i = InstructionCodec.decode(code[a]);
            if (i == null) continue;
            Opcode op = i.op();
            boolean imported = u.importNames().containsKey(a);
            if (op == Opcode.IFU || op == Opcode.IFC) {
                if (i.num() == 0) closers.computeIfAbsent(i.target(), k -> new ArrayList<>()).add(new long[] {a, 1});
                else {
                    closers.computeIfAbsent(i.target(), k -> new ArrayList<>()).add(new long[] {a, 0});
                    closers.computeIfAbsent(i.target() + i.num(), k -> new ArrayList<>()).add(new long[] {a, 1});
                }
                if (i.target() <= a || i.target() + i.num() > u.to()) warnings.add(String.format("IF at 0x%03x leaves its object", a));
            } else if (op == Opcode.LOOP) {
                closers.computeIfAbsent(i.target() + 1, k -> new ArrayList<>()).add(new long[] {a, 2});
                if (i.target() < a + 1 || i.target() >= u.to()) warnings.add(String.format("LOOP at 0x%03x leaves its object", a));
            } else if (op.isCall() && !imported) {
                Label l = labelAt(i.target(), i.num());
                if (l == null) rets.add(i.target() + i.num());
                else if (l.length() != i.num()) {
                    warnings.add(String.format("call at 0x%03x uses length %d but its label '%s' says %s", a, i.num(), l.name(),
                            l.length() == Label.NO_RET ? "no ret follows" : String.valueOf(l.length())));
                }
            }
        }
        boolean skipNop = u.isMain() && u.endAddr() - 1 >= u.from() && u.endAddr() - 1 < u.to();
        if (skipNop && code[u.endAddr() - 1] != 0x84000000) {
            skipNop = false;
            warnings.add("the word before endmain is not the NOP picasm appends; the reassembled code will differ");
        }
        if (u.isMain() && !labelsAt.containsKey(u.mainAddr())) addLabel(labelsAt, "main", u.mainAddr());
        if (u.isMain() && u.labels().stream().noneMatch(l -> l.name().equals("endmain"))) addLabel(labelsAt, "endmain", u.endAddr());
        // Invented labels for branch targets without one.
        for (int a = u.from(); a < u.to(); a++) {
            Instruction i = InstructionCodec.decode(code[a]);
            if (i == null || u.importNames().containsKey(a)) continue;
            if ((i.op().isCall() || i.op().isJump()) && !labelsAt.containsKey(i.target())) {
                addLabel(labelsAt, nameFor(i.target()), i.target());
            }
        }
        for (int a = u.from(); a <= u.to(); a++) {
            for (long[] c : sortedClosers(closers.get(a))) {
                out.append("    ").append(c[1] == 0 ? "else" : c[1] == 1 ? "endif" : "endloop").append('\n');
            }
            List<Label> ls = labelsAt.getOrDefault(a, List.of());
            // One ret per word boundary. A label of length 0 stands right before it, so when there
            // is one the ret follows the last such label (and the labels after it in the source
            // follow the ret); every subroutine ending here ends at that ret. So a subroutine that
            // holds the NOP picasm appends at 'endmain:' keeps it: its ret prints after endmain.
            int lastZero = -1;
            for (int k = 0; k < ls.size(); k++) if (ls.get(k).length() == 0) lastZero = k;
            if (rets.contains(a) && lastZero < 0) out.append("    ret\n");
            for (int k = 0; k < ls.size(); k++) {
                out.append(ls.get(k).name()).append(":\n");
                if (k == lastZero) out.append("    ret\n");
            }
            if (a == u.to()) break;
            if (skipNop && a == u.endAddr() - 1) continue;
            instruction(a, code[a]);
        }
    }

    private static List<long[]> sortedClosers(List<long[]> cs) {
        if (cs == null) return List.of();
        List<long[]> s = new ArrayList<>(cs);
        s.sort((x, y) -> Long.compare(y[0], x[0])); // innermost (latest opener) first
        return s;
    }

    /**
     * The label a branch to {@code address} names: of the labels there, the last in table order
     * (the one that starts the code; an end marker such as the previous object's endmain or an
     * `endsub:` comes first), preferring one whose length is the call's NUM; null if none.
     */
    private Label labelAt(int address, int num) {
        Label last = null, fits = null;
        for (Label l : u.labels()) {
            if (l.address() != address) continue;
            last = l;
            if (l.length() == num) fits = l;
        }
        return fits != null ? fits : last;
    }

    private String targetName(Instruction i) {
        Label l = labelAt(i.target(), i.op().isCall() ? i.num() : Integer.MIN_VALUE);
        return l != null ? l.name() : nameFor(i.target());
    }

    private void addLabel(TreeMap<Integer, List<Label>> at, String name, int address) {
        List<Label> l = at.computeIfAbsent(address, k -> new ArrayList<>());
        for (Label x : l) if (x.name().equals(name)) return;
        l.add(new Label(name, address, Label.NO_RET));
        names.putIfAbsent(address, name);
        taken.add(name);
    }

    /** One word in source syntax given the descriptor table it indexes (for the control-flow graph). */
    static String text(int address, int word, int[] table) {
        return describe(address, word, (a, w) -> {
            int i = InstructionCodec.descIndex(w);
            return i >= 0 && i < table.length ? table[i] & 0x7FFFFFFF : -1;
        });
    }

    /** One word in source syntax, for dumps (labels invented as label_xxx). */
    static String describe(int address, int word, Descriptors d) {
        Unit u = new Unit("", new int[] {word}, 0, 1, d, List.of(), Map.of(), false, 0, 0, 0, 0, GsMode.NONE,
                List.of(), List.of(), List.of(), Map.of());
        return new SourcePrinter(u).format(address, word);
    }

    private void instruction(int a, int w) {
        String text = format(a, w);
        out.append("    ").append(text);
        int pad = Math.max(1, 40 - text.length());
        out.append(" ".repeat(pad)).append(String.format("// 0x%03x: %08x%n", a, w));
    }

    private String format(int a, int w) {
        Instruction i = InstructionCodec.decode(w);
        if (i == null) {
            warnings.add(String.format("word 0x%08x at 0x%03x has an unused opcode", w, a));
            return "nop // unknown opcode; the original word cannot be expressed";
        }
        Opcode op = i.op();
        String target = u.importNames().containsKey(a) ? u.importNames().get(a) : null;
        switch (op.format) {
            case F0:
                return op.mnemonic;
            case F4:
                return op.mnemonic + " " + i.winding() + ", " + i.primEmit() + ", " + i.vtxId();
            case F2: {
                String cond = i.refX() + ", " + i.refY() + ", " + i.condOp();
                String label = target != null ? target : targetName(i);
                if (op == Opcode.CALL) return op.mnemonic + " " + label;
                return op.mnemonic + " " + cond + (op.isCall() || op.isJump() ? ", " + label : "");
            }
            case F3:
                if (op == Opcode.LOOP) return op.mnemonic + " i" + i.reg();
                String bool = (op.isJump() && (i.num() & 1) != 0 ? "!" : "") + "b" + i.reg(); // jpb's NUM bit 0 inverts
                return op.mnemonic + " " + bool + (op.isCall() || op.isJump() ? ", " + (target != null ? target : targetName(i)) : "");
            default:
                break;
        }
        int d = u.descriptors().at(a, w);
        if (d < 0) {
            warnings.add(String.format("instruction at 0x%03x names descriptor %d, which the table lacks", a, i.desc()));
            d = 0x36F | 0x1B << 14 | 0x1B << 23;
        }
        Operands o = new Operands(i, d);
        int mask = o.mask();
        if (op == Opcode.MOVA) {
            String m = (mask & 0xC) == 0xC ? "a0.xy" : (mask & 8) != 0 ? "a0.x" : "a0.y";
            if ((mask & 0xC) == 0 || (mask & 3) != 0) warnings.add(String.format("mova at 0x%03x has mask %s", a, OperandDescriptors.maskText(mask)));
            return op.mnemonic + " " + m + ", " + sources(o);
        }
        if (op == Opcode.CMP) {
            if (i.cmpX() > 5 || i.cmpY() > 5) warnings.add(String.format("cmp at 0x%03x uses compare mode 6/7, which picasm rejects", a));
            return op.mnemonic + " " + i.cmpX() + ", " + i.cmpY() + ", " + sources(o);
        }
        return o.sdkMnemonic() + " " + dst(i.dst(), mask) + ", " + sources(o);
    }

    /** The sources in written order, each "-reg[idx].swizzle" (no swizzle for xyzw). */
    private static String sources(Operands o) {
        StringBuilder sb = new StringBuilder();
        for (int n = 1; n <= o.count(); n++) {
            if (n > 1) sb.append(", ");
            String sw = OperandDescriptors.shortSelectorText(o.selector(n));
            sb.append(o.negated(n) ? "-" : "").append(RegisterNames.source(o.code(n)));
            if (o.index(n) != 0) sb.append('[').append(RegisterNames.INDEX.get(o.index(n))).append(']');
            if (!sw.equals("xyzw")) sb.append('.').append(sw);
        }
        return sb.toString();
    }

    private String dst(int code, int mask) {
        String reg = RegisterNames.destination(code);
        if (mask == 0) {
            warnings.add("an instruction writes no component (mask 0); printed with a full mask");
            return reg;
        }
        return mask == 0xF ? reg : reg + "." + OperandDescriptors.maskText(mask);
    }
}
