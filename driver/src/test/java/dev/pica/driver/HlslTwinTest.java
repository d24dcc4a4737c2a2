package dev.pica.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.sim.Bindings;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.ShaderBuildException;
import dev.pica.sim.Simulator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HLSL through glslang's HLSL front end and the same back end (issue 46 item 2): each HLSL test
 * shader against a GLSL twin of ours, both built as a test builds them (Shader.build), run in the
 * simulator on the same uniforms and inputs, by name, on 32 seeded vertices: the same output table
 * (semantics and lanes), the same uniform and input names, every output lane equal within
 * float24's precision (the twins may compile to different instruction orders).
 */
class HlslTwinTest {
    static final Path DIR = Path.of("src", "test", "resources", "hlsl");

    @ParameterizedTest
    @ValueSource(strings = {"lit", "rowvector", "shade"})
    void anHlslShaderComputesWhatItsGlslTwinDoes(String name) throws Exception {
        Shader hlsl = Shader.build(DIR.resolve(name + ".hlsl")), glsl = Shader.build(DIR.resolve(name + ".vert"));
        assertEquals(outputs(glsl), outputs(hlsl), "the output table");
        assertEquals(new TreeSet<>(glsl.bindings().named().keySet()), new TreeSet<>(hlsl.bindings().named().keySet()), "uniform and input names");
        Random rnd = new Random(46_2L + name.hashCode());
        for (int v = 0; v < 32; v++) {
            Simulator h = new Simulator(hlsl), g = new Simulator(glsl);
            Map<String, float[]> inputs = new LinkedHashMap<>();
            for (Map.Entry<String, Bindings.Range> e : glsl.bindings().named().entrySet()) {
                Bindings.Range r = e.getValue();
                if (r.file() == dev.pica.format.isa.RegisterFile.INPUT) {
                    inputs.put(e.getKey(), values(rnd, 4));
                } else {
                    float[] all = values(rnd, 4 * r.count());
                    h.uniform(e.getKey(), all);
                    g.uniform(e.getKey(), all);
                }
            }
            Result a = h.run(inputs), b = g.run(inputs);
            for (Bindings.Output o : glsl.bindings().outputs()) {
                String sem = o.semantic().spelling;
                float[] x = a.output(sem), y = b.output(sem);
                for (int k = 0; k < x.length; k++) {
                    float tol = 1e-4f * Math.max(1, Math.abs(y[k]));
                    assertTrue(Math.abs(x[k] - y[k]) <= tol, name + " vertex " + v + " " + o.semantic() + " lane " + k + ": HLSL " + x[k] + ", GLSL " + y[k]);
                }
            }
        }
    }

    /** The semantics written and their lanes (the registers may be numbered apart: outputs take o registers in declaration order). */
    private static TreeSet<String> outputs(Shader s) {
        TreeSet<String> out = new TreeSet<>();
        for (Bindings.Output o : s.bindings().outputs()) out.add(o.semantic() + " mask " + o.mask());
        return out;
    }

    private static float[] values(Random rnd, int n) {
        float[] f = new float[n];
        // quarters in [-4, 4): exact in float24, so both programs start from the same values
        for (int k = 0; k < n; k++) f[k] = (rnd.nextInt(32) - 16) / 4f;
        return f;
    }

    /** citro3d's rows: register k of a float4x4 is HLSL row k, so mul(m, v).x is dot(c0, v). */
    @Test
    void mulOfAMatrixAndAVectorReadsCitro3dsRows() throws Exception {
        Simulator sim = new Simulator(Shader.build(DIR.resolve("lit.hlsl")))
                .uniform("projection", new float[][] {{2, 0, 0, 1}, {0, 3, 0, 0}, {0, 0, 4, 0}, {0, 0, 0, 1}})
                .uniform("modelView", new float[][] {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}})
                .uniform("tint", 1, 1, 1, 1);
        Result r = sim.run(Map.of("position", new float[] {1, 2, 3, 1}, "uv", new float[] {0.5f, 0.25f}, "normal", new float[] {0, 0, 1}));
        assertEquals(List.of(3f, 6f, 12f, 1f), boxed(r.output("position")));
        assertEquals(List.of(0.5f, 0.25f), boxed(r.output("texcoord0")));
        assertEquals(List.of(0f, 0f, 1f, 1f), boxed(r.output("color")));
    }

    @Test
    void anHlslErrorIsLocatedAsAGlslOne() {
        ShaderBuildException e = assertThrows(ShaderBuildException.class, () -> Shader.build("bad.hlsl",
                "#pragma shader_stage(vertex)\nfloat4 main(float4 p : POSITION) : SV_Position {\n    return q;\n}\n"));
        assertTrue(e.getMessage().contains("bad.hlsl:3:12: error: 'q' : unknown variable\n    return q;\n           ^\n"), e.getMessage());
    }

    /** A non-square uniform matrix would be read by columns: an error until it is read with citro3d's rows. */
    @Test
    void aNonSquareUniformMatrixIsAnErrorNotAnotherMeaning() {
        ShaderBuildException e = assertThrows(ShaderBuildException.class, () -> Shader.build("m43.hlsl",
                "#pragma shader_stage(vertex)\nfloat4x3 modelView;\nfloat4 main(float4 p : POSITION) : SV_Position {\n    return mul(modelView, p.xyz);\n}\n"));
        assertTrue(e.getMessage().contains("m43.hlsl: error: a uniform matrix that is not square"), e.getMessage());
    }

    private static List<Float> boxed(float[] f) {
        List<Float> l = new ArrayList<>();
        for (float x : f) l.add(x);
        return l;
    }
}
