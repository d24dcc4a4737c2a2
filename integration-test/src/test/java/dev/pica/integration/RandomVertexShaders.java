package dev.pica.integration;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbWriter;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.Dvlp;
import dev.pica.format.shbin.GsMode;
import dev.pica.format.shbin.OutputMap;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Random vertex shaders written word by word (no assembler, so thousands cost little), in the
 * shapes the simulator's whole-program compiler reads and a few it must leave to the
 * interpreter: every ALU instruction (the inverted forms, MAD and MADI, DST and LITP that the
 * emulator ignores) with random swizzles, negations and masks, CMP with every operator, MOVA of
 * a0.x, a0.y or both from values that put c[a0+n] inside and outside c0-c95 and outside
 * -128..127, c[aL+n] in loops whose start and step come from random integer uniforms, loops in
 * loops, BREAK and BREAKC, IFU and IFC nested with and without else-parts, procedures called by
 * CALL, CALLC and CALLU (a CALLC and a CALL of one procedure in a row, procedures that call
 * others), forward JMPC and JMPU in main and inside procedures, an END inside an IF; and, in a
 * tenth of the programs, a jump out of a block or a break inside an IF in a loop, which the
 * compiler leaves to the interpreter. Every block ends on a plain ALU word. The DVLE's constant
 * table sets some float, integer and bool registers; {@link #uniforms} gives the rest.
 */
final class RandomVertexShaders {
    /** A program: its binary, and which uniform registers its constant table leaves for the caller to set. */
    record Program(byte[] shbin, BitSet floatsFree, BitSet intsFree, BitSet boolsFree) {}

    private final SplittableRandom r;
    private List<Instruction> code;
    private List<Integer> descs;
    private int[] procAt, procSize, procLevel;
    private boolean irregular;

    RandomVertexShaders(long seed) {
        r = new SplittableRandom(seed);
    }

    private static final Opcode[] TWO = {Opcode.ADD, Opcode.DP3, Opcode.DP4, Opcode.DPH, Opcode.DST, Opcode.MUL, Opcode.SGE, Opcode.SLT, Opcode.MAX, Opcode.MIN};
    private static final Opcode[] ONE = {Opcode.EX2, Opcode.LG2, Opcode.LITP, Opcode.FLR, Opcode.RCP, Opcode.RSQ, Opcode.MOV};
    private static final Opcode[] INVERTED = {Opcode.DPHI, Opcode.DSTI, Opcode.SGEI, Opcode.SLTI};
    /** output types that name a semantic (OutputSemantic's codes) */
    private static final int[] OUTPUT_TYPES = {0, 1, 2, 3, 4, 5, 6, 8};
    /** the registers MOVA reads its address from: their uniforms hold whole numbers (RandomVertexShaders.uniforms) */
    static final int ADDRESS_SOURCES = 90;

    Program next() {
        code = new ArrayList<>();
        irregular = r.nextInt(10) == 0;
        descriptors();
        List<Constant> constants = new ArrayList<>();
        BitSet floatsFree = new BitSet(), intsFree = new BitSet(), boolsFree = new BitSet();
        floatsFree.set(0, 96);
        intsFree.set(0, 4);
        boolsFree.set(0, 16);
        for (int k = r.nextInt(4); k > 0; k--) {
            int reg = 40 + r.nextInt(40);
            constants.add(new Constant(Constant.FLOAT, reg, f24(), f24(), f24(), f24()));
            floatsFree.clear(reg);
        }
        if (r.nextBoolean()) {
            int reg = r.nextInt(4);
            constants.add(new Constant(Constant.INT, reg, r.nextInt(4), r.nextInt(256), r.nextInt(256), 0));
            intsFree.clear(reg);
        }
        for (int k = r.nextInt(3); k > 0; k--) {
            int reg = r.nextInt(16);
            constants.add(new Constant(Constant.BOOL, reg, r.nextInt(2), 0, 0, 0));
            boolsFree.clear(reg);
        }
        // procedures first, each calling only earlier ones of a lower level; main after them
        int procs = r.nextInt(5);
        procAt = new int[procs];
        procSize = new int[procs];
        procLevel = new int[procs];
        for (int k = 0; k < procs; k++) {
            procLevel[k] = k == 0 ? 0 : r.nextInt(Math.min(3, 2 + maxLevel(k)));
            procAt[k] = code.size();
            region(new Context(k, 0, 0, false), 1 + r.nextInt(6));
            procSize[k] = code.size() - procAt[k];
        }
        int main = code.size();
        region(new Context(-1, 0, 0, false), 3 + r.nextInt(14));
        int outputs = 1 + r.nextInt(7);
        List<OutputMap> map = new ArrayList<>();
        for (int o = 0; o < outputs; o++) {
            map.add(new OutputMap(OUTPUT_TYPES[r.nextInt(OUTPUT_TYPES.length)], o, 1 + r.nextInt(15)));
            add(Instruction.alu(Opcode.MOV, o, 0, 0x10 + r.nextInt(16), 0, 0, 0)); // descriptor 0: xyzw
        }
        add(Instruction.simple(Opcode.END));
        int[] words = new int[code.size()];
        for (int k = 0; k < words.length; k++) words[k] = InstructionCodec.encode(code.get(k));
        List<OperandDescriptor> d = new ArrayList<>();
        for (int x : descs) d.add(new OperandDescriptor(x, 0xF));
        Dvle e = new Dvle(Dvle.VERSION, Dvle.VERTEX, 0, main, words.length - 1, 0xFFFF, (1 << outputs) - 1, GsMode.NONE, constants, List.of(), map, List.of());
        return new Program(DvlbWriter.write(new Dvlb(new Dvlp(Dvlp.VERSION, words, d, List.of(), List.of()), List.of(e))), floatsFree, intsFree, boolsFree);
    }

    private int maxLevel(int procs) {
        int m = 0;
        for (int k = 0; k < procs; k++) m = Math.max(m, procLevel[k]);
        return m;
    }

    /** Descriptor 0 writes xyzw from xyzw; the others are random (MAD words use the first 32). */
    private void descriptors() {
        descs = new ArrayList<>();
        descs.add(OperandDescriptors.build(0xF, false, 0x1B, false, 0x1B, false, 0x1B));
        for (int k = 4 + r.nextInt(60); k > 0; k--) {
            int mask = r.nextInt(4) == 0 ? 0xF : 1 + r.nextInt(15);
            descs.add(OperandDescriptors.build(mask, r.nextInt(4) == 0, swizzle(), r.nextInt(4) == 0, swizzle(), r.nextInt(4) == 0, swizzle()));
        }
    }

    private int swizzle() {
        return r.nextInt(3) == 0 ? 0x1B : r.nextInt(256);
    }

    /** A float24 constant: small values, and now and then a special pattern (inf, NaN with a payload, a denormal, -0). */
    private int f24() {
        return switch (r.nextInt(8)) {
            case 0 -> 0x7F0000 | (r.nextBoolean() ? 0x800000 : 0); // inf
            case 1 -> 0x7F0000 | 1 + r.nextInt(0xFFFF) | (r.nextBoolean() ? 0x800000 : 0); // NaN
            case 2 -> r.nextInt(0xFFFF) | (r.nextBoolean() ? 0x800000 : 0); // denormal or zero
            default -> (0x38 + r.nextInt(12)) << 16 | r.nextInt(0x10000) | (r.nextBoolean() ? 0x800000 : 0);
        };
    }

    /**
     * Where a region is: the procedure it belongs to (-1 main), the loops and ifs open around it
     * in this procedure, whether it is a loop's body itself (a break may stand in it).
     */
    private record Context(int proc, int loops, int ifs, boolean loopBody) {
        Context in(boolean loop) {
            return new Context(proc, loops + (loop ? 1 : 0), ifs + (loop ? 0 : 1), loop);
        }
    }

    /** {@code items} statements, then a plain ALU word: a block never ends on a flow word or another block's end. */
    private void region(Context c, int items) {
        List<Integer> pendingJumps = new ArrayList<>();
        for (int k = 0; k < items && code.size() < 400; k++) {
            // a pending jump lands here, on this region's next word
            if (!pendingJumps.isEmpty() && r.nextInt(3) == 0) {
                for (int at : pendingJumps) retarget(at, code.size());
                pendingJumps.clear();
            }
            int pick = r.nextInt(100);
            boolean inProc = c.proc() >= 0;
            int level = inProc ? procLevel[c.proc()] : 3;
            if (pick < 8 && c.ifs() < (inProc ? 1 : 3)) {
                ifBlock(c);
            } else if (pick < 14 && c.loops() < (inProc ? (level == 0 ? 1 : 0) : 2)) {
                loopBlock(c);
            } else if (pick < 24 && callable(c) >= 0) {
                call(c);
            } else if (pick < 30) {
                pendingJumps.add(jump());
            } else if (pick < 34 && c.loopBody()) {
                breakWord();
            } else if (pick < 36 && c.proc() < 0 && c.ifs() > 0 && c.loops() == 0) {
                add(Instruction.simple(Opcode.END)); // an early end in main
            } else if (pick < 44) {
                cmp();
            } else if (pick < 50) {
                mova();
            } else if (pick < 52) {
                add(Instruction.simple(Opcode.NOP));
            } else {
                alu();
            }
        }
        if (irregular && !pendingJumps.isEmpty() && c.ifs() + c.loops() > 0 && r.nextInt(4) == 0) {
            // left open: the caller's region places them (a jump out of this block)
            outward.addAll(pendingJumps);
            pendingJumps.clear();
        }
        for (int at : pendingJumps) retarget(at, code.size());
        if (c.ifs() + c.loops() == 0 && !outward.isEmpty()) {
            for (int at : outward) retarget(at, code.size());
            outward.clear();
        }
        alu();
    }

    /** Jumps an irregular program lets out of their block, placed by the enclosing procedure's or main's region. */
    private final List<Integer> outward = new ArrayList<>();

    private int callable(Context c) {
        int level = c.proc() >= 0 ? procLevel[c.proc()] : 3;
        int limit = c.proc() >= 0 ? c.proc() : procAt.length;
        List<Integer> ok = new ArrayList<>();
        for (int k = 0; k < limit; k++) if (procLevel[k] < level) ok.add(k);
        return ok.isEmpty() ? -1 : ok.get(r.nextInt(ok.size()));
    }

    private void call(Context c) {
        int p = callable(c);
        switch (r.nextInt(4)) {
            case 0 -> add(Instruction.cond(Opcode.CALL, 0, 0, 0, procAt[p], procSize[p]));
            case 1 -> add(Instruction.cond(Opcode.CALLC, r.nextInt(2), r.nextInt(2), r.nextInt(4), procAt[p], procSize[p]));
            case 2 -> add(Instruction.regFlow(Opcode.CALLU, r.nextInt(16), procAt[p], procSize[p]));
            default -> {
                // a CALLC and a CALL of the same procedure in a row (issue 48's shrunk program)
                add(Instruction.cond(Opcode.CALLC, r.nextInt(2), r.nextInt(2), r.nextInt(4), procAt[p], procSize[p]));
                add(Instruction.cond(Opcode.CALL, 0, 0, 0, procAt[p], procSize[p]));
            }
        }
    }

    private void ifBlock(Context c) {
        int at = code.size();
        add(Instruction.simple(Opcode.NOP)); // the IF, once its parts are known
        region(c.in(false), r.nextInt(4));
        int elseAt = code.size();
        if (r.nextBoolean()) region(c.in(false), r.nextInt(3));
        int num = code.size() - elseAt;
        code.set(at, r.nextBoolean() ? Instruction.regFlow(Opcode.IFU, r.nextInt(16), elseAt, num)
                : Instruction.cond(Opcode.IFC, r.nextInt(2), r.nextInt(2), r.nextInt(4), elseAt, num));
    }

    private void loopBlock(Context c) {
        int at = code.size();
        add(Instruction.simple(Opcode.NOP)); // the LOOP, once its body is known
        region(c.in(true), r.nextInt(4));
        if (r.nextBoolean()) {
            // a read through aL, in or out of c0-c95 depending on the loop's integers
            add(Instruction.alu(Opcode.MOV, 0x10 + r.nextInt(16), 3, 0x20 + r.nextInt(96), 0, 0, desc(false)));
        }
        add(Instruction.alu(Opcode.ADD, 0x10 + r.nextInt(16), 0, 0x10 + r.nextInt(16), 0x10 + r.nextInt(16), 0, desc(false))); // the body's last word
        code.set(at, Instruction.regFlow(Opcode.LOOP, r.nextInt(4), code.size() - 1, 0));
    }

    private void breakWord() {
        if (r.nextInt(4) == 0) add(Instruction.simple(Opcode.BREAK));
        else add(Instruction.cond(Opcode.BREAKC, r.nextInt(2), r.nextInt(2), r.nextInt(4), 0, 0));
        if (irregular && r.nextBoolean()) {
            // a break inside an IF in the loop: the emulator leaves the IF's entry; the interpreter runs it
            int at = code.size();
            add(Instruction.simple(Opcode.NOP));
            add(Instruction.cond(Opcode.BREAKC, r.nextInt(2), r.nextInt(2), r.nextInt(4), 0, 0));
            alu();
            code.set(at, Instruction.cond(Opcode.IFC, r.nextInt(2), r.nextInt(2), r.nextInt(4), code.size(), 0));
        }
    }

    /** A forward JMPC or JMPU whose target the region sets later; its index in the code. */
    private int jump() {
        int at = code.size();
        add(r.nextBoolean() ? Instruction.cond(Opcode.JMPC, r.nextInt(2), r.nextInt(2), r.nextInt(4), 0, 0)
                : Instruction.regFlow(Opcode.JMPU, r.nextInt(16), 0, r.nextInt(2)));
        return at;
    }

    private void retarget(int at, int target) {
        Instruction j = code.get(at);
        code.set(at, j.op() == Opcode.JMPC ? Instruction.cond(Opcode.JMPC, j.refX(), j.refY(), j.condOp(), target, 0)
                : Instruction.regFlow(Opcode.JMPU, j.reg(), target, j.num()));
    }

    private void cmp() {
        int x = r.nextInt(8), y = r.nextInt(8);
        add(Instruction.cmp(x, y, relative(), wide(), narrow(), desc(false)));
    }

    private void mova() {
        // from the registers whose uniforms hold whole numbers, now and then any value
        int src = r.nextInt(4) == 0 ? wide() : 0x20 + ADDRESS_SOURCES + r.nextInt(6);
        add(Instruction.alu(Opcode.MOVA, 0, 0, src, 0, 0, desc(false)));
    }

    private void alu() {
        int pick = r.nextInt(20);
        int dst = r.nextInt(4) == 0 ? r.nextInt(16) : 0x10 + r.nextInt(16);
        if (pick < 9) {
            add(Instruction.alu(TWO[r.nextInt(TWO.length)], dst, relative(), wide(), narrow(), 0, desc(false)));
        } else if (pick < 14) {
            add(Instruction.alu(ONE[r.nextInt(ONE.length)], dst, relative(), wide(), 0, 0, desc(false)));
        } else if (pick < 16) {
            add(Instruction.alu(INVERTED[r.nextInt(INVERTED.length)], dst, relative(), narrow(), wide(), 0, desc(false)));
        } else if (pick < 19) {
            add(Instruction.alu(Opcode.MAD, dst, relative(), narrow(), wide(), narrow(), desc(true)));
        } else {
            add(Instruction.alu(Opcode.MADI, dst, relative(), narrow(), narrow(), wide(), desc(true)));
        }
    }

    /** 0, or now and then an index register: a0.x, a0.y, aL. */
    private int relative() {
        return r.nextInt(4) == 0 ? 1 + r.nextInt(3) : 0;
    }

    /** A 7-bit source: v, r or (most often) c. */
    private int wide() {
        int k = r.nextInt(5);
        return k == 0 ? r.nextInt(16) : k == 1 ? 0x10 + r.nextInt(16) : 0x20 + r.nextInt(96);
    }

    /** A 5-bit source: v or r. */
    private int narrow() {
        return r.nextBoolean() ? r.nextInt(16) : 0x10 + r.nextInt(16);
    }

    private int desc(boolean mad) {
        return r.nextInt(mad ? Math.min(32, descs.size()) : descs.size());
    }

    private void add(Instruction i) {
        code.add(i);
    }

    /** Values for the registers a program leaves free: the DVLE's constants stay, MOVA's sources hold whole numbers. */
    static Map<String, Object> uniforms(Program p, SplittableRandom r) {
        Map<String, Object> u = new TreeMap<>();
        for (int c = p.floatsFree().nextSetBit(0); c >= 0; c = p.floatsFree().nextSetBit(c + 1)) {
            float[] v = new float[4];
            for (int k = 0; k < 4; k++) {
                v[k] = c >= ADDRESS_SOURCES ? switch (r.nextInt(6)) {
                    case 0 -> r.nextInt(-200, 200);
                    case 1 -> r.nextInt(-140, 140) + 0.75f;
                    default -> r.nextInt(-20, 100);
                } : RandomShaderValues.value(r);
            }
            u.put("c" + c, v);
        }
        for (int i = p.intsFree().nextSetBit(0); i >= 0; i = p.intsFree().nextSetBit(i + 1)) u.put("i" + i, new int[] {r.nextInt(4), r.nextInt(256), r.nextInt(256), 0});
        for (int b = p.boolsFree().nextSetBit(0); b >= 0; b = p.boolsFree().nextSetBit(b + 1)) u.put("b" + b, r.nextBoolean());
        return u;
    }
}
