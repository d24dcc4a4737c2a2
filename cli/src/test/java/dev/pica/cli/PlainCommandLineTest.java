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
 * {@code picasm FILE -o OUT} is read without picocli (8% of a cold run's CPU); it must do exactly
 * what the same command line does through picocli. A trailing {@code --} sends the same command
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
