package dev.pica.format.disasm;

import dev.pica.format.isa.Condition;
import dev.pica.format.isa.Float24;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.Operands;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.RegisterNames;
import dev.pica.format.isa.syntax.PicassoSpelling;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.GsMode;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Prints a DVLB as picasso-dialect sources, one per DVLE in DVLE order, such that picasso
 * reassembles them (in that order) to the same bytes when picasso built the file
 * (docs/picasso-compat.md, "picadis --dialect=picasso"). What the binary keeps decides the text:
 * <ul>
 * <li>every word is printed, padding NOPs included, so picasso's automatic padding finds nothing
 * left to pad; if/else/for blocks come back from their DST/NUM fields;</li>
 * <li>procedures are the ranges between entry points and call targets (a call's NUM is its
 * procedure's length); jump targets become labels;</li>
 * <li>each source swizzle is the descriptor entry's four lanes, so picasso's pooling, which
 * compares only the lanes an opcode reads, makes the same entries in the same order;</li>
 * <li>constants become .setf/.seti/.setb in table order (the table order picasso keeps);
 * uniforms are declared in register order, with hidden '_' uniforms where picasso's
 * allocation left a gap.</li>
 * </ul>
 */
final class PicassoPrinter {
    private final Dvlb f;
    private final int[] code;
    private final int n;
    private final List<OperandDescriptor> table;
    final List<String> warnings = new ArrayList<>();

    private final TreeSet<Integer> bounds = new TreeSet<>();
    private final Map<Integer, String> procNames = new HashMap<>();
    /** procedures of no words that calls name (NUM 0): picasso's empty .proc before any code, or any empty one built with -n */
    private final Map<Integer, String> emptyProcs = new HashMap<>();
    private final Map<Integer, String> labels = new TreeMap<>();
    private int[] fileStart;
    /** The vertex-space uniforms declared so far (picasso shares them by name across inputs). */
    private final Map<String, int[]> shared = new HashMap<>();
    /** The next free number of each of picasso's uniform pools (c, i, b) in the vertex space. */
    private final int[] vsNext = {RegisterFile.FLOAT_UNIFORM.picassoBase, RegisterFile.INT_UNIFORM.picassoBase, RegisterFile.BOOL_UNIFORM.picassoBase};
    private int gaps;

    PicassoPrinter(Dvlb f) {
        this.f = f;
        this.code = f.program().code();
        this.n = f.program().codeSize();
        this.table = f.program().descriptors();
    }

    /** One source per DVLE, named {@code stem} plus ".v.pica" or ".g.pica" (numbered when there are several). */
    List<Disassembler.Source> print(String stem) {
        int m = f.shaders().size();
        layout();
        List<Disassembler.Source> out = new ArrayList<>();
        for (int k = 0; k < m; k++) {
            Dvle e = f.shaders().get(k);
            String ext = e.shaderType() == Dvle.GEOMETRY ? ".g.pica" : ".v.pica";
            String name = m == 1 ? stem + ext : stem + "_" + k + ext;
            out.add(new Disassembler.Source(name, file(k, name), true));
        }
        return out;
    }

    // ---------------------------------------------------------------- layout

    private void layout() {
        int m = f.shaders().size();
        bounds.add(0);
        bounds.add(n);
        for (int k = 0; k < m; k++) {
            Dvle e = f.shaders().get(k);
            bounds.add(clamp(e.mainAddr()));
            bounds.add(clamp(e.endAddr()));
        }
        for (int a = 0; a < n; a++) {
            Opcode op = Opcode.ofWord(code[a]);
            if (op == null) continue;
            int t = InstructionCodec.target(code[a]), num = InstructionCodec.num(code[a]);
            if (op.has(Opcode.Flag.CALLS) && num == 0) {
                emptyProcs.put(clamp(t), String.format("proc_%03x_empty", clamp(t)));
            } else if (op.has(Opcode.Flag.CALLS)) {
                bounds.add(clamp(t));
                bounds.add(clamp(t + num));
            } else if (op.has(Opcode.Flag.JUMPS)) {
                labels.put(t, String.format("l_%03x", t));
            }
        }
        // picasso lays the inputs out one after the other: input k's code runs up to input k+1's entry
        fileStart = new int[m + 1];
        fileStart[m] = n;
        boolean ordered = true;
        for (int k = 1; k < m; k++) {
            fileStart[k] = clamp(f.shaders().get(k).mainAddr());
            if (fileStart[k] < f.shaders().get(k - 1).endAddr()) ordered = false;
        }
        if (!ordered) {
            warnings.add("the DVLEs' entry points are not in file order; all code is printed in the first source");
            for (int k = 1; k < m; k++) fileStart[k] = n;
        }
        for (int s : fileStart) bounds.add(s);
        for (int k = 0; k < m; k++) {
            String name = k == 0 ? "main" : "main_" + k;
            procNames.putIfAbsent(clamp(f.shaders().get(k).mainAddr()), name);
        }
        for (int s : bounds) procNames.putIfAbsent(s, String.format("proc_%03x", s));
    }

    private int clamp(int a) {
        return Math.max(0, Math.min(a, n));
    }

    // ---------------------------------------------------------------- one source

    private String file(int k, String name) {
        Dvle e = f.shaders().get(k);
        StringBuilder sb = new StringBuilder();
        sb.append("; ").append(name).append(": DVLE ").append(k).append(" of ").append(f.shaders().size())
                .append(", disassembled by picadis; reassemble with picasso");
        if (f.shaders().size() > 1) sb.append(" (all ").append(f.shaders().size()).append(" sources, in order)");
        sb.append('\n');
        declarations(k, e, sb);
        String entry = procNames.get(clamp(e.mainAddr()));
        if (!entry.equals("main")) sb.append(".entry ").append(entry).append('\n');
        for (Integer s = fileStart[k]; s != null && s < fileStart[k + 1]; s = bounds.higher(s)) {
            int end = bounds.higher(s);
            emptyProcedure(s, sb);
            sb.append('\n');
            procedure(s, Math.min(end, fileStart[k + 1]), k, sb);
        }
        if (k == f.shaders().size() - 1) emptyProcedure(n, sb);
        if (e.endAddr() > n || e.mainAddr() >= e.endAddr()) warnings.add("DVLE " + k + "'s entry range " + e.mainAddr() + "-" + e.endAddr() + " is not a procedure");
        return sb.toString();
    }

    /** The header directives: .gsh, inputs, outputs, uniforms, constants. */
    private void declarations(int k, Dvle e, StringBuilder sb) {
        boolean geometry = e.shaderType() == Dvle.GEOMETRY;
        boolean gsSpace = geometry && geometrySpace(e);
        int free = gsSpace ? firstFree(e) : 0;
        if (e.flags() != (gsSpace && hasDummy(e) ? 1 : 0)) {
            warnings.add("DVLE " + k + ": flags 0x" + Integer.toHexString(e.flags()) + " do not follow from its outputs as picasso sets them");
        }
        if (geometry && !gsSpace) {
            sb.append(".gsh\n");
        } else if (gsSpace) {
            GsMode g = e.gsMode();
            switch (g.mode()) {
                case 0 -> sb.append(".gsh point c").append(free).append('\n');
                case 1 -> sb.append(".gsh variable c").append(free).append(' ').append(g.variableCount()).append('\n');
                case 2 -> sb.append(".gsh fixed c").append(free).append(" c").append(g.fixedStart()).append(' ').append(g.fixedCount()).append('\n');
                default -> warnings.add("DVLE " + k + ": geometry mode " + g.mode() + " has no .gsh form");
            }
        } else if (!e.gsMode().equals(GsMode.NONE)) {
            warnings.add("DVLE " + k + ": a vertex shader with geometry-shader fields cannot be written");
        }
        int inputs = 0;
        for (Uniform u : e.uniforms()) {
            if (u.first() >= RegisterFile.FLOAT_UNIFORM.unifiedBase) continue; // not an input
            sb.append(".in ").append(name(u, k)).append(" v").append(u.first()).append('\n');
            inputs |= 1 << u.first();
        }
        if (inputs != e.inputMask()) warnings.add("DVLE " + k + ": input mask 0x" + Integer.toHexString(e.inputMask()) + " is not that of its named inputs");
        int outputs = 0;
        for (OutputMap o : e.outputMaps()) {
            OutputSemantic sem = OutputSemantic.ofType(o.type());
            String spelling = sem == null ? null : sem.picassoSpelling;
            if (spelling == null || o.mask() == 0) {
                warnings.add("DVLE " + k + ": output map entry (type " + o.type() + ", o" + o.register() + ") has no .out form");
                continue;
            }
            sb.append(".out - ").append(spelling).append(" o").append(o.register()).append('.').append(o.maskText()).append('\n');
            outputs |= 1 << o.register();
        }
        if (outputs != e.outputMask()) warnings.add("DVLE " + k + ": output mask 0x" + Integer.toHexString(e.outputMask()) + " is not that of its output map");
        int[] next = gsSpace ? new int[] {RegisterFile.FLOAT_UNIFORM.picassoBase + free, RegisterFile.INT_UNIFORM.picassoBase, RegisterFile.BOOL_UNIFORM.picassoBase} : vsNext;
        String[] kinds = {".fvec", ".ivec", ".bool"};
        for (Uniform u : e.uniforms()) {
            if (u.first() < RegisterFile.FLOAT_UNIFORM.unifiedBase) continue; // an input
            int pos = RegisterFile.picassoOfUnified(u.first()), size = u.last() - u.first() + 1;
            // the pool the number falls in (c, i, b: what lies between i3 and b0 counts as i, as picasso's ranges go)
            int type = pos < RegisterFile.INT_UNIFORM.picassoBase ? 0 : pos < RegisterFile.BOOL_UNIFORM.picassoBase ? 1 : 2;
            String nm = name(u, k);
            int[] known = gsSpace ? null : shared.get(nm);
            if (known != null) {
                if (known[0] != pos || known[1] != size) warnings.add("uniform '" + nm + "' is at " + u.registerRange() + " in DVLE " + k + " but elsewhere in an earlier one");
            } else {
                if (pos > next[type]) {
                    // something this table does not list (a hidden '_' uniform, another input's) took these registers
                    String gap = "_gap" + gaps++;
                    sb.append(kinds[type]).append(' ').append(gap).append('[').append(pos - next[type]).append("]\n");
                    if (!gsSpace) shared.put(gap, new int[] {next[type], pos - next[type]});
                } else if (pos < next[type]) {
                    warnings.add("uniform '" + nm + "' at " + u.registerRange() + " lies below registers picasso would allocate first");
                }
                next[type] = Math.max(next[type], pos + size);
                if (!gsSpace) shared.put(nm, new int[] {pos, size});
            }
            sb.append(kinds[type]).append(' ').append(nm);
            if (size > 1) sb.append('[').append(size).append(']');
            sb.append('\n');
        }
        for (Constant c : e.constants()) {
            switch (c.type()) {
                case Constant.FLOAT -> sb.append(".setf c").append(c.index()).append('(').append(decimal(c.x())).append(", ").append(decimal(c.y()))
                        .append(", ").append(decimal(c.z())).append(", ").append(decimal(c.w())).append(")\n");
                case Constant.INT -> sb.append(".seti i").append(c.index()).append('(').append(c.x() & 0xFF).append(", ").append(c.y() & 0xFF)
                        .append(", ").append(c.z() & 0xFF).append(", ").append(c.w() & 0xFF).append(")\n");
                default -> {
                    if (c.x() > 1) warnings.add("bool constant b" + c.index() + " holds " + c.x() + "; picasso writes 0 or 1");
                    sb.append(".setb b").append(c.index()).append(c.x() != 0 ? " true" : " false").append('\n');
                }
            }
        }
    }

    /**
     * A mode-0 geometry shader comes from ".gsh point cN" (its own uniforms) or from ".gsh"/setemit
     * alone (vertex uniforms, never the merge flag). Only a shared uniform or a dummy output
     * without the flag shows the second.
     */
    private boolean geometrySpace(Dvle e) {
        if (e.gsMode().mode() != 0 || e.flags() != 0) return true;
        if (hasDummy(e)) return false;
        for (Uniform u : e.uniforms()) {
            for (Dvle o : f.shaders()) {
                if (o == e || o.shaderType() != Dvle.VERTEX) continue;
                for (Uniform v : o.uniforms()) if (v.equals(u) && u.first() >= RegisterFile.FLOAT_UNIFORM.unifiedBase) return false;
            }
        }
        return true;
    }

    private static boolean hasDummy(Dvle e) {
        for (OutputMap o : e.outputMaps()) if (o.type() == OutputSemantic.GENERIC.type) return true;
        return false;
    }

    /** The first float uniform of a geometry shader's own space: its lowest listed one, or above the vertex data it reads. */
    private int firstFree(Dvle e) {
        int low = Integer.MAX_VALUE;
        for (Uniform u : e.uniforms()) if (RegisterFile.ofUnified(u.first()) == RegisterFile.FLOAT_UNIFORM) low = Math.min(low, u.first() - RegisterFile.FLOAT_UNIFORM.unifiedBase);
        if (low != Integer.MAX_VALUE) return low;
        if (e.gsMode().mode() == 0) return 0;
        int above = e.gsMode().mode() == 2 ? e.gsMode().fixedStart() + 1 : 0;
        for (int a = 0; a < n; a++) {
            Opcode op = Opcode.ofWord(code[a]);
            if (op == null || !op.hasDescriptor()) continue;
            Instruction i = InstructionCodec.decode(code[a]);
            for (int s : new int[] {i.src1(), i.src2(), i.src3()}) {
                int c = s - RegisterFile.FLOAT_UNIFORM.fieldBase;
                if (c >= 0 && !constant(e, c)) above = Math.max(above, c + 1);
            }
        }
        return Math.min(above, 95);
    }

    private static boolean constant(Dvle e, int c) {
        for (Constant k : e.constants()) if (k.type() == Constant.FLOAT && k.index() == c) return true;
        return false;
    }

    /** A table name as picasso's source spells it ('$' is stored as '.'). */
    private String name(Uniform u, int k) {
        String s = u.name().replace('.', '$');
        boolean ok = !s.isEmpty() && !Character.isDigit(s.charAt(0));
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c < 128 && Character.isLetterOrDigit(c) || c == '_' || c == '$')) ok = false;
        }
        if (!ok) warnings.add("DVLE " + k + ": '" + u.name() + "' is not a picasso name");
        return s;
    }

    /** Decimal text picasso's atof-to-float-to-f24 path turns into exactly these bits. */
    private String decimal(int f24) {
        String d = Float24.toDecimal(f24);
        if (d != null) return d;
        // exponent 0 with a mantissa, and exponent 127, come from finite floats near 2^-63 and 2^64
        String s = Float.toString(Float.intBitsToFloat(Float24.widenBits(f24)));
        if (Float24.fromDecimal(s) == (f24 & 0xFFFFFF)) return s;
        warnings.add(String.format("float24 0x%06X has no decimal form", f24 & 0xFFFFFF));
        return "0";
    }

    // ---------------------------------------------------------------- code

    /** An open if (else part still to come at elseAt, else -1) or for block, closed at endAt. */
    private record Block(int elseAt, int endAt) {}

    private void emptyProcedure(int at, StringBuilder sb) {
        String name = emptyProcs.get(at);
        if (name != null) sb.append('\n').append(".proc ").append(name).append("\n.end\n");
    }

    private void procedure(int s, int e, int file, StringBuilder sb) {
        sb.append(".proc ").append(procNames.get(s)).append('\n');
        Deque<Block> open = new ArrayDeque<>();
        for (int a = s; ; a++) {
            close(open, a, sb);
            String l = labels.get(a);
            if (l != null && (a < e || a == n)) sb.append(l).append(":\n");
            if (a >= e) break;
            sb.append("\t".repeat(open.size() + 1)).append(instruction(a, file)).append('\n');
            Opcode op = Opcode.ofWord(code[a]);
            if (op == Opcode.IFU || op == Opcode.IFC || op == Opcode.LOOP) {
                int t = InstructionCodec.target(code[a]), num = InstructionCodec.num(code[a]);
                Block b = op == Opcode.LOOP ? new Block(-1, t + 1) : num > 0 ? new Block(t, t + num) : new Block(-1, t);
                int inner = open.isEmpty() ? e : open.peek().elseAt > 0 ? open.peek().elseAt : open.peek().endAt;
                // a for whose last word is itself is picasso's empty 'for' built with -n (no padding NOP)
                if ((op == Opcode.LOOP ? t < a : t <= a) || b.endAt > inner) {
                    warnings.add(String.format("%s at %d: its block (to %d) does not nest inside its procedure or enclosing block", op.hardwareName(), a, b.endAt));
                } else {
                    open.push(b);
                }
            }
        }
        while (!open.isEmpty()) {
            open.pop();
            sb.append("\t".repeat(open.size() + 1)).append(".end\n");
        }
        sb.append(".end\n");
    }

    private static void close(Deque<Block> open, int a, StringBuilder sb) {
        while (!open.isEmpty()) {
            Block b = open.peek();
            if (b.elseAt == a) {
                open.pop();
                open.push(new Block(-1, b.endAt));
                sb.append("\t".repeat(open.size())).append(".else\n");
            } else if (b.endAt == a) {
                open.pop();
                sb.append("\t".repeat(open.size() + 1)).append(".end\n");
            } else {
                return;
            }
        }
    }

    private String instruction(int a, int file) {
        int w = code[a];
        Opcode op = Opcode.ofWord(w);
        if (op == null) {
            warnings.add(String.format("word %d (0x%08X) has no opcode", a, w));
            return "nop ; 0x" + Integer.toHexString(w);
        }
        Instruction i = InstructionCodec.decode(w);
        int d = op.hasDescriptor() && i.desc() < table.size() ? table.get(i.desc()).value() : 0;
        if (op.hasDescriptor() && i.desc() >= table.size()) warnings.add("word " + a + " names descriptor " + i.desc() + " of " + table.size());
        return switch (op) {
            case NOP, END, EMIT, BREAK -> PicassoSpelling.mnemonic(op);
            case SETEMIT -> PicassoSpelling.mnemonic(op) + " " + i.vtxId() + (i.primEmit() != 0 || i.winding() != 0
                    ? "," + (i.primEmit() != 0 ? " prim" : "") + (i.winding() != 0 ? " inv" : "") : "");
            case CALL -> PicassoSpelling.mnemonic(op) + " " + proc(a, i);
            case CALLC -> PicassoSpelling.mnemonic(op) + " " + condition(i) + ", " + proc(a, i);
            case CALLU -> PicassoSpelling.mnemonic(op) + " b" + i.reg() + ", " + proc(a, i);
            case IFU -> PicassoSpelling.mnemonic(op) + " b" + i.reg();
            case IFC, BREAKC -> PicassoSpelling.mnemonic(op) + " " + condition(i);
            case LOOP -> PicassoSpelling.mnemonic(op) + " i" + i.reg();
            case JMPC -> PicassoSpelling.mnemonic(op) + " " + condition(i) + ", " + label(a, i.target(), file);
            case JMPU -> PicassoSpelling.mnemonic(op) + " " + (i.num() != 0 ? "!" : "") + "b" + i.reg() + ", " + label(a, i.target(), file);
            default -> alu(a, new Operands(i, d));
        };
    }

    /** An ALU word: its operands as the format's schema reads them, in picasso's spelling. */
    private String alu(int a, Operands o) {
        Instruction i = o.instruction();
        Opcode op = i.op();
        int d = o.descriptor();
        if (op.plain() != null) {
            int w = o.wide();
            // picasso writes the inverted form for a c register in the plain form's narrow slot (madi: or an indexed one)
            boolean writes = op == Opcode.MADI ? o.needsWide(w) : o.file(w) == RegisterFile.FLOAT_UNIFORM;
            if (!writes) warnings.add("word " + a + ": picasso writes " + op.hardwareName() + " only with a c register " + (w == 2 ? "second" : "third"));
        }
        if (op == Opcode.MOVA) {
            String t = PicassoSpelling.movaTarget(o.mask());
            if (t == null) {
                warnings.add("word " + a + ": mova's mask " + OperandDescriptors.maskText(o.mask()) + " has no picasso form");
                t = PicassoSpelling.movaTarget(12);
            }
            return PicassoSpelling.mnemonic(op) + " " + t + ", " + src(o, 1);
        }
        if (op == Opcode.CMP) {
            if (i.cmpX() > 5 || i.cmpY() > 5) warnings.add("word " + a + ": cmp uses compare mode 6 or 7, which picasso cannot write");
            return PicassoSpelling.mnemonic(op) + " " + src(o, 1) + ", " + comparison(i.cmpX()) + ", " + comparison(i.cmpY()) + ", " + src(o, 2);
        }
        StringBuilder sb = new StringBuilder(PicassoSpelling.mnemonic(op)).append(' ').append(dst(i, d, a));
        for (int n = 1; n <= o.count(); n++) sb.append(", ").append(src(o, n));
        return sb.toString();
    }

    /** A jump's label; picasso's labels are local to their source. */
    private String label(int a, int target, int file) {
        if (target < fileStart[file] || target > fileStart[file + 1]) warnings.add("jump at " + a + " leaves the source it is printed in");
        return labels.get(target);
    }

    /** A compare mode's name; modes 6 and 7 have no documented meaning and no name (isa.md 7), so lt and le stand in. */
    private static String comparison(int mode) {
        return PicassoSpelling.COMPARISONS.get(mode < 6 ? mode : mode - 4);
    }

    /** The procedure a call names; its NUM must be that procedure's length, as picasso writes it. */
    private String proc(int a, Instruction i) {
        int t = clamp(i.target());
        if (i.num() == 0 && emptyProcs.containsKey(t)) return emptyProcs.get(t);
        Integer end = bounds.higher(t);
        if (end == null || end != i.target() + i.num()) warnings.add("call at " + a + " covers " + i.target() + "-" + (i.target() + i.num()) + ", not one procedure");
        return procNames.get(t);
    }

    private static String condition(Instruction i) {
        return Condition.of(i.condOp()).picassoText(i.refX(), i.refY());
    }

    private String dst(Instruction i, int d, int a) {
        int mask = d & 0xF;
        if (mask == 0) warnings.add("word " + a + " writes no component; picasso cannot write that");
        return RegisterNames.destination(i.dst()) + (mask == 0xF || mask == 0 ? "" : "." + OperandDescriptors.maskText(mask));
    }

    private static String src(Operands o, int n) {
        String s = (o.negated(n) ? "-" : "") + RegisterNames.source(o.code(n));
        if (o.index(n) != 0) s += "[" + RegisterNames.INDEX.get(o.index(n)) + "]";
        int sel = o.selector(n);
        return sel == 0x1B ? s : s + "." + OperandDescriptors.selectorText(sel);
    }
}
