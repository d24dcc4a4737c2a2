package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.asm.pp.Preprocessor;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.shbin.Dvoj;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The C preprocessor of sdk-dialect.md section 3, through the assembler. */
class PreprocessorTest {
    @TempDir
    Path dir;

    private String pp(String src, String... defines) {
        Diagnostics d = new Diagnostics();
        String out = Assembler.preprocess(SourceFile.ofString("t.vsh", src), Assembler.Options.defaults().withDefines(List.of(defines)), d).text();
        assertTrue(!d.hasErrors(), () -> d.list().toString());
        return out;
    }

    private Assembler.Result file(String name, String... includeDirs) throws Exception {
        Diagnostics d = new Diagnostics();
        Path p = dir.resolve(name);
        SourceFile f = new SourceFile(name, p.getFileName().toString(), p, java.nio.file.Files.readAllBytes(p));
        return Assembler.assemble(f, Assembler.Options.defaults().withIncludeDirs(List.of(includeDirs).stream().map(dir::resolve).toList()), d);
    }

    private void write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    /** #line N "name": the lines after it are lines N, N+1... of name, in diagnostics and in the object's line table (a compiler's output naming its source). */
    @Test
    void lineMarkersRenameTheLinesAfterThem() {
        Dvoj o = Asm.ok("main:\n#line 40 \"shader.vert\"\n    mov o0, v0\n    mov o1, v0\n#line 7\n    end\nendmain:\n");
        assertEquals(new dev.pica.format.shbin.LineInfo("shader.vert", 40), o.lineInfo().get(0));
        assertEquals(new dev.pica.format.shbin.LineInfo("shader.vert", 41), o.lineInfo().get(1));
        assertEquals(new dev.pica.format.shbin.LineInfo("shader.vert", 7), o.lineInfo().get(2));
        Diagnostics d = new Diagnostics();
        Assembler.assemble(SourceFile.ofString("t.vsh", "main:\n#line 12 \"a.vert\"\n    mov o0, q9\n    end\nendmain:\n"), Assembler.Options.defaults(), d);
        assertTrue(d.list().get(0).pos().toString().startsWith("a.vert:12"), d.list().toString());
        Diagnostics bad = new Diagnostics();
        Assembler.assemble(SourceFile.ofString("t.vsh", "#line x\nmain:\n    end\nendmain:\n"), Assembler.Options.defaults(), bad);
        assertTrue(bad.list().get(0).message().contains("#line takes a line number"), bad.list().toString());
    }

    @Test
    void objectAndFunctionMacros() {
        assertEquals("mov r0, c93[1].z\n", pp("#define CONSTANT c93\n#define HALF CONSTANT[1].z\nmov r0, HALF\n").replaceAll("^\\n+", ""));
        assertEquals("add r0, r1, r2\n", pp("#define ADD3(d, a, b) add d, a, b\nADD3(r0, r1, r2)\n").strip() + "\n");
        assertEquals("\"r0\" r0r1", pp("#define S(x) #x\n#define P(a, b) a ## b\nS(r0) P(r0, r1)\n").strip());
        assertEquals("X", pp("#define X X\nX\n").strip()); // no recursion
        assertEquals("r1", pp("#define A B\n#define B r1\nA\n").strip()); // rescanned
    }

    @Test
    void negatedMacroFoldsItsOffset() {
        // sdk-dialect.md 3: -CONST_HALF with CONST_HALF = CONSTANT[1].z, CONSTANT = c93 -> -c94.z
        Dvoj o = Asm.ok("#define CONSTANT c93\n#define CONST_HALF CONSTANT[1].z\nmov r0, -CONST_HALF\n");
        assertEquals(0x4E07E000, o.codeWord(0) & ~0x7F); // src1 = c94 (code 0x20 + 94)
        int d = o.operandRecords().get(0).descriptor();
        assertEquals(1, d >> 4 & 1); // negated
        assertEquals(0xAA, d >> 5 & 0xFF); // .zzzz
    }

    @Test
    void conditionals() {
        String src = "#if defined(A) && B > 2\nyes\n#elif !defined A\nno_a\n#else\nother\n#endif\n";
        assertEquals("yes", pp(src, "A", "B=3").strip());
        assertEquals("no_a", pp(src).strip());
        assertEquals("other", pp(src, "A", "B=1").strip());
        assertEquals("t", pp("#if (1 << 4) == 16 && 7 % 4 == 3 && -1 < 0 && (0 ? 0 : 5) == 5 && 0x10 == 16\nt\n#endif\n").strip());
        assertEquals("", pp("#if 0\n#bogus directive is skipped\n#endif\n").strip());
    }

    @Test
    void pragmaLinesAreNotExpanded() {
        // sdk-dialect.md 3: the symbol name must stay aPosition, the instruction must see v0
        Dvoj o = Asm.ok("#define aPosition v0\n#pragma bind_symbol(aPosition.xyzw, v0, v0)\nmov r0, aPosition\n");
        assertEquals("aPosition.xyzw", o.uniforms().get(0).name());
        assertEquals(0x4E000000, o.codeWord(0) & ~0x7F);
    }

    @Test
    void lineNumbersSurviveCommentsSplicesAndCrlf() {
        Assembler.Result r = Asm.run("/* a\r\nb */ nop\r\n#define X \\\r\n  c96\r\n// \r\nmov r0, X\r\n");
        assertEquals(List.of("6:9: error: 'c96' is not a valid float uniform (c0-c95)"), Asm.messages(r));
        Assembler.Result cr = Asm.run("nop\rnop\rmov r0, c96\r");
        assertEquals(List.of("3:9: error: 'c96' is not a valid float uniform (c0-c95)"), Asm.messages(cr));
    }

    @Test
    void bomAndShiftJisComments() {
        byte[] sjis = "// \u30b7\u30a7\u30fc\u30c0\nmov r0, r1 /* \u30b3\u30e1\u30f3\u30c8 */\n".getBytes(java.nio.charset.Charset.forName("Shift_JIS"));
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] all = new byte[bom.length + sjis.length];
        System.arraycopy(bom, 0, all, 0, 3);
        System.arraycopy(sjis, 0, all, 3, sjis.length);
        Assembler.Result r = Assembler.assemble(new SourceFile("t.vsh", null, all), Assembler.Options.defaults());
        assertTrue(r.ok(), Asm.printed(r));
        Assembler.Result bad = Assembler.assemble(new SourceFile("t.vsh", null, "mov r0, r\u00e91\n".getBytes(StandardCharsets.UTF_8)), Assembler.Options.defaults());
        assertEquals("1:10: error: invalid character", Asm.messages(bad).get(0));
    }

    @Test
    void includeSearchOrderAndChain() throws Exception {
        write("src/main.vsh", "#include \"defs.h\"\nmov r0, VALUE\n");
        write("src/defs.h", "#include \"deeper.h\"\n");
        write("src/deeper.h", "#define VALUE c1\nmov r0, c99\n");
        write("inc/defs.h", "#define VALUE c2\n");
        Assembler.Result r = file("src/main.vsh", "inc");
        String printed = Asm.printed(r);
        assertTrue(printed.startsWith("In file included from src/defs.h:1,\n                 from src/main.vsh:1:\nsrc/deeper.h:2:9: error: 'c99' is not a valid float uniform (c0-c95)\n"), printed);
        // the includer's directory wins over -I
        write("src/deeper.h", "#define VALUE c1\n");
        Assembler.Result ok = file("src/main.vsh", "inc");
        assertTrue(ok.ok(), Asm.printed(ok));
        assertEquals(0x21, ok.object().codeWord(0) >>> 12 & 0x7F); // c1
        assertEquals(List.of(dir.resolve("src/main.vsh"), dir.resolve("src/defs.h"), dir.resolve("src/deeper.h")),
                ok.preprocessed().files());
        // angle brackets search only -I
        write("src/angle.vsh", "#include <defs.h>\nmov r0, VALUE\n");
        assertEquals(0x22, file("src/angle.vsh", "inc").object().codeWord(0) >>> 12 & 0x7F);
        // line info of an included instruction names the header as written
        write("src/inc2.vsh", "#include \"ins.h\"\n");
        write("src/ins.h", "\nnop\n");
        Dvoj o = file("src/inc2.vsh").object();
        assertEquals("ins.h", o.lineInfo().get(0).file());
        assertEquals(2, o.lineInfo().get(0).line());
        assertEquals("inc2.vsh", o.sourceName());
    }

    @Test
    void recursiveIncludeIsAnError() throws Exception {
        write("a.vsh", "#include \"b.h\"\n");
        write("b.h", "#include \"a.vsh\"\n");
        assertEquals("include nesting too deep or recursive: 'a.vsh'", file("a.vsh").diagnostics().list().get(0).message());
    }

    @Test
    void commandLineDefine() {
        Assembler.Result r = Assembler.assemble(SourceFile.ofString("t.vsh", "mov r0, REG\n"),
                Assembler.Options.defaults().withDefines(List.of("REG=c5")));
        assertEquals(0x25, r.object().codeWord(0) >>> 12 & 0x7F);
    }

    @Test
    void diagnosticPrinterShowsTheOriginalBytes() {
        Assembler.Result r = Asm.run("main:\n\tmov r0, c96 // caf\u00e9\n");
        String s = DiagnosticPrinter.format(r.diagnostics().list().get(0));
        assertTrue(s.contains("\n\t        ^\n"), s); // tab kept so the caret lines up
    }
}
