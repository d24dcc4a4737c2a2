package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What picasso 2.7.2 accepts although the text says something else, the drop-in builds to the
 * same bytes and says what happens. What picasso does is read from its source (picasso_assembler.cpp:
 * constants through C's atof/atoi, ".setb" split at blanks, mova's older destination names, register
 * numbers written into fields without their file); each lenient source is checked against the text
 * that says the same thing plainly, and against words and constants worked out by hand.
 */
class PicassoLeniencyTest {
    @TempDir
    Path dir;

    private record Run(int code, String err, byte[] shbin) {}

    private Run picasso(String name, String source) throws Exception {
        Path src = dir.resolve(name);
        Files.writeString(src, source);
        Path out = dir.resolve(name + ".shbin");
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = Picasso.run(new PrintStream(o, true), new PrintStream(e, true), "-o", out.toString(), src.toString());
        return new Run(code, e.toString(StandardCharsets.UTF_8), Files.exists(out) ? Files.readAllBytes(out) : null);
    }

    private static final String OUT = ".out oPos position\n";

    /** the lenient text builds, with these warnings, to the bytes of the plain text */
    private void sameAs(String lenient, String plain, String... warnings) throws Exception {
        Run a = picasso("lenient.v.pica", lenient), b = picasso("plain.v.pica", plain);
        assertEquals(0, a.code(), a.err());
        assertEquals(0, b.code(), b.err());
        assertArrayEquals(b.shbin(), a.shbin(), a.err());
        for (String w : warnings) assertTrue(a.err().contains(w), "expected '" + w + "' in:\n" + a.err());
        assertEquals(warnings.length, a.err().lines().filter(l -> l.contains("warning:")).count(), a.err());
    }

    @Test
    void constantExpressionsReadAsTheirLeadingNumber() throws Exception {
        String body = OUT + ".proc main\n  mul oPos, k, v0\n  end\n.end\n";
        sameAs(".constf k(8.0/512.0, 1.0 / 64.0, 2.0f, abc)\n" + body, ".constf k(8.0, 1.0, 2.0, 0.0)\n" + body,
                "lenient.v.pica:1:11: warning: picasso reads only '8.0' of '8.0/512.0' (an expression is not evaluated): the value is 8 [-Wpicasso-misread]",
                "lenient.v.pica:1:22: warning: picasso reads only '1.0' of '1.0 / 64.0'",
                "lenient.v.pica:1:40: warning: picasso reads 'abc' as 0: it does not start with a number");
        // worked out by hand: 8.0 = 2^3, float24 exponent 3 + 63 = 0x42 -> 0x420000; 1.0 -> 0x3F0000; 2.0 -> 0x400000; 0
        Dvlb bin = DvlbReader.read(picasso("k.v.pica", ".constf k(8.0/512.0, 1.0 / 64.0, 2.0f, abc)\n" + body).shbin());
        var c = bin.shaders().get(0).constants().get(0);
        assertEquals(java.util.List.of(0x420000, 0x3F0000, 0x400000, 0), java.util.List.of(c.x(), c.y(), c.z(), c.w()));
    }

    @Test
    void aFifthConstantValueAndHexIntegersAreWhatAtofAndAtoiMakeOfThem() throws Exception {
        String body = OUT + ".proc main\n  mul oPos, k, v0\n  end\n.end\n";
        sameAs(".constf k(1.0, 2.0, 3.0, 4.0, 5.0)\n" + body, ".constf k(1.0, 2.0, 3.0, 4.0)\n" + body,
                "lenient.v.pica:1:31: warning: picasso reads four values; '5.0' and any after it are ignored");
        String loop = OUT + ".proc main\n  for n\n    mov oPos, v0\n  .end\n  end\n.end\n";
        // atoi("0x10") is 0; 256 & 0xFF is 0; -1 & 0xFF is 255 (no warning: a signed byte)
        sameAs(".consti n(0x10, 256, -1, 3)\n" + loop, ".consti n(0, 0, 255, 3)\n" + loop,
                "warning: picasso reads only '0' of '0x10'", "warning: picasso keeps the low 8 bits of 256: the value is 0");
    }

    @Test
    void setbWithACommaAfterARawRegister() throws Exception {
        String body = OUT + ".proc main\n  ifu b1\n    mov oPos, v0\n  .end\n  end\n.end\n";
        sameAs(".setb b1, true\n" + body, ".setb b1 true\n" + body);
        // a name followed by a comma is what picasso rejects ("invalid register: flag,")
        Run named = picasso("named.v.pica", ".bool flag\n.setb flag, true\n" + body);
        assertEquals(1, named.code());
        assertEquals(1, named.err().lines().filter(l -> l.contains("error:")).count(), named.err());
        assertTrue(named.err().contains("named.v.pica:2:13: error: .setb takes its register and value separated by a blank"), named.err());
    }

    @Test
    void movaTakesPicassosOlderDestinationNames() throws Exception {
        String tail = OUT + ".proc main\n  mova %s, v0\n  nop\n  mov oPos, v0\n  end\n.end\n";
        sameAs(String.format(tail, "a01"), String.format(tail, "a0.xy"));
        sameAs(String.format(tail, "A0"), String.format(tail, "a0.x"));
        sameAs(String.format(tail, "a1"), String.format(tail, "a0.y"));
    }

    /** picasso reads a register's number with strtoll(base 0) and ignores the rest: r1x is r1, c010 (octal) is c8. */
    @Test
    void registerNumbersAsStrtollReadsThem() throws Exception {
        String tail = ".fvec u[9]\n" + OUT + ".proc main\n  mul r1, %s, v0\n  mov oPos, %s\n  end\n.end\n";
        sameAs(String.format(tail, "c010", "r1x"), String.format(tail, "c8", "r1"),
                "lenient.v.pica:4:11: warning: picasso reads 'c010' as c8 (its number as C's strtoll reads it)",
                "lenient.v.pica:5:13: warning: picasso reads 'r1x' as r1 (its number as C's strtoll reads it, 'x' ignored)");
        // r01 means r1 whichever way it is read: no warning
        sameAs(String.format(tail, "c8", "r01"), String.format(tail, "c8", "r1"));
    }

    /** picasso adds a register file's base only for a lower-case letter: R1 is code 1 (v1 read, o1 written), R17 code 17 (r1). */
    @Test
    void upperCaseRegisterLettersAreCodes() throws Exception {
        String decl = ".out oPos position\n.out oClr color\n";
        sameAs(decl + ".proc main\n  mov R1, v0\n  mov r1, v0\n  mov oPos, R17\n  end\n.end\n",
                decl + ".proc main\n  mov o1, v0\n  mov r1, v0\n  mov oPos, r1\n  end\n.end\n",
                "lenient.v.pica:4:7: warning: picasso knows register letters in lower case only: it reads 'R1' as code 1, v1 as a source and o1 as a destination",
                "lenient.v.pica:6:13: warning: picasso knows register letters in lower case only: it reads 'R17' as code 17, r1");
    }

    @Test
    void anOutputReadAndAnInputWrittenAreTheOtherFilesRegister() throws Exception {
        String decl = ".out oPos position\n.out oClr color\n.alias inpos v1\n";
        sameAs(decl + ".proc main\n  mov r0, oClr\n  mov inpos, r0\n  mov oPos, r0\n  end\n.end\n",
                decl + ".proc main\n  mov r0, v1\n  mov o1, r0\n  mov oPos, r0\n  end\n.end\n",
                "lenient.v.pica:5:11: warning: 'oClr' is output register o1, which a shader cannot read: picasso encodes its number, so mov reads input v1",
                "lenient.v.pica:6:7: warning: 'inpos' is input register v1, which a shader cannot write: picasso encodes its number, so mov writes output o1");
        // by hand: mov is opcode 0x13; "mov r0, oClr" has DST 0x10 and SRC1 0x01 (v1); "mov inpos, r0" DST 0x01 (o1), SRC1 0x10
        Dvlb bin = DvlbReader.read(picasso("w.v.pica", decl + ".proc main\n  mov r0, oClr\n  mov inpos, r0\n  mov oPos, r0\n  end\n.end\n").shbin());
        int w0 = bin.program().codeWord(0), w1 = bin.program().codeWord(1);
        assertEquals(0x13, w0 >>> 26);
        assertEquals(0x10, (w0 >>> 21) & 0x1F);
        assertEquals(0x01, (w0 >>> 12) & 0x7F);
        assertEquals(0x01, (w1 >>> 21) & 0x1F);
        assertEquals(0x10, (w1 >>> 12) & 0x7F);
    }

    /**
     * Array sizes and register offsets go through C's atoi (decimal digits at the front: "4x" is
     * 4, "0x1" is 0); setemit's vertex through strtoll base 0, its trailing text ignored.
     */
    @Test
    void countsAndOffsetsAsAtoiReadsThem() throws Exception {
        String tail = ".fvec u[%s]\n" + OUT + ".proc main\n  mova a0.x, v0\n  nop\n  mul r1, u[a0.x+%s], v0\n  mov oPos, r1\n  end\n.end\n";
        sameAs(String.format(tail, "4x", "0x1"), String.format(tail, "4", "0"),
                "lenient.v.pica:1:9: warning: picasso reads the array size '4x' as 4 (C's atoi: decimal digits only, the rest ignored)",
                "lenient.v.pica:6:13: warning: picasso reads the offset '0x1' as 0");
        // "0x4" is 0 for atoi: picasso refuses the size ("invalid uniform size"), and so does the drop-in, saying why
        Run zero = picasso("zero.v.pica", String.format(tail, "0x4", "1"));
        assertEquals(1, zero.code());
        assertTrue(zero.err().contains("zero.v.pica:1:7: error: array size of 'u' must be a positive number (picasso reads '0x4' with C's atoi, as 0)"), zero.err());
        assertEquals(1, zero.err().lines().filter(l -> l.contains(": error:") || l.contains(": warning:")).count(), zero.err());
        String gs = ".gsh point c0\n" + OUT + ".proc main\n  setemit %s\n  mov oPos, v0\n  emit\n  end\n.end\n";
        sameAs(String.format(gs, "0x1"), String.format(gs, "1"));
        sameAs(String.format(gs, "2z"), String.format(gs, "2"), "lenient.v.pica:4:11: warning: picasso reads '2z' as 2 (C's strtoll: 'z' ignored)");
    }
}
