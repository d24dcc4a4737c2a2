package dev.pica.compiler.spirv;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A SPIR-V module read from its words: types, constants, global variables, names, decorations,
 * and each function's blocks in file order (their merge instruction and terminator apart).
 * Reads what glslang writes; corrupt words throw {@link SpirvFormatException}, never another exception.
 */
public final class SpirvModule {
    public static final int MAGIC = 0x07230203;

    public final Map<Integer, Type> types = new HashMap<>();
    /** Scalar constants by id: the 32-bit pattern (OpConstant), 1/0 for bools. */
    public final Map<Integer, Integer> scalarConstants = new HashMap<>();
    /** Composite constants by id: their constituents' ids. */
    public final Map<Integer, int[]> compositeConstants = new HashMap<>();
    /** OpUndef ids declared among the constants (outside a function). */
    public final java.util.Set<Integer> undefs = new java.util.HashSet<>();
    /** Result type of every id that has one. */
    public final Map<Integer, Integer> typeOf = new HashMap<>();
    public final Map<Integer, String> names = new HashMap<>();
    public final Map<Integer, Map<Integer, String>> memberNames = new HashMap<>();
    /** Decorations by target id: decoration -> its first literal (or 0). */
    public final Map<Integer, Map<Integer, Integer>> decorations = new HashMap<>();
    public final Map<Integer, Map<Integer, Map<Integer, Integer>>> memberDecorations = new HashMap<>();
    /** Global variables in file order: id -> the OpVariable. */
    public final Map<Integer, Insn> globals = new LinkedHashMap<>();
    public final Map<Integer, String> strings = new HashMap<>();
    /**
     * The files OpLine names, in the order first named: an instruction's line is
     * {@code fileIndex << LINE_BITS | line} (see {@link #lineOf}, {@link #fileOf}).
     */
    public final List<String> lineFiles = new ArrayList<>();
    public static final int LINE_BITS = 20;

    /** The line number of a position key. */
    public static int lineOf(int key) {
        return key & ((1 << LINE_BITS) - 1);
    }

    /** The file index of a position key (into {@link #lineFiles}). */
    public static int fileOf(int key) {
        return key >>> LINE_BITS;
    }

    /** The position key of a line of the file named {@code name}. */
    public int key(String name, int line) {
        int k = lineFiles.indexOf(name);
        if (k < 0) {
            lineFiles.add(name);
            k = lineFiles.size() - 1;
        }
        return k << LINE_BITS | Math.min(line, (1 << LINE_BITS) - 1);
    }

    /** Pointer type id -> its pointee's type id (a struct's names and decorations are on that id). */
    public final Map<Integer, Integer> pointeeIds = new HashMap<>();
    public final Map<Integer, Function> functions = new LinkedHashMap<>();
    /** The GLSL.std.450 import's id, or -1. */
    public int glslStd = -1;
    public int entryPoint = -1;
    /** The entry point's execution model (0 vertex, 3 geometry: SPIR-V 3.3). */
    public int executionModel = -1;
    /** The execution modes (SPIR-V 3.6) by number, each with its first operand (0 when it has none). */
    public final Map<Integer, Integer> executionModes = new HashMap<>();
    public int bound;

    /** A block: its label, body instructions (OpPhi first), merge instruction (or null) and terminator. */
    public static final class Block {
        public final int label;
        public final List<Insn> body = new ArrayList<>();
        public Insn merge;
        public Insn terminator;

        Block(int label) {
            this.label = label;
        }
    }

    public static final class Function {
        public final int id;
        public final Insn definition;
        public final List<Insn> parameters = new ArrayList<>();
        /** Function-storage variables (they stand in the first block). */
        public final List<Insn> variables = new ArrayList<>();
        public final Map<Integer, Block> blocks = new LinkedHashMap<>();

        Function(int id, Insn definition) {
            this.id = id;
            this.definition = definition;
        }

        public Block entry() {
            return blocks.values().iterator().next();
        }
    }

    public Type type(int id) {
        return types.get(id);
    }

    /** The type of a value id, or null. */
    public Type typeOfValue(int id) {
        Integer t = typeOf.get(id);
        return t == null ? null : types.get(t);
    }

    public int decoration(int id, int decoration, int absent) {
        Map<Integer, Integer> d = decorations.get(id);
        if (d == null) return absent;
        Integer v = d.get(decoration);
        return v == null ? absent : v;
    }

    public boolean decorated(int id, int decoration) {
        Map<Integer, Integer> d = decorations.get(id);
        return d != null && d.containsKey(decoration);
    }

    /** Member {@code member}'s name in struct type {@code struct} (OpMemberName), or "m" and its index where the module names none. */
    public String memberName(int struct, int member) {
        Map<Integer, String> names = memberNames.get(struct);
        String n = names == null ? null : names.get(member);
        return n != null ? n : "m" + member;
    }

    public int memberDecoration(int struct, int member, int decoration, int absent) {
        Map<Integer, Map<Integer, Integer>> m = memberDecorations.get(struct);
        if (m == null || m.get(member) == null) return absent;
        Integer v = m.get(member).get(decoration);
        return v == null ? absent : v;
    }

    public static SpirvModule read(int[] words) throws SpirvFormatException {
        if (words.length < 5) throw new SpirvFormatException(0, "shorter than the 5-word header");
        if (words[0] != MAGIC) throw new SpirvFormatException(0, String.format("not SPIR-V (magic 0x%08x)", words[0]));
        SpirvModule m = new SpirvModule();
        m.bound = words[3];
        int line = 0, column = 0;
        Function fn = null;
        Block block = null;
        int index = 0;
        for (int p = 5; p < words.length; ) {
            int count = words[p] >>> 16;
            int opcode = words[p] & 0xFFFF;
            if (count == 0 || p + count > words.length) throw new SpirvFormatException(p, "instruction of " + count + " words past the end");
            int[] ops = new int[count - 1];
            System.arraycopy(words, p + 1, ops, 0, count - 1);
            Insn in = new Insn(opcode, ops, line, column, index++);
            try {
                switch (opcode) {
                    case Op.Line -> {
                        String file = m.strings.get(ops[0]);
                        line = ops[1] <= 0 ? 0 : m.key(file == null ? "" : file, ops[1]);
                        column = ops[2];
                    }
                    case Op.NoLine -> line = column = 0;
                    case Op.String -> m.strings.put(ops[0], in.string(1));
                    case Op.Name -> m.names.put(ops[0], in.string(1));
                    case Op.MemberName -> m.memberNames.computeIfAbsent(ops[0], k -> new HashMap<>()).put(ops[1], in.string(2));
                    case Op.ExtInstImport -> {
                        if (in.string(1).equals("GLSL.std.450")) m.glslStd = ops[0];
                    }
                    case Op.EntryPoint -> {
                        if (m.entryPoint < 0) {
                            m.entryPoint = ops[1];
                            m.executionModel = ops[0];
                        }
                    }
                    case Op.ExecutionMode -> m.executionModes.put(ops[1], ops.length > 2 ? ops[2] : 0);
                    case Op.Decorate -> m.decorations.computeIfAbsent(ops[0], k -> new HashMap<>()).put(ops[1], ops.length > 2 ? ops[2] : 0);
                    case Op.MemberDecorate -> m.memberDecorations.computeIfAbsent(ops[0], k -> new HashMap<>())
                            .computeIfAbsent(ops[1], k -> new HashMap<>()).put(ops[2], ops.length > 3 ? ops[3] : 0);
                    case Op.TypeVoid -> m.types.put(ops[0], new Type.Void());
                    case Op.TypeBool -> m.types.put(ops[0], new Type.Scalar(Type.ScalarKind.BOOL));
                    case Op.TypeInt -> m.types.put(ops[0], new Type.Scalar(ops[2] != 0 ? Type.ScalarKind.INT : Type.ScalarKind.UINT));
                    case Op.TypeFloat -> m.types.put(ops[0], new Type.Scalar(Type.ScalarKind.FLOAT));
                    case Op.TypeVector -> m.types.put(ops[0], new Type.Vector((Type.Scalar) m.need(ops[1], p), count(ops[2], 2, 4, "a vector's components", p)));
                    case Op.TypeMatrix -> m.types.put(ops[0], new Type.Matrix((Type.Vector) m.need(ops[1], p), count(ops[2], 2, 4, "a matrix's columns", p)));
                    case Op.TypeArray -> {
                        Integer len = m.scalarConstants.get(ops[2]);
                        m.types.put(ops[0], new Type.Array(m.need(ops[1], p), len == null ? 0 : count(len, 1, MAX_ARRAY, "an array's elements", p)));
                    }
                    case Op.TypeStruct -> {
                        List<Type> members = new ArrayList<>();
                        for (int k = 1; k < ops.length; k++) members.add(m.need(ops[k], p));
                        m.types.put(ops[0], new Type.Struct(members));
                    }
                    case Op.TypePointer -> {
                        m.pointeeIds.put(ops[0], ops[2]);
                        m.types.put(ops[0], new Type.Pointer(ops[1], m.types.getOrDefault(ops[2], new Type.Other(0))));
                    }
                    case Op.TypeFunction -> {
                        List<Type> params = new ArrayList<>();
                        for (int k = 2; k < ops.length; k++) params.add(m.need(ops[k], p));
                        m.types.put(ops[0], new Type.Function(m.need(ops[1], p), params));
                    }
                    case Op.TypeImage, Op.TypeSampler, Op.TypeSampledImage, Op.TypeRuntimeArray, 31, 34, 35, 36, 37, 38, 39 ->
                            m.types.put(ops[0], new Type.Other(opcode));
                    case Op.ConstantTrue, Op.SpecConstantTrue -> m.constant(ops, 1);
                    case Op.ConstantFalse, Op.SpecConstantFalse -> m.constant(ops, 0);
                    case Op.Constant, Op.SpecConstant -> m.constant(ops, ops[2]);
                    case Op.ConstantNull -> m.constant(ops, 0);
                    case Op.ConstantComposite, Op.SpecConstantComposite -> {
                        m.typeOf.put(ops[1], ops[0]);
                        int[] parts = new int[ops.length - 2];
                        System.arraycopy(ops, 2, parts, 0, parts.length);
                        m.compositeConstants.put(ops[1], parts);
                    }
                    case Op.Variable -> {
                        m.typeOf.put(ops[1], ops[0]);
                        if (fn == null) m.globals.put(ops[1], in);
                        else fn.variables.add(in);
                    }
                    case Op.Function -> {
                        m.typeOf.put(ops[1], ops[0]);
                        fn = new Function(ops[1], in);
                        m.functions.put(ops[1], fn);
                    }
                    case Op.FunctionParameter -> {
                        m.typeOf.put(ops[1], ops[0]);
                        if (fn == null) throw new SpirvFormatException(p, "a parameter outside a function");
                        fn.parameters.add(in);
                    }
                    case Op.FunctionEnd -> {
                        fn = null;
                        block = null;
                    }
                    case Op.Label -> {
                        if (fn == null) throw new SpirvFormatException(p, "a label outside a function");
                        block = new Block(ops[0]);
                        fn.blocks.put(ops[0], block);
                    }
                    case Op.SelectionMerge, Op.LoopMerge -> {
                        if (block == null) throw new SpirvFormatException(p, "a merge outside a block");
                        block.merge = in;
                    }
                    case Op.Branch, Op.BranchConditional, Op.Switch, Op.Return, Op.ReturnValue, Op.Kill, Op.Unreachable -> {
                        if (block == null) throw new SpirvFormatException(p, "a branch outside a block");
                        block.terminator = in;
                        block = null;
                    }
                    default -> {
                        if (block != null) {
                            if (hasResult(opcode) && ops.length >= 2) m.typeOf.put(ops[1], ops[0]);
                            block.body.add(in);
                        } else if (opcode == Op.Undef && fn == null) {
                            m.typeOf.put(ops[1], ops[0]);
                            m.undefs.add(ops[1]);
                        }
                    }
                }
            } catch (ArrayIndexOutOfBoundsException | ClassCastException e) {
                throw new SpirvFormatException(p, "malformed operands of opcode " + opcode);
            }
            p += count;
        }
        if (m.entryPoint < 0 || !m.functions.containsKey(m.entryPoint)) throw new SpirvFormatException(0, "no entry point");
        for (Function f : m.functions.values()) {
            for (Block b : f.blocks.values()) {
                if (b.terminator == null) throw new SpirvFormatException(0, "block %" + b.label + " has no terminator");
            }
        }
        return m;
    }

    /**
     * The most elements an array may have. SPIR-V allows more, but no array of a vertex shader the
     * 3DS runs comes near it (96 uniform and 16 temporary registers), and the translator makes
     * each element (a corrupt length of 2^31 took it minutes: the SPIR-V fuzz target's timeout).
     */
    static final int MAX_ARRAY = 4096;

    /** A count of a type ({@code n}) within what SPIR-V and the 3DS allow. */
    private static int count(int n, int min, int max, String what, int at) throws SpirvFormatException {
        if (n < min || n > max) throw new SpirvFormatException(at, Integer.toUnsignedString(n) + " as " + what + " (" + min + "-" + max + ")");
        return n;
    }

    private void constant(int[] ops, int value) {
        typeOf.put(ops[1], ops[0]);
        scalarConstants.put(ops[1], value);
    }

    private Type need(int id, int at) throws SpirvFormatException {
        Type t = types.get(id);
        if (t == null) throw new SpirvFormatException(at, "type %" + id + " used before it is declared");
        return t;
    }

    /** Whether an instruction in a block has a result type and id as its first two operands. */
    public static boolean hasResult(int opcode) {
        return switch (opcode) {
            case Op.Store, Op.CopyMemory, Op.Nop, Op.Line, Op.NoLine, Op.EmitVertex, Op.EndPrimitive -> false;
            default -> true;
        };
    }
}
