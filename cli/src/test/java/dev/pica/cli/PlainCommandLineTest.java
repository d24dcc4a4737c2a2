package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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

/**
 * {@code picasm FILE -o OUT} and a batch's {@code --output-dir DIR FILE...} (with picalink's
 * {@code --each}) are read without picocli (8% of a cold run's CPU); they must do exactly what the
 * same command line does through picocli. A trailing {@code --} sends the same command
 * through picocli, so each case runs both ways and compares exit status, both streams and bytes.
 */
class PlainCommandLineTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err, byte[] object) {}

    private Run picasm(Path object, String... args) throws Exception {
        Files.deleteIfExists(object);
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = Picasm.run(new PrintStream(o, true), new PrintStream(e, true), args);
        return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8),
                Files.isRegularFile(object) ? Files.readAllBytes(object) : null);
    }

    private void sameBothWays(String source, String file, boolean outputFirst) throws Exception {
        Path src = dir.resolve(file);
        if (source != null) Files.writeString(src, source);
        Path object = dir.resolve("out.o");
        String[] plain = outputFirst ? new String[] {"-o", object.toString(), src.toString()} : new String[] {src.toString(), "-o", object.toString()};
        String[] parsed = outputFirst ? new String[] {"-o", object.toString(), "--", src.toString()} : new String[] {src.toString(), "-o", object.toString(), "--"};
        assertTrue(new Picasm().readPlain(plain), "the plain reading takes " + String.join(" ", plain));
        assertFalse(new Picasm().readPlain(parsed));
        Run a = picasm(object, plain), b = picasm(object, parsed);
        assertEquals(b.code(), a.code(), a.err());
        assertEquals(b.out(), a.out());
        assertEquals(b.err(), a.err());
        assertArrayEquals(b.object(), a.object());
    }

    @Test
    void aCleanSourceIsTheSameObject() throws Exception {
        String ok = "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    end\nendmain:\n";
        sameBothWays(ok, "ok.vsh", false);
        sameBothWays(ok, "ok.vsh", true);
        sameBothWays(".out outpos position\n.proc main\n    mov outpos, v0\n    end\n.end\n", "ok.v.pica", false);
    }

    @Test
    void errorsWarningsAndMissingFilesSayTheSame() throws Exception {
        sameBothWays("main:\n    movv o0, v0\n    end\nendmain:\n", "bad.vsh", false);
        // a verifier hazard: r0 read before any write reaches an output
        sameBothWays("#pragma output_map(position, o0)\nmain:\n    mov o0, r0\n    end\nendmain:\n", "warn.vsh", false);
        sameBothWays(null, "missing.vsh", false);
    }

    @Test
    void onlyThePlainShapesSkipTheParse() {
        assertFalse(new Picasm().readPlain(new String[] {"a.vsh"}));
        assertFalse(new Picasm().readPlain(new String[] {"a.vsh", "-o", "-"}), "standard output");
        assertFalse(new Picasm().readPlain(new String[] {"-", "-o", "a.o"}), "standard input");
        assertFalse(new Picasm().readPlain(new String[] {"@args", "-o", "a.o"}), "an argument file");
        assertFalse(new Picasm().readPlain(new String[] {"a.vsh", "-O", "a.o"}));
        assertFalse(new Picasm().readPlain(new String[] {"a.vsh", "-w", "a.o"}));
        assertFalse(new Picasm().readPlain(new String[] {"a.vsh", "b.vsh", "a.o"}));
        assertFalse(new Picasm().readPlain(new String[] {"a\0.vsh", "-o", "a.o"}), "not a path");
        assertFalse(new Tool("x") {
            @Override
            void read(picocli.CommandLine.ParseResult parsed) {}

            @Override
            int call() {
                return 0;
            }
        }.readPlain(new String[] {"a.vsh", "-o", "a.o"}), "other tools parse every command line");
    }

    /** Exit status, both streams, and every file the run left in {@code out}, name and bytes. */
    private String batch(boolean picalink, Path out, String... args) throws Exception {
        if (Files.isDirectory(out)) {
            try (var files = Files.list(out)) {
                for (Path f : files.toList()) Files.delete(f);
            }
        }
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        PrintStream po = new PrintStream(o, true), pe = new PrintStream(e, true);
        int code = picalink ? Picalink.run(po, pe, args) : Picasm.run(po, pe, args);
        StringBuilder b = new StringBuilder("exit " + code + "\nout " + o.toString(StandardCharsets.UTF_8) + "\nerr " + e.toString(StandardCharsets.UTF_8));
        if (Files.isDirectory(out)) {
            try (var files = Files.list(out)) {
                for (Path f : files.sorted().toList()) b.append('\n').append(f.getFileName()).append(' ').append(java.util.HexFormat.of().formatHex(Files.readAllBytes(f)));
            }
        }
        return b.toString();
    }

    /** A batch's command line read plainly, and the same through picocli (a trailing "--"), give the same run. */
    private void batchBothWays(boolean picalink, String... args) throws Exception {
        Path out = dir.resolve("out");
        String[] parsed = java.util.Arrays.copyOf(args, args.length + 1);
        parsed[args.length] = "--";
        assertTrue(picalink ? new Picalink().readPlain(args) : new Picasm().readPlain(args), "the plain reading takes " + String.join(" ", args));
        assertFalse(picalink ? new Picalink().readPlain(parsed) : new Picasm().readPlain(parsed));
        assertEquals(batch(picalink, out, parsed), batch(picalink, out, args));
    }

    @Test
    void aBatchIsTheSameRun() throws Exception {
        Files.writeString(dir.resolve("a.v.pica"), ".out outpos position\n.proc main\n    mov outpos, v0\n    end\n.end\n");
        Files.writeString(dir.resolve("b.v.pica"), ".out outpos position\n.proc main\n    mov outpos, r0\n    end\n.end\n"); // a hazard: a warning
        Files.writeString(dir.resolve("b.g.pica"), ".gsh point c0\n.out p position\n.proc main\n    setemit 0, prim\n    emit\n    end\n.end\n");
        Files.writeString(dir.resolve("bad.v.pica"), ".proc main\n    movv r0, r1\n.end\n");
        Files.writeString(dir.resolve("k.vsh"), "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    end\nendmain:\n");
        Files.writeString(dir.resolve("lib.vsh"), "sub:\n    mov r1, v1\n    ret\n");
        String a = dir.resolve("a.v.pica").toString(), b = dir.resolve("b.v.pica").toString(), g = dir.resolve("b.g.pica").toString();
        String bad = dir.resolve("bad.v.pica").toString(), k = dir.resolve("k.vsh").toString(), out = dir.resolve("out").toString();
        batchBothWays(true, "--each", "--output-dir", out, a, b, g);
        // a.v.pica builds; b.v.pica and b.g.pica are one unit that defines main twice
        assertTrue(Files.isRegularFile(dir.resolve("out/a.shbin")) && !Files.exists(dir.resolve("out/b.shbin")), "the batch built its units");
        batchBothWays(true, a, "--output-dir", out, "--each", b, bad);
        batchBothWays(true, "--output-dir", out, k, "--each", dir.resolve("missing.v.pica").toString());
        batchBothWays(false, "--output-dir", out, k, dir.resolve("lib.vsh").toString());
        batchBothWays(false, k, a, "--output-dir", out);
        batchBothWays(false, "--output-dir", out, k, k);
    }

    /** -Dpicocli.trimQuotes: picocli unquotes "a.vsh", so every command line goes through it. */
    @Test
    void quotedOperandsAreUnquotedWhenPicocliIsAskedTo() throws Exception {
        Files.writeString(dir.resolve("q.vsh"), "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    end\nendmain:\n");
        System.setProperty("picocli.trimQuotes", "");
        try {
            Run r = picasm(dir.resolve("q.o"), "\"" + dir.resolve("q.vsh") + "\"", "-o", dir.resolve("q.o").toString());
            assertEquals(0, r.code(), r.err());
            assertTrue(r.object() != null);
            assertEquals("exit 0\nout \nerr ", batch(true, dir.resolve("out"), "--each", "--output-dir", dir.resolve("out").toString(), "\"" + dir.resolve("q.vsh") + "\"").lines().limit(3).reduce((x, y) -> x + "\n" + y).orElseThrow());
        } finally {
            System.clearProperty("picocli.trimQuotes");
        }
    }

    @Test
    void onlyThePlainBatchesSkipTheParse() {
        assertFalse(new Picalink().readPlain(new String[] {"--output-dir", "d", "a.v.pica"}), "picalink without --each");
        assertFalse(new Picalink().readPlain(new String[] {"--each", "a.v.pica"}), "no --output-dir");
        assertFalse(new Picalink().readPlain(new String[] {"--each", "--output-dir", "d"}), "no operand");
        assertFalse(new Picalink().readPlain(new String[] {"--each", "--each", "--output-dir", "d", "a.v.pica"}), "--each twice");
        assertFalse(new Picalink().readPlain(new String[] {"--each", "--output-dir", "d", "--output-dir", "e", "a.v.pica"}), "--output-dir twice");
        assertFalse(new Picalink().readPlain(new String[] {"--each", "--output-dir=d", "a.v.pica"}), "an attached value");
        assertFalse(new Picalink().readPlain(new String[] {"--each", "--output-dir", "d", "-j", "2", "a.v.pica"}));
        assertFalse(new Picalink().readPlain(new String[] {"--each", "--output-dir", "-", "a.v.pica"}));
        assertFalse(new Picalink().readPlain(new String[] {"--each", "--output-dir", "d", "@list"}), "an argument file");
        assertFalse(new Picalink().readPlain(new String[] {"--each", "--output-dir", "d", "a\0.v.pica"}), "not a path");
        assertFalse(new Picasm().readPlain(new String[] {"--each", "--output-dir", "d", "a.vsh"}), "picasm has no --each");
        assertFalse(new Picasm().readPlain(new String[] {"--output-dir", "d", "a.vsh", "-o", "x.o"}));
        assertTrue(new Picalink().readPlain(new String[] {"a.v.pica", "--output-dir", "d", "--each", "b.v.pica"}));
        assertTrue(new Picasm().readPlain(new String[] {"a.vsh", "--output-dir", "d"}));
    }

    @Test
    void anOutputOverItsInputIsRefusedAlike() throws Exception {
        Path src = dir.resolve("same.vsh");
        Files.writeString(src, "main:\n    end\nendmain:\n");
        ByteArrayOutputStream e1 = new ByteArrayOutputStream(), e2 = new ByteArrayOutputStream();
        int plain = Picasm.run(new PrintStream(new ByteArrayOutputStream()), new PrintStream(e1, true), src.toString(), "-o", src.toString());
        int parsed = Picasm.run(new PrintStream(new ByteArrayOutputStream()), new PrintStream(e2, true), src.toString(), "-o", src.toString(), "--");
        assertEquals(parsed, plain);
        assertEquals(e2.toString(StandardCharsets.UTF_8), e1.toString(StandardCharsets.UTF_8));
        assertEquals("main:\n    end\nendmain:\n", Files.readString(src));
    }
}
