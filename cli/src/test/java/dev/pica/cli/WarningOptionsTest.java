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
}
