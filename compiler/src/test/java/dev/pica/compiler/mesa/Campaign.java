package dev.pica.compiler.mesa;

import dev.pica.compiler.CompileOptions;
import dev.pica.compiler.CompileResult;
import dev.pica.compiler.GlslCompiler;
import dev.pica.compiler.GlslSource;
import dev.pica.compiler.random.Evaluator;
import dev.pica.compiler.random.GlslType;
import dev.pica.compiler.random.ProgramGenerator;
import dev.pica.compiler.random.RandomProgram;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
import dev.pica.link.Linker;
import dev.pica.sim.Bindings;
import dev.pica.sim.Precision;
import dev.pica.sim.Shader;
import dev.pica.sim.SimulationException;
import dev.pica.sim.Simulator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The differential campaign: random programs compiled by picacc, linked, verified, run in the
 * simulator (float24 precision, as the hardware holds values) and on Mesa, and compared lane by
 * lane within the evaluator's bound for that lane (its class comment says how the bound is
 * derived). Mesa runs on a thread of its own (its context is current there) while this thread
 * compiles and simulates the same program.
 */
public final class Campaign {
    /** vertices per program: each its own inputs; uniforms are per program */
    public static final int VERTICES = 16;

    /** A lane where the simulator and Mesa differ by more than the bound. */
    public record Mismatch(long seed, int vertex, String output, int lane, float sim, float mesa, double exact, double bound) {
        @Override
        public String toString() {
            return String.format("seed %d vertex %d %s[%d]: picacc+sim %s, Mesa %s, exactly %s +- %.3g", seed, vertex, output, lane, sim, mesa, exact, bound);
        }
    }

    /** What a campaign found. */
    public static final class Report {
        public int programs, compiled, verticesCompared, verticesUnstable, lanesCompared;
        /** the largest |sim - Mesa| / bound over every compared lane, and where */
        public double worstRatio;
        public String worstAt = "";
        /** the largest |sim - Mesa| seen, absolute */
        public double worstAbs;
        public final List<Mismatch> mismatches = new ArrayList<>();
        /** seeds whose first mismatch is listed (one line per program) */
        public final Map<Long, Mismatch> mismatchedPrograms = new LinkedHashMap<>();
        /** the inputs and uniforms each mismatched program ran on */
        public final Map<Long, RandomProgram.Instance> instances = new LinkedHashMap<>();
        /** compile errors: the first line of the message, with the count and the first seed */
        public final Map<String, long[]> refusals = new TreeMap<>();
        /** exceptions out of the compiler: where, with the count and the first seed */
        public final Map<String, long[]> crashes = new TreeMap<>();
        /** verifier findings on compiled programs: seed and finding */
        public final List<String> findings = new ArrayList<>();
        /** simulator failures (a hang, an unimplemented word), Mesa failures: seed and message */
        public final List<String> failures = new ArrayList<>();
        public long nanos;

        public int refused() {
            return refusals.values().stream().mapToInt(c -> (int) c[0]).sum();
        }

        public String summary() {
            return String.format("%d programs from seed %s: %d compiled, %d refused, %d crashed the compiler, %d vertices compared (%d lanes), %d unstable, %d programs mismatched (%d lanes), "
                    + "%d verifier findings, %d failures; worst |sim - Mesa| / bound %.3f (%s), worst |sim - Mesa| %.3g; %.1f ms a program",
                    programs, firstSeed, compiled, refused(), crashes.values().stream().mapToLong(c -> c[0]).sum(), verticesCompared, lanesCompared, verticesUnstable, mismatchedPrograms.size(), mismatches.size(),
                    findings.size(), failures.size(), worstRatio, worstAt, worstAbs, nanos / 1e6 / Math.max(1, programs));
        }

        long firstSeed;
    }

    private final ProgramGenerator generator;
    private final CompileOptions options = CompileOptions.defaults();

    public Campaign(ProgramGenerator generator) {
        this.generator = generator;
    }

    /** Runs {@code count} programs from {@code firstSeed}; prints progress to {@code log} every {@code every} programs (0: never). */
    public Report run(long firstSeed, int count, java.io.PrintStream log, int every) {
        return run(java.util.stream.LongStream.range(firstSeed, firstSeed + count).toArray(), log, every);
    }

    /** Runs the programs of these seeds. */
    public Report run(long[] seeds, java.io.PrintStream log, int every) {
        int count = seeds.length;
        long firstSeed = count == 0 ? 0 : seeds[0];
        Report report = new Report();
        report.firstSeed = firstSeed;
        long start = System.nanoTime();
        withMesa((mesa, mesaThread) -> {
            for (int k = 0; k < count; k++) {
                runOne(seeds[k], mesa, mesaThread, report);
                if (every > 0 && (k + 1) % every == 0) {
                    log.println("[" + (k + 1) + "] " + summaryAt(report, start) + (report.mismatchedPrograms.isEmpty() ? "" : "; mismatched seeds " + report.mismatchedPrograms.keySet()));
                }
            }
        });
        report.nanos = System.nanoTime() - start;
        return report;
    }

    /** What runs with Mesa's context open: every call into {@code mesa} goes through {@code mesaThread}. */
    interface MesaWork {
        void run(MesaVertexRunner mesa, ExecutorService mesaThread) throws InterruptedException, ExecutionException;
    }

    /** Opens Mesa's context on a thread of its own, runs {@code work}, and closes it (the vertex and the geometry campaigns). */
    static void withMesa(MesaWork work) {
        ExecutorService mesaThread = mesaThread();
        try {
            MesaVertexRunner mesa = mesaThread.submit(MesaSupport::open).get();
            try {
                work.run(mesa, mesaThread);
            } finally {
                mesaThread.submit(mesa::close).get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error er) throw er;
            throw new IllegalStateException(e.getCause());
        } finally {
            mesaThread.shutdownNow();
        }
    }

    /** The thread Mesa's context is current on: every call into it runs there. */
    private static ExecutorService mesaThread() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "mesa");
            t.setDaemon(true);
            return t;
        });
    }

    private static String summaryAt(Report r, long start) {
        r.nanos = System.nanoTime() - start;
        return r.summary();
    }

    private void runOne(long seed, MesaVertexRunner mesa, ExecutorService mesaThread, Report report) throws InterruptedException {
        report.programs++;
        RandomProgram p = generator.generate(seed);
        // inputs and uniforms: resampled (up to three times) while most vertices would be unstable
        Random random = new Random(seed);
        RandomProgram.Instance in = p.sample(random, VERTICES);
        for (int attempt = 0; attempt < 3 && evaluate(p, in, new Evaluator.Outputs[VERTICES]) * 2 < VERTICES; attempt++) in = p.sample(random, VERTICES);
        List<Mismatch> found = compare(p, in, mesa, mesaThread, report);
        if (!found.isEmpty()) {
            report.mismatchedPrograms.put(seed, found.get(0));
            for (Mismatch mm : found) if (report.mismatches.size() < 1000) report.mismatches.add(mm);
            report.instances.put(seed, in);
        }
    }

    /**
     * Compiles, links, verifies and simulates {@code p} on {@code in}, runs it on Mesa meanwhile,
     * and gives the lanes that differ beyond their bound (counting into {@code report}).
     */
    List<Mismatch> compare(RandomProgram p, RandomProgram.Instance in, MesaVertexRunner mesa, ExecutorService mesaThread, Report report) throws InterruptedException {
        long seed = p.seed();
        String glsl = p.glsl();
        int vertices = in.vertices();
        Evaluator.Outputs[] exact = new Evaluator.Outputs[vertices];
        evaluate(p, in, exact);
        Future<MesaVertexRunner.Outputs> reference = mesaThread.submit(() -> mesa.run(glsl, vertices, in.byLocation(p), in.glUniforms()));
        Map<String, float[]> sim;
        try {
            sim = compileAndSimulate(seed, p, glsl, in, report);
        } finally {
            // the Mesa run finishes either way, so that the next one does not overlap it
            try {
                reference.get();
            } catch (ExecutionException ignored) {
                // reported below when it matters
            }
        }
        List<Mismatch> found = new ArrayList<>();
        if (sim == null) return found;
        MesaVertexRunner.Outputs m;
        try {
            m = reference.get();
        } catch (ExecutionException e) {
            report.failures.add("seed " + seed + ": Mesa: " + e.getCause());
            return found;
        }
        for (int v = 0; v < vertices; v++) {
            if (exact[v] == null) {
                report.verticesUnstable++;
                continue;
            }
            report.verticesCompared++;
            for (RandomProgram.Output o : p.outputs()) {
                Evaluator.V want = exact[v].values().get(o.name());
                float[] mesaLanes = m.lanes(o.name(), v);
                float[] simAll = sim.get(o.semantic());
                int n = o.type().lanes();
                for (int k = 0; k < n; k++) {
                    report.lanesCompared++;
                    float s = simAll[v * n + k], g = mesaLanes[k];
                    double bound = want.e()[k] + Evaluator.NEAR, diff = Math.abs((double) s - g);
                    boolean nan = Float.isNaN(s) || Float.isNaN(g);
                    if (!nan) {
                        if (diff / bound > report.worstRatio) {
                            report.worstRatio = diff / bound;
                            report.worstAt = "seed " + seed + " " + o.name() + "[" + k + "]";
                        }
                        report.worstAbs = Math.max(report.worstAbs, diff);
                    }
                    if (nan || diff > bound) found.add(new Mismatch(seed, v, o.name(), k, s, g, want.v()[k], bound));
                }
            }
        }
        return found;
    }

    /**
     * Shrinks each mismatched program of {@code report} (at most {@code most}) to a smaller one
     * that still differs from Mesa on the same inputs and uniforms, as far as {@code budget}
     * tries a program allow.
     */
    public Map<Long, RandomProgram> shrink(Report report, int most, int budget) {
        Map<Long, RandomProgram> out = new LinkedHashMap<>();
        ExecutorService mesaThread = mesaThread();
        try {
            MesaVertexRunner mesa = mesaThread.submit(MesaSupport::open).get();
            try {
                for (long seed : report.mismatchedPrograms.keySet()) {
                    if (out.size() >= most) break;
                    RandomProgram.Instance in = report.instances.get(seed);
                    java.util.function.Predicate<RandomProgram> fails = q -> {
                        try {
                            return !compare(q, in, mesa, mesaThread, new Report()).isEmpty();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return false;
                        }
                    };
                    RandomProgram small = new dev.pica.compiler.random.Shrinker(fails, budget).shrink(generator.generate(seed));
                    out.put(seed, small);
                    // the vertex the shrunk program differs on (not always the one the whole program first did)
                    List<Mismatch> still = compare(small, in, mesa, mesaThread, new Report());
                    if (!still.isEmpty()) report.mismatchedPrograms.put(seed, still.get(0));
                }
            } finally {
                mesaThread.submit(mesa::close).get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            mesaThread.shutdownNow();
        }
        return out;
    }

    /** Fills {@code exact} (null for an unstable vertex) and returns how many vertices are stable. */
    private static int evaluate(RandomProgram p, RandomProgram.Instance in, Evaluator.Outputs[] exact) {
        int stable = 0;
        for (int v = 0; v < VERTICES; v++) {
            try {
                exact[v] = new Evaluator(p, in).run(v);
                stable++;
            } catch (Evaluator.Unstable u) {
                exact[v] = null;
            }
        }
        return stable;
    }

    /** The simulator's outputs by semantic (the lanes of every vertex one after another), or null after a refusal or a failure (recorded). */
    private Map<String, float[]> compileAndSimulate(long seed, RandomProgram p, String glsl, RandomProgram.Instance in, Report report) {
        CompileResult result;
        try {
            result = GlslCompiler.compile(GlslSource.of("random" + seed + ".vert", glsl), options);
        } catch (RuntimeException | StackOverflowError e) {
            // an exception out of the compiler is its bug, whatever the program
            report.crashes.computeIfAbsent(crashKey(e), x -> new long[] {0, seed})[0]++;
            return null;
        }
        if (result.shader() == null) {
            report.refusals.computeIfAbsent(refusalKey(result), x -> new long[] {0, seed})[0]++;
            return null;
        }
        report.compiled++;
        Simulator sim = simulator(seed, result, report.failures, report.findings);
        if (sim == null) return null;
        Bindings b = sim.shader().bindings();
        for (RandomProgram.Uniform u : p.uniforms()) {
            if (b.resolve(u.name()) == null) continue; // not read: not in the table
            sim.uniform(u.name(), registers(u, in.uniforms().get(u.name())));
        }
        for (Map.Entry<String, Boolean> e : in.bools().entrySet()) {
            if (b.resolve(e.getKey()) != null) sim.uniformBool(e.getKey(), e.getValue());
        }
        Map<String, float[]> inputs = new LinkedHashMap<>();
        for (RandomProgram.Input i : p.inputs()) {
            if (b.resolve(i.name()) != null) inputs.put(i.name(), in.attributes().get(i.name()));
        }
        Map<String, float[]> outputs = new LinkedHashMap<>();
        for (RandomProgram.Output o : p.outputs()) outputs.put(o.semantic(), new float[VERTICES * o.type().lanes()]);
        try {
            sim.runBatch(VERTICES, inputs, outputs, 1);
        } catch (SimulationException | RuntimeException e) {
            report.failures.add("seed " + seed + ": the simulator: " + e);
            return null;
        }
        return outputs;
    }

    /**
     * The compiled program linked alone and verified (every finding of the verifier on compiled
     * code is a compiler bug, warnings included: into {@code findings}), in a simulator at float24
     * precision; null when the link fails (into {@code failures}).
     */
    static Simulator simulator(long seed, CompileResult result, List<String> failures, List<String> findings) {
        Diagnostics linkDiags = new Diagnostics();
        Linker.Result linked = dev.pica.link.internal.Linking.linkUnverified(List.of(new Linker.Input("random" + seed + ".o", result.shader().object())), false, linkDiags);
        if (linked == null) {
            failures.add("seed " + seed + ": the link failed: " + linkDiags.list());
            return null;
        }
        Verifier.Result verified = Verifier.verify(Program.ofShader(linked.dvlb(), 0));
        for (Diagnostic d : verified.diagnostics().list()) findings.add("seed " + seed + ": " + d.placeAndMessage());
        return new Simulator(Shader.of(linked.dvlb(), 0)).precision(Precision.FLOAT24);
    }

    /** A refusal's first line with numbers and generated names blanked: refusals of one kind share it. */
    static String refusalKey(CompileResult result) {
        String first = result.diagnostics().list().isEmpty() ? "no diagnostic" : result.diagnostics().list().get(0).message();
        return first.lines().findFirst().orElse("").replaceAll("\\b[tuf]\\d+\\b|\\d+", "#");
    }

    /** An exception's class and the compiler's method it came from. */
    static String crashKey(Throwable e) {
        StackTraceElement[] at = e.getStackTrace();
        return e.getClass().getSimpleName() + " at " + (at.length > 0 ? at[0].getClassName().replaceAll(".*\\.", "") + "." + at[0].getMethodName() + ":" + at[0].getLineNumber() : "?");
    }

    /** The refusal or crash key of compiling {@code p}, or null when it compiles. */
    String compileProblem(RandomProgram p) {
        try {
            CompileResult r = GlslCompiler.compile(GlslSource.of("random" + p.seed() + ".vert", p.glsl()), options);
            return r.shader() == null ? refusalKey(r) : null;
        } catch (RuntimeException | StackOverflowError e) {
            return crashKey(e);
        }
    }

    /**
     * Each internal error and crash of {@code report} shrunk from its first seed to a small program
     * with the same problem (the compiler alone: no Mesa).
     */
    public Map<String, RandomProgram> shrinkCompileProblems(Report report, int budget) {
        Map<String, RandomProgram> out = new LinkedHashMap<>();
        Map<String, long[]> all = new LinkedHashMap<>(report.crashes);
        report.refusals.forEach((k, v) -> {
            if (k.startsWith("internal compiler error") || k.contains("before it is defined")) all.put(k, v);
        });
        for (Map.Entry<String, long[]> e : all.entrySet()) {
            String key = e.getKey();
            out.put(key, new dev.pica.compiler.random.Shrinker(q -> key.equals(compileProblem(q)), budget).shrink(generator.generate(e.getValue()[1])));
        }
        return out;
    }

    /**
     * A uniform's registers as the 3DS contract has the host upload them (docs/glsl.md 4): a
     * float or vector in one register from x, an array one register per element, a matCxR as
     * its R rows, one register each.
     */
    static float[] registers(RandomProgram.Uniform u, float[] glsl) {
        if (u.length() > 0) return glsl; // vec4 elements, one register each
        GlslType t = u.type();
        if (!t.matrix()) return java.util.Arrays.copyOf(glsl, 4);
        float[] rows = new float[4 * t.rows];
        for (int row = 0; row < t.rows; row++) {
            for (int col = 0; col < t.cols; col++) rows[4 * row + col] = glsl[col * t.rows + row];
        }
        return rows;
    }
}
