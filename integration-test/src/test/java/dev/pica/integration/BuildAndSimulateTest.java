package dev.pica.integration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.asm.Assembler;
import dev.pica.driver.BuildSession;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The README's in-memory route for a unit test: source -> BuildSession -> Shader -> Simulator, no file written. */
class BuildAndSimulateTest {
    @Test
    void skyBuiltFromSourceInMemoryRuns() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(root.resolve("examples"))) root = root.getParent();
        BuildSession.Linked built = new BuildSession(Assembler.Options.defaults(), dev.pica.format.diag.WarningPolicy.DEFAULT, null)
                .link(List.of(root.resolve("examples/sky.vsh")), false);
        assertTrue(built.ok(), built.diagnostics().toString());
        Simulator sim = new Simulator(Shader.load(built.binary()));
        sim.uniform("WORLDVIEWPROJ", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
        // identity transform; sky.vsh swaps x and y and negates the new y: (2, -1, 3, 1)
        assertArrayEquals(new float[] {2, -1, 3, 1}, sim.run(Map.of("aPosition", new float[] {1, 2, 3})).output("position"));
    }
}
