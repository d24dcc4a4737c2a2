package example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pica.sim.Simulator;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A picasso-dialect shader, its inputs named by .alias: the binary does not keep those names, the
 * plugin records them beside it (vshader.shbin.inputs), and Simulator.load reads them there.
 */
class VshaderTest {
    private static Simulator vshader() throws Exception {
        return Simulator.load(Path.of("target/generated-resources/shaders/vshader.shbin"))
                .uniform("projection", 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    }

    @Test
    void inputsAreNamedAsTheSourceNamesThem() throws Exception {
        var r = vshader().run(Map.of("inpos", new float[] {1, 2, 3}, "inclr", new float[] {0.5f, 0.25f, 1, 1}));
        assertArrayEquals(new float[] {2, 4, 3, 1}, r.output("position"));
        assertArrayEquals(new float[] {0.5f, 0.25f, 1, 1}, r.output("color"));
    }

    @Test
    void aMisspeltInputNamesTheOneMeant() throws Exception {
        var e = assertThrows(IllegalArgumentException.class, () -> vshader().run(Map.of("inpso", new float[] {1, 2, 3})));
        assertEquals("the shader has no uniform, input or register 'inpso'; did you mean 'inpos'?", e.getMessage());
    }
}
