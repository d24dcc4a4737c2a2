package dev.pica.format;

/** Encodes and decodes instruction words by the bit fields of isa.md section 3. */
public final class InstructionCodec {
    private InstructionCodec() {}

    public static int encode(Instruction i) {
        Opcode op = i.op();
        return switch (op.format) {
            case F0 -> op.code << 26;
            case F1, F1U -> op.code << 26 | (i.dst() & 0x1F) << 21 | (i.idx() & 3) << 19
                    | (i.src1() & 0x7F) << 12 | (i.src2() & 0x1F) << 7 | (i.desc() & 0x7F);
            case F1I -> op.code << 26 | (i.dst() & 0x1F) << 21 | (i.idx() & 3) << 19
                    | (i.src1() & 0x1F) << 14 | (i.src2() & 0x7F) << 7 | (i.desc() & 0x7F);
            case F1C -> 0b10111 << 27 | (i.cmpX() & 7) << 24 | (i.cmpY() & 7) << 21 | (i.idx() & 3) << 19
                    | (i.src1() & 0x7F) << 12 | (i.src2() & 0x1F) << 7 | (i.desc() & 0x7F);
            case F2 -> op.code << 26 | (i.refX() & 1) << 25 | (i.refY() & 1) << 24 | (i.condOp() & 3) << 22
                    | (i.target() & 0xFFF) << 10 | (i.num() & 0xFF);
            case F3 -> op.code << 26 | (op == Opcode.LOOP ? (i.reg() & 3) : (i.reg() & 0xF)) << 22
                    | (i.target() & 0xFFF) << 10 | (i.num() & 0xFF);
            case F4 -> op.code << 26 | (i.vtxId() & 3) << 24 | (i.primEmit() & 1) << 23 | (i.winding() & 1) << 22;
            case F5 -> 0b111 << 29 | (i.dst() & 0x1F) << 24 | (i.idx() & 3) << 22 | (i.src1() & 0x1F) << 17
                    | (i.src2() & 0x7F) << 10 | (i.src3() & 0x1F) << 5 | (i.desc() & 0x1F);
            case F5I -> 0b110 << 29 | (i.dst() & 0x1F) << 24 | (i.idx() & 3) << 22 | (i.src1() & 0x1F) << 17
                    | (i.src2() & 0x1F) << 12 | (i.src3() & 0x7F) << 5 | (i.desc() & 0x1F);
        };
    }

    /** Decodes a word; returns null for the unused opcodes. Bits a format does not define are ignored. */
    public static Instruction decode(int w) {
        Opcode op = Opcode.ofWord(w);
        if (op == null) return null;
        return switch (op.format) {
            case F0 -> Instruction.simple(op);
            case F1, F1U -> Instruction.alu(op, w >>> 21 & 0x1F, w >>> 19 & 3, w >>> 12 & 0x7F,
                    op.format == WordFormat.F1U ? 0 : w >>> 7 & 0x1F, 0, w & 0x7F);
            case F1I -> Instruction.alu(op, w >>> 21 & 0x1F, w >>> 19 & 3, w >>> 14 & 0x1F, w >>> 7 & 0x7F, 0, w & 0x7F);
            case F1C -> Instruction.cmp(w >>> 24 & 7, w >>> 21 & 7, w >>> 19 & 3, w >>> 12 & 0x7F, w >>> 7 & 0x1F, w & 0x7F);
            case F2 -> Instruction.cond(op, w >>> 25 & 1, w >>> 24 & 1, w >>> 22 & 3, w >>> 10 & 0xFFF, w & 0xFF);
            case F3 -> Instruction.regFlow(op, op == Opcode.LOOP ? w >>> 22 & 3 : w >>> 22 & 0xF, w >>> 10 & 0xFFF, w & 0xFF);
            case F4 -> Instruction.setemit(w >>> 24 & 3, w >>> 23 & 1, w >>> 22 & 1);
            case F5 -> Instruction.alu(op, w >>> 24 & 0x1F, w >>> 22 & 3, w >>> 17 & 0x1F, w >>> 10 & 0x7F, w >>> 5 & 0x1F, w & 0x1F);
            case F5I -> Instruction.alu(op, w >>> 24 & 0x1F, w >>> 22 & 3, w >>> 17 & 0x1F, w >>> 12 & 0x1F, w >>> 5 & 0x7F, w & 0x1F);
        };
    }

    /** The DESC field of a word, or -1 if its opcode has none. */
    public static int descIndex(int w) {
        Opcode op = Opcode.ofWord(w);
        if (op == null || !op.hasDescriptor()) return -1;
        return op.isMad() ? w & 0x1F : w & 0x7F;
    }

    /** The word with its DESC field replaced. */
    public static int withDesc(int w, int desc) {
        Opcode op = Opcode.ofWord(w);
        return op.isMad() ? (w & ~0x1F) | (desc & 0x1F) : (w & ~0x7F) | (desc & 0x7F);
    }

    /** The word with its F2/F3 DST and NUM fields replaced. */
    public static int withTarget(int w, int target, int num) {
        return (w & ~0x3FFCFF) | (target & 0xFFF) << 10 | (num & 0xFF);
    }

    public static int target(int w) {
        return w >>> 10 & 0xFFF;
    }

    public static int num(int w) {
        return w & 0xFF;
    }
}
