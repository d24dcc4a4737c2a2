package dev.pica.compiler.spirv;

/** The SPIR-V opcodes the reader and the translator name (SPIR-V 1.0 specification, section 3.32). */
public final class Op {
    private Op() {}

    public static final int Nop = 0, Undef = 1, Source = 3, Name = 5, MemberName = 6, String = 7, Line = 8,
            Extension = 10, ExtInstImport = 11, ExtInst = 12, MemoryModel = 14, EntryPoint = 15, ExecutionMode = 16,
            Capability = 17, TypeVoid = 19, TypeBool = 20, TypeInt = 21, TypeFloat = 22, TypeVector = 23,
            TypeMatrix = 24, TypeImage = 25, TypeSampler = 26, TypeSampledImage = 27, TypeArray = 28,
            TypeRuntimeArray = 29, TypeStruct = 30, TypePointer = 32, TypeFunction = 33, ConstantTrue = 41,
            ConstantFalse = 42, Constant = 43, ConstantComposite = 44, ConstantNull = 46, SpecConstantTrue = 48,
            SpecConstantFalse = 49, SpecConstant = 50, SpecConstantComposite = 51, Function = 54,
            FunctionParameter = 55, FunctionEnd = 56, FunctionCall = 57, Variable = 59, Load = 61, Store = 62,
            CopyMemory = 63, AccessChain = 65, InBoundsAccessChain = 66, Decorate = 71, MemberDecorate = 72,
            VectorExtractDynamic = 77, VectorInsertDynamic = 78, VectorShuffle = 79, CompositeConstruct = 80,
            CompositeExtract = 81, CompositeInsert = 82, CopyObject = 83, Transpose = 84,
            ConvertFToU = 109, ConvertFToS = 110, ConvertSToF = 111, ConvertUToF = 112, UConvert = 113,
            SConvert = 114, FConvert = 115, Bitcast = 124, SNegate = 126, FNegate = 127, IAdd = 128, FAdd = 129,
            ISub = 130, FSub = 131, IMul = 132, FMul = 133, UDiv = 134, SDiv = 135, FDiv = 136, UMod = 137,
            SRem = 138, SMod = 139, FRem = 140, FMod = 141, VectorTimesScalar = 142, MatrixTimesScalar = 143,
            VectorTimesMatrix = 144, MatrixTimesVector = 145, MatrixTimesMatrix = 146, OuterProduct = 147,
            Dot = 148, Any = 154, All = 155, IsNan = 156, IsInf = 157, LogicalEqual = 164, LogicalNotEqual = 165,
            LogicalOr = 166, LogicalAnd = 167, LogicalNot = 168, Select = 169, IEqual = 170, INotEqual = 171,
            UGreaterThan = 172, SGreaterThan = 173, UGreaterThanEqual = 174, SGreaterThanEqual = 175,
            ULessThan = 176, SLessThan = 177, ULessThanEqual = 178, SLessThanEqual = 179, FOrdEqual = 180,
            FUnordEqual = 181, FOrdNotEqual = 182, FUnordNotEqual = 183, FOrdLessThan = 184, FUnordLessThan = 185,
            FOrdGreaterThan = 186, FUnordGreaterThan = 187, FOrdLessThanEqual = 188, FUnordLessThanEqual = 189,
            FOrdGreaterThanEqual = 190, FUnordGreaterThanEqual = 191, ShiftRightLogical = 194,
            ShiftRightArithmetic = 195, ShiftLeftLogical = 196, BitwiseOr = 197, BitwiseXor = 198,
            BitwiseAnd = 199, Not = 200, BitCount = 205, DPdx = 207, FwidthCoarse = 215, EmitVertex = 218,
            EndPrimitive = 219, AtomicLoad = 227, AtomicXor = 242, Phi = 245, LoopMerge = 246,
            SelectionMerge = 247, Label = 248, Branch = 249, BranchConditional = 250, Switch = 251, Kill = 252,
            Return = 253, ReturnValue = 254, Unreachable = 255, NoLine = 317, ModuleProcessed = 330;

    /** Storage classes (3.7). */
    public static final int UniformConstant = 0, Input = 1, Uniform = 2, Output = 3, Private = 6, FunctionStorage = 7,
            PushConstant = 9;

    /** Decorations (3.20). */
    public static final int Block = 2, BuiltIn = 11, Location = 30, Offset = 35;

    /** Built-ins (3.21). */
    public static final int Position = 0, PointSize = 1, VertexId = 5, InstanceId = 6, VertexIndex = 42, InstanceIndex = 43;

    /** Execution models (3.3). */
    public static final int ModelVertex = 0, ModelGeometry = 3;

    /** Execution modes of a geometry shader (3.6). */
    public static final int Invocations = 0, InputPoints = 19, InputLines = 20, InputLinesAdjacency = 21, Triangles = 22,
            InputTrianglesAdjacency = 23, OutputVertices = 26, OutputPoints = 27, OutputLineStrip = 28, OutputTriangleStrip = 29;

    /** Whether the opcode samples or queries an image. */
    public static boolean isImage(int op) {
        return op >= 86 && op <= 107;
    }
}
