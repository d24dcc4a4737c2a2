package dev.pica.asm.picasso;

import dev.pica.asm.DialectMixups;
import dev.pica.asm.ir.Declaration;
import dev.pica.asm.ir.Item;
import dev.pica.asm.ir.LoweredFile;
import dev.pica.asm.ir.PicassoLowering;
import dev.pica.asm.picasso.Block.Kind;
import dev.pica.asm.picasso.DvleData.UniformDecl;
import dev.pica.asm.picasso.Operands.Reg;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Nearest;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.disasm.UniformHeader;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.syntax.Directives;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.Dvlp;
import dev.pica.format.shbin.GsMode;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
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
 *
 * This class holds the build's state, the per-file pass, block structure (.proc, .else, .end and
 * the padding NOPs) and the outputs (binary, header, {@link #lowerLastFile}); the statements are
 * read by {@link NameDirectives}, {@link ConstantDirectives} and {@link InstructionReader} over
 * {@link Operands} and {@link Args}, descriptors pooled by {@link DescriptorPool}.
 */
public final class PicassoBuild {
    static final int MAX_CALL_LENGTH = dev.pica.format.isa.Limits.MAX_NUM;
    static final int MAX_DESCRIPTORS = dev.pica.format.isa.Limits.DESCRIPTORS;
    static final int MAX_VERTEX_WORDS = dev.pica.format.isa.Limits.VERTEX_WORDS;
    static final int MAX_WORDS = dev.pica.format.isa.Limits.CODE_WORDS;
    static final int MAX_UNIFORMS = 0x60;
    static final int MAX_CONSTANTS = 0x60;
    /** picasso 2.7.2's MAX_STACK (picasso.h): blocks open at once, the .proc included */
    static final int MAX_OPEN_BLOCKS = 32;

    public record Options(boolean autoNop) {
        public static Options defaults() {
            return new Options(true);
        }
    }

    /**
     * The binary, what picasso's -h header lists, each word's source line, and per DVLE the
     * registers something other than its table supplies (hidden '_' uniforms, a geometry shader's
     * vertex data below its first free uniform), for the verifier.
     */
    public record Result(Dvlb binary, Header uniforms, List<SourcePos> positions, List<List<Uniform>> supplied) {
        /** picasso's -h header text (rendered when asked: a batch without -h never needs it). */
        public String header() {
            return uniforms.text();
        }
    }

    /** The shared (vertex-space) uniforms in declaration order, repeats included, and whether the first file is a geometry shader's. */
    public static final class Header {
        private final List<UniformDecl> shared;
        private final boolean geometry;

        Header(List<UniformDecl> shared, boolean geometry) {
            this.shared = List.copyOf(shared);
            this.geometry = geometry;
        }

        /** The -h header: every declaration as picasso lists them, hidden ('_') ones left out. */
        public String text() {
            UniformHeader h = UniformHeader.picasso();
            String prefix = UniformHeader.prefix(geometry);
            for (UniformDecl u : shared) {
                if (u.name().startsWith("_")) continue;
                switch (u.type()) {
                    case FVEC -> h.uniform(prefix, u.name(), RegisterFile.FLOAT_UNIFORM, u.pos() - RegisterFile.FLOAT_UNIFORM.picassoBase, u.size());
                    case IVEC -> h.uniform(prefix, u.name(), RegisterFile.INT_UNIFORM, u.pos() - RegisterFile.INT_UNIFORM.picassoBase, u.size());
                    case BOOL -> h.uniform(prefix, u.name(), RegisterFile.BOOL_UNIFORM, u.pos() - RegisterFile.BOOL_UNIFORM.picassoBase, u.size());
                }
            }
            return h.text();
        }
    }

    record Proc(int pos, int size) {}

    record Reloc(int word, String name, SourcePos pos) {}

    Diagnostics diags;
    private final boolean autoNop;

    /** the file added last, for its lowering to the assembler's IR (picasm's route to a DVOJ object) */
    final List<ItemLowering.Piece> pieces = new ArrayList<>();
    final Map<Integer, ItemLowering.Target> flowTargets = new HashMap<>();
    final List<Integer> words = new ArrayList<>();
    final List<SourcePos> wordPos = new ArrayList<>();
    /** picasso's directives (for "did you mean", and for recognising picasso text given to the SDK route) */
    public static final List<String> DIRECTIVES = dotted(Directives.PICASSO);

    /** A loop, not a stream: a stream here loads some thirty classes into every run of the drop-in and picasm */
    private static List<String> dotted(List<String> names) {
        List<String> out = new ArrayList<>();
        for (String d : names) out.add("." + d);
        return List.copyOf(out);
    }

    final Map<String, Proc> procs = new HashMap<>();
    /** where each procedure's .proc is, for the note on a second definition */
    final Map<String, SourcePos> procDeclared = new HashMap<>();
    final List<Reloc> procRelocs = new ArrayList<>();
    final List<UniformDecl> globalUniforms = new ArrayList<>();
    final RegisterPools vsPools = new RegisterPools(), gsPools = new RegisterPools();
    final DescriptorPool descriptors = new DescriptorPool(words);
    final Operands operands = new Operands(this);
    final NameDirectives names = new NameDirectives(this);
    final ConstantDirectives constants = new ConstantDirectives(this);
    final List<DvleData> dvles = new ArrayList<>();
    int dvleCount;
    boolean lastWasEnd;
    /** a vertex shader's code memory overflowed: said once, at the first instruction that did not fit */
    boolean codeMemoryFull;
    String lastFile = "";

    // per file
    Map<String, Integer> labels;
    List<Reloc> labelRelocs;
    Map<String, Reg> aliases;
    /** where each name of {@link #aliases} was declared, for the note on a second declaration */
    Map<String, SourcePos> declaredAt;
    /** the names a statement with an unknown directive mentions, which it may have meant to declare */
    java.util.Set<String> unknownNames;
    /** the rows of each array declared with a size (.fvec m[4], .constfa a[]), for the index check */
    Map<String, Integer> rows;
    DvleData cur;
    Deque<Block> stack;

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
        unknownNames = new java.util.HashSet<>();
        rows = new HashMap<>();
        cur = null;
        stack = new ArrayDeque<>();
        vsPools.fvec.clearLocal();
        vsPools.ivec.clearLocal();
        vsPools.bool.clearLocal();
        if (DialectMixups.sdkTextReadAsPicasso(file, diags)) return;
        List<PicassoLine> lines = PicassoParser.parse(file, diags);
        for (PicassoLine l : lines) {
            for (PicassoLine.Label lb : l.labels()) {
                if (labels.putIfAbsent(lb.name(), words.size()) != null) diags.error(Problem.DUPLICATE_LABEL, lb.pos(), "label '" + lb.name() + "' is defined twice");
                pieces.add(new ItemLowering.Marker(new Item.Label(lb.name(), lb.pos())));
            }
            if (l.statement() != null) statement(l.statement());
        }
        for (Block b : stack) {
            // picasso's .end closes the innermost block: an if or for left open inside a .proc took
            // the .proc's .end, so it is the block that lacks one
            Block inner = b.kind == Kind.PROC ? b.lastClosedInside : null;
            if (inner != null) {
                diags.error(Problem.UNBALANCED_BLOCK, inner.at, inner.described() + " is not closed with .end: the .end at line " + b.lastClosedBy.line()
                        + " closes it, which leaves " + b.described() + " open");
            } else {
                diags.error(Problem.UNBALANCED_BLOCK, b.at, b.described() + " is not closed with .end");
            }
        }
        for (Reloc r : labelRelocs) {
            Integer at = labels.get(r.name());
            if (at == null) {
                diags.error(Problem.UNDEFINED_LABEL, r.pos(), "label '" + r.name() + "' is not defined in this file" + Nearest.hint(r.name(), labels.keySet()));
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
                diags.error(Problem.UNDEFINED_LABEL, r.pos(), "procedure '" + r.name() + "' is not defined in any input file");
                continue;
            }
            if (!callable(r, p)) continue;
            words.set(r.word(), InstructionCodec.withTarget(words.get(r.word()), p.pos(), p.size()));
        }
        if (words.size() > MAX_WORDS) diags.error(Problem.PROGRAM_SIZE, SourcePos.named(lastFile, 0), "the program has " + words.size() + " words; flow instructions address at most " + MAX_WORDS);
        if (dvleCount == 0 && !diags.hasErrors()) diags.error(Problem.NO_SHADER, SourcePos.named(lastFile, 0), "no input makes a shader: every file is empty or marked .nodvle");
        List<Dvle> shaders = new ArrayList<>();
        List<List<Uniform>> supplied = new ArrayList<>();
        boolean earlier = diags.hasErrors(); // an unclosed .proc makes its entry point missing too
        for (DvleData d : dvles) {
            if (d.nodvle || earlier) continue;
            Proc main = procs.get(d.entry);
            if (main == null) {
                missingEntry(d);
                continue;
            }
            shaders.add(dvle(d, main));
            List<Uniform> known = new ArrayList<>(d.supplied);
            // the unit is one program for names: a vertex-space uniform any file declares (a .nodvle file's,
            // the pair's other file's) holds its register in every shader of the run, and the header names it
            if (!d.gsSpace()) for (UniformDecl u : globalUniforms) known.add(new Uniform(u.name(), u.pos() - 0x10, u.pos() - 0x10 + u.size() - 1));
            supplied.add(List.copyOf(known));
        }
        if (diags.hasErrors()) return null;
        List<OperandDescriptor> descs = descriptors.entries();
        int[] code = new int[words.size()];
        for (int k = 0; k < code.length; k++) code[k] = words.get(k);
        Dvlb bin = new Dvlb(new Dvlp(0, code, descs, List.of(), List.of()), shaders);
        return new Result(bin, new Header(globalUniforms, !dvles.isEmpty() && dvles.get(0).geometry), List.copyOf(wordPos), supplied);
    }

    /** The one error for an entry point no .proc defines, with the nearest procedure's name. */
    private void missingEntry(DvleData d) {
        if (d.entryPos != null) {
            diags.error(Problem.UNDEFINED_LABEL, d.entryPos, "entry point '" + d.entry + "' is not a procedure" + Nearest.hint(d.entry, procs.keySet()));
            return;
        }
        // no .entry: the place to fix is the procedure meant as 'main' (.proc mian), else the file's first one
        String near = Nearest.of(d.entry, procs.keySet());
        SourcePos at = near != null ? procDeclared.get(near) : null;
        List<String> own = new ArrayList<>();
        for (Map.Entry<String, SourcePos> e : procDeclared.entrySet()) {
            if (!e.getValue().fileName().equals(d.fileName)) continue;
            own.add(e.getKey());
            if (near == null && (at == null || e.getValue().line() < at.line())) at = e.getValue();
        }
        java.util.Collections.sort(own);
        diags.error(Problem.UNDEFINED_LABEL, at != null ? at : SourcePos.named(d.fileName, 0), "entry point '" + d.entry + "' is not a procedure (without .entry the entry point is 'main')"
                + (near != null ? "; did you mean '" + near + "'?" : own.isEmpty() ? "" : "; this file's procedures: " + String.join(", ", own)));
    }

    /** Whether a call's NUM field can hold the procedure's length; false after saying why not. */
    boolean callable(Reloc call, Proc p) {
        if (p.size() <= MAX_CALL_LENGTH) return true;
        diags.error(Problem.JUMP_RANGE, call.pos(), "procedure '" + call.name() + "' is " + p.size() + " words long; a call covers at most " + MAX_CALL_LENGTH
                + " (the NUM field has 8 bits; picasso writes a call that never returns)");
        return false;
    }

    static {
        // the assembler's IR is not exported: dev.pica.asm reaches the lowering through this bridge
        PicassoLowering.register(new PicassoLowering.Access() {
            @Override
            public LoweredFile lowerLastFile(PicassoBuild build) {
                return build.lowerLastFile();
            }
        });
    }

    /**
     * The file added last in the assembler's IR: picasso's uniforms become bindings, .out output
     * maps, constants definitions, .gsh the geometry settings, and its code items
     * ({@link ItemLowering}). Calls of procedures the file does not define are left to the
     * linker. Null if the file has errors.
     */
    LoweredFile lowerLastFile() {
        for (Reloc r : procRelocs) {
            if (!r.pos().fileName().equals(lastFile)) continue;
            Proc p = procs.get(r.name());
            if (p != null) callable(r, p);
        }
        DvleData d = cur;
        String entry = d == null || d.nodvle ? null : d.entry;
        if (entry != null && !procs.containsKey(entry) && !diags.hasErrors()) missingEntry(d);
        if (diags.hasErrors()) return null;
        List<Item> items = new ItemLowering(words, descriptors.table(), flowTargets).items(pieces, entry);
        boolean geometry = d != null && d.geometry;
        SourcePos at = geometry && d.gshPos != null ? d.gshPos : SourcePos.named(lastFile, 1);
        return new LoweredFile(geometry, at, d == null ? List.of() : declarations(d, at), items);
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
            Reg first = Operands.regAt(u.pos()), last = Operands.regAt(u.pos() + u.size() - 1);
            // SDK names are C identifiers: picasso's '$' (written '.' in its table) becomes '_'
            out.add(new Declaration.Binding(u.name().replace('$', '_'), 0xF, first.cls(), first.num(), last.num(), u.at(), u.at(), u.at()));
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
            int first = RegisterFile.unifiedOfPicasso(u.pos()); // unified numbering (isa.md 4)
            // the DVLE name table cannot hold '$' (ctrulib looks uniforms up by a C-string key); picasso writes '.'
            us.add(new Uniform(u.name().replace('$', '.'), first, first + u.size() - 1));
        }
        return new Dvle(Dvle.VERSION, d.geometry ? Dvle.GEOMETRY : Dvle.VERTEX, d.merge ? 1 : 0, main.pos(), main.pos() + main.size(),
                d.inputMask, d.outputMask, new GsMode(d.gsMode, d.gsFixedStart, d.gsVariableCount, d.gsFixedCount),
                d.constants, List.of(), d.outputs, us);
    }

    // ---------------------------------------------------------------- statements

    DvleData dvleData() {
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
            diags.error(Problem.OUTSIDE_PROC, st.namePos(), "instruction outside a .proc block");
            return;
        }
        lastWasEnd = false;
        if (!dvleData().geometry && words.size() >= MAX_VERTEX_WORDS) {
            // picasso says so at every instruction from here on; one error names the first that does not fit
            if (!codeMemoryFull) diags.error(Problem.PROGRAM_SIZE, st.namePos(), "vertex shader code memory is full (" + MAX_VERTEX_WORDS + " words): this instruction and those after it do not fit");
            codeMemoryFull = true;
            return;
        }
        new InstructionReader(this, st).read();
    }

    /**
     * Opens a block. picasso 2.7.2 refuses a block that would be the 33rd open at once ("too many
     * nested blocks": NO_MORE_STACK before each push of g_stack, picasso_assembler.cpp), and so does
     * the drop-in; the block still opens, so that its .end closes it and blocks deeper inside it
     * add no error of their own.
     */
    void open(Block b) {
        if (stack.size() == MAX_OPEN_BLOCKS) {
            diags.error(Problem.BLOCK_LAYOUT, b.at, "too many nested blocks: picasso keeps at most " + MAX_OPEN_BLOCKS
                    + " open at once, the .proc included, and this " + b.described() + " is one more");
        }
        stack.push(b);
    }

    void emit(int word, SourcePos pos) {
        pieces.add(new ItemLowering.Word(words.size(), pos));
        words.add(word);
        wordPos.add(pos);
    }

    void paddingNop(SourcePos at) {
        if (autoNop) emit(InstructionCodec.encode(Instruction.simple(Opcode.NOP)), at);
        else diags.warning(Warning.PADDING_NOP, at, "flow control here needs a padding nop, which -n leaves out");
    }

    /**
     * Whether the word just emitted makes picasso pad before a block boundary: a call or jump
     * before any block's end or .else, and break or breakc before a for's end (picasso_assembler.cpp,
     * dir_else and dir_end).
     */
    boolean lastNeedsPadding(Kind kind) {
        if (words.isEmpty()) return false;
        Opcode op = Opcode.ofWord(words.get(words.size() - 1));
        return op.has(Opcode.Flag.CALLS) || op.has(Opcode.Flag.JUMPS) || kind == Kind.FOR && op.has(Opcode.Flag.BREAKS);
    }

    private void directive(PicassoLine.Statement st) {
        String name = st.name().toLowerCase(Locale.ROOT);
        Args a = new Args(this, st);
        switch (name) {
            case "proc" -> {
                String p = a.identifier(0, "procedure name");
                if (!a.done(1)) return;
                if (p == null) return;
                if (procs.containsKey(p)) {
                    diags.error(Problem.DUPLICATE_LABEL, a.pos(0), "procedure '" + p + "' is already defined");
                    diags.note(procDeclared.get(p), "previous definition of '" + p + "' was here");
                } else {
                    procDeclared.putIfAbsent(p, a.pos(0));
                }
                open(new Block(Kind.PROC, words.size(), p, st.namePos()));
                pieces.add(new ItemLowering.ProcEdge(p, true, st.namePos()));
            }
            case "else" -> elseDirective(st, a);
            case "end" -> endDirective(st, a);
            case "alias" -> names.alias(a);
            case "fvec" -> names.uniforms(a, UniformType.FVEC);
            case "ivec" -> names.uniforms(a, UniformType.IVEC);
            case "bool" -> names.uniforms(a, UniformType.BOOL);
            case "constf" -> constants.constant(a, UniformType.FVEC);
            case "consti" -> constants.constant(a, UniformType.IVEC);
            case "constfa" -> constants.constfa(st, a);
            case "setf" -> constants.set(a, UniformType.FVEC);
            case "seti" -> constants.set(a, UniformType.IVEC);
            case "setb" -> constants.setb(a);
            case "in" -> names.input(a);
            case "out" -> names.output(a);
            case "entry" -> {
                DvleData d = dvleData();
                String e = a.word(0, "entry procedure name");
                if (!a.done(1) || e == null || a.commaEndsWord(0, "entry procedure name")) return;
                if (!Operands.validIdentifier(e)) {
                    diags.error(Problem.INVALID_NAME, a.pos(0), "'" + e + "' is not an identifier");
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
            case "gsh" -> names.gsh(a);
            default -> {
                diags.error(Problem.UNKNOWN_DIRECTIVE, st.namePos(), "unknown directive '." + st.name() + "'" + Nearest.hint("." + name, DIRECTIVES));
                // a misspelt declaration (.fvecs u[4]) declared nothing: its names' uses are not errors of their own
                for (PicassoLine.Arg arg : st.args()) {
                    for (PicassoLine.Term t : arg.terms()) {
                        if (t instanceof PicassoLine.Operand o) unknownNames.add(o.base());
                        if (t instanceof PicassoLine.Tuple tu && tu.name() != null) unknownNames.add(tu.name());
                    }
                }
            }
        }
    }

    private void elseDirective(PicassoLine.Statement st, Args a) {
        if (!a.done(0)) return;
        Block b = stack.peek();
        if (b == null || b.kind != Kind.IF) {
            diags.error(Problem.UNBALANCED_BLOCK, st.namePos(), ".else without an open ifu or ifc");
            return;
        }
        if (b.elsePos != 0) {
            diags.error(Problem.UNBALANCED_BLOCK, st.namePos(), "a second .else in the same if");
            return;
        }
        if (b.broken) return; // its ifu or ifc was reported
        if (lastWasEnd) {
            paddingNop(st.namePos());
            lastWasEnd = false;
        } else if (lastNeedsPadding(Kind.IF) || words.size() - b.pos < 2) {
            paddingNop(st.namePos());
        }
        b.elsePos = words.size();
        pieces.add(new ItemLowering.Marker(new Item.Else(st.namePos())));
        words.set(b.pos, InstructionCodec.withTarget(words.get(b.pos), words.size(), 0));
    }

    private void endDirective(PicassoLine.Statement st, Args a) {
        if (!a.done(0)) return;
        if (stack.isEmpty()) {
            diags.error(Problem.UNBALANCED_BLOCK, st.namePos(), ".end without an open block");
            return;
        }
        Block b = stack.pop();
        if (!stack.isEmpty() && b.kind != Kind.ARRAY) {
            stack.peek().lastClosedInside = b;
            stack.peek().lastClosedBy = st.namePos();
        }
        if (b.broken) return; // its opening instruction was reported
        if (b.kind != Kind.ARRAY && lastWasEnd) {
            paddingNop(st.namePos());
            lastWasEnd = false;
        } else if (b.kind != Kind.ARRAY && !words.isEmpty()) {
            // picasso checks the program's last word, so an empty .proc before any code gets no NOP
            if (lastNeedsPadding(b.kind) || words.size() - b.pos < (b.kind != Kind.PROC ? 2 : 1)) paddingNop(st.namePos());
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
            case ARRAY -> constants.endArray();
        }
    }

}
