package dev.pica.format.isa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The PICA200 opcode table (isa.md section 2), one row per opcode: hardware code, word format,
 * SDK mnemonic and aliases, and the flags that the parser, printer, checks and control-flow
 * analysis query. The codec derives bit layouts from {@link WordFormat}.
 */
public enum Opcode {
    ADD(0x00, WordFormat.F1, "add", Flag.COMMUTATIVE),
    DP3(0x01, WordFormat.F1, "dp3", Flag.COMMUTATIVE),
    DP4(0x02, WordFormat.F1, "dp4", Flag.COMMUTATIVE),
    DPH(0x03, WordFormat.F1, "dph"),
    DST(0x04, WordFormat.F1, "dst"),
    EX2(0x05, WordFormat.F1U, "exp", "ex2"),
    LG2(0x06, WordFormat.F1U, "log", "lg2"),
    LITP(0x07, WordFormat.F1U, "litp", Flag.WRITES_CMP),
    MUL(0x08, WordFormat.F1, "mul", Flag.COMMUTATIVE),
    SGE(0x09, WordFormat.F1, "sge"),
    SLT(0x0A, WordFormat.F1, "slt"),
    FLR(0x0B, WordFormat.F1U, "flr"),
    MAX(0x0C, WordFormat.F1, "max", Flag.COMMUTATIVE),
    MIN(0x0D, WordFormat.F1, "min", Flag.COMMUTATIVE),
    RCP(0x0E, WordFormat.F1U, "rcp"),
    RSQ(0x0F, WordFormat.F1U, "rsq"),
    MOVA(0x12, WordFormat.F1U, "mova", Flag.WRITES_A0),
    MOV(0x13, WordFormat.F1U, "mov"),
    DPHI(0x18, WordFormat.F1I, "dph", "dphi"),
    DSTI(0x19, WordFormat.F1I, "dst", "dsti"),
    SGEI(0x1A, WordFormat.F1I, "sge", "sgei"),
    SLTI(0x1B, WordFormat.F1I, "slt", "slti"),
    BREAK(0x20, WordFormat.F0, "break", Flag.BREAKS),
    NOP(0x21, WordFormat.F0, "nop"),
    END(0x22, WordFormat.F0, "end", Flag.ENDS),
    BREAKC(0x23, WordFormat.F2, "breakc", Flag.BREAKS, Flag.READS_CMP),
    CALL(0x24, WordFormat.F2, "call", Flag.CALLS, Flag.CODE_ADDRESS),
    CALLC(0x25, WordFormat.F2, "callc", Flag.CALLS, Flag.CODE_ADDRESS, Flag.READS_CMP),
    CALLU(0x26, WordFormat.F3, "callb", Flag.CALLS, Flag.CODE_ADDRESS, Flag.READS_BOOL),
    IFU(0x27, WordFormat.F3, "ifb", Flag.IF, Flag.CODE_ADDRESS, Flag.READS_BOOL),
    IFC(0x28, WordFormat.F2, "ifc", Flag.IF, Flag.CODE_ADDRESS, Flag.READS_CMP),
    LOOP(0x29, WordFormat.F3, "loop", Flag.LOOP, Flag.CODE_ADDRESS, Flag.WRITES_AL),
    EMIT(0x2A, WordFormat.F0, "vout", "emit", Flag.GEOMETRY_ONLY, Flag.EMITS),
    SETEMIT(0x2B, WordFormat.F4, "smf", "setemit", Flag.GEOMETRY_ONLY, Flag.SETS_EMIT),
    JMPC(0x2C, WordFormat.F2, "jpc", Flag.JUMPS, Flag.CODE_ADDRESS, Flag.READS_CMP),
    JMPU(0x2D, WordFormat.F3, "jpb", Flag.JUMPS, Flag.CODE_ADDRESS, Flag.READS_BOOL),
    /** owns [31:27] = 0b10111; the 6-bit opcode reads 0x2E or 0x2F */
    CMP(0x2E, WordFormat.F1C, "cmp", Flag.WRITES_CMP),
    /** owns [31:29] = 0b110 */
    MADI(0x30, WordFormat.F5I, "mad", "madi", Flag.MAD),
    /** owns [31:29] = 0b111 */
    MAD(0x38, WordFormat.F5, "mad", Flag.MAD);

    /** What an opcode does, for the checks and the control-flow analysis to ask instead of switching on opcodes. */
    public enum Flag {
        /** the operands may be exchanged (the assembler moves a c register into the wide slot) */
        COMMUTATIVE,
        /** MAD/MADI: descriptor index limited to 32 entries */
        MAD,
        /** writes a0 (mova) */
        WRITES_A0,
        /** sets aL (loop) */
        WRITES_AL,
        /** writes the cmp.x/cmp.y flags */
        WRITES_CMP,
        /** reads the cmp flags as its condition */
        READS_CMP,
        /** reads a b register as its condition */
        READS_BOOL,
        /** DST is a code address (relocated by the linker) */
        CODE_ADDRESS,
        CALLS,
        JUMPS,
        IF,
        LOOP,
        /** leaves the innermost loop */
        BREAKS,
        /** ends the program */
        ENDS,
        /** only in a geometry shader */
        GEOMETRY_ONLY,
        /** hands the output registers to the primitive assembler as one vertex (geometry shader) */
        EMITS,
        /** sets which vertex, and whether a primitive, the next emit makes (geometry shader) */
        SETS_EMIT
    }

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
    /** Other SDK spellings the assembler accepts (the inverted forms' own names, ex2/lg2, emit, setemit). */
    public final List<String> aliases;
    private final Set<Flag> flags;
    /** The flags as bits by ordinal: has() is asked per word in every pass, the set was a tenth of the verifier. */
    private final long flagBits;

    Opcode(int code, WordFormat format, String mnemonic, Object... more) {
        this.code = code;
        this.format = format;
        this.mnemonic = mnemonic;
        List<String> names = new ArrayList<>();
        EnumSet<Flag> f = EnumSet.noneOf(Flag.class);
        for (Object o : more) {
            if (o instanceof String n) names.add(n);
            else f.add((Flag) o);
        }
        this.aliases = List.copyOf(names);
        this.flags = Collections.unmodifiableSet(f);
        long bits = 0;
        for (Flag x : f) bits |= 1L << x.ordinal();
        this.flagBits = bits;
    }

    public boolean has(Flag f) {
        return (flagBits & 1L << f.ordinal()) != 0;
    }

    public Set<Flag> flags() {
        return flags;
    }

    /** The opcode of a word, or null for the unused codes 0x10, 0x11, 0x14-0x17, 0x1C-0x1F. */
    public static Opcode ofWord(int word) {
        return BY_CODE[word >>> 26];
    }

    /** Whether this opcode carries an operand-descriptor index. */
    public boolean hasDescriptor() {
        return format.hasDescriptor();
    }

    public boolean isMad() {
        return has(Flag.MAD);
    }

    /** The descriptor fields this instruction relies on (isa.md 5.2): bit 0 mask, 1..3 sources. */
    public int usedInfo() {
        return format.usedInfo();
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

    /** The plain opcode an inverted form inverts (DPHI to DPH ... MADI to MAD), or null. */
    public Opcode plain() {
        return PLAIN[ordinal()];
    }

    /** The inverted forms' plain opcodes by ordinal, worked out from {@link #inverted()} once. */
    private static final Opcode[] PLAIN = new Opcode[values().length];

    static {
        for (Opcode op : values()) if (op.inverted() != null) PLAIN[op.inverted().ordinal()] = op;
    }

    /** True for the five ops with an inverted form (DPH DST SGE SLT, and MAD; they are not commutative). */
    public boolean hasInvertedForm() {
        return inverted() != null;
    }

    /** True for instructions whose DST field is a code address that the linker relocates. */
    public boolean hasCodeAddress() {
        return has(Flag.CODE_ADDRESS);
    }

    public boolean isCall() {
        return has(Flag.CALLS);
    }

    public boolean isJump() {
        return has(Flag.JUMPS);
    }

    /** The name of the row itself: the inverted forms' own mnemonic (slti for SLTI). */
    public String hardwareName() {
        return name().toLowerCase(Locale.ROOT);
    }

    private static final Map<String, Opcode> BY_MNEMONIC = new HashMap<>();

    static {
        // the plain mnemonic names the plain opcode (mad, not madi); aliases name their own row
        for (Opcode op : values()) if (op.plain() == null) BY_MNEMONIC.putIfAbsent(op.mnemonic, op);
        for (Opcode op : values()) for (String a : op.aliases) BY_MNEMONIC.putIfAbsent(a, op);
    }

    /** Every mnemonic and alias the SDK dialect spells an opcode with (for "did you mean"). */
    public static java.util.Set<String> mnemonics() {
        return java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(BY_MNEMONIC.keySet()));
    }

    /** The opcode a source mnemonic names (lower case), or null. */
    public static Opcode ofMnemonic(String mnemonic) {
        return BY_MNEMONIC.get(mnemonic);
    }
}
