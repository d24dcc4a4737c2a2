package dev.pica.compiler.mesa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL45C.GL_POINTS;
import static org.lwjgl.opengl.GL45C.GL_TRIANGLES;

import dev.pica.compiler.CompileOptions;
import dev.pica.compiler.CompileResult;
import dev.pica.compiler.GlslCompiler;
import dev.pica.compiler.GlslSource;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.link.Linker;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Geometry shaders against Mesa's geometry stage: a vertex shader and a geometry shader run on
 * Mesa with transform feedback capturing the triangles of the strips, and the same pair compiled
 * by picacc, linked (DVLE 0 and 1) and run in the simulator, vertex shader then geometry unit.
 * The triangles must be the same, in the same order, each up to a rotation of its vertices (the
 * 3DS's vertex slots send GL's strip triangles rotated, docs/glsl.md 11.2), every lane within
 * {@link #TOLERANCE} of Mesa's.
 */
class MesaGeometryTest extends MesaSupport {
    /** |picacc + sim - Mesa| per lane, relative to max(1, |Mesa|): the programs' few operations in float32 (the simulator's default precision, Azahar's). */
    static final double TOLERANCE = 1e-5;

    static Path examples() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("examples"))) p = p.getParent();
        return p.resolve("examples");
    }

    /** The source as Mesa reads it: glslang's preprocessor output (includes expanded) without its #line and #extension lines. */
    static String forMesa(GlslSource src) {
        GlslCompiler.Preprocessed p = GlslCompiler.preprocess(src, CompileOptions.defaults());
        if (p.text() == null) throw new AssertionError(p.diagnostics().list().toString());
        StringBuilder s = new StringBuilder();
        for (String l : p.text().split("\n")) if (!l.startsWith("#line") && !l.startsWith("#extension GL_GOOGLE")) s.append(l).append('\n');
        return s.toString();
    }

    static dev.pica.compiler.CompiledShader compile(GlslSource src) {
        CompileResult r = GlslCompiler.compile(src, CompileOptions.defaults());
        if (!r.ok()) throw new AssertionError(r.diagnostics().list().toString());
        return r.value();
    }

    /**
     * Both sides on {@code vertices} vertices of {@code attributes} (by location, four lanes a
     * vertex), drawn as {@code primitive} of {@code perPrimitive} vertices; the uniforms by name:
     * {@code glUniforms} as GLSL values for Mesa, {@code picaUniforms} as the simulator takes them
     * (matrices by rows). Returns how many triangles were compared.
     */
    static int compare(GlslSource vs, GlslSource gs, int primitive, int perPrimitive, int vertices, int maxTriangles, Map<Integer, float[]> attributes,
                       Map<String, float[]> glUniforms, Map<String, float[]> picaUniforms) throws Exception {
        MesaVertexRunner.Outputs m = mesa.runGeometry(forMesa(vs), forMesa(gs), primitive, vertices, maxTriangles, attributes, glUniforms);
        dev.pica.compiler.CompiledShader v = compile(vs), g = compile(gs);
        Linker.Outcome l = Linker.link(List.of(new Linker.Input("vs.o", v.object()), new Linker.Input("gs.o", g.object())), false);
        assertTrue(l.ok(), l.diagnostics().list().toString());
        var dvlb = DvlbReader.read(l.value().bytes());
        for (int k = 0; k < 2; k++) {
            var f = dev.pica.format.verify.Verifier.verify(dev.pica.format.verify.Program.ofShader(dvlb, k));
            assertTrue(f.diagnostics().list().isEmpty(), "verifier findings on compiled code: " + f.diagnostics().list());
        }
        Simulator vsim = new Simulator(Shader.of(dvlb, 0)), gsim = new Simulator(Shader.of(dvlb, 1));
        for (Map.Entry<String, float[]> u : picaUniforms.entrySet()) {
            if (v.reflection().uniform(u.getKey()) != null) vsim.uniform(u.getKey(), u.getValue());
            if (g.reflection().uniform(u.getKey()) != null) gsim.uniform(u.getKey(), u.getValue());
        }
        int outs = v.reflection().outputs().size();
        List<float[][]> triangles = new ArrayList<>();
        for (int p = 0; p + perPrimitive <= vertices; p += perPrimitive) {
            List<float[][]> prim = new ArrayList<>();
            for (int k = p; k < p + perPrimitive; k++) {
                Map<String, float[]> in = new LinkedHashMap<>();
                for (var i : v.reflection().inputs()) in.put(i.name(), java.util.Arrays.copyOfRange(attributes.get(i.register()), 4 * k, 4 * k + 4));
                Result r = vsim.run(in);
                float[][] regs = new float[outs][];
                for (int o = 0; o < outs; o++) regs[o] = r.register(o);
                prim.add(regs);
            }
            triangles.addAll(gsim.runGeometry(prim).triangles());
        }
        assertEquals(m.vertices(), 3 * triangles.size(), "triangles: Mesa " + m.vertices() / 3 + ", picacc + sim " + triangles.size());
        for (int t = 0; t < triangles.size(); t++) {
            float[][] got = triangles.get(t);
            boolean any = false;
            StringBuilder why = new StringBuilder();
            for (int rot = 0; rot < 3 && !any; rot++) {
                boolean same = true;
                for (int k = 0; k < 3 && same; k++) {
                    for (var o : g.reflection().outputs()) {
                        String name = o.location() < 0 ? "gl_Position" : o.name();
                        float[] want = m.lanes(name, 3 * t + k);
                        for (int lane = 0; lane < want.length; lane++) {
                            float s = got[(k + rot) % 3][4 * o.register() + lane];
                            if (Math.abs(s - want[lane]) > TOLERANCE * Math.max(1, Math.abs(want[lane]))) {
                                same = false;
                                if (rot == 0) why.append(String.format("vertex %d %s[%d]: sim %s, Mesa %s; ", k, name, lane, s, want[lane]));
                            }
                        }
                    }
                }
                any = same;
            }
            assertTrue(any, "triangle " + t + " is not Mesa's under any rotation: " + why);
        }
        return triangles.size();
    }

    static float[] random(Random r, int n, float lo, float hi) {
        float[] f = new float[n];
        for (int k = 0; k < n; k++) f[k] = Math.round((lo + (hi - lo) * r.nextFloat()) * 256) / 256f;
        return f;
    }

    /** A GLSL matrix given by columns (Mesa's order) as the rows citro3d uploads (the simulator's order). */
    static float[] rows(float[] columns) {
        float[] r = new float[16];
        for (int c = 0; c < 4; c++) for (int k = 0; k < 4; k++) r[4 * k + c] = columns[4 * c + k];
        return r;
    }

    @Test
    void theParticleExampleDrawsMesasQuads() throws Exception {
        Random r = new Random(46);
        int n = 12;
        float[] position = random(r, 4 * n, -2, 2), size = random(r, 4 * n, 0.1f, 1), colour = random(r, 4 * n, 0, 1);
        float[] modelView = random(r, 16, -1, 1), projection = random(r, 16, -1, 1);
        for (int k = 0; k < n; k++) position[4 * k + 3] = 1;
        Map<String, float[]> gl = Map.of("modelView", modelView, "projection", projection);
        Map<String, float[]> pica = Map.of("modelView", rows(modelView), "projection", rows(projection));
        int t = compare(GlslSource.read(examples().resolve("devkitpro/shaders/particle.vert")), GlslSource.read(examples().resolve("devkitpro/shaders/particle.geom")),
                GL_POINTS, 1, n, 2 * n, Map.of(0, position, 1, size, 2, colour), gl, pica);
        assertEquals(2 * n, t);
    }

    static final String PASS = """
            #version 450 core
            layout(location = 0) in vec4 position;
            layout(location = 1) in vec4 data;
            layout(location = 8) out vec4 g;
            void main() { gl_Position = position; g = data; }
            """;

    /** Triangles in, a loop over gl_in unrolled, a strip cut by EndPrimitive, a primitive culled on a uniform: the order and facing of every triangle. */
    @Test
    void stripsCutAndCulledAsMesaDrawsThem() throws Exception {
        String gs = """
                #version 450 core
                layout(triangles) in;
                layout(triangle_strip, max_vertices = 9) out;
                layout(location = 8) in vec4 g[];
                layout(location = 1) out vec4 color;
                uniform float cull;
                void main() {
                    if (g[0].x < cull) {
                        for (int i = 0; i < 3; i++) {
                            gl_Position = gl_in[i].gl_Position;
                            color = g[i] * float(i + 1);
                            EmitVertex();
                        }
                        gl_Position = gl_in[0].gl_Position + gl_in[1].gl_Position;
                        color = g[2].wzyx;
                        EmitVertex();
                        gl_Position = gl_in[2].gl_Position - g[1];
                        color = vec4(0.5);
                        EmitVertex();
                        EndPrimitive();
                    }
                    for (int i = 2; i >= 0; i--) {
                        gl_Position = gl_in[i].gl_Position * 2.0;
                        color = g[i] + g[0];
                        EmitVertex();
                    }
                    EndPrimitive();
                }
                """;
        Random r = new Random(4646);
        int n = 3 * 8;
        Map<Integer, float[]> attributes = Map.of(0, random(r, 4 * n, -2, 2), 1, random(r, 4 * n, -1, 1));
        int t = compare(GlslSource.of("pass.vert", PASS), GlslSource.of("strips.geom", gs), GL_TRIANGLES, 3, n, 4 * (n / 3),
                attributes, Map.of("cull", new float[] {-0.25f}), Map.of("cull", new float[] {-0.25f, 0, 0, 0}));
        assertTrue(t > n / 3 && t < 4 * (n / 3), t + " triangles: some primitives culled, some not");
    }
}
