package dev.pica.asm.picasso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.asm.ReaderTexts;
import dev.pica.format.diag.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The hand-written reader against the grammar's parser: where the grammar accepts a file, the
 * reader reads it (it never falls back on a good file, text outside the BMP aside, which no
 * source read as ISO-8859-1 holds) into the same records with the same warnings; where the
 * grammar reports a syntax error, the reader gives the file up.
 */
class PicassoLineReaderTest {
    /** Whether the reader read {@code text}; fails where it differs from the grammar's parser. */
    private static boolean assertSameAsGrammar(String text) {
        SourceFile file = SourceFile.ofString("t.v.pica", text);
        Diagnostics byGrammar = new Diagnostics();
        List<PicassoLine> expected = PicassoParser.parseWithGrammar(file, byGrammar);
        boolean syntaxError = false;
        for (Diagnostic d : byGrammar.list()) syntaxError |= d.problem() == Problem.SYNTAX;
        String t = file.text().endsWith("\n") ? file.text() : file.text() + "\n";
        List<PicassoLine> byHand = PicassoLineReader.read(t, LineMarkers.holding(file, new Diagnostics()));
        String shown = text.replace("\n", "\\n");
        if (syntaxError) {
            assertEquals(null, byHand, () -> "read by hand, a syntax error to the grammar: " + shown);
            return false;
        }
        if (byGrammar.list().stream().anyMatch(d -> d.problem() == Problem.PROGRAM_SIZE)) return false;
        assertNotNull(byHand, () -> "the grammar reads it, the reader gave it up: " + shown);
        Diagnostics viaParse = new Diagnostics();
        assertEquals(expected, PicassoParser.parse(file, viaParse), () -> "records differ: " + shown);
        assertEquals(byGrammar.list(), viaParse.list(), () -> "diagnostics differ: " + shown);
        return true;
    }

    @Test
    void edgeCases() {
        String[] accepted = {
            "", "\n", "; only a comment", "label:\n", "a: b: .proc main\n", ".fvec u[4], v\n", "mov r0.xyz, -c1[a0.x+2].xyzw ; c\n",
            ".constf k(1.0, - 2.5e+3, 8.0/512.0,)\n", ".constf k()\n", "k(1)\n", "x (1, 2)\n", ".out - dummy o1\n", ".out -\tdummy\n",
            "mova a0.x, r1,\n", "ifc cmp.x && !cmp.y\n", "ifu !!bA | b1 || b2 & b3\n", "mov r0, c[aL]\n", "mov r0, c[aL+1]\n",
            "mov r0, c[a0.y + -2]\n", "mov r0, c[4]\n", "mov r0, c[-4]\n", "mov r0, k[]\n", ".gsh fixed c48 c0 4\n", "setemit 0, prim inv\n",
            "# 12 \"a.v.pica\"\nmov r0, r1\n", "# 3\nend\n", "#include \"x\"\nend\n", "# x\nend\n", "  # 7 b.v.pica\n\nend\n", "end", "end\r\n",
            "mov r0, +1.5\n", "mov r0, -1\n", ".constf k(1.0 2.0 @ x, 3)\n", "$a: mov $r, r0.5\n", "a (b(1, 2)\n",
        };
        for (String s : accepted) assertTrue(assertSameAsGrammar(s), s);
        String[] rejected = {
            "mov , r0\n", "mov r0,,\n", ".end,\n", "mov r0 # x\n", "a: :\n", ".\n", "mov -(1)\n", "mov r0, c[aL-1]\n", "mov r0, c[1+aL]\n",
            "mov r0, c[aL\n", "mov r0.\n", ".constf k(1,,2)\n", ".constf k(,)\n", ".constf k(1\n", "+x\n", "a: # 1\n", "# 1 x y\nmov ) r0\n",
            "mov r0, r1]\n", "@\n", "\u00e9\n", ".constf k(1.0 2.0 # x, 3)\n", "a (b(1), 2)\n",
        };
        for (String s : rejected) assertTrue(!assertSameAsGrammar(s), s);
    }

    /** Every picasso-dialect source the repository holds, and every other source (which the grammar mostly rejects). */
    @Test
    void repositorySources() throws IOException {
        int read = 0, pica = 0;
        for (Path p : ReaderTexts.repositorySources()) {
            boolean isPica = p.toString().endsWith(".pica");
            pica += isPica ? 1 : 0;
            if (assertSameAsGrammar(new String(Files.readAllBytes(p), java.nio.charset.StandardCharsets.ISO_8859_1)) && isPica) read++;
        }
        assertTrue(pica > 20 && read > pica / 2, "read by hand " + read + " of " + pica + " .pica files");
    }

    /** A random line of the grammar's shapes (labels, directives, instructions, operands with indices and swizzles, tuples, numbers, logic). */
    private static final class GrammarLines extends ReaderTexts.RandomText {
        GrammarLines(Random rnd) {
            super(rnd);
        }

        private void ident() {
            b.append(pick("r0", "r15", "c1", "v0", "o3", "aL", "a0", "b2", "i1", "uMat", "k", "$x", "_h", "main", "cmp", "x", "xyzw"));
        }

        private void number() {
            b.append(pick("1", "0", "1.5", ".5", "1e+3", "2E-1", "0x1F", "3abc", "010", "4.", "8.0/512.0"));
        }

        private void index() {
            switch (rnd.nextInt(6)) {
                case 0 -> number();
                case 1 -> { b.append('-'); number(); }
                case 2 -> ident();
                case 3 -> { ident(); b.append('.'); ident(); }
                default -> {
                    ident();
                    if (rnd.nextBoolean()) { b.append('.'); ident(); }
                    gap(); b.append('+'); gap();
                    if (rnd.nextInt(4) == 0) b.append('-');
                    number();
                }
            }
        }

        private void operand() {
            if (rnd.nextInt(4) == 0) b.append('-');
            for (int k = rnd.nextInt(5) == 0 ? 1 + rnd.nextInt(2) : 0; k > 0; k--) b.append('!');
            ident();
            if (rnd.nextInt(3) == 0) {
                b.append('[');
                gap();
                if (rnd.nextInt(6) > 0) index();
                gap();
                b.append(']');
            }
            if (rnd.nextInt(3) == 0) { b.append('.'); ident(); }
        }

        private void value() {
            int n = 1 + rnd.nextInt(3);
            for (int k = 0; k < n; k++) {
                if (k > 0) b.append(pick(" ", "", "\t"));
                b.append(pick("1.0", "-", "- 2.5", "+1e+3", "x", "@", "(", "8.0/512.0", "-0", "k.y", "!"));
            }
        }

        private void tuple() {
            if (rnd.nextBoolean()) ident();
            gap();
            b.append('(');
            int n = rnd.nextInt(5);
            for (int k = 0; k < n; k++) {
                if (k > 0) { gap(); b.append(','); gap(); }
                value();
            }
            if (n > 0 && rnd.nextInt(4) == 0) b.append(',');
            gap();
            b.append(')');
        }

        private void term() {
            switch (rnd.nextInt(8)) {
                case 0 -> b.append(pick("- ", "-\t", "-  "));
                case 1 -> tuple();
                case 2 -> { b.append(pick("", "-", "+")); number(); }
                case 3 -> b.append(pick("&&", "&", "||", "|"));
                default -> operand();
            }
        }

        private void statement() {
            if (rnd.nextInt(3) == 0) b.append('.');
            b.append(pick("mov", "dp4", "mad", "ifc", "setemit", "constf", "fvec", "out", "in", "alias", "proc", "end", "gsh", "entry"));
            int args = rnd.nextInt(4);
            for (int a = 0; a < args; a++) {
                if (a > 0) { gap(); b.append(','); }
                b.append(' ');
                gap();
                int terms = rnd.nextInt(4) == 0 ? 2 + rnd.nextInt(2) : 1;
                for (int t = 0; t < terms; t++) {
                    if (t > 0) b.append(pick(" ", "\t"));
                    term();
                }
            }
            if (args > 0 && rnd.nextInt(6) == 0) b.append(',');
        }

        String file() {
            b.setLength(0);
            int lines = 1 + rnd.nextInt(4);
            for (int l = 0; l < lines; l++) {
                gap();
                if (rnd.nextInt(10) == 0) {
                    b.append(pick("# 7 \"f.v.pica\"", "# 3", "#include \"x\"", "# x"));
                } else {
                    for (int k = rnd.nextInt(5) == 0 ? 1 + rnd.nextInt(2) : 0; k > 0; k--) { ident(); gap(); b.append(':'); gap(); }
                    if (rnd.nextInt(8) > 0) statement();
                    gap();
                    if (rnd.nextInt(5) == 0) b.append(pick("; c", ";", "; #pragma x"));
                }
                b.append(rnd.nextInt(8) == 0 ? "\r\n" : "\n");
            }
            breakOne(",", "(", ")", "[", "]", ".", "-", ":", "#", "+", " ");
            return b.toString();
        }
    }

    /** Files of lines built from the grammar's shapes, a quarter of them broken by one character. */
    @Test
    void grammarShapedLines() {
        GrammarLines g = new GrammarLines(new Random(36));
        int read = 0, runs = 30_000, indexed = 0, tuples = 0, dashes = 0;
        for (int k = 0; k < runs; k++) {
            String text = g.file();
            if (!assertSameAsGrammar(text)) continue;
            read++;
            if (text.matches("(?s).*\\[[^\\]]*\\+[^\\]]*\\].*")) indexed++;
            if (text.matches("(?s).*\\([^)\\n]*,[^)\\n]*\\).*")) tuples++;
            if (text.matches("(?s).*- .*")) dashes++;
        }
        assertTrue(read > runs / 5 && read < runs - runs / 20, "read by hand " + read + " of " + runs);
        assertTrue(indexed > 300 && tuples > 300 && dashes > 300, "accepted shapes: [reg+n] " + indexed + ", tuples of several values " + tuples + ", dashes " + dashes);
    }

    /** Lines made of the pieces the grammar cares about, in random order: half of them or so are accepted. */
    @Test
    void generatedLines() {
        String[] pieces = {
            "mov", " r0", ".xyz", ".x", "c1", "[", "]", "aL", "a0", "+", "-", "- ", "1.0", "2", ".5", "1e+3", "(", ")", ",", ", ", ":", ".",
            ".constf", ".proc", "main", "#", "# 4 \"f\"", "; c", "!", "&&", "&", "||", "|", "\n", " ", "\t", "$x", "k", "\r", "@",
        };
        Random rnd = new Random(40);
        int read = 0, runs = 30_000;
        for (int k = 0; k < runs; k++) {
            StringBuilder sb = new StringBuilder();
            int lines = 1 + rnd.nextInt(3);
            for (int l = 0; l < lines; l++) {
                // mostly statement-shaped: a name, then arguments
                if (rnd.nextInt(4) > 0) sb.append(rnd.nextBoolean() ? "mov " : ".constf k");
                int len = rnd.nextInt(8);
                for (int i = 0; i < len; i++) sb.append(pieces[rnd.nextInt(pieces.length)]);
                sb.append('\n');
            }
            if (assertSameAsGrammar(sb.toString())) read++;
        }
        assertTrue(read > runs / 20 && read < runs - runs / 20, "read by hand " + read + " of " + runs);
    }
}
