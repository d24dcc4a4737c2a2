package dev.pica.integration;

import dev.pica.link.testing.LinkHelper;
import dev.pica.link.testing.ProgramGenerator;
import dev.pica.link.testing.RetailSky;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.sim.Emission;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.SimulationException;
import dev.pica.sim.Simulator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The simulator's two engines agree to the bit: generated programs (every instruction, relative
 * addressing, flow control, geometry emission) run with the same random uniforms and inputs
 * interpreted and with their straight runs compiled to bytecode, and every output lane (as raw
 * bits, NaN payloads included), emitted vertex and step count must match.
 */
class CompiledRunsTest {
    private static final long SEED = 0xc0de;
    private static final int CASES = 200;

    @Test
    void compiledRunsComputeWhatTheInterpreterComputes() throws Exception {
        SplittableRandom r = new SplittableRandom(SEED);
        int compared = 0, whole = 0;
        for (int k = 0; k < CASES; k++) {
            List<String> sources = new ProgramGenerator(SEED + k).next().namesAndSources();
            Dvlb f = DvlbReader.read(LinkHelper.link(false, sources.toArray(String[]::new)));
            for (int e = 0; e < f.shaders().size(); e++) {
                Shader shader = Shader.of(f, e);
                long seed = r.nextLong();
                Simulator compiled = setUp(new Simulator(shader).compile(true), shader, new SplittableRandom(seed));
                Simulator interpreted = setUp(new Simulator(shader).compile(false), shader, new SplittableRandom(seed));
                if (shader.compilesWhole()) whole++;
                List<String> expected = new ArrayList<>();
                List<Map<String, float[]>> batchInputs = new ArrayList<>();
                for (int v = 0; v < 3; v++) {
                    long in = r.nextLong();
                    Object a = outcome(interpreted, shader, new SplittableRandom(in));
                    Object b = outcome(compiled, shader, new SplittableRandom(in));
                    assertEquals(a, b, "case " + k + " entry " + e + " vertex " + v + "\n" + String.join("\n", sources));
                    expected.add((String) a);
                    if (!shader.geometry()) batchInputs.add(inputs(new SplittableRandom(in)));
                    compared++;
                }
                if (!shader.geometry()) {
                    // the batch path: the same vertices at once, every output register
                    Simulator batch = setUp(new Simulator(shader), shader, new SplittableRandom(seed));
                    List<String> got = batchOutcomes(batch, batchInputs);
                    int failing = 0;
                    while (failing < expected.size() && !expected.get(failing).startsWith("error ")) failing++;
                    // a batch fails at its first failing vertex, naming it
                    List<String> want = failing == expected.size() ? expected : List.of("error vertex " + failing + ": " + expected.get(failing).substring(6));
                    assertEquals(want, got, "batch, case " + k + " entry " + e + "\n" + String.join("\n", sources));
                    assertBigBatch(shader, seed, batchInputs, "big batch, case " + k + " entry " + e + "\n" + String.join("\n", sources));
                }
            }
        }
        assertTrue(compared > 3 * CASES, "too few runs compared: " + compared);
        // most generated programs nest their blocks as the binary says: the whole-program compiler runs them
        assertTrue(whole > CASES / 2, "only " + whole + " entries compiled whole");
    }

    private static Simulator setUp(Simulator sim, Shader shader, SplittableRandom r) {
        return RandomShaderValues.uniforms(sim.maxSteps(20_000), shader, r);
    }

    /** What a run produced, as comparable text: raw output bits, emissions, steps; or the error. */
    private static String outcome(Simulator sim, Shader shader, SplittableRandom r) {
        try {
            Result res;
            if (shader.geometry()) {
                List<float[][]> vertices = new ArrayList<>();
                for (int v = 0; v < 3; v++) vertices.add(new float[][] {RandomShaderValues.lanes(r), RandomShaderValues.lanes(r)});
                res = sim.runGeometry(vertices);
            } else {
                res = sim.run(inputs(r));
            }
            StringBuilder sb = describe(res);
            for (Emission e : res.emissions()) {
                sb.append(" | emit ").append(e.vertexId()).append(e.primitive()).append(e.inverted());
                for (float x : e.outputs()) sb.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(x)));
            }
            return sb.toString();
        } catch (SimulationException e) {
            return "error " + e.getMessage();
        }
    }

    private static Map<String, float[]> inputs(SplittableRandom r) {
        Map<String, float[]> inputs = new HashMap<>();
        for (int v = 0; v < 16; v++) inputs.put("v" + v, RandomShaderValues.lanes(r));
        return inputs;
    }

    private static StringBuilder describe(Result res) {
        StringBuilder sb = new StringBuilder("steps " + res.steps());
        for (float x : res.registers()) sb.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(x)));
        return sb;
    }

    /** runAll over the vertices' inputs laid out as arrays, each vertex's outcome as {@link #outcome} writes it. */
    private static List<String> batchOutcomes(Simulator sim, List<Map<String, float[]>> vertices) {
        Map<String, float[]> arrays = new HashMap<>();
        for (int k = 0; k < 16; k++) {
            float[] a = new float[4 * vertices.size()];
            for (int v = 0; v < vertices.size(); v++) System.arraycopy(vertices.get(v).get("v" + k), 0, a, 4 * v, 4);
            arrays.put("v" + k, a);
        }
        List<String> out = new ArrayList<>();
        try {
            for (Result res : sim.runAll(vertices.size(), arrays)) out.add(describe(res).toString());
        } catch (SimulationException e) {
            // a failing vertex fails the batch: compare with the interpreter's first failure
            return List.of("error " + e.getMessage());
        }
        return out;
    }

    /** Vertices of a batch large enough to be compiled and run in chunks on two threads. */
    private static final int BIG_BATCH = 2 * 2048 + 7;

    /** Lanes per vertex given for input register k (at k % 5): 4, 1, 2, 3, or none (the rest as the attribute loader fills them). */
    private static final int[] GIVEN_LANES = {4, 1, 2, 3, 0};

    /**
     * runBatch on two threads over the vertices repeated to {@link #BIG_BATCH} (compiled, in chunks
     * the threads take in turn), inputs given with 0-4 lanes: each vertex's output lanes must be
     * the interpreter's for that vertex, and a failing vertex fails the batch at its first
     * occurrence, as the interpreter's first failure.
     */
    private static void assertBigBatch(Shader shader, long seed, List<Map<String, float[]>> full, String context) {
        List<Map<String, float[]>> vertices = new ArrayList<>();
        for (Map<String, float[]> in : full) {
            Map<String, float[]> given = new HashMap<>();
            for (int k = 0; k < 16; k++) if (GIVEN_LANES[k % 5] > 0) given.put("v" + k, java.util.Arrays.copyOf(in.get("v" + k), GIVEN_LANES[k % 5]));
            vertices.add(given);
        }
        List<String> names = new ArrayList<>();
        for (int o = 0; o < 16; o++) if (shader.bindings().output("o" + o).size() == 1) names.add("o" + o);
        Simulator interpreted = setUp(new Simulator(shader).compile(false), shader, new SplittableRandom(seed));
        List<String> expected = new ArrayList<>();
        String failure = null;
        for (int v = 0; v < vertices.size() && failure == null; v++) {
            try {
                Result res = interpreted.run(vertices.get(v));
                StringBuilder sb = new StringBuilder();
                for (String name : names) for (float x : res.output(name)) sb.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(x)));
                expected.add(sb.toString());
            } catch (SimulationException e) {
                failure = "error vertex " + v + ": " + e.getMessage();
            }
        }
        Map<String, float[]> inputs = new HashMap<>(), outputs = new java.util.LinkedHashMap<>();
        for (int k = 0; k < 16; k++) {
            int per = GIVEN_LANES[k % 5];
            if (per == 0) continue;
            float[] a = new float[per * BIG_BATCH];
            for (int v = 0; v < BIG_BATCH; v++) System.arraycopy(vertices.get(v % vertices.size()).get("v" + k), 0, a, per * v, per);
            inputs.put("v" + k, a);
        }
        for (String name : names) outputs.put(name, new float[4 * BIG_BATCH]);
        Simulator batch = setUp(new Simulator(shader), shader, new SplittableRandom(seed));
        try {
            batch.runBatch(BIG_BATCH, inputs, outputs, 2);
        } catch (SimulationException e) {
            assertEquals(failure, "error " + e.getMessage(), context);
            return;
        }
        assertEquals(null, failure, context);
        for (int v = 0; v < BIG_BATCH; v++) {
            StringBuilder sb = new StringBuilder();
            for (String name : names) {
                int per = Integer.bitCount(shader.bindings().output(name).get(0).mask());
                for (int j = 0; j < per; j++) sb.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(outputs.get(name)[v * per + j])));
            }
            assertEquals(expected.get(v % vertices.size()), sb.toString(), context + "\nvertex " + v);
        }
    }

    @Test
    void compilingChangesNoResultOfTheBenchmarkShape() throws Exception {
        byte[] bin = LinkHelper.link(true, "sky.vsh", RetailSky.SOURCE);
        Shader shader = Shader.load(bin);
        Simulator a = new Simulator(shader).compile(false), b = new Simulator(shader);
        for (Simulator s : new Simulator[] {a, b}) s.uniform("WORLDVIEWPROJ", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        // b compiles after its 16th run: every run before and after must match a's
        for (int v = 0; v < 40; v++) {
            float[] in = {v, -v * 0.5f, 1f / (v + 1)};
            assertArrayEquals(a.run(Map.of("aPosition", in)).registers(), b.run(Map.of("aPosition", in)).registers(), "vertex " + v);
        }
    }
}
