package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.isa.OutputSemantic;
import dev.pica.sim.Result;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The 3DS contract (docs/glsl.md): registers of inputs, uniforms and outputs, what the host uploads. */
class InterfaceTest {
    @Test
    void uniformBlockMembersAreLooseUniformsAndAnIntCountIsAFloat() throws Exception {
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 position;
                uniform Transforms { mat4 mvp; vec4 tint; };
                uniform int count;
                uniform vec4 unused;
                uniform vec4 steps[8];
                layout(location = 1) out vec4 color;
                void main() {
                    gl_Position = mvp * position;
                    vec4 c = tint;
                    for (int i = 0; i < count; i++) c += steps[i];
                    color = c;
                }
                """);
        Reflection r = c.reflection();
        assertEquals(0, r.uniform("mvp").first());
        assertEquals(Reflection.UniformKind.MATRIX_ROWS, r.uniform("mvp").kind());
        assertEquals(4, r.uniform("tint").first());
        assertEquals(Reflection.UniformKind.INT_AS_FLOAT, r.uniform("count").kind());
        assertNull(r.uniform("unused"), "a uniform the program never reads takes no register");
        float[] steps = new float[32];
        for (int k = 0; k < 32; k++) steps[k] = 1 << (k / 4);
        for (int count : new int[] {0, 1, 3, 8}) {
            Result res = Shaders.simulator(c).uniform("mvp", EndToEndTest.IDENTITY).uniform("tint", 0, 0, 0, 0).uniform("steps", steps)
                    .uniform("count", count, 0, 0, 0).run(Map.of("position", new float[] {0, 0, 0, 1}));
            float want = (1 << count) - 1;
            assertArrayEquals(new float[] {want, want, want, want}, res.output("color"), 1e-3f, "count " + count + "\n" + c.assembly());
        }
    }

    @Test
    void outputsTakeTheLocationTableAndRegistersInOrder() {
        CompiledShader c = Shaders.compile("""
                #version 450 core
                #include <pica.glsl>
                layout(location = 0) in vec4 position;
                layout(location = PICA_TEXCOORD0) out vec2 uv;
                layout(location = PICA_COLOR) out vec4 color;
                void main() {
                    gl_Position = position;
                    uv = position.xy;
                    color = vec4(1.0);
                }
                """);
        var outs = c.reflection().outputs();
        assertEquals(OutputSemantic.POSITION, outs.get(0).semantic());
        assertEquals(0, outs.get(0).register());
        assertEquals(OutputSemantic.COLOR, outs.get(1).semantic());
        assertEquals(1, outs.get(1).register());
        assertEquals(OutputSemantic.TEXTURE0, outs.get(2).semantic());
        assertEquals(0x3, outs.get(2).mask());
        assertTrue(c.assembly().contains("#pragma output_map(texture0, o2.xy)"), c.assembly());
    }

    @Test
    void inputsAreTheirLocationsWithTheSdkSuffix() {
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 3) in vec3 normal;
                layout(location = 0) in vec4 position;
                void main() { gl_Position = position + vec4(normal, 0.0); }
                """);
        assertEquals(3, c.reflection().input("normal").register());
        assertTrue(c.assembly().contains("#pragma bind_symbol(normal.xyz, v3)"), c.assembly());
    }
}
