package dev.pica.sim;

import static dev.pica.sim.Programs.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Compiled code on shapes that once made classes the JVM refused, and what happens when compiled
 * code fails all the same: the interpreter runs the shader from then on, with the same results,
 * and {@link Shader#compiledFailure} says why (picasim's note). The build runs every test with
 * {@value Bytecode#CHECK_PROPERTY} set, so each class here also went through ASM's checks.
 */
class CompiledFallbackTest {
    private static final int VERTICES = 40;

    /**
     * A procedure with a forward jump, called by CALLC and then by CALL (issue 48's shrunk random
     * program): its region is read at each call site, and each reading's jump must land on its
     * own label. One label placed twice made a method the JVM refused once the shader ran 16
     * times ("Expecting a stackmap frame at branch target").
     */
    static Shader procedureWithAJumpCalledTwice() {
        Programs p = new Programs();
        int all = p.desc(MASK_ALL, XYZW, XYZW, XYZW);
        p.word(Instruction.cond(Opcode.CALLC, 0, 1, 1, 4, 3)); // 0: callc !cmp.x && cmp.y, p3 (words 4-6)
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 4, 3)); //  1: call p3
        p.alu(Opcode.MOV, o(0), r(11), 0, all); //                2: mov o0, r11
        p.op(Opcode.END); //                                      3
        p.word(Instruction.regFlow(Opcode.JMPU, 11, 6, 0)); //    4: jmpu b11, l4
        p.alu(Opcode.MOV, r(0), v(13), 0, all); //                5: mov r0, v13
        p.alu(Opcode.ADD, r(11), v(9), r(8), p.desc(MASK_ALL, XYZW, 0x2F, XYZW)); // 6: l4: add r11, v9, r8.xzww
        return p.out(0, 0, 0xF).shader();
    }

    @Test
    void aProcedureWithAJumpCompilesAtEachCallSite() throws Exception {
        Shader shader = procedureWithAJumpCalledTwice();
        assertTrue(shader.compilesWhole());
        for (boolean b11 : new boolean[] {false, true}) {
            Simulator interpreted = new Simulator(shader).compile(false).uniformBool("b11", b11);
            Simulator compiled = new Simulator(shader).uniformBool("b11", b11);
            for (int v = 0; v < VERTICES; v++) {
                Map<String, float[]> in = Map.of("v9", new float[] {v, 1, 2, 3}, "v13", new float[] {-v, 5, 6, 7});
                assertArrayEquals(interpreted.run(in).registers(), compiled.run(in).registers(), "b11 " + b11 + ", vertex " + v);
            }
        }
        assertNull(shader.compiledFailure());
    }

    /** A shader with a loop, a call and an output map of two registers: what the fallback runs. */
    private static Shader loopingShader() {
        Programs p = new Programs();
        int all = p.desc(MASK_ALL, XYZW, XYZW, XYZW);
        p.integer(0, 3, 1, 2, 0);
        p.word(Instruction.regFlow(Opcode.LOOP, 0, 1, 0)); // 0: loop i0 (4 times, aL from 1 by 2)
        p.alu(Opcode.ADD, r(0), r(0), v(0), all); //        1: add r0, r0, v0
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 6, 1)); // 2: call word 6
        p.alu(Opcode.MOV, o(0), r(0), 0, all); //           3: mov o0, r0
        p.alu(Opcode.MUL, o(1), r(0), r(1), all); //        4: mul o1, r0, r1
        p.op(Opcode.END); //                                5
        p.alu(Opcode.RCP, r(1), v(1), 0, all); //           6: rcp r1, v1
        return p.out(0, 0, 0xF).out(1, 1, 0x3).shader(); // o1.xy (bit 0 is x in the output map)
    }

    private static Map<String, float[]> vertex(int v) {
        return Map.of("v0", new float[] {v, -v, 0.5f * v, 1}, "v1", new float[] {v + 1, 0, 0, 0});
    }

    @Test
    void compiledCodeTheJvmRefusesLeavesTheShaderToTheInterpreter() throws Exception {
        assertFallsBack("load", "VerifyError");
    }

    @Test
    void compiledCodeThatThrowsLeavesTheShaderToTheInterpreter() throws Exception {
        assertFallsBack("run", "IllegalStateException");
    }

    /**
     * With compiled code failing as {@code fault} asks: run past the compile threshold, runBatch
     * on one and two threads, runAll: each vertex's outputs the interpreter's, and the shader's
     * failure named.
     */
    private static void assertFallsBack(String fault, String named) throws Exception {
        float[][] expected = new float[VERTICES][];
        Simulator interpreted = new Simulator(loopingShader()).compile(false);
        for (int v = 0; v < VERTICES; v++) expected[v] = interpreted.run(vertex(v)).registers();
        System.setProperty(Bytecode.FAULT_PROPERTY, fault);
        try {
            Shader shader = loopingShader();
            Simulator sim = new Simulator(shader);
            for (int v = 0; v < VERTICES; v++) assertArrayEquals(expected[v], sim.run(vertex(v)).registers(), "run, vertex " + v);
            assertNotNull(shader.compiledFailure(), "run: compiled code never failed");
            assertTrue(shader.compiledFailure().contains(named), shader.compiledFailure());

            for (int threads : new int[] {1, 2}) {
                shader = loopingShader();
                int n = 2 * 2048 + 3; // two threads take chunks of it
                Map<String, float[]> in = new HashMap<>();
                in.put("v0", new float[4 * n]);
                in.put("v1", new float[4 * n]);
                for (int v = 0; v < n; v++) {
                    System.arraycopy(vertex(v % VERTICES).get("v0"), 0, in.get("v0"), 4 * v, 4);
                    System.arraycopy(vertex(v % VERTICES).get("v1"), 0, in.get("v1"), 4 * v, 4);
                }
                float[] o0 = new float[4 * n], o1 = new float[2 * n];
                Map<String, float[]> out = new java.util.LinkedHashMap<>();
                out.put("o0", o0);
                out.put("o1", o1);
                new Simulator(shader).runBatch(n, in, out, threads);
                for (int v = 0; v < n; v++) {
                    float[] want = expected[v % VERTICES];
                    assertArrayEquals(java.util.Arrays.copyOfRange(want, 0, 4), java.util.Arrays.copyOfRange(o0, 4 * v, 4 * v + 4), "runBatch on " + threads + ", vertex " + v);
                    assertArrayEquals(java.util.Arrays.copyOfRange(want, 4, 6), java.util.Arrays.copyOfRange(o1, 2 * v, 2 * v + 2), "runBatch on " + threads + ", vertex " + v);
                }
                assertNotNull(shader.compiledFailure(), "runBatch on " + threads + ": compiled code never failed");

                shader = loopingShader();
                List<Result> all = new Simulator(shader).runAll(n, in);
                for (int v = 0; v < n; v++) assertArrayEquals(expected[v % VERTICES], all.get(v).registers(), "runAll, vertex " + v);
                assertNotNull(shader.compiledFailure(), "runAll: compiled code never failed");
            }
        } finally {
            System.clearProperty(Bytecode.FAULT_PROPERTY);
        }
        // without the fault the same shader compiles and runs compiled
        Shader shader = loopingShader();
        Simulator sim = new Simulator(shader);
        for (int v = 0; v < VERTICES; v++) assertArrayEquals(expected[v], sim.run(vertex(v)).registers(), "vertex " + v);
        assertEquals(null, shader.compiledFailure());
        assertTrue(shader.compilesWhole());
    }
}
