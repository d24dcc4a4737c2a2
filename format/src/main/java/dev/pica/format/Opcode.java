package dev.pica.format;

import java.util.Locale;

/**
 * The PICA200 opcode table (isa.md section 2). One table drives the encoder, the decoder and
 * the printer: hardware code, word format, the SDK mnemonic and the usedInfo of its descriptor.
 */
public enum Opcode {
    ADD(0x00, WordFormat.F1, "add"),
    DP3(0x01, WordFormat.F1, "dp3"),
    DP4(0x02, WordFormat.F1, "dp4"),
    DPH(0x03, WordFormat.F1, "dph"),
    DST(0x04, WordFormat.F1, "dst"),
    EX2(0x05, WordFormat.F1U, "exp"),
    LG2(0x06, WordFormat.F1U, "log"),
    LITP(0x07, WordFormat.F1U, "litp"),
    MUL(0x08, WordFormat.F1, "mul"),
    SGE(0x09, WordFormat.F1, "sge"),
    SLT(0x0A, WordFormat.F1, "slt"),
    FLR(0x0B, WordFormat.F1U, "flr"),
    MAX(0x0C, WordFormat.F1, "max"),
    MIN(0x0D, WordFormat.F1, "min"),
    RCP(0x0E, WordFormat.F1U, "rcp"),
    RSQ(0x0F, WordFormat.F1U, "rsq"),
    MOVA(0x12, WordFormat.F1U, "mova"),
    MOV(0x13, WordFormat.F1U, "mov"),
    DPHI(0x18, WordFormat.F1I, "dph"),
    DSTI(0x19, WordFormat.F1I, "dst"),
    SGEI(0x1A, WordFormat.F1I, "sge"),
    SLTI(0x1B, WordFormat.F1I, "slt"),
    BREAK(0x20, WordFormat.F0, "break"),
    NOP(0x21, WordFormat.F0, "nop"),
    END(0x22, WordFormat.F0, "end"),
    BREAKC(0x23, WordFormat.F2, "breakc"),
    CALL(0x24, WordFormat.F2, "call"),
    CALLC(0x25, WordFormat.F2, "callc"),
    CALLU(0x26, WordFormat.F3, "callb"),
    IFU(0x27, WordFormat.F3, "ifb"),
    IFC(0x28, WordFormat.F2, "ifc"),
    LOOP(0x29, WordFormat.F3, "loop"),
    EMIT(0x2A, WordFormat.F0, "vout"),
    SETEMIT(0x2B, WordFormat.F4, "smf"),
    JMPC(0x2C, WordFormat.F2, "jpc"),
    JMPU(0x2D, WordFormat.F3, "jpb"),
    /** owns [31:27] = 0b10111; the 6-bit opcode reads 0x2E or 0x2F */
    CMP(0x2E, WordFormat.F1C, "cmp"),
    /** owns [31:29] = 0b110 */
    MADI(0x30, WordFormat.F5I, "mad"),
    /** owns [31:29] = 0b111 */
    MAD(0x38, WordFormat.F5, "mad");

    private static final Opcode[] BY_CODE = new Opcode[64];

    static {
        for (Opcode op : values()) {
            if (op == CMP) {
                BY_CODE[0x2E] = BY_CODE[0x2F] = op;
            } else if (op == MAD || op == MADI) {
                for (int i = 0; i < 8; i++) BY_CODE[op.code + i] = op;
            } else {
                BY_CODE[op.code] = op;
            }
        }
    }

    public final int code;
    public final WordFormat format;
    /** The SDK source spelling (inverted forms print as their plain mnemonic). */
    public final String mnemonic;

    Opcode(int code, WordFormat format, String mnemonic) {
        this.code = code;
        this.format = format;
        this.mnemonic = mnemonic;
    }

    /** The opcode of a word, or null for the unused codes 0x10, 0x11, 0x14-0x17, 0x1C-0x1F. */
    public static Opcode ofWord(int word) {
        return BY_CODE[word >>> 26];
    }

    /** Whether this opcode carries an operand-descriptor index. */
    public boolean hasDescriptor() {
        return switch (format) {
            case F1, F1I, F1U, F1C, F5, F5I -> true;
            default -> false;
        };
    }

    public boolean isMad() {
        return this == MAD || this == MADI;
    }

    /** The descriptor fields this instruction relies on (isa.md 5.2): bit 0 mask, 1..3 sources. */
    public int usedInfo() {
        return switch (format) {
            case F1U -> 0x3;
            case F1, F1I -> 0x7;
            case F1C -> 0x6;
            case F5, F5I -> 0xF;
            default -> 0;
        };
    }

    /** Number of source operands that the descriptor describes. */
    public int sourceCount() {
        return switch (format) {
            case F1U -> 1;
            case F1, F1I, F1C -> 2;
            case F5, F5I -> 3;
            default -> 0;
        };
    }

    /** The inverted counterpart (DPH to DPHI ...), or null. */
    public Opcode inverted() {
        return switch (this) {
            case DPH -> DPHI;
            case DST -> DSTI;
            case SGE -> SGEI;
            case SLT -> SLTI;
            case MAD -> MADI;
            default -> null;
        };
    }

    /** True for the four two-source ops with an inverted form (they are not commutative). */
    public boolean hasInvertedForm() {
        return inverted() != null;
    }

    /** True for instructions whose DST field is a code address that the linker relocates. */
    public boolean hasCodeAddress() {
        return switch (this) {
            case CALL, CALLC, CALLU, IFU, IFC, LOOP, JMPC, JMPU -> true;
            default -> false;
        };
    }

    public boolean isCall() {
        return this == CALL || this == CALLC || this == CALLU;
    }

    public boolean isJump() {
        return this == JMPC || this == JMPU;
    }

    public boolean isGeometryOnly() {
        return this == EMIT || this == SETEMIT;
    }

    public String hardwareName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
