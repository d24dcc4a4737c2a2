package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.diag.SourceFile;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** No input, however broken, produces anything but diagnostics: no exception escapes the assembler. */
class MalformedInputTest {
    private static Assembler.Result run(byte[] bytes) {
        return Assembler.assemble(new SourceFile("fuzz.vsh", null, bytes), Assembler.Options.defaults());
    }

    @Test
    void fixedCases() {
        assertTrue(run(new byte[0]).ok()); // empty: an empty library object
        assertTrue(!run("x".repeat(1 << 20).getBytes()).ok()); // one huge line
        assertTrue(!run("/* never closed\nmov r0, r1\n".getBytes()).ok());
        assertTrue(!run("#define A A B\n#define B A\nA\n".getBytes()).ok()); // self reference, then unknown 'A'
        assertTrue(!run("#define F(x) F(x) F(x)\nF(F(F(F(1))))\n".getBytes()).ok());
        assertTrue(!run("mov r0, c[".getBytes()).ok());
        assertTrue(!run("#if\n".getBytes()).ok());
        assertTrue(!run("#include\n".getBytes()).ok());
        assertTrue(!run("main:\nendmain:\nendmain:\nmain:\n".getBytes()).ok());
        assertTrue(!run("def c0, 1e999999, nan, inf, 0x\n".getBytes()).ok());
    }

    /**
     * Issue 15: 420 bytes of doubling #defines used to take 6-9 s and 430 MB before the expansion
     * budget stopped them. Now one located error per offending line, and the expansion bounds
     * stop the work early (the time is measured, not asserted: see the closing note).
     */
    @Test
    void macroBombsAreStoppedWithALocatedError() {
        StringBuilder sb = new StringBuilder("#define A0 x\n");
        for (int i = 1; i < 25; i++) sb.append("#define A").append(i).append(" A").append(i - 1).append(" A").append(i - 1).append('\n');
        sb.append("main:\nmov r0, A24\nend\nendmain:\n");
        var r = run(sb.toString().getBytes());
        assertTrue(!r.ok());
        var errors = r.diagnostics().list();
        org.junit.jupiter.api.Assertions.assertEquals(1, errors.size(), errors.toString());
        org.junit.jupiter.api.Assertions.assertEquals("fuzz.vsh:27:9", errors.get(0).pos().toString());
        assertTrue(errors.get(0).message().startsWith("macro expansion of 'A"), errors.get(0).message());
        // many lines of a smaller bomb: each line within the per-line bound, the file bound stops them once
        StringBuilder many = new StringBuilder("#define A0 x\n");
        for (int i = 1; i < 12; i++) many.append("#define A").append(i).append(" A").append(i - 1).append(" A").append(i - 1).append('\n');
        many.append("main:\n").append("mov r0, A11\n".repeat(500)).append("end\nendmain:\n");
        var m = run(many.toString().getBytes()).diagnostics().list();
        var bound = m.stream().filter(d -> d.message().startsWith("macro expansion of")).toList();
        org.junit.jupiter.api.Assertions.assertEquals(1, bound.size(), m.toString());
        assertTrue(bound.get(0).message().endsWith("(more than 100000 tokens in this file)"), bound.get(0).message());
        // a real shader's use of macros is far below the bounds
        StringBuilder ok = new StringBuilder("#pragma output_map(position, o0)\n#define POS v0\n#define M(a, b) dp4 a, POS, b\nmain:\n");
        for (int i = 0; i < 400; i++) ok.append("M(r0.x, c").append(i % 90).append(")\n");
        ok.append("mov o0, r0\nend\nendmain:\n");
        assertTrue(run(ok.toString().getBytes()).ok());
    }

    @Test
    void binaryGarbage() {
        SplittableRandom r = new SplittableRandom(1);
        for (int n = 0; n < 300; n++) {
            byte[] b = new byte[r.nextInt(2000)];
            for (int k = 0; k < b.length; k++) b[k] = (byte) r.nextInt(256);
            located(b, run(b));
        }
    }

    /** Random token soup from the dialect's own vocabulary reaches deep into every checker. */
    @Test
    void tokenSoup() {
        String[] vocab = {"mov", "mad", "add", "dp4", "m4x4", "nrm", "pow", "sincos", "call", "ret", "ifb", "ifc", "else",
            "endif", "loop", "endloop", "jpc", "jpb", "breakc", "cmp", "mova", "smf", "vout", "def", "defi", "defb", "main:",
            "endmain:", "l:", "r0", "r15", "c95", "c0[a0.x+2]", "v0", "v1", "o0", "o7", "b0", "i0", "a0.x", "aL", ".xyzw",
            ".x", "-", ",", ", ", "1", "0", "1.5", "0x3F0000", "[", "]", "(", ")", "\n", "\n", "\n", "#define X r1\n", "X",
            "#pragma bind_symbol(s, c0)\n", "#pragma output_map(position, o0)\n", "#if 1\n", "#endif\n", "#pragma gs_assemble_as_geometry_shader\n", "!"};
        SplittableRandom r = new SplittableRandom(2);
        for (int n = 0; n < 2000; n++) {
            StringBuilder sb = new StringBuilder();
            int len = r.nextInt(60);
            for (int k = 0; k < len; k++) sb.append(vocab[r.nextInt(vocab.length)]).append(r.nextInt(3) == 0 ? " " : "");
            byte[] b = sb.toString().getBytes();
            located(b, run(b));
        }
    }

    /**
     * What a broken input gets: no object without an error, and every diagnostic a message at a
     * line the input has (or the file itself), never at a position it made up.
     */
    private static void located(byte[] input, Assembler.Result r) {
        long lines = new String(input, java.nio.charset.StandardCharsets.ISO_8859_1).split("\r\n|\r|\n", -1).length;
        boolean error = false;
        for (dev.pica.format.diag.Diagnostic d : r.diagnostics().list()) {
            assertTrue(!d.message().isBlank(), d.toString());
            if (d.pos() != null && "fuzz.vsh".equals(d.pos().fileName())) {
                assertTrue(d.pos().line() >= 0 && d.pos().line() <= lines, d + " in " + lines + " lines");
            }
            error |= d.severity() == dev.pica.format.diag.Diagnostic.Severity.ERROR;
        }
        assertTrue(r.ok() != error, r.diagnostics().list().toString());
    }
}
