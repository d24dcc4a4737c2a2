package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The drop-in picasso against picasso 2.7.2's own outputs (src/test/resources/picasso-golden,
 * the corpus of ../shared/golden/picasso with its check script, which CI also runs on bin/picasso):
 * same exit status class, same .shbin and .h bytes; where picasso wrongly accepts an input, a
 * located error and no output. Rejected inputs are rejected on the line picasso names, except
 * where picasso names the end of the file (undefined procedure, unclosed block) and we name the
 * call or the .proc.
 */
class PicassoGoldenTest {
    @TempDir
    Path tmp;

    static Path corpus() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("cli/src/test/resources/picasso-golden"))) p = p.getParent();
        return p.resolve("cli/src/test/resources/picasso-golden");
    }

    /** Our first diagnostic line for each rejected case ("file:line:col: error: ..."). */
    private static final Map<String, String> FIRST_ERROR = Map.ofEntries(
            Map.entry("errors/bad-register", "main.v.pica:4:6: error: 'r16' is not a valid temporary register (r0-r15)"),
            Map.entry("errors/bad-swizzle", "main.v.pica:4:15: error: 'xyzq' mixes the xyzw and stpq alphabets"),
            Map.entry("errors/duplicate-proc", "main.v.pica:7:7: error: procedure 'main' is already defined"),
            Map.entry("errors/else-outside", "main.v.pica:4:2: error: .else without an open ifu or ifc"),
            Map.entry("errors/missing-end", "main.v.pica:3:1: error: .proc 'main' is not closed with .end"),
            Map.entry("errors/narrow-uniform", "main.v.pica:5:16: error: 'u1' cannot be the second source operand of add (only v and r registers fit there)"),
            Map.entry("errors/operand-count", "main.v.pica:4:2: error: 'add' expects 3 operands: add dst, src1, src2"),
            Map.entry("errors/proc-256", "main.v.pica:263:7: error: procedure 'big' is 256 words long; a call covers at most 255 (the NUM field has 8 bits; picasso writes a call that never returns)"),
            Map.entry("errors/two-inputs", "main.v.pica:4:2: error: one instruction cannot read two different input registers (v0 and v1)"),
            Map.entry("errors/undefined-alias", "main.v.pica:4:12: error: 'nothing' is neither a register nor a name declared in this file"),
            Map.entry("errors/undefined-proc", "main.v.pica:4:7: error: procedure 'nowhere' is not defined in any input file"),
            Map.entry("errors/unknown-opcode", "main.v.pica:4:2: error: unknown instruction 'frob'"));

    private record Run(int code, String err) {}

    private Run runCase(Path caseDir, Path work) throws IOException {
        Files.createDirectories(work);
        try (Stream<Path> files = Files.list(caseDir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String n = f.getFileName().toString();
                if (Files.isRegularFile(f) && !n.startsWith("expected.") && !n.equals("cmd")) Files.copy(f, work.resolve(n));
            }
        }
        List<String> args = new ArrayList<>();
        for (String a : Files.readString(caseDir.resolve("cmd")).trim().split("\\s+")) args.add(a.startsWith("-") ? a : work.resolve(a).toString());
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = Picasso.run(new PrintStream(o, true), new PrintStream(e, true), args.toArray(new String[0]));
        return new Run(code, e.toString(StandardCharsets.UTF_8));
    }

    @TestFactory
    Stream<DynamicTest> everyCaseReproducesPicasso() throws IOException {
        Path root = corpus();
        List<Path> cases;
        try (Stream<Path> s = Files.walk(root)) {
            cases = s.filter(p -> p.getFileName().toString().equals("cmd")).map(Path::getParent).sorted().toList();
        }
        assertEquals(29, cases.size(), "the corpus has 29 cases");
        return cases.stream().map(c -> DynamicTest.dynamicTest(root.relativize(c).toString(), () -> {
            String name = root.relativize(c).toString().replace('\\', '/');
            Path work = tmp.resolve(name);
            Run r = runCase(c, work);
            boolean rejected = Files.exists(c.resolve("expected.exit")) || Files.exists(c.resolve("picasso-wrong"));
            if (rejected) {
                assertNotEquals(0, r.code(), r.err());
                assertFalse(Files.exists(work.resolve("out.shbin")), "no output for a rejected input");
                String first = r.err().lines().findFirst().orElse("");
                assertEquals(FIRST_ERROR.get(name), first.substring(first.lastIndexOf('/') + 1));
                return;
            }
            assertEquals(0, r.code(), r.err());
            assertArrayEquals(Files.readAllBytes(c.resolve("expected.shbin")), Files.readAllBytes(work.resolve("out.shbin")), "out.shbin");
            if (Files.exists(c.resolve("expected.h"))) {
                assertArrayEquals(Files.readAllBytes(c.resolve("expected.h")), Files.readAllBytes(work.resolve("out.h")), "out.h");
            }
        }));
    }

    /**
     * picadis --dialect=picasso -o DIR on each binary picasso 2.7.2 wrote: it writes one source per
     * DVLE and prints the picasso command; that command, run with the drop-in, gives picasso's bytes.
     */
    @TestFactory
    Stream<DynamicTest> picadisPrintsSourcesPicassoRebuildsByteForByte() throws IOException {
        Path root = corpus();
        List<Path> cases;
        try (Stream<Path> s = Files.list(root)) {
            cases = s.filter(p -> Files.exists(p.resolve("expected.shbin"))).sorted().toList();
        }
        assertEquals(17, cases.size());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            Path dir = tmp.resolve("dis-" + c.getFileName());
            ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
            int code = Picadis.run(new PrintStream(o, true), new PrintStream(e, true), "--dialect=picasso", c.resolve("expected.shbin").toString(), "-o", dir.toString());
            assertEquals(0, code, e.toString(StandardCharsets.UTF_8));
            assertEquals("", e.toString(StandardCharsets.UTF_8), "nothing to warn about");
            String command = o.toString(StandardCharsets.UTF_8).trim();
            assertEquals(1, command.lines().count(), command);
            List<String> words = List.of(command.split(" "));
            assertEquals("picasso", words.get(0));
            assertEquals(c.getFileName().toString().equals("autonop-n"), words.contains("-n"), "-n exactly for the file built without padding");
            int built = Picasso.run(new PrintStream(new ByteArrayOutputStream()), new PrintStream(e, true), words.subList(1, words.size()).toArray(new String[0]));
            assertEquals(0, built, e.toString(StandardCharsets.UTF_8));
            assertArrayEquals(Files.readAllBytes(c.resolve("expected.shbin")), Files.readAllBytes(dir.resolve("expected.shbin")));
        }));
    }

    @Test
    void picadisRefusesAnObjectInPicassoDialect() throws IOException {
        Path src = Files.writeString(tmp.resolve("s.vsh"), "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    end\nendmain:\n");
        Path obj = tmp.resolve("s.o");
        assertEquals(0, Picasm.run(new PrintStream(new ByteArrayOutputStream()), System.err, src.toString(), "-o", obj.toString()));
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        assertEquals(1, Picadis.run(new PrintStream(new ByteArrayOutputStream()), new PrintStream(e, true), "--dialect=picasso", obj.toString()));
        assertTrue(e.toString(StandardCharsets.UTF_8).contains("picasso's dialect has no object files"), e.toString(StandardCharsets.UTF_8));
    }

    @Test
    void noNopWarnsAtEachPlacePicassoWarns() throws IOException {
        Run r = runCase(corpus().resolve("autonop-n"), tmp.resolve("n"));
        assertEquals(0, r.code());
        List<Integer> lines = new ArrayList<>();
        for (String l : r.err().lines().toList()) {
            if (l.contains("padding nop")) lines.add(Integer.parseInt(l.substring(l.lastIndexOf('/') + 1).split(":")[1]));
        }
        // picasso 2.7.2's expected.stderr names the same five lines
        assertEquals(List.of(15, 17, 22, 24, 28), lines);
    }

    @Test
    void everyErrorOfAFileIsReported() throws IOException {
        Path f = Files.writeString(tmp.resolve("bad.v.pica"), ".out oPos position\n.proc main\n\tmov r16, v0\n\tfrob r0\n\tadd oPos, c0, c1\n\tend\n.end\n");
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code = Picasso.run(new PrintStream(new ByteArrayOutputStream()), new PrintStream(e, true), "-o", tmp.resolve("o.shbin").toString(), f.toString());
        String err = e.toString(StandardCharsets.UTF_8);
        assertEquals(1, code);
        assertTrue(err.contains("bad.v.pica:3:6: error:"), err);
        assertTrue(err.contains("bad.v.pica:4:2: error: unknown instruction 'frob'"), err);
        assertTrue(err.contains("bad.v.pica:5:16: error:"), err);
        assertFalse(Files.exists(tmp.resolve("o.shbin")));
    }

    @Test
    void anOutputNamingAnInputIsRefusedAndTheInputKept() throws IOException {
        String text = ".out oPos position\n.proc main\n\tmov oPos, v0\n\tend\n.end\n";
        Path f = Files.writeString(tmp.resolve("keep.v.pica"), text);
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code = Picasso.run(new PrintStream(new ByteArrayOutputStream()), new PrintStream(e, true), "-o", f.toString(), f.toString());
        assertEquals(1, code);
        assertTrue(e.toString(StandardCharsets.UTF_8).contains("refusing to overwrite"), e.toString(StandardCharsets.UTF_8));
        assertEquals(text, Files.readString(f));
        // -h naming the input is refused the same way, and nothing is written
        code = Picasso.run(new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream()),
                "-o", tmp.resolve("k.shbin").toString(), "-h", f.toString(), f.toString());
        assertEquals(1, code);
        assertEquals(text, Files.readString(f));
        assertFalse(Files.exists(tmp.resolve("k.shbin")));
    }
}
