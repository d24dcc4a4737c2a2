package dev.pica.sim;

import dev.pica.format.Instruction;
import dev.pica.format.Limits;
import dev.pica.format.Opcode;
import dev.pica.format.OperandDescriptors;
import dev.pica.format.FlowStep;
import dev.pica.format.Sequencer;
import dev.pica.format.WordFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * One shader unit running one invocation (docs/spec/execution.md): the register files, the
 * address registers, the conditional code, the sequencer, and the interpreter loop. Floats are
 * held as lanes of float arrays, register n's lane k at 4n + k.
 */
final class Machine {
    final float[] input = new float[16 * 4];
    final float[] temp = new float[16 * 4];
    /** two output banks; EMIT switches between them as the emulator's geometry unit does */
    final float[][] output = {new float[16 * 4], new float[16 * 4]};
    int bank;
    final float[] floats = new float[96 * 4];
    final int[] ints = new int[4 * 4];
    final boolean[] bools = new boolean[16];
    int a0x, a0y;
    boolean cmpX, cmpY;
    final Sequencer seq = new Sequencer(ints);

    // geometry emitter state
    int emitVertex;
    boolean emitPrim, emitWinding;
    final List<Emission> emissions = new ArrayList<>();

    private final Shader shader;
    private final boolean float24;
    private final Tracer tracer;
    /** instructions the emulator does not implement that ran, each once, for a warning */
    final List<String> unimplemented = new ArrayList<>();

    private static final float[] ONES = {1f, 1f, 1f, 1f};
    private final float[] s1 = new float[4], s2 = new float[4], s3 = new float[4];
    private final StringBuilder writes = new StringBuilder();

    Machine(Shader shader, Precision precision, Tracer tracer) {
        this.shader = shader;
        this.float24 = precision == Precision.FLOAT24;
        this.tracer = tracer;
    }

    /** A fresh unit's per-invocation state: inputs, temporaries, outputs, a0, aL, cmp and stacks 0. */
    void resetInvocation() {
        java.util.Arrays.fill(input, 0f);
        java.util.Arrays.fill(temp, 0f);
        java.util.Arrays.fill(output[0], 0f);
        java.util.Arrays.fill(output[1], 0f);
        bank = 0;
        a0x = a0y = 0;
        cmpX = cmpY = false;
        seq.reset();
        emitVertex = 0;
        emitPrim = emitWinding = false;
        emissions.clear();
        unimplemented.clear();
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
            steps++;
            // the emulator runs the last word of program memory as END, whatever it holds
            if (pc >= Limits.CODE_WORDS - 1) {
                if (tracer != null) tracer.executed(pc, -1, "end (the last word of program memory)");
                return steps;
            }
            Instruction i = shader.instruction(pc);
            if (tracer != null) writes.setLength(0);
            int target = -1;
            boolean breaking = false;
            if (i == null) {
                note("the unused opcode 0x" + Integer.toHexString(shader.word(pc) >>> 26) + " (the emulator does nothing)");
            } else {
                Opcode op = i.op();
                switch (op) {
                    case END -> {
                        if (tracer != null) tracer.executed(pc, shader.word(pc), "");
                        return steps;
                    }
                    case NOP -> { }
                    case BREAK -> breaking = true;
                    case BREAKC -> breaking = condition(i);
                    case CALL -> target = call(pc, i);
                    case CALLC -> { if (condition(i)) target = call(pc, i); }
                    case CALLU -> { if (bools[i.reg()]) target = call(pc, i); }
                    case IFU -> target = ifBlock(pc, i, bools[i.reg()]);
                    case IFC -> target = ifBlock(pc, i, condition(i));
                    case JMPC -> { if (condition(i)) target = i.target(); }
                    case JMPU -> { if (bools[i.reg()] == ((i.num() & 1) == 0)) target = i.target(); }
                    case LOOP -> {
                        FlowStep.loop(seq, pc, i.target(), i.reg());
                        if (tracer != null) writes.append("aL=").append(seq.aL()).append(' ');
                    }
                    case EMIT -> emit(pc);
                    case SETEMIT -> {
                        requireGeometry(pc, "setemit");
                        emitVertex = i.vtxId();
                        emitPrim = i.primEmit() != 0;
                        emitWinding = i.winding() != 0;
                    }
                    case DST, DSTI, LITP -> note("'" + op.hardwareName() + "' (the emulator does not implement it and leaves its destination unchanged)");
                    default -> alu(i, op);
                }
            }
            int next = FlowStep.next(seq, pc, target, breaking);
            if (tracer != null) tracer.executed(pc, shader.word(pc), writes.toString().trim());
            pc = next;
        }
    }

    private SimulationException runaway(long maxSteps, int min, int max) {
        int[] loop = seq.innermostLoop();
        String where = loop != null ? "in the loop over words " + loop[0] + "-" + (loop[1] - 1)
                : min == max ? "at word " + min : "cycling through words " + min + "-" + max;
        return new SimulationException("the shader did not reach 'end' within " + maxSteps + " steps (" + where
                + "); the hardware would hang. Raise --max-steps if it is only slow", true);
    }

    private void note(String what) {
        if (!unimplemented.contains(what)) unimplemented.add(what);
    }

    private int call(int pc, Instruction i) {
        FlowStep.call(seq, pc, i.target(), i.num());
        return i.target();
    }

    private int ifBlock(int pc, Instruction i, boolean cond) {
        if (cond) {
            FlowStep.ifTrue(seq, pc, i.target(), i.num());
            return -1;
        }
        return i.target();
    }

    /** A format-2 condition: cmp.x against REFX, cmp.y against REFY, combined by CONDOP. */
    private boolean condition(Instruction i) {
        boolean x = (i.refX() != 0) == cmpX, y = (i.refY() != 0) == cmpY;
        return switch (i.condOp()) {
            case 0 -> x || y;
            case 1 -> x && y;
            case 2 -> x;
            default -> y;
        };
    }

    private void requireGeometry(int pc, String what) throws SimulationException {
        if (!shader.geometry()) throw new SimulationException("'" + what + "' at word " + pc + " runs in a vertex shader (only a geometry shader can emit)", false);
    }

    private void emit(int pc) throws SimulationException {
        requireGeometry(pc, "emit");
        emissions.add(new Emission(emitVertex, emitPrim, emitWinding, output[bank].clone()));
        bank ^= 1;
        if (tracer != null) writes.append("emit vertex ").append(emitVertex).append(emitPrim ? " primitive" : "").append(emitWinding ? " inverted" : "");
    }

    // ---- ALU ----

    private void alu(Instruction i, Opcode op) {
        int d = shader.descriptor(i.desc());
        WordFormat f = op.format;
        // IDX applies to the 7-bit source slot only (isa.md 8.4)
        int idx = i.idx();
        switch (f) {
            case F1, F1U, F1C -> {
                load(s1, i.src1(), idx, d, 1);
                if (f != WordFormat.F1U) load(s2, i.src2(), 0, d, 2);
            }
            case F1I -> {
                load(s1, i.src1(), 0, d, 1);
                load(s2, i.src2(), idx, d, 2);
            }
            case F5 -> {
                load(s1, i.src1(), 0, d, 1);
                load(s2, i.src2(), idx, d, 2);
                load(s3, i.src3(), 0, d, 3);
            }
            case F5I -> {
                load(s1, i.src1(), 0, d, 1);
                load(s2, i.src2(), 0, d, 2);
                load(s3, i.src3(), idx, d, 3);
            }
            default -> throw new IllegalStateException(op + " is not an ALU instruction");
        }
        int mask = OperandDescriptors.mask(d);
        switch (op) {
            case ADD -> { for (int k = 0; k < 4; k++) s1[k] = s1[k] + s2[k]; write(i.dst(), mask, s1); }
            case MUL -> { for (int k = 0; k < 4; k++) s1[k] = PicaFloat.mul(s1[k], s2[k]); write(i.dst(), mask, s1); }
            case MAD, MADI -> { for (int k = 0; k < 4; k++) s1[k] = PicaFloat.mul(s1[k], s2[k]) + s3[k]; write(i.dst(), mask, s1); }
            case FLR -> { for (int k = 0; k < 4; k++) s1[k] = (float) Math.floor(s1[k]); write(i.dst(), mask, s1); }
            case MAX -> { for (int k = 0; k < 4; k++) s1[k] = s1[k] > s2[k] ? s1[k] : s2[k]; write(i.dst(), mask, s1); }
            case MIN -> { for (int k = 0; k < 4; k++) s1[k] = s1[k] < s2[k] ? s1[k] : s2[k]; write(i.dst(), mask, s1); }
            case SGE, SGEI -> { for (int k = 0; k < 4; k++) s1[k] = s1[k] >= s2[k] ? 1f : 0f; write(i.dst(), mask, s1); }
            case SLT, SLTI -> { for (int k = 0; k < 4; k++) s1[k] = s1[k] < s2[k] ? 1f : 0f; write(i.dst(), mask, s1); }
            case MOV -> write(i.dst(), mask, s1);
            case DP3, DP4, DPH, DPHI -> {
                if (op == Opcode.DPH || op == Opcode.DPHI) s1[3] = 1f;
                int n = op == Opcode.DP3 ? 3 : 4;
                float dot = 0f;
                for (int k = 0; k < n; k++) dot = dot + PicaFloat.mul(s1[k], s2[k]);
                splat(i.dst(), mask, dot);
            }
            case RCP -> splat(i.dst(), mask, 1f / s1[0]);
            case RSQ -> splat(i.dst(), mask, 1f / (float) Math.sqrt(s1[0]));
            case EX2 -> splat(i.dst(), mask, (float) Math.pow(2.0, s1[0]));
            case LG2 -> splat(i.dst(), mask, log2(s1[0]));
            case MOVA -> {
                if ((mask & 8) != 0) {
                    a0x = toInt(s1[0]);
                    if (tracer != null) writes.append("a0.x=").append(a0x).append(' ');
                }
                if ((mask & 4) != 0) {
                    a0y = toInt(s1[1]);
                    if (tracer != null) writes.append("a0.y=").append(a0y).append(' ');
                }
            }
            case CMP -> {
                cmpX = compare(i.cmpX(), s1[0], s2[0], cmpX);
                cmpY = compare(i.cmpY(), s1[1], s2[1], cmpY);
                if (tracer != null) writes.append("cmp=(").append(cmpX).append(", ").append(cmpY).append(") ");
            }
            default -> throw new IllegalStateException(op + " has no ALU rule");
        }
    }

    /** log2 in double, rounded once to float (exact at powers of two; NaN below 0, -inf at 0). */
    private static float log2(float x) {
        if (x == 0f) return Float.NEGATIVE_INFINITY;
        int bits = Float.floatToRawIntBits(x);
        if ((bits & 0x7FFFFF) == 0 && x > 0 && !Float.isInfinite(x)) return (bits >>> 23) - 127;
        return (float) (Math.log(x) / Math.log(2.0));
    }

    /** C's (s32) cast of a float as x86's cvttss2si performs it: truncation; NaN and out of range give INT_MIN. */
    static int toInt(float f) {
        if (f != f || f >= 2147483648f || f < -2147483648f) return Integer.MIN_VALUE;
        return (int) f;
    }

    /** The CMP operators 0-5; 6 and 7 leave the flag unchanged (the emulator ignores them). */
    private static boolean compare(int op, float a, float b, boolean old) {
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
     * Source n of the descriptor, swizzled and negated, into {@code to}. {@code idx} is the IDX
     * field when this is the 7-bit slot (else 0); it only moves a c register.
     */
    private void load(float[] to, int code, int idx, int d, int n) {
        float[] file;
        int base;
        if (code < 0x10) {
            file = input;
            base = code * 4;
        } else if (code < 0x20) {
            file = temp;
            base = (code - 0x10) * 4;
        } else {
            int c = code - 0x20;
            if (idx != 0) {
                int offset = idx == 1 ? a0x : idx == 2 ? a0y : seq.aL();
                if (offset < -128 || offset > 127) offset = 0;
                c = (c + offset) & 0x7F;
            }
            if (c >= 96) {
                file = ONES;
                base = 0;
            } else {
                file = floats;
                base = c * 4;
            }
        }
        int sel = OperandDescriptors.sel(d, n);
        boolean neg = OperandDescriptors.neg(d, n);
        for (int k = 0; k < 4; k++) {
            float v = file[base + (sel >>> 6 - 2 * k & 3)];
            to[k] = neg ? -v : v;
        }
    }

    /** Writes the masked lanes of {@code v} to o (dst below 0x10) or r; mask bit 3 is x. */
    private void write(int dst, int mask, float[] v) {
        float[] file = dst < 0x10 ? output[bank] : temp;
        int base = (dst & 0xF) * 4;
        for (int k = 0; k < 4; k++) {
            if ((mask & 8 >>> k) == 0) continue;
            float x = float24 ? PicaFloat.toFloat24Precision(v[k]) : v[k];
            file[base + k] = x;
            if (tracer != null) writes.append(dst < 0x10 ? 'o' : 'r').append(dst & 0xF).append('.').append("xyzw".charAt(k)).append('=').append(Values.text(x)).append(' ');
        }
    }

    private void splat(int dst, int mask, float x) {
        s1[0] = s1[1] = s1[2] = s1[3] = x;
        write(dst, mask, s1);
    }
}
