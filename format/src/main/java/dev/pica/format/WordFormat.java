package dev.pica.format;

/** The instruction word layouts of isa.md section 1. */
public enum WordFormat {
    /** opcode only: NOP END BREAK EMIT */
    F0,
    /** two-source ALU, src1 7-bit, src2 5-bit */
    F1,
    /** inverted two-source ALU, src1 5-bit, src2 7-bit */
    F1I,
    /** one-source ALU (format 1 with src2 = 0) */
    F1U,
    /** CMP */
    F1C,
    /** condition flow: BREAKC CALL CALLC IFC JMPC */
    F2,
    /** boolean / integer flow: CALLU IFU JMPU LOOP */
    F3,
    /** SETEMIT */
    F4,
    /** MAD: src1 5, src2 7, src3 5 */
    F5,
    /** MADI: src1 5, src2 5, src3 7 */
    F5I
}
