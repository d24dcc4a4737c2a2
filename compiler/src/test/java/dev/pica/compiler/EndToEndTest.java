package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.sim.Result;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** GLSL to DVOJ to the simulator: what the compiled program computes. */
class EndToEndTest {
    @Test
    void projectionTimesPosition() throws Exception {
        CompiledShader c = Shaders.compile("""
                #version 330 core
                layout(location = 0) in vec4 position;
                uniform mat4 projection;
                void main() {
                    gl_Position = projection * position;
                }
                """);
        Result r = Shaders.simulator(c)
                .uniform("projection", 2, 0, 0, 1, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1)
                .run(Map.of("position", new float[] {1, 2, 3, 1}));
        assertArrayEquals(new float[] {3, 6, 12, 1}, r.output("position"), 1e-4f);
        assertEquals(4, Shaders.words(c) - 2, c.assembly());
    }
}
