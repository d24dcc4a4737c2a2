package dev.pica.compiler.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.compiler.mesa.MesaSupport;
import dev.pica.compiler.mesa.MesaVertexRunner;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The generator and its evaluator against Mesa, with no compiler of ours involved. */
class ProgramGeneratorTest {
    @Test
    void sameSeedSameProgram() {
        ProgramGenerator g = ProgramGenerator.all();
        for (long seed = 0; seed < 50; seed++) assertEquals(g.generate(seed).glsl(), g.generate(seed).glsl());
    }

    @Test
    void switchedOffFeaturesAndBuiltinsDoNotAppear() {
        ProgramGenerator g = ProgramGenerator.without("loops, if_else, select, functions, sin, matrices");
        for (long seed = 0; seed < 300; seed++) {
            String text = g.generate(seed).glsl();
            assertFalse(text.contains("for (") || text.contains("if (") || text.contains(" ? ") || text.matches("(?s).*\\bsin\\(.*") || text.contains("mat"), text);
            assertFalse(text.matches("(?s).*\\bf\\d\\(.*"), text);
        }
    }

    @Test
    void everyFeatureAndBuiltinAppears() {
        ProgramGenerator g = ProgramGenerator.all();
        StringBuilder all = new StringBuilder();
        for (long seed = 0; seed < 400; seed++) all.append(g.generate(seed).glsl());
        String text = all.toString();
        for (Builtin b : Builtin.values()) assertTrue(text.contains(b.glslName + "("), b.glslName);
        for (String s : new String[] {"for (", "break;", "} else {", " ? ", "[i0", "[int(idx.", "uniform bool", "transpose(", "mat4(", ".xz = ", "f0(", "normalquat =", "view ="}) {
            assertTrue(text.contains(s), s);
        }
    }

    /**
     * Mesa compiles every generated program and agrees with the evaluator within its bounds on
     * every stable vertex: the programs are valid GLSL and the evaluator computes what GLSL means.
     */
    @Test
    void mesaAgreesWithTheEvaluator() {
        ProgramGenerator g = ProgramGenerator.all();
        int compared = 0, unstable = 0;
        try (MesaVertexRunner mesa = MesaSupport.open()) {
            for (long seed = 0; seed < 100; seed++) {
                RandomProgram p = g.generate(seed);
                RandomProgram.Instance in = p.sample(new Random(seed), 8);
                MesaVertexRunner.Outputs o = mesa.run(p.glsl(), in.vertices(), in.byLocation(p), in.glUniforms());
                for (int v = 0; v < in.vertices(); v++) {
                    Evaluator.Outputs ev;
                    try {
                        ev = new Evaluator(p, in).run(v);
                    } catch (Evaluator.Unstable u) {
                        unstable++;
                        continue;
                    }
                    compared++;
                    for (var e : ev.values().entrySet()) {
                        float[] got = o.lanes(e.getKey(), v);
                        for (int k = 0; k < got.length; k++) {
                            double exact = e.getValue().v()[k], bound = e.getValue().e()[k] + Evaluator.NEAR;
                            int lane = k, vertex = v;
                            assertTrue(Math.abs(got[k] - exact) <= bound, () -> "seed " + p.seed() + " vertex " + vertex + " " + e.getKey() + "[" + lane + "]: Mesa " + got[lane]
                                    + ", exactly " + exact + " +- " + bound + "\n" + p.glsl());
                        }
                    }
                }
            }
        }
        assertTrue(compared > 3 * unstable, compared + " vertices compared, " + unstable + " unstable");
    }
}
