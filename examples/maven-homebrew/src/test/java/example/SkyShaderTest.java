package example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.pica.sim.Simulator;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sky shader this project builds, run on the host: a known vertex lands where the math says. */
class SkyShaderTest {
    private static Simulator sky() throws Exception {
        return Simulator.load(Path.of("target/generated-resources/shaders/sky.shbin"));
    }

    @Test
    void projectsAVertexThroughTheMatrixWithXAndYSwapped() throws Exception {
        Simulator sim = sky();
        // a translation by (10, 20, 30): rows of WORLDVIEWPROJ
        sim.uniform("WORLDVIEWPROJ", 1, 0, 0, 10, 0, 1, 0, 20, 0, 0, 1, 30, 0, 0, 0, 1);
        float[] pos = sim.run(Map.of("aPosition", new float[] {1, 2, 3})).output("position");
        // (11, 22, 33, 1), x and y swapped, y negated by the shader's sign constant
        assertArrayEquals(new float[] {22, -11, 33, 1}, pos);
    }

    @Test
    void fogBlendsFromTheCurrentColourByTheFirstColourByte() throws Exception {
        Simulator sim = sky();
        sim.uniform("CURRENT_COLOR", 0, 0, 0, 1).uniform("FOG_COLOR", 1, 1, 1, 1);
        float[] none = sim.run(Map.of("aColor", new float[] {0, 0, 0, 0})).output("color");
        assertArrayEquals(new float[] {0, 0, 0, 1}, none);
    }
}
