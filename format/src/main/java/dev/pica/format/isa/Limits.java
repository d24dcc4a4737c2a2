package dev.pica.format.isa;


/** The hardware's and the formats' limits, once (isa.md 2, 5; shbin-format.md 4). */
public final class Limits {
    private Limits() {}

    /** Code words a vertex shader can execute: shaderProgramConfigure uploads 512 (libctru). */
    public static final int VERTEX_WORDS = 512;
    /** Code words of a program (geometry shaders and the whole DVLP). */
    public static final int CODE_WORDS = 4096;
    /** The highest address a 12-bit DST field holds. */
    public static final int MAX_ADDRESS = CODE_WORDS - 1;
    /** The longest subroutine or block an 8-bit NUM field holds. */
    public static final int MAX_NUM = 255;
    /** Entries of the operand-descriptor table (7-bit DESC field). */
    public static final int DESCRIPTORS = 128;
    /** Entries MAD/MADI can name (5-bit DESC field). */
    public static final int MAD_DESCRIPTORS = 32;
    /** Entries of the sequencer's CALL stack (isa.md 8.1); a fifth push discards the oldest. */
    public static final int CALL_DEPTH = 4;
    /** Entries of the sequencer's IF stack. */
    public static final int IF_DEPTH = 8;
    /** Entries of the sequencer's LOOP stack. */
    public static final int LOOP_DEPTH = 4;
    /**
     * Output registers that can carry a fixed semantic, o0-o6 (libctru's output map has seven
     * entries); a geometry shader has only these.
     */
    public static final int SEMANTIC_OUTPUTS = 7;

    /** The output registers a shader may name: o0-o6 in a geometry shader, all sixteen in a vertex shader. */
    public static int outputs(boolean geometry) {
        return geometry ? SEMANTIC_OUTPUTS : RegisterFile.OUTPUT.count;
    }
    /** The bool uniform the GPU sets after every geometry-shader invocation (b15, isa.md 9). */
    public static final int GEOMETRY_FLAG = 15;
    /** DVLEs this project reads in one DVLB. */
    public static final int DVLES = 64;
}
