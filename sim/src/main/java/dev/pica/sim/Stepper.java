package dev.pica.sim;

import static dev.pica.sim.DecodedWords.BANK;
import static dev.pica.sim.DecodedWords.CONST;
import static dev.pica.sim.DecodedWords.IN;
import static dev.pica.sim.DecodedWords.OUT;
import static dev.pica.sim.DecodedWords.TEMP;

import dev.pica.format.isa.RegisterFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One invocation run a word at a time, its whole state readable and writable between words: what
 * a debugger needs ({@code picadbg}). Made by {@link Simulator#start} or
 * {@link Simulator#startGeometry}; it always interprets (each word as {@link Simulator#run}
 * would run it), so a run stepped to its end gives the same {@link Result}.
 *
 * <p>Mutable, for one thread.
 */
public final class Stepper {
    /** A pending CALL: the address its routine ends at and the one it returns to. */
    public record Call(int end, int returnTo) {}

    /** A pending LOOP: its first word, its end word and the iterations it has left. */
    public record Loop(int entry, int end, int remaining) {}

    /** A pending IF: the address of its ELSE part and of its end. */
    public record If(int elseAt, int end) {}

    private final Shader shader;
    private final Machine m;
    private final Runnable onEnd;
    private int pc;
    private long steps;
    private boolean ended;

    Stepper(Shader shader, Machine m, Runnable onEnd) {
        this.shader = shader;
        this.m = m;
        this.onEnd = onEnd;
        this.pc = shader.dvle().mainAddr();
    }

    public Shader shader() {
        return shader;
    }

    /** The address of the word that runs next (the last one run once {@link #ended()}). */
    public int pc() {
        return pc;
    }

    /** Words run so far, END included. */
    public long steps() {
        return steps;
    }

    /** Whether END has run. */
    public boolean ended() {
        return ended;
    }

    /** Runs the word at {@link #pc()}. */
    public void step() throws SimulationException {
        if (ended) throw new IllegalStateException("the invocation has ended");
        steps++;
        int next = m.step(pc);
        if (next < 0) {
            ended = true;
            onEnd.run();
        } else {
            pc = next;
        }
    }

    /** What the invocation has produced so far (all of it once it has ended). */
    public Result result() {
        return new Result(shader.bindings(), m.writtenOutputs(), m.emissions, steps, m.unimplemented);
    }

    /** The vertices emitted so far. */
    public List<Emission> emissions() {
        return List.copyOf(m.emissions);
    }

    /**
     * The four lanes of a float register: {@code file} 'v' (inputs, 0-15), 'r' (temporaries,
     * 0-15), 'c' (float uniforms, 0-95) or 'o' (outputs, 0-15, the bank the next EMIT sends).
     */
    public float[] lanes(char file, int n) {
        int b = base(file, n);
        return Arrays.copyOfRange(m.regs, b, b + 4);
    }

    /** Sets lane k (0 x .. 3 w) of a float register, as {@link #lanes} names it. */
    public void setLane(char file, int n, int k, float value) {
        if (k < 0 || k > 3) throw new IllegalArgumentException("lane " + k + " (a register has lanes 0-3, x-w)");
        m.regs[base(file, n) + k] = value;
    }

    private int base(char file, int n) {
        // v, r and o have as many registers as each other (anything else is refused below)
        int count = file == RegisterFile.FLOAT_UNIFORM.letter ? RegisterFile.FLOAT_UNIFORM.count : RegisterFile.INPUT.count;
        if (n < 0 || n >= count) throw new IllegalArgumentException(file + "" + n + " is not a register (" + file + "0-" + file + (count - 1) + ")");
        return switch (file) {
            case 'v' -> IN + 4 * n;
            case 'r' -> TEMP + 4 * n;
            case 'c' -> CONST + 4 * n;
            case 'o' -> OUT + m.bank * BANK + 4 * n;
            default -> throw new IllegalArgumentException("'" + file + "' is not a float register file (v, r, c, o)");
        };
    }

    /** Integer uniform iN's four bytes x, y, z, w. */
    public int[] intRegister(int n) {
        return Arrays.copyOfRange(m.ints, 4 * n, 4 * n + 4);
    }

    /** Sets byte k of iN (read when a LOOP starts). */
    public void setInt(int n, int k, int value) {
        if (value < 0 || value > 255) throw new IllegalArgumentException(value + " is not between 0 and 255");
        m.ints[4 * n + k] = value;
    }

    public boolean bool(int n) {
        return m.bools[n];
    }

    public void setBool(int n, boolean value) {
        m.bools[n] = value;
    }

    /** The address register a0: {x, y}. */
    public int[] a0() {
        return new int[] {m.a0x, m.a0y};
    }

    public void setA0(int x, int y) {
        m.a0x = x;
        m.a0y = y;
    }

    /** The loop counter aL (0 outside loops, as at the start). */
    public int aL() {
        return m.seq.aL();
    }

    /** The conditional code: {cmp.x, cmp.y}. */
    public boolean[] cmp() {
        return new boolean[] {m.cmpX, m.cmpY};
    }

    public void setCmp(boolean x, boolean y) {
        m.cmpX = x;
        m.cmpY = y;
    }

    /** The pending calls, oldest first. */
    public List<Call> calls() {
        List<Call> l = new ArrayList<>();
        for (int k = 0; k < m.seq.calls(); k++) l.add(new Call(m.seq.callEnd(k), m.seq.callReturn(k)));
        return l;
    }

    /** The pending loops, outermost first. */
    public List<Loop> loops() {
        List<Loop> l = new ArrayList<>();
        for (int k = 0; k < m.seq.loops(); k++) l.add(new Loop(m.seq.loopEntry(k), m.seq.loopEnd(k), m.seq.loopCount(k)));
        return l;
    }

    /** The pending IFs, outermost first. */
    public List<If> ifs() {
        List<If> l = new ArrayList<>();
        for (int k = 0; k < m.seq.ifs(); k++) l.add(new If(m.seq.ifElse(k), m.seq.ifEnd(k)));
        return l;
    }
}
