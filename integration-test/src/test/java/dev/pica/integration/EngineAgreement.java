package dev.pica.integration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.SimulationException;
import dev.pica.sim.Simulator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A vertex shader run every way the simulator runs one, each held to the interpreter bit for bit
 * (raw output bits, NaN payloads included, steps, and a failing vertex's message): {@code run}
 * per vertex past the 16 runs after which a Simulator compiles, {@code runBatch} on one thread,
 * {@code runAll}, and (when asked) {@code runBatch} on two threads over enough vertices to split
 * them, with inputs of 1-4 lanes. Every class compiled on the way went through ASM's checks
 * (the build sets dev.pica.sim.checkCompiled), and a failure of compiled code fails the test.
 */
final class EngineAgreement {
    private EngineAgreement() {}

    /** Vertices per program: past the compile threshold (16), the rest on compiled code. */
    static final int VERTICES = 40;

    /** Vertices of the batch two threads split (chunks of at least 2048 vertices each). */
    private static final int BIG_BATCH = 2 * 2048 + 7;

    /** Lanes per vertex given for input register k (at k % 5) in the big batch: the attribute loader fills the rest. */
    private static final int[] GIVEN_LANES = {4, 1, 2, 3, 0};

    /** What was compared: whether the whole program compiled, and vertices run. */
    record Compared(boolean whole, int vertices) {}

    /**
     * {@code vertices} (inputs by register name, v0-v15 with four lanes each) through each path;
     * {@code setUp} gives a simulator its uniforms and step limit the same way each time.
     */
    static Compared assertAgree(Shader shader, UnaryOperator<Simulator> setUp, List<Map<String, float[]>> vertices, boolean twoThreads, Supplier<String> context) {
        List<String> expected = new ArrayList<>();
        Simulator interpreted = setUp.apply(new Simulator(shader).compile(false));
        for (Map<String, float[]> in : vertices) expected.add(outcome(interpreted, in));
        // run: the first 16 interpreted, the rest compiled
        Simulator warm = setUp.apply(new Simulator(shader));
        for (int v = 0; v < vertices.size(); v++) {
            String got = outcome(warm, vertices.get(v));
            if (!expected.get(v).equals(got)) assertEquals(expected.get(v), got, context.get() + "\nrun, vertex " + v);
        }
        int failing = 0;
        while (failing < expected.size() && !expected.get(failing).startsWith("error ")) failing++;
        // a batch fails at its first failing vertex, naming it
        List<String> want = failing == expected.size() ? expected : List.of("error vertex " + failing + ": " + expected.get(failing).substring(6));
        Map<String, float[]> arrays = arrays(vertices);
        List<String> all = new ArrayList<>();
        try {
            for (Result res : setUp.apply(new Simulator(shader)).runAll(vertices.size(), arrays)) all.add(describe(res));
        } catch (SimulationException e) {
            all = List.of("error " + e.getMessage());
        }
        if (!want.equals(all)) assertEquals(want, all, context.get() + "\nrunAll");
        List<String> names = outputNames(shader);
        List<String> batch = batchOutcomes(setUp.apply(new Simulator(shader)), shader, names, vertices.size(), arrays, 1);
        List<String> wantBatch = failing == expected.size() ? lanes(shader, names, expected) : List.of("error vertex " + failing + ": " + expected.get(failing).substring(6));
        if (!wantBatch.equals(batch)) assertEquals(wantBatch, batch, context.get() + "\nrunBatch on one thread");
        if (twoThreads) assertBigBatch(shader, setUp, vertices, names, context);
        return new Compared(shader.compilesWhole(), vertices.size());
    }

    /** A run's outcome as comparable text: steps and every output register's raw bits, or the error. */
    private static String outcome(Simulator sim, Map<String, float[]> in) {
        try {
            return describe(sim.run(in));
        } catch (SimulationException e) {
            return "error " + e.getMessage();
        }
    }

    private static String describe(Result res) {
        StringBuilder sb = new StringBuilder("steps " + res.steps());
        for (float x : res.registers()) sb.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(x)));
        return sb.toString();
    }

    /** The output registers the output map names once (runBatch takes an output by name). */
    private static List<String> outputNames(Shader shader) {
        List<String> names = new ArrayList<>();
        for (int o = 0; o < 16; o++) if (shader.bindings().output("o" + o).size() == 1) names.add("o" + o);
        return names;
    }

    /** The lanes the output map names of each expected outcome (as {@link #outcome} wrote them). */
    private static List<String> lanes(Shader shader, List<String> names, List<String> outcomes) {
        List<String> out = new ArrayList<>();
        for (String o : outcomes) {
            String[] words = o.split(" ");
            StringBuilder sb = new StringBuilder();
            for (String name : names) {
                int reg = Integer.parseInt(name.substring(1)), mask = shader.bindings().output(name).get(0).mask();
                for (int k = 0; k < 4; k++) if ((mask & 1 << k) != 0) sb.append(' ').append(4 * reg + k < words.length - 2 ? words[2 + 4 * reg + k] : "0");
            }
            out.add(sb.toString());
        }
        return out;
    }

    /** The vertices' v0-v15 as runBatch's arrays, four lanes a vertex. */
    static Map<String, float[]> arrays(List<Map<String, float[]>> vertices) {
        Map<String, float[]> arrays = new HashMap<>();
        for (int k = 0; k < 16; k++) {
            float[] a = new float[4 * vertices.size()];
            for (int v = 0; v < vertices.size(); v++) System.arraycopy(vertices.get(v).get("v" + k), 0, a, 4 * v, 4);
            arrays.put("v" + k, a);
        }
        return arrays;
    }

    /** runBatch's output lanes per vertex (as {@link #lanes} writes them), or the batch's error. */
    private static List<String> batchOutcomes(Simulator sim, Shader shader, List<String> names, int n, Map<String, float[]> inputs, int threads) {
        Map<String, float[]> outputs = new LinkedHashMap<>();
        for (String name : names) outputs.put(name, new float[4 * n]);
        try {
            sim.runBatch(n, inputs, outputs, threads);
        } catch (SimulationException e) {
            return List.of("error " + e.getMessage());
        }
        List<String> out = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            StringBuilder sb = new StringBuilder();
            for (String name : names) {
                int per = Integer.bitCount(shader.bindings().output(name).get(0).mask());
                for (int j = 0; j < per; j++) sb.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(outputs.get(name)[v * per + j])));
            }
            out.add(sb.toString());
        }
        return out;
    }

    /**
     * runBatch on two threads over the vertices repeated to {@link #BIG_BATCH} (chunks the threads
     * take in turn), inputs given with 0-4 lanes: each vertex's outputs the interpreter's for
     * those inputs, a failing vertex failing the batch at its first occurrence.
     */
    private static void assertBigBatch(Shader shader, UnaryOperator<Simulator> setUp, List<Map<String, float[]>> full, List<String> names, Supplier<String> context) {
        List<Map<String, float[]>> vertices = new ArrayList<>();
        for (Map<String, float[]> in : full) {
            Map<String, float[]> given = new HashMap<>();
            for (int k = 0; k < 16; k++) if (GIVEN_LANES[k % 5] > 0) given.put("v" + k, Arrays.copyOf(in.get("v" + k), GIVEN_LANES[k % 5]));
            vertices.add(given);
        }
        Simulator interpreted = setUp.apply(new Simulator(shader).compile(false));
        List<String> expected = new ArrayList<>();
        String failure = null;
        for (int v = 0; v < vertices.size() && failure == null; v++) {
            String o = outcome(interpreted, vertices.get(v));
            if (o.startsWith("error ")) failure = "error vertex " + v + ": " + o.substring(6);
            else expected.add(o);
        }
        Map<String, float[]> inputs = new HashMap<>();
        for (int k = 0; k < 16; k++) {
            int per = GIVEN_LANES[k % 5];
            if (per == 0) continue;
            float[] a = new float[per * BIG_BATCH];
            for (int v = 0; v < BIG_BATCH; v++) System.arraycopy(vertices.get(v % vertices.size()).get("v" + k), 0, a, per * v, per);
            inputs.put("v" + k, a);
        }
        List<String> got = batchOutcomes(setUp.apply(new Simulator(shader)), shader, names, BIG_BATCH, inputs, 2);
        if (failure != null) {
            assertEquals(List.of(failure), got, context.get() + "\nrunBatch on two threads");
            return;
        }
        List<String> want = lanes(shader, names, expected);
        for (int v = 0; v < BIG_BATCH; v++) {
            if (!want.get(v % vertices.size()).equals(got.get(v))) assertEquals(want.get(v % vertices.size()), got.get(v), context.get() + "\nrunBatch on two threads, vertex " + v);
        }
    }

    /** {@code n} vertices of random inputs (special values included) for v0-v15. */
    static List<Map<String, float[]>> randomVertices(SplittableRandom r, int n) {
        List<Map<String, float[]>> out = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            Map<String, float[]> in = new HashMap<>();
            for (int k = 0; k < 16; k++) in.put("v" + k, RandomShaderValues.lanes(r));
            out.add(in);
        }
        return out;
    }
}
