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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Batch builds (several sources to picasm, picalink --each) give the bytes of the one-file path. */
class BatchTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {}

    private Run run(CliTest.Tool t, List<String> args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int c = t.run(new PrintStream(o, true), new PrintStream(e, true), args.toArray(new String[0]));
        return new Run(c, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    private static Path examples() {
        return BatchTestSupport.examples();
    }

    private static final List<String> SOURCES = List.of("sky.vsh", "lighting.vsh", "skinning.vsh", "transform_lib.vsh", "billboard.vsh", "particle.gsh");

    @Test
    void picasmBatchMatchesOneFileAtATime() throws Exception {
        List<String> args = new ArrayList<>();
        for (String s : SOURCES) args.add(examples().resolve(s).toString());
        args.addAll(List.of("--output-dir", dir.resolve("objs").toString(), "-j", "3"));
        Run batch = run(Picasm::run, args);
        assertEquals(0, batch.code(), batch.err());
        for (String s : SOURCES) {
            String obj = s.substring(0, s.lastIndexOf('.')) + ".obj";
            Path one = dir.resolve("one-" + obj);
            assertEquals(0, run(Picasm::run, List.of(examples().resolve(s).toString(), "-o", one.toString())).code());
            assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(dir.resolve("objs").resolve(obj)), s);
        }
    }

    @Test
    void oneBadFileDoesNotStopTheOthers() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.vsh"), "main:\n    frob\n    end\nendmain:\n");
        Path good = Files.writeString(dir.resolve("good.vsh"), "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    end\nendmain:\n");
        Run r = run(Picasm::run, List.of(bad.toString(), good.toString(), "--output-dir", dir.resolve("out").toString()));
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith(bad + ":2:5: error: unknown instruction 'frob'"), r.err());
        assertTrue(Files.exists(dir.resolve("out/good.obj")));
        assertFalse(Files.exists(dir.resolve("out/bad.obj")));
        Run misuse = run(Picasm::run, List.of(bad.toString(), good.toString(), "-o", "x.o"));
        assertEquals(2, misuse.code());
        assertEquals("picasm: error: -o names one output; with several inputs each object is named after its source"
                + " (--output-dir DIR puts them in DIR)\n", misuse.err());
    }

    @Test
    void picalinkEachMatchesOneLinkPerMainSource() throws Exception {
        List<String> args = new ArrayList<>(List.of("--each", "--output-dir", dir.resolve("bins").toString()));
        for (String s : SOURCES) args.add(examples().resolve(s).toString());
        Run each = run(Picalink::run, args);
        assertEquals(0, each.code(), each.err());
        String lib = examples().resolve("transform_lib.vsh").toString();
        for (String s : List.of("sky.vsh", "lighting.vsh", "skinning.vsh", "billboard.vsh", "particle.gsh")) {
            String bin = s.substring(0, s.lastIndexOf('.')) + ".shbin";
            Path one = dir.resolve("one-" + bin);
            Run r = run(Picalink::run, List.of(examples().resolve(s).toString(), lib, "-o", one.toString()));
            assertEquals(0, r.code(), r.err());
            assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(dir.resolve("bins").resolve(bin)), s);
        }
        assertFalse(Files.exists(dir.resolve("bins/transform_lib.shbin")), "a library gets no binary of its own");
        Run misuse = run(Picalink::run, List.of("--each", "-o", "x.shbin", lib));
        assertEquals(2, misuse.code());
    }

    /** --each over picasso-dialect sources builds each as its own program (no shared procedure names or uniforms). */
    @Test
    void picalinkEachBuildsPicassoSourcesAsSeparatePrograms() throws Exception {
        Path golden = PicassoGoldenTest.corpus();
        List<String> names = List.of("basic-vs", "alu", "flow-loop");
        List<String> args = new ArrayList<>(List.of("--each", "--output-dir", dir.resolve("pica").toString()));
        for (String n : names) {
            // all three define '.proc main', which one picasso run over all of them would refuse
            Files.copy(golden.resolve(n).resolve("main.v.pica"), dir.resolve(n + ".v.pica"));
            args.add(dir.resolve(n + ".v.pica").toString());
        }
        Run each = run(Picalink::run, args);
        assertEquals(0, each.code(), each.err());
        for (String n : names) {
            Path one = dir.resolve("one-" + n + ".shbin");
            Run r = run(Picalink::run, List.of(dir.resolve(n + ".v.pica").toString(), "-o", one.toString()));
            assertEquals(0, r.code(), r.err());
            assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(dir.resolve("pica").resolve(n + ".v.shbin")), n);
        }
    }
}
