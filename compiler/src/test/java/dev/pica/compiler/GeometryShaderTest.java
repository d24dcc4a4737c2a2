package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.sim.Result;
import dev.pica.sim.Simulator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** GLSL geometry shaders to DVOJ to the simulator's geometry unit (docs/glsl.md, "Geometry shaders"). */
class GeometryShaderTest {
    static final String QUAD = """
            #version 410 core
            layout(points) in;
            layout(triangle_strip, max_vertices = 4) out;
            layout(location = 1) in vec4 vcolor[];
            uniform float size;
            layout(location = 1) out vec4 color;
            layout(location = 2) out vec2 uv;
            void main() {
                vec4 c = gl_in[0].gl_Position;
                color = vcolor[0];
                gl_Position = c + vec4(-size, -size, 0.0, 0.0); uv = vec2(0.0, 0.0); EmitVertex();
                gl_Position = c + vec4( size, -size, 0.0, 0.0); uv = vec2(1.0, 0.0); EmitVertex();
                gl_Position = c + vec4(-size,  size, 0.0, 0.0); uv = vec2(0.0, 1.0); EmitVertex();
                gl_Position = c + vec4( size,  size, 0.0, 0.0); uv = vec2(1.0, 1.0); EmitVertex();
                EndPrimitive();
            }
            """;

    static CompiledShader compile(String glsl) {
        return Shaders.compile(GlslSource.of("test.geom", glsl));
    }

    @Test
    void aPointBecomesAQuadOfTwoTrianglesFacingTheSameWay() throws Exception {
        CompiledShader c = compile(QUAD);
        assertTrue(c.assembly().contains("#pragma gs_assemble_as_geometry_shader"), c.assembly());
        Reflection.Geometry g = c.reflection().geometry();
        assertEquals("points", g.inputPrimitive());
        assertEquals(List.of("gl_Position", "vcolor"), g.vertexRegisters());
        assertEquals(2, g.stride());
        Simulator s = Shaders.simulator(c).uniform("size", 0.5f, 0, 0, 0);
        Result r = s.runGeometry(List.<float[][]>of(new float[][] {{1, 2, 3, 1}, {0.25f, 0.5f, 0.75f, 1}}));
        assertEquals(4, r.emissions().size());
        List<float[][]> tris = r.triangles();
        assertEquals(2, tris.size());
        // GL's strip: (v0, v1, v2), then (v2, v1, v3); the 3DS's slots give them rotated, facing the same way
        float[][] v = {{0.5f, 1.5f, 3, 1}, {1.5f, 1.5f, 3, 1}, {0.5f, 2.5f, 3, 1}, {1.5f, 2.5f, 3, 1}};
        assertTriangle(new float[][] {v[0], v[1], v[2]}, tris.get(0));
        assertTriangle(new float[][] {v[2], v[1], v[3]}, tris.get(1));
        for (int t = 0; t < 2; t++) {
            for (int k = 0; k < 3; k++) assertArrayEquals(new float[] {0.25f, 0.5f, 0.75f, 1}, r.triangleOutput(t, k, "color"), 0f);
        }
        // triangle 1 is slots 1, 0, 2 (inverted winding): v1, v3 (slot 0 again), v2
        assertArrayEquals(new float[] {1, 1}, r.triangleOutput(1, 1, "texcoord0"), 0f);
        // each vertex: the position's add, three output copies (o1 straight from v1, o2 from the pooled constant), setemit, emit
        assertEquals(36, Shaders.words(c), c.assembly());
    }

    /** {@code got} is {@code want} up to a rotation of its vertices (the same triangle, the same facing). */
    @Test
    void aLongRowOfIfsIsVerifiedToTheEnd() throws Exception {
        // a random geometry shader (seed 113, bodies 3 deep): the body inlined nine times is 27
        // ifs in a row (two strips: 5 triangles), whose facts the verifier's data flow followed one if a round in
        // breadth-first order, past its budget: 'control flow too complex to verify completely',
        // an internal compiler error. Shaders.link verifies it (silent) and it runs
        String glsl = new String(GeometryShaderTest.class.getResourceAsStream("/geometry-regressions/verifier-rounds-113.geom").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        CompiledShader c = compile(glsl);
        float[][] vertex = {{0.5f, 0.25f, 0, 1}, {0.5f, -0.25f, 0, 0}, {1, 0.75f, 0, 0}, {0.25f, 0.5f, 0.75f, 1}, {0, 1, 2, 1}};
        Simulator s = Shaders.simulator(c).uniform("arr0", 0.5f, 0.25f, 0, 1, -0.5f, 0.75f, 1, 0.5f, 0.25f, 0, 0.5f, -1);
        assertEquals(5, s.runGeometry(List.<float[][]>of(vertex)).triangles().size(), c.assembly());
    }

    static void assertTriangle(float[][] want, float[][] got) {
        for (int rot = 0; rot < 3; rot++) {
            boolean same = true;
            for (int k = 0; k < 3 && same; k++) {
                for (int l = 0; l < 4; l++) same &= Math.abs(want[k][l] - got[(k + rot) % 3][l]) < 1e-5f;
            }
            if (same) return;
        }
        StringBuilder s = new StringBuilder("want ");
        for (float[] x : want) s.append(java.util.Arrays.toString(x));
        s.append(" got ");
        for (float[] x : got) s.append(java.util.Arrays.toString(java.util.Arrays.copyOf(x, 4)));
        throw new AssertionError(s.toString());
    }

    @Test
    void aLoopOverGlInIsUnrolled() throws Exception {
        CompiledShader c = compile("""
                #version 330 core
                layout(triangles) in;
                layout(triangle_strip, max_vertices = 3) out;
                uniform vec4 offset;
                void main() {
                    for (int i = 0; i < 3; i++) {
                        gl_Position = gl_in[i].gl_Position + offset;
                        EmitVertex();
                    }
                    EndPrimitive();
                }
                """);
        assertEquals(3, c.reflection().geometry().stride());
        Result r = Shaders.simulator(c).uniform("offset", 1, 1, 1, 0)
                .runGeometry(List.of(new float[][] {{0, 0, 0, 1}}, new float[][] {{1, 0, 0, 1}}, new float[][] {{0, 1, 0, 1}}));
        assertEquals(1, r.triangles().size());
        assertTriangle(new float[][] {{1, 1, 1, 1}, {2, 1, 1, 1}, {1, 2, 1, 1}}, r.triangles().get(0));
    }

    @Test
    void anUnreadInputKeepsItsRegister() throws Exception {
        CompiledShader c = compile("""
                #version 410 core
                layout(lines) in;
                layout(triangle_strip, max_vertices = 3) out;
                layout(location = 1) in vec4 vcolor[];
                layout(location = 2) in vec2 vuv[];
                layout(location = 2) out vec2 uv;
                void main() {
                    gl_Position = gl_in[1].gl_Position; uv = vuv[1]; EmitVertex();
                    gl_Position = gl_in[0].gl_Position; uv = vuv[0]; EmitVertex();
                    gl_Position = gl_in[0].gl_Position.yxzw; uv = vuv[0].yx; EmitVertex();
                }
                """);
        assertEquals(List.of("gl_Position", "vcolor", "vuv"), c.reflection().geometry().vertexRegisters(), c.assembly());
        assertEquals(6, c.reflection().geometry().stride());
        Result r = Shaders.simulator(c).runGeometry(List.of(new float[][] {{1, 2, 3, 4}, {9, 9, 9, 9}, {5, 6, 0, 0}}, new float[][] {{7, 8, 9, 10}, {9, 9, 9, 9}, {11, 12, 0, 0}}));
        assertEquals(1, r.triangles().size());
        assertTriangle(new float[][] {{7, 8, 9, 10}, {1, 2, 3, 4}, {2, 1, 3, 4}}, r.triangles().get(0));
        assertArrayEquals(new float[] {11, 12}, r.triangleOutput(0, 0, "texcoord0"), 0f);
        assertArrayEquals(new float[] {6, 5}, r.triangleOutput(0, 2, "texcoord0"), 0f);
    }

    static String errors(String glsl) {
        CompileResult r = GlslCompiler.compile(GlslSource.of("test.geom", glsl), CompileOptions.defaults());
        StringBuilder s = new StringBuilder();
        r.diagnostics().list().forEach(d -> s.append(dev.pica.format.diag.DiagnosticPrinter.format(d)));
        if (r.ok()) throw new AssertionError("expected errors, compiled:\n" + r.value().assembly());
        return s.toString();
    }

    static final String HEAD = """
            #version 410 core
            layout(triangles) in;
            layout(triangle_strip, max_vertices = 6) out;
            uniform float limit;
            uniform int count;
            """;

    /** What constants cannot follow is an error at its line, never a guess: the 3DS's SETEMIT takes its vertex slot and winding as constants. */
    @Test
    void whatTheStripCountingCannotFollowIsAnError() {
        String arms = errors(HEAD + """
                void main() {
                    gl_Position = gl_in[0].gl_Position;
                    if (gl_Position.x > limit) EmitVertex();
                    EmitVertex();
                }
                """);
        assertTrue(arms.contains("test.geom:9:5:") && arms.contains("not known at compile time"), arms);
        String loop = errors(HEAD + """
                void main() {
                    for (int i = 0; i < count; i++) {
                        gl_Position = gl_in[0].gl_Position * float(i);
                        EmitVertex();
                    }
                }
                """);
        assertTrue(loop.contains("test.geom:7:") && loop.contains("constant count"), loop);
        String index = errors(HEAD + """
                void main() {
                    gl_Position = gl_in[count].gl_Position;
                    EmitVertex();
                }
                """);
        assertTrue(index.contains("test.geom:7:") && index.contains("indexed at run time"), index);
        String lines = errors("""
                #version 410 core
                layout(points) in;
                layout(line_strip, max_vertices = 2) out;
                void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }
                """);
        assertTrue(lines.contains("triangles only"), lines);
        String wide = errors("""
                #version 410 core
                layout(triangles_adjacency) in;
                layout(triangle_strip, max_vertices = 3) out;
                layout(location = 1) in vec4 a[];
                layout(location = 2) in vec2 b[];
                void main() { gl_Position = gl_in[0].gl_Position + a[0] + b[0].xyxy; EmitVertex(); }
                """);
        assertTrue(wide.contains("needs 18 input registers") && wide.contains("16 (v0-v15)"), wide);
    }

    /** An if whose arms each end their strip leaves the count known (0) after it; a culled point emits nothing. */
    @Test
    void armsThatEndTheirStripsAgree() throws Exception {
        CompiledShader c = compile("""
                #version 410 core
                layout(points) in;
                layout(triangle_strip, max_vertices = 3) out;
                uniform float limit;
                void main() {
                    vec4 p = gl_in[0].gl_Position;
                    if (p.x < limit) {
                        gl_Position = p; EmitVertex();
                        gl_Position = p + vec4(1.0, 0.0, 0.0, 0.0); EmitVertex();
                        gl_Position = p + vec4(0.0, 1.0, 0.0, 0.0); EmitVertex();
                        EndPrimitive();
                    }
                    gl_Position = p * 2.0; EmitVertex();
                }
                """);
        Simulator s = Shaders.simulator(c).uniform("limit", 0.5f, 0, 0, 0);
        Result in = s.runGeometry(List.<float[][]>of(new float[][] {{0, 0, 0, 1}}));
        assertEquals(4, in.emissions().size());
        assertEquals(1, in.triangles().size());
        Result out = s.runGeometry(List.<float[][]>of(new float[][] {{1, 0, 0, 1}}));
        assertEquals(1, out.emissions().size());
        assertEquals(0, out.triangles().size());
    }

    /** The example pair: particle.vert's outputs (its generic size at location 8 included) are particle.geom's vertex; linked as picalink links them. */
    @Test
    void theParticleExampleLinksAndRuns() throws Exception {
        java.nio.file.Path dir = java.nio.file.Path.of("..", "examples", "devkitpro", "shaders");
        CompiledShader vs = Shaders.compile(GlslSource.read(dir.resolve("particle.vert")));
        CompiledShader gs = Shaders.compile(GlslSource.read(dir.resolve("particle.geom")));
        assertTrue(vs.assembly().contains("#pragma output_map(generic, o2.x)"), vs.assembly());
        assertEquals(List.of("gl_Position", "vColour", "vSize"), gs.reflection().geometry().vertexRegisters());
        // the corners of the constant array and the colour read where used, not copied first (Optimizer.stableCopies)
        assertEquals(62, Shaders.words(gs), gs.assembly());
        assertEquals(null, GlslCompiler.vertexMismatch(vs.reflection(), gs.reflection()));
        CompiledShader colourOnly = Shaders.compile(GlslSource.of("c.vert", """
                #version 450 core
                layout(location = 0) in vec3 position;
                layout(location = 1) out vec4 vColour;
                void main() { gl_Position = vec4(position, 1.0); vColour = vec4(1.0); }
                """));
        assertEquals("the geometry shader reads each vertex as gl_Position, vColour (location 1), vSize (location 8), but the vertex shader writes "
                + "gl_Position, vColour (location 1): a vertex's registers are the vertex shader's outputs in order (o0 gl_Position, then by location), "
                + "so declare the same locations in both (docs/glsl.md 12.1)", GlslCompiler.vertexMismatch(colourOnly.reflection(), gs.reflection()));
        byte[] shbin = Shaders.link(List.of(vs, gs));
        dev.pica.format.shbin.Dvlb dvlb = dev.pica.format.shbin.DvlbReader.read(shbin);
        Simulator v = new Simulator(dev.pica.sim.Shader.of(dvlb, 0)).uniform("modelView", EndToEndTest.IDENTITY);
        Simulator g = new Simulator(dev.pica.sim.Shader.of(dvlb, 1)).uniform("projection", EndToEndTest.IDENTITY);
        Result vr = v.run(java.util.Map.of("position", new float[] {1, 2, 3}, "size", new float[] {0.5f}, "colour", new float[] {1, 0.5f, 0.25f, 1}));
        float[][] vertex = {vr.register(0), vr.register(1), vr.register(2)};
        Result gr = g.runGeometry(List.<float[][]>of(vertex));
        assertEquals(2, gr.triangles().size());
        float[][] q = {{0.5f, 1.5f, 3, 1}, {1.5f, 1.5f, 3, 1}, {0.5f, 2.5f, 3, 1}, {1.5f, 2.5f, 3, 1}};
        assertTriangle(new float[][] {q[0], q[1], q[2]}, gr.triangles().get(0));
        assertTriangle(new float[][] {q[2], q[1], q[3]}, gr.triangles().get(1));
        assertArrayEquals(new float[] {1, 0.5f, 0.25f, 1}, gr.triangleOutput(1, 0, "color"), 0f);
    }

    /**
     * An HLSL geometry shader (glslang's HLSL front end: TriangleStream.Append and RestartStrip,
     * [maxvertexcount], a point input array whose SV_Position is each vertex's first register and
     * whose COLOR0 takes the output table's location) and its GLSL twin: the same stride, the
     * same triangles in the simulator.
     */
    @Test
    void anHlslGeometryShaderDrawsWhatItsGlslTwinDraws() throws Exception {
        CompiledShader hlsl = Shaders.compile(GlslSource.of("quad.hlsl", """
                #pragma shader_stage(geometry)
                float4x4 projection;
                struct VSOut { float4 pos : SV_Position; float4 colour : COLOR0; };
                struct GSOut { float4 pos : SV_Position; float4 colour : COLOR0; float2 uv : TEXCOORD0; };
                [maxvertexcount(4)]
                void main(point VSOut input[1], inout TriangleStream<GSOut> stream) {
                    const float2 corners[4] = { float2(-1, -1), float2(1, -1), float2(-1, 1), float2(1, 1) };
                    for (int i = 0; i < 4; i++) {
                        GSOut o;
                        o.pos = mul(projection, input[0].pos + float4(corners[i] * 0.5, 0, 0));
                        o.colour = input[0].colour;
                        o.uv = corners[i] * 0.5 + 0.5;
                        stream.Append(o);
                    }
                    stream.RestartStrip();
                }
                """));
        CompiledShader glsl = compile("""
                #version 450 core
                layout(points) in;
                layout(triangle_strip, max_vertices = 4) out;
                layout(location = 1) in vec4 vColour[];
                layout(location = 1) out vec4 colour;
                layout(location = 2) out vec2 uv;
                uniform mat4 projection;
                const vec2 corners[4] = vec2[](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));
                void main() {
                    for (int i = 0; i < 4; i++) {
                        gl_Position = projection * (gl_in[0].gl_Position + vec4(corners[i] * 0.5, 0.0, 0.0));
                        colour = vColour[0];
                        uv = corners[i] * 0.5 + 0.5;
                        EmitVertex();
                    }
                    EndPrimitive();
                }
                """);
        assertEquals(glsl.reflection().geometry().vertexLocations(), hlsl.reflection().geometry().vertexLocations(), hlsl.assembly());
        assertEquals(2, hlsl.reflection().geometry().stride());
        float[] rows = {1, 0.5f, 0, 0.25f, 0, 2, 0, 0, 0.5f, 0, 1, 0, 0, 0, 0, 1};
        List<float[][]> vertex = List.<float[][]>of(new float[][] {{1, 2, 3, 1}, {0.25f, 0.5f, 0.75f, 1}});
        List<float[][]> a = Shaders.simulator(hlsl).uniform("projection", rows).runGeometry(vertex).triangles();
        List<float[][]> b = Shaders.simulator(glsl).uniform("projection", rows).runGeometry(vertex).triangles();
        assertEquals(2, a.size());
        for (int t = 0; t < 2; t++) {
            for (int k = 0; k < 3; k++) assertArrayEquals(java.util.Arrays.copyOf(b.get(t)[k], 12), java.util.Arrays.copyOf(a.get(t)[k], 12), 1e-5f, "triangle " + t + " vertex " + k);
        }
    }
}
