package dev.pica.sim;

import static dev.pica.sim.DecodedWords.*;

import dev.pica.format.isa.Condition;
import dev.pica.format.isa.FlowStep;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.Sequencer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One shader unit running one invocation (docs/spec/execution.md): the register files, the
 * address registers, the conditional code, the sequencer, and the interpreter loop over the
 * shader's {@link DecodedWords}. All float registers are lanes of one array (inputs, temporaries,
 * constants, a register of ones for out-of-range relative reads, the two output banks; the bases
 * are in {@link DecodedWords}), so an operand is one offset and needs no choice of file.
 */
final class Machine {
    final float[] regs = new float[SIZE];
    int bank;
    final int[] ints = new int[4 * RegisterFile.INT_UNIFORM.count];
    final boolean[] bools = new boolean[RegisterFile.BOOL_UNIFORM.count];
    int a0x, a0y;
    boolean cmpX, cmpY;
    final Sequencer seq = new Sequencer(ints);
    /** aL and the words executed, as a compiled program ({@link ProgramCompiler}) keeps them between its methods */
    int aL;
    long steps;
    /** the batch a compiled program's batch entry loops over, and its range of vertices */
    BatchRun batch;
    int batchFrom, batchTo;

    // geometry emitter state
    int emitVertex;
    boolean emitPrim, emitWinding;
    final List<Emission> emissions = new ArrayList<>();

    private final Shader shader;
    private final int[] w;
    private final int tempEnd, outputLanes;
    private final boolean float24;
    /** float24 precision or a tracer: every write takes the slower path */
    private final boolean roundsOrTraces;
    private final Tracer tracer;
    /** instructions the emulator does not implement that ran, each once, for a warning */
    final List<String> unimplemented = new ArrayList<>();

    /** the lanes of source slots 1, 2 and 3 as fetched (fields, not arrays: no bounds checks, kept in registers) */
    private float a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3;
    private final StringBuilder writes = new StringBuilder();
    /** compiled straight runs, once the Simulator asks for them (never with a tracer: it sees every word) */
    private BlockCompiler.Runs runs;
    private int[] runLength;
    private boolean[] runEndsBlock;

    /** Runs the compiled straight runs {@code c} from now on; null (compiled code given up), none. */
    void useCompiled(BlockCompiler.Compiled c) {
        if (tracer != null) return;
        runs = c == null ? null : c.runs();
        runLength = c == null ? null : c.length();
        runEndsBlock = c == null ? null : c.endsBlock();
    }

    /** Whether {@link #run} calls compiled straight runs. */
    boolean usesCompiled() {
        return runs != null;
    }

    Machine(Shader shader, Precision precision, Tracer tracer) {
        this.shader = shader;
        this.w = shader.words().w;
        this.tempEnd = shader.words().tempEnd;
        this.outputLanes = 4 * shader.words().outputsWritten;
        this.float24 = precision == Precision.FLOAT24;
        this.tracer = tracer;
        this.roundsOrTraces = float24 || tracer != null;
        Arrays.fill(regs, ONES, ONES + 4, 1f);
    }

    /**
     * A fresh unit's per-invocation state: inputs, temporaries, outputs, a0, aL, cmp and stacks 0
     * (of temporaries and outputs, those some word writes; the others stay 0 from the start).
     */
    void resetInvocation() {
        Arrays.fill(regs, IN, tempEnd, 0f);
        Arrays.fill(regs, OUT, OUT + outputLanes, 0f);
        Arrays.fill(regs, OUT + BANK, OUT + BANK + outputLanes, 0f);
        bank = 0;
        a0x = a0y = 0;
        cmpX = cmpY = false;
        aL = 0;
        steps = 0;
        seq.reset();
        emitVertex = 0;
        emitPrim = emitWinding = false;
        emissions.clear();
        unimplemented.clear();
    }

    /**
     * Clears the input registers of {@code registers} (bit n for vN): before a run of the whole
     * compiled program ({@link ProgramCompiler}), which starts temporaries, outputs, a0, cmp and
     * aL from 0 itself, the inputs some word reads and the run does not set.
     */
    void clearInputs(int registers) {
        for (int read = registers; read != 0; read &= read - 1) {
            int b = IN + 4 * Integer.numberOfTrailingZeros(read);
            regs[b] = regs[b + 1] = regs[b + 2] = regs[b + 3] = 0f;
        }
    }

    /** The output registers of the current bank, register n's lane k at 4n + k. */
    float[] outputs() {
        return Arrays.copyOfRange(regs, OUT + bank * BANK, OUT + bank * BANK + BANK);
    }

    /** The output registers some word writes (a prefix of {@link #outputs()}; the rest are 0). */
    float[] writtenOutputs() {
        return Arrays.copyOfRange(regs, OUT + bank * BANK, OUT + bank * BANK + outputLanes);
    }

    /** Runs from {@code entry} to END: the number of words executed. */
    long run(int entry, long maxSteps) throws SimulationException {
        int pc = entry;
        long steps = 0;
        int loopMin = Integer.MAX_VALUE, loopMax = -1;
        while (true) {
            if (steps >= maxSteps) {
                // a few thousand more steps show which words the runaway program cycles through
                if (steps >= maxSteps + Limits.CODE_WORDS) throw runaway(maxSteps, loopMin, loopMax);
                loopMin = Math.min(loopMin, pc);
                loopMax = Math.max(loopMax, pc);
            }
            if (runLength != null) {
                int len = runLength[pc];
                if (len > 0 && steps + len <= maxSteps) {
                    runs.run(this, pc);
                    steps += len;
                    pc = runEndsBlock[pc] ? FlowStep.next(seq, pc + len - 1, -1, false) : pc + len;
                    continue;
                }
            }
            steps++;
            pc = step(pc);
            if (pc < 0) return steps;
        }
    }

    /**
     * Runs the word at {@code pc}: the next word's address, or -1 when it was END (or the last
     * word of program memory, which the emulator runs as END).
     */
    int step(int pc) throws SimulationException {
        // the emulator runs the last word of program memory as END, whatever it holds
        if (pc >= Limits.CODE_WORDS - 1) {
            if (tracer != null) tracer.executed(pc, -1, "end (the last word of program memory)");
            return -1;
        }
        if (tracer != null) writes.setLength(0);
        int p = pc * STRIDE;
        int target = -1;
        boolean breaking = false;
        switch (w[p + KIND]) {
            case END -> {
                if (tracer != null) tracer.executed(pc, shader.word(pc), "");
                return -1;
            }
            case NOP -> { }
            case UNIMPLEMENTED, UNUSED -> noteWord(pc);
            case BREAK -> breaking = true;
            case BREAKC -> breaking = condition(p);
            case CALL -> target = call(pc, p);
            case CALLC -> { if (condition(p)) target = call(pc, p); }
            case CALLU -> { if (bools[w[p + AUX]]) target = call(pc, p); }
            case IFU -> target = ifBlock(pc, p, bools[w[p + AUX]]);
            case IFC -> target = ifBlock(pc, p, condition(p));
            case JMPC -> { if (condition(p)) target = w[p + TARGET]; }
            case JMPU -> { if (bools[w[p + AUX]] == ((w[p + NUM] & 1) == 0)) target = w[p + TARGET]; }
            case LOOP -> {
                FlowStep.loop(seq, pc, w[p + TARGET], w[p + AUX]);
                if (tracer != null) writes.append("aL=").append(seq.aL()).append(' ');
            }
            case EMIT -> emit(pc);
            case SETEMIT -> {
                requireGeometry(pc, "setemit");
                int e = w[p + AUX];
                emitVertex = e & 3;
                emitPrim = (e & 4) != 0;
                emitWinding = (e & 8) != 0;
            }

            default -> {
                AluKind alu = DecodedWords.alu(w[p + KIND]);
                for (int k = 0; k < alu.sources; k++) fetch(p, k);
                alu.run(this, w[p + DST], w[p + MASK], w[p + AUX]);
            }
        }
        int next = w[p + ENDS] != 0 || breaking ? FlowStep.next(seq, pc, target, breaking) : target >= 0 ? target : pc + 1;
        if (tracer != null) tracer.executed(pc, shader.word(pc), writes.toString().trim());
        return next;
    }

    private SimulationException runaway(long maxSteps, int min, int max) {
        int[] loop = seq.innermostLoop();
        String where = loop != null ? "in the loop over words " + loop[0] + "-" + (loop[1] - 1)
                : min == max ? "at word " + min : "cycling through words " + min + "-" + max;
        return new SimulationException("the shader did not reach 'end' within " + maxSteps + " steps (" + where
                + "); the hardware would hang. Raise --max-steps if it is only slow", true);
    }

    /** A word the emulator runs without an effect (DST, DSTI, LITP, an unused opcode): a note, once. */
    void noteWord(int pc) {
        if (w[pc * STRIDE + KIND] == UNIMPLEMENTED) note("'" + shader.instruction(pc).op().hardwareName() + "' (the emulator does not implement it and leaves its destination unchanged)");
        else note("the unused opcode 0x" + Integer.toHexString(shader.word(pc) >>> 26) + " (the emulator does nothing)");
    }

    private void note(String what) {
        if (!unimplemented.contains(what)) unimplemented.add(what);
    }

    private int call(int pc, int p) {
        FlowStep.call(seq, pc, w[p + TARGET], w[p + NUM]);
        return w[p + TARGET];
    }

    private int ifBlock(int pc, int p, boolean cond) {
        if (cond) {
            FlowStep.ifTrue(seq, pc, w[p + TARGET], w[p + NUM]);
            return -1;
        }
        return w[p + TARGET];
    }

    /** A format-2 condition: cmp.x against REFX, cmp.y against REFY, combined by CONDOP. */
    private boolean condition(int p) {
        return holds(w[p + AUX], cmpX, cmpY);
    }

    /** Condition field {@code c} (REFX, REFY, CONDOP as DecodedWords packs them) against the flags. */
    static boolean holds(int c, boolean cmpX, boolean cmpY) {
        return Condition.holds(c >>> 2, cmpX, cmpY, c & 1, c >>> 1 & 1);
    }

    private void requireGeometry(int pc, String what) throws SimulationException {
        if (!shader.geometry()) throw new SimulationException("'" + what + "' at word " + pc + " runs in a vertex shader (only a geometry shader can emit)", false);
    }

    private void emit(int pc) throws SimulationException {
        requireGeometry(pc, "emit");
        emissions.add(new Emission(emitVertex, emitPrim, emitWinding, outputs()));
        bank ^= 1;
        if (tracer != null) writes.append("emit vertex ").append(emitVertex).append(emitPrim ? " primitive" : "").append(emitWinding ? " inverted" : "");
    }

    // ---- ALU ----

    // ---- what each ALU kind computes on the fetched slot lanes (AluKind.run calls these): dst an
    // output as -1 - 4n or a temporary's offset, aux CMP's two operators ----

    void add(int dst, int mask, int aux) {
        write(dst, mask, PicaFloat.add(a0, b0), PicaFloat.add(a1, b1), PicaFloat.add(a2, b2), PicaFloat.add(a3, b3));
    }

    void mul(int dst, int mask, int aux) {
        write(dst, mask, PicaFloat.mul(a0, b0), PicaFloat.mul(a1, b1), PicaFloat.mul(a2, b2), PicaFloat.mul(a3, b3));
    }

    void mad(int dst, int mask, int aux) {
        write(dst, mask, PicaFloat.madX(a0, b0, c0), PicaFloat.mad(a1, b1, c1), PicaFloat.mad(a2, b2, c2), PicaFloat.mad(a3, b3, c3));
    }

    void flr(int dst, int mask, int aux) {
        write(dst, mask, PicaFloat.floor(a0), PicaFloat.floor(a1), PicaFloat.floor(a2), PicaFloat.floor(a3));
    }

    void max(int dst, int mask, int aux) {
        write(dst, mask, PicaFloat.max(a0, b0), PicaFloat.max(a1, b1), PicaFloat.max(a2, b2), PicaFloat.max(a3, b3));
    }

    void min(int dst, int mask, int aux) {
        write(dst, mask, PicaFloat.min(a0, b0), PicaFloat.min(a1, b1), PicaFloat.min(a2, b2), PicaFloat.min(a3, b3));
    }

    void sge(int dst, int mask, int aux) {
        write(dst, mask, PicaFloat.sge(a0, b0), PicaFloat.sge(a1, b1), PicaFloat.sge(a2, b2), PicaFloat.sge(a3, b3));
    }

    void slt(int dst, int mask, int aux) {
        write(dst, mask, PicaFloat.slt(a0, b0), PicaFloat.slt(a1, b1), PicaFloat.slt(a2, b2), PicaFloat.slt(a3, b3));
    }

    void mov(int dst, int mask, int aux) {
        write(dst, mask, a0, a1, a2, a3);
    }

    // dot products add from +0 in lane order, as the emulator's inner_product (PicaFloat.dot); in its
    // products s2's NaN comes first (measured), so the factors are passed s2 first
    void dp3(int dst, int mask, int aux) {
        splat(dst, mask, PicaFloat.dot(PicaFloat.mul(b0, a0), PicaFloat.mul(b1, a1), PicaFloat.mul(b2, a2)));
    }

    void dp4(int dst, int mask, int aux) {
        splat(dst, mask, PicaFloat.dot(PicaFloat.mul(b0, a0), PicaFloat.mul(b1, a1), PicaFloat.mul(b2, a2), PicaFloat.mul(b3, a3)));
    }

    void dph(int dst, int mask, int aux) {
        splat(dst, mask, PicaFloat.dot(PicaFloat.mul(b0, a0), PicaFloat.mul(b1, a1), PicaFloat.mul(b2, a2), PicaFloat.mul(b3, 1f)));
    }

    void rcp(int dst, int mask, int aux) {
        splat(dst, mask, PicaFloat.rcp(a0));
    }

    void rsq(int dst, int mask, int aux) {
        splat(dst, mask, PicaFloat.rsq(a0));
    }

    void ex2(int dst, int mask, int aux) {
        splat(dst, mask, PicaFloat.ex2(a0));
    }

    void lg2(int dst, int mask, int aux) {
        splat(dst, mask, PicaFloat.lg2(a0));
    }

    void cmp(int dst, int mask, int aux) {
        cmpX = compare(aux & 7, a0, b0, cmpX);
        cmpY = compare(aux >>> 3, a1, b1, cmpY);
        if (tracer != null) writes.append("cmp=(").append(cmpX).append(", ").append(cmpY).append(") ");
    }

    void mova(int dst, int mask, int aux) {
        if ((mask & 8) != 0) {
            a0x = toInt(a0);
            if (tracer != null) writes.append("a0.x=").append(a0x).append(' ');
        }
        if ((mask & 4) != 0) {
            a0y = toInt(a1);
            if (tracer != null) writes.append("a0.y=").append(a0y).append(' ');
        }
    }

    /** C's (s32) cast of a float as x86's cvttss2si performs it: truncation; NaN and out of range give INT_MIN. */
    static int toInt(float f) {
        if (f != f || f >= 2147483648f || f < -2147483648f) return Integer.MIN_VALUE;
        return (int) f;
    }

    /** The CMP operators 0-5; 6 and 7 leave the flag unchanged (the emulator ignores them). */
    static boolean compare(int op, float a, float b, boolean old) {
        return switch (op) {
            case 0 -> a == b;
            case 1 -> a != b;
            case 2 -> a < b;
            case 3 -> a <= b;
            case 4 -> a > b;
            case 5 -> a >= b;
            default -> old;
        };
    }

    /**
     * Source slot s (0-2) of the word at p, swizzled and negated, into that slot's lanes. A
     * relative operand (c[a0.x+n], c[a0.y+n], c[aL+n]) moves by the address register: an offset
     * outside -128..127 counts as 0, the index wraps at 128, and 96 or more reads the register of
     * ones.
     */
    private void fetch(int p, int s) {
        int rel = w[p + REL];
        fetch(s, w[p + SRC + s], w[p + SEL + s], (w[p + NEG] & 1 << s) != 0, rel >>> 2 == s + 1 ? rel & 3 : 0);
    }

    /**
     * Source slot s (0-2) into that slot's lanes: the register at {@code base}, or with {@code rel}
     * (1 a0.x, 2 a0.y, 3 aL) the constant {@code base} moved by that register.
     */
    void fetch(int s, int base, int sel, boolean neg, int rel) {
        if (rel != 0) base = relative(base, rel == 1 ? a0x : rel == 2 ? a0y : seq.aL());
        float[] r = regs;
        float x = r[base + (sel >>> 6)], y = r[base + (sel >>> 4 & 3)], z = r[base + (sel >>> 2 & 3)], v = r[base + (sel & 3)];
        if (neg) {
            x = -x;
            y = -y;
            z = -z;
            v = -v;
        }
        switch (s) {
            case 0 -> { a0 = x; a1 = y; a2 = z; a3 = v; }
            case 1 -> { b0 = x; b1 = y; b2 = z; b3 = v; }
            default -> { c0 = x; c1 = y; c2 = z; c3 = v; }
        }
    }

    /**
     * Where constant {@code base} moved by an address register's {@code offset} lies in the
     * array: an offset outside -128..127 counts as 0, the index wraps at 128, and 96 or more is
     * the register of ones.
     */
    static int relative(int base, int offset) {
        if (offset < -128 || offset > 127) offset = 0;
        int c = (base + offset) & 0x7F;
        return c >= FLOATS ? ONES : CONST + 4 * c;
    }

    /** Writes the masked lanes to the word's destination (o in the current bank, or r); mask bit 3 is x. */
    private void write(int d, int mask, float x, float y, float z, float v) {
        // kept small so that the JIT inlines it into every compiled word: rounding and tracing apart
        if (roundsOrTraces) {
            writeRoundedOrTraced(d, mask, x, y, z, v);
            return;
        }
        store(d < 0 ? OUT + bank * BANK + (-1 - d) : d, mask, x, y, z, v);
    }

    private void store(int base, int mask, float x, float y, float z, float v) {
        float[] r = regs;
        if ((mask & 8) != 0) r[base] = x;
        if ((mask & 4) != 0) r[base + 1] = y;
        if ((mask & 2) != 0) r[base + 2] = z;
        if ((mask & 1) != 0) r[base + 3] = v;
    }

    private void writeRoundedOrTraced(int d, int mask, float x, float y, float z, float v) {
        if (float24) {
            x = PicaFloat.toFloat24Precision(x);
            y = PicaFloat.toFloat24Precision(y);
            z = PicaFloat.toFloat24Precision(z);
            v = PicaFloat.toFloat24Precision(v);
        }
        store(d < 0 ? OUT + bank * BANK + (-1 - d) : d, mask, x, y, z, v);
        if (tracer != null) traceWrite(d, mask, x, y, z, v);
    }

    private void traceWrite(int d, int mask, float... lanes) {
        boolean out = d < 0;
        int n = out ? (-1 - d) / 4 : (d - TEMP) / 4;
        for (int k = 0; k < 4; k++) {
            if ((mask & 8 >>> k) == 0) continue;
            writes.append(out ? 'o' : 'r').append(n).append('.').append("xyzw".charAt(k)).append('=').append(Values.text(lanes[k])).append(' ');
        }
    }

    private void splat(int d, int mask, float x) {
        write(d, mask, x, x, x, x);
    }
}
