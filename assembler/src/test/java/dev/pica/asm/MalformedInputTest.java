package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.asm.diag.SourceFile;
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

    @Test
    void binaryGarbage() {
        SplittableRandom r = new SplittableRandom(1);
        for (int n = 0; n < 300; n++) {
            byte[] b = new byte[r.nextInt(2000)];
            for (int k = 0; k < b.length; k++) b[k] = (byte) r.nextInt(256);
            run(b); // must return, with diagnostics
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
            run(sb.toString().getBytes());
        }
    }
}
