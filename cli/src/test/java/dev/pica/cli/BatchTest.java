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

    /**
     * An SDK batch links no record's equals, hashCode or toString through invokedynamic: the
     * bootstrap (java.lang.runtime.ObjectMethods) spins method-handle classes no class-data archive
     * holds, and the JDK's bytecode writer that spins them is then compiled by C1 in every batch
     * (the check of a source linked alone, Program.sameFindingsAs, compared records; issue 48
     * item 6, docs/performance.md). Sources that link alone, vertex and geometry, in their own JVM.
     */
    @Test
    void picalinkEachLinksNoRecordMethod() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                "-Xlog:class+load=info:file=" + dir.resolve("classes.txt"), "-cp", System.getProperty("java.class.path"), "dev.pica.cli.Picalink",
                "--each", "--output-dir", dir.resolve("bins").toString()));
        for (String s : List.of("sky.vsh", "lighting.vsh", "billboard.vsh", "particle.gsh")) cmd.add(examples().resolve(s).toString());
        ToolProcess.Run r = ToolProcess.run(dir, null, cmd);
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.exists(dir.resolve("bins/particle.shbin")));
        String loaded = Files.readString(dir.resolve("classes.txt"));
        assertTrue(loaded.contains("dev.pica.link.internal.Linking "), "no class-load log");
        assertFalse(loaded.contains("java.lang.runtime.ObjectMethods "), "a record method was linked through ObjectMethods");
    }

    /**
     * --each builds picasso sources as devkitPro's 3ds_rules group and name them, each unit as
     * one picasso run: foo.v.pica -> foo.shbin, foo.v.pica + foo.g.pica -> foo.shbin, foo.shlist
     * -> foo.shbin; every binary is the file picasso 2.7.2 wrote for the same sources (the golden corpus).
     */
    @Test
    void picalinkEachFollowsDevkitProsPicassoRules() throws Exception {
        Path golden = PicassoGoldenTest.corpus();
        List<String> names = List.of("basic-vs", "alu", "flow-loop");
        List<String> args = new ArrayList<>(List.of("--each", "--output-dir", dir.resolve("pica").toString()));
        for (String n : names) {
            // all three define '.proc main', which one picasso run over all of them would refuse
            Files.copy(golden.resolve(n).resolve("main.v.pica"), dir.resolve(n + ".v.pica"));
            args.add(dir.resolve(n + ".v.pica").toString());
        }
        // a vertex shader with its geometry shader: one binary, as "picasso -o scene.shbin scene.v.pica scene.g.pica"
        Files.copy(golden.resolve("vs-gs/vs.v.pica"), dir.resolve("scene.v.pica"));
        Files.copy(golden.resolve("vs-gs/gs.g.pica"), dir.resolve("scene.g.pica"));
        args.add(dir.resolve("scene.g.pica").toString());
        args.add(dir.resolve("scene.v.pica").toString());
        // a list: its sources in its order, relative to its folder
        Path multi = Files.createDirectories(dir.resolve("multi"));
        for (String f : List.of("a.v.pica", "b.v.pica", "lib.v.pica")) Files.copy(golden.resolve("multi").resolve(f), multi.resolve(f));
        Files.writeString(dir.resolve("everything.shlist"), "multi/a.v.pica\nmulti/b.v.pica  multi/lib.v.pica\n");
        args.add(dir.resolve("everything.shlist").toString());
        Run each = run(Picalink::run, args);
        assertEquals(0, each.code(), each.err());
        for (String n : names) {
            assertArrayEquals(Files.readAllBytes(golden.resolve(n).resolve("expected.shbin")), Files.readAllBytes(dir.resolve("pica").resolve(n + ".shbin")), n);
        }
        assertArrayEquals(Files.readAllBytes(golden.resolve("vs-gs/expected.shbin")), Files.readAllBytes(dir.resolve("pica/scene.shbin")));
        assertArrayEquals(Files.readAllBytes(golden.resolve("multi/expected.shbin")), Files.readAllBytes(dir.resolve("pica/everything.shbin")));
        try (var listing = Files.list(dir.resolve("pica"))) {
            assertEquals(List.of("alu.shbin", "basic-vs.shbin", "everything.shbin", "flow-loop.shbin", "scene.shbin"),
                    listing.map(p -> p.getFileName().toString()).sorted().toList());
        }
        // a list naming a missing source: an error at its line and column, and no binary
        Files.writeString(dir.resolve("broken.shlist"), "multi/a.v.pica\n  multi/nope.v.pica\n");
        Run broken = run(Picalink::run, List.of("--each", "--output-dir", dir.resolve("b").toString(), dir.resolve("broken.shlist").toString()));
        assertEquals(1, broken.code());
        assertTrue(broken.err().contains("broken.shlist:2:3: error: 'multi/nope.v.pica' does not exist (paths in a .shlist are relative to its folder)"), broken.err());
        assertFalse(Files.exists(dir.resolve("b/broken.shbin")));
    }

    /**
     * --each over devkitPro's own globs builds exactly the units devkitPro's 3ds_rules build:
     * foo.v.pica with the foo.g.pica beside it (given or not), foo.shlist with the sources it names
     * (plain .pica files in a subfolder, the usual layout); a list's members are built only in the
     * list's unit, and a lone .g.pica or plain .pica in none; each skipped input is named, with why.
     */
    @Test
    void picalinkEachBuildsExactlyDevkitProsUnits() throws Exception {
        Path golden = PicassoGoldenTest.corpus();
        Path source = Files.createDirectories(dir.resolve("source"));
        Path shaders = Files.createDirectories(source.resolve("shaders"));
        Files.copy(golden.resolve("vs-gs/vs.v.pica"), source.resolve("scene.v.pica"));
        Files.copy(golden.resolve("vs-gs/gs.g.pica"), source.resolve("scene.g.pica"));
        Files.copy(golden.resolve("basic-vs/main.v.pica"), source.resolve("basic.v.pica"));
        for (String n : List.of("a", "b", "lib")) Files.copy(golden.resolve("multi").resolve(n + ".v.pica"), shaders.resolve(n + ".pica"));
        Files.writeString(source.resolve("program.shlist"), "shaders/a.pica\nshaders/b.pica\nshaders/lib.pica\n");
        Files.copy(golden.resolve("vs-gs/gs.g.pica"), source.resolve("lonely.g.pica"));
        Files.copy(golden.resolve("basic-vs/main.v.pica"), source.resolve("plain.pica"));
        Path out = dir.resolve("out");
        // devkitPro's template globs: *.v.pica and *.shlist of the shader folders
        Run each = run(Picalink::run, List.of("--each", "--output-dir", out.toString(),
                source.resolve("basic.v.pica").toString(), source.resolve("scene.v.pica").toString(), source.resolve("program.shlist").toString()));
        assertEquals(0, each.code(), each.err());
        assertEquals("", each.err());
        assertArrayEquals(Files.readAllBytes(golden.resolve("vs-gs/expected.shbin")), Files.readAllBytes(out.resolve("scene.shbin")), "the pair, as picasso builds it");
        assertArrayEquals(Files.readAllBytes(golden.resolve("basic-vs/expected.shbin")), Files.readAllBytes(out.resolve("basic.shbin")));
        assertArrayEquals(Files.readAllBytes(golden.resolve("multi/expected.shbin")), Files.readAllBytes(out.resolve("program.shbin")));
        // every file of both folders: the same three binaries, and the skipped inputs named
        List<String> args = new ArrayList<>(List.of("--each", "--output-dir", dir.resolve("all").toString()));
        for (Path folder : List.of(source, shaders)) {
            try (var s = Files.list(folder)) {
                s.filter(Files::isRegularFile).map(Path::toString).sorted().forEach(args::add);
            }
        }
        Run all = run(Picalink::run, args);
        assertEquals(0, all.code(), all.err());
        try (var listing = Files.list(dir.resolve("all"))) {
            assertEquals(List.of("basic.shbin", "program.shbin", "scene.shbin"), listing.map(p -> p.getFileName().toString()).sorted().toList());
        }
        for (String n : List.of("basic.shbin", "program.shbin", "scene.shbin")) {
            assertArrayEquals(Files.readAllBytes(out.resolve(n)), Files.readAllBytes(dir.resolve("all").resolve(n)), n);
        }
        assertEquals(String.join("", List.of(
                source.resolve("lonely.g.pica") + ": warning: built into no binary: a geometry shader is built with the vertex shader lonely.v.pica"
                        + " beside it (devkitPro's rule %.shbin: %.v.pica %.g.pica), and there is none\n",
                source.resolve("plain.pica") + ": warning: built into no binary: devkitPro's rules build foo.v.pica (with foo.g.pica beside it)"
                        + " and foo.shlist, not a plain .pica: name it plain.v.pica or list it in a .shlist\n",
                shaders.resolve("a.pica") + ": note: not built alone: built as part of " + source.resolve("program.shlist") + ", which lists it\n",
                shaders.resolve("b.pica") + ": note: not built alone: built as part of " + source.resolve("program.shlist") + ", which lists it\n",
                shaders.resolve("lib.pica") + ": note: not built alone: built as part of " + source.resolve("program.shlist") + ", which lists it\n")),
                all.err());
        // a lone geometry shader alone: nothing to build, said, and no file written
        Run lonely = run(Picalink::run, List.of("--each", "--output-dir", dir.resolve("none").toString(), source.resolve("lonely.g.pica").toString()));
        assertEquals(0, lonely.code(), lonely.err());
        assertTrue(lonely.err().contains("lonely.g.pica: warning: built into no binary"), lonely.err());
        try (var listing = Files.list(dir.resolve("none"))) {
            assertEquals(0, listing.count());
        }
    }

    /**
     * Issue 35 item 13: the -MD depfile of a list's unit, run as make runs it (relative paths, from
     * the project's folder): the list first, then its sources as the list resolves them, relative;
     * with -MP a phony rule for each source the list brings in. A pair's names its foo.g.pica.
     */
    @Test
    void aListUnitsDepfileNamesTheListAndKeepsPathsRelative() throws Exception {
        Path golden = PicassoGoldenTest.corpus();
        Path shaders = Files.createDirectories(dir.resolve("source/shaders"));
        for (String n : List.of("a", "b", "lib")) Files.copy(golden.resolve("multi").resolve(n + ".v.pica"), shaders.resolve(n + ".pica"));
        Files.writeString(dir.resolve("source/program.shlist"), "shaders/a.pica shaders/b.pica\nshaders/lib.pica\n");
        Files.copy(golden.resolve("vs-gs/vs.v.pica"), dir.resolve("source/scene.v.pica"));
        Files.copy(golden.resolve("vs-gs/gs.g.pica"), dir.resolve("source/scene.g.pica"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), "dev.pica.cli.Picalink",
                "--each", "--output-dir", "build", "source/program.shlist", "source/scene.v.pica", "-MD", "-MP")
                .directory(dir.toFile()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), log);
        assertEquals("build/program.shbin: source/program.shlist source/shaders/a.pica \\\n  source/shaders/b.pica source/shaders/lib.pica\n"
                + "\nsource/shaders/a.pica:\n\nsource/shaders/b.pica:\n\nsource/shaders/lib.pica:\n", Files.readString(dir.resolve("build/program.d")));
        assertEquals("build/scene.shbin: source/scene.v.pica source/scene.g.pica\n\nsource/scene.g.pica:\n", Files.readString(dir.resolve("build/scene.d")));
        assertArrayEquals(Files.readAllBytes(golden.resolve("multi/expected.shbin")), Files.readAllBytes(dir.resolve("build/program.shbin")));
    }
}
