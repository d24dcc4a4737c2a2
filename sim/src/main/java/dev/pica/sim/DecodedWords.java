package dev.pica.sim;

import dev.pica.format.Instruction;
import dev.pica.format.Limits;
import dev.pica.format.Opcode;
import dev.pica.format.OperandDescriptors;

/**
 * A shader's words decoded once, from the format's own decoder, into flat integer fields the
 * interpreter reads without decoding anything per step: what the word does, where each source
 * operand lies in the unit's one register array ({@link Machine}), its selectors and negation,
 * the destination and mask, and the flow-control fields. Immutable after construction.
 */
final class DecodedWords {
    // where each register file lies in Machine's one float array (register n's lane k at base + 4n + k)
    static final int IN = 0, TEMP = 64, CONST = 128, ONES = 512, OUT = 516, BANK = 64, SIZE = OUT + 2 * BANK;

    // fields of one word, at pc * STRIDE; ENDS is 1 when some block of the program can end after it
    static final int KIND = 0, DST = 1, MASK = 2, SRC = 3, SEL = 6, REL = 9, NEG = 10, TARGET = 11, NUM = 12, AUX = 13, ENDS = 14, STRIDE = 16;

    // what a word does; the inverted forms share their plain form's kind
    static final int UNUSED = 0, END = 1, NOP = 2, ADD = 3, MUL = 4, MAD = 5, FLR = 6, MAX = 7, MIN = 8, SGE = 9, SLT = 10,
            MOV = 11, DP3 = 12, DP4 = 13, DPH = 14, RCP = 15, RSQ = 16, EX2 = 17, LG2 = 18, MOVA = 19, CMP = 20,
            UNIMPLEMENTED = 21, BREAK = 22, BREAKC = 23, CALL = 24, CALLC = 25, CALLU = 26, IFU = 27, IFC = 28,
            JMPC = 29, JMPU = 30, LOOP = 31, EMIT = 32, SETEMIT = 33;

    final int[] w = new int[Limits.CODE_WORDS * STRIDE];
    /**
     * The end (in Machine's array) of the temporaries and the number of output registers some
     * word can write: a fresh unit needs only these cleared, the rest are never anything but 0.
     */
    final int tempEnd, outputsWritten;

    DecodedWords(Instruction[] decoded, int[] descriptors) {
        for (int pc = 0; pc < decoded.length; pc++) {
            Instruction i = decoded[pc];
            int p = pc * STRIDE;
            w[p + KIND] = i == null ? UNUSED : kind(i.op());
            if (i == null) continue;
            switch (i.op().format) {
                case F1, F1U, F1C -> sources(p, i, descriptors[i.desc()], 1, i.src1(), i.src2(), 0);
                case F1I -> sources(p, i, descriptors[i.desc()], 2, i.src1(), i.src2(), 0);
                case F5 -> sources(p, i, descriptors[i.desc()], 2, i.src1(), i.src2(), i.src3());
                case F5I -> sources(p, i, descriptors[i.desc()], 3, i.src1(), i.src2(), i.src3());
                default -> {
                    w[p + TARGET] = i.target();
                    w[p + NUM] = i.num();
                    w[p + AUX] = switch (i.op()) {
                        case CALLU, IFU, JMPU, LOOP -> i.reg();
                        case SETEMIT -> i.vtxId() | i.primEmit() << 2 | i.winding() << 3;
                        default -> i.refX() | i.refY() << 1 | i.condOp() << 2;
                    };
                }
            }
        }
        int temps = TEMP, outs = 0;
        for (int pc = 0; pc < decoded.length; pc++) {
            int p = pc * STRIDE, kind = w[p + KIND];
            if (sources(kind) == 0 || kind == MOVA || kind == CMP) continue;
            int d = w[p + DST];
            if (d < 0) outs = Math.max(outs, (-1 - d) / 4 + 1);
            else temps = Math.max(temps, d + 4);
        }
        tempEnd = temps;
        outputsWritten = outs;
        // Stack entries come only from this program's CALL, IF and LOOP words, so the addresses a
        // block can end at are known: after any other word the next one is simply pc + 1.
        for (Instruction i : decoded) {
            if (i == null) continue;
            int end = switch (i.op()) {
                case CALL, CALLC, CALLU -> i.target() + i.num();
                case IFU, IFC -> i.target();
                case LOOP -> i.target() + 1;
                default -> -1;
            };
            if (end > 0 && end <= decoded.length) w[(end - 1) * STRIDE + ENDS] = 1;
        }
    }

    /**
     * The ALU fields: sources in slots 1-3, the relative index (IDX) on {@code relSlot} when that
     * operand is a c register (isa.md 8.4), destination and mask, CMP's two operators.
     */
    private void sources(int p, Instruction i, int d, int relSlot, int... codes) {
        for (int s = 0; s < 3; s++) {
            int code = codes[s];
            boolean relative = s + 1 == relSlot && i.idx() != 0 && code >= 0x20;
            if (relative) w[p + REL] = relSlot << 2 | i.idx();
            // a relative operand keeps its constant number; the base is worked out when it runs
            w[p + SRC + s] = relative ? code - 0x20 : code < 0x10 ? IN + 4 * code : code < 0x20 ? TEMP + 4 * (code - 0x10) : CONST + 4 * (code - 0x20);
            w[p + SEL + s] = OperandDescriptors.sel(d, s + 1);
            if (OperandDescriptors.neg(d, s + 1)) w[p + NEG] |= 1 << s;
        }
        // outputs move with the bank, so they are kept as -1 - 4n
        w[p + DST] = i.dst() < 0x10 ? -1 - 4 * i.dst() : TEMP + 4 * (i.dst() - 0x10);
        w[p + MASK] = OperandDescriptors.mask(d);
        w[p + AUX] = i.cmpX() | i.cmpY() << 3;
    }

    /** How many source slots an ALU kind reads. */
    static int sources(int kind) {
        return switch (kind) {
            case MAD -> 3;
            case ADD, MUL, MAX, MIN, SGE, SLT, DP3, DP4, DPH, CMP -> 2;
            case FLR, MOV, RCP, RSQ, EX2, LG2, MOVA -> 1;
            default -> 0;
        };
    }

    private static int kind(Opcode op) {
        return switch (op) {
            case END -> END;
            case NOP -> NOP;
            case ADD -> ADD;
            case MUL -> MUL;
            case MAD, MADI -> MAD;
            case FLR -> FLR;
            case MAX -> MAX;
            case MIN -> MIN;
            case SGE, SGEI -> SGE;
            case SLT, SLTI -> SLT;
            case MOV -> MOV;
            case DP3 -> DP3;
            case DP4 -> DP4;
            case DPH, DPHI -> DPH;
            case RCP -> RCP;
            case RSQ -> RSQ;
            case EX2 -> EX2;
            case LG2 -> LG2;
            case MOVA -> MOVA;
            case CMP -> CMP;
            case DST, DSTI, LITP -> UNIMPLEMENTED;
            case BREAK -> BREAK;
            case BREAKC -> BREAKC;
            case CALL -> CALL;
            case CALLC -> CALLC;
            case CALLU -> CALLU;
            case IFU -> IFU;
            case IFC -> IFC;
            case JMPC -> JMPC;
            case JMPU -> JMPU;
            case LOOP -> LOOP;
            case EMIT -> EMIT;
            case SETEMIT -> SETEMIT;
        };
    }
}
