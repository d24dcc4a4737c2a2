package dev.pica.sim;

import static dev.pica.sim.Programs.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * A vertex run by the whole compiled program, as {@code Simulator.run} runs it from its 16th
 * call: the unit is not reset between calls, so nothing of the call before may show. The
 * program writes its outputs into a new array (the {@link Result}'s), an input some word reads
 * and the call does not give reads 0, a uniform set between calls is read, and every answer is
 * the interpreter's.
 */
class CompiledRunTest {
    private static final int VERTICES = 48;

    /** o0 = v0; if b0: o1 = c0 ("offset") + v1; o2 = v2 (texcoord0 its xy) */
    private static Shader shader() {
        Programs p = new Programs();
        int all = p.desc(MASK_ALL, XYZW, XYZW, XYZW);
        p.alu(Opcode.MOV, o(0), v(0), 0, all); //                       0: mov o0, v0
        p.word(Instruction.regFlow(Opcode.IFU, 0, 3, 0)); //             1: if b0: then 2, end 3
        p.alu(Opcode.ADD, o(1), c(0), v(1), all); //                     2: add o1, c0, v1
        p.alu(Opcode.MOV, o(2), v(2), 0, all); //                        3: mov o2, v2
        p.op(Opcode.END); //                                             4
        p.uniform("offset", 0x10, 0x10).uniform("flag", 0x78, 0x78).uniform("pair", 0x01, 0x02); // c0, b0, v1-v2
        return p.out(0, 0, 0xF).out(2, 1, 0xF).out(3, 2, 0x3).shader(); // position o0, color o1, texcoord0 o2.xy
    }

    @Test
    void theProgramWritesItsOutputsIntoANewArrayAndLeavesTheUnitsAlone() {
        Shader shader = shader();
        ProgramCompiler.Program program = shader.program(true);
        assertNotNull(program);
        Simulator sim = new Simulator(shader).uniform("offset", 10, 20, 30, 40);
        Machine m = sim.batchUnit(false);
        // what a run before left in the output registers, and this run's inputs
        Arrays.fill(m.regs, DecodedWords.OUT, DecodedWords.OUT + DecodedWords.BANK, 7f);
        float[] v0 = {1, 2, 3, 4}, v2 = {5, 6, 0, 1};
        System.arraycopy(v0, 0, m.regs, DecodedWords.IN, 4);
        System.arraycopy(v2, 0, m.regs, DecodedWords.IN + 8, 4);
        m.steps = 99;
        float[] out = program.run(m);
        // o0-o2 are the registers some word writes; b0 false: o1 not written this run, so 0
        assertArrayEquals(new float[] {1, 2, 3, 4, 0, 0, 0, 0, 5, 6, 0, 1}, out);
        assertEquals(4, m.steps, "mov, ifu, mov, end");
        for (int k = DecodedWords.OUT; k < DecodedWords.OUT + DecodedWords.BANK; k++) assertEquals(7f, m.regs[k], "the unit's output lane " + k);
        assertTrue(out != program.run(m), "a new array each run");
    }

    @Test
    void noCallSeesTheCallBefore() throws Exception {
        Shader shader = shader();
        assertTrue(shader.compilesWhole());
        Simulator compiled = new Simulator(shader), interpreted = new Simulator(shader).compile(false);
        for (int v = 0; v < VERTICES; v++) {
            // b0 and the uniform change every few vertices, v1 is given every other vertex, v2 with
            // two lanes or none, and the names are new strings now and then (the caches compare by identity)
            for (Simulator s : List.of(compiled, interpreted)) s.uniformBool("flag", v % 3 != 0).uniform("offset", v, -v, 0.5f, 1);
            Map<String, float[]> in = new HashMap<>();
            in.put(v % 5 == 0 ? new String("v0") : "v0", new float[] {v, v + 1, v + 2});
            if (v % 2 == 0) in.put("v1", new float[] {1, 2, 3, 4});
            if (v % 4 == 1) in.put("v2", new float[] {-v, v});
            Result c = compiled.run(Map.copyOf(in)), i = interpreted.run(in);
            assertArrayEquals(i.registers(), c.registers(), "vertex " + v);
            assertEquals(i.steps(), c.steps(), "vertex " + v);
            for (String name : List.of("position", "color", "texcoord0", "o1", new String("o2"))) assertArrayEquals(i.output(name), c.output(name), name + ", vertex " + v);
        }
        // a range of inputs and one register of it: the registers given are not cleared
        for (int v = 0; v < VERTICES; v++) {
            Map<String, float[]> in = v % 2 == 0 ? Map.of("pair", new float[] {1, 2, 3, 4, 5, 6, 7, 8}) : Map.of("pair[1]", new float[] {v});
            assertArrayEquals(interpreted.run(in).registers(), compiled.run(in).registers(), "vertex " + v);
        }
        assertEquals(null, shader.compiledFailure());
    }

    /** Bytes this thread allocates per call of {@code call}, over 2,000 calls after 20,000 (the compiled program's run entry and the JIT's code). */
    private static long bytesPerCall(Call call) throws Exception {
        for (int k = 0; k < 20_000; k++) call.run();
        long before = allocatedBytes();
        for (int k = 0; k < 2_000; k++) call.run();
        return (allocatedBytes() - before) / 2_000;
    }

    /** This thread's allocated bytes (com.sun.management's ThreadMXBean, by reflection: the module dev.pica.sim does not read jdk.management). */
    private static long allocatedBytes() throws Exception {
        Object threads = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
        return (Long) Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes").invoke(threads);
    }

    private interface Call {
        void run() throws Exception;
    }

    private static Result kept;

    @Test
    void aRunOfOneInputAllocatesItsResultAndNothingElse() throws Exception {
        // a test's vertex as Map.of(name, lanes): the Result and the output registers it keeps are
        // what a call must allocate; reading a one-entry Map.of through its entry set added a Set,
        // its iterator and the entry (72 bytes) to every call
        Shader shader = shader();
        Simulator sim = new Simulator(shader);
        Map<String, float[]> vertex = Map.of("v0", new float[] {1, 2, 3});
        // a test suite's runs give maps of several classes, as these do
        Map<String, float[]> hash = new HashMap<>(Map.of("v0", new float[] {1}, "v1", new float[] {2})), linked = new java.util.LinkedHashMap<>(hash);
        Map<String, float[]> three = Map.of("v0", new float[] {1}, "v1", new float[] {2}, "v2", new float[] {3});
        bytesPerCall(() -> {
            sim.run(hash);
            sim.run(linked);
            sim.run(three);
        });
        long result = bytesPerCall(() -> kept = new Result(shader.bindings(), new float[4 * shader.words().outputsWritten], List.of(), 4, List.of()));
        assertEquals(result, bytesPerCall(() -> kept = sim.run(vertex)), "bytes a run call of one input allocates, against a Result of its outputs alone");
        assertArrayEquals(new float[] {1, 2, 3, 1}, sim.run(vertex).output("position"));
    }

    /** {@code words} words of r0 = c[k % 90] + r0 (each lane live), then o0 = r0. */
    private static Shader chain(int words) {
        Programs p = new Programs();
        int all = p.desc(MASK_ALL, XYZW, XYZW, XYZW);
        p.alu(Opcode.MOV, r(0), v(0), 0, all);
        for (int k = 0; k < words; k++) p.alu(Opcode.ADD, r(0), c(k % 90), r(0), all);
        p.alu(Opcode.MOV, o(0), r(0), 0, all);
        p.op(Opcode.END);
        return p.out(0, 0, 0xF).shader();
    }

    /** The compiled class's private methods: those that return the outputs (the run entry) and those that return a status (the batch's entry and every outlined part). */
    private static int[] entryAndParts(ProgramCompiler.Program program) {
        int[] n = new int[2];
        for (java.lang.reflect.Method m : program.getClass().getDeclaredMethods()) {
            if (!java.lang.reflect.Modifier.isStatic(m.getModifiers())) continue;
            n[m.getReturnType() == float[].class ? 0 : 1]++;
        }
        return n;
    }

    @Test
    void theRunEntryIsOneMethodWhenItFitsAndPartsWhenItDoesNot() throws Exception {
        // 40 words are more work than one method of the batch takes (ProgramCompiler.BUDGET): the
        // batch's entry calls outlined parts, the run entry holds them all (no store and load of
        // lanes around a call); 160 words would be over HotSpot's 8000 bytes, so the run entry is
        // split as the batch's is, its parts as many as the batch's
        for (int words : new int[] {40, 160}) {
            Shader shader = chain(words);
            ProgramCompiler.Program program = shader.program(true);
            assertNotNull(program);
            int[] n = entryAndParts(program);
            assertEquals(1, n[0], words + " words: one run entry");
            // 40: the batch's entry and its one part (the run entry's part made a third before);
            // 160: the batch's entry, its 6 parts, and the run entry's 6
            assertEquals(words == 40 ? 2 : 13, n[1], words + " words: methods returning a status");
            Simulator compiled = new Simulator(shader), interpreted = new Simulator(shader).compile(false);
            for (int c = 0; c < 90; c++) for (Simulator s : List.of(compiled, interpreted)) s.uniform("c" + c, c, -c, c * 0.25f, 1);
            for (int v = 0; v < VERTICES; v++) {
                Map<String, float[]> in = Map.of("v0", new float[] {v, 2 * v, -v, 0.5f});
                assertArrayEquals(interpreted.run(in).registers(), compiled.run(in).registers(), words + " words, vertex " + v);
            }
        }
    }

    /**
     * Threads that share a Shader (and its compiled class) each read their own outputs: each
     * thread runs its own Simulator with inputs and a uniform no other thread gives, far past the
     * compile threshold, and checks every output against the interpreter's answer for the same
     * vertex, computed after the compiled run returned so that the other threads run compiled code
     * meanwhile (an output array, a unit or a register file shared by the threads shows as another
     * thread's values). The threads start together; the interpreter's run gives the others time.
     */
    @Test
    void threadsSharingAShaderReadTheirOwnOutputs() throws Exception {
        Shader shader = shader();
        int threads = 4, vertices = 5_000;
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    // one simulator per thread (Simulator's contract), the shader and its names' caches shared
                    Simulator compiled = new Simulator(shader), interpreted = new Simulator(shader).compile(false);
                    start.countDown();
                    start.await();
                    int compiledRuns = 0;
                    for (int v = 0; v < vertices; v++) {
                        for (Simulator s : List.of(compiled, interpreted)) s.uniformBool("flag", v % 7 != thread).uniform("offset", thread * 100, v, -thread, 0.25f * v);
                        Map<String, float[]> in = Map.of("v0", new float[] {thread * 10_000 + v, thread, -v, v % 3},
                                "v1", new float[] {v, thread, thread * v, 1}, "v2", new float[] {-thread, v});
                        Result c = compiled.run(in);
                        if (compiled.runsWholeProgram()) compiledRuns++;
                        Result i = interpreted.run(in);
                        for (String name : List.of("position", "color", "texcoord0")) {
                            assertArrayEquals(i.output(name), c.output(name), "thread " + thread + ", vertex " + v + ", " + name);
                        }
                        assertArrayEquals(i.registers(), c.registers(), "thread " + thread + ", vertex " + v);
                    }
                    return compiledRuns;
                }));
            }
            for (Future<Integer> f : done) assertTrue(f.get() >= vertices - Simulator.COMPILE_AFTER, "the whole compiled program ran " + f.get() + " of " + vertices);
        } finally {
            pool.shutdown();
        }
        assertEquals(null, shader.compiledFailure());
    }
}
