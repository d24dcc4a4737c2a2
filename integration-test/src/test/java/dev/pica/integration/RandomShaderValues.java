package dev.pica.integration;

import dev.pica.format.shbin.Uniform;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.util.SplittableRandom;

/** Random uniforms and attribute values for generated programs, special floats included. */
public final class RandomShaderValues {
    private RandomShaderValues() {}

    /** ±0, ±inf, quiet and signalling NaNs of either sign with payloads, denormals of either sign, small exact values */
    private static final float[] SPECIAL = {0f, -0f, 1f, -1f, 0.5f, 2f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, 1e-40f, 3.5f, -7.25f,
        Float.intBitsToFloat(0x7fc01234), Float.intBitsToFloat(0xffa00055), Float.intBitsToFloat(0x7f800001), -3e-39f};

    /** Every register of the DVLE's uniform table set: floats, small loop counts (nested loops stay short), bools. */
    public static Simulator uniforms(Simulator sim, Shader shader, SplittableRandom r) {
        for (Uniform u : shader.dvle().uniforms()) {
            for (int reg = Math.max(0, u.first()); reg <= u.last(); reg++) {
                String name = Uniform.registerName(reg);
                switch (name.charAt(0)) {
                    case 'c' -> sim.uniform(name, value(r), value(r), value(r), value(r));
                    case 'i' -> sim.uniformInt(name, r.nextInt(4), r.nextInt(256), r.nextInt(256), r.nextInt(256));
                    case 'b' -> sim.uniformBool(name, r.nextBoolean());
                    default -> { }
                }
            }
        }
        return sim;
    }

    public static float[] lanes(SplittableRandom r) {
        return new float[] {value(r), value(r), value(r), value(r)};
    }

    public static float value(SplittableRandom r) {
        return r.nextInt(4) == 0 ? SPECIAL[r.nextInt(SPECIAL.length)] : (float) (r.nextDouble() * 8 - 4);
    }
}
