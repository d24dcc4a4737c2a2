package dev.pica.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.WarningPolicy;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.ShaderBuildException;
import dev.pica.sim.Simulator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GLSL sources among a build's inputs, and the simulator's Shader.build through this module's service. */
class GlslInputTest {
    static final String HEADER = "uniform vec4 tint;\n";
    static final String VERT = """
            #version 450 core
            #include <pica.glsl>
            #include "tint.glsl"
            layout(location = 0) in vec4 position;
            layout(location = 1) in vec3 normal;
            layout(location = PICA_COLOR) out vec4 color;
            uniform mat4 projection;
            void main() {
                gl_Position = projection * position;
                color = vec4(normal, 1.0) * tint;
            }
            """;

    @TempDir Path dir;

    private Path writeShader() throws Exception {
        Files.writeString(dir.resolve("tint.glsl"), HEADER);
        Path vert = dir.resolve("lit.vert");
        Files.writeString(vert, VERT);
        return vert;
    }

    @Test
    void aGlslShaderRunsByItsGlslNames() throws Exception {
        Simulator sim = new Simulator(Shader.build(writeShader()))
                .uniform("projection", new float[][] {{2, 0, 0, 1}, {0, 3, 0, 0}, {0, 0, 4, 0}, {0, 0, 0, 1}})
                .uniform("tint", 0.5f, 0.25f, 2, 1);
        Result r = sim.run(Map.of("position", new float[] {1, 2, 3, 1}, "normal", new float[] {1, 1, 1}));
        // rows as citro3d uploads a C3D_Mtx: x' = 2x + w
        assertArrayEquals(new float[] {3, 6, 12, 1}, r.output("position"));
        assertArrayEquals(new float[] {0.5f, 0.25f, 2, 1}, r.output("color"));
    }

    /**
     * picalink's, the Maven plugin's and CMake's route: a geometry shader linked after a vertex
     * shader whose outputs are not its vertex is an error at the geometry shader, and nothing is
     * linked; the example pair links.
     */
    @Test
    void aGeometryShaderMustReadTheVerticesItsVertexShaderWrites() throws Exception {
        Path shaders = Path.of("..", "examples", "devkitpro", "shaders");
        BuildSession s = new BuildSession(Assembler.Options.defaults(), WarningPolicy.DEFAULT, () -> new byte[0]);
        assertTrue(s.link(List.of(shaders.resolve("particle.vert"), shaders.resolve("particle.geom")), false).ok());
        Path plain = dir.resolve("plain.vert");
        Files.writeString(plain, "#version 450 core\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n");
        BuildSession.Linked bad = s.link(List.of(plain, shaders.resolve("particle.geom")), false);
        assertTrue(!bad.ok() && bad.diagnostics().list().size() == 1, bad.diagnostics().list().toString());
        assertTrue(bad.diagnostics().list().get(0).message().startsWith("the geometry shader reads each vertex as gl_Position, vColour (location 1), vSize (location 8), but the vertex shader writes gl_Position:"),
                bad.diagnostics().list().get(0).message());
    }

    /** The README's unit-test example, on examples/glsl/sky.vert (the GLSL twin of examples/sky.vsh). */
    @Test
    void theReadmeExampleAndItsAssemblyTwinAgree() throws Exception {
        Path sky = Path.of("..", "examples", "glsl", "sky.vert");
        Simulator sim = new Simulator(Shader.build(sky));
        sim.uniform("WORLDVIEWPROJ", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
        Result r = sim.run(Map.of("aPosition", new float[] {1, 2, 3}, "aColor", new float[] {255, 0, 0, 255}));
        assertArrayEquals(new float[] {2, -1, 3, 1}, r.output("position"));
        float[][] m = {{0.5f, 1, 0, 2}, {0, 2, 1, 0}, {1, 0, 3, 1}, {0, 0, 1, 1}};
        float[] in = {0.25f, -2, 4}, color = {51, 0, 0, 255};
        Simulator glsl = new Simulator(Shader.build(sky)), asm = new Simulator(Shader.build(Path.of("..", "examples", "sky.vsh")));
        for (Simulator s : List.of(glsl, asm)) s.uniform("WORLDVIEWPROJ", m).uniform("CURRENT_COLOR", 0.25f, 0.5f, 1, 1).uniform("FOG_COLOR", 1, 0.5f, 0, 0.5f);
        Result g = glsl.run(Map.of("aPosition", in, "aColor", color)), a = asm.run(Map.of("aPosition", in, "aColor", color));
        assertArrayEquals(a.output("position"), g.output("position"));
        assertArrayEquals(a.output("color"), g.output("color"), 1e-6f);
    }

    @Test
    void textNamedByItsExtension() throws Exception {
        Shader s = Shader.build("inline.vert", "#version 450 core\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p.yxzw; }\n");
        assertArrayEquals(new float[] {2, 1, 3, 4}, new Simulator(s).run(Map.of("p", new float[] {1, 2, 3, 4})).output("position"));
        Shader asm = Shader.build("inline.v.pica", ".out outpos position\n.alias inpos v0\n.proc main\n    mov outpos, inpos\n    end\n.end\n");
        assertArrayEquals(new float[] {1, 2, 3, 4}, new Simulator(asm).run(Map.of("v0", new float[] {1, 2, 3, 4})).output("position"));
    }

    @Test
    void errorsAreTheCompilersMessages() throws Exception {
        Path bad = dir.resolve("bad.vert");
        Files.writeString(bad, "#version 450 core\nlayout(location = 0) in vec4 p;\nvoid main() {\n    gl_Position = q;\n}\n");
        ShaderBuildException e = assertThrows(ShaderBuildException.class, () -> Shader.build(bad));
        assertTrue(e.getMessage().contains(bad + ":4:"), e.getMessage());
        assertTrue(e.getMessage().contains("'q' : undeclared identifier"), e.getMessage());
        assertTrue(e.getMessage().contains("    gl_Position = q;\n"), "the source line: " + e.getMessage());
        assertTrue(!e.diagnostics().isEmpty());
    }

    @Test
    void aBuildSessionLinksGlslAndNamesItsIncludes() throws Exception {
        Path vert = writeShader();
        BuildSession.Linked l = new BuildSession(Assembler.Options.defaults(), WarningPolicy.DEFAULT, null).link(List.of(vert), false);
        assertTrue(l.ok(), () -> l.diagnostics().list().toString() + l.inputs().get(0).diagnostics().list());
        assertEquals(List.of(dir.resolve("tint.glsl").normalize()), List.copyOf(l.headers().keySet()), "the depfile's headers: the include, not pica.glsl (a resource)");
        assertTrue(l.inputs().get(0).definesMain());
    }
}
