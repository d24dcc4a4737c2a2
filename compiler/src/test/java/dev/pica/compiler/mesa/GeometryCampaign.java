package dev.pica.compiler.mesa;

import static org.lwjgl.opengl.GL45C.GL_LINES;
import static org.lwjgl.opengl.GL45C.GL_POINTS;
import static org.lwjgl.opengl.GL45C.GL_TRIANGLES;

import dev.pica.compiler.CompileOptions;
import dev.pica.compiler.CompileResult;
import dev.pica.compiler.GlslCompiler;
import dev.pica.compiler.GlslSource;
import dev.pica.compiler.Reflection;
import dev.pica.compiler.random.Ast;
import dev.pica.compiler.random.Evaluator;
import dev.pica.compiler.random.ProgramGenerator;
import dev.pica.compiler.random.RandomProgram;
import dev.pica.sim.Simulator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Random geometry shaders (docs/glsl.md 12.3): a random vertex program of the generator
 * ({@link ProgramGenerator}) becomes the body run for each emitted vertex on one vertex of the
 * input primitive, and a random layout of strips around it: points, lines or triangles in (as
 * many vertices as the stride's 16 registers allow), one or two strips of 3-5 vertices, each
 * vertex from a random vertex of the primitive with its place in the strip added to
 * gl_Position.x (so that a point's strip has distinct vertices), written straight or as a loop
 * over gl_in (unrolled by picacc), the strips cut by EndPrimitive and sometimes culled by a
 * uniform. picacc's program runs in the simulator's geometry unit (float24) and Mesa's geometry
 * stage runs the GLSL behind a pass-through vertex shader; each triangle of each must be GL's
 * strip triangle, in order, up to a rotation of its vertices, every lane within the evaluator's
 * bound of the exact value (its class comment derives it).
 */
final class GeometryCampaign {
    /** What a campaign found. */
    static final class Report {
        int programs, compiled, trianglesCompared, trianglesUnstable;
        final Map<String, long[]> refusals = new java.util.TreeMap<>();
        final Map<String, long[]> crashes = new java.util.TreeMap<>();
        final List<String> findings = new ArrayList<>();
        final List<String> mismatches = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        long nanos, compileNanos, simNanos, mesaWaitNanos;

        String summary() {
            return String.format("%d geometry shaders: %d compiled, %d refused, %d crashed the compiler, %d triangles compared (%d with an unstable vertex skipped), "
                    + "%d mismatched, %d verifier findings, %d failures; %.1f ms a program", programs, compiled,
                    refusals.values().stream().mapToLong(c -> c[0]).sum(), crashes.values().stream().mapToLong(c -> c[0]).sum(), trianglesCompared,
                    trianglesUnstable, mismatches.size(), findings.size(), failures.size(), nanos / 1e6 / Math.max(1, programs))
                    + String.format(" (compile %.0f ms, sim %.0f ms, then waiting for Mesa %.0f ms)", compileNanos / 1e6, simNanos / 1e6, mesaWaitNanos / 1e6);
        }
    }

    /** One emitted vertex: the primitive's vertex it is computed from, and what is added to its gl_Position.x. */
    record Emitted(int vertex, int offset) {}

    /** A generated geometry shader: the body, the primitive, the strips, whether a uniform culls them. */
    record Geometry(RandomProgram body, int perPrimitive, List<List<Emitted>> strips, boolean loopFirst, boolean culled) {
        int maxVertices() {
            return strips.stream().mapToInt(List::size).sum();
        }

        String primitive() {
            return perPrimitive == 1 ? "points" : perPrimitive == 2 ? "lines" : "triangles";
        }

        int glPrimitive() {
            return perPrimitive == 1 ? GL_POINTS : perPrimitive == 2 ? GL_LINES : GL_TRIANGLES;
        }

        String glsl() {
            RandomProgram p = body;
            StringBuilder sb = new StringBuilder("#version 450 core\n// random geometry shader, seed ").append(p.seed()).append("\n\n");
            sb.append("layout(").append(primitive()).append(") in;\n");
            sb.append("layout(triangle_strip, max_vertices = ").append(maxVertices()).append(") out;\n");
            for (int i = 0; i < p.inputs().size(); i++) {
                RandomProgram.Input in = p.inputs().get(i);
                sb.append("layout(location = ").append(8 + i).append(") in ").append(in.type().glsl).append(' ').append(in.name()).append("_in[];\n");
            }
            for (RandomProgram.Uniform u : p.uniforms()) {
                sb.append("uniform ").append(u.type().glsl).append(' ').append(u.name());
                if (u.length() > 0) sb.append('[').append(u.length()).append(']');
                sb.append(";\n");
            }
            for (String b : p.bools()) sb.append("uniform bool ").append(b).append(";\n");
            sb.append("uniform float gcull;\n");
            for (RandomProgram.Output o : p.outputs()) {
                if (o.location() >= 0) sb.append("layout(location = ").append(o.location()).append(") out ").append(o.type().glsl).append(' ').append(o.name()).append(";\n");
            }
            sb.append('\n');
            for (Ast.Function f : p.functions()) f.glsl(sb);
            sb.append("void body(");
            for (int i = 0; i < p.inputs().size(); i++) sb.append(i == 0 ? "" : ", ").append(p.inputs().get(i).type().glsl).append(' ').append(p.inputs().get(i).name());
            sb.append(") {\n");
            for (Ast.Stmt s : p.main()) s.glsl(sb, "    ");
            sb.append("}\n\nvoid main() {\n");
            String indent = "    ";
            if (culled) {
                sb.append("    if (gcull > 0.0) {\n");
                indent = "        ";
            }
            for (int s = 0; s < strips.size(); s++) {
                List<Emitted> strip = strips.get(s);
                if (s == 0 && loopFirst) {
                    // vertex i of the strip from vertex i of the primitive, offset i: gl_in-style indexing, unrolled
                    sb.append(indent).append("for (int i = 0; i < ").append(strip.size()).append("; i++) {\n");
                    sb.append(indent).append("    body(").append(args("[i]")).append(");\n");
                    sb.append(indent).append("    gl_Position.x += float(i);\n");
                    sb.append(indent).append("    EmitVertex();\n");
                    sb.append(indent).append("}\n");
                } else {
                    for (Emitted e : strip) {
                        sb.append(indent).append("body(").append(args("[" + e.vertex() + "]")).append(");\n");
                        if (e.offset() != 0) sb.append(indent).append("gl_Position.x += ").append(e.offset()).append(".0;\n");
                        sb.append(indent).append("EmitVertex();\n");
                    }
                }
                sb.append(indent).append("EndPrimitive();\n");
            }
            if (culled) sb.append("    }\n");
            return sb.append("}\n").toString();
        }

        private String args(String index) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < body.inputs().size(); i++) s.append(i == 0 ? "" : ", ").append(body.inputs().get(i).name()).append("_in").append(index);
            return s.toString();
        }

        /** Mesa's pass-through vertex shader: each input on to the geometry shader at location 8 + i. */
        String passThrough() {
            StringBuilder sb = new StringBuilder("#version 450 core\n");
            for (int i = 0; i < body.inputs().size(); i++) {
                RandomProgram.Input in = body.inputs().get(i);
                sb.append("layout(location = ").append(in.location()).append(") in ").append(in.type().glsl).append(" a").append(i).append(";\n");
                sb.append("layout(location = ").append(8 + i).append(") out ").append(in.type().glsl).append(" g").append(i).append(";\n");
            }
            sb.append("void main() {\n    gl_Position = vec4(0.0);\n");
            for (int i = 0; i < body.inputs().size(); i++) sb.append("    g").append(i).append(" = a").append(i).append(";\n");
            return sb.append("}\n").toString();
        }
    }

    private final ProgramGenerator generator;

    GeometryCampaign(ProgramGenerator generator) {
        this.generator = generator;
    }

    /** The geometry shader of a seed: its body the generator's program of that seed. */
    Geometry generate(long seed) {
        RandomProgram p = generator.generate(seed);
        Random r = new Random(seed * 31 + 7);
        int registers = 1 + p.inputs().size();
        int most = Math.min(3, 16 / registers);
        int per = 1 + r.nextInt(Math.max(1, most));
        List<List<Emitted>> strips = new ArrayList<>();
        int count = 1 + r.nextInt(2);
        boolean loopFirst = per >= 3 && r.nextBoolean();
        for (int s = 0; s < count; s++) {
            int length = s == 0 && loopFirst ? per : 3 + r.nextInt(3);
            List<Emitted> strip = new ArrayList<>();
            for (int k = 0; k < length; k++) strip.add(new Emitted(s == 0 && loopFirst ? k : r.nextInt(per), k));
            strips.add(strip);
        }
        return new Geometry(p, per, strips, loopFirst, r.nextInt(4) == 0);
    }

    Report run(long firstSeed, int count) {
        Report report = new Report();
        long start = System.nanoTime();
        Campaign.withMesa((mesa, mesaThread) -> {
            for (long seed = firstSeed; seed < firstSeed + count; seed++) runOne(seed, mesa, mesaThread, report);
        });
        report.nanos = System.nanoTime() - start;
        return report;
    }

    private void runOne(long seed, MesaVertexRunner mesa, ExecutorService mesaThread, Report report) throws InterruptedException {
        report.programs++;
        Geometry g = generate(seed);
        RandomProgram p = g.body();
        int primitives = Math.max(1, 12 / g.perPrimitive());
        int vertices = primitives * g.perPrimitive();
        RandomProgram.Instance in = p.sample(new Random(seed), vertices);
        Map<String, float[]> glUniforms = new LinkedHashMap<>(in.glUniforms());
        float cull = new Random(seed + 1).nextBoolean() ? 1 : -1;
        glUniforms.put("gcull", new float[] {cull});
        String glsl = g.glsl();
        int maxTriangles = primitives * g.maxVertices();
        Future<MesaVertexRunner.Outputs> reference = mesaThread.submit(() -> mesa.runGeometry(g.passThrough(), glsl, g.glPrimitive(), vertices, maxTriangles, in.byLocation(p), glUniforms));
        List<float[][]> sim;
        Reflection reflection;
        try {
            CompileResult result;
            long t0 = System.nanoTime();
            try {
                result = GlslCompiler.compile(GlslSource.of("random" + seed + ".geom", glsl), CompileOptions.defaults());
            } catch (RuntimeException | StackOverflowError e) {
                report.crashes.computeIfAbsent(Campaign.crashKey(e), x -> new long[] {0, seed})[0]++;
                return;
            }
            if (result.shader() == null) {
                report.refusals.computeIfAbsent(Campaign.refusalKey(result), x -> new long[] {0, seed})[0]++;
                return;
            }
            report.compiled++;
            long t1 = System.nanoTime();
            report.compileNanos += t1 - t0;
            reflection = result.shader().reflection();
            sim = simulate(seed, g, result, in, cull, primitives, report);
            report.simNanos += System.nanoTime() - t1;
        } finally {
            long t2 = System.nanoTime();
            try {
                reference.get();
            } catch (ExecutionException ignored) {
                // reported below
            }
            report.mesaWaitNanos += System.nanoTime() - t2;
        }
        if (sim == null) return;
        MesaVertexRunner.Outputs m;
        try {
            m = reference.get();
        } catch (ExecutionException e) {
            report.failures.add("seed " + seed + ": Mesa: " + e.getCause());
            return;
        }
        // the triangles GL's strips make, in order: emitted vertices (primitive's vertex, offset)
        List<int[]> expected = new ArrayList<>();
        List<Emitted[]> shape = new ArrayList<>();
        for (int prim = 0; prim < primitives; prim++) {
            if (g.culled() && cull <= 0) continue;
            for (List<Emitted> strip : g.strips()) {
                for (int k = 2; k < strip.size(); k++) {
                    boolean odd = (k - 2) % 2 == 1;
                    shape.add(odd ? new Emitted[] {strip.get(k - 1), strip.get(k - 2), strip.get(k)} : new Emitted[] {strip.get(k - 2), strip.get(k - 1), strip.get(k)});
                    expected.add(new int[] {prim});
                }
            }
        }
        if (sim.size() != expected.size() || m.vertices() != 3 * expected.size()) {
            report.mismatches.add("seed " + seed + ": " + expected.size() + " triangles expected, picacc + sim " + sim.size() + ", Mesa " + m.vertices() / 3);
            return;
        }
        Evaluator.Outputs[] exact = new Evaluator.Outputs[vertices];
        for (int v = 0; v < vertices; v++) {
            try {
                exact[v] = new Evaluator(p, in).run(v);
            } catch (Evaluator.Unstable u) {
                exact[v] = null;
            }
        }
        for (int t = 0; t < expected.size(); t++) {
            int base = expected.get(t)[0] * g.perPrimitive();
            Emitted[] tri = shape.get(t);
            boolean unstable = false;
            for (Emitted e : tri) unstable |= exact[base + e.vertex()] == null;
            if (unstable) {
                report.trianglesUnstable++;
                continue;
            }
            report.trianglesCompared++;
            int tt = t;
            String simWrong = rotationMatch(p, exact, base, tri, k -> simLanes(sim.get(tt)[k], reflection));
            String mesaWrong = rotationMatch(p, exact, base, tri, k -> mesaLanes(m, 3 * tt + k, p));
            if (simWrong != null) report.mismatches.add("seed " + seed + " triangle " + t + ": picacc + sim: " + simWrong);
            if (mesaWrong != null) report.mismatches.add("seed " + seed + " triangle " + t + ": Mesa: " + mesaWrong);
            if (simWrong != null || mesaWrong != null) return;
        }
    }

    /** Output name -> lanes of one vertex. */
    private static Map<String, float[]> simLanes(float[] registers, Reflection r) {
        Map<String, float[]> out = new LinkedHashMap<>();
        for (Reflection.Output o : r.outputs()) {
            int n = Integer.bitCount(o.mask());
            out.put(o.location() < 0 ? "gl_Position" : o.name(), java.util.Arrays.copyOfRange(registers, 4 * o.register(), 4 * o.register() + n));
        }
        return out;
    }

    private static Map<String, float[]> mesaLanes(MesaVertexRunner.Outputs m, int vertex, RandomProgram p) {
        Map<String, float[]> out = new LinkedHashMap<>();
        for (RandomProgram.Output o : p.outputs()) out.put(o.name(), m.lanes(o.name(), vertex));
        return out;
    }

    /**
     * Null when the three vertices {@code lanes(0..2)} are the triangle {@code tri} (GL's order)
     * rotated, each lane within the evaluator's bound of the exact value (gl_Position.x plus the
     * vertex's offset, with float24's step on it); else what differs at rotation 0.
     */
    private static String rotationMatch(RandomProgram p, Evaluator.Outputs[] exact, int base, Emitted[] tri, java.util.function.IntFunction<Map<String, float[]>> lanes) {
        List<Map<String, float[]>> got = List.of(lanes.apply(0), lanes.apply(1), lanes.apply(2));
        String first = null;
        for (int rot = 0; rot < 3; rot++) {
            String wrong = null;
            for (int k = 0; k < 3 && wrong == null; k++) {
                Emitted e = tri[k];
                Map<String, float[]> v = got.get((k + rot) % 3);
                for (RandomProgram.Output o : p.outputs()) {
                    Evaluator.V want = exact[base + e.vertex()].values().get(o.name());
                    float[] have = v.get(o.name());
                    for (int lane = 0; lane < o.type().lanes() && wrong == null; lane++) {
                        double x = want.v()[lane], bound = want.e()[lane] + Evaluator.NEAR;
                        if (o.location() < 0 && lane == 0 && e.offset() != 0) {
                            x += e.offset();
                            bound += (Math.abs(x) + e.offset()) * 0x1p-15;
                        }
                        if (Float.isNaN(have[lane]) || Math.abs(have[lane] - x) > bound) {
                            wrong = String.format("vertex %d (primitive vertex %d, offset %d) %s[%d]: %s, exactly %s +- %.3g", k, e.vertex(), e.offset(), o.name(), lane, have[lane], x, bound);
                        }
                    }
                }
            }
            if (wrong == null) return null;
            if (first == null) first = wrong;
        }
        return first;
    }

    /** picacc's program linked alone, verified, run in the geometry unit on each primitive: the triangles, or null after a failure (recorded). */
    private static List<float[][]> simulate(long seed, Geometry g, CompileResult result, RandomProgram.Instance in, float cull, int primitives, Report report) {
        RandomProgram p = g.body();
        Simulator sim = Campaign.simulator(seed, result, report.failures, report.findings);
        if (sim == null) return null;
        Reflection r = result.shader().reflection();
        for (RandomProgram.Uniform u : p.uniforms()) {
            if (r.uniform(u.name()) != null) sim.uniform(u.name(), Campaign.registers(u, in.uniforms().get(u.name())));
        }
        for (Map.Entry<String, Boolean> e : in.bools().entrySet()) {
            if (r.uniform(e.getKey()) != null) sim.uniformBool(e.getKey(), e.getValue());
        }
        if (r.uniform("gcull") != null) sim.uniform("gcull", cull, 0, 0, 0);
        int registers = r.geometry().vertexRegisters().size();
        List<float[][]> triangles = new ArrayList<>();
        try {
            for (int prim = 0; prim < primitives; prim++) {
                List<float[][]> vertices = new ArrayList<>();
                for (int k = 0; k < g.perPrimitive(); k++) {
                    int v = prim * g.perPrimitive() + k;
                    float[][] regs = new float[registers][4];
                    for (int i = 0; i < p.inputs().size(); i++) {
                        regs[1 + i] = java.util.Arrays.copyOfRange(in.attributes().get(p.inputs().get(i).name()), 4 * v, 4 * v + 4);
                    }
                    vertices.add(regs);
                }
                triangles.addAll(sim.runGeometry(vertices).triangles());
            }
        } catch (dev.pica.sim.SimulationException | RuntimeException e) {
            report.failures.add("seed " + seed + ": the simulator: " + e);
            return null;
        }
        return triangles;
    }
}
