package dev.pica.maven;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin's own logic, run in-process: classification, unit plans, state, stale outputs, order of messages. */
class BuildShadersMojoTest {
    @TempDir
    Path dir;

    static final String MAIN = "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    end\nendmain:\n";
    static final String CALLER = "#pragma output_map(position, o0)\nmain:\n    call sub\n    mov o0, r0\n    end\nendmain:\n";
    static final String LIB = "sub:\n    mov r0, v0\n    ret\n";

    /** A log that records lines as "LEVEL text". */
    static final class Recorder extends SystemStreamLog {
        final List<String> lines = new ArrayList<>();

        @Override
        public void info(CharSequence c) {
            lines.add("INFO " + c);
        }

        @Override
        public void warn(CharSequence c) {
            lines.add("WARN " + c);
        }

        @Override
        public void error(CharSequence c) {
            lines.add("ERROR " + c);
        }

        String text() {
            return String.join("\n", lines);
        }
    }

    private Path write(String rel, String text) throws Exception {
        Path p = dir.resolve("src/main/shaders").resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    private BuildShadersMojo mojo(Recorder log) {
        BuildShadersMojo m = new BuildShadersMojo();
        m.sourceDirectory = dir.resolve("src/main/shaders").toFile();
        m.outputDirectory = dir.resolve("target/generated-resources/shaders").toFile();
        m.stateDirectory = dir.resolve("target/pica-maven-plugin").toFile();
        m.classesDirectory = dir.resolve("target/classes").toFile();
        m.headerDirectory = dir.resolve("target/h").toFile();
        m.mapDirectory = dir.resolve("target/m").toFile();
        m.defaultUnits = true;
        m.setLog(log);
        return m;
    }

    private Path out(String name) {
        return dir.resolve("target/generated-resources/shaders").resolve(name);
    }

    private static LinkUnit unit(String output, String... sources) {
        LinkUnit u = new LinkUnit();
        u.setOutput(output);
        u.setSources(new ArrayList<>(List.of(sources)));
        return u;
    }

    @Test
    void planDefaultsAndExplicitUnits() {
        Path src = Path.of("/s");
        Path a = src.resolve("a.vsh"), b = src.resolve("b.vsh"), lib = src.resolve("lib.vsh"), other = src.resolve("x/lonely.vsh");
        List<Path> all = List.of(a, b, lib, other);
        Map<Path, Boolean> main = Map.of(a, true, b, true, lib, false, other, false);
        UnitPlan p = UnitPlan.make(src, all, main, Map.of(), List.of(new UnitPlan.Unit("both.shbin", List.of(a, b, lib), true)), true);
        assertEquals(List.of("both.shbin"), p.units.stream().map(UnitPlan.Unit::output).toList(), "a and b are in the explicit unit");
        assertEquals(List.of(other), p.unused, "a library with no main source in its directory");
        UnitPlan q = UnitPlan.make(src, all, main, Map.of(), List.of(new UnitPlan.Unit("only-a.shbin", List.of(a), true)), true);
        assertEquals(List.of("only-a.shbin", "b.shbin"), q.units.stream().map(UnitPlan.Unit::output).toList());
        assertEquals(List.of(b, lib), q.units.get(1).inputs(), "a default unit links its directory's libraries");
        UnitPlan r = UnitPlan.make(src, all, main, Map.of(), List.of(new UnitPlan.Unit("only-a.shbin", List.of(a), true)), false);
        assertEquals(List.of(b, lib, other), r.unused);
        UnitPlan clash = UnitPlan.make(src, all, main, Map.of(), List.of(new UnitPlan.Unit("b.shbin", List.of(a), true)), true);
        assertEquals(List.of("link unit b.shbin and the default binary of b.vsh write the same file; name the unit's output differently, or list b.vsh in it"), clash.errors);
    }

    @Test
    void aBrokenSourceIsClassifiedByItsMainLabel() throws Exception {
        Path bad = write("badlib.vsh", "sub:\n    rett\n");
        Path badMain = write("badmain.vsh", "main:\n    frob\n    end\nendmain:\n");
        dev.pica.driver.BuildSession s = new dev.pica.driver.BuildSession(dev.pica.asm.Assembler.Options.defaults(), dev.pica.format.diag.WarningPolicy.DEFAULT, () -> new byte[0]);
        assertFalse(s.load(bad).definesMain());
        assertTrue(s.load(badMain).definesMain());
        assertFalse(s.load(bad).ok());
    }

    static final String VERT = "#version 450 core\n#include \"inc/tint.glsl\"\nlayout(location = 0) in vec4 position;\n"
            + "layout(location = 1) out vec4 color;\nuniform mat4 projection;\n"
            + "void main() {\n    gl_Position = projection * position;\n    color = tint;\n}\n";

    /**
     * Issue 46 item 3: a GLSL vertex shader is built beside the assembly (compiled, linked, its C
     * header), rebuilt when its include changes and only then, and its errors are in the log as
     * an assembly source's are.
     */
    @Test
    void glslSourcesBuildWithTheSameUpToDateRules() throws Exception {
        write("sky.vsh", MAIN);
        Path vert = write("fx/lit.vert", VERT);
        Path inc = write("fx/inc/tint.glsl", "uniform vec4 tint;\n");
        Recorder log = new Recorder();
        withHeaders(mojo(log)).execute();
        assertTrue(log.lines.contains("INFO fx/lit.shbin <- fx/lit.vert"), log.text());
        assertTrue(log.lines.contains("INFO Built 2 shader binaries, 0 up to date"), log.text());
        dev.pica.sim.Simulator sim = dev.pica.sim.Simulator.load(out("fx/lit.shbin"))
                .uniform("projection", new float[][] {{2, 0, 0, 1}, {0, 3, 0, 0}, {0, 0, 4, 0}, {0, 0, 0, 1}}).uniform("tint", 1, 0.5f, 0.25f, 1);
        dev.pica.sim.Result r = sim.run(java.util.Map.of("position", new float[] {1, 2, 3, 1}));
        assertArrayEquals(new float[] {3, 6, 12, 1}, r.output("position"));
        assertArrayEquals(new float[] {1, 0.5f, 0.25f, 1}, r.output("color"));
        assertTrue(Files.readString(dir.resolve("target/h/fx/lit.h")).contains("projection"), "the C header names the GLSL uniforms");

        Recorder again = new Recorder();
        withHeaders(mojo(again)).execute();
        assertTrue(again.lines.contains("INFO Shaders are up to date (2 binaries)"), again.text());
        // the include changes: lit.shbin alone is built again
        Files.writeString(inc, "uniform vec4 tint;\nuniform vec4 unused;\n");
        Recorder changed = new Recorder();
        withHeaders(mojo(changed)).execute();
        assertTrue(changed.lines.contains("INFO fx/lit.shbin <- fx/lit.vert"), changed.text());
        assertTrue(changed.lines.contains("INFO sky.shbin <- sky.vsh (up to date)"), changed.text());
        assertTrue(changed.lines.contains("INFO Built 1 shader binary, 1 up to date"), changed.text());
        // an error: in the log as for assembly, with the full path, the line and a caret; the last good binary stays
        byte[] good = Files.readAllBytes(out("fx/lit.shbin"));
        Files.writeString(vert, VERT.replace("color = tint;", "color = tnit;"));
        Recorder bad = new Recorder();
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> withHeaders(mojo(bad)).execute());
        List<String> errors = bad.lines.stream().filter(l -> l.startsWith("ERROR")).toList();
        // glslang's own two (the undeclared name, then the assignment of its error type)
        assertEquals(2, errors.size(), bad.text());
        assertTrue(errors.get(0).startsWith("ERROR " + vert + ":8:13: error: 'tnit' : undeclared identifier"), errors.get(0));
        assertTrue(errors.get(0).contains("\n    color = tnit;\n"), errors.get(0));
        assertTrue(e.getMessage().startsWith("2 errors in shader sources: " + vert + ":8:13"), e.getMessage());
        assertTrue(bad.lines.contains("INFO fx/lit.shbin not linked: lit.vert has errors"), bad.text());
        assertArrayEquals(good, Files.readAllBytes(out("fx/lit.shbin")));
    }

    /**
     * Issue 46 item 1: a GLSL geometry shader beside its vertex shader (foo.vert, foo.geom) makes
     * one foo.shbin of both, DVLE 0 and 1, as devkitPro pairs foo.v.pica with foo.g.pica; a lone
     * .geom makes a binary of its own.
     */
    @Test
    void aGeometryShaderIsLinkedWithItsVertexShader() throws Exception {
        Path examples = Path.of("..", "examples", "devkitpro", "shaders");
        write("fx/particle.vert", Files.readString(examples.resolve("particle.vert")));
        write("fx/particle.geom", Files.readString(examples.resolve("particle.geom")));
        write("solo.geom", Files.readString(examples.resolve("particle.geom")));
        Recorder log = new Recorder();
        mojo(log).execute();
        assertTrue(log.lines.contains("INFO fx/particle.shbin <- fx/particle.vert + fx/particle.geom"), log.text());
        assertTrue(log.lines.contains("INFO solo.shbin <- solo.geom"), log.text());
        assertTrue(log.lines.contains("INFO Built 2 shader binaries, 0 up to date"), log.text());
        var pair = dev.pica.format.shbin.DvlbReader.read(Files.readAllBytes(out("fx/particle.shbin")));
        assertEquals(List.of(0, 1), pair.shaders().stream().map(d -> d.shaderType()).toList());
        var solo = dev.pica.format.shbin.DvlbReader.read(Files.readAllBytes(out("solo.shbin")));
        assertEquals(List.of(1), solo.shaders().stream().map(d -> d.shaderType()).toList());
    }

    /**
     * debug is picacc -g for the plugin: the binary carries the line table to the GLSL lines (and
     * an assembly source's to its lines), NAME.shbin.vars beside a GLSL binary names the GLSL
     * variables' registers for its code, no code word changes, and a build without debug is a
     * build of its own that takes the map away.
     */
    @Test
    void debugWritesTheLineTableAndTheVariableMap() throws Exception {
        write("sky.vsh", MAIN);
        // n, s and i live in registers across the loop (a value computed into an output has no register of its own)
        write("fx/lit.vert", VERT.replace("    color = tint;\n", "    vec3 n = normalize(position.xyz);\n    float s = 0.0;\n"
                + "    for (int i = 0; i < 3; i++) { s += n.x; n = n.yzx; }\n    color = tint * s;\n"));
        write("fx/inc/tint.glsl", "uniform vec4 tint;\n");
        mojo(new Recorder()).execute();
        var plain = dev.pica.format.shbin.DvlbReader.read(Files.readAllBytes(out("fx/lit.shbin")));
        assertEquals(List.of(), plain.program().lines());
        assertFalse(Files.exists(out("fx/lit.shbin.vars")));

        BuildShadersMojo debug = mojo(new Recorder());
        debug.debug = true;
        Recorder log = new Recorder();
        debug.setLog(log);
        debug.execute();
        assertTrue(log.lines.contains("INFO Built 2 shader binaries, 0 up to date"), log.text());
        var lit = dev.pica.format.shbin.DvlbReader.read(Files.readAllBytes(out("fx/lit.shbin")));
        assertArrayEquals(plain.program().code(), lit.program().code(), "debug changes no code word");
        assertFalse(lit.program().lines().isEmpty());
        assertTrue(lit.program().lines().stream().allMatch(l -> l.file().endsWith("lit.vert") && l.line() >= 6 && l.line() <= 12), lit.program().lines().toString());
        dev.pica.format.diag.Diagnostics d = new dev.pica.format.diag.Diagnostics();
        dev.pica.compiler.VariableMap vars = dev.pica.compiler.VariableMap.readBeside(out("fx/lit.shbin"), lit.program().code(), d);
        assertEquals(List.of(), d.list());
        assertEquals(List.of("i", "n", "s"), vars.variables().stream().map(v -> v.name()).sorted().toList(), vars.text());
        var sky = dev.pica.format.shbin.DvlbReader.read(Files.readAllBytes(out("sky.shbin")));
        assertFalse(sky.program().lines().isEmpty(), "an assembly source's line table");
        assertFalse(Files.exists(out("sky.shbin.vars")), "no GLSL, no map");

        Recorder off = new Recorder();
        mojo(off).execute();
        assertTrue(off.lines.contains("INFO Built 2 shader binaries, 0 up to date"), off.text());
        assertEquals(List.of(), dev.pica.format.shbin.DvlbReader.read(Files.readAllBytes(out("fx/lit.shbin"))).program().lines());
        assertFalse(Files.exists(out("fx/lit.shbin.vars")), "the debug build's map is gone with it");
    }

    /** C headers on (the configuration is part of every unit's fingerprint: the same in each build of a test). */
    private static BuildShadersMojo withHeaders(BuildShadersMojo m) {
        m.generateHeaders = true;
        return m;
    }

    /** Issue 11.1: the library's own error comes first and alone; no link errors that only echo it. */
    @Test
    void aBrokenLibraryIsReportedFirstAndAlone() throws Exception {
        write("skinning.vsh", CALLER);
        Path lib = write("transform_lib.vsh", LIB.replace("ret", "rett"));
        Recorder log = new Recorder();
        assertThrows(MojoFailureException.class, () -> mojo(log).execute());
        List<String> errors = log.lines.stream().filter(l -> l.startsWith("ERROR")).toList();
        assertEquals(1, errors.size(), log.text());
        assertTrue(errors.get(0).startsWith("ERROR " + lib + ":3:5: error: unknown instruction 'rett'"), errors.get(0));
        assertTrue(log.text().contains("INFO skinning.shbin not linked: transform_lib.vsh has errors"), log.text());
    }

    /** Link errors name files as the source errors do: by the path the build used. */
    @Test
    void linkErrorsNameFullPaths() throws Exception {
        Path caller = write("caller.vsh", CALLER.replace("call sub", "call nowhere"));
        Recorder log = new Recorder();
        assertThrows(MojoFailureException.class, () -> mojo(log).execute());
        assertTrue(log.text().contains("ERROR " + caller + ":3"), log.text());
    }

    /** Issue 11.2: a deleted source's binary leaves outputDirectory and target/classes; a user's own file there stays. */
    @Test
    void planPicassoUnitsAsDevkitProNamesThem() {
        Path src = Path.of("/s");
        Path a = src.resolve("a.v.pica"), bv = src.resolve("fx/b.v.pica"), bg = src.resolve("fx/b.g.pica"), lone = src.resolve("c.g.pica");
        Path lib = src.resolve("lib.pica"), list = src.resolve("all.shlist"), sdk = src.resolve("sky.vsh");
        List<Path> all = List.of(a, list, bg, bv, lone, lib, sdk);
        UnitPlan p = UnitPlan.make(src, all, Map.of(sdk, true), Map.of(list, List.of(a, lib)), List.of(), true);
        // a.v.pica is a member of all.shlist: built in the list's unit only (issue 35 item 2)
        assertEquals(List.of("all.shbin", "fx/b.shbin", "sky.shbin"), p.units.stream().map(UnitPlan.Unit::output).toList());
        assertEquals(List.of(bv, bg), p.units.get(1).inputs(), "foo.v.pica with foo.g.pica beside it: one binary");
        assertEquals(List.of(a, lib), p.units.get(0).inputs(), "a .shlist's sources in its order");
        assertEquals(List.of(sdk), p.units.get(2).inputs(), "picasso sources are no SDK unit's companions");
        assertTrue(p.units.get(0).picasso() && !p.units.get(2).picasso());
        assertEquals(List.of(lone), p.unused, "a .g.pica with no .v.pica of its name is built into nothing");
        assertTrue(p.reasons.get(lone).startsWith("a geometry shader is built with the vertex shader c.v.pica beside it"), p.reasons.toString());
    }

    private static Path golden(String name) {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("cli/src/test/resources/picasso-golden"))) p = p.getParent();
        return p.resolve("cli/src/test/resources/picasso-golden").resolve(name);
    }

    /** devkitPro's conventions give picasso's own bytes: foo.v.pica + foo.g.pica, and a .shlist. */
    @Test
    void picassoUnitsAreWhatPicassoWrites() throws Exception {
        Path g = golden("vs-gs");
        write("scene.v.pica", Files.readString(g.resolve("vs.v.pica")));
        write("scene.g.pica", Files.readString(g.resolve("gs.g.pica")));
        Path m = golden("multi");
        // sources that only build together are not named .v.pica (devkitPro would build each alone too)
        for (String f : new String[] {"a", "b", "lib"}) write("multi/" + f + ".pica", Files.readString(m.resolve(f + ".v.pica")));
        write("multi/everything.shlist", "a.pica b.pica\nlib.pica\n");
        write("hud.v.pica", Files.readString(golden("header").resolve("main.v.pica")));
        Recorder log = new Recorder();
        BuildShadersMojo mojo = mojo(log);
        mojo.generateHeaders = true;
        mojo.execute();
        assertArrayEquals(Files.readAllBytes(g.resolve("expected.shbin")), Files.readAllBytes(out("scene.shbin")), log.text());
        assertArrayEquals(Files.readAllBytes(m.resolve("expected.shbin")), Files.readAllBytes(out("multi/everything.shbin")), log.text());
        assertTrue(log.lines.contains("INFO scene.shbin <- scene.v.pica + scene.g.pica"), log.text());
        assertTrue(log.lines.contains("INFO hud.shbin <- hud.v.pica"), log.text());
        assertTrue(log.lines.contains("INFO multi/everything.shbin <- multi/a.pica + multi/b.pica + multi/lib.pica"), log.text());
        // picasso's header, byte for byte (VSH_FVEC_..., VSH_ULEN_...), not the SDK linker's names
        Path h = golden("header");
        assertArrayEquals(Files.readAllBytes(h.resolve("expected.h")), Files.readAllBytes(dir.resolve("target/h/hud.h")), log.text());
        assertArrayEquals(Files.readAllBytes(h.resolve("expected.shbin")), Files.readAllBytes(out("hud.shbin")));
    }

    /**
     * Issue 47 item 5: picasso's .alias names of inputs, which the binary does not keep, are written
     * beside it, where Simulator.load reads them: a test names inputs as the sources do. The file
     * goes when the sources stop naming inputs, and with the binary when the source goes.
     */
    @Test
    void picassoInputNamesAreRecordedBesideTheBinaryForTheSimulator() throws Exception {
        String text = ".fvec scale\n.out outpos position\n.alias inpos v0\n.proc main\n  mul outpos, scale, inpos\n  end\n.end\n";
        Path src = write("wave.v.pica", text);
        write("keep.v.pica", text.replace(".alias inpos v0\n", "").replace("inpos", "v0")); // a binary without names beside it, throughout
        Recorder log = new Recorder();
        mojo(log).execute();
        assertEquals("# input registers by the names the sources gave them (picasso's .alias); the binary does not keep them\ninpos v0\n",
                Files.readString(out("wave.shbin.inputs")), log.text());
        dev.pica.sim.Simulator sim = dev.pica.sim.Simulator.load(out("wave.shbin")).uniform("scale", 2, 2, 2, 2);
        assertArrayEquals(new float[] {2, 4, 6, 2}, sim.run(java.util.Map.of("inpos", new float[] {1, 2, 3, 1})).output("position"));
        IllegalArgumentException typo = assertThrows(IllegalArgumentException.class, () -> sim.run(java.util.Map.of("inpso", new float[] {1, 2, 3, 1})));
        assertEquals("the shader has no uniform, input or register 'inpso'; did you mean 'inpos'?", typo.getMessage());
        // the sources name the register itself now: no names file
        Files.writeString(src, text.replace(".alias inpos v0\n", "").replace("inpos", "v0"));
        mojo(new Recorder()).execute();
        assertFalse(Files.exists(out("wave.shbin.inputs")));
        // named again, then the source deleted: the names file goes with its binary
        Files.writeString(src, text);
        mojo(new Recorder()).execute();
        assertTrue(Files.exists(out("wave.shbin.inputs")));
        Files.delete(src);
        mojo(new Recorder()).execute();
        assertFalse(Files.exists(out("wave.shbin")) || Files.exists(out("wave.shbin.inputs")));
        assertTrue(Files.exists(out("keep.shbin")) && !Files.exists(out("keep.shbin.inputs")));
    }

    /** One broken picasso source fails its own binary only; no other binary is removed. */
    @Test
    void aBrokenPicassoSourceFailsOnlyItsOwnBinary() throws Exception {
        String ok = Files.readString(golden("basic-vs").resolve("main.v.pica"));
        write("good.v.pica", ok);
        Path broken = write("broken.v.pica", ok);
        mojo(new Recorder()).execute();
        byte[] good = Files.readAllBytes(out("good.shbin"));
        byte[] before = Files.readAllBytes(out("broken.shbin"));
        Files.writeString(broken, ok.replace("dp4", "dpp4"));
        Recorder log = new Recorder();
        org.junit.jupiter.api.Assertions.assertThrows(MojoFailureException.class, () -> mojo(log).execute());
        assertArrayEquals(good, Files.readAllBytes(out("good.shbin")), log.text());
        assertArrayEquals(before, Files.readAllBytes(out("broken.shbin")), "a failed unit leaves its last binary, as make does");
        assertTrue(log.lines.contains("INFO broken.shbin not built: broken.v.pica has errors"), log.text());
        assertFalse(log.text().contains("Removed stale"), log.text());
        assertTrue(log.lines.contains("INFO good.shbin <- good.v.pica (up to date)"), log.text());
        // fixed: rebuilt
        Files.writeString(broken, ok);
        Recorder again = new Recorder();
        mojo(again).execute();
        assertTrue(again.lines.contains("INFO broken.shbin <- broken.v.pica"), again.text());
    }

    @Test
    void warningOptionsAreTheToolsOnes() throws Exception {
        write("w.vsh", "#pragma output_map(position, o0)\n#pragma frob\nmain:\n  mov o0, r2\n  end\nendmain:\n");
        Recorder plain = new Recorder();
        mojo(plain).execute();
        assertTrue(plain.text().contains("warning: unknown pragma 'frob' ignored [-Wunknown-pragmas]"), plain.text());
        assertTrue(plain.text().contains("[-Wuninitialized]"), plain.text());
        BuildShadersMojo quiet = mojo(new Recorder());
        Recorder log = new Recorder();
        quiet.setLog(log);
        quiet.warnings = new ArrayList<>(List.of("no-unknown-pragmas", "error=uninitialized"));
        assertThrows(MojoFailureException.class, quiet::execute);
        assertFalse(log.text().contains("frob"), log.text());
        assertTrue(log.text().contains("error: 'r2.xyzw' may be read before it is written; the value reaches output 'o0.xyzw'; path: w.vsh:4 [-Werror=uninitialized]"), log.text());
        BuildShadersMojo typo = mojo(new Recorder());
        typo.warnings = new ArrayList<>(List.of("no-unknwn-pragmas"));
        org.apache.maven.plugin.MojoExecutionException e = assertThrows(org.apache.maven.plugin.MojoExecutionException.class, typo::execute);
        assertEquals("<warnings>: unknown warning option '-Wno-unknwn-pragmas'; did you mean '-Wno-unknown-pragmas'?", e.getMessage());
        // a stylistic warning only with extra (-Wextra with or without its -W); showWarnings=false is -w
        write("w.vsh", "#pragma output_map(position, o0)\n#pragma bind_symbol(p, v0)\nmain:\n  mov o0, v0\n  mov o1, v0\n  end\nendmain:\n");
        Recorder byDefault = new Recorder();
        mojo(byDefault).execute();
        assertFalse(byDefault.text().contains("warning:"), byDefault.text());
        for (String extra : new String[] {"extra", "-Wextra"}) {
            Recorder shown = new Recorder();
            BuildShadersMojo m = mojo(shown);
            m.warnings = new ArrayList<>(List.of(extra));
            m.execute();
            assertTrue(shown.text().contains("w.vsh:5:3: warning: 'o1.xyzw' is written but no output_map or .out names it; the value goes nowhere [-Wunmapped-output]"),
                    shown.text());
        }
        Recorder silent = new Recorder();
        BuildShadersMojo none = mojo(silent);
        none.warnings = new ArrayList<>(List.of("extra"));
        none.showWarnings = false;
        none.execute();
        assertFalse(silent.text().contains("warning:"), silent.text());
    }

    @Test
    void aShaderListNamingAMissingFileIsAnErrorAtItsLine() throws Exception {
        write("a.v.pica", Files.readString(golden("basic-vs").resolve("main.v.pica")));
        write("other.v.pica", Files.readString(golden("basic-vs").resolve("main.v.pica")));
        Path list = write("set.shlist", "a.v.pica\n  nothere.v.pica\n");
        Recorder log = new Recorder();
        org.junit.jupiter.api.Assertions.assertThrows(MojoFailureException.class, () -> mojo(log).execute());
        assertTrue(log.text().contains("ERROR " + list + ":2:3: error: 'nothere.v.pica' does not exist (paths in a .shlist are relative to its folder)"), log.text());
        assertTrue(log.lines.contains("INFO set.shbin not built: its source list has errors"), log.text());
        assertTrue(Files.isRegularFile(out("other.shbin")), "the other unit is built");
        assertFalse(Files.exists(out("a.shbin")), "a member of the list is built only in the list's unit");
        assertFalse(Files.exists(out("set.shbin")));
    }

    @Test
    void staleBinariesLeaveTheClassesDirectoryToo() throws Exception {
        Path sky = write("sky.vsh", MAIN);
        write("other.vsh", MAIN.replace("v0", "v1"));
        mojo(new Recorder()).execute();
        Path classes = dir.resolve("target/classes");
        Files.createDirectories(classes);
        Files.copy(out("sky.shbin"), classes.resolve("sky.shbin")); // what the resources plugin does
        Files.writeString(classes.resolve("other.shbin"), "the user's own resource, not ours");
        Files.delete(sky);
        Files.delete(dir.resolve("src/main/shaders/other.vsh"));
        Recorder log = new Recorder();
        mojo(log).execute();
        assertFalse(Files.exists(out("sky.shbin")));
        assertFalse(Files.exists(classes.resolve("sky.shbin")), log.text());
        assertEquals("the user's own resource, not ours", Files.readString(classes.resolve("other.shbin")));
        assertTrue(log.text().contains("INFO Removed stale " + classes.resolve("sky.shbin")), log.text());
    }

    /** Issue 11.3: one linkUnit adds a binary; the others keep their default ones, and the log says what is built from what. */
    @Test
    void oneLinkUnitKeepsTheDefaultUnits() throws Exception {
        write("sky.vsh", MAIN);
        write("skinning.vsh", CALLER);
        write("lib.vsh", LIB);
        write("x/lonely.vsh", LIB);
        Recorder log = new Recorder();
        BuildShadersMojo m = mojo(log);
        m.linkUnits = new ArrayList<>(List.of(unit("sky2.shbin", "sky.vsh")));
        m.execute();
        assertTrue(Files.isRegularFile(out("sky2.shbin")));
        assertTrue(Files.isRegularFile(out("skinning.shbin")));
        assertFalse(Files.exists(out("sky.shbin")), "sky.vsh is in a unit: no default binary");
        assertTrue(log.lines.contains("INFO sky2.shbin <- sky.vsh (link unit)"), log.text());
        assertTrue(log.lines.contains("INFO skinning.shbin <- skinning.vsh + lib.vsh"), log.text());
        assertTrue(log.text().contains("WARN " + dir.resolve("src/main/shaders/x/lonely.vsh") + ": built into no binary"), log.text());
        // defaults off: only the unit
        Recorder off = new Recorder();
        BuildShadersMojo only = mojo(off);
        only.linkUnits = new ArrayList<>(List.of(unit("sky2.shbin", "sky.vsh")));
        only.defaultUnits = false;
        only.execute();
        assertFalse(Files.exists(out("skinning.shbin")), "the default binary removed once defaults are off");
    }

    @Test
    void stateSurvivesASaveAndLoad() throws Exception {
        BuildState s = new BuildState();
        BuildState.Unit u = new BuildState.Unit();
        u.fingerprint = "f";
        u.outputHash = "h";
        u.inputs.put("/a.vsh", "1");
        u.extras.add("/a.h");
        s.units.put("a.shbin", u);
        s.sourceKinds.put("/a.vsh", "1 main");
        Path f = dir.resolve("state.properties");
        s.save(f);
        BuildState t = BuildState.load(f);
        assertEquals("h", t.units.get("a.shbin").outputHash);
        assertEquals(Map.of("/a.vsh", "1"), t.units.get("a.shbin").inputs);
        assertEquals(List.of("/a.h"), t.units.get("a.shbin").extras);
        assertEquals("1 main", t.sourceKinds.get("/a.vsh"));
        Files.writeString(f, "\\u00zz broken");
        assertTrue(BuildState.load(f).units.isEmpty(), "an unreadable state rebuilds everything");
    }

    /**
     * Units built on several threads log, report and write what one thread does, in the same order:
     * each unit's line, then what its build said, the diagnostics after them in the units' order.
     */
    @Test
    void unitsBuiltInParallelSayWhatOneAfterAnotherSays() throws Exception {
        String pica = Files.readString(golden("basic-vs").resolve("main.v.pica"));
        write("lib.vsh", LIB);
        for (int k = 0; k < 12; k++) {
            // every third broken, in turn a link error, a source error and a picasso error
            write("m" + k + ".vsh", k % 3 == 0 ? CALLER.replace("call sub", "call nowhere") : k % 3 == 1 ? MAIN.replace("mov o0", "movv o0") : CALLER);
            write("p" + k + ".v.pica", k % 4 == 2 ? pica.replace("dp4", "dpp4") : pica.replace("1.0, 1.0, 1.0, 1.0", k + ".5, 1.0, 1.0, 1.0"));
        }
        List<String> logs = new ArrayList<>();
        List<Map<String, String>> outputs = new ArrayList<>();
        for (int jobs : new int[] {1, 4}) {
            deleteTree(dir.resolve("target"));
            Recorder log = new Recorder();
            BuildShadersMojo m = mojo(log);
            m.jobs = jobs;
            MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
            logs.add(log.text() + "\n" + e.getMessage());
            Map<String, String> bytes = new java.util.TreeMap<>();
            try (var files = Files.list(out(""))) {
                for (Path f : (Iterable<Path>) files::iterator) bytes.put(f.getFileName().toString(), java.util.Arrays.toString(Files.readAllBytes(f)));
            }
            outputs.add(bytes);
        }
        assertEquals(logs.get(0), logs.get(1));
        assertEquals(outputs.get(0), outputs.get(1));
        assertEquals(4 + 9, outputs.get(0).size(), logs.get(0)); // m2, m5, m8, m11 and the nine good picasso units
        String one = logs.get(0);
        assertTrue(one.indexOf("INFO m1.shbin <- ") < one.indexOf("INFO m1.shbin not linked") && one.indexOf("INFO m1.shbin not linked") < one.indexOf("INFO m10.shbin <- "), one);
    }

    /**
     * A unit whose output cannot be written stops the build there, as one after another would: the
     * same log up to it and the same error on several threads, the units before it written, the
     * build state not saved; with jobs 1 nothing after it is built.
     */
    @Test
    void aUnitThatCannotBeWrittenStopsTheBuildInUnitOrder() throws Exception {
        for (char c = 'a'; c <= 'h'; c++) write(c + ".vsh", MAIN.replace("mov o0, v0", "mov o0, v" + (c - 'a')));
        List<String> logs = new ArrayList<>();
        for (int jobs : new int[] {1, 4}) {
            deleteTree(dir.resolve("target"));
            Files.createDirectories(out("c.shbin")); // the third unit's output is a directory
            Recorder log = new Recorder();
            BuildShadersMojo m = mojo(log);
            m.jobs = jobs;
            MojoExecutionException e = assertThrows(MojoExecutionException.class, m::execute);
            logs.add(log.text() + "\n" + e.getMessage());
            assertTrue(e.getMessage().contains("c.shbin") && e.getMessage().contains("is a directory"), e.getMessage());
            assertTrue(Files.isRegularFile(out("a.shbin")) && Files.isRegularFile(out("b.shbin")), "units before the failed one are written");
            if (jobs == 1) for (char c = 'd'; c <= 'h'; c++) assertFalse(Files.exists(out(c + ".shbin")), c + ".shbin built after the failure");
            try (var files = Files.walk(dir.resolve("target"))) {
                assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".properties")), "no build state saved");
            }
        }
        assertEquals(logs.get(0), logs.get(1));
        assertFalse(logs.get(0).contains("d.shbin <- "), logs.get(0));
    }

    private static void deleteTree(Path root) throws Exception {
        if (!Files.exists(root)) return;
        try (var all = Files.walk(root)) {
            for (Path p : (Iterable<Path>) all.sorted(java.util.Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }

    /** threadSafe = true: executions in parallel (as with mvn -T, several modules) give the bytes of a lone one. */
    @Test
    void parallelExecutionsAreIndependent() throws Exception {
        write("sky.vsh", MAIN);
        write("skinning.vsh", CALLER);
        write("lib.vsh", LIB);
        mojo(new Recorder()).execute();
        byte[] sky = Files.readAllBytes(out("sky.shbin")), skin = Files.readAllBytes(out("skinning.shbin"));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Path>> runs = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            int n = k;
            runs.add(pool.submit(() -> {
                Path o = dir.resolve("par" + n);
                BuildShadersMojo m = mojo(new Recorder());
                m.outputDirectory = o.resolve("out").toFile();
                m.stateDirectory = o.resolve("state").toFile();
                m.classesDirectory = o.resolve("classes").toFile();
                m.execute();
                return o.resolve("out");
            }));
        }
        for (Future<Path> f : runs) {
            Path o = f.get();
            assertArrayEquals(sky, Files.readAllBytes(o.resolve("sky.shbin")));
            assertArrayEquals(skin, Files.readAllBytes(o.resolve("skinning.shbin")));
        }
        pool.shutdown();
    }

    /** Source lines reach Maven's log as text: UTF-8 stays UTF-8, Shift-JIS comments are read as Shift-JIS. */
    @Test
    void sourceLinesInTheLogAreDecoded() throws Exception {
        Path utf8 = dir.resolve("src/main/shaders/utf8.vsh");
        Files.createDirectories(utf8.getParent());
        Files.write(utf8, "main:\n    frob // ¿qué?\n    end\nendmain:\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path sjis = dir.resolve("src/main/shaders/sjis.vsh");
        Files.write(sjis, "main:\n    frob // 頂点\n    end\nendmain:\n".getBytes(java.nio.charset.Charset.forName("windows-31j")));
        Recorder log = new Recorder();
        assertThrows(MojoFailureException.class, () -> mojo(log).execute());
        assertTrue(log.text().contains("    frob // ¿qué?"), log.text());
        assertTrue(log.text().contains("    frob // 頂点"), log.text());
    }
}
