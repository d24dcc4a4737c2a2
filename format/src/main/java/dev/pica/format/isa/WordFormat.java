package dev.pica.format.isa;

import java.util.List;

/**
 * The instruction word layouts of isa.md sections 1 and 3: the opcode prefix (6 bits; CMP's 5,
 * MAD/MADI's 3) and each field's name, shift and width. {@link InstructionCodec} is derived from
 * these declarations.
 */
public enum WordFormat {
    /** opcode only: NOP END BREAK EMIT */
    F0(6),
    /** two-source ALU, src1 7-bit, src2 5-bit */
    F1(6, f(Field.DST, 21, 5), f(Field.IDX, 19, 2), f(Field.SRC1, 12, 7), f(Field.SRC2, 7, 5), f(Field.DESC, 0, 7)),
    /** inverted two-source ALU, src1 5-bit, src2 7-bit */
    F1I(6, f(Field.DST, 21, 5), f(Field.IDX, 19, 2), f(Field.SRC1, 14, 5), f(Field.SRC2, 7, 7), f(Field.DESC, 0, 7)),
    /** one-source ALU (format 1 without src2) */
    F1U(6, f(Field.DST, 21, 5), f(Field.IDX, 19, 2), f(Field.SRC1, 12, 7), f(Field.DESC, 0, 7)),
    /** CMP */
    F1C(5, f(Field.CMPX, 24, 3), f(Field.CMPY, 21, 3), f(Field.IDX, 19, 2), f(Field.SRC1, 12, 7), f(Field.SRC2, 7, 5), f(Field.DESC, 0, 7)),
    /** condition flow: BREAKC CALL CALLC IFC JMPC */
    F2(6, f(Field.REFX, 25, 1), f(Field.REFY, 24, 1), f(Field.CONDOP, 22, 2), f(Field.TARGET, 10, 12), f(Field.NUM, 0, 8)),
    /** boolean / integer flow: CALLU IFU JMPU LOOP (LOOP's i register is the low 2 bits of REG) */
    F3(6, f(Field.REG, 22, 4), f(Field.TARGET, 10, 12), f(Field.NUM, 0, 8)),
    /** SETEMIT */
    F4(6, f(Field.VTXID, 24, 2), f(Field.PRIMEMIT, 23, 1), f(Field.WINDING, 22, 1)),
    /** MAD: src1 5, src2 7, src3 5 */
    F5(3, f(Field.DST, 24, 5), f(Field.IDX, 22, 2), f(Field.SRC1, 17, 5), f(Field.SRC2, 10, 7), f(Field.SRC3, 5, 5), f(Field.DESC, 0, 5)),
    /** MADI: src1 5, src2 5, src3 7 */
    F5I(3, f(Field.DST, 24, 5), f(Field.IDX, 22, 2), f(Field.SRC1, 17, 5), f(Field.SRC2, 12, 5), f(Field.SRC3, 5, 7), f(Field.DESC, 0, 5));

    /** The fields of {@link Instruction} a format may carry. */
    public enum Field {
        DST, IDX, SRC1, SRC2, SRC3, DESC, CMPX, CMPY, REFX, REFY, CONDOP, TARGET, NUM, REG, VTXID, PRIMEMIT, WINDING;

        /** How many there are (values() copies its array on every call). */
        public static final int COUNT = values().length;
    }

    /** One field of a word: bits [shift + width - 1 : shift]. */
    public record BitField(Field field, int shift, int width) {
        public int max() {
            return (1 << width) - 1;
        }

        public int get(int word) {
            return word >>> shift & max();
        }
    }

    /** Width of the opcode prefix at the top of the word. */
    public final int opcodeBits;
    public final List<BitField> fields;
    /** The largest value of each {@link Field} (by ordinal) in this format; 0 for fields it lacks. */
    private final int[] maxima = new int[Field.COUNT];
    /** source count and the wide source, derived from the declared fields */
    private final int sources, wide;

    WordFormat(int opcodeBits, BitField... fields) {
        this.opcodeBits = opcodeBits;
        this.fields = List.of(fields);
        for (BitField b : fields) maxima[b.field().ordinal()] = b.max();
        int n = 0, w = 0;
        for (int k = 1; k <= 3; k++) {
            if (maxima[sourceField(k).ordinal()] == 0) continue;
            n = k;
            if (maxima[sourceField(k).ordinal()] > 0x1F) w = k;
        }
        this.sources = n;
        this.wide = w;
    }

    /** The largest value a field can hold in this format (0 if the format lacks it). */
    public int max(Field f) {
        return maxima[f.ordinal()];
    }

    private static BitField f(Field field, int shift, int width) {
        return new BitField(field, shift, width);
    }

    /** The field's layout in this format, or null if the format has no such field. */
    public BitField field(Field f) {
        for (BitField b : fields) if (b.field() == f) return b;
        return null;
    }

    public boolean hasDescriptor() {
        return field(Field.DESC) != null;
    }

    /** Whether the format has a destination register (DST: format 1, 1i, 1u and 5; not CMP). */
    public boolean hasDestination() {
        return field(Field.DST) != null;
    }

    /** How many source registers the format has (SRC1..SRC3 declared): 1 (1u), 2 (1, 1i, 1c), 3 (5, 5i), else 0. */
    public int sources() {
        return sources;
    }

    /** The field of source n (1-3), as the descriptor numbers them (SEL1 always describes SRC1). */
    public static Field sourceField(int n) {
        return switch (n) {
            case 1 -> Field.SRC1;
            case 2 -> Field.SRC2;
            case 3 -> Field.SRC3;
            default -> throw new IllegalArgumentException("source " + n);
        };
    }

    /**
     * Which source (1-3) is the wide one, the 7-bit field that can name a c register and that IDX
     * indexes (isa.md 3, 6); 0 for a format without sources.
     */
    public int wideSource() {
        return wide;
    }

    /** The descriptor fields an instruction of this format relies on (isa.md 5.2): bit 0 mask, 1..3 sources. */
    public int usedInfo() {
        return (hasDestination() ? 1 : 0) | ((1 << sources) - 1) << 1;
    }

    /** How many operands the SDK dialect writes for an ALU word of this format: the destination (CMP: its two comparisons) and the sources. */
    public int writtenOperands() {
        return sources == 0 ? 0 : (this == F1C ? 2 : hasDestination() ? 1 : 0) + sources;
    }
}
