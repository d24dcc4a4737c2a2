package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.cli.ToolProcess.Run;
import java.nio.file.Files;
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

    /** A .proc holding {@code depth} nested ifu blocks, the innermost writing the output. */
    private static String nested(int depth) {
        StringBuilder sb = new StringBuilder(".out o position\n.proc main\n");
        for (int k = 0; k < depth; k++) sb.append("  ifu b0\n");
        sb.append("  mov o, v0\n");
        for (int k = 0; k < depth; k++) sb.append("  .end\n");
        return sb.append("  end\n.end\n").toString();
    }

    private static long errors(Run r) {
        return r.err().lines().filter(l -> l.contains(": error: ")).count();
    }

    /**
     * Item 7: picasso 2.7.2 keeps 32 blocks open at once, the .proc included (MAX_STACK): 31 blocks
     * nested in a .proc build, the 32nd is one error at its line, from the drop-in and from picasm.
     */
    @Test
    void blocksNestAsDeepAsPicassoAllows() throws Exception {
        Files.writeString(dir.resolve("ok.v.pica"), nested(31));
        Run ok = ToolProcess.run(dir, "Picasso", "-o", "ok.shbin", "ok.v.pica");
        assertEquals(0, ok.code(), ok.err());
        Files.writeString(dir.resolve("deep.v.pica"), nested(40));
        String expected = "deep.v.pica:34:3: error: too many nested blocks: picasso keeps at most 32 open at once, the .proc included, and this ifu block is one more\n  ifu b0\n  ^\n";
        Run dropIn = ToolProcess.run(dir, "Picasso", "-o", "deep.shbin", "deep.v.pica");
        assertEquals(1, dropIn.code(), dropIn.err());
        assertEquals(expected, dropIn.err());
        Run picasm = ToolProcess.run(dir, "Picasm", "deep.v.pica", "-o", "deep.o");
        assertEquals(1, picasm.code(), picasm.err());
        assertEquals(expected, picasm.err());
        assertFalse(Files.exists(dir.resolve("deep.shbin")) || Files.exists(dir.resolve("deep.o")));
    }

    /** Item 7: a vertex shader beyond its 512 words is one error, at the first instruction that does not fit. */
    @Test
    void aFullCodeMemoryIsOneError() throws Exception {
        StringBuilder sb = new StringBuilder(".out o position\n.proc main\n");
        for (int k = 0; k < 600; k++) sb.append("  mov o, v0\n");
        Files.writeString(dir.resolve("long.v.pica"), sb.append("  end\n.end\n").toString());
        Run r = ToolProcess.run(dir, "Picasso", "-o", "long.shbin", "long.v.pica");
        assertEquals(1, r.code(), r.err());
        assertEquals(1, errors(r), r.err());
        assertTrue(r.err().startsWith("long.v.pica:515:3: error: vertex shader code memory is full (512 words)"), r.err());
    }
}
