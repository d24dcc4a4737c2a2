package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35 item 11: a source far beyond any program (here 600,000 instructions, 8.4 MB) stops at
 * the first instruction past the 4,096 words a program holds, with one error naming the limit, in
 * a JVM whose heap (48 MB) is far smaller than what parsing all of it takes; no stack trace, no output.
 */
class HugeSourceTest {
    @TempDir
    Path dir;

    private static final int LINES = 600_000;

    private Path write(String name, String head, String line, String tail) throws Exception {
        return write(name, head, line, tail, LINES);
    }

    private Path write(String name, String head, String line, String tail, int lines) throws Exception {
        Path p = dir.resolve(name);
        try (BufferedWriter w = Files.newBufferedWriter(p, StandardCharsets.US_ASCII)) {
            w.write(head);
            for (int k = 0; k < lines; k++) w.write(line);
            w.write(tail);
        }
        return p;
    }

    private String run(String main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx48m",
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "dev.pica.cli." + main));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished");
        assertEquals(1, p.exitValue(), err);
        return err;
    }

    private static final String ERROR = ":4099:5: error: more than 4,096 instructions: a shader program holds at most 4,096 words,"
            + " so the rest of the source is not read\n    mov r0, v0\n    ^\n";

    @Test
    void aSourceBeyondAnyProgramStopsWithOneErrorInBoundedMemory() throws Exception {
        write("big.vsh", "#pragma output_map(position, o0)\nmain:\n", "    mov r0, v0\n", "    mov o0, r0\n    end\nendmain:\n");
        assertEquals("big.vsh" + ERROR, run("Picasm", "big.vsh", "-o", "big.o"));
        write("big.v.pica", ".out o position\n.proc main\n", "    mov r0, v0\n", "    mov o, r0\n    end\n.end\n");
        assertEquals("big.v.pica" + ERROR, run("Picasm", "big.v.pica", "-o", "big.o"));
        assertEquals("big.v.pica" + ERROR, run("Picasso", "-o", "big.shbin", "big.v.pica"));
        assertFalse(Files.exists(dir.resolve("big.o")) || Files.exists(dir.resolve("big.shbin")));
    }

    /**
     * A source that does not fit in the heap at all (42 MB, read whole: about twice that in memory,
     * in 48 MB) is one error saying so and how to give the JVM more, not an OutOfMemoryError with
     * a stack trace (exit 3, "internal error" before); in a SARIF log too, as the run's notification
     * (a batch's unit names its input: aBatchUnitBeyondTheHeapIsThatUnitsErrorAndTheOthersBuild).
     */
    @Test
    void aSourceBeyondTheHeapIsOneErrorNotACrash() throws Exception {
        write("huge.vsh", "main:\n", "    mov r0, v0\n", "    end\nendmain:\n", 3_000_000);
        String err = run("Picasm", "huge.vsh", "-o", "huge.o");
        assertTrue(err.matches("picasm: error: out of memory: the inputs need more than the \\d+ MiB the Java heap may use \\(a source is read whole,"
                + " about twice its size\\); give it more, as PICA_JAVA_OPTS=-Xmx1g picasm \\.\\.\\.\n"), err);
        String sarif = run("Picasm", "huge.vsh", "-o", "huge.o", "-fdiagnostics-format=sarif");
        assertTrue(sarif.contains("\"id\": \"out-of-memory\"") && sarif.contains("\"executionSuccessful\": false") && sarif.contains("\"results\": []"), sarif);
        assertFalse(Files.exists(dir.resolve("huge.o")));
    }

    /**
     * In a batch the unit that runs out of memory (on a pool thread) is that unit's error, filed
     * under its input, and the other units still build and are reported in input order: picasm's
     * batch and picalink --each's picasso units. Before: the OutOfMemoryError came back through the
     * pool as "internal error (please report)" with a stack trace, exit 3, the other units' output lost.
     */
    @Test
    void aBatchUnitBeyondTheHeapIsThatUnitsErrorAndTheOthersBuild() throws Exception {
        write("huge.vsh", "main:\n", "    mov r0, v0\n", "    end\nendmain:\n", 3_000_000);
        Files.writeString(dir.resolve("warn.vsh"), "#pragma output_map(position, o0)\n#pragma frob\nmain:\n    mov o0, v0\n    end\nendmain:\n");
        Files.writeString(dir.resolve("good.vsh"), "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    end\nendmain:\n");
        String oom = "error: out of memory: the inputs need more than the \\d+ MiB the Java heap may use \\(a source is read whole,"
                + " about twice its size\\); give it more, as PICA_JAVA_OPTS=-Xmx1g ";
        // -j 1: one pool thread, so that the small units do not share the heap with the huge one
        String err = run("Picasm", "-j", "1", "warn.vsh", "huge.vsh", "good.vsh", "--output-dir", "out");
        assertTrue(err.matches("(?s)warn\\.vsh:2:.*unknown pragma 'frob'.*\n(?-s)huge\\.vsh: " + oom + "picasm \\.\\.\\.\n"), err);
        assertTrue(Files.exists(dir.resolve("out/warn.obj")) && Files.exists(dir.resolve("out/good.obj")) && !Files.exists(dir.resolve("out/huge.obj")));
        String sarif = run("Picasm", "-j", "1", "warn.vsh", "huge.vsh", "good.vsh", "--output-dir", "out2", "-fdiagnostics-format=sarif");
        assertTrue(sarif.contains("\"ruleId\": \"unknown-pragmas\"") && sarif.contains("\"ruleId\": \"out-of-memory\"") && sarif.contains("\"uri\": \"huge.vsh\""), sarif);

        write("huge.v.pica", ".out o position\n.proc main\n", "    mov r0, v0\n", "    mov o, r0\n    end\n.end\n", 3_000_000);
        Files.writeString(dir.resolve("good.v.pica"), ".out o position\n.proc main\n    mov o, v0\n    end\n.end\n");
        String each = run("Picalink", "-j", "1", "--each", "good.v.pica", "huge.v.pica", "--output-dir", "bin");
        assertTrue(each.matches("huge\\.v\\.pica: " + oom + "picalink \\.\\.\\.\n"), each);
        assertTrue(Files.exists(dir.resolve("bin/good.shbin")) && !Files.exists(dir.resolve("bin/huge.shbin")));
    }
}
