package dev.pica.format.isa;

import dev.pica.format.isa.WordFormat.BitField;
import dev.pica.format.isa.WordFormat.Field;

/** Encodes and decodes instruction words by the field declarations of {@link WordFormat}. */
public final class InstructionCodec {
    private InstructionCodec() {}

    /** The word; every field fits, as {@link Instruction} checked when it was made (nothing is masked). */
    public static int encode(Instruction i) {
        Opcode op = i.op();
        WordFormat f = op.format;
        int w = (op.code >>> (6 - f.opcodeBits)) << (32 - f.opcodeBits);
        for (BitField b : f.fields) w |= i.get(b.field()) << b.shift();
        return w;
    }

    /** Decodes a word; returns null for the unused opcodes. Bits a format does not define are ignored. */
    public static Instruction decode(int w) {
        Opcode op = Opcode.ofWord(w);
        if (op == null) return null;
        int[] v = new int[Field.COUNT];
        for (BitField b : op.format.fields) v[b.field().ordinal()] = b.get(w);
        if (op == Opcode.LOOP) v[Field.REG.ordinal()] &= 3; // LOOP reads i0-i3 from REG's low bits
        return Instruction.of(op, v);
    }

    /** The DESC field of a word, or -1 if its opcode has none. */
    public static int descIndex(int w) {
        Opcode op = Opcode.ofWord(w);
        if (op == null || !op.hasDescriptor()) return -1;
        return op.format.field(Field.DESC).get(w);
    }

    /** The word with its DESC field replaced. */
    public static int withDesc(int w, int desc) {
        BitField b = Opcode.ofWord(w).format.field(Field.DESC);
        return (w & ~(b.max() << b.shift())) | (desc & b.max()) << b.shift();
    }

    private static final BitField TARGET = WordFormat.F2.field(Field.TARGET);
    private static final BitField NUM = WordFormat.F2.field(Field.NUM);

    /** The word with its F2/F3 DST and NUM fields replaced (both formats place them alike). */
    public static int withTarget(int w, int target, int num) {
        return (w & ~(TARGET.max() << TARGET.shift() | NUM.max())) | (target & TARGET.max()) << TARGET.shift() | (num & NUM.max());
    }

    public static int target(int w) {
        return TARGET.get(w);
    }

    public static int num(int w) {
        return NUM.get(w);
    }
}
