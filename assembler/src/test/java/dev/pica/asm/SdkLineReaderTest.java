package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.asm.ir.Statement;
import dev.pica.asm.pp.ColumnMap;
import dev.pica.asm.pp.PreprocessedSource;
import dev.pica.asm.pp.Preprocessor;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The hand-written reader of SDK-dialect text against the grammar's parser: where the grammar
 * accepts the preprocessed text and reports nothing, the reader reads it (text outside the BMP
 * aside) into the same statements; where the grammar's parser reports anything (a syntax error,
 * a wrong index), the reader gives the text up and reports nothing.
 */
class SdkLineReaderTest {
    /** Whether the reader read {@code src}; fails where it differs from the grammar's parser. */
    private static boolean assertSameAsGrammar(PreprocessedSource src) {
        if (src.lines().isEmpty()) return false;
        String text = src.text();
        Diagnostics byGrammar = new Diagnostics();
        List<Statement> expected = SourceParser.parseWithGrammar(src, byGrammar);
        List<Statement> byHand = SdkLineReader.read(src, text);
        String shown = text.replace("\n", "\\n");
        if (!byGrammar.list().isEmpty()) {
            assertNull(byHand, () -> "read by hand, reported by the grammar's parser (" + byGrammar.list().get(0).message() + "): " + shown);
            return false;
        }
        if (text.codePoints().count() != text.length()) return false;
        assertNotNull(byHand, () -> "the grammar reads it, the reader gave it up: " + shown);
        assertEquals(expected, byHand, () -> "statements differ: " + shown);
        Diagnostics viaParse = new Diagnostics();
        assertEquals(expected, SourceParser.parse(src, viaParse), () -> "parse differs: " + shown);
        assertTrue(viaParse.list().isEmpty());
        return true;
    }

    /** {@code text}'s lines as the preprocessor's output, unchanged, each character at its own column. */
    private static PreprocessedSource raw(String text) {
        SourceFile f = SourceFile.ofString("t.vsh", text);
        List<PreprocessedSource.Line> lines = new ArrayList<>();
        String[] split = text.split("\n", -1);
        int n = text.endsWith("\n") ? split.length - 1 : split.length;
        ColumnMap.Builder b = new ColumnMap.Builder();
        for (int k = 0; k < n; k++) lines.add(new PreprocessedSource.Line(split[k], f, null, k + 1, b.addRun(split[k].length(), k + 1, 1, 1).build()));
        return new PreprocessedSource(lines, List.of(), List.of());
    }

    private static PreprocessedSource preprocessed(SourceFile f) {
        return new Preprocessor(List.of(), List.of(), new Diagnostics()).run(f);
    }

    @Test
    void edgeCases() {
        String[] accepted = {
            "\n", "main:\n", "main: end\n", "mov r0, c1\n", "mov r0.xyz, -c1[a0.x+2].xyzw\n", "mov r0, c[aL]\n", "mov r0, c[aL + 1]\n",
            "mov r0, c[-4]\n", "mov r0, c[+4]\n", "mov r0, c[a0 . y - 2]\n", "mov r0, c[1+a0.x-1]\n", "mov r0, c[0x10]\n", "mov r0, c[4096]\n",
            "def c0, 1.0, -2.5e+3, .5, 0x3F8000\n", "defb b0, true\n", "jmpc !cmp.x, l\n", "mov r0, --+!r1\n", "mov r0, r1[2][3].x.y\n",
            "#pragma bind_symbol(uMat, c0, c3)\n", "#pragma output_map(position, o0.xyzw)\n", "#pragma foo\n", "#pragma foo()\n",
            "#  PRAGMA bar(a) b\n", "#pragma\n", "#pragma (x)\n", "#pragma foo(a,\n", "#pragma foo bar baz\n", "#pragma GCC diagnostic push\n",
            "#pragma foo(c[5000]) x\n", "a: #pragma output_map(color, o1)\n", "x\n", "end\r\n", "\t mov\f r0 ,\u000B c1 \n", "mov r0, 1.e\n",
        };
        for (String s : accepted) assertTrue(assertSameAsGrammar(raw(s)), s);
        String[] rejected = {
            "mov , r0\n", "mov r0,,\n", "mov r0, c1,\n", "a: :\n", "a: b:\n", "mov r0 r1\n", "mov r0, c[]\n", "mov r0, c[a0.]\n", "mov r0, c0.5\n",
            "mov r0, c[5000]\n", "mov r0, c[r1]\n", "mov r0, c[aL+a0.x]\n", "mov r0, c[-aL]\n", "mov r0, c[1-a0.x]\n", "mov r0, c[1x]\n",
            "#pragma foo(c[5000])\n", "#pragma foo(c[r1])\n", "@\n", "# x\n", "mov r0, c1 # x\n", "mov r0.\n", "mov r0, (1)\n", "1: end\n",
            "mov r0, c[1\n", "mov -\n", "mov r0, c\u00e9\n",
        };
        for (String s : rejected) assertTrue(!assertSameAsGrammar(raw(s)), s);
    }

    /** Every SDK-dialect source the repository holds after the preprocessor, and every other source read as one. */
    @Test
    void repositorySources() throws IOException {
        int read = 0, sdk = 0;
        for (Path p : ReaderTexts.repositorySources()) {
            boolean isSdk = p.toString().endsWith(".vsh") || p.toString().endsWith(".gsh");
            sdk += isSdk ? 1 : 0;
            SourceFile f = new SourceFile(p.toString(), p.getFileName().toString(), p, Files.readAllBytes(p));
            if (assertSameAsGrammar(preprocessed(f)) && isSdk) read++;
            assertSameAsGrammar(raw(new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).replace("\r", "")));
        }
        assertTrue(sdk > 20 && read > sdk / 2, "read by hand " + read + " of " + sdk + " SDK sources");
    }

    /** Random text of the grammar's shapes (labels, pragmas, instructions, operands with prefixes, indices and swizzles, numbers). */
    private static final class GrammarLines extends ReaderTexts.RandomText {
        GrammarLines(Random rnd) {
            super(rnd);
        }

        private void ident() {
            b.append(pick("r0", "r15", "c1", "v0", "o3", "aL", "a0", "b2", "i1", "uMat", "k", "_h", "main", "cmp", "x", "xyzw", "al", "A0"));
        }

        private void number() {
            b.append(pick("1", "0", "1.5", ".5", "1e+3", "2E-1", "0x1F", "3abc", "010", "4.", "4096", "4097", "99999999999"));
        }

        private void index() {
            if (rnd.nextInt(4) == 0) b.append(pick("+", "-"));
            int terms = 1 + rnd.nextInt(3);
            for (int t = 0; t < terms; t++) {
                if (t > 0) { gap(); b.append(pick("+", "-")); gap(); }
                switch (rnd.nextInt(4)) {
                    case 0, 1 -> number();
                    case 2 -> b.append(pick("a0.x", "a0.y", "aL", "a0 . x", "A0.X", "lcnt", "a0.z", "r1"));
                    default -> { ident(); if (rnd.nextBoolean()) { b.append('.'); ident(); } }
                }
            }
        }

        private void operand() {
            for (int k = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(3) : 0; k > 0; k--) { b.append(pick("-", "+", "!")); gap(); }
            if (rnd.nextInt(6) == 0) {
                number();
                return;
            }
            ident();
            for (int k = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(2) : 0; k > 0; k--) {
                gap();
                if (rnd.nextBoolean()) {
                    b.append('[');
                    gap();
                    if (rnd.nextInt(8) > 0) index();
                    gap();
                    b.append(']');
                } else {
                    b.append('.');
                    gap();
                    ident();
                }
            }
        }

        private void operands(int n) {
            for (int a = 0; a < n; a++) {
                if (a > 0) { gap(); b.append(','); }
                b.append(' ');
                gap();
                operand();
            }
        }

        private void pragma() {
            b.append(pick("#pragma", "# pragma", "#\tPragma", "#PRAGMA"));
            if (rnd.nextInt(6) == 0) return;
            b.append(' ');
            b.append(pick("bind_symbol", "output_map", "gs_fixed", "foo", "GCC", "1x"));
            gap();
            if (rnd.nextInt(4) > 0) {
                b.append('(');
                operands(rnd.nextInt(4));
                gap();
                if (rnd.nextInt(10) > 0) b.append(')');
            }
            if (rnd.nextInt(5) == 0) b.append(pick(" diagnostic push", " x", " (y)", ", z"));
        }

        String file() {
            b.setLength(0);
            int lines = 1 + rnd.nextInt(4);
            for (int l = 0; l < lines; l++) {
                gap();
                if (rnd.nextInt(5) == 0) { ident(); gap(); b.append(':'); gap(); }
                if (rnd.nextInt(6) == 0) {
                    pragma();
                } else if (rnd.nextInt(8) > 0) {
                    b.append(pick("mov", "dp4", "mad", "ifc", "call", "def", "defb", "m4x4", "end", "setemit", "loop"));
                    operands(rnd.nextInt(5));
                }
                gap();
                b.append('\n');
            }
            breakOne(",", "(", ")", "[", "]", ".", "-", ":", "#", "+", " ", "!", "@");
            return b.toString();
        }
    }

    /** Texts built from the grammar's shapes, a quarter of them broken by one character, read as they are and through the preprocessor. */
    @Test
    void grammarShapedLines() {
        GrammarLines g = new GrammarLines(new Random(48));
        int read = 0, runs = 30_000, indexed = 0, pragmas = 0;
        for (int k = 0; k < runs; k++) {
            String text = g.file();
            if (!text.endsWith("\n")) text += "\n";
            if (assertSameAsGrammar(raw(text))) {
                read++;
                if (text.matches("(?s).*\\[[^\\]\\n]*[+-][^\\]\\n]*\\].*")) indexed++;
                if (text.matches("(?s).*#\\s*(?i:pragma)\\s*\\w+\\s*\\([^)\\n]*,.*")) pragmas++;
            }
            if (k % 4 == 0) assertSameAsGrammar(preprocessed(SourceFile.ofString("g.vsh", text)));
        }
        assertTrue(read > runs / 5 && read < runs - runs / 20, "read by hand " + read + " of " + runs);
        assertTrue(indexed > 300 && pragmas > 300, "accepted shapes: indices with a sign " + indexed + ", pragmas with several arguments " + pragmas);
    }
}
