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
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The simulator's engines agree to the bit: generated programs (every instruction, relative
 * addressing, flow control, geometry emission) run with the same random uniforms and inputs
 * interpreted and on compiled code, and every output lane (as raw bits, NaN payloads included),
 * emitted vertex and step count must match. Each vertex shader runs {@value EngineAgreement#VERTICES}
 * vertices through run past the compile threshold, runBatch and runAll ({@link EngineAgreement}),
 * one case in eight on two threads too; a geometry shader runs as many primitives.
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
                final String context = "case " + k + " entry " + e + "\n" + String.join("\n", sources);
                if (shader.geometry()) {
                    Simulator compiled = setUp(new Simulator(shader), shader, seed), interpreted = setUp(new Simulator(shader).compile(false), shader, seed);
                    for (int v = 0; v < EngineAgreement.VERTICES; v++) {
                        long in = r.nextLong();
                        assertEquals(primitive(interpreted, new SplittableRandom(in)), primitive(compiled, new SplittableRandom(in)), context + "\nprimitive " + v);
                    }
                } else {
                    EngineAgreement.Compared c = EngineAgreement.assertAgree(shader, sim -> setUp(sim, shader, seed),
                            EngineAgreement.randomVertices(new SplittableRandom(r.nextLong()), EngineAgreement.VERTICES), k % 8 == 0, () -> context);
                    if (c.whole()) whole++;
                }
                compared++;
            }
        }
        assertTrue(compared > CASES, "too few entries compared: " + compared);
        // most generated programs nest their blocks as the binary says: the whole-program compiler runs them
        assertTrue(whole > CASES / 2, "only " + whole + " entries compiled whole");
    }

    private static Simulator setUp(Simulator sim, Shader shader, long seed) {
        return RandomShaderValues.uniforms(sim.maxSteps(20_000), shader, new SplittableRandom(seed));
    }

    /** A geometry shader's run on a random primitive, as comparable text: raw output bits, emissions, steps; or the error. */
    private static String primitive(Simulator sim, SplittableRandom r) {
        try {
            List<float[][]> vertices = new ArrayList<>();
            for (int v = 0; v < 3; v++) vertices.add(new float[][] {RandomShaderValues.lanes(r), RandomShaderValues.lanes(r)});
            Result res = sim.runGeometry(vertices);
            StringBuilder sb = new StringBuilder("steps " + res.steps());
            for (float x : res.registers()) sb.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(x)));
            for (Emission e : res.emissions()) {
                sb.append(" | emit ").append(e.vertexId()).append(e.primitive()).append(e.inverted());
                for (float x : e.outputs()) sb.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(x)));
            }
            return sb.toString();
        } catch (SimulationException e) {
            return "error " + e.getMessage();
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
