package dev.pica.format.isa;


/**
 * One decoded instruction word with every field of every format (isa.md section 3); fields a
 * format does not have are 0. {@link InstructionCodec} converts between this and the 32-bit word,
 * and decode(encode(i)) == i for every valid instruction.
 *
 * @param dst     5-bit destination code (F1*, F5*)
 * @param idx     address register index 0-3 applied to the wide source slot
 * @param src1    source field codes in written order (SEL1 always describes src1)
 * @param desc    operand-descriptor index
 * @param cmpX    CMP operator for x (F1C)
 * @param cmpY    CMP operator for y (F1C)
 * @param refX    F2 condition reference for cmp.x, 0 or 1
 * @param refY    F2 condition reference for cmp.y
 * @param condOp  F2 condition combiner 0-3
 * @param target  F2/F3 code address (DST field)
 * @param num     F2/F3 NUM field
 * @param reg     F3 bool index (CALLU IFU JMPU) or int index (LOOP)
 * @param vtxId   F4
 * @param primEmit F4, 0 or 1
 * @param winding F4, 0 or 1
 */
public record Instruction(Opcode op, int dst, int idx, int src1, int src2, int src3, int desc,
                          int cmpX, int cmpY, int refX, int refY, int condOp, int target, int num,
                          int reg, int vtxId, int primEmit, int winding) {

    /** Every field fits its place in the opcode's word format, and fields the format lacks are 0. */
    public Instruction {
        if (op == null) throw new IllegalArgumentException("no opcode");
        // one call per field rather than a loop over an array of them: an instruction is made per
        // word in every pass, and the array was a twelfth of what assembling allocates
        check(op, WordFormat.Field.DST, dst);
        check(op, WordFormat.Field.IDX, idx);
        check(op, WordFormat.Field.SRC1, src1);
        check(op, WordFormat.Field.SRC2, src2);
        check(op, WordFormat.Field.SRC3, src3);
        check(op, WordFormat.Field.DESC, desc);
        check(op, WordFormat.Field.CMPX, cmpX);
        check(op, WordFormat.Field.CMPY, cmpY);
        check(op, WordFormat.Field.REFX, refX);
        check(op, WordFormat.Field.REFY, refY);
        check(op, WordFormat.Field.CONDOP, condOp);
        check(op, WordFormat.Field.TARGET, target);
        check(op, WordFormat.Field.NUM, num);
        check(op, WordFormat.Field.REG, reg);
        check(op, WordFormat.Field.VTXID, vtxId);
        check(op, WordFormat.Field.PRIMEMIT, primEmit);
        check(op, WordFormat.Field.WINDING, winding);
    }

    private static void check(Opcode op, WordFormat.Field f, int x) {
        int max = op == Opcode.LOOP && f == WordFormat.Field.REG ? 3 : op.format.max(f);
        if (x < 0 || x > max) {
            WordFormat.BitField b = op.format.field(f);
            throw new IllegalArgumentException(op + " " + f + " = " + x + (b == null ? ": the format has no such field" : " does not fit in " + b.width() + " bits"));
        }
    }

    public static Instruction simple(Opcode op) {
        return new Instruction(op, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    public static Instruction alu(Opcode op, int dst, int idx, int src1, int src2, int src3, int desc) {
        return new Instruction(op, dst, idx, src1, src2, src3, desc, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    public static Instruction cmp(int cmpX, int cmpY, int idx, int src1, int src2, int desc) {
        return new Instruction(Opcode.CMP, 0, idx, src1, src2, 0, desc, cmpX, cmpY, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    public static Instruction cond(Opcode op, int refX, int refY, int condOp, int target, int num) {
        return new Instruction(op, 0, 0, 0, 0, 0, 0, 0, 0, refX, refY, condOp, target, num, 0, 0, 0, 0);
    }

    public static Instruction regFlow(Opcode op, int reg, int target, int num) {
        return new Instruction(op, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, target, num, reg, 0, 0, 0);
    }

    public static Instruction setemit(int vtxId, int primEmit, int winding) {
        return new Instruction(Opcode.SETEMIT, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, vtxId, primEmit, winding);
    }

    /** The instruction from field values indexed by {@link WordFormat.Field} ordinal. */
    static Instruction of(Opcode op, int[] v) {
        return new Instruction(op, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15], v[16]);
    }

    /** A field's value by name (the codec walks a format's declared fields). */
    public int get(WordFormat.Field f) {
        return switch (f) {
            case DST -> dst;
            case IDX -> idx;
            case SRC1 -> src1;
            case SRC2 -> src2;
            case SRC3 -> src3;
            case DESC -> desc;
            case CMPX -> cmpX;
            case CMPY -> cmpY;
            case REFX -> refX;
            case REFY -> refY;
            case CONDOP -> condOp;
            case TARGET -> target;
            case NUM -> num;
            case REG -> reg;
            case VTXID -> vtxId;
            case PRIMEMIT -> primEmit;
            case WINDING -> winding;
        };
    }

    public Instruction withDesc(int d) {
        return new Instruction(op, dst, idx, src1, src2, src3, d, cmpX, cmpY, refX, refY, condOp, target, num,
                reg, vtxId, primEmit, winding);
    }

    public Instruction withTarget(int t, int n) {
        return new Instruction(op, dst, idx, src1, src2, src3, desc, cmpX, cmpY, refX, refY, condOp, t, n,
                reg, vtxId, primEmit, winding);
    }
}
