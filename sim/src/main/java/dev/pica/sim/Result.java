package dev.pica.sim;

import dev.pica.format.isa.RegisterFile;
import java.util.Arrays;
import java.util.List;

/**
 * What one invocation produced: the output registers when it ended (a vertex shader's result),
 * the vertices a geometry shader emitted, how many words ran, and the instructions that ran
 * without an effect in the emulator (each named once).
 */
public final class Result {
    private final Bindings bindings;
    private final float[] outputs;
    private final List<Emission> emissions;
    private final long steps;
    private final List<String> notes;
    private final List<float[][]> triangles;

    Result(Bindings bindings, float[] outputs, List<Emission> emissions, long steps, List<String> notes) {
        this(bindings, outputs, emissions, steps, notes, List.of());
    }

    Result(Bindings bindings, float[] outputs, List<Emission> emissions, long steps, List<String> notes, List<float[][]> triangles) {
        this.triangles = triangles;
        this.bindings = bindings;
        this.outputs = outputs; // a copy of the bank's registers some word writes; the others are 0
        this.emissions = emissions.isEmpty() ? List.of() : List.copyOf(emissions);
        this.steps = steps;
        this.notes = notes.isEmpty() ? List.of() : List.copyOf(notes);
    }

    /** Words executed, END included. */
    public long steps() {
        return steps;
    }

    public List<Emission> emissions() {
        return emissions;
    }

    /**
     * The triangles this invocation completed, as the rasterizer receives them: for each EMIT
     * with PRIMEMIT, the three vertex slots (each the output registers of the last EMIT to that
     * slot, in this or an earlier invocation of the same simulator; zero before any), in slot
     * order 0, 1, 2, or 1, 0, 2 with inverted winding. {@code triangles().get(t)[v]} holds register
     * n's lane k at 4n + k.
     */
    public List<float[][]> triangles() {
        List<float[][]> copy = new java.util.ArrayList<>();
        for (float[][] t : triangles) copy.add(new float[][] {t[0].clone(), t[1].clone(), t[2].clone()});
        return copy;
    }

    /** An output of vertex v (0-2) of triangle t, by name as {@link #output(String)}. */
    public float[] triangleOutput(int t, int v, String name) {
        return lanes(triangles.get(t)[v], name);
    }

    /** "the unused opcode 0x10 ...", "'litp' (the emulator does not implement it ...)". */
    public List<String> notes() {
        return notes;
    }

    /** All output registers when the invocation ended: register n's lane k at 4n + k. */
    public float[] registers() {
        return Arrays.copyOf(outputs, DecodedWords.BANK);
    }

    /** Output register n's four lanes when the invocation ended. */
    public float[] register(int n) {
        RegisterFile o = RegisterFile.OUTPUT;
        if (n < 0 || n >= o.count) throw new IndexOutOfBoundsException(o.spell(n) + " is not an output register (" + o.spell(0) + "-" + o.spell(o.count - 1) + ")");
        float[] v = new float[4];
        if (4 * n < outputs.length) System.arraycopy(outputs, n * 4, v, 0, 4);
        return v;
    }

    /**
     * An output by semantic ("position", "color", "texcoord0", the SDK's "texture0" too) or
     * register ("o2"): the lanes its output-table entry maps, in xyzw order.
     */
    public float[] output(String name) {
        return lanes(outputs, name);
    }

    /** An output of emitted vertex {@code k}, as {@link #output(String)}. */
    public float[] output(int k, String name) {
        return lanes(emissions.get(k).outputs(), name);
    }

    private float[] lanes(float[] regs, String name) {
        Bindings.Output o = bindings.outputEntry(name);
        int n = Integer.bitCount(o.mask() & 0xF); // the lanes x-w: a corrupt table may set bits past them
        float[] v = new float[n];
        int j = 0;
        for (int k = 0; k < 4; k++) if ((o.mask() & 1 << k) != 0) v[j++] = o.register() * 4 + k < regs.length ? regs[o.register() * 4 + k] : 0f;
        return v;
    }
}
