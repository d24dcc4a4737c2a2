package dev.pica.format;

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

    WordFormat(int opcodeBits, BitField... fields) {
        this.opcodeBits = opcodeBits;
        this.fields = List.of(fields);
        for (BitField b : fields) maxima[b.field().ordinal()] = b.max();
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

    /** The descriptor fields an instruction of this format relies on (isa.md 5.2): bit 0 mask, 1..3 sources. */
    public int usedInfo() {
        return switch (this) {
            case F1U -> 0x3;
            case F1, F1I -> 0x7;
            case F1C -> 0x6;
            case F5, F5I -> 0xF;
            default -> 0;
        };
    }
}
