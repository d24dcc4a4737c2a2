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

    /**
     * The shape of the public shader that made the compiler write a class the JVM refused (issue
     * 48: HyperDir/M3DS's 3dshader.v.pica, written afresh here): a procedure per bone that skips
     * itself with a forward jmpc when its weight is 0 and otherwise reads the bone's rows through
     * a0.x, called four times; main jumps over the skinning when all weights are 0, and a later
     * forward jmpc skips a division. 40 vertices, a third without weights, through every path.
     */
    @Test
    void aBoneProcedureWithAJumpCalledFourTimes() throws Exception {
        String source = """
                .fvec proj[4]
                .fvec view[3]
                .fvec bone[60]
                .constf k(0.0, 1.0, 3.0, 0.5)
                .out opos position
                .out onq normalquat
                .out ocol color
                .alias wsum r14
                .alias acc r15
                .alias nacc r12
                .alias cur r11
                .proc skinOne
                    cmp k.xxxx, eq, eq, cur.y
                    jmpc cmp.x, skipped
                    mova a0.x, cur.x
                    dp4 r1.x, bone[a0.x + 0], r2
                    dp4 r1.y, bone[a0.x + 1], r2
                    dp4 r1.z, bone[a0.x + 2], r2
                    mul r1.xyz, r1, cur.y
                    add acc.xyz, acc, r1
                    dp3 r3.x, bone[a0.x + 0], v2
                    dp3 r3.y, bone[a0.x + 1], v2
                    dp3 r3.z, bone[a0.x + 2], v2
                    mad nacc.xyz, r3, cur.y, nacc
                skipped:
                    nop
                .end
                .proc main
                    dp4 wsum.x, v4, v4
                    cmp k.xxxx, eq, ne, wsum.x
                    jmpc cmp.y, skin
                    mov acc, v0
                    mov nacc.xyz, v2
                    jmpc cmp.x, done
                skin:
                    mul r13, k.zzzz, v3
                    mov r2, v0
                    mov r2.w, k.yyyy
                    mov acc, k.xxxx
                    mov nacc, k.xxxx
                    mov cur.x, r13.x
                    mov cur.y, v4.x
                    call skinOne
                    mov cur.x, r13.y
                    mov cur.y, v4.y
                    call skinOne
                    mov cur.x, r13.z
                    mov cur.y, v4.z
                    call skinOne
                    mov cur.x, r13.w
                    mov cur.y, v4.w
                    call skinOne
                done:
                    mov acc.w, k.yyyy
                    dp4 r5.x, view[0], acc
                    dp4 r5.y, view[1], acc
                    dp4 r5.z, view[2], acc
                    mov r5.w, k.yyyy
                    dp4 opos.x, proj[0], r5
                    dp4 opos.y, proj[1], r5
                    dp4 opos.z, proj[2], r5
                    dp4 opos.w, proj[3], r5
                    dp3 r6.x, nacc, nacc
                    rsq r6.x, r6.x
                    mul r7.xyz, nacc, r6.x
                    add r4, k.yyyy, r7.z
                    mul r4, k.wwww, r4
                    cmp k.xxxx, ge, ge, r4.x
                    rsq r4, r4.x
                    mov r0, k.yxxx
                    jmpc cmp.x, flat
                    rcp r0.z, r4.x
                    mul r0.xy, r7, r4
                flat:
                    mov onq, r0
                    mov ocol, k.yyyy
                    end
                .end
                """;
        Dvlb f = DvlbReader.read(dev.pica.asm.picasso.PicassoAssembler.assemble(List.of(new dev.pica.format.diag.SourceFile("skin.v.pica", "skin.v.pica", null,
                source.getBytes(java.nio.charset.StandardCharsets.UTF_8))), new dev.pica.asm.picasso.PicassoBuild.Options(false)).value().binary());
        Shader shader = Shader.of(f, 0);
        assertTrue(shader.compilesWhole());
        SplittableRandom r = new SplittableRandom(48);
        float[] uniforms = new float[4 * 67];
        for (int k = 0; k < uniforms.length; k++) uniforms[k] = (float) (r.nextDouble() * 2 - 1);
        List<Map<String, float[]>> vertices = new ArrayList<>();
        for (int v = 0; v < EngineAgreement.VERTICES; v++) {
            float[] weights = new float[4], bones = new float[4];
            for (int k = 0; k < 4; k++) {
                weights[k] = v % 3 == 0 ? 0 : r.nextInt(3) == 0 ? 0 : (float) r.nextDouble();
                bones[k] = r.nextInt(20);
            }
            Map<String, float[]> in = EngineAgreement.randomVertices(r, 1).get(0);
            in.put("v3", bones);
            in.put("v4", weights);
            vertices.add(in);
        }
        EngineAgreement.assertAgree(shader, sim -> {
            sim.uniform("proj", java.util.Arrays.copyOfRange(uniforms, 0, 16));
            sim.uniform("view", java.util.Arrays.copyOfRange(uniforms, 16, 28));
            return sim.uniform("bone", java.util.Arrays.copyOfRange(uniforms, 28, 268));
        }, vertices, true, () -> source);
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
