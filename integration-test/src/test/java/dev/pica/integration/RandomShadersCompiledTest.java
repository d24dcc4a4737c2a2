package dev.pica.integration;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.shbin.DvlbReader;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The simulator's compiled paths against its interpreter on random vertex shaders written word by
 * word ({@link RandomVertexShaders}: every ALU instruction, CMP, MOVA and relative addressing in
 * and out of range, loops with aL, BREAKC, nested IFs and calls, CALLC and CALL of one procedure
 * with forward jumps in it), {@value #PROGRAMS} programs of {@value EngineAgreement#VERTICES}
 * vertices each through run, runBatch and runAll ({@link EngineAgreement}), one in eight also on
 * two threads. The same generator, run outside the tests against Azahar's interpreter, is
 * docs/testing.md's campaign.
 */
class RandomShadersCompiledTest {
    private static final long SEED = 0x48_0001;
    private static final int PROGRAMS = Integer.getInteger("dev.pica.randomShaders", 2000);

    @Test
    void compiledPathsComputeWhatTheInterpreterComputes() throws Exception {
        RandomVertexShaders g = new RandomVertexShaders(SEED);
        SplittableRandom values = new SplittableRandom(SEED);
        int whole = 0, vertices = 0;
        for (int k = 0; k < PROGRAMS; k++) {
            RandomVertexShaders.Program p = g.next();
            Shader shader = Shader.load(p.shbin());
            UnaryOperator<Simulator> setUp = setUp(RandomVertexShaders.uniforms(p, new SplittableRandom(values.nextLong())));
            final int n = k;
            EngineAgreement.Compared c = EngineAgreement.assertAgree(shader, setUp, EngineAgreement.randomVertices(values, EngineAgreement.VERTICES), k % 8 == 0,
                    () -> "program " + n + " (seed " + Long.toHexString(SEED) + "):\n" + listing(p.shbin()));
            if (c.whole()) whole++;
            vertices += c.vertices();
        }
        System.out.printf("random shaders: %d programs, %d compiled whole, %d vertices each way%n", PROGRAMS, whole, vertices);
        // most programs are in the shapes the whole-program compiler reads; a tenth are not, on purpose
        assertTrue(whole > PROGRAMS * 3 / 4 && whole < PROGRAMS, "compiled whole: " + whole);
    }

    /** Sets these uniforms ({@link RandomVertexShaders#uniforms}) and a step limit. */
    static UnaryOperator<Simulator> setUp(Map<String, Object> u) {
        return sim -> {
            sim.maxSteps(20_000);
            for (Map.Entry<String, Object> e : u.entrySet()) {
                if (e.getValue() instanceof float[] f) sim.uniform(e.getKey(), f);
                else if (e.getValue() instanceof int[] i) sim.uniformInt(e.getKey(), i[0], i[1], i[2], i[3]);
                else sim.uniformBool(e.getKey(), (Boolean) e.getValue());
            }
            return sim;
        };
    }

    static String listing(byte[] shbin) {
        try {
            return dev.pica.format.disasm.Disassembler.ofShader(DvlbReader.read(shbin), 0, "random").sources().get(0).text();
        } catch (Exception e) {
            return e.toString();
        }
    }
}
