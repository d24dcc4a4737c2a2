package dev.pica.integration;

import dev.pica.link.testing.LinkHelper;
import dev.pica.link.testing.ProgramGenerator;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.StateGraph;
import dev.pica.format.verify.Verifier;
import dev.pica.sim.Shader;
import dev.pica.sim.SimulationException;
import dev.pica.sim.Simulator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The simulator and the verifier share one flow-control step: random programs run with random
 * uniforms and inputs, and every word-to-word step the simulator takes must be an edge of the
 * verifier's state graph, followed from the entry state (the set of states the path can be in,
 * since a state is pc plus stacks and the simulator's stacks are not compared directly). Each
 * vertex shader then runs {@value EngineAgreement#VERTICES} vertices on the compiled paths
 * against the interpreter ({@link EngineAgreement}).
 */
class SimulatedPathsTest {
    private static final long SEED = 0x51a7e;
    private static final int CASES = 250;

    @Test
    void everyStepTheSimulatorTakesWasExplored() throws Exception {
        SplittableRandom r = new SplittableRandom(SEED);
        int shaders = 0, runaways = 0;
        long steps = 0;
        for (int k = 0; k < CASES; k++) {
            List<String> sources = new ProgramGenerator(SEED + k).next().namesAndSources();
            Dvlb f = DvlbReader.read(LinkHelper.link(false, sources.toArray(String[]::new)));
            for (int e = 0; e < f.shaders().size(); e++) {
                StateGraph g = Verifier.explore(Program.ofShader(f, e)).get(0);
                if (g.truncated()) continue;
                for (int run = 0; run < 4; run++) {
                    try {
                        steps += follow(g, f, e, r);
                    } catch (SimulationException x) {
                        // a backward jump on data can loop forever; the steps taken were checked
                        if (!x.runaway()) throw new AssertionError("case " + k + ", entry " + e, x);
                        runaways++;
                    } catch (AssertionError x) {
                        throw new AssertionError("case " + k + " (seed " + (SEED + k) + "), entry " + e + ", run " + run + "\n" + String.join("\n", sources), x);
                    }
                }
                shaders++;
                // and the same program on the compiled paths, past the compile threshold
                Shader shader = Shader.of(f, e);
                if (!shader.geometry()) {
                    long seed = r.nextLong();
                    final int n = k;
                    EngineAgreement.assertAgree(shader, sim -> RandomShaderValues.uniforms(sim.maxSteps(20_000), shader, new SplittableRandom(seed)),
                            EngineAgreement.randomVertices(r, EngineAgreement.VERTICES), false, () -> "case " + n + "\n" + String.join("\n", sources));
                }
            }
        }
        System.out.printf("simulated paths: %d shaders, %d steps (%d runs stopped at the step limit), all explored by the verifier%n", shaders, steps, runaways);
        assertTrue(shaders > CASES, "too few shaders ran: " + shaders);
    }

    /** One run with random values; each step must lead from a state the path may be in to a successor with the new pc. */
    private static long follow(StateGraph g, Dvlb f, int entry, SplittableRandom r) throws SimulationException {
        Shader shader = Shader.of(f, entry);
        Simulator sim = RandomShaderValues.uniforms(new Simulator(shader).maxSteps(20_000), shader, r);
        List<StateGraph.State> states = g.states();
        Set<Integer> current = new HashSet<>(List.of(0));
        int[] previous = {-1};
        long[] count = {0};
        sim.tracer((pc, word, writes) -> {
            count[0]++;
            if (previous[0] >= 0) {
                Set<Integer> next = new HashSet<>();
                for (int s : current) for (int t : g.successors(s)) if (states.get(t).pc == pc) next.add(t);
                if (next.isEmpty()) fail("the simulator went from word " + previous[0] + " to " + pc + ", a step the verifier never explored");
                current.clear();
                current.addAll(next);
            } else if (states.get(0).pc != pc) {
                fail("the simulator started at word " + pc + ", the verifier at " + states.get(0).pc);
            }
            previous[0] = pc;
        });
        if (shader.geometry()) {
            List<float[][]> vertices = new ArrayList<>();
            for (int v = 0; v < 3; v++) vertices.add(new float[][] {RandomShaderValues.lanes(r), RandomShaderValues.lanes(r)});
            sim.runGeometry(vertices);
        } else {
            Map<String, float[]> inputs = new HashMap<>();
            for (int v = 0; v < 16; v++) inputs.put("v" + v, RandomShaderValues.lanes(r));
            sim.run(inputs);
        }
        return count[0];
    }

}
