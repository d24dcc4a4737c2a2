package dev.pica.asm.picasso;

import dev.pica.asm.ir.Declaration;
import dev.pica.asm.ir.Item;
import dev.pica.asm.ir.RegClass;
import dev.pica.asm.picasso.PicassoLine.Arg;
import dev.pica.asm.picasso.PicassoLine.Operand;
import dev.pica.asm.picasso.PicassoLine.Term;
import dev.pica.format.Constant;
import dev.pica.format.Dvlb;
import dev.pica.format.Dvle;
import dev.pica.format.Dvlp;
import dev.pica.format.Float24;
import dev.pica.format.GsMode;
import dev.pica.format.Instruction;
import dev.pica.format.InstructionCodec;
import dev.pica.format.Mnemonics;
import dev.pica.format.Opcode;
import dev.pica.format.OperandDescriptor;
import dev.pica.format.RegisterFile;
import dev.pica.format.UniformHeader;
import dev.pica.format.OperandDescriptors;
import dev.pica.format.OutputMap;
import dev.pica.format.OutputSemantic;
import dev.pica.format.Uniform;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Nearest;
import dev.pica.format.diag.Warning;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * picasso 2.7.2's model of a build, reproduced exactly (docs/picasso-compat.md): every input
 * file appends its procedures to one program, uniforms of vertex shaders share one space,
 * constants are allocated from c95 downwards per file, operand descriptors are pooled in
 * first-use order with picasso's lane-merging rule, padding NOPs go where picasso puts them,
 * and one DVLE is made per file. Errors are located and reported for every line rather than
 * the first only; the hazards picasso lets through (a call of a 256-word procedure, mixed
 * swizzle alphabets) are errors here.
 *
 * Registers are numbered as picasso numbers them: v 0x00, r 0x10, c 0x20, i 0x80, b 0x88;
 * an o register is its index (it only appears as a destination).
 */
public final class PicassoBuild {
    static final int MAX_CALL_LENGTH = dev.pica.format.Limits.MAX_NUM;
    static final int MAX_DESCRIPTORS = dev.pica.format.Limits.DESCRIPTORS;
    static final int MAX_VERTEX_WORDS = dev.pica.format.Limits.VERTEX_WORDS;
    static final int MAX_WORDS = dev.pica.format.Limits.CODE_WORDS;
    static final int MAX_UNIFORMS = 0x60;
    static final int MAX_CONSTANTS = 0x60;

    public record Options(boolean autoNop) {
        public static Options defaults() {
            return new Options(true);
        }
    }

    /**
     * The binary, picasso's -h header text, each word's source line, and per DVLE the registers
     * something other than its table supplies (hidden '_' uniforms, a geometry shader's vertex
     * data below its first free uniform), for the verifier.
     */
    public record Result(Dvlb binary, String header, List<SourcePos> positions, List<List<Uniform>> supplied) {}

    private enum Type { BOOL, IVEC, FVEC }

    /** picasso's register pools: globals grow up from start, per-file constants down from end. */
    private static final class Pool {
        int start, end, bound, top;

        Pool(int start, int end) {
            reinit(start, end);
        }

        void reinit(int s, int e) {
            start = s;
            end = e;
            bound = e;
            top = e;
        }

        void clearLocal() {
            end = top;
        }

        int allocGlobal(int size) {
            if (start + size > bound) return -1;
            int r = start;
            start += size;
            return r;
        }

        int allocLocal(int size) {
            int p = end - size;
            if (p < start) return -1;
            bound = Math.min(bound, p);
            end = p;
            return p;
        }
    }

    private static final class Pools {
        final Pool fvec = new Pool(0x20, 0x80), ivec = new Pool(0x80, 0x84), bool = new Pool(0x88, 0x98);

        Pool of(Type t) {
            return switch (t) {
                case FVEC -> fvec;
                case IVEC -> ivec;
                case BOOL -> bool;
            };
        }
    }

    private record UniformDecl(String name, int pos, int size, Type type, SourcePos at) {}

    private record Proc(int pos, int size) {}

    private record Reloc(int word, String name, SourcePos pos) {}

    /** A register as an alias or operand names it: class, index, selector (x in bits 7:6), negation. */
    private record Reg(RegClass cls, int num, int sel, boolean neg) {
        int code() {
            return switch (cls) {
                case V, O -> num;
                case R -> 0x10 + num;
                case C -> 0x20 + num;
                case I -> 0x80 + num;
                default -> 0x88 + num;
            };
        }
    }

    private record Src(Reg reg, int idx) {
        boolean wide() {
            return reg.cls() == RegClass.C || idx != 0;
        }
    }

    private static final int DEFAULT_SEL = 0x1B; // xyzw

    private static final class DvleData {
        final String fileName;
        String entry = "main";
        SourcePos entryPos;
        boolean nodvle, geometry, compatGeometry, merge;
        int inputMask, outputMask, outputUsed;
        int gsMode, gsFixedStart, gsVariableCount, gsFixedCount;
        final List<UniformDecl> uniforms = new ArrayList<>();
        final List<Constant> constants = new ArrayList<>();
        final List<OutputMap> outputs = new ArrayList<>();
        final List<Uniform> supplied = new ArrayList<>();
        final List<UniformDecl> hidden = new ArrayList<>();
        final List<SourcePos> constantPos = new ArrayList<>(), outputPos = new ArrayList<>();
        SourcePos gshPos;

        DvleData(String fileName) {
            this.fileName = fileName;
        }

        boolean gsSpace() {
            return geometry && !compatGeometry;
        }

        int maxOutput() {
            return geometry ? 7 : 16;
        }
    }

    private enum BlockKind { PROC, FOR, IF, ARRAY }

    private static final class Block {
        final BlockKind kind;
        final int pos;
        final String name;
        final SourcePos at;
        int elsePos; // 0 = no .else yet

        Block(BlockKind kind, int pos, String name, SourcePos at) {
            this.kind = kind;
            this.pos = pos;
            this.name = name;
            this.at = at;
        }
    }

    private Diagnostics diags;
    private final boolean autoNop;

    /** the file added last, for its lowering to the assembler's IR (picasm's route to a DVOJ object) */
    private final List<ItemLowering.Piece> pieces = new ArrayList<>();
    private final Map<Integer, ItemLowering.Target> flowTargets = new HashMap<>();
    private final List<Integer> words = new ArrayList<>();
    private final List<SourcePos> wordPos = new ArrayList<>();
    /** picasso's directives, for "did you mean" */
    private static final List<String> DIRECTIVES = List.of(".proc", ".else", ".end", ".alias", ".fvec", ".ivec", ".bool", ".constf", ".consti",
            ".constfa", ".setf", ".seti", ".setb", ".in", ".out", ".entry", ".nodvle", ".gsh");

    private final Map<String, Proc> procs = new HashMap<>();
    /** where each procedure's .proc is, for the note on a second definition */
    private final Map<String, SourcePos> procDeclared = new HashMap<>();
    private final List<Reloc> procRelocs = new ArrayList<>();
    private final List<UniformDecl> globalUniforms = new ArrayList<>();
    private final Pools vsPools = new Pools(), gsPools = new Pools();
    private final int[] descriptors = new int[MAX_DESCRIPTORS], descriptorMasks = new int[MAX_DESCRIPTORS];
    private int descriptorCount;
    private int madDescriptors; // bit k: descriptor k is used by a mad (which can only name 0-31)
    private final List<DvleData> dvles = new ArrayList<>();
    private int dvleCount;
    private boolean lastWasEnd;
    private String lastFile = "";

    // per file
    private Map<String, Integer> labels;
    private List<Reloc> labelRelocs;
    private Map<String, Reg> aliases;
    /** where each name of {@link #aliases} was declared, for the note on a second declaration */
    private Map<String, SourcePos> declaredAt;
    private DvleData cur;
    private Deque<Block> stack;
    private List<int[]> arrayValues;
    private int arraySize;
    private String arrayName;
    private SourcePos arrayPos;

    public PicassoBuild(Options options, Diagnostics diags) {
        this.autoNop = options.autoNop();
        this.diags = diags;
    }

    /** An earlier input of the same run (its uniforms and procedures count), its diagnostics not reported. */
    public void addFileQuietly(SourceFile file) {
        Diagnostics keep = diags;
        diags = new Diagnostics();
        try {
            addFile(file);
        } finally {
            diags = keep;
        }
    }

    /** Assembles one input file into the shared program (picasso's per-file pass). */
    public void addFile(SourceFile file) {
        pieces.clear();
        flowTargets.clear();
        lastFile = file.name();
        labels = new HashMap<>();
        labelRelocs = new ArrayList<>();
        aliases = new HashMap<>();
        declaredAt = new HashMap<>();
        cur = null;
        stack = new ArrayDeque<>();
        vsPools.fvec.clearLocal();
        vsPools.ivec.clearLocal();
        vsPools.bool.clearLocal();
        List<PicassoLine> lines = PicassoParser.parse(file, diags);
        for (PicassoLine l : lines) {
            for (PicassoLine.Label lb : l.labels()) {
                if (labels.putIfAbsent(lb.name(), words.size()) != null) diags.error(lb.pos(), "label '" + lb.name() + "' is defined twice");
                pieces.add(new ItemLowering.Marker(new Item.Label(lb.name(), lb.pos())));
            }
            if (l.statement() != null) statement(l.statement());
        }
        for (Block b : stack) diags.error(b.at, (b.kind == BlockKind.ARRAY ? ".constfa array" : b.kind == BlockKind.PROC ? ".proc '" + b.name + "'" : b.kind.name().toLowerCase(Locale.ROOT) + " block") + " is not closed with .end");
        for (Reloc r : labelRelocs) {
            Integer at = labels.get(r.name());
            if (at == null) {
                diags.error(r.pos(), "label '" + r.name() + "' is not defined in this file" + Nearest.hint(r.name(), labels.keySet()));
            } else {
                words.set(r.word(), InstructionCodec.withTarget(words.get(r.word()), at, InstructionCodec.num(words.get(r.word()))));
            }
        }
    }

    /** picasso's last pass: procedure calls, entry points, then the binary and the header. Null on errors. */
    public Result finish() {
        for (Reloc r : procRelocs) {
            Proc p = procs.get(r.name());
            if (p == null) {
                diags.error(r.pos(), "procedure '" + r.name() + "' is not defined in any input file");
                continue;
            }
            if (!callable(r, p)) continue;
            words.set(r.word(), InstructionCodec.withTarget(words.get(r.word()), p.pos(), p.size()));
        }
        if (words.size() > MAX_WORDS) diags.error(SourcePos.named(lastFile, 0), "the program has " + words.size() + " words; flow instructions address at most " + MAX_WORDS);
        if (dvleCount == 0 && !diags.hasErrors()) diags.error(SourcePos.named(lastFile, 0), "no input makes a shader: every file is empty or marked .nodvle");
        List<Dvle> shaders = new ArrayList<>();
        List<List<Uniform>> supplied = new ArrayList<>();
        boolean earlier = diags.hasErrors(); // an unclosed .proc makes its entry point missing too
        for (DvleData d : dvles) {
            if (d.nodvle || earlier) continue;
            Proc main = procs.get(d.entry);
            if (main == null) {
                diags.error(d.entryPos != null ? d.entryPos : SourcePos.named(d.fileName, 0), "entry point '" + d.entry + "' is not a procedure"
                        + (d.entryPos == null ? " (without .entry the entry point is 'main')" : ""));
                continue;
            }
            shaders.add(dvle(d, main));
            supplied.add(List.copyOf(d.supplied));
        }
        if (diags.hasErrors()) return null;
        List<OperandDescriptor> descs = new ArrayList<>();
        for (int k = 0; k < descriptorCount; k++) descs.add(new OperandDescriptor(descriptors[k], 0));
        int[] code = new int[words.size()];
        for (int k = 0; k < code.length; k++) code[k] = words.get(k);
        Dvlb bin = new Dvlb(new Dvlp(0, code, descs, List.of(), List.of()), shaders);
        return new Result(bin, header(), List.copyOf(wordPos), supplied);
    }

    /** Whether a call's NUM field can hold the procedure's length; false after saying why not. */
    private boolean callable(Reloc call, Proc p) {
        if (p.size() <= MAX_CALL_LENGTH) return true;
        diags.error(call.pos(), "procedure '" + call.name() + "' is " + p.size() + " words long; a call covers at most " + MAX_CALL_LENGTH
                + " (the NUM field has 8 bits; picasso writes a call that never returns)");
        return false;
    }

    /**
     * One picasso file in the assembler's IR (picasm's route to a DVOJ object): its declarations
     * with picasso's register allocation, and its code as items.
     */
    public record Lowered(boolean geometry, SourcePos geometryPos, List<Declaration> declarations, List<Item> items) {}

    /**
     * The file added last in the assembler's IR: picasso's uniforms become bindings, .out output
     * maps, constants definitions, .gsh the geometry settings, and its code items
     * ({@link ItemLowering}). Calls of procedures the file does not define are left to the
     * linker. Null if the file has errors.
     */
    public Lowered lowerLastFile() {
        for (Reloc r : procRelocs) {
            if (!r.pos().fileName().equals(lastFile)) continue;
            Proc p = procs.get(r.name());
            if (p != null) callable(r, p);
        }
        if (diags.hasErrors()) return null;
        DvleData d = cur;
        String entry = d == null || d.nodvle ? null : d.entry;
        List<Item> items = new ItemLowering(words, java.util.Arrays.copyOf(descriptors, descriptorCount), flowTargets).items(pieces, entry);
        boolean geometry = d != null && d.geometry;
        SourcePos at = geometry && d.gshPos != null ? d.gshPos : SourcePos.named(lastFile, 1);
        return new Lowered(geometry, at, d == null ? List.of() : declarations(d, at), items);
    }

    private List<Declaration> declarations(DvleData d, SourcePos at) {
        List<Declaration> out = new ArrayList<>();
        if (d.geometry) {
            if (d.gsMode == 1) out.add(new Declaration.GeometryData(new GsMode(1, 0, d.gsVariableCount, 0), at));
            if (d.gsMode == 2) out.add(new Declaration.GeometryData(new GsMode(2, d.gsFixedStart, 0, d.gsFixedCount), at));
            if (d.merge) out.add(new Declaration.MergeOutputMaps(at));
        }
        List<UniformDecl> all = new ArrayList<>(d.uniforms);
        all.addAll(d.hidden);
        for (UniformDecl u : all) {
            Reg first = regAt(u.pos()), last = regAt(u.pos() + u.size() - 1);
            // SDK names are C identifiers: picasso's '$' (written '.' in its table) becomes '_'
            out.add(new Declaration.Binding(u.name().replace('$', '_'), 0xF, first.cls(), first.num(), last.num(), u.at(), u.at()));
        }
        for (int k = 0; k < d.outputs.size(); k++) {
            OutputMap o = d.outputs.get(k);
            out.add(new Declaration.OutputMapping(OutputSemantic.ofType(o.type()), o.register(), o.mask(), d.outputPos.get(k), d.outputPos.get(k)));
        }
        for (int k = 0; k < d.constants.size(); k++) out.add(new Declaration.Definition(d.constants.get(k), d.constantPos.get(k)));
        return out;
    }

    private static Dvle dvle(DvleData d, Proc main) {
        List<UniformDecl> sorted = new ArrayList<>(d.uniforms);
        sorted.sort(Comparator.comparingInt(UniformDecl::pos)); // picasso 2.7.2 lists them by register
        List<Uniform> us = new ArrayList<>();
        for (UniformDecl u : sorted) {
            int first = u.pos() < 0x10 ? u.pos() : u.pos() - 0x10; // unified numbering (isa.md 4)
            // the DVLE name table cannot hold '$' (ctrulib looks uniforms up by a C-string key); picasso writes '.'
            us.add(new Uniform(u.name().replace('$', '.'), first, first + u.size() - 1));
        }
        return new Dvle(Dvle.VERSION, d.geometry ? Dvle.GEOMETRY : Dvle.VERTEX, d.merge ? 1 : 0, main.pos(), main.pos() + main.size(),
                d.inputMask, d.outputMask, new GsMode(d.gsMode, d.gsFixedStart, d.gsVariableCount, d.gsFixedCount),
                d.constants, List.of(), d.outputs, us);
    }

    /** The -h header: every shared (vertex-space) uniform as picasso lists them, hidden ones left out. */
    private String header() {
        UniformHeader h = new UniformHeader("// Generated by picasso");
        String prefix = UniformHeader.prefix(!dvles.isEmpty() && dvles.get(0).geometry);
        for (UniformDecl u : globalUniforms) {
            if (u.name().startsWith("_")) continue;
            switch (u.type()) {
                case FVEC -> h.uniform(prefix, u.name(), RegisterFile.FLOAT_UNIFORM, u.pos() - 0x20, u.size());
                case IVEC -> h.uniform(prefix, u.name(), RegisterFile.INT_UNIFORM, u.pos() - 0x80, u.size());
                case BOOL -> h.uniform(prefix, u.name(), RegisterFile.BOOL_UNIFORM, u.pos() - 0x88, u.size());
            }
        }
        return h.text();
    }

    // ---------------------------------------------------------------- statements

    private DvleData dvleData() {
        if (cur == null) {
            cur = new DvleData(lastFile);
            dvles.add(cur);
            dvleCount++;
        }
        return cur;
    }

    private void statement(PicassoLine.Statement st) {
        if (st.directive()) {
            directive(st);
            return;
        }
        if (stack.isEmpty()) {
            diags.error(st.namePos(), "instruction outside a .proc block");
            return;
        }
        lastWasEnd = false;
        if (!dvleData().geometry && words.size() >= MAX_VERTEX_WORDS) {
            diags.error(st.namePos(), "vertex shader code memory is full (" + MAX_VERTEX_WORDS + " words)");
            return;
        }
        new InstructionReader(st).read();
    }

    private void emit(int word, SourcePos pos) {
        pieces.add(new ItemLowering.Word(words.size(), pos));
        words.add(word);
        wordPos.add(pos);
    }

    private void paddingNop(SourcePos at) {
        if (autoNop) emit(InstructionCodec.encode(Instruction.simple(Opcode.NOP)), at);
        else diags.warning(Warning.PADDING_NOP, at, "flow control here needs a padding nop, which -n leaves out");
    }

    /** Whether the word just emitted makes picasso pad before a block boundary. */
    private boolean lastNeedsPadding(BlockKind kind) {
        if (words.isEmpty()) return false;
        Opcode op = Opcode.ofWord(words.get(words.size() - 1));
        return op.has(Opcode.Flag.CALLS) || op.has(Opcode.Flag.JUMPS) || kind == BlockKind.FOR && op == Opcode.BREAKC;
    }

    private void directive(PicassoLine.Statement st) {
        String name = st.name().toLowerCase(Locale.ROOT);
        Args a = new Args(st);
        switch (name) {
            case "proc" -> {
                String p = a.identifier(0, "procedure name");
                if (!a.done(1)) return;
                if (p == null) return;
                if (procs.containsKey(p)) {
                    diags.error(a.pos(0), "procedure '" + p + "' is already defined");
                    diags.note(procDeclared.get(p), "previous definition of '" + p + "' was here");
                } else {
                    procDeclared.putIfAbsent(p, a.pos(0));
                }
                stack.push(new Block(BlockKind.PROC, words.size(), p, st.namePos()));
                pieces.add(new ItemLowering.ProcEdge(p, true, st.namePos()));
            }
            case "else" -> elseDirective(st, a);
            case "end" -> endDirective(st, a);
            case "alias" -> alias(a);
            case "fvec" -> uniforms(a, Type.FVEC);
            case "ivec" -> uniforms(a, Type.IVEC);
            case "bool" -> uniforms(a, Type.BOOL);
            case "constf" -> constant(a, Type.FVEC);
            case "consti" -> constant(a, Type.IVEC);
            case "constfa" -> constfa(st, a);
            case "setf" -> set(a, Type.FVEC);
            case "seti" -> set(a, Type.IVEC);
            case "setb" -> setb(a);
            case "in" -> input(a);
            case "out" -> output(a);
            case "entry" -> {
                DvleData d = dvleData();
                String e = a.word(0, "entry procedure name");
                if (!a.done(1) || e == null) return;
                if (!validIdentifier(e)) {
                    diags.error(a.pos(0), "'" + e + "' is not an identifier");
                    return;
                }
                d.entry = e;
                d.entryPos = a.pos(0);
            }
            case "nodvle" -> {
                DvleData d = dvleData();
                if (!a.done(0)) return;
                if (!d.nodvle) {
                    d.nodvle = true;
                    dvleCount--;
                }
            }
            case "gsh" -> gsh(a);
            default -> diags.error(st.namePos(), "unknown directive '." + st.name() + "'" + Nearest.hint("." + name, DIRECTIVES));
        }
    }

    private void elseDirective(PicassoLine.Statement st, Args a) {
        if (!a.done(0)) return;
        Block b = stack.peek();
        if (b == null || b.kind != BlockKind.IF) {
            diags.error(st.namePos(), ".else without an open ifu or ifc");
            return;
        }
        if (b.elsePos != 0) {
            diags.error(st.namePos(), "a second .else in the same if");
            return;
        }
        if (lastWasEnd) {
            paddingNop(st.namePos());
            lastWasEnd = false;
        } else if (lastNeedsPadding(BlockKind.IF) || words.size() - b.pos < 2) {
            paddingNop(st.namePos());
        }
        b.elsePos = words.size();
        pieces.add(new ItemLowering.Marker(new Item.Else(st.namePos())));
        words.set(b.pos, InstructionCodec.withTarget(words.get(b.pos), words.size(), 0));
    }

    private void endDirective(PicassoLine.Statement st, Args a) {
        if (!a.done(0)) return;
        if (stack.isEmpty()) {
            diags.error(st.namePos(), ".end without an open block");
            return;
        }
        Block b = stack.pop();
        if (b.kind != BlockKind.ARRAY && lastWasEnd) {
            paddingNop(st.namePos());
            lastWasEnd = false;
        } else if (b.kind == BlockKind.PROC || b.kind == BlockKind.FOR || b.kind == BlockKind.IF && !words.isEmpty()) {
            if (lastNeedsPadding(b.kind) || words.size() - b.pos < (b.kind != BlockKind.PROC ? 2 : 1)) paddingNop(st.namePos());
        }
        int here = words.size();
        switch (b.kind) {
            case PROC -> {
                pieces.add(new ItemLowering.ProcEdge(b.name, false, st.namePos()));
                if (procs.putIfAbsent(b.name, new Proc(b.pos, here - b.pos)) != null) return; // reported at .proc
            }
            case FOR -> {
                words.set(b.pos, InstructionCodec.withTarget(words.get(b.pos), here - 1, 0));
                lastWasEnd = true;
                pieces.add(new ItemLowering.Marker(new Item.EndLoop(st.namePos())));
            }
            case IF -> {
                int w = words.get(b.pos);
                if (b.elsePos == 0) words.set(b.pos, InstructionCodec.withTarget(w, here, 0));
                else words.set(b.pos, InstructionCodec.withTarget(w, InstructionCodec.target(w), here - b.elsePos));
                lastWasEnd = true;
                pieces.add(new ItemLowering.Marker(new Item.EndIf(st.namePos())));
            }
            case ARRAY -> endArray();
        }
    }

    private void alias(Args a) {
        String name = a.spaceWord(0, "alias name");
        Operand target = a.spaceOperand(1, "register");
        if (!a.spaceDone(2) || name == null || target == null) return;
        if (!validIdentifier(name)) {
            diags.error(a.spacePos(0), "'" + name + "' is not an identifier");
            return;
        }
        if (looksLikeRegister(name)) {
            diags.error(a.spacePos(0), "'" + name + "' names a register; an alias cannot redefine it");
            return;
        }
        Src s = register(target, false);
        if (s == null) return;
        if (defined(name, a.spacePos(0))) return;
        aliases.put(name, s.reg());
    }

    private void uniforms(Args a, Type type) {
        DvleData d = dvleData();
        Pool pool = (d.gsSpace() ? gsPools : vsPools).of(type);
        boolean shared = !d.gsSpace();
        for (int k = 0; k < a.count(); k++) {
            Operand o = a.operand(k, "uniform name");
            if (o == null) continue;
            int size = 1;
            if (o.brackets()) {
                Integer n = o.index() == null || o.index().register() != null ? null : atoi(o.index().offset(), o.index().pos(), "the array size", 1);
                if (n == null || n < 1) {
                    // declared with one register all the same, so its uses raise no further errors
                    diags.error(o.pos(), "array size of '" + o.base() + "' must be a positive number" + atoiNote(o.index()));
                } else {
                    size = n;
                }
            }
            if (o.negated() || o.bangs() > 0 || o.suffix() != null) {
                diags.error(o.pos(), "'" + o.text() + "' is not a uniform name");
                continue;
            }
            String name = o.base();
            if (defined(name, o.pos())) continue;
            int pos = -1;
            for (int i = 0; shared && i < globalUniforms.size(); i++) {
                UniformDecl u = globalUniforms.get(i);
                if (u.name().equals(name)) {
                    if (u.type() != type) {
                        diags.error(o.pos(), "uniform '" + name + "' was declared with another type in an earlier file");
                        pos = -2;
                    } else if (u.size() != size) {
                        diags.error(o.pos(), "uniform '" + name + "' was declared with size " + u.size() + " in an earlier file");
                        pos = -2;
                    } else {
                        pos = u.pos();
                    }
                    break;
                }
            }
            if (pos == -2) continue;
            if (pos < 0) {
                if (globalUniforms.size() >= MAX_UNIFORMS) {
                    diags.error(o.pos(), "too many uniforms (" + MAX_UNIFORMS + ")");
                    continue;
                }
                pos = pool.allocGlobal(size);
                if (pos < 0) {
                    diags.error(o.pos(), "no room for uniform '" + name + "'" + (size > 1 ? "[" + size + "]" : "") + " among the free " + type.name().toLowerCase(Locale.ROOT) + " registers");
                    continue;
                }
            }
            if (shared) globalUniforms.add(new UniformDecl(name, pos, size, type, o.pos()));
            if (!name.startsWith("_")) {
                if (d.uniforms.size() >= MAX_UNIFORMS) {
                    diags.error(o.pos(), "too many uniforms in one shader (" + MAX_UNIFORMS + ")");
                    continue;
                }
                d.uniforms.add(new UniformDecl(name, pos, size, type, o.pos()));
            } else {
                d.supplied.add(new Uniform(name, pos - 0x10, pos - 0x10 + size - 1));
                d.hidden.add(new UniformDecl(name, pos, size, type, o.pos()));
            }
            aliases.put(name, regAt(pos));
        }
    }

    /** Whether a name is taken in this file (aliases, uniforms, constants, inputs, outputs share one space); says so if it is. */
    private boolean defined(String name, SourcePos pos) {
        if (!aliases.containsKey(name)) {
            declaredAt.put(name, pos);
            return false;
        }
        diags.error(pos, "'" + name + "' is already defined");
        diags.note(declaredAt.get(name), "previous definition of '" + name + "' was here");
        return true;
    }

    /** The register of a picasso register number (uniform allocation results). */
    private static Reg regAt(int pos) {
        if (pos < 0x10) return new Reg(RegClass.V, pos, DEFAULT_SEL, false);
        if (pos < 0x20) return new Reg(RegClass.R, pos - 0x10, DEFAULT_SEL, false);
        if (pos < 0x80) return new Reg(RegClass.C, pos - 0x20, DEFAULT_SEL, false);
        if (pos < 0x88) return new Reg(RegClass.I, pos - 0x80, DEFAULT_SEL, false);
        return new Reg(RegClass.B, pos - 0x88, DEFAULT_SEL, false);
    }

    private void constant(Args a, Type type) {
        DvleData d = dvleData();
        PicassoLine.Tuple t = a.tuple(0);
        if (!a.done(1) || t == null) return;
        String name = t.name();
        if (name == null || !validIdentifier(name)) {
            diags.error(t.pos(), "expected a constant name before '('");
            return;
        }
        int[] v = values(t, type);
        if (v == null) return;
        if (defined(name, t.pos())) return;
        int pos = (d.gsSpace() ? gsPools : vsPools).of(type).allocLocal(1);
        if (pos < 0) {
            diags.error(t.pos(), "no room for constant '" + name + "' among the free registers");
            return;
        }
        if (d.constants.size() >= MAX_CONSTANTS) {
            diags.error(t.pos(), "too many constants in one shader (" + MAX_CONSTANTS + ")");
            return;
        }
        d.constants.add(type == Type.FVEC ? new Constant(Constant.FLOAT, pos - 0x20, v[0], v[1], v[2], v[3])
                : new Constant(Constant.INT, pos - 0x80, v[0], v[1], v[2], v[3]));
        d.constantPos.add(t.pos());
        aliases.put(name, regAt(pos));
    }

    /**
     * A value picasso reads only the front of (C's atof/atoi stop at the first character that does
     * not continue the number): a warning saying what it becomes. A float's trailing 'f' is no loss.
     */
    private void misread(PicassoLine.Value x, int end, String number, String becomes) {
        String text = x.text();
        String rest = text.substring(end).trim();
        if (rest.isEmpty() || end > 0 && rest.equalsIgnoreCase("f") && number.matches(".*[0-9.]")) return;
        diags.warning(Warning.PICASSO_MISREAD, x.pos(), end == 0
                ? "picasso reads '" + text + "' as 0: it does not start with a number"
                : "picasso reads only '" + number + "' of '" + text + "' (an expression is not evaluated): the value is " + becomes);
    }

    /** Four values: f24 for fvec (C's atof, stored to float, truncated), bytes for ivec (picasso keeps the low 8 bits). */
    private int[] values(PicassoLine.Tuple t, Type type) {
        if (t.values().size() > 4) {
            // picasso reads its fourth value up to the ')': "4.0, 5.0" reads as 4.0
            diags.warning(Warning.PICASSO_MISREAD, t.values().get(4).pos(), "picasso reads four values; '" + t.values().get(4).text() + "' and any after it are ignored");
        } else if (t.values().size() < 4) {
            diags.error(t.pos(), "expected four values in '" + t.text() + "', found " + t.values().size());
            return null;
        }
        int[] v = new int[4];
        for (int k = 0; k < 4; k++) {
            PicassoLine.Value x = t.values().get(k);
            String text = x.text();
            if (type == Type.FVEC) {
                // as picasso: C's atof into a float, then to float24
                CNumbers.Prefix read = CNumbers.atof(text);
                v[k] = Float24.fromFloat((float) read.value());
                String number = text.substring(0, read.end()).trim();
                misread(x, read.end(), number, Float24.toDecimal(v[k]));
                String loss = read.end() > 0 ? Float24.conversionLoss(number) : null;
                if (loss != null) diags.warning(Warning.FLOAT24_RANGE, x.pos(), "'" + number + "' is beyond float24's range and " + loss);
            } else {
                // as picasso: C's atoi, the low 8 bits kept
                CNumbers.IntPrefix read = CNumbers.strtol(text, 10);
                int n = (int) read.value();
                v[k] = n & 0xFF;
                misread(x, read.end(), text.substring(0, read.end()).trim(), Integer.toString(v[k]));
                if (read.end() == text.length() && (n < -128 || n > 255)) {
                    diags.warning(Warning.PICASSO_MISREAD, x.pos(), "picasso keeps the low 8 bits of " + text + ": the value is " + v[k]);
                }
            }
        }
        return v;
    }

    private void constfa(PicassoLine.Statement st, Args a) {
        boolean inArray = !stack.isEmpty() && stack.peek().kind == BlockKind.ARRAY;
        if (!inArray) {
            Operand o = a.operand(0, "array name");
            if (!a.done(1) || o == null) return;
            if (!o.brackets() || o.suffix() != null || o.negated() || o.bangs() > 0) {
                diags.error(o.pos(), "expected 'name[]' or 'name[size]'");
                return;
            }
            int size = -1;
            if (o.index() != null) {
                Integer n = o.index().register() == null ? atoi(o.index().offset(), o.index().pos(), "the array size", 1) : null;
                if (n == null || n <= 0) {
                    // still an (unsized) array, so its uses raise no further errors
                    diags.error(o.index().pos(), "array size must be a positive number" + atoiNote(o.index()));
                } else {
                    size = n;
                }
            }
            arrayName = o.base();
            arraySize = size;
            arrayValues = new ArrayList<>();
            arrayPos = o.pos();
            stack.push(new Block(BlockKind.ARRAY, words.size(), arrayName, st.namePos()));
            return;
        }
        PicassoLine.Tuple t = a.tuple(0);
        if (!a.done(1) || t == null) return;
        if (t.name() != null) {
            diags.error(t.pos(), "an array element is written '(x, y, z, w)'");
            return;
        }
        if (arraySize >= 0 && arrayValues.size() == arraySize) {
            diags.error(t.pos(), "more elements than the " + arraySize + " declared for '" + arrayName + "'");
            return;
        }
        int[] v = values(t, Type.FVEC);
        if (v == null) return;
        arrayValues.add(v);
    }

    private void endArray() {
        DvleData d = dvleData();
        if (defined(arrayName, arrayPos)) return;
        int size = Math.max(arrayValues.size(), arraySize);
        if (size == 0) {
            diags.error(arrayPos, "array '" + arrayName + "' has no elements");
            return;
        }
        int pos = (d.gsSpace() ? gsPools : vsPools).fvec.allocLocal(size);
        if (pos < 0) {
            diags.error(arrayPos, "no room for constant array '" + arrayName + "' among the free registers");
            return;
        }
        if (d.constants.size() + size > MAX_CONSTANTS) {
            diags.error(arrayPos, "too many constants in one shader (" + MAX_CONSTANTS + ")");
            return;
        }
        for (int k = 0; k < size; k++) {
            int[] v = k < arrayValues.size() ? arrayValues.get(k) : new int[4]; // picasso pads with zeros
            d.constants.add(new Constant(Constant.FLOAT, pos + k - 0x20, v[0], v[1], v[2], v[3]));
            d.constantPos.add(arrayPos);
        }
        aliases.put(arrayName, regAt(pos));
    }

    private void set(Args a, Type type) {
        DvleData d = dvleData();
        PicassoLine.Tuple t = a.tuple(0);
        if (!a.done(1) || t == null) return;
        Reg r = t.name() == null ? null : namedRegister(t.name(), t.pos());
        if (r == null) {
            if (t.name() == null) diags.error(t.pos(), "expected a register before '('");
            return;
        }
        RegClass want = type == Type.FVEC ? RegClass.C : RegClass.I;
        if (r.cls() != want) {
            diags.error(t.pos(), "'" + t.name() + "' is not " + (type == Type.FVEC ? "a float uniform (c0-c95)" : "an integer uniform (i0-i3)"));
            return;
        }
        int[] v = values(t, type);
        if (v == null) return;
        if (d.constants.size() >= MAX_CONSTANTS) {
            diags.error(t.pos(), "too many constants in one shader (" + MAX_CONSTANTS + ")");
            return;
        }
        d.constants.add(new Constant(type == Type.FVEC ? Constant.FLOAT : Constant.INT, r.num(), v[0], v[1], v[2], v[3]));
        d.constantPos.add(t.pos());
    }

    private void setb(Args a) {
        DvleData d = dvleData();
        Operand reg;
        String value;
        SourcePos valuePos;
        if (a.count() == 2 && a.arg(0).terms().size() == 1 && a.arg(1).terms().size() == 1) {
            // ".setb b1, true": picasso splits at blanks and reads "b1," as a register number
            // followed by text it ignores; a name ("flag,") it cannot read
            Term first = a.arg(0).terms().get(0);
            if (!(first instanceof Operand o && o.base().matches("[bB][0-9]+") && !o.brackets() && o.suffix() == null && !o.negated())) {
                diags.error(a.arg(1).pos(), ".setb takes its register and value separated by a blank: picasso reads '"
                        + a.arg(0).text() + ",' as a register name and rejects it");
                return;
            }
            reg = o;
            value = a.arg(1).terms().get(0).text();
            valuePos = a.arg(1).pos();
        } else {
            reg = a.spaceOperand(0, "bool register");
            value = a.spaceWord(1, "value");
            valuePos = a.spacePos(1);
            if (!a.spaceDone(2) || reg == null || value == null) return;
        }
        Src s = register(reg, false);
        if (s == null) return;
        if (s.reg().cls() != RegClass.B) {
            diags.error(reg.pos(), "'" + reg.text() + "' is not a bool uniform (b0-b15)");
            return;
        }
        Boolean v = switch (value.toLowerCase(Locale.ROOT)) {
            case "true", "on", "1" -> true;
            case "false", "off", "0" -> false;
            default -> null;
        };
        if (v == null) {
            diags.error(valuePos, "'" + value + "' is not a bool value (true, false, on, off, 1, 0)");
            return;
        }
        if (d.constants.size() >= MAX_CONSTANTS) {
            diags.error(reg.pos(), "too many constants in one shader (" + MAX_CONSTANTS + ")");
            return;
        }
        d.constants.add(new Constant(Constant.BOOL, s.reg().num(), v ? 1 : 0, 0, 0, 0));
        d.constantPos.add(reg.pos());
    }

    private void input(Args a) {
        DvleData d = dvleData();
        String name = a.spaceWord(0, "input name");
        Operand reg = a.spaceCount() > 1 ? a.spaceOperand(1, "input register") : null;
        if (!a.spaceDone(2) || name == null) return;
        if (!validIdentifier(name)) {
            diags.error(a.spacePos(0), "'" + name + "' is not an identifier");
            return;
        }
        if (defined(name, a.spacePos(0))) return;
        int v;
        if (reg != null) {
            Src s = register(reg, false);
            if (s == null) return;
            if (s.reg().cls() != RegClass.V) {
                diags.error(reg.pos(), "'" + reg.text() + "' is not an input register (v0-v15)");
                return;
            }
            v = s.reg().num();
        } else {
            v = Integer.numberOfTrailingZeros(~d.inputMask);
            if (v >= 16) {
                diags.error(a.spacePos(0), "no free input register for '" + name + "'");
                return;
            }
        }
        if (d.uniforms.size() >= MAX_UNIFORMS) {
            diags.error(a.spacePos(0), "too many uniforms in one shader (" + MAX_UNIFORMS + ")");
            return;
        }
        d.inputMask |= 1 << v;
        d.uniforms.add(new UniformDecl(name, v, 1, Type.FVEC, a.spacePos(0)));
        aliases.put(name, new Reg(RegClass.V, v, DEFAULT_SEL, false));
    }

    private void output(Args a) {
        DvleData d = dvleData();
        String name = a.spaceWord(0, "output name or '-'");
        String typeText = a.spaceWord(1, "output semantic");
        Operand reg = a.spaceCount() > 2 ? a.spaceOperand(2, "output register") : null;
        if (!a.spaceDone(3) || name == null || typeText == null) return;
        boolean anonymous = name.equals("-");
        if (!anonymous && !validIdentifier(name)) {
            diags.error(a.spacePos(0), "'" + name + "' is not an identifier (or '-' for no name)");
            return;
        }
        int o = -1;
        int mask;
        if (reg != null) {
            Src s = register(reg, false);
            if (s == null) return;
            if (s.reg().cls() != RegClass.O) {
                diags.error(reg.pos(), "'" + reg.text() + "' is not an output register");
                return;
            }
            o = s.reg().num();
            mask = componentSet(s.reg().sel());
        } else {
            int dot = typeText.indexOf('.');
            int sel = DEFAULT_SEL;
            if (dot >= 0) {
                Integer swz = selector(typeText.substring(dot + 1), a.spacePos(1));
                if (swz == null) return;
                sel = swz;
                typeText = typeText.substring(0, dot);
            }
            mask = componentSet(sel);
        }
        OutputSemantic sem = outputSemantic(typeText);
        if (sem == null) {
            diags.error(a.spacePos(1), "unknown output semantic '" + typeText + "'");
            return;
        }
        if (o < 0) {
            for (int k = 0; k < d.maxOutput(); k++) {
                if ((d.outputMask & 1 << k) == 0) {
                    o = k;
                    break;
                }
            }
            if (o < 0) {
                diags.error(a.spacePos(0), "no free output register");
                return;
            }
        } else if ((d.outputUsed & mask << 4 * o) != 0) {
            diags.error(reg.pos(), "o" + o + " components already carry another output");
            return;
        }
        if (d.outputs.size() >= 16) {
            diags.error(a.spacePos(0), "too many outputs");
            return;
        }
        if (!anonymous && defined(name, a.spacePos(0))) return;
        if (o >= 7 && sem != OutputSemantic.GENERIC) {
            diags.error(a.spacePos(1), "o" + o + " can only carry a 'dummy' output");
            return;
        }
        d.outputs.add(new OutputMap(sem.type, o, mask));
        d.outputPos.add(a.spacePos(0));
        d.outputMask |= 1 << o;
        d.outputUsed |= mask << 4 * o;
        if (!anonymous) aliases.put(name, new Reg(RegClass.O, o, DEFAULT_SEL, false));
        if (sem == OutputSemantic.GENERIC && d.gsSpace()) d.merge = true;
    }

    private static OutputSemantic outputSemantic(String s) {
        return OutputSemantic.ofPicassoSpelling(s);
    }

    private void gsh(Args a) {
        DvleData d = dvleData();
        if (a.spaceCount() == 0) {
            d.geometry = true;
            d.compatGeometry = true;
            return;
        }
        if (d.geometry) {
            diags.error(a.spacePos(0), ".gsh is given twice (or after setemit made this a geometry shader)");
            return;
        }
        if (!d.constants.isEmpty() || !d.uniforms.isEmpty() || d.outputMask != 0) {
            diags.error(a.spacePos(0), ".gsh must come before any constant, uniform, input or output of the file");
            return;
        }
        String modeText = a.spaceWord(0, "geometry shader mode");
        if (modeText == null) return;
        int mode = switch (modeText.toLowerCase(Locale.ROOT)) {
            case "point" -> 0;
            case "variable", "subdivision" -> 1;
            case "fixed", "particle" -> 2;
            default -> -1;
        };
        if (mode < 0) {
            diags.error(a.spacePos(0), "unknown geometry shader mode '" + modeText + "' (point, variable or fixed)");
            return;
        }
        Operand freeOp = a.spaceOperand(1, "first free float uniform");
        if (freeOp == null) return;
        Src free = register(freeOp, false);
        if (free == null) return;
        if (free.reg().cls() != RegClass.C) {
            diags.error(freeOp.pos(), "'" + freeOp.text() + "' is not a float uniform (c0-c95)");
            return;
        }
        int expected = mode == 0 ? 2 : mode == 1 ? 3 : 4;
        if (!a.spaceDone(expected)) return;
        d.geometry = true;
        d.gsMode = mode;
        d.gshPos = a.spacePos(0);
        int firstFree = free.reg().code();
        if (mode == 1) {
            Integer n = a.spaceInt(2, 0, 255);
            if (n == null) return;
            d.gsVariableCount = n;
        } else if (mode == 2) {
            Operand startOp = a.spaceOperand(2, "vertex array start");
            Integer n = a.spaceInt(3, 0, 255);
            if (startOp == null || n == null) return;
            Src start = register(startOp, false);
            if (start == null) return;
            if (start.reg().cls() != RegClass.C) {
                diags.error(startOp.pos(), "'" + startOp.text() + "' is not a float uniform (c0-c95)");
                return;
            }
            if (start.reg().code() >= firstFree) {
                diags.error(startOp.pos(), "the vertex array at " + startOp.text() + " overlaps the uniforms from " + freeOp.text());
                return;
            }
            d.gsFixedStart = start.reg().num();
            d.gsFixedCount = n;
        }
        // variable and fixed modes load the primitive's vertices into the uniforms below the first free one
        if (mode != 0 && firstFree > 0x20) d.supplied.add(new Uniform("(vertex data)", 0x10, firstFree - 0x10 - 1));
        gsPools.fvec.reinit(firstFree, 0x80);
        gsPools.ivec.reinit(0x80, 0x84);
        gsPools.bool.reinit(0x88, 0x97); // picasso leaves b15 out of the geometry pool
    }

    // ---------------------------------------------------------------- registers

    private static boolean validIdentifier(String s) {
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = Character.isLetter(c) && c < 128 || c == '_' || c == '$' || i > 0 && c >= '0' && c <= '9';
            if (!ok) return false;
        }
        return true;
    }

    private static boolean looksLikeRegister(String s) {
        return s.length() > 1 && "ovrcib".indexOf(Character.toLowerCase(s.charAt(0))) >= 0 && Character.isDigit(s.charAt(1));
    }

    /**
     * A count or offset as picasso reads it, with C's atoi: decimal digits at the front, the rest
     * ignored ("0x4" is 0, "4x" is 4); a warning where that is not what the text says, unless
     * the value is below {@code min} (the caller's error then).
     */
    private int atoi(String text, SourcePos pos, String what, int min) {
        int n = CNumbers.atoi(text);
        if (n >= min && !text.matches("[0-9]+")) {
            diags.warning(Warning.PICASSO_MISREAD, pos, "picasso reads " + what + " '" + text + "' as " + n + " (C's atoi: decimal digits only, the rest ignored)");
        }
        return n;
    }

    /** Why a size that looks positive is not: picasso reads "0x4" with atoi as 0. */
    private static String atoiNote(PicassoLine.Index ix) {
        String t = ix == null ? null : ix.offset();
        return t == null || t.matches("[0-9]+") ? "" : " (picasso reads '" + t + "' with C's atoi, as " + CNumbers.atoi(t) + ")";
    }

    /**
     * A number as picasso's parseInt reads it, with C's strtoll in base 0 (0x hexadecimal, 0
     * octal): null when it has no digits or lies outside min..max (the caller's error); a warning
     * when text after the number is ignored.
     */
    private Integer strtoll(String text, SourcePos pos, int min, int max) {
        CNumbers.IntPrefix read = CNumbers.strtol(text, 0);
        if (read.end() == 0 || read.value() < min || read.value() > max) return null;
        if (read.end() < text.length()) {
            diags.warning(Warning.PICASSO_MISREAD, pos, "picasso reads '" + text + "' as " + read.value() + " (C's strtoll: '" + text.substring(read.end()) + "' ignored)");
        }
        return (int) read.value();
    }

    /** A register named without swizzle or index (.setf c10(...)). */
    private Reg namedRegister(String name, SourcePos pos) {
        Src s = register(new Operand(false, 0, name, false, null, null, null, pos, name), false);
        return s == null ? null : s.reg();
    }

    /**
     * Resolves an operand: an alias (swizzles compose, negations cancel) or a register, then
     * the [offset] or [index+offset], then the swizzle. Null after reporting an error.
     */
    private Src register(Operand o, boolean indexAllowed) {
        if (o.bangs() > 0) {
            diags.error(o.pos(), "'!' only negates a condition or a jmpu bool");
            return null;
        }
        int offset = 0, idx = 0;
        if (o.brackets()) {
            PicassoLine.Index ix = o.index();
            if (ix == null) {
                diags.error(o.pos(), "empty [] in '" + o.text() + "'");
                return null;
            }
            if (ix.register() != null) {
                idx = switch (ix.register().toLowerCase(Locale.ROOT)) {
                    case "a0.x", "a0" -> 1;
                    case "a0.y", "a1" -> 2;
                    case "al", "a2", "lcnt" -> 3;
                    default -> -1;
                };
                if (idx < 0) {
                    diags.error(ix.pos(), "'" + ix.register() + "' is not an index register (a0.x, a0.y, aL)");
                    return null;
                }
                if (!indexAllowed) {
                    diags.error(ix.pos(), "an index register is not allowed in this operand");
                    return null;
                }
            }
            if (ix.offset() != null) {
                int n = atoi(ix.offset(), ix.pos(), "the offset", 0);
                if (n < 0) {
                    diags.error(ix.pos(), "register offset '" + ix.offset() + "' must be a number from 0 up");
                    return null;
                }
                offset = n;
            }
        }
        Reg base = aliases.get(o.base());
        if (base == null) {
            base = plainRegister(o);
            if (base == null) return null;
        }
        int num = base.num() + offset;
        RegClass cls = base.cls();
        if (num >= limit(cls)) {
            diags.error(o.pos(), "'" + o.text() + "' is beyond " + cls.name(limit(cls) - 1));
            return null;
        }
        if (idx != 0 && cls != RegClass.C) {
            diags.error(o.pos(), "relative addressing applies to float uniforms (c registers) only");
            return null;
        }
        int sel = base.sel();
        if (o.suffix() != null) {
            Integer written = selector(o.suffix(), o.suffixPos());
            if (written == null) return null;
            // the written swizzle picks lanes of the alias's swizzle
            int combined = 0;
            for (int lane = 0; lane < 4; lane++) {
                int comp = written >> 6 - 2 * lane & 3;
                combined |= (sel >> 6 - 2 * comp & 3) << 6 - 2 * lane;
            }
            sel = combined;
        }
        return new Src(new Reg(cls, num, sel, base.neg() ^ o.negated()), idx);
    }

    /** Register file sizes; naming an o register makes the file's DVLE, as picasso's register reader does. */
    private int limit(RegClass cls) {
        return cls == RegClass.O ? dvleData().maxOutput() : cls.count;
    }

    private Reg plainRegister(Operand o) {
        String b = o.base();
        if (!looksLikeRegister(b)) {
            diags.error(o.pos(), "'" + b + "' is neither a register nor a name declared in this file" + Nearest.hint(b, new java.util.TreeSet<>(aliases.keySet())));
            return null;
        }
        // picasso reads the number with strtoll(base 0) and ignores what follows it: "r1x" is r1,
        // "c010" (octal) is c8, "c0x10" is c16
        String digits = b.substring(1);
        CNumbers.IntPrefix read = CNumbers.strtol(digits, 0);
        if (read.end() == 0 || read.value() < 0 || read.value() > 255) {
            diags.error(o.pos(), "'" + b + "' is not a register");
            return null;
        }
        int n = (int) read.value();
        boolean meansIt = digits.matches("[0-9]+") && new java.math.BigInteger(digits).intValue() == n && digits.length() < 10;
        if (!meansIt) {
            diags.warning(Warning.PICASSO_MISREAD, o.pos(), "picasso reads '" + b + "' as " + b.charAt(0) + n
                    + " (its number as C's strtoll reads it" + (read.end() < digits.length() ? ", '" + digits.substring(read.end()) + "' ignored" : "") + ")");
        }
        if (Character.isUpperCase(b.charAt(0))) {
            // picasso accepts an upper-case letter but adds the file's base only for a lower-case
            // one: "R1" is code 1, which a source field reads as v1 and a destination as o1
            if (n >= RegisterFile.FLOAT_UNIFORM.fieldBase + RegisterFile.FLOAT_UNIFORM.count) {
                diags.error(o.pos(), "'" + b + "' is not a register (picasso reads it as code " + n + ", beyond every register file)");
                return null;
            }
            RegClass raw = n < RegisterFile.TEMPORARY.fieldBase ? RegClass.V : n < RegisterFile.FLOAT_UNIFORM.fieldBase ? RegClass.R : RegClass.C;
            int num = n - raw.file().fieldBase;
            diags.warning(Warning.PICASSO_MISREAD, o.pos(), "picasso knows register letters in lower case only: it reads '" + b + "' as code " + n
                    + ", " + raw.name(num) + (raw == RegClass.V ? " as a source and o" + num + " as a destination" : ""));
            return new Reg(raw, num, DEFAULT_SEL, false);
        }
        RegClass cls = switch (b.charAt(0)) {
            case 'o' -> RegClass.O;
            case 'v' -> RegClass.V;
            case 'r' -> RegClass.R;
            case 'c' -> RegClass.C;
            case 'i' -> RegClass.I;
            default -> RegClass.B;
        };
        if (n >= limit(cls)) {
            diags.error(o.pos(), cls.file().notValid(b, limit(cls)));
            return null;
        }
        return new Reg(cls, n, DEFAULT_SEL, false);
    }

    /**
     * A swizzle or mask: one to four letters of one alphabet (xyzw, rgba or stpq), the last
     * repeated to fill four lanes; x in bits 7:6. picasso also takes mixed alphabets ("xyzq").
     */
    private Integer selector(String letters, SourcePos pos) {
        if (letters.isEmpty() || letters.length() > 4) {
            diags.error(pos, "'" + letters + "' is not a swizzle (one to four of x, y, z, w)");
            return null;
        }
        String alphabet = null;
        int sel = 0, comp = 0, lane = 0;
        for (; lane < letters.length(); lane++) {
            char c = Character.toLowerCase(letters.charAt(lane));
            String set = "xyzw".indexOf(c) >= 0 ? "xyzw" : "rgba".indexOf(c) >= 0 ? "rgba" : "stpq".indexOf(c) >= 0 ? "stpq" : null;
            if (set == null) {
                diags.error(pos, "'" + letters + "' is not a swizzle: '" + letters.charAt(lane) + "' is none of xyzw, rgba, stpq");
                return null;
            }
            if (alphabet != null && !alphabet.equals(set)) {
                diags.error(pos, "'" + letters + "' mixes the " + alphabet + " and " + set + " alphabets");
                return null;
            }
            alphabet = set;
            comp = set.indexOf(c);
            sel |= comp << 6 - 2 * lane;
        }
        for (; lane < 4; lane++) sel |= comp << 6 - 2 * lane;
        return sel;
    }

    /** The components a selector names, x = bit 0 (an output map's mask). */
    private static int componentSet(int sel) {
        int m = 0;
        for (int lane = 0; lane < 4; lane++) m |= 1 << (sel >> 6 - 2 * lane & 3);
        return m;
    }

    /** The components as a destination mask: x = bit 3 (isa.md 5). */
    private static int destMask(int sel) {
        int m = 0;
        for (int lane = 0; lane < 4; lane++) m |= 8 >> (sel >> 6 - 2 * lane & 3);
        return m;
    }

    // ---------------------------------------------------------------- operand descriptors

    /** A descriptor value of a destination mask and up to three sources (absent ones 0, as picasso leaves them). */
    private static int descriptor(int mask, Reg... s) {
        return OperandDescriptors.build(mask, s.length > 0 && s[0].neg(), s.length > 0 ? s[0].sel() : 0, s.length > 1 && s[1].neg(),
                s.length > 1 ? s[1].sel() : 0, s.length > 2 && s[2].neg(), s.length > 2 ? s[2].sel() : 0);
    }

    // the fields an instruction's descriptor sets: usedInfo bits (mask, src1, src2, src3) as care masks
    private static final int MASK_D123 = OperandDescriptors.careMask(0xF);
    private static final int MASK_D12 = OperandDescriptors.careMask(0x7);
    private static final int MASK_D1 = OperandDescriptors.careMask(0x3);
    private static final int MASK_12 = OperandDescriptors.careMask(0x6);

    /** picasso leaves out of the comparison the source lanes an opcode does not read. */
    private static int significant(int mask, Opcode op, int desc) {
        int u1 = 0, u2 = 0, u3 = 0;
        switch (op) {
            case ADD, MUL, SGE, SLT, FLR, MAX, MIN, MOV, MAD -> {
                for (int lane = 0; lane < 4; lane++) if ((desc & 8 >> lane) == 0) u1 |= 3 << 6 - 2 * lane;
                u2 = u1;
                u3 = u1;
            }
            case DP3 -> {
                u1 = 3;
                u2 = 3;
            }
            case DPH -> u1 = 3;
            case EX2, LG2, RCP, RSQ -> u1 = 3 << 4 | 3 << 2 | 3;
            case MOVA -> {
                if ((desc & 8) == 0) u1 |= 3 << 6;
                if ((desc & 4) == 0) u1 |= 3 << 4;
                u1 |= 3 << 2 | 3;
            }
            case CMP -> u1 = 3 << 2 | 3;
            default -> { }
        }
        return mask & ~OperandDescriptors.build(0, false, u1, false, u2, false, u3);
    }

    /** picasso's pooling: the first entry agreeing on every bit both care about, widened; else a new one. */
    private Integer descriptorIndex(Opcode op, int desc, int mask, SourcePos pos) {
        mask = significant(mask, op, desc);
        for (int i = 0; i < descriptorCount; i++) {
            int common = mask & descriptorMasks[i];
            if ((desc & common) == (descriptors[i] & common)) {
                descriptors[i] = descriptors[i] & ~mask | desc & mask;
                descriptorMasks[i] |= mask;
                return i;
            }
        }
        if (descriptorCount == MAX_DESCRIPTORS) {
            diags.error(pos, "more than " + MAX_DESCRIPTORS + " different operand descriptors");
            return null;
        }
        descriptors[descriptorCount] = desc;
        descriptorMasks[descriptorCount] = mask;
        return descriptorCount++;
    }

    /** mad names its descriptor in 5 bits: a pooled entry beyond 31 trades places with one no mad uses. */
    private Integer madDescriptor(int index, SourcePos pos) {
        if (index >= dev.pica.format.Limits.MAD_DESCRIPTORS) {
            int free = Integer.numberOfTrailingZeros(~madDescriptors);
            if (free >= dev.pica.format.Limits.MAD_DESCRIPTORS) {
                diags.error(pos, "more than 32 operand descriptors used by mad");
                return null;
            }
            swapDescriptors(free, index);
            index = free;
        }
        madDescriptors |= 1 << index;
        return index;
    }

    private void swapDescriptors(int a, int b) {
        int t = descriptors[a];
        descriptors[a] = descriptors[b];
        descriptors[b] = t;
        t = descriptorMasks[a];
        descriptorMasks[a] = descriptorMasks[b];
        descriptorMasks[b] = t;
        for (int k = 0; k < words.size(); k++) {
            int w = words.get(k);
            Opcode op = Opcode.ofWord(w);
            if (op.format.field(dev.pica.format.WordFormat.Field.DESC) == null || op.has(Opcode.Flag.MAD)) continue;
            int d = InstructionCodec.descIndex(w);
            if (d == a) words.set(k, InstructionCodec.withDesc(w, b));
            else if (d == b) words.set(k, InstructionCodec.withDesc(w, a));
        }
    }

    // ---------------------------------------------------------------- instructions

    /** Reads one instruction line and emits its word. */
    private final class InstructionReader {
        final PicassoLine.Statement st;
        final Args a;
        final SourcePos at;

        /** picasso's mnemonics, as read() takes them (for "did you mean") */
        private static final List<String> MNEMONICS = List.of("nop", "end", "emit", "break", "add", "dp3", "dp4", "dph", "dphi", "dst", "dsti",
                "mul", "sge", "sgei", "slt", "slti", "max", "min", "ex2", "lg2", "litp", "flr", "rcp", "rsq", "mov", "mova", "cmp", "mad", "madi",
                "setemit", "call", "for", "breakc", "callc", "ifc", "jmpc", "callu", "ifu", "jmpu");

        InstructionReader(PicassoLine.Statement st) {
            this.st = st;
            this.a = new Args(st);
            this.at = st.namePos();
        }

        void read() {
            String m = st.name().toLowerCase(Locale.ROOT);
            switch (m) {
                case "nop" -> simple(Opcode.NOP);
                case "end" -> simple(Opcode.END);
                case "emit" -> simple(Opcode.EMIT);
                case "break" -> simple(Opcode.BREAK);
                case "add" -> two(Opcode.ADD, null);
                case "dp3" -> two(Opcode.DP3, null);
                case "dp4" -> two(Opcode.DP4, null);
                case "dph", "dphi" -> two(Opcode.DPH, Opcode.DPHI);
                case "dst", "dsti" -> two(Opcode.DST, Opcode.DSTI);
                case "mul" -> two(Opcode.MUL, null);
                case "sge", "sgei" -> two(Opcode.SGE, Opcode.SGEI);
                case "slt", "slti" -> two(Opcode.SLT, Opcode.SLTI);
                case "max" -> two(Opcode.MAX, null);
                case "min" -> two(Opcode.MIN, null);
                case "ex2" -> one(Opcode.EX2);
                case "lg2" -> one(Opcode.LG2);
                case "litp" -> one(Opcode.LITP);
                case "flr" -> one(Opcode.FLR);
                case "rcp" -> one(Opcode.RCP);
                case "rsq" -> one(Opcode.RSQ);
                case "mov" -> one(Opcode.MOV);
                case "mova" -> mova();
                case "cmp" -> cmp();
                case "mad", "madi" -> mad();
                case "setemit" -> setemit();
                case "call" -> call();
                case "for" -> loop();
                case "breakc" -> cond(Opcode.BREAKC);
                case "callc" -> cond(Opcode.CALLC);
                case "ifc" -> cond(Opcode.IFC);
                case "jmpc" -> cond(Opcode.JMPC);
                case "callu" -> bool(Opcode.CALLU);
                case "ifu" -> bool(Opcode.IFU);
                case "jmpu" -> bool(Opcode.JMPU);
                default -> {
                    diags.error(at, "unknown instruction '" + st.name() + "'" + Nearest.hint(m, MNEMONICS));
                }
            }
        }

        void simple(Opcode op) {
            if (a.done(0)) emit(InstructionCodec.encode(Instruction.simple(op)), at);
        }

        Src src(int k) {
            Operand o = a.operand(k, "source register");
            if (o == null) return null;
            Src s = register(o, true);
            if (s == null) return null;
            if (s.reg().cls() == RegClass.O) {
                // picasso writes the register number alone: a source field's 0-15 are the inputs
                Reg in = new Reg(RegClass.V, s.reg().num(), s.reg().sel(), s.reg().neg());
                diags.warning(Warning.PICASSO_MISREAD, o.pos(), "'" + o.text() + "' is output register o" + s.reg().num()
                        + ", which a shader cannot read: picasso encodes its number, so " + st.name() + " reads input v" + s.reg().num());
                return new Src(in, s.idx());
            }
            if (s.reg().cls() != RegClass.V && s.reg().cls() != RegClass.R && s.reg().cls() != RegClass.C) {
                diags.error(o.pos(), "'" + o.text() + "' cannot be read by " + st.name() + " (v, r or c registers)");
                return null;
            }
            return s;
        }

        Src dst(int k) {
            Operand o = a.operand(k, "destination register");
            if (o == null) return null;
            Src s = register(o, false);
            if (s == null) return null;
            if (s.reg().cls() == RegClass.V && s.idx() == 0) {
                // picasso writes the register number alone: a destination field's 0-15 are the outputs
                if (!Character.isUpperCase(o.base().charAt(0))) diags.warning(Warning.PICASSO_MISREAD, o.pos(), "'" + o.text() + "' is input register v" + s.reg().num()
                        + ", which a shader cannot write: picasso encodes its number, so " + st.name() + " writes output o" + s.reg().num());
                s = new Src(new Reg(RegClass.O, s.reg().num(), s.reg().sel(), s.reg().neg()), 0);
            }
            if (s.reg().cls() != RegClass.O && s.reg().cls() != RegClass.R) {
                diags.error(o.pos(), "'" + o.text() + "' cannot be written (o or r registers)");
                return null;
            }
            if (s.reg().neg()) {
                diags.error(o.pos(), "a destination cannot be negated");
                return null;
            }
            return s;
        }

        boolean narrow(Src s, int arg, int k) {
            if (s.wide()) {
                diags.error(a.pos(arg), "'" + a.text(arg) + "' cannot be " + ordinal(k) + " operand of " + st.name()
                        + (s.idx() != 0 ? " (no relative addressing there)" : " (only v and r registers fit there)"));
                return false;
            }
            return true;
        }

        String ordinal(int k) {
            return switch (k) {
                case 1 -> "the first source";
                case 2 -> "the second source";
                default -> "the third source";
            };
        }

        /** The hardware reads at most one input register per instruction (isa.md 5). */
        boolean oneInput(Src... ss) {
            int v = -1;
            for (Src s : ss) {
                if (s.reg().cls() != RegClass.V) continue;
                if (v >= 0 && v != s.reg().num()) {
                    diags.error(at, "one instruction cannot read two different input registers (v" + v + " and v" + s.reg().num() + ")");
                    return false;
                }
                v = s.reg().num();
            }
            return true;
        }

        void two(Opcode op, Opcode inv) {
            Src d = dst(0), s1 = src(1), s2 = src(2);
            if (!a.done(3) || d == null || s1 == null || s2 == null) return;
            boolean inverted = inv != null && !s1.wide() && s2.reg().cls() == RegClass.C;
            if (inverted ? !narrow(s1, 1, 1) : !narrow(s2, 2, 2)) return;
            if (!oneInput(s1, s2)) return;
            Integer desc = descriptorIndex(op, descriptor(destMask(d.reg().sel()), s1.reg(), s2.reg()), MASK_D12, at);
            if (desc == null) return;
            emit(InstructionCodec.encode(Instruction.alu(inverted ? inv : op, d.reg().code(), inverted ? s2.idx() : s1.idx(),
                    s1.reg().code(), s2.reg().code(), 0, desc)), at);
        }

        void one(Opcode op) {
            Src d = dst(0), s1 = src(1);
            if (!a.done(2) || d == null || s1 == null) return;
            Integer desc = descriptorIndex(op, descriptor(destMask(d.reg().sel()), s1.reg()), MASK_D1, at);
            if (desc == null) return;
            emit(InstructionCodec.encode(Instruction.alu(op, d.reg().code(), s1.idx(), s1.reg().code(), 0, 0, desc)), at);
        }

        void mova() {
            Operand t = a.operand(0, "a0.x, a0.y or a0.xy");
            Src s1 = src(1);
            if (!a.done(2) || t == null || s1 == null) return;
            String target = t.text().toLowerCase(Locale.ROOT);
            // picasso also takes its older names: a0 (a0.x), a1 (a0.y), a01 (a0.xy)
            int mask = switch (target) {
                case "a0.x", "a0" -> 8;
                case "a0.y", "a1" -> 4;
                case "a0.xy", "a01" -> 12;
                default -> -1;
            };
            if (mask < 0) {
                diags.error(t.pos(), "mova writes a0.x, a0.y or a0.xy, not '" + t.text() + "'");
                return;
            }
            Integer desc = descriptorIndex(Opcode.MOVA, descriptor(mask, s1.reg()), MASK_D1, at);
            if (desc == null) return;
            emit(InstructionCodec.encode(Instruction.alu(Opcode.MOVA, 0, s1.idx(), s1.reg().code(), 0, 0, desc)), at);
        }

        void cmp() {
            Src s1 = src(0);
            Integer cx = compare(1), cy = compare(2);
            Src s2 = src(3);
            if (!a.done(4) || s1 == null || cx == null || cy == null || s2 == null) return;
            if (!narrow(s2, 3, 2) || !oneInput(s1, s2)) return;
            Integer desc = descriptorIndex(Opcode.CMP, descriptor(0, s1.reg(), s2.reg()), MASK_12, at);
            if (desc == null) return;
            emit(InstructionCodec.encode(Instruction.cmp(cx, cy, s1.idx(), s1.reg().code(), s2.reg().code(), desc)), at);
        }

        Integer compare(int k) {
            String w = a.word(k, "comparison (eq, ne, lt, le, gt, ge)");
            if (w == null) return null;
            int c = List.of("eq", "ne", "lt", "le", "gt", "ge").indexOf(w.toLowerCase(Locale.ROOT));
            if (c < 0) {
                diags.error(a.pos(k), "'" + w + "' is not a comparison (eq, ne, lt, le, gt, ge)");
                return null;
            }
            return c;
        }

        void mad() {
            Src d = dst(0), s1 = src(1), s2 = src(2), s3 = src(3);
            if (!a.done(4) || d == null || s1 == null || s2 == null || s3 == null) return;
            if (!narrow(s1, 1, 1)) return;
            boolean inverted = !s2.wide() && (s3.reg().cls() == RegClass.C || s3.idx() != 0);
            if (inverted ? !narrow(s2, 2, 2) : !narrow(s3, 3, 3)) return;
            if (!oneInput(s1, s2, s3)) return;
            Integer desc = descriptorIndex(Opcode.MAD, descriptor(destMask(d.reg().sel()), s1.reg(), s2.reg(), s3.reg()), MASK_D123, at);
            if (desc == null) return;
            desc = madDescriptor(desc, at);
            if (desc == null) return;
            emit(InstructionCodec.encode(Instruction.alu(inverted ? Opcode.MADI : Opcode.MAD, d.reg().code(), inverted ? s3.idx() : s2.idx(),
                    s1.reg().code(), s2.reg().code(), s3.reg().code(), desc)), at);
        }

        void setemit() {
            Integer vtx = a.intArg(0, 0, 2, "vertex id 0-2");
            boolean prim = false, inv = false;
            if (a.count() > 1) {
                for (Term t : a.arg(1).terms()) {
                    String f = t.text().toLowerCase(Locale.ROOT);
                    if (f.equals("prim") || f.equals("primitive")) prim = true;
                    else if (f.equals("inv") || f.equals("invert")) inv = true;
                    else {
                        diags.error(t.pos(), "unknown setemit flag '" + t.text() + "' (prim, inv)");
                        return;
                    }
                }
            }
            if (!a.done(2) || vtx == null) return;
            DvleData dv = dvleData();
            if (!dv.geometry) {
                dv.geometry = true;
                dv.compatGeometry = true;
            }
            emit(InstructionCodec.encode(new Instruction(Opcode.SETEMIT, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, vtx, prim ? 1 : 0, inv ? 1 : 0)), at);
        }

        String target(int k, String what) {
            String t = a.word(k, what);
            if (t == null) return null;
            if (!validIdentifier(t)) {
                diags.error(a.pos(k), "'" + t + "' is not a " + what);
                return null;
            }
            return t;
        }

        void call() {
            String p = target(0, "procedure name");
            if (!a.done(1) || p == null) return;
            procRelocs.add(new Reloc(words.size(), p, a.pos(0)));
            flowTargets.put(words.size(), new ItemLowering.Target(p, a.pos(0)));
            emit(InstructionCodec.encode(Instruction.cond(Opcode.CALL, 0, 0, 0, 0, 0)), at);
        }

        void loop() {
            Operand o = a.operand(0, "integer uniform");
            if (!a.done(1) || o == null) return;
            Src s = register(o, false);
            if (s == null) return;
            if (s.reg().cls() != RegClass.I) {
                diags.error(o.pos(), "for takes an integer uniform (i0-i3), not '" + o.text() + "'");
                return;
            }
            stack.push(new Block(BlockKind.FOR, words.size(), null, at));
            emit(InstructionCodec.encode(Instruction.regFlow(Opcode.LOOP, s.reg().num(), 0, 0)), at);
        }

        void cond(Opcode op) {
            int[] c = condition();
            String label = null;
            if (op == Opcode.CALLC || op == Opcode.JMPC) {
                label = target(1, op == Opcode.CALLC ? "procedure name" : "label name");
                if (!a.done(2)) return;
            } else if (!a.done(1)) {
                return;
            }
            if (c == null || (op == Opcode.CALLC || op == Opcode.JMPC) && label == null) return;
            if (op == Opcode.CALLC) procRelocs.add(new Reloc(words.size(), label, a.pos(1)));
            if (op == Opcode.JMPC) labelRelocs.add(new Reloc(words.size(), label, a.pos(1)));
            if (op == Opcode.IFC) stack.push(new Block(BlockKind.IF, words.size(), null, at));
            if (label != null) flowTargets.put(words.size(), new ItemLowering.Target(label, a.pos(1)));
            emit(InstructionCodec.encode(Instruction.cond(op, c[0], c[1], c[2], 0, 0)), at);
        }

        /** "cmp.x", "!cmp.y", "cmp.x && !cmp.y", "cmp.x || cmp.y": refX, refY, condition op. */
        int[] condition() {
            if (a.count() == 0) {
                diags.error(at, st.name() + " needs a condition (cmp.x, cmp.y, && or ||)");
                return null;
            }
            List<Term> ts = a.arg(0).terms();
            int refX = 1, refY = 1;
            int first = -1, second = -1, op = -1;
            for (int k = 0; k < ts.size(); k++) {
                Term t = ts.get(k);
                if (t instanceof PicassoLine.Logic l && k == 1 && ts.size() == 3) {
                    op = l.text().startsWith("&") ? 1 : 0;
                    continue;
                }
                int flag = t instanceof Operand o && !o.negated() && !o.brackets() && o.base().equalsIgnoreCase("cmp") && o.suffix() != null
                        ? List.of("x", "y").indexOf(o.suffix().toLowerCase(Locale.ROOT)) : -1;
                if (flag < 0 || k == 1 || ts.size() == 2) {
                    diags.error(t.pos(), "expected cmp.x or cmp.y (with ! to negate) joined by && or ||, not '" + t.text() + "'");
                    return null;
                }
                if (((Operand) t).bangs() % 2 == 1) {
                    if (flag == 0) refX ^= 1;
                    else refY ^= 1;
                }
                if (first < 0) first = flag;
                else second = flag;
            }
            if (second >= 0 && first == second) {
                diags.error(a.pos(0), "the condition tests cmp." + (first == 0 ? "x" : "y") + " twice");
                return null;
            }
            if (second < 0) op = first + 2; // JUST_X = 2, JUST_Y = 3
            return new int[] {refX, refY, op};
        }

        void bool(Opcode op) {
            Operand o = a.operand(0, "bool uniform");
            if (o == null) return;
            boolean negate = o.bangs() % 2 == 1;
            if (o.bangs() > 0 && op != Opcode.JMPU) {
                diags.error(o.pos(), st.name() + " cannot negate its bool (only jmpu can)");
                return;
            }
            Src s = register(new Operand(o.negated(), 0, o.base(), o.brackets(), o.index(), o.suffix(), o.suffixPos(), o.pos(), o.text()), false);
            String label = null;
            if (op != Opcode.IFU) {
                label = target(1, op == Opcode.CALLU ? "procedure name" : "label name");
                if (!a.done(2)) return;
            } else if (!a.done(1)) {
                return;
            }
            if (s == null || op != Opcode.IFU && label == null) return;
            if (s.reg().cls() != RegClass.B) {
                diags.error(o.pos(), st.name() + " takes a bool uniform (b0-b15), not '" + o.text() + "'");
                return;
            }
            if (op == Opcode.CALLU) procRelocs.add(new Reloc(words.size(), label, a.pos(1)));
            if (op == Opcode.JMPU) labelRelocs.add(new Reloc(words.size(), label, a.pos(1)));
            if (op == Opcode.IFU) stack.push(new Block(BlockKind.IF, words.size(), null, at));
            if (label != null) flowTargets.put(words.size(), new ItemLowering.Target(label, a.pos(1)));
            emit(InstructionCodec.encode(Instruction.regFlow(op, s.reg().num(), 0, negate ? 1 : 0)), at);
        }
    }

    // ---------------------------------------------------------------- arguments

    /**
     * The arguments of one statement, read two ways as picasso reads them: comma-separated
     * (instructions, .fvec, .constf) or as the space-separated words of the whole line (.in,
     * .out, .alias, .gsh, .setb).
     */
    private final class Args {
        final PicassoLine.Statement st;
        final List<Term> words = new ArrayList<>();

        Args(PicassoLine.Statement st) {
            this.st = st;
            for (Arg a : st.args()) words.addAll(a.terms());
        }

        int count() {
            return st.args().size();
        }

        Arg arg(int k) {
            return st.args().get(k);
        }

        SourcePos pos(int k) {
            return k < count() ? arg(k).pos() : st.namePos();
        }

        String text(int k) {
            return k < count() ? arg(k).text() : "";
        }

        boolean missing(int k, String what) {
            if (k < count()) return false;
            String form = formCount();
            diags.error(st.namePos(), form != null ? form : (st.directive() ? "." : "") + st.name() + ": missing " + what);
            return true;
        }

        /** For an instruction with a known form, the message naming it ('dp4' expects 3 operands: dp4 dst, src1, src2); else null. */
        private String formCount() {
            String form = st.directive() ? null : Mnemonics.form(st.name(), true);
            if (form == null) return null;
            int[] n = Mnemonics.operandCount(form);
            return Mnemonics.expects(st.name(), true, n[0], n[1]);
        }

        /** Argument k as one word. */
        Term single(int k, String what) {
            if (missing(k, what)) return null;
            Arg a = arg(k);
            if (a.terms().size() != 1) {
                diags.error(a.pos(), "expected " + what + ", found '" + a.text() + "'");
                return null;
            }
            return a.terms().get(0);
        }

        Operand operand(int k, String what) {
            Term t = single(k, what);
            if (t == null) return null;
            if (t instanceof Operand o) return o;
            diags.error(t.pos(), "expected " + what + ", found '" + t.text() + "'");
            return null;
        }

        String word(int k, String what) {
            Term t = single(k, what);
            return t == null ? null : t.text();
        }

        String identifier(int k, String what) {
            String w = word(k, what);
            if (w != null && !validIdentifier(w)) {
                diags.error(pos(k), "'" + w + "' is not a " + what);
                return null;
            }
            return w;
        }

        PicassoLine.Tuple tuple(int k) {
            Term t = single(k, "'name(x, y, z, w)'");
            if (t == null) return null;
            if (t instanceof PicassoLine.Tuple tu) return tu;
            diags.error(t.pos(), "expected 'name(x, y, z, w)', found '" + t.text() + "'");
            return null;
        }

        Integer intArg(int k, int min, int max, String what) {
            Term t = single(k, what);
            if (t == null) return null;
            Integer n = t instanceof PicassoLine.Number ? strtoll(t.text(), t.pos(), min, max) : null;
            if (n == null) {
                diags.error(t.pos(), "expected " + what + ", found '" + t.text() + "'");
                return null;
            }
            return n;
        }

        boolean done(int n) {
            if (count() <= n) return true;
            String form = formCount();
            diags.error(arg(n).pos(), form != null ? form + "; unexpected '" + arg(n).text() + "'" : "unexpected extra argument '" + arg(n).text() + "'");
            return false;
        }

        // space-separated words of the whole line
        int spaceCount() {
            return count() == 1 ? words.size() : count() == 0 ? 0 : -1;
        }

        /** whether the comma error was reported: once per line, however many words are asked for */
        private boolean shapeReported;

        boolean spaceShape() {
            if (count() > 1) {
                if (!shapeReported) diags.error(arg(1).pos(), "." + st.name() + " takes words separated by spaces, not commas");
                shapeReported = true;
                return false;
            }
            return true;
        }

        SourcePos spacePos(int k) {
            return k < words.size() ? words.get(k).pos() : st.namePos();
        }

        Term spaceTerm(int k, String what) {
            if (!spaceShape()) return null;
            if (k >= words.size()) {
                diags.error(st.namePos(), "." + st.name() + ": missing " + what);
                return null;
            }
            return words.get(k);
        }

        String spaceWord(int k, String what) {
            Term t = spaceTerm(k, what);
            if (t == null) return null;
            if (t instanceof PicassoLine.Dash) return "-";
            return t.text();
        }

        Operand spaceOperand(int k, String what) {
            Term t = spaceTerm(k, what);
            if (t == null) return null;
            if (t instanceof Operand o) return o;
            diags.error(t.pos(), "expected " + what + ", found '" + t.text() + "'");
            return null;
        }

        Integer spaceInt(int k, int min, int max) {
            Term t = spaceTerm(k, "number");
            if (t == null) return null;
            Integer n = t instanceof PicassoLine.Number ? strtoll(t.text(), t.pos(), min, max) : null;
            if (n == null) {
                diags.error(t.pos(), "expected a number from " + min + " to " + max + ", found '" + t.text() + "'");
                return null;
            }
            return n;
        }

        boolean spaceDone(int n) {
            if (count() > 1) return spaceShape();
            if (words.size() <= n) return true;
            diags.error(words.get(n).pos(), "unexpected extra word '" + words.get(n).text() + "'");
            return false;
        }
    }
}
