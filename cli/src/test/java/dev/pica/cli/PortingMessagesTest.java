package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mistakes met when porting a project (issue 35): each is one error that names its cause, at the
 * place to fix, from picasm and from the drop-in alike, and nothing is written.
 */
class PortingMessagesTest {
    @TempDir
    Path dir;

    private record Run(int code, String err) {}

    private Run run(CliTest.Tool tool, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = tool.run(new PrintStream(o, true), new PrintStream(e, true), args);
        return new Run(code, e.toString(StandardCharsets.UTF_8));
    }

    /** picasm and the drop-in on one source: both fail with exactly {@code expected} (file names relative to the temp folder) and write nothing. */
    private void bothSay(String name, String text, String expected) throws Exception {
        Path src = dir.resolve(name);
        Files.writeString(src, text);
        Path obj = dir.resolve("out.o"), bin = dir.resolve("out.shbin");
        Run picasm = run(Picasm::run, src.toString(), "-o", obj.toString());
        assertEquals(1, picasm.code(), picasm.err());
        assertEquals(expected, picasm.err().replace(dir + "/", ""), "picasm");
        Run picasso = run(Picasso::run, "-o", bin.toString(), src.toString());
        assertEquals(1, picasso.code(), picasso.err());
        assertEquals(expected, picasso.err().replace(dir + "/", ""), "picasso");
        assertFalse(Files.exists(obj) || Files.exists(bin));
    }

    /** picasm alone (an SDK-dialect source) fails with exactly {@code expected} and writes nothing. */
    private void picasmSays(String name, String text, String expected) throws Exception {
        Path src = dir.resolve(name);
        Files.writeString(src, text);
        Run r = run(Picasm::run, src.toString(), "-o", dir.resolve("out.o").toString());
        assertEquals(1, r.code(), r.err());
        assertEquals(expected, r.err().replace(dir + "/", ""));
        assertFalse(Files.exists(dir.resolve("out.o")));
    }

    /** Item 6: a block left open inside a .proc is named at its line, not the .proc whose .end it took. */
    @Test
    void aBlockLeftOpenInsideAProcIsNamedAtItsLine() throws Exception {
        bothSay("open.v.pica", ".out o position\n.proc main\n  ifu b0\n    mov o, v0\n  end\n.end\n",
                "open.v.pica:3:3: error: ifu block is not closed with .end: the .end at line 6 closes it, which leaves .proc 'main' open\n  ifu b0\n  ^\n");
        bothSay("loop.v.pica", ".out o position\n.proc main\n  ifc cmp.x\n    mov o, v0\n  .end\n  for i0\n    mov o, v1\n  end\n.end\n",
                "loop.v.pica:6:3: error: for block is not closed with .end: the .end at line 9 closes it, which leaves .proc 'main' open\n  for i0\n  ^\n");
    }

    /** Item 6: a malformed ifc condition is one error; the block it opens still takes its .end and .else. */
    @Test
    void aMalformedConditionIsOneError() throws Exception {
        bothSay("ifc.v.pica", ".out o position\n.proc main\n  ifc cmpx\n    mov o, v0\n  .else\n    mov o, v1\n  .end\n  end\n.end\n",
                "ifc.v.pica:3:7: error: expected cmp.x or cmp.y (with ! to negate) joined by && or ||, not 'cmpx'\n  ifc cmpx\n      ^\n");
        bothSay("for.v.pica", ".out o position\n.proc main\n  for b0\n    mov o, v0\n  .end\n  end\n.end\n",
                "for.v.pica:3:7: error: for takes an integer uniform (i0-i3), not 'b0'\n  for b0\n      ^\n");
    }

    /** Item 7: an unknown output semantic is one error with the nearest spelling; the name it declares stays usable. */
    @Test
    void anUnknownSemanticIsOneErrorWithDidYouMean() throws Exception {
        bothSay("sem.v.pica", ".fvec proj[4]\n.out outpos positon\n.proc main\n  dp4 outpos.x, proj[0], v0\n  dp4 outpos.y, proj[1], v0\n"
                        + "  dp4 outpos.z, proj[2], v0\n  dp4 outpos.w, proj[3], v0\n  end\n.end\n",
                "sem.v.pica:2:13: error: unknown output semantic 'positon'; did you mean 'position'?\n.out outpos positon\n            ^\n");
        bothSay("far.v.pica", ".out o place\n.proc main\n  mov o, v0\n  end\n.end\n",
                "far.v.pica:1:8: error: unknown output semantic 'place' (position, normalquat, color, texcoord0, texcoord0w, texcoord1, texcoord2, view, dummy)\n"
                        + ".out o place\n       ^\n");
        picasmSays("sem.vsh", "#pragma output_map(positon, o0)\nmain:\n  mov o0, v0\n  end\nendmain:\n",
                "sem.vsh:1:20: error: unknown output semantic 'positon'; did you mean 'position'?\n#pragma output_map(positon, o0)\n                   ^\n");
    }

    /** Item 7: an .entry that names no procedure is one error with the nearest procedure, from picasm too (not "missing 'endmain:' label"). */
    @Test
    void anUnknownEntryIsOneErrorWithDidYouMean() throws Exception {
        bothSay("entry.v.pica", ".out o position\n.entry mian\n.proc main\n  mov o, v0\n  end\n.end\n",
                "entry.v.pica:2:8: error: entry point 'mian' is not a procedure; did you mean 'main'?\n.entry mian\n       ^\n");
    }

    private static final String SDK = "// transform\n#pragma output_map(position, o0)\nmain:\n  mov o0, v0\n  end\nendmain:\n";

    /** Item 8: SDK text in a .pica file or given to the drop-in is one error naming the way out. */
    @Test
    void sdkTextReadAsPicassoIsOneErrorNamingTheWayOut() throws Exception {
        bothSay("sdk.v.pica", SDK, "sdk.v.pica:1:1: error: this looks like SDK-dialect source ('//'), and it is read as picasso's dialect: name it .vsh or .gsh,"
                + " or pass --dialect=sdk to picasm (picasso and the drop-in read picasso's dialect only)\n// transform\n^\n");
        Path src = dir.resolve("sdk.v.pica");
        Run asked = run(Picasm::run, "--dialect=sdk", src.toString(), "-o", dir.resolve("sdk.o").toString());
        assertEquals(0, asked.code(), asked.err());
    }

    /** A picasso directive at the start of any line (CR line ends too, as a regular expression's ^ reads them) makes the text picasso's: no mix-up error. */
    @Test
    void aPicassoDirectiveAfterACarriageReturnKeepsTheTextPicassos() throws Exception {
        Path src = dir.resolve("cr.v.pica");
        Files.writeString(src, "// not picasso's comment\r.out o position\r.proc main\r  mov o, v0\r  end\r.end\r");
        Run r = run(Picasso::run, "-o", dir.resolve("cr.shbin").toString(), src.toString());
        assertFalse(r.err().contains("looks like SDK-dialect"), r.err());
    }

    /** Item 8: a ';' comment in SDK text is one error saying how the SDK dialect comments. */
    @Test
    void aSemicolonCommentInSdkTextIsOneError() throws Exception {
        picasmSays("semi.vsh", "/* a ; in a block comment is fine */\n#pragma output_map(position, o0)\nmain:\n  mov o0, v0 ; copy\n  end ; done\nendmain:\n",
                "semi.vsh:4:14: error: ';' starts a comment in picasso's dialect only: the SDK dialect comments with // (or /* */)\n  mov o0, v0 ; copy\n             ^\n");
    }

    /** Item 8: #include in a picasso source names the cause first (picasso has no preprocessor) and stays picasso's leniency: a warning. */
    @Test
    void anIncludeInPicassoTextSaysPicassoHasNoPreprocessor() throws Exception {
        Path src = dir.resolve("inc.v.pica");
        Files.writeString(src, "#include \"common.h\"\n.out o position\n.proc main\n  mov o, aPos\n  end\n.end\n");
        Run r = run(Picasso::run, "-o", dir.resolve("inc.shbin").toString(), src.toString());
        assertEquals(1, r.code());
        assertEquals(src + ":1:1: warning: picasso has no preprocessor: '#include' is read as a line marker without a line number, and ignored\n"
                + "#include \"common.h\"\n^\n" + src + ":4:10: error: 'aPos' is neither a register nor a name declared in this file\n  mov o, aPos\n         ^\n", r.err());
        Files.writeString(src, "#include \"common.h\"\n.out o position\n.proc main\n  mov o, v0\n  end\n.end\n");
        Run ok = run(Picasso::run, "-o", dir.resolve("inc.shbin").toString(), src.toString());
        assertEquals(0, ok.code(), "picasso builds it");
    }

    /**
     * Item 12: a UTF-8 byte-order mark, which picasso 2.7.2 reads as part of the first word ("instruction
     * outside block"), is skipped by the drop-in and by picasm: the bytes of the same source without it
     * (docs/picasso-compat.md, "Read differently").
     */
    @Test
    void aByteOrderMarkIsSkipped() throws Exception {
        String text = ".out o position\n.proc main\n  mov o, v0\n  end\n.end\n";
        // one name in two folders: an object records its source's name
        Path plain = Files.createDirectories(dir.resolve("plain")).resolve("s.v.pica"), marked = Files.createDirectories(dir.resolve("marked")).resolve("s.v.pica");
        Files.writeString(plain, text);
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Files.write(marked, bom);
        Files.write(marked, text.getBytes(StandardCharsets.UTF_8), java.nio.file.StandardOpenOption.APPEND);
        for (boolean dropIn : new boolean[] {true, false}) {
            CliTest.Tool t = dropIn ? Picasso::run : Picasm::run;
            Path a = dir.resolve("a.out"), b = dir.resolve("b.out");
            Run ra = dropIn ? run(t, "-o", a.toString(), plain.toString()) : run(t, plain.toString(), "-o", a.toString());
            Run rb = dropIn ? run(t, "-o", b.toString(), marked.toString()) : run(t, marked.toString(), "-o", b.toString());
            assertEquals(0, ra.code(), ra.err());
            assertEquals(0, rb.code(), rb.err());
            assertEquals("", rb.err());
            org.junit.jupiter.api.Assertions.assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), dropIn ? "picasso" : "picasm");
        }
    }
}
