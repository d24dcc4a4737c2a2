package dev.pica.bench;

import dev.pica.sim.Bindings;
import dev.pica.sim.Result;
import dev.pica.sim.Simulator;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The simulator against Azahar's shader engines, shader by shader in one run: for each of the
 * homebrew-style shaders ({@link HomebrewShaders}) and the project's own (the 16-, 128- and
 * 500-word benchmark shaders, {@link SkinningShader}), writes its .shbin and 64 vertices as the
 * harness's input, checks that {@link Simulator#runAll} gives every mapped output register
 * bit-equal to Azahar's interpreter, then times, in turns, {@link Simulator#runBatch} on one
 * thread, a loop of {@link Simulator#run} calls and the harness's JIT (a reused unit as a draw
 * call runs, and a fresh unit per vertex): vertices per CPU second (this thread's CPU time for
 * ours, the harness process's for the JIT). And what a run call allocates (its {@link Result},
 * the output registers it keeps, the array an output read returns): the bytes, the time a loop
 * allocating objects of the same sizes takes per call, and the run loop's rate with that time
 * deducted, against the JIT's (issue 48's goal: a run call no slower than the JIT but for the
 * allocation of its Result).
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar dev.pica.bench.AzaharComparison HARNESS
 * DIR [ROUNDS [SHADER...]]}, HARNESS the azahar-harness's {@code citra-shader-run} (built outside
 * this repository), DIR where the binaries and inputs go. Prints a Markdown table.
 */
public final class AzaharComparison {
    private static final int DISTINCT = 64;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** One shader: a name, its binary and its simulator with uniforms. */
    record Case(String name, byte[] shbin, Simulator sim, Map<String, float[]> vertices, Map<String, String> otherUniforms) {}

    public static void main(String[] args) throws Exception {
        Path harness = Path.of(args[0]), dir = Path.of(args[1]);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        List<String> only = args.length > 3 ? Arrays.asList(args).subList(3, args.length) : List.of();
        Files.createDirectories(dir);
        List<String> rows = new ArrayList<>();
        for (Case c : cases()) {
            if (!only.isEmpty() && !only.contains(c.name)) continue;
            Path bin = dir.resolve(c.name + ".shbin"), json = dir.resolve(c.name + ".json");
            Files.write(bin, c.shbin);
            Files.writeString(json, inputJson(c));
            String bits = checkBits(harness, bin, json, c);
            double[] batch = new double[rounds], run = new double[rounds], jit = new double[rounds], jitFresh = new double[rounds], alloc = new double[rounds];
            long bytes = 0;
            for (int k = 0; k < rounds; k++) {
                batch[k] = batchRate(c);
                run[k] = runRate(c);
                bytes = bytesPerRun(c);
                alloc[k] = allocationNanos(bytes);
                jit[k] = jitRate(harness, bin, json, true);
                jitFresh[k] = jitRate(harness, bin, json, false);
                System.err.printf(Locale.ROOT, "%s round %d: batch %.2f M, run %.2f M, jit %.2f M, jit fresh %.2f M%n", c.name, k, batch[k] / 1e6, run[k] / 1e6, jit[k] / 1e6, jitFresh[k] / 1e6);
            }
            double b = median(batch), r = median(run), j = median(jit), jf = median(jitFresh), a = median(alloc);
            int words = c.sim.shader().dvle().endAddr() - c.sim.shader().dvle().mainAddr();
            // the run loop's rate were its calls to allocate nothing
            double withoutAllocation = 1 / (1 / r - a * 1e-9);
            rows.add(String.format(Locale.ROOT, "| %s | %d | %.1f M | %.1f M | %.1f M | %.1f M | **%.2fx** | %.2fx | %.2fx | %d B, %.1f ns | **%.2fx** | %s |",
                    c.name, words, b / 1e6, j / 1e6, r / 1e6, jf / 1e6, b / j, r / j, r / jf, bytes, a, withoutAllocation / j, bits));
        }
        System.out.println("| shader | words | runBatch, 1 thread | JIT, unit reused | run per vertex | JIT, fresh unit | runBatch / JIT | run / JIT | run / JIT fresh"
                + " | a run call's allocation | run / JIT, the allocation deducted | bits |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (String row : rows) System.out.println(row);
    }

    static List<Case> cases() throws Exception {
        List<Case> out = new ArrayList<>();
        for (String name : HomebrewShaders.NAMES) {
            Simulator sim = HomebrewShaders.simulator(name);
            out.add(new Case(name, HomebrewShaders.shbin(name), sim, HomebrewShaders.vertices(sim, name, DISTINCT), HomebrewShaders.otherUniforms(sim, name)));
        }
        Simulator skin = SkinningShader.uniforms(new Simulator(SimulatorBenchmark.shaderOf(SkinningShader.SOURCE)));
        Map<String, float[]> skinIn = new LinkedHashMap<>(SkinningShader.vertices(DISTINCT));
        float[] normal = skinIn.get("aNormal"), n4 = new float[4 * DISTINCT];
        for (int v = 0; v < DISTINCT; v++) System.arraycopy(normal, 3 * v, n4, 4 * v, 3);
        skinIn.put("aNormal", n4);
        out.add(new Case("skinning (ours)", SimulatorBenchmark.shbinOf(SkinningShader.SOURCE), skin, skinIn, Map.of()));
        for (int words : new int[] {16, 128, 500}) {
            Simulator sim = SimulatorBenchmark.simulatorFor(words);
            float[] pos = new float[4 * DISTINCT];
            for (int v = 0; v < DISTINCT; v++) {
                pos[4 * v] = v * 0.25f;
                pos[4 * v + 1] = -1.5f + v % 7;
                pos[4 * v + 2] = 3f / (v + 1);
                pos[4 * v + 3] = 1f;
            }
            // the bool uniforms F[b] as simulatorFor sets them
            Map<String, String> flags = new LinkedHashMap<>();
            int f = sim.shader().bindings().resolve("F").first();
            for (int b = 0; b < 16; b++) flags.put("b" + (f + b), String.valueOf(b % 2 == 0));
            out.add(new Case("benchmark " + words + " (ours)", SimulatorBenchmark.shbinOf(ToolchainBenchmark.shader(words)), sim, Map.of("pos", pos), flags));
        }
        return out;
    }

    /** The harness's input: every float uniform register, the integer and bool uniforms named, the vertices by register. */
    static String inputJson(Case c) {
        StringBuilder s = new StringBuilder("{\"uniforms\": {");
        String sep = "";
        for (int reg = 0; reg < 96; reg++) {
            s.append(sep).append("\"c").append(reg).append("\": ").append(vec(c.sim.uniformValue(reg)));
            sep = ", ";
        }
        for (Map.Entry<String, String> e : c.otherUniforms.entrySet()) s.append(", \"").append(e.getKey()).append("\": ").append(e.getValue());
        s.append("}, \"vertices\": [");
        for (int v = 0; v < DISTINCT; v++) {
            s.append(v == 0 ? "\n" : ",\n").append('{');
            sep = "";
            for (Map.Entry<String, float[]> e : c.vertices.entrySet()) {
                Bindings.Range r = c.sim.shader().bindings().resolve(e.getKey());
                int per = e.getValue().length / DISTINCT;
                float[] lanes = {0, 0, 0, 1};
                System.arraycopy(e.getValue(), per * v, lanes, 0, per);
                s.append(sep).append("\"v").append(r.first()).append("\": ").append(vec(lanes));
                sep = ", ";
            }
            s.append('}');
        }
        return s.append("]}\n").toString();
    }

    private static String vec(float[] f) {
        StringBuilder s = new StringBuilder("[");
        for (int k = 0; k < 4; k++) s.append(k == 0 ? "" : ", ").append('"').append(String.format("0x%08x", Float.floatToRawIntBits(f[k]))).append('"');
        return s.append(']').toString();
    }

    /** "equal", or where runAll's mapped output registers differ from Azahar's interpreter. */
    static String checkBits(Path harness, Path bin, Path json, Case c) throws Exception {
        List<String> lines = harnessOutput(harness, "--engine", "interp", bin.toString(), "0", json.toString());
        List<Result> ours = c.sim.runAll(DISTINCT, c.vertices);
        int vertex = -1, differ = 0, compared = 0;
        java.util.Set<Integer> mapped = new java.util.HashSet<>();
        for (Bindings.Output o : c.sim.shader().bindings().outputs()) mapped.add(o.register());
        for (String line : lines) {
            if (line.startsWith("vertex ")) vertex = Integer.parseInt(line.substring(7).trim());
            if (vertex < 0 || !line.startsWith("o")) continue;
            String[] f = line.trim().split("\\s+");
            int reg = Integer.parseInt(f[0].substring(1));
            if (!mapped.contains(reg)) continue;
            float[] mine = ours.get(vertex).register(reg);
            for (int k = 0; k < 4; k++) {
                compared++;
                int theirs = (int) Long.parseLong(f[5 + k], 16);
                if (theirs != Float.floatToRawIntBits(mine[k])) {
                    if (differ++ < 5) System.err.printf("%s vertex %d o%d.%c: Azahar %08x, ours %08x%n", c.name, vertex, reg, "xyzw".charAt(k), theirs, Float.floatToRawIntBits(mine[k]));
                }
            }
        }
        if (compared == 0) throw new IllegalStateException("no output lines from the harness for " + c.name + ": " + lines);
        return differ == 0 ? compared + " lanes equal" : differ + " of " + compared + " lanes differ";
    }

    /** runBatch on one thread over a 65,536-vertex buffer of the 64 vertices: the best of a few passes' rates after warm-up. */
    static double batchRate(Case c) throws Exception {
        int n = 1 << 16;
        Map<String, float[]> in = new HashMap<>();
        for (Map.Entry<String, float[]> e : c.vertices.entrySet()) {
            float[] f = e.getValue(), big = new float[f.length / DISTINCT * n];
            for (int k = 0; k < big.length; k += f.length) System.arraycopy(f, 0, big, k, Math.min(f.length, big.length - k));
            in.put(e.getKey(), big);
        }
        Map<String, float[]> out = new HashMap<>();
        for (Bindings.Output o : c.sim.shader().bindings().outputs()) out.put("o" + o.register(), new float[Integer.bitCount(o.mask()) * n]);
        for (int k = 0; k < 40; k++) c.sim.runBatch(n, in, out, 1);
        double best = 0;
        for (int pass = 0; pass < 5; pass++) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            int times = 0;
            do {
                c.sim.runBatch(n, in, out, 1);
                times++;
            } while (THREADS.getCurrentThreadCpuTime() - t0 < 200_000_000L);
            best = Math.max(best, (double) n * times / ((THREADS.getCurrentThreadCpuTime() - t0) / 1e9));
        }
        return best;
    }

    /** A unit test's loop: one run call per vertex with a map of inputs, each Result's first output read. */
    static double runRate(Case c) throws Exception {
        List<Map<String, float[]>> each = new ArrayList<>();
        for (int v = 0; v < DISTINCT; v++) {
            Map<String, float[]> m = new HashMap<>();
            for (Map.Entry<String, float[]> e : c.vertices.entrySet()) {
                int per = e.getValue().length / DISTINCT;
                m.put(e.getKey(), Arrays.copyOfRange(e.getValue(), per * v, per * v + per));
            }
            each.add(Map.copyOf(m)); // as a test's Map.of(...)
        }
        String first = "o" + c.sim.shader().bindings().outputs().get(0).register();
        float sink = 0;
        for (int k = 0; k < 200_000; k++) sink += c.sim.run(each.get(k & DISTINCT - 1)).output(first)[0];
        double best = 0;
        for (int pass = 0; pass < 5; pass++) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            int times = 0;
            do {
                for (int k = 0; k < 4096; k++) sink += c.sim.run(each.get(k & DISTINCT - 1)).output(first)[0];
                times++;
            } while (THREADS.getCurrentThreadCpuTime() - t0 < 200_000_000L);
            best = Math.max(best, 4096.0 * times / ((THREADS.getCurrentThreadCpuTime() - t0) / 1e9));
        }
        if (sink == 12345.678f) System.err.println();
        return best;
    }

    /** Bytes a run call of {@link #runRate}'s loop allocates (this thread's count over 100,000 calls, after runRate's warm-up). */
    static long bytesPerRun(Case c) throws Exception {
        com.sun.management.ThreadMXBean t = (com.sun.management.ThreadMXBean) THREADS;
        Map<String, float[]> one = new HashMap<>();
        for (Map.Entry<String, float[]> e : c.vertices.entrySet()) one.put(e.getKey(), Arrays.copyOf(e.getValue(), e.getValue().length / DISTINCT));
        Map<String, float[]> vertex = Map.copyOf(one);
        String first = "o" + c.sim.shader().bindings().outputs().get(0).register();
        long id = Thread.currentThread().getId(), before = t.getThreadAllocatedBytes(id);
        float sink = 0;
        int calls = 100_000;
        for (int k = 0; k < calls; k++) sink += c.sim.run(vertex).output(first)[0];
        long bytes = (t.getThreadAllocatedBytes(id) - before) / calls;
        if (sink == 12345.678f) System.err.println();
        return bytes;
    }

    /**
     * Nanoseconds of this thread's CPU a call to allocate {@code bytes} as a run call does: an
     * object of a Result's size (40 bytes) holding the output registers it keeps (a float array of
     * the rest) and the output's array of four lanes (32). Each object links to the one before,
     * sixteen deep, so that the JIT cannot leave them out, as a run call's Result is young
     * garbage after its output is read (no store into an old object, whose barrier would cost more).
     */
    static double allocationNanos(long bytes) {
        int lanes = (int) Math.max(0, (bytes - 40 - 32 - 16) / 4);
        Object[] last = null;
        for (int k = 0; k < 2_000_000; k++) last = allocate(last, k, lanes);
        double best = Double.MAX_VALUE;
        for (int pass = 0; pass < 5; pass++) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            int n = 1 << 21;
            for (int k = 0; k < n; k++) last = allocate(last, k, lanes);
            best = Math.min(best, (double) (THREADS.getCurrentThreadCpuTime() - t0) / n);
        }
        if (last.length == 0) System.err.println();
        return best;
    }

    private static Object[] allocate(Object[] last, int k, int lanes) {
        Object[] result = new Object[6];
        result[0] = new float[lanes];
        result[1] = new float[4];
        result[2] = (k & 15) == 0 ? null : last;
        return result;
    }

    static double jitRate(Path harness, Path bin, Path json, boolean reuse) throws Exception {
        List<String> args = new ArrayList<>(List.of("--engine", "jit", "--bench", "4000000", "--warmup", "400000"));
        if (reuse) args.add("--reuse-unit");
        args.addAll(List.of(bin.toString(), "0", json.toString()));
        for (String line : harnessOutput(harness, args.toArray(String[]::new))) {
            int at = line.indexOf("vertices_per_cpu_second=");
            if (line.startsWith("bench ") && at >= 0) return Double.parseDouble(line.substring(at + 24).split("\\s+")[0]);
        }
        throw new IllegalStateException("no bench line from the harness");
    }

    static List<String> harnessOutput(Path harness, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(harness.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
        if (p.waitFor() != 0) throw new IllegalStateException(cmd + " exited " + p.exitValue());
        return lines;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
