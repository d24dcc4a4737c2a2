package dev.pica.format.verify;

import dev.pica.format.Instruction;
import dev.pica.format.Opcode;
import dev.pica.format.RegisterFile;
import dev.pica.format.WordFormat;

/**
 * What one word reads and writes, per register component (bit 4*n + c, c = 0 for x): the
 * facts F-OUT2, F-OUT0 and F-UNINIT need. Lanes follow isa.md 5 (SEL1 describes the first
 * written source) and each operation's use of its source lanes.
 */
record WordEffects(long writesOutput, long writesTemp, int writesMisc, long readsTemp, int readsMisc,
                   int readsInputs, int readsFloat, int readsInt, int readsBool) {

    static final int A0X = 1, A0Y = 2, AL = 4, CMPX = 8, CMPY = 16;
    /** where r and c registers start in a register field (isa.md 4) */
    private static final int TEMP = RegisterFile.TEMPORARY.fieldBase, FLOAT = RegisterFile.FLOAT_UNIFORM.fieldBase;
    static final String[] MISC_NAMES = {"a0.x", "a0.y", "aL", "cmp.x", "cmp.y"};

    static final WordEffects NONE = new WordEffects(0, 0, 0, 0, 0, 0, -1, -1, -1);

    static WordEffects of(Instruction ins, int[] descriptors) {
        if (ins == null) return NONE;
        Opcode op = ins.op();
        int misc = 0;
        if (op.has(Opcode.Flag.READS_CMP)) {
            misc = switch (ins.condOp()) {
                case 2 -> CMPX;
                case 3 -> CMPY;
                default -> CMPX | CMPY;
            };
        }
        if (op.has(Opcode.Flag.READS_BOOL)) return new WordEffects(0, 0, 0, 0, misc, 0, -1, -1, ins.reg());
        if (op.has(Opcode.Flag.WRITES_AL)) return new WordEffects(0, 0, AL, 0, 0, 0, -1, ins.reg(), -1);
        if (!op.hasDescriptor()) return new WordEffects(0, 0, 0, 0, misc, 0, -1, -1, -1);

        int desc = ins.desc() < descriptors.length ? descriptors[ins.desc()] : 0;
        int mask = Integer.reverse(desc & 0xF) >>> 28; // x = bit 0
        long outW = 0, tempW = 0;
        int miscW = 0;
        if (op.has(Opcode.Flag.WRITES_A0)) {
            miscW = (mask & 1) * A0X | (mask >> 1 & 1) * A0Y;
        } else if (op.has(Opcode.Flag.WRITES_CMP)) {
            miscW = CMPX | CMPY;
        }
        if (!op.has(Opcode.Flag.WRITES_A0) && op.format != WordFormat.F1C) { // mova writes a0 only, cmp (format 1c) has no DST
            if (ins.dst() < TEMP) outW = (long) mask << 4 * ins.dst();
            else tempW = (long) mask << 4 * (ins.dst() - TEMP);
        }
        int[] srcs = op.format == WordFormat.F1U ? new int[] {ins.src1()}
                : op.isMad() ? new int[] {ins.src1(), ins.src2(), ins.src3()} : new int[] {ins.src1(), ins.src2()};
        int wide = switch (op.format) {
            case F1I, F5 -> 1;
            case F5I -> 2;
            default -> 0;
        };
        long tempR = 0;
        int inputs = 0, floatReg = -1;
        for (int s = 0; s < srcs.length; s++) {
            int code = srcs[s];
            int sel = desc >>> (s == 0 ? 5 : s == 1 ? 14 : 23) & 0xFF;
            int comps = 0;
            int lanes = lanes(op, s, mask);
            for (int lane = 0; lane < 4; lane++) if ((lanes & 1 << lane) != 0) comps |= 1 << (sel >>> (6 - 2 * lane) & 3);
            if (code < TEMP) inputs |= 1 << code;
            else if (code < FLOAT) tempR |= (long) comps << 4 * (code - TEMP);
            else if (s == wide && ins.idx() == 0) floatReg = code - FLOAT;
            if (s == wide && code >= FLOAT && ins.idx() != 0) misc |= ins.idx() == 1 ? A0X : ins.idx() == 2 ? A0Y : AL;
        }
        return new WordEffects(outW, tempW, miscW, tempR, misc, inputs, floatReg, -1, -1);
    }

    /** The lanes (x = bit 0) of source s that the operation uses, given the destination mask. */
    private static int lanes(Opcode op, int s, int mask) {
        return switch (op) {
            case DP3 -> 0x7;
            case DP4 -> 0xF;
            case DPH, DPHI -> s == 0 ? 0x7 : 0xF;
            case DST, DSTI -> (mask & 2) | (s == 0 ? mask & 4 : mask & 8);
            case EX2, LG2, RCP, RSQ -> 0x1;
            case LITP -> 0xB;
            case CMP -> 0x3;
            case MOVA -> mask & 0x3;
            default -> mask;
        };
    }
}
