package dev.pica.format.verify;

import dev.pica.format.isa.Condition;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.Operands;
import dev.pica.format.isa.RegisterFile;

/**
 * What one word reads and writes, per register component (bit 4*n + c, c = 0 for x): the
 * facts F-OUT2, F-OUT0 and F-UNINIT need. Lanes follow isa.md 5 (SEL1 describes the first
 * written source) and each operation's use of its source lanes: {@code feeds[d]} are the
 * temporary components destination lane d is computed from, {@code decides} those a mova reads (an
 * address) or a cmp compares into cmp.x, {@code decidesY} those a cmp compares into cmp.y (where an
 * undefined value changes what runs or is read, if the flag is read).
 */
record WordEffects(long writesOutput, long writesTemp, int writesMisc, long readsTemp, int readsMisc,
                   int readsInputs, int readsFloat, int readsInt, int readsBool, long[] feeds, long decides, long decidesY) {

    static final int A0X = 1, A0Y = 2, AL = 4, CMPX = 8, CMPY = 16;
    /** where r and c registers start in a register field (isa.md 4) */
    private static final int TEMP = RegisterFile.TEMPORARY.fieldBase, FLOAT = RegisterFile.FLOAT_UNIFORM.fieldBase;
    static final String[] MISC_NAMES = {"a0.x", "a0.y", "aL", "cmp.x", "cmp.y"};

    private static final long[] NO_FEEDS = new long[4];
    static final WordEffects NONE = new WordEffects(0, 0, 0, 0, 0, 0, -1, -1, -1, NO_FEEDS, 0, 0);

    static WordEffects of(Instruction ins, int[] descriptors) {
        if (ins == null) return NONE;
        Opcode op = ins.op();
        int misc = 0;
        if (op.has(Opcode.Flag.READS_CMP)) {
            Condition c = Condition.of(ins.condOp());
            misc = (c.readsX() ? CMPX : 0) | (c.readsY() ? CMPY : 0);
        }
        if (op.has(Opcode.Flag.READS_BOOL)) return new WordEffects(0, 0, 0, 0, misc, 0, -1, -1, ins.reg(), NO_FEEDS, 0, 0);
        if (op.has(Opcode.Flag.WRITES_AL)) return new WordEffects(0, 0, AL, 0, 0, 0, -1, ins.reg(), -1, NO_FEEDS, 0, 0);
        if (!op.hasDescriptor()) return new WordEffects(0, 0, 0, 0, misc, 0, -1, -1, -1, NO_FEEDS, 0, 0);

        int desc = ins.desc() < descriptors.length ? descriptors[ins.desc()] : 0;
        int mask = Integer.reverse(desc & 0xF) >>> 28; // x = bit 0
        long outW = 0, tempW = 0;
        int miscW = 0;
        if (op.has(Opcode.Flag.WRITES_A0)) {
            miscW = (mask & 1) * A0X | (mask >> 1 & 1) * A0Y;
        } else if (op.has(Opcode.Flag.WRITES_CMP)) {
            miscW = CMPX | CMPY;
        }
        if (!op.has(Opcode.Flag.WRITES_A0) && op.format.hasDestination()) { // mova writes a0 only, cmp has no DST
            if (ins.dst() < TEMP) outW = (long) mask << 4 * ins.dst();
            else tempW = (long) mask << 4 * (ins.dst() - TEMP);
        }
        Operands o = new Operands(ins, desc);
        boolean decides = op.has(Opcode.Flag.WRITES_A0) || op.has(Opcode.Flag.WRITES_CMP);
        long tempR = 0, decide = 0, decideY = 0;
        long[] feeds = NO_FEEDS; // shared until a temporary source feeds a lane
        int inputs = 0, floatReg = -1;
        for (int n = 1; n <= o.count(); n++) {
            int s = n - 1, code = o.code(n);
            int sel = o.selector(n);
            if (code < TEMP) inputs |= 1 << code;
            else if (code < FLOAT) {
                int base = 4 * (code - TEMP);
                for (int d = 0; d < 4; d++) {
                    if ((!decides || op == Opcode.MOVA) && (mask & 1 << d) == 0) continue;
                    long comps = (long) swizzled(sel, lanes(op, s, d)) << base;
                    tempR |= comps;
                    if (decides && op == Opcode.CMP && d == 1) decideY |= comps;
                    else if (decides) decide |= comps;
                    else if (comps != 0) {
                        if (feeds == NO_FEEDS) feeds = new long[4];
                        feeds[d] |= comps;
                    }
                }
            } else if (o.index(n) == 0) floatReg = code - FLOAT; // a c register: the wide source (IDX indexes it)
            if (code >= FLOAT && o.index(n) != 0) misc |= o.index(n) == 1 ? A0X : o.index(n) == 2 ? A0Y : AL;
        }
        return new WordEffects(outW, tempW, miscW, tempR, misc, inputs, floatReg, -1, -1, feeds, decide, decideY);
    }

    /** The register components (x = bit 0) a source's swizzle takes its operand lanes from. */
    private static int swizzled(int sel, int lanes) {
        int comps = 0;
        for (int lane = 0; lane < 4; lane++) if ((lanes & 1 << lane) != 0) comps |= 1 << (sel >>> (6 - 2 * lane) & 3);
        return comps;
    }

    /**
     * The operand lanes (x = bit 0) of source s that destination lane d is computed from
     * (docs/spec/execution.md; for cmp and mova, which write no register lane, the lanes they read
     * for cmp.x or a0.x when d is x, for cmp.y or a0.y when d is y).
     */
    private static int lanes(Opcode op, int s, int d) {
        return switch (op) {
            case DP3 -> 0x7;
            case DP4 -> 0xF;
            case DPH, DPHI -> s == 0 ? 0x7 : 0xF;
            case DST, DSTI -> d == 1 ? 0x2 : d == 2 && s == 0 ? 0x4 : d == 3 && s != 0 ? 0x8 : 0;
            case EX2, LG2, RCP, RSQ -> 0x1;
            case LITP -> 0xB;
            case CMP -> d < 2 ? 1 << d : 0; // cmp.x compares the x lanes, cmp.y the y lanes (execution.md)
            case MOVA -> d < 2 ? 1 << d : 0;
            default -> 1 << d;
        };
    }

    /** The temporary-register components the destination lanes in {@code lanes} (x = bit 0) are computed from. */
    long feeding(int lanes) {
        long f = 0;
        for (int d = 0; d < 4; d++) if ((lanes & 1 << d) != 0) f |= feeds[d];
        return f;
    }
}
