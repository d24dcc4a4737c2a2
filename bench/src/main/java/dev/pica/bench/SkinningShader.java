package dev.pica.bench;

import dev.pica.sim.Simulator;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A four-bone skinning vertex shader (52 words): each bone's 3x4 matrix read through the address
 * register ({@code c16[a0.x]}, {@code c17[a0.y]}: 12 dp4 and 12 dp3 with relative reads), the
 * weighted position projected and the weighted normal lit by one directional light. The sixth
 * program of docs/performance.md's comparison with Azahar's engines.
 */
final class SkinningShader {
    private SkinningShader() {}

    static final String SOURCE = """
            // four-bone skinning: each bone's 3x4 matrix read through a0 (c[a0.x+n] / c[a0.y+n]), weighted
            // position and normal, then projection and one directional light
            #pragma bind_symbol(aPos, v0)
            #pragma bind_symbol(aNormal.xyz, v1)
            #pragma bind_symbol(aBones, v2)
            #pragma bind_symbol(aWeights, v3)
            #pragma bind_symbol(Proj, c0, c3)
            #pragma bind_symbol(LightDir, c4)
            #pragma bind_symbol(LightColor, c5)
            #pragma bind_symbol(Ambient, c6)
            #pragma bind_symbol(Bones, c16, c87)
            #pragma output_map(position, o0)
            #pragma output_map(color, o1)
            #pragma output_map(texture0, o2)
            def c90, 0.0, 1.0, 0.5, 3.0
            main:
                mov     r0.xyz, v0
                mov     r0.w, c90.y
                mova    a0.xy, v2.xy
                dp4     r1.x, r0, c16[a0.x]
                dp4     r1.y, r0, c17[a0.x]
                dp4     r1.z, r0, c18[a0.x]
                dp3     r2.x, v1, c16[a0.x]
                dp3     r2.y, v1, c17[a0.x]
                dp3     r2.z, v1, c18[a0.x]
                mul     r3.xyz, r1, v3.x
                mul     r4.xyz, r2, v3.x
                dp4     r1.x, r0, c16[a0.y]
                dp4     r1.y, r0, c17[a0.y]
                dp4     r1.z, r0, c18[a0.y]
                dp3     r2.x, v1, c16[a0.y]
                dp3     r2.y, v1, c17[a0.y]
                dp3     r2.z, v1, c18[a0.y]
                mad     r3.xyz, r1, v3.y, r3
                mad     r4.xyz, r2, v3.y, r4
                mova    a0.xy, v2.zw
                dp4     r1.x, r0, c16[a0.x]
                dp4     r1.y, r0, c17[a0.x]
                dp4     r1.z, r0, c18[a0.x]
                dp3     r2.x, v1, c16[a0.x]
                dp3     r2.y, v1, c17[a0.x]
                dp3     r2.z, v1, c18[a0.x]
                mad     r3.xyz, r1, v3.z, r3
                mad     r4.xyz, r2, v3.z, r4
                dp4     r1.x, r0, c16[a0.y]
                dp4     r1.y, r0, c17[a0.y]
                dp4     r1.z, r0, c18[a0.y]
                dp3     r2.x, v1, c16[a0.y]
                dp3     r2.y, v1, c17[a0.y]
                dp3     r2.z, v1, c18[a0.y]
                mad     r3.xyz, r1, v3.w, r3
                mad     r4.xyz, r2, v3.w, r4
                mov     r3.w, c90.y
                dp4     o0.x, r3, c0
                dp4     o0.y, r3, c1
                dp4     o0.z, r3, c2
                dp4     o0.w, r3, c3
                dp3     r5.x, r4, r4
                rsq     r5.x, r5.x
                mul     r4.xyz, r4, r5.x
                dp3     r6.x, r4, c4
                max     r6.x, r6.x, c90.x
                mul     r7, c5, r6.x
                add     r7, r7, c6
                min     o1, r7, c90.y
                mov     o2.xyz, r4
                mov     o2.w, c90.y
                end
            endmain:
            """;

    /** The bones (24 matrices of 3 rows), projection and light, from a fixed seed. */
    static Simulator uniforms(Simulator sim) {
        SplittableRandom r = new SplittableRandom(37);
        sim.uniform("Proj", lanes(r, 16));
        sim.uniform("LightDir", lanes(r, 4));
        sim.uniform("LightColor", lanes(r, 4));
        sim.uniform("Ambient", lanes(r, 4));
        sim.uniform("Bones", lanes(r, 72 * 4));
        return sim;
    }

    /** {@code n} vertices: position, normal, four bone indices (times 3, the rows of a bone) and weights. */
    static Map<String, float[]> vertices(int n) {
        SplittableRandom r = new SplittableRandom(41);
        float[] pos = lanes(r, 4 * n), normal = lanes(r, 3 * n), bones = new float[4 * n], weights = new float[4 * n];
        for (int k = 0; k < 4 * n; k++) {
            bones[k] = 3 * r.nextInt(24);
            weights[k] = (float) r.nextDouble();
        }
        return Map.of("aPos", pos, "aNormal", normal, "aBones", bones, "aWeights", weights);
    }

    private static float[] lanes(SplittableRandom r, int n) {
        float[] f = new float[n];
        for (int k = 0; k < n; k++) f[k] = (float) (r.nextDouble() * 4 - 2);
        return f;
    }
}
