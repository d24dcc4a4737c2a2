package dev.pica.compiler.mesa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.compiler.random.Builtin;
import dev.pica.compiler.random.Evaluator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The Mesa harness on its own: shaders whose outputs are known, and Mesa's built-ins against double. */
class MesaVertexRunnerTest extends MesaSupport {
    @Test
    void rendererIsLlvmpipeOpenGl45Core() {
        assertTrue(mesa.renderer().contains("llvmpipe"), mesa.renderer());
        assertTrue(mesa.renderer().contains("4.5 (Core Profile)"), mesa.renderer());
    }

    @Test
    void knownOutputs() {
        String src = """
                #version 450 core
                layout(location = 0) in vec4 p;
                layout(location = 2) in vec3 n;
                uniform mat4 m;
                uniform mat2 r;
                uniform vec4 s[3];
                uniform bool b;
                uniform int k;
                layout(location = 6) out vec3 view;
                layout(location = 1) out vec4 color;
                layout(location = 3) out float w;
                void main() {
                    gl_Position = m * p;
                    color = vec4(n * s[2].y, b ? 1.0 : -1.0);
                    w = float(k) * 0.5;
                    view = vec3(r * p.xy, s[0].w);
                }
                """;
        Map<String, float[]> uniforms = new LinkedHashMap<>();
        // GLSL's order: columns one after another; the fourth column is the translation
        uniforms.put("m", new float[] {1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 10, 20, 30, 1});
        uniforms.put("r", new float[] {0, 1, -1, 0}); // columns (0, 1) and (-1, 0): a quarter turn
        uniforms.put("s", new float[] {0, 0, 0, 7, 0, 0, 0, 0, 0, 2, 0, 0});
        uniforms.put("b", new float[] {1});
        uniforms.put("k", new float[] {5});
        MesaVertexRunner.Outputs o = mesa.run(src, 2, Map.of(0, new float[] {1, 2, 3, 1, 4, 5, 6, 1}, 2, new float[] {1, 1, 1, 0, 2, 3, 4, 0}), uniforms);
        assertEquals(List.of("gl_Position", "color", "w", "view"), List.copyOf(o.values().keySet()), "gl_Position, then the outputs by location");
        assertEquals(Map.of("gl_Position", 4, "color", 4, "w", 1, "view", 3), o.components());
        assertArrayEquals(new float[] {11, 24, 39, 1, 14, 30, 48, 1}, o.get("gl_Position"));
        assertArrayEquals(new float[] {2, 2, 2, 1, 4, 6, 8, 1}, o.get("color"));
        assertArrayEquals(new float[] {2.5f, 2.5f}, o.get("w"));
        assertArrayEquals(new float[] {-2, 1, 7, -5, 4, 7}, o.get("view"));
        assertArrayEquals(new float[] {-5, 4, 7}, o.lanes("view", 1));
    }

    @Test
    void oneArrayElementByNameAndUnreadUniformsIgnored() {
        String src = """
                #version 450 core
                uniform vec4 a[4];
                uniform float unused;
                void main() { gl_Position = a[3]; }
                """;
        MesaVertexRunner.Outputs o = mesa.run(src, 1, Map.of(), Map.of("a[3]", new float[] {1, 2, 3, 4}, "unused", new float[] {9}, "nothere", new float[] {1}));
        assertArrayEquals(new float[] {1, 2, 3, 4}, o.get("gl_Position"));
    }

    @Test
    void aShaderMesaRefusesIsAnErrorWithItsLog() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> mesa.run("#version 450 core\nvoid main() { gl_Position = nope; }\n", 1, Map.of(), Map.of()));
        assertTrue(e.getMessage().contains("nope"), e.getMessage());
    }

    /**
     * Mesa's approximation of each transcendental built-in, measured against double over the
     * generator's domain of its argument: the bounds {@link Evaluator#MESA_FORWARD} holds must
     * cover them (with float32's own rounding of the result).
     */
    @Test
    void builtinsWithinTheirMesaBounds() {
        record Sweep(Builtin fn, double lo, double hi, DoubleUnaryOperator exact) {}
        List<Sweep> sweeps = List.of(
                new Sweep(Builtin.SIN, -8, 8, Math::sin), new Sweep(Builtin.COS, -8, 8, Math::cos),
                new Sweep(Builtin.TAN, -1.25, 1.25, Math::tan), new Sweep(Builtin.ASIN, -0.9375, 0.9375, Math::asin),
                new Sweep(Builtin.ACOS, -0.9375, 0.9375, Math::acos), new Sweep(Builtin.ATAN, -8, 8, Math::atan),
                new Sweep(Builtin.EXP, -4, 4, Math::exp), new Sweep(Builtin.EXP2, -4, 4, x -> Math.pow(2, x)),
                new Sweep(Builtin.LOG, 0.125, 8, Math::log), new Sweep(Builtin.LOG2, 0.125, 8, x -> Math.log(x) / Math.log(2)),
                new Sweep(Builtin.SQRT, 0.125, 8, Math::sqrt), new Sweep(Builtin.INVERSESQRT, 0.125, 8, x -> 1 / Math.sqrt(x)));
        int n = 4096;
        StringBuilder report = new StringBuilder();
        for (Sweep s : sweeps) {
            float[] x = new float[4 * n];
            for (int i = 0; i < n; i++) x[4 * i] = (float) (s.lo + (s.hi - s.lo) * i / (n - 1));
            String src = "#version 450 core\nlayout(location = 0) in vec4 p;\nlayout(location = 3) out float r;\nvoid main() { gl_Position = p; r = "
                    + s.fn.glslName + "(p.x); }\n";
            float[] r = mesa.run(src, n, Map.of(0, x), Map.of()).get("r");
            double[] bound = Evaluator.MESA_FORWARD.get(s.fn);
            double worst = 0;
            for (int i = 0; i < n; i++) {
                double exact = s.exact.applyAsDouble(x[4 * i]);
                double err = Math.abs(r[i] - exact), allowed = bound[0] + bound[1] * Math.abs(exact) + 0x1p-23 * Math.abs(exact);
                worst = Math.max(worst, err / allowed);
                assertTrue(err <= allowed, s.fn.glslName + "(" + x[4 * i] + ") = " + r[i] + " on Mesa, " + exact + " exactly: error " + err + " > " + allowed);
            }
            report.append(String.format("%s %.2f  ", s.fn.glslName, worst));
        }
        System.out.println("Mesa's built-ins, worst error / bound: " + report);
    }
}
