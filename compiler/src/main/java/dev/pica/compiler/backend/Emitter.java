package dev.pica.compiler.backend;

import dev.pica.compiler.Reflection;
import dev.pica.compiler.translate.ShaderInterface;
import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VInst;
import dev.pica.format.isa.Float24;
import dev.pica.format.isa.RegisterFile;
import java.util.ArrayList;
import java.util.List;

/**
 * The allocated program as SDK-dialect assembly (what {@code -S} writes and what the assembler
 * turns into the object): the interface as pragmas, the pooled constants as {@code def}s, the
 * loops' integer registers as {@code defi}s, and the code with a comment at each new GLSL line.
 * Block layout follows the assembler's and the verifier's rules: a NOP closes a block whose
 * last word would end an inner block or be a break (F-SAME, F-LOST), and an index register is
 * loaded by a MOVA right before the word that reads through it (never two MOVAs in a row). The
 * only jumps are the JMPUs of an if on a bool uniform whose false part passes 255 words, with their
 * labels at the if's own level ({@link #boolUniformJump}).
 */
final class Emitter {
    private final StringBuilder code = new StringBuilder();
    private final ConstantPool pool;
    private final List<int[]> loops;
    private final String fileName;
    private final List<String> lineFiles;
    private final java.util.Map<String, dev.pica.format.diag.SourceFile> files;
    private int lastLine = -1;
    private Operand a0;
    private boolean lastWasMova;
    int words;

    Emitter(ConstantPool pool, List<int[]> loops, String fileName, List<String> lineFiles, java.util.Map<String, dev.pica.format.diag.SourceFile> files) {
        this.pool = pool;
        this.loops = loops;
        this.fileName = fileName;
        this.lineFiles = lineFiles;
        this.files = files;
    }

    /** The vir instruction each word was written for (null for the words around them: MOVA, NOP, IFC, LOOP...), by address. */
    final List<VInst> wordInsts = new ArrayList<>();
    /** Each loop's body, {first word, end word}, and the GLSL variable aL holds there: what the debugger's map needs. */
    final List<Object[]> loopBodies = new ArrayList<>();
    private VInst owner;
    /** The text {@link #text} gives. */
    String assembly;

    static String text(List<Node> program, ShaderInterface iface, ConstantPool pool, List<int[]> loops, String fileName,
                       List<String> lineFiles, java.util.Map<String, dev.pica.format.diag.SourceFile> files) {
        return emit(program, iface, pool, loops, fileName, lineFiles, files).assembly;
    }

    static Emitter emit(List<Node> program, ShaderInterface iface, ConstantPool pool, List<int[]> loops, String fileName,
                        List<String> lineFiles, java.util.Map<String, dev.pica.format.diag.SourceFile> files) {
        Emitter e = new Emitter(pool, loops, fileName, lineFiles, files);
        e.block(program, false);
        e.word("end", 0);
        StringBuilder s = new StringBuilder();
        s.append("// ").append(fileName).append(": compiled from GLSL by picacc; the comments name the GLSL lines\n");
        if (iface.geometry != null) {
            Reflection.Geometry g = iface.geometry;
            // point mode: each invocation's stride registers of vertex-shader output fill v0, v1, ... (docs/glsl.md, "Geometry shaders")
            s.append("#pragma gs_assemble_as_geometry_shader\n#pragma gs_data_mode(0)\n");
            s.append("// input: ").append(g.inputPrimitive()).append(", ").append(g.verticesPerPrimitive()).append(" vertices of ")
                    .append(g.vertexRegisters().size()).append(" registers (").append(String.join(", ", g.vertexRegisters()))
                    .append("): shaderProgramSetGsh stride ").append(g.stride()).append('\n');
        }
        for (Reflection.Input in : iface.inputs) {
            if (in.registers() > 1) { // a matrix: its columns in a range of v registers
                s.append("#pragma bind_symbol(").append(in.name()).append(", v").append(in.register()).append(", v").append(in.register() + in.registers() - 1).append(")\n");
                continue;
            }
            s.append("#pragma bind_symbol(").append(in.name()).append('.').append("xyzw", 0, in.components()).append(", v").append(in.register()).append(")\n");
        }
        for (Reflection.Uniform u : iface.uniforms) {
            char f = u.file() == RegisterFile.BOOL_UNIFORM ? 'b' : 'c';
            s.append("#pragma bind_symbol(").append(u.name()).append(", ").append(f).append(u.first());
            if (u.count() > 1) s.append(", ").append(f).append(u.first() + u.count() - 1);
            s.append(")\n");
        }
        for (ShaderInterface.Out o : iface.outputs) {
            Reflection.Output out = o.output();
            s.append("#pragma output_map(").append(out.semantic().spelling).append(", o").append(out.register());
            if (out.mask() != 0xF) s.append('.').append(mask(out.mask()));
            s.append(")\n");
        }
        s.append('\n');
        for (int k = pool.slots.size() - 1; k >= 0; k--) {
            ConstantPool.Slot slot = pool.slots.get(k);
            s.append("def c").append(slot.register);
            StringBuilder comment = new StringBuilder();
            for (int l = 0; l < 4; l++) {
                int v = l < slot.values.size() ? slot.values.get(l) : 0;
                s.append(", 0x").append(String.format("%06X", v));
                comment.append(l == 0 ? "" : ", ").append(Float24.toDecimal(v));
            }
            s.append("    // ").append(comment).append('\n');
        }
        for (int k = 0; k < loops.size(); k++) {
            int[] l = loops.get(k);
            s.append("defi i").append(k).append(", ").append(l[0]).append(", ").append(l[1]).append(", ").append(l[2]).append('\n');
        }
        s.append("\nmain:\n").append(e.code).append("endmain:\n");
        e.assembly = s.toString();
        return e;
    }

    static String mask(int m) {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < 4; k++) if ((m & (1 << k)) != 0) s.append("xyzw".charAt(k));
        return s.toString();
    }

    private int depth;
    /** The GLSL line the next physical line maps to under the last #line marker (-1 before the first). */
    private int mappedNext = -1;
    private int lastWordLine;

    private void physical(String text) {
        code.append(text).append('\n');
        if (mappedNext >= 0) mappedNext++;
    }

    private void line(String text, int glslLine) {
        physical("    ".repeat(depth + 1) + text);
    }

    /**
     * A word, with a comment where the GLSL line changes and a {@code #line} marker wherever the
     * marker before would not already give its line: the object's line table then names the GLSL
     * lines, for picasm given the same text as for the compiler.
     */
    /** The file a position key names. */
    private String fileOf(int key) {
        int f = dev.pica.compiler.spirv.SpirvModule.fileOf(key);
        return f < lineFiles.size() ? lineFiles.get(f) : fileName;
    }

    private void word(String text, int glslLine) {
        int lineNo = dev.pica.compiler.spirv.SpirvModule.lineOf(glslLine);
        if (lineNo > 0 && glslLine != lastLine) {
            dev.pica.format.diag.SourceFile f = files.get(fileOf(glslLine));
            String src = f != null && f.line(lineNo) != null ? f.line(lineNo).strip() : "";
            physical("    ".repeat(depth + 1) + "// " + fileOf(glslLine) + ":" + lineNo + ": " + src);
            lastLine = glslLine;
        }
        int target = lineNo > 0 ? glslLine : lastWordLine;
        if (dev.pica.compiler.spirv.SpirvModule.lineOf(target) > 0 && mappedNext != target) {
            physical("#line " + dev.pica.compiler.spirv.SpirvModule.lineOf(target) + " \"" + fileOf(target) + "\"");
            mappedNext = target;
        }
        if (dev.pica.compiler.spirv.SpirvModule.lineOf(target) > 0) lastWordLine = target;
        physical("    ".repeat(depth + 1) + text);
        words++;
        wordInsts.add(owner);
        owner = null;
    }

    /** The nodes of a block; {@code closes}: the block ends after them (a NOP then keeps an inner block's end or a break off its last word). */
    private void block(List<Node> nodes, boolean closes) {
        Node last = null;
        for (Node n : nodes) {
            if (n instanceof Node.Inst i) {
                inst(i.inst());
            } else if (n instanceof Node.If f) {
                ifNode(f);
            } else if (n instanceof Node.Loop l) {
                loopNode(l);
            } else if (n instanceof Node.Break b) {
                flags(((Node.Flags) b.cond()).cmp());
                Node.Flags fl = (Node.Flags) b.cond();
                word("breakc " + fl.refX() + ", " + fl.refY() + ", " + fl.condOp(), b.line());
                a0 = null;
            }
            last = n;
        }
        if (closes && (last == null || !(last instanceof Node.Inst))) {
            word("nop", 0);
            lastWasMova = false;
        }
    }

    private void ifNode(Node.If f) {
        ifNode(f, false);
    }

    /**
     * An if as IFC/IFB ... ELSE ... ENDIF. The ELSE part's length is the word's 8-bit NUM field
     * (at most {@link dev.pica.format.isa.Limits#MAX_NUM} words; the THEN part ends at an address and
     * has no such bound), so an IFC whose else part comes out longer is emitted again with the
     * condition negated and the parts swapped ({@code swapped}): in a vertex shader's 512 words at
     * most one of the two parts can pass 255. An IFB cannot be negated: its long false part goes
     * through {@link #boolUniformJump}.
     */
    private void ifNode(Node.If f, boolean swapped) {
        List<Node> then = f.then(), other = f.otherwise();
        Node.Cond c = f.cond();
        if (then.isEmpty() && other.isEmpty()) return;
        if (swapped) {
            then = f.otherwise();
            other = f.then();
            c = c.not();
        }
        Mark mark = swapped ? null : mark();
        if (then.isEmpty()) {
            then = other;
            other = List.of();
            c = c.not();
        }
        if (c instanceof Node.BoolUniform b) {
            if (swapped) {
                boolUniformJump(b, b.negated() ? other : then, b.negated() ? then : other, f.line());
                return;
            }
            if (b.negated()) {
                if (other.isEmpty()) {
                    other = then;
                    then = List.of(new Node.Inst(new VInst(Opc.NOP, null, 0, f.line())));
                } else {
                    List<Node> t = then;
                    then = other;
                    other = t;
                }
            }
            word("ifb b" + b.register(), f.line());
        } else {
            Node.Flags fl = (Node.Flags) c;
            flags(fl.cmp());
            word("ifc " + fl.refX() + ", " + fl.refY() + ", " + fl.condOp(), f.line());
        }
        a0 = null;
        depth++;
        block(then, true);
        depth--;
        if (!other.isEmpty()) {
            line("else", 0);
            a0 = null;
            depth++;
            int first = words;
            block(other, true);
            depth--;
            if (words - first > dev.pica.format.isa.Limits.MAX_NUM && mark != null) {
                reset(mark);
                ifNode(f, true);
                return;
            }
        }
        line("endif", 0);
        a0 = null;
    }

    /**
     * An if on a bool uniform whose false part is longer than an ELSE can encode. IFU tests bN only
     * for true, so its condition cannot be negated as an IFC's is; JMPU's target has no length field,
     * so the if is emitted as {@code jpb !bN, F}, the true part, {@code jpb bN, E}, {@code F:}, the
     * false part, {@code E:} (JMPU with NUM bit 0 set jumps when bN is false: docs/spec/isa.md,
     * docs/spec/sdk-dialect.md 6). Not an IFB for the true part and a jump over the false one: the
     * verifier takes each test of a bound uniform both ways, and the path that skipped both parts
     * would read what neither wrote; here every path runs one part or both. The jumps and labels lie
     * at the if's own nesting level, so no block's end discards a jump (F-LOST) and none leaves a
     * range (F-JMP): docs/spec/verifier.md.
     */
    private void boolUniformJump(Node.BoolUniform b, List<Node> whenTrue, List<Node> whenFalse, int glslLine) {
        String end = "__picacc_ifb_end" + jumpLabels, otherwise = "__picacc_ifb_false" + jumpLabels++;
        if (!whenTrue.isEmpty()) {
            word("jpb !b" + b.register() + ", " + otherwise, glslLine);
            a0 = null;
            depth++;
            block(whenTrue, true);
            depth--;
        }
        word("jpb b" + b.register() + ", " + end, glslLine);
        if (!whenTrue.isEmpty()) physical(otherwise + ":");
        a0 = null;
        depth++;
        block(whenFalse, true);
        depth--;
        physical(end + ":");
        a0 = null;
        lastWasMova = false;
    }

    /** Labels {@link #boolUniformJump} has made, to keep each one's name unique. */
    private int jumpLabels;

    /** Where the emission stood, to emit a part again another way ({@link #ifNode(Node.If, boolean)}). */
    private record Mark(int code, int words, int wordInsts, int loopBodies, int depth, int lastLine, int mappedNext, int lastWordLine,
                        Operand a0, boolean lastWasMova, VInst owner) {}

    private Mark mark() {
        return new Mark(code.length(), words, wordInsts.size(), loopBodies.size(), depth, lastLine, mappedNext, lastWordLine, a0, lastWasMova, owner);
    }

    private void reset(Mark m) {
        code.setLength(m.code());
        words = m.words();
        wordInsts.subList(m.wordInsts(), wordInsts.size()).clear();
        loopBodies.subList(m.loopBodies(), loopBodies.size()).clear();
        depth = m.depth();
        lastLine = m.lastLine();
        mappedNext = m.mappedNext();
        lastWordLine = m.lastWordLine();
        a0 = m.a0();
        lastWasMova = m.lastWasMova();
        owner = m.owner();
    }

    private void loopNode(Node.Loop l) {
        int reg = -1;
        for (int k = 0; k < loops.size(); k++) {
            int[] x = loops.get(k);
            if (x[0] == l.count() - 1 && x[1] == l.start() && x[2] == l.step()) reg = k;
        }
        word("loop i" + reg, l.line());
        int first = words;
        a0 = null;
        depth++;
        block(l.body(), true);
        depth--;
        loopBodies.add(new Object[] {first, words, l.counter()});
        line("endloop", 0);
        a0 = null;
    }


    private void flags(VInst cmp) {
        inst(cmp);
    }

    private void inst(VInst i) {
        if (i.op == Opc.NOP) {
            word("nop", i.line);
            lastWasMova = false;
            return;
        }
        if (i.op == Opc.EMIT) {
            word("setemit " + i.cmpX + ((i.cmpY & 1) != 0 ? ", prim" : "") + ((i.cmpY & 2) != 0 ? ", inv" : ""), i.line);
            word("emit", i.line);
            lastWasMova = false;
            return;
        }
        // the index register a word reads through, loaded right before it
        for (Operand o : i.src) {
            if (o.base() instanceof Operand.Uniform u && u.index() == Operand.Index.A0X && !u.indexValue().equals(a0)) {
                if (lastWasMova) word("nop", i.line);
                word("mova a0.x, " + source(u.indexValue(), new int[][] {{0, 0}}, i.line), i.line);
                a0 = u.indexValue();
                lastWasMova = true;
            }
        }
        StringBuilder s = new StringBuilder(i.op.mnemonic).append(' ');
        int[][] pairs;
        if (i.op == Opc.CMP) {
            s.append(i.cmpX).append(", ").append(i.cmpY);
            pairs = new int[][] {{0, 0}, {1, 1}};
            s.append(", ").append(source(i.src[0], pairs, i.line)).append(", ").append(source(i.src[1], pairs, i.line));
            owner = i;
            word(s.toString(), i.line);
            lastWasMova = false;
            return;
        }
        int[] lanes = destLanes(i);
        String d = dest(i, lanes);
        s.append(d);
        String[] sources = new String[i.src.length];
        for (int k = 0; k < i.src.length; k++) {
            sources[k] = source(i.src[k], pairs(i, k, lanes), i.line);
            s.append(", ").append(sources[k]);
        }
        if (i.op == Opc.MAD) madDescriptor(i, d, sources);
        owner = i;
        word(s.toString(), i.line);
        lastWasMova = false;
    }

    /**
     * Each MAD's operand descriptor as text (its mask, then each source's negation and swizzle in
     * the order the assembler places them: a c register goes to SRC2, or stays in SRC3 as MADI:
     * InstructionEncoder), and which of its sources (bit k: src[k]) are negated or swizzled.
     * Two MADs with the same text have the same descriptor (the swizzle's spelling is one per
     * selector: {@link #swizzle}); MadDescriptors reads them.
     */
    final java.util.Map<VInst, String> madKeys = new java.util.IdentityHashMap<>();
    final java.util.Map<VInst, Integer> madShaped = new java.util.IdentityHashMap<>();

    private void madDescriptor(VInst i, String dest, String[] sources) {
        String[] slots = sources.clone();
        boolean wide1 = wide(sources[0]), wide3 = wide(sources[2]);
        if (wide1 && !wide3) {
            slots[0] = sources[1];
            slots[1] = sources[0];
        }
        StringBuilder key = new StringBuilder(dest.contains(".") ? dest.substring(dest.indexOf('.')) : "");
        int shaped = 0;
        for (int k = 0; k < 3; k++) {
            key.append(' ').append(shape(slots[k]));
            if (!shape(sources[k]).isEmpty()) shaped |= 1 << k;
        }
        madKeys.put(i, key.toString());
        madShaped.put(i, shaped);
    }

    private static boolean wide(String source) {
        return source.startsWith("c") || source.startsWith("-c");
    }

    /** A source's negation and swizzle ("-.yx"; "" for a plain register, indexed or not). */
    private static String shape(String source) {
        int dot = source.lastIndexOf('.');
        return (source.startsWith("-") ? "-" : "") + (dot > source.lastIndexOf(']') ? source.substring(dot) : "");
    }

    /** The hardware lane of each written component (-1 where not written). */
    private static int[] destLanes(VInst i) {
        int w = i.dst != null ? i.dst.width : 4;
        int[] lanes = new int[w];
        for (int k = 0; k < w; k++) {
            if ((i.mask & (1 << k)) == 0) lanes[k] = -1;
            else lanes[k] = i.output >= 0 ? k : i.dst.lanes[k];
        }
        return lanes;
    }

    private static String dest(VInst i, int[] lanes) {
        int m = 0;
        for (int l : lanes) if (l >= 0) m |= 1 << l;
        String reg = i.output >= 0 ? "o" + i.output : "r" + i.dst.register;
        return m == 0xF ? reg : reg + "." + mask(m);
    }

    /** Which operand component each hardware lane reads: {lane, component} pairs. */
    private static int[][] pairs(VInst i, int k, int[] lanes) {
        switch (i.op.shape) {
            case LANES -> {
                List<int[]> p = new ArrayList<>();
                for (int c = 0; c < lanes.length; c++) if (lanes[c] >= 0) p.add(new int[] {lanes[c], c});
                return p.toArray(new int[0][]);
            }
            case SCALAR -> {
                return new int[][] {{0, 0}};
            }
            case DOT -> {
                int n = i.op.sourceWidth(k, 1);
                int[][] p = new int[n][];
                for (int c = 0; c < n; c++) p[c] = new int[] {c, c};
                return p;
            }
            default -> {
                return new int[][] {{0, 0}};
            }
        }
    }

    private String source(Operand o, int[][] pairs, int glslLine) {
        int[] sw = new int[4];
        java.util.Arrays.fill(sw, -1);
        String reg;
        boolean neg = o.negated();
        Operand.Base b = o.base();
        if (b instanceof Operand.Const) {
            int[] values = new int[pairs.length];
            for (int k = 0; k < pairs.length; k++) values[k] = ConstantPool.nearest(o.constValue(pairs[k][1]));
            ConstantPool.Placement p = pool.place(values, glslLine);
            for (int k = 0; k < pairs.length; k++) sw[pairs[k][0]] = p.lanes()[k];
            reg = "c" + p.register();
            neg = p.negate();
        } else {
            for (int[] p : pairs) sw[p[0]] = lane(b, o.comps()[p[1]]);
            if (b instanceof Operand.Temp t) reg = "r" + t.reg().register;
            else if (b instanceof Operand.Input in) reg = "v" + in.register();
            else {
                Operand.Uniform u = (Operand.Uniform) b;
                reg = "c" + u.register() + switch (u.index()) {
                    case NONE -> "";
                    case A0X -> "[a0.x]";
                    case AL -> "[aL]";
                };
            }
        }
        return (neg ? "-" : "") + reg + swizzle(sw);
    }

    private static int lane(Operand.Base b, int comp) {
        if (b instanceof Operand.Temp t) return t.reg().lanes[comp];
        return comp;
    }

    /** The shortest spelling: lanes nobody reads follow the identity where it fits, else repeat the lane before. */
    static String swizzle(int[] sw) {
        boolean identity = true;
        for (int k = 0; k < 4; k++) if (sw[k] >= 0 && sw[k] != k) identity = false;
        if (identity) return "";
        int[] full = sw.clone();
        int firstUsed = -1;
        for (int k = 0; k < 4; k++) if (full[k] >= 0) {
            firstUsed = full[k];
            break;
        }
        for (int k = 0; k < 4; k++) {
            if (full[k] < 0) full[k] = k == 0 ? firstUsed : full[k - 1];
        }
        int len = 4;
        while (len > 1 && full[len - 1] == full[len - 2]) len--;
        StringBuilder s = new StringBuilder(".");
        for (int k = 0; k < len; k++) s.append("xyzw".charAt(full[k]));
        return s.toString();
    }
}
