package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.cli.ToolProcess.Run;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a newcomer met running the drop-in and picasm as a build runs them, each in its own JVM
 * (issue 47): the version line a script reads, picasso 2.7.2's limits, and messages that name one
 * cause at its place.
 */
class DropInProcessTest {
    @TempDir
    Path dir;

    /** Item 9: the first two words of -v are picasso 2.7.2's ("picasso 2.7.2 - Built on ..."). */
    @Test
    void versionStartsAsPicassosDoes() throws Exception {
        for (String option : new String[] {"-v", "--version"}) {
            Run r = ToolProcess.run(dir, "Picasso", option);
            assertEquals(0, r.code(), r.err());
            String[] words = r.outText().split(" ");
            assertEquals("picasso", words[0], r.outText());
            assertEquals("2.7.2", words[1], r.outText());
            assertEquals("-", words[2], r.outText());
            assertTrue(r.outText().endsWith("\n") && r.outText().lines().count() == 1, r.outText());
        }
    }
}
