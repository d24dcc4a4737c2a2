package dev.pica.sim;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.Operands;
import dev.pica.format.isa.RegisterFile;

/**
 * A shader's words decoded once, from the format's own decoder, into flat integer fields the
 * interpreter reads without decoding anything per step: what the word does, where each source
 * operand lies in the unit's one register array ({@link Machine}), its selectors and negation,
 * the destination and mask, and the flow-control fields. Immutable after construction.
 */
final class DecodedWords {
    // where each register file lies in Machine's one float array (register n's lane k at base + 4n + k),
    // sized from RegisterFile: v, r, c, the register of ones, o's two banks (constants once class init ran)
    static final int IN = 0, TEMP = IN + 4 * RegisterFile.INPUT.count, CONST = TEMP + 4 * RegisterFile.TEMPORARY.count,
            ONES = CONST + 4 * RegisterFile.FLOAT_UNIFORM.count, OUT = ONES + 4, BANK = 4 * RegisterFile.OUTPUT.count, SIZE = OUT + 2 * BANK;
    /** how many float uniforms there are: a relative index from here on reads the register of ones */
    static final int FLOATS = RegisterFile.FLOAT_UNIFORM.count;

    // fields of one word, at pc * STRIDE; ENDS is 1 when some block of the program can end after it
    static final int KIND = 0, DST = 1, MASK = 2, SRC = 3, SEL = 6, REL = 9, NEG = 10, TARGET = 11, NUM = 12, AUX = 13, ENDS = 14, STRIDE = 16;

    // what a word does: an ALU word is ALU + its AluKind's ordinal (the inverted forms share their
    // plain form's kind); BREAK to LOOP are the words with a target, in this order
    static final int UNUSED = 0, END = 1, NOP = 2, UNIMPLEMENTED = 3, BREAK = 4, BREAKC = 5, CALL = 6, CALLC = 7, CALLU = 8,
            IFU = 9, IFC = 10, JMPC = 11, JMPU = 12, LOOP = 13, EMIT = 14, SETEMIT = 15, ALU = 16;
    private static final AluKind[] ALU_KINDS = AluKind.values();

    final int[] w = new int[Limits.CODE_WORDS * STRIDE];
    /**
     * The end (in Machine's array) of the temporaries and the number of output registers some
     * word can write: a fresh unit needs only these cleared, the rest are never anything but 0.
     */
    final int tempEnd, outputsWritten;
    /** the input registers some word reads, bit n for vN (a batch sets only these) */
    final int inputsRead;

    DecodedWords(Instruction[] decoded, int[] descriptors) {
        for (int pc = 0; pc < decoded.length; pc++) {
            Instruction i = decoded[pc];
            int p = pc * STRIDE;
            w[p + KIND] = i == null ? UNUSED : kind(i.op());
            if (i == null) continue;
            if (i.op().format.sources() > 0) {
                alu(p, new Operands(i, descriptors[i.desc()]));
                continue;
            }
            w[p + TARGET] = i.target();
            w[p + NUM] = i.num();
            w[p + AUX] = switch (i.op()) {
                case CALLU, IFU, JMPU, LOOP -> i.reg();
                case SETEMIT -> i.vtxId() | i.primEmit() << 2 | i.winding() << 3;
                default -> i.refX() | i.refY() << 1 | i.condOp() << 2;
            };
        }
        int temps = TEMP, outs = 0;
        for (int pc = 0; pc < decoded.length; pc++) {
            int p = pc * STRIDE, kind = w[p + KIND];
            AluKind alu = alu(kind);
            if (alu == null || !alu.writesRegister()) continue;
            int d = w[p + DST];
            if (d < 0) outs = Math.max(outs, (-1 - d) / 4 + 1);
            else temps = Math.max(temps, d + 4);
        }
        tempEnd = temps;
        outputsWritten = outs;
        int in = 0;
        for (int pc = 0; pc < decoded.length; pc++) {
            int p = pc * STRIDE;
            for (int s = 0, n = sources(w[p + KIND]); s < n; s++) {
                if (w[p + REL] >>> 2 != s + 1 && w[p + SRC + s] < TEMP) in |= 1 << (w[p + SRC + s] - IN) / 4;
            }
        }
        inputsRead = in;
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
     * The ALU fields: the sources' offsets (slots the format lacks read v0 and are never used),
     * the relative index (IDX) of the wide source when it is a c register (isa.md 8.4),
     * destination and mask, CMP's two operators.
     */
    private void alu(int p, Operands o) {
        for (int n = 1; n <= 3; n++) {
            int s = n - 1;
            RegisterFile f = n <= o.count() ? o.file(n) : RegisterFile.INPUT;
            int number = n <= o.count() ? o.number(n) : 0;
            boolean relative = o.index(n) != 0 && f == RegisterFile.FLOAT_UNIFORM;
            if (relative) w[p + REL] = n << 2 | o.index(n);
            // a relative operand keeps its constant number; the base is worked out when it runs
            w[p + SRC + s] = relative ? number : base(f) + 4 * number;
            w[p + SEL + s] = o.selector(n);
            if (o.negated(n)) w[p + NEG] |= 1 << s;
        }
        // outputs move with the bank, so they are kept as -1 - 4n
        RegisterFile d = RegisterFile.ofDestinationField(o.destination());
        int n = o.destination() - d.fieldBase;
        w[p + DST] = d == RegisterFile.OUTPUT ? -1 - 4 * n : TEMP + 4 * n;
        w[p + MASK] = o.mask();
        w[p + AUX] = o.instruction().cmpX() | o.instruction().cmpY() << 3;
    }

    /** Where a source file's registers start in Machine's array. */
    private static int base(RegisterFile f) {
        return switch (f) {
            case INPUT -> IN;
            case TEMPORARY -> TEMP;
            case FLOAT_UNIFORM -> CONST;
            default -> throw new IllegalArgumentException(f + " is not a source file");
        };
    }

    /** The ALU kind of a word's KIND field, or null for any other word. */
    static AluKind alu(int kind) {
        return kind >= ALU ? ALU_KINDS[kind - ALU] : null;
    }

    /** How many source slots a word of this KIND reads (0 unless it is an ALU word). */
    static int sources(int kind) {
        return kind >= ALU ? ALU_KINDS[kind - ALU].sources : 0;
    }

    private static int kind(Opcode op) {
        AluKind alu = AluKind.of(op);
        if (alu != null) return ALU + alu.ordinal();
        return switch (op) {
            case END -> END;
            case NOP -> NOP;
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
            default -> throw new IllegalStateException("no kind for " + op);
        };
    }
}
