package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.sim.Result;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Programs past the operand-descriptor limits with the registers packed (128 in the table, 32
 * a MAD can name: spec/isa.md 5.1) compile on the back end's second try (GlslCompiler: the
 * lanes-first allocation, then the rarest MADs' swizzled and negated sources copied) and compute
 * what they computed. The random programs that were refused so are in mesa-regressions/mad-descriptors-*.
 */
class DescriptorLimitTest {
    /** Inputs whose products and sums are exact in float24 (halves, sums far below 2^16): the result is exact. */
    static final float[] A = {1, -0.5f, 2, 1.5f}, B = {0.5f, -1, 1, 2};

    /**
     * A hundred multiply-adds, each with its own lanes, swizzles and signs ({@code acc.zx = a.yw * b.xz
     * - acc.wy}). Refused before, past both limits ("the program needs more operand descriptors ... than
     * the 128 the hardware holds", "the program's multiply-adds need more operand descriptors ... than the 32 a MAD can name").
     */
    @Test
    void aHundredMultiplyAddsOfTheirOwnShapeCompileAndComputeExactly() throws Exception {
        Random r = new Random(45);
        StringBuilder body = new StringBuilder();
        double[] acc = {0.25, 0.5, 0.75, 1};
        double[] a = toDouble(A), b = toDouble(B);
        for (int k = 0; k < 100; k++) {
            int w = 1 + r.nextInt(3);
            // w distinct lanes of acc written; w lanes of a, b and acc read (repeats allowed)
            int[] dst = distinctLanes(r, w);
            int[] sa = lanes(r, w), sb = lanes(r, w), sc = lanes(r, w);
            boolean negProduct = r.nextBoolean(), negAddend = r.nextInt(3) == 0;
            body.append("    acc.").append(swizzle(dst)).append(" = ").append(negProduct ? "-" : "").append("(a.").append(swizzle(sa)).append(" * b.")
                    .append(swizzle(sb)).append(") ").append(negAddend ? "- " : "+ ").append("acc.").append(swizzle(sc)).append(";\n");
            double[] next = acc.clone();
            for (int l = 0; l < w; l++) {
                double p = a[sa[l]] * b[sb[l]];
                next[dst[l]] = (negProduct ? -p : p) + (negAddend ? -acc[sc[l]] : acc[sc[l]]);
            }
            acc = next;
        }
        String glsl = "#version 450 core\nlayout(location = 0) in vec4 a;\nlayout(location = 1) in vec4 b;\nlayout(location = 1) out vec4 colour;\n"
                + "void main() {\n    vec4 acc = vec4(0.25, 0.5, 0.75, 1.0);\n" + body + "    gl_Position = a;\n    colour = acc;\n}\n";
        CompiledShader c = Shaders.compile(glsl);
        int mads = 0;
        for (int word : c.object().code()) {
            Opcode op = InstructionCodec.decode(word).op();
            if (op == Opcode.MAD || op == Opcode.MADI) mads++;
        }
        assertTrue(mads > 32, mads + " MADs:\n" + c.assembly());
        Result res = Shaders.simulator(c).run(Map.of("a", A, "b", B));
        assertArrayEquals(toFloat(acc), res.output("color"), 0f, glsl);
    }

    private static int[] distinctLanes(Random r, int w) {
        java.util.List<Integer> all = new java.util.ArrayList<>(java.util.List.of(0, 1, 2, 3));
        java.util.Collections.shuffle(all, r);
        int[] out = new int[w];
        for (int k = 0; k < w; k++) out[k] = all.get(k);
        return out;
    }

    private static int[] lanes(Random r, int w) {
        int[] out = new int[w];
        for (int k = 0; k < w; k++) out[k] = r.nextInt(4);
        return out;
    }

    private static String swizzle(int[] lanes) {
        StringBuilder s = new StringBuilder();
        for (int l : lanes) s.append("xyzw".charAt(l));
        return s.toString();
    }

    private static double[] toDouble(float[] f) {
        double[] d = new double[f.length];
        for (int k = 0; k < f.length; k++) d[k] = f[k];
        return d;
    }

    private static float[] toFloat(double[] d) {
        float[] f = new float[d.length];
        for (int k = 0; k < d.length; k++) f[k] = (float) d[k];
        return f;
    }
}
