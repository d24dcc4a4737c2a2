package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.Dvle;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs on which random testing against picasso 2.7.2 (built from its v2.7.2 sources) found
 * the drop-in disagreeing (issue 39): each expectation is what picasso 2.7.2 wrote for the same
 * input, and the reason is read from its picasso_assembler.cpp and picasso_frontend.cpp.
 */
class PicassoAgreementTest {
    @TempDir
    Path dir;

    private record Run(int code, String err, byte[] shbin, String header) {}

    private Run picasso(String... files) throws Exception {
        List<String> args = new ArrayList<>(List.of("-o", dir.resolve("out.shbin").toString(), "-h", dir.resolve("out.h").toString()));
        for (int k = 0; k < files.length; k += 2) {
            Files.writeString(dir.resolve(files[k]), files[k + 1]);
            args.add(dir.resolve(files[k]).toString());
        }
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = Picasso.run(new PrintStream(o, true), new PrintStream(e, true), args.toArray(String[]::new));
        Path out = dir.resolve("out.shbin"), h = dir.resolve("out.h");
        return new Run(code, e.toString(StandardCharsets.UTF_8), Files.exists(out) ? Files.readAllBytes(out) : null,
                Files.exists(h) ? Files.readString(h) : null);
    }

    /** picasso's run, which picasso 2.7.2 builds too (exit 0) */
    private Run built(String... files) throws Exception {
        Run r = picasso(files);
        assertEquals(0, r.code(), r.err());
        return r;
    }

    private static String words(Run r) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int w : DvlbReader.read(r.shbin()).program().code()) sb.append(sb.length() == 0 ? "" : " ").append(String.format("%08x", w));
        return sb.toString();
    }

    @Test
    void breakLastInAForGetsAPaddingNopAsBreakcDoes() throws Exception {
        // dir_end pads when a for's last word is BREAK or BREAKC
        Run r = built("a.v.pica", ".proc main\n\tfor i0\n\t\tbreak\n\t.end\n\tend\n.end\n");
        assertEquals("a4000800 80000000 84000000 88000000", words(r));
        // a break ending an if inside the for is not last in the for: the if's end pads only for its own reasons
        r = built("b.v.pica", ".out p position\n.proc main\n\tfor i0\n\t\tifu b0\n\t\t\tbreak\n\t\t.end\n\t\tmov p, v0\n\t\tbreak\n\t.end\n\tend\n.end\n");
        assertEquals("a4001400 9c000c00 80000000 4c000000 80000000 84000000 88000000", words(r));
    }

    @Test
    void minusNanKeepsItsSign() throws Exception {
        // atof("-nan") is a NaN with the sign bit set; f32tof24 keeps the sign of a NaN it saturates
        Run r = built("a.v.pica", ".out p position\n.constf k(-nan, nan, inf, -inf)\n.proc main\n\tmov p, k\n\tend\n.end\n");
        Constant c = DvlbReader.read(r.shbin()).shaders().get(0).constants().get(0);
        assertEquals(List.of(0xFF0000, 0x7F0000, 0x7F0000, 0xFF0000), List.of(c.x(), c.y(), c.z(), c.w()));
        // a NaN becomes an infinity, which the text does not say: warned, with its sign
        assertTrue(r.err().contains("a.v.pica:2:11: warning: '-nan' has no float24 form: picasso stores it as -infinity [-Wfloat24-range]"), r.err());
        assertTrue(r.err().contains("a.v.pica:2:17: warning: 'nan' has no float24 form: picasso stores it as +infinity [-Wfloat24-range]"), r.err());
    }

    @Test
    void anEmptyProcBeforeAnyCodeHasNoWords() throws Exception {
        // dir_end checks the program's last word only when there is one: no NOP, size 0
        Run r = built("a.v.pica", ".out p position\n.proc main\n.end\n");
        Dvlb bin = DvlbReader.read(r.shbin());
        assertEquals(0, bin.program().code().length);
        assertEquals(List.of(0, 0), List.of(bin.shaders().get(0).mainAddr(), bin.shaders().get(0).endAddr()));
        // after other code an empty .proc still gets its NOP
        r = built("b.v.pica", ".out p position\n.proc f\n\tnop\n.end\n.proc g\n.end\n.proc main\n\tmov p, v0\n\tend\n.end\n");
        assertEquals("84000000 84000000 4c000000 88000000", words(r));
    }

    @Test
    void anOutputRegisterAsAnInputAndAnInputRegisterAsAnOutputAreTheirNumbers() throws Exception {
        // dir_in and dir_out keep parseReg's number and check only its range
        Run r = built("a.v.pica", ".in name o2\n.out p position v2\n.proc main\n\tmov p, name\n\tend\n.end\n");
        assertEquals("4c402000 88000000", words(r));
        Dvle d = DvlbReader.read(r.shbin()).shaders().get(0);
        assertEquals(0x0004, d.inputMask());
        assertEquals(0x0004, d.outputMask());
        assertTrue(r.err().contains("a.v.pica:1:10: warning: 'o2' is output register o2: picasso takes its number, so the input is v2 [-Wpicasso-misread]"), r.err());
        assertTrue(r.err().contains("a.v.pica:2:17: warning: 'v2' is input register v2: picasso takes its number, so the output is o2 [-Wpicasso-misread]"), r.err());
        // still an error where picasso has one: r0 is register 0x10, beyond the outputs
        assertEquals(1, picasso("b.v.pica", ".out p position r0\n.proc main\n\tend\n.end\n").code());
        // and v15, which picasso's parseReg rejects as an input (its bound is off by one), is no output o15
        Run v15 = picasso("c.v.pica", ".out p position v15\n.proc main\n\tend\n.end\n");
        assertEquals(1, v15.code());
        assertTrue(v15.err().contains("c.v.pica:1:17: error: 'v15' is not an output register") && !v15.err().contains("picasso takes its number"), v15.err());
    }

    @Test
    void anUnknownSetemitFlagIsIgnoredAsPicassoIgnoresIt() throws Exception {
        // parseSetEmitFlags reports the flag but returns 0: picasso exits 0 and writes the word without it
        Run r = built("a.g.pica", ".gsh point c0\n.out p position\n.proc main\n\tsetemit 0, wide prim\n\temit\n\tend\n.end\n");
        assertEquals("ac800000 a8000000 88000000", words(r)); // setemit 0 with prim (bit 23) alone
        assertTrue(r.err().contains("a.g.pica:4:13: warning: unknown setemit flag 'wide' (prim, inv): picasso ignores it [-Wpicasso-misread]"), r.err());
    }

    @Test
    void theHeaderRepeatsAUniformDeclaredInTwoFiles() throws Exception {
        // picasso's global uniform table gains an entry per declaration, and -h writes one set of lines per entry
        Run r = built("a.v.pica", ".fvec shared, only_a[2]\n.bool flags[3]\n.out p position\n.proc main\n\tmov p, shared\n\tend\n.end\n",
                "b.v.pica", ".entry mainB\n.ivec loops\n.fvec shared\n.bool flags[3], one\n.fvec _hid\n.out p position\n.proc mainB\n\tmov p, shared\n\tend\n.end\n");
        assertEquals("""
                // Generated by picasso
                #pragma once
                #define VSH_FVEC_shared 0x00
                #define VSH_ULEN_shared 1
                #define VSH_FVEC_only_a 0x01
                #define VSH_ULEN_only_a 2
                #define VSH_FLAG_flags(_n) BIT(0+(_n))
                #define VSH_ULEN_flags 3
                #define VSH_IVEC_loops 0x00
                #define VSH_ULEN_loops 1
                #define VSH_FVEC_shared 0x00
                #define VSH_ULEN_shared 1
                #define VSH_FLAG_flags(_n) BIT(0+(_n))
                #define VSH_ULEN_flags 3
                #define VSH_FLAG_one BIT(3)
                #define VSH_ULEN_one 1
                """, r.header());
    }

    @Test
    void aDestinationMaskOutOfOrderIsSaidToWriteItsLanesInPlace() throws Exception {
        // maskFromSwizzling warns "arbitrary swizzling has no effect for destination mask": .yx writes x and y
        Run lenient = built("a.v.pica", ".out p position\n.proc main\n\tmov r0.yx, v0\n\tmov r1.xyzx, v0\n\tmov p, r0\n\tend\n.end\n");
        Run plain = built("b.v.pica", ".out p position\n.proc main\n\tmov r0.xy, v0\n\tmov r1.xyz, v0\n\tmov p, r0\n\tend\n.end\n");
        assertEquals(words(plain), words(lenient));
        assertTrue(lenient.err().contains("a.v.pica:3:6: warning: 'r0.yx': a destination mask is a set of lanes, so its order says nothing: mov writes .xy in place [-Wpicasso-misread]"), lenient.err());
        assertTrue(lenient.err().contains("a.v.pica:4:6: warning: 'r1.xyzx': a destination mask is a set of lanes, so its order says nothing: mov writes .xyz in place"), lenient.err());
        assertTrue(!plain.err().contains("picasso-misread"), plain.err());
    }

    @Test
    void aCommaAfterTheLastArgumentIsNothing() throws Exception {
        // picasso's nextArg finds no further argument after a trailing comma: the same bytes as without it
        String lenient = ".fvec u,\n.constf k(1, 2, 3, 4,)\n.out p position\n.proc main\n\tmova a0.y, -r8,\n\tnop\n\tmul p, k, v0,\n\tifc cmp.x,\n\t\tmov p, v0\n\t.end\n\tend\n.end\n";
        Run a = built("a.v.pica", lenient), b = built("b.v.pica", lenient.replace(",\n", "\n").replace(",)", ")"));
        assertEquals("48018000 84000000 2007f001 a3801400 4c000001 88000000", words(a)); // picasso 2.7.2's words for both texts
        assertEquals(words(b), words(a));
    }

    @Test
    void aCommaAfterANameOnALinePicassoSplitsAtBlanksIsAnError() throws Exception {
        // .in, .out, .setb, .entry and .gsh read blank-separated words (nextArgSpc): a trailing comma
        // stays in the last word, which picasso 2.7.2 rejects when it is a name or keyword...
        String body = ".proc main\n\tmov p, v0\n\tend\n.end\n";
        String[][] rejected = {
            {".in x,\n.out p position\n" + body, "a.v.pica:1:5: error: 'x,' is read whole as the input name: picasso splits .in at blanks, so the comma is part of the word"},
            {".out p position,\n" + body, "a.v.pica:1:8: error: 'position,' is read whole as the output semantic"},
            {".entry main,\n.out p position\n" + body, "a.v.pica:1:8: error: 'main,' is read whole as the entry procedure name"},
            {".bool b\n.setb b 1,\n.out p position\n" + body, "a.v.pica:2:9: error: '1,' is read whole as the value"},
        };
        for (String[] c : rejected) {
            Run r = picasso("a.v.pica", c[0]);
            assertEquals(1, r.code(), c[0]);
            assertTrue(r.err().contains(c[1]), r.err());
        }
        // ...and picasso's parseReg reads a register before it: the same words as without the comma
        String lenient = ".alias a v1,\n.in x v2,\n.out p position o1,\n.proc main\n\tmov p, a\n\tmov r0, x\n\tend\n.end\n";
        assertEquals(words(built("b.v.pica", lenient.replace(",\n", "\n"))), words(built("b.v.pica", lenient)));
    }
}
