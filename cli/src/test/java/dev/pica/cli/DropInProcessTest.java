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

    private static final String SHADER = ".fvec projection[4]\n.out outpos position\n.alias inpos v0\n.proc main\n  dp4 outpos.x, projection[0], inpos\n"
            + "  dp4 outpos.y, projection[1], inpos\n  dp4 outpos.z, projection[2], inpos\n  dp4 outpos.w, projection[3], inpos\n  end\n.end\n";

    /** The drop-in and picasm, each in its own JVM, on {@code SHADER} with one edit: both fail with exactly {@code expected}, and write nothing. */
    private void bothSay(String from, String to, String expected) throws Exception {
        assertTrue(SHADER.contains(from));
        Files.writeString(dir.resolve("s.v.pica"), SHADER.replace(from, to));
        for (Run r : new Run[] {ToolProcess.run(dir, "Picasso", "-o", "s.shbin", "s.v.pica"), ToolProcess.run(dir, "Picasm", "s.v.pica", "-o", "s.o")}) {
            assertEquals(1, r.code(), r.err());
            assertEquals(expected, r.err());
        }
        assertFalse(Files.exists(dir.resolve("s.shbin")) || Files.exists(dir.resolve("s.o")));
    }

    /** picasm (or picalink, which links too) on an SDK source: fails with exactly {@code expected}. */
    private void sdkSays(String tool, String text, String expected) throws Exception {
        Files.writeString(dir.resolve("s.vsh"), text);
        Run r = tool.equals("Picasm") ? ToolProcess.run(dir, tool, "s.vsh", "-o", "s.o") : ToolProcess.run(dir, tool, "s.vsh", "-o", "s.shbin");
        assertEquals(1, r.code(), r.err());
        assertEquals(expected, r.err().replace(dir + "/", "")); // a link names a source by the path its object recorded
    }

    /** Item 8: two operands without the comma between them are one error naming the comma, in both dialects. */
    @Test
    void aMissingCommaIsOneErrorNamingIt() throws Exception {
        bothSay("dp4 outpos.z, projection[2]", "dp4 outpos.z projection[2]",
                "s.v.pica:7:16: error: expected ',' before 'projection[2]'\n  dp4 outpos.z projection[2], inpos\n               ^\n");
        sdkSays("Picasm", "#pragma output_map(position, o0)\nmain:\n    dp4 o0.z c2, v0\n    mov o0.xyw, v0\n    end\nendmain:\n",
                "s.vsh:3:14: error: expected ',' before 'c2'\n    dp4 o0.z c2, v0\n             ^\n");
    }

    /** Item 8: a misspelt declaration is one error; the uses of the names it meant to declare add none. */
    @Test
    void aMisspeltDeclarationIsOneError() throws Exception {
        bothSay(".fvec projection[4]", ".fvecs projection[4]", "s.v.pica:1:1: error: unknown directive '.fvecs'; did you mean '.fvec'?\n.fvecs projection[4]\n^\n");
    }

    /** Item 8: a missing main is named at the procedure meant, with its spelling; the SDK link likewise at the label's code. */
    @Test
    void aMissingMainIsNamedWhereItWasMeant() throws Exception {
        bothSay(".proc main", ".proc mian",
                "s.v.pica:4:7: error: entry point 'main' is not a procedure (without .entry the entry point is 'main'); did you mean 'mian'?\n.proc mian\n      ^\n");
        sdkSays("Picalink", "#pragma output_map(position, o0)\nmian:\n    mov o0, v0\n    end\nendmian:\n",
                "s.vsh:3:5: error: no input defines 'main:'; did you mean 'mian'?\n    mov o0, v0\n    ^\n");
    }

    /** Item 8: an index past an array's rows is an error at the index, not an unbound register read. */
    @Test
    void anIndexPastAnArrayIsAnIndexError() throws Exception {
        bothSay("projection[3]", "projection[4]",
                "s.v.pica:8:28: error: index 4 is past the end of 'projection', which has 4 rows (projection[0] to projection[3])\n  dp4 outpos.w, projection[4], inpos\n                           ^\n");
    }
}
