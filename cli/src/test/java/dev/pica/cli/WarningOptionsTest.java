package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GCC's warning groups and -w on every tool: picasm, picalink and the drop-in picasso. */
class WarningOptionsTest {
    @TempDir
    Path dir;

    record Run(int code, String err) {}

    interface Tool {
        int run(PrintStream out, PrintStream err, String... args);
    }

    private Run run(Tool tool, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = tool.run(new PrintStream(o, true), new PrintStream(e, true), args);
        return new Run(code, e.toString(StandardCharsets.UTF_8));
    }

    /** r2 reaches the position (a hazard, on by default); o1 is written but mapped by nothing (stylistic, -Wextra). */
    private static final String SDK = "#pragma output_map(position, o0)\n#pragma bind_symbol(pos, v0)\nmain:\n"
            + "    mul r0, v0, r2\n    mov o0, r0\n    mov o1, v0\n    end\nendmain:\n";
    private static final String HAZARD = "[-Wuninitialized]", STYLE = "[-Wunmapped-output]";

    @Test
    void picasmAndPicalinkTakeWallWextraAndW() throws Exception {
        Path src = Files.writeString(dir.resolve("g.vsh"), SDK);
        for (Tool tool : new Tool[] {Picasm::run, Picalink::run}) {
            String out = dir.resolve("g.out").toString();
            Run plain = run(tool, src.toString(), "-o", out);
            assertEquals(0, plain.code(), plain.err());
            assertTrue(plain.err().contains(HAZARD), plain.err());
            assertFalse(plain.err().contains(STYLE), plain.err());
            assertEquals(plain.err(), run(tool, "-Wall", src.toString(), "-o", out).err());
            Run extra = run(tool, "-Wextra", src.toString(), "-o", out);
            assertTrue(extra.err().contains(HAZARD) && extra.err().contains("g.vsh:6:5: warning: 'o1.xyzw' is written but no output_map or .out names it; the value goes nowhere " + STYLE),
                    extra.err());
            // a kind named alone wins over its group whatever the order, as in GCC
            assertEquals(plain.err(), run(tool, "-Wno-unmapped-output", "-Wextra", src.toString(), "-o", out).err());
            assertEquals(extra.err(), run(tool, "-Wunmapped-output", "-Wno-extra", src.toString(), "-o", out).err());
            Run onlyExtra = run(tool, "-Wno-all", "-Wextra", src.toString(), "-o", out);
            assertTrue(onlyExtra.err().contains(STYLE) && !onlyExtra.err().contains(HAZARD), onlyExtra.err());
            Run error = run(tool, "-Werror=unmapped-output", src.toString(), "-o", out);
            assertEquals(1, error.code());
            assertTrue(error.err().contains("error: 'o1.xyzw' is written but no output_map or .out names it; the value goes nowhere [-Werror=unmapped-output]"), error.err());
            for (String w : new String[] {"-w", "-nowarning"}) {
                Run quiet = run(tool, w, "-Wextra", "-Werror", src.toString(), "-o", out);
                assertEquals(0, quiet.code(), quiet.err());
                assertEquals("", quiet.err());
            }
            Run typo = run(tool, "-Wextar", src.toString(), "-o", out);
            assertEquals(2, typo.code());
            assertTrue(typo.err().contains("unknown warning option '-Wextar'; did you mean '-Wextra'?"), typo.err());
        }
    }

    @Test
    void theDropInTakesWAsGccDoes() throws Exception {
        // picasso 2.7.2 has no -w (its getopt string is "o:h:?nv"); the drop-in takes GCC's -w and --no-warnings
        Path src = Files.writeString(dir.resolve("g.v.pica"), "# not a marker\n.out outpos position\n.proc main\n    mul r0, v0, r2\n    mov outpos, r0\n    end\n.end\n");
        Path bin = dir.resolve("g.shbin");
        Run plain = run(Picasso::run, "-o", bin.toString(), src.toString());
        assertEquals(0, plain.code(), plain.err());
        assertTrue(plain.err().contains(HAZARD) && !plain.err().contains("[-Wline-marker]"), plain.err());
        byte[] built = Files.readAllBytes(bin);
        Run extra = run(Picasso::run, "-Wextra", "-o", bin.toString(), src.toString());
        assertTrue(extra.err().contains("g.v.pica:1:1: warning: line marker without a line number ignored [-Wline-marker]"), extra.err());
        for (String w : new String[] {"-w", "--no-warnings"}) {
            Files.delete(bin);
            Run quiet = run(Picasso::run, w, "-Wextra", "-o", bin.toString(), src.toString());
            assertEquals(0, quiet.code(), quiet.err());
            assertEquals("", quiet.err());
            assertEquals(java.util.HexFormat.of().formatHex(built), java.util.HexFormat.of().formatHex(Files.readAllBytes(bin)), "the same bytes");
        }
        Run error = run(Picasso::run, "-Wextra", "-Werror=line-marker", "-o", bin.toString(), src.toString());
        assertEquals(1, error.code());
        assertTrue(error.err().contains("[-Werror=line-marker]"), error.err());
    }
    /** r3's read is silenced by the pragmas around it; r2's before and r4's after are not; a misspelt option is a warning with the nearest one. */
    private static final String SDK_PRAGMAS = "#pragma output_map(position, o0)\n#pragma bind_symbol(pos, v0)\nmain:\n    mul r0, v0, r2\n"
            + "#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Wuninitialized\"\n    mul r1, r0, r3\n#pragma GCC diagnostic pop\n"
            + "    add r1, r1, r4\n#pragma GCC diagnostic ignored \"-Wuninitalized\"\n    mov o0, r1\n    end\nendmain:\n";
    private static final String PICASSO_PRAGMAS = ".out outpos position\n.proc main\n    mul r0, v0, r2\n"
            + "    ; #pragma GCC diagnostic push\n    ; #pragma GCC diagnostic ignored \"-Wuninitialized\"\n    mul r1, r0, r3\n    ;#pragma GCC diagnostic pop\n"
            + "    add r1, r1, r4\n    ; #pragma GCC diagnostic ignored \"-Wuninitalized\"\n    mov outpos, r1\n    end\n.end\n";

    private static void silencedBetweenItsNeighbours(String err, String file, int before, int after, int pragmaLine) {
        assertTrue(err.contains(file + ":" + before + ":5: warning: 'r2.xyzw' may be read before it is written"), err);
        assertFalse(err.contains("'r3."), err);
        assertTrue(err.contains(file + ":" + after + ":5: warning: 'r4.xyzw' may be read before it is written"), err);
        assertTrue(err.contains(file + ":" + pragmaLine + ":"), err);
        assertTrue(err.contains(": warning: unknown option '-Wuninitalized' after '#pragma GCC diagnostic' kind; did you mean '-Wuninitialized'? [-Wpragmas]"), err);
    }

    @Test
    void aDiagnosticPragmaSilencesOneFindingInTheSdkDialect() throws Exception {
        Path src = Files.writeString(dir.resolve("p.vsh"), SDK_PRAGMAS);
        Run asm = run(Picasm::run, src.toString(), "-o", dir.resolve("p.o").toString());
        assertEquals(0, asm.code(), asm.err());
        silencedBetweenItsNeighbours(asm.err(), src.toString(), 4, 9, 10);
        // the link of the source says the same (its findings are the link's there)
        Run link = run(Picalink::run, src.toString(), "-o", dir.resolve("p.shbin").toString());
        silencedBetweenItsNeighbours(link.err(), src.toString(), 4, 9, 10);
        // and from the object picasm wrote: what the source silenced stays silent
        Run fromObject = run(Picalink::run, dir.resolve("p.o").toString(), "-o", dir.resolve("q.shbin").toString());
        assertFalse(fromObject.err().contains("'r3."), fromObject.err());
        // -Werror makes the neighbours errors, not the silenced one; "error" makes one kind an error from its line on
        Run strict = run(Picasm::run, "-Werror", "-Wno-error=pragmas", src.toString(), "-o", dir.resolve("p.o").toString());
        assertTrue(strict.err().contains("'r4.xyzw' may be read before it is written") && !strict.err().contains("'r3."), strict.err());
        Path harsh = Files.writeString(dir.resolve("e.vsh"), SDK_PRAGMAS.replace("ignored \"-Wuninitialized\"", "error \"-Wuninitialized\""));
        Run e = run(Picasm::run, harsh.toString(), "-o", dir.resolve("e.o").toString());
        assertEquals(1, e.code());
        assertTrue(e.err().contains(harsh + ":7:5: error: 'r3.xyzw' may be read before it is written") && e.err().contains(harsh + ":9:5: warning: 'r4.xyzw'"), e.err());
    }

    @Test
    void aDiagnosticPragmaInACommentSilencesOneFindingInPicassosDialect() throws Exception {
        Path src = Files.writeString(dir.resolve("p.v.pica"), PICASSO_PRAGMAS);
        Run dropIn = run(Picasso::run, "-o", dir.resolve("p.shbin").toString(), src.toString());
        assertEquals(0, dropIn.code(), dropIn.err());
        silencedBetweenItsNeighbours(dropIn.err(), src.toString(), 3, 8, 9);
        Run asm = run(Picasm::run, src.toString(), "-o", dir.resolve("p.o").toString());
        silencedBetweenItsNeighbours(asm.err(), src.toString(), 3, 8, 9);
        // a comment to picasso: the same bytes without the pragmas
        Path plain = Files.writeString(dir.resolve("plain.v.pica"), PICASSO_PRAGMAS.replaceAll("(?m)^ *;.*\n", ""));
        assertEquals(0, run(Picasso::run, "-o", dir.resolve("plain.shbin").toString(), plain.toString()).code());
        assertEquals(java.util.HexFormat.of().formatHex(Files.readAllBytes(dir.resolve("plain.shbin"))), java.util.HexFormat.of().formatHex(Files.readAllBytes(dir.resolve("p.shbin"))));
    }
}
