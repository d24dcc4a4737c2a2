package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import dev.pica.cli.ToolProcess.Run;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.DvojReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * picacc as make and a shell run it, each command in its own JVM (issue 45 item 6): GCC's driver
 * modes, the files it writes and refuses to write, its diagnostics in every format, and the
 * assembly that picasm turns into the same object.
 */
class PicaccTest {
    @TempDir
    Path dir;

    static final String HEADER = """
            // the light, shared by the shaders of a game
            uniform vec4 lightColour;
            """;

    static final String SHADER = """
            #version 450 core
            #include <pica.glsl>
            #include "light.glsl"

            layout(location = 0) in vec3 position;
            layout(location = 1) in vec4 colour;
            layout(location = PICA_COLOR) out vec4 vertexColour;

            uniform mat4 projection;

            void main() {
                gl_Position = projection * vec4(position, 1.0);
                vertexColour = colour * lightColour * SCALE;
            }
            """;

    @BeforeEach
    void sources() throws Exception {
        Files.createDirectories(dir.resolve("inc"));
        Files.writeString(dir.resolve("inc/light.glsl"), HEADER);
        Files.writeString(dir.resolve("shader.vert"), SHADER);
    }

    private Run picacc(String... args) throws Exception {
        return ToolProcess.run(dir, "Picacc", args);
    }

    private static void ok(Run r) {
        assertEquals(0, r.code(), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    private Dvoj object(String name) throws Exception {
        return DvojReader.read(Files.readAllBytes(dir.resolve(name)));
    }

    /** -c writes an object picalink links; the one-step build writes the same binary. */
    @Test
    void anObjectLinksLikeAnyOtherAndOneStepBuildsTheSameBinary() throws Exception {
        ok(picacc("-c", "shader.vert", "-o", "shader.o", "-Iinc", "-DSCALE=0.5"));
        Run link = ToolProcess.run(dir, "Picalink", "shader.o", "-o", "linked.shbin");
        ok(link);
        ok(picacc("shader.vert", "-Iinc", "-DSCALE=0.5", "-o", "direct.shbin"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("linked.shbin")), Files.readAllBytes(dir.resolve("direct.shbin")));
        // the uniforms keep their GLSL names in the binary: picasim sets them by name
        Run sim = ToolProcess.run(dir, "Picasim", "direct.shbin", "--set", "projection=1,0,0,0;0,1,0,0;0,0,1,0;0,0,0,1",
                "--set", "lightColour=1,0.5,0.25,1", "--set", "position=1,2,3", "--set", "colour=1,1,1,1");
        ok(sim);
        assertTrue(sim.outText().contains("(1, 2, 3, 1)"), sim.outText());
        assertTrue(sim.outText().contains("(0.5, 0.25, 0.125, 0.5)"), sim.outText());
    }

    /**
     * A GLSL geometry shader (.geom) links after its vertex shader as picalink links SDK objects:
     * DVLE 0 the vertex shader, DVLE 1 the geometry shader; its -S text assembles to its object;
     * -fshader-stage=geometry names the stage of standard input.
     */
    @Test
    void aGeometryShaderLinksAfterItsVertexShader() throws Exception {
        Path glsl = BatchTestSupport.examples().resolve("devkitpro/shaders");
        Files.copy(glsl.resolve("particle.vert"), dir.resolve("particle.vert"));
        Files.copy(glsl.resolve("particle.geom"), dir.resolve("particle.geom"));
        ok(picacc("particle.vert", "particle.geom", "-o", "particle.shbin"));
        ok(picacc("-c", "particle.vert", "-o", "vs.o"));
        ok(picacc("-c", "particle.geom", "-o", "particle.o"));
        ok(ToolProcess.run(dir, "Picalink", "vs.o", "particle.o", "-o", "linked.shbin"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("linked.shbin")), Files.readAllBytes(dir.resolve("particle.shbin")));
        ok(picacc("-S", "particle.geom"));
        String asm = Files.readString(dir.resolve("particle.vsh"));
        assertTrue(asm.contains("#pragma gs_assemble_as_geometry_shader") && asm.contains("shaderProgramSetGsh stride 3") && asm.contains("setemit 2, prim"), asm);
        ok(ToolProcess.run(dir, "Picasm", "particle.vsh", "-o", "again.o"));
        assertArrayEquals(object("particle.o").code(), object("again.o").code());
        var dvlb = dev.pica.format.shbin.DvlbReader.read(Files.readAllBytes(dir.resolve("particle.shbin")));
        assertEquals(2, dvlb.shaders().size());
        assertEquals(0, dvlb.shaders().get(0).shaderType());
        assertEquals(1, dvlb.shaders().get(1).shaderType());
        // a vertex shader whose outputs are not the geometry shader's vertex: an error, nothing written
        Files.writeString(dir.resolve("plain.vert"), "#version 450 core\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n");
        Run mismatch = picacc("plain.vert", "particle.geom", "-o", "mismatch.shbin");
        assertEquals(1, mismatch.code(), mismatch.err());
        // at the geometry shader's first input the vertex shader does not write, its line and a caret
        // under its name; one check, said alike by picacc's link and picalink's (BuildSession.link)
        String at = "particle.geom:8:39: error: the geometry shader reads each vertex as gl_Position, vColour (location 1), vSize (location 8), but the vertex shader writes gl_Position:";
        assertTrue(mismatch.err().startsWith(at), mismatch.err());
        assertTrue(mismatch.err().contains("\nlayout(location = PICA_COLOR) in vec4 vColour[];\n"), mismatch.err());
        assertEquals(1, mismatch.err().split("error: ", -1).length - 1, mismatch.err());
        assertFalse(Files.exists(dir.resolve("mismatch.shbin")));
        Run linked = ToolProcess.run(dir, "Picalink", "plain.vert", "particle.geom", "-o", "mismatch.shbin");
        assertEquals(1, linked.code(), linked.err());
        assertEquals(mismatch.err(), linked.err());
        // the vertex shader writes an output the geometry shader does not read: at that output's declaration
        Files.writeString(dir.resolve("extra.vert"), Files.readString(dir.resolve("particle.vert")).replaceFirst("(?m)^void main", "layout(location = PICA_GENERIC1) out vec4 vExtra;\nvoid main").replace("vSize = size;", "vSize = size;\n    vExtra = colour;"));
        Run extra = picacc("extra.vert", "particle.geom", "-o", "mismatch.shbin");
        assertEquals(1, extra.code(), extra.err());
        assertTrue(extra.err().startsWith("extra.vert:12:43: error: the geometry shader reads each vertex as gl_Position, vColour (location 1), vSize (location 8), but the vertex shader writes"), extra.err());
        assertFalse(Files.exists(dir.resolve("mismatch.shbin")));
        Run stdin = ToolProcess.run(dir, Files.readAllBytes(dir.resolve("particle.geom")), ToolProcess.command("Picacc", "-S", "-", "-o", "-", "-fshader-stage=geometry"));
        ok(stdin);
        assertTrue(stdin.outText().contains("#pragma gs_assemble_as_geometry_shader"), stdin.outText());
    }

    /** -S writes SDK-dialect assembly that picasm assembles to the object -c writes. */
    @Test
    void theAssemblyAssemblesToTheSameObject() throws Exception {
        ok(picacc("-c", "shader.vert", "-Iinc", "-DSCALE=2.0"));
        ok(picacc("-S", "shader.vert", "-Iinc", "-DSCALE=2.0"));
        assertTrue(Files.exists(dir.resolve("shader.o")) && Files.exists(dir.resolve("shader.vsh")), "GCC's names: STEM.o, STEM.vsh");
        ok(ToolProcess.run(dir, "Picasm", "shader.vsh", "-o", "again.o"));
        Dvoj compiled = object("shader.o"), assembled = object("again.o");
        assertArrayEquals(compiled.code(), assembled.code());
        assertEquals(compiled.descriptors(), assembled.descriptors());
        assertEquals(compiled.constants(), assembled.constants());
        assertEquals(compiled.uniforms(), assembled.uniforms());
        assertEquals(compiled.outputMaps(), assembled.outputMaps());
    }

    /** -E prints the preprocessed GLSL: the macros expanded, the include read. */
    @Test
    void preprocessOnly() throws Exception {
        Run r = picacc("-E", "shader.vert", "-Iinc", "-DSCALE=3.0");
        ok(r);
        assertTrue(r.outText().contains("colour * lightColour * 3.0"), r.outText());
        assertTrue(r.outText().contains("uniform vec4 lightColour"), r.outText());
        assertFalse(Files.exists(dir.resolve("shader.o")));
    }

    /** -MD writes a depfile naming the source and the header it included (not the built-in pica.glsl, which is no file). */
    @Test
    void aDepfileNamesTheIncludes() throws Exception {
        ok(picacc("-c", "shader.vert", "-o", "out/shader.o".replace("out/", ""), "-Iinc", "-DSCALE=1.0", "-MD", "-MF", "shader.d"));
        String d = Files.readString(dir.resolve("shader.d"));
        assertTrue(d.startsWith("shader.o:"), d);
        assertTrue(d.contains("shader.vert") && d.contains("light.glsl"), d);
        assertFalse(d.contains("pica.glsl"), d);
    }

    /** An error is located, with its source line and caret; no output is written, and no trace printed. */
    @Test
    void anErrorIsLocatedAndWritesNothing() throws Exception {
        Files.writeString(dir.resolve("bad.vert"), """
                #version 450 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position * undefinedThing;
                }
                """);
        Run r = picacc("-c", "bad.vert", "-o", "bad.o");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().startsWith("bad.vert:4:"), r.err());
        assertTrue(r.err().contains(": error: ") && r.err().contains("undefinedThing") && r.err().contains("^"), r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        assertFalse(Files.exists(dir.resolve("bad.o")));
        Run link = picacc("bad.vert", "-o", "bad.shbin");
        assertEquals(1, link.code(), link.err());
        assertFalse(Files.exists(dir.resolve("bad.shbin")));
    }

    /** A missing include is an error at the #include line. */
    @Test
    void aMissingIncludeIsLocated() throws Exception {
        Run r = picacc("-c", "shader.vert", "-o", "shader.o", "-DSCALE=1.0");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("shader.vert:3:") && r.err().contains("light.glsl"), r.err());
        assertFalse(Files.exists(dir.resolve("shader.o")));
    }

    /** -fdiagnostics-format=sarif puts the errors in one SARIF log on standard error. */
    @Test
    void sarifAndJson() throws Exception {
        Run sarif = picacc("-c", "shader.vert", "-o", "shader.o", "-fdiagnostics-format=sarif");
        assertEquals(1, sarif.code());
        var log = JsonParser.parseString(sarif.err()).getAsJsonObject();
        assertEquals("2.1.0", log.get("version").getAsString());
        assertTrue(sarif.err().contains("light.glsl"), sarif.err());
        Run json = picacc("-c", "shader.vert", "-o", "shader.o", "-fdiagnostics-format=json");
        assertEquals(1, json.code());
        assertTrue(JsonParser.parseString(json.err()).isJsonArray(), json.err());
    }

    /** A .glsl file is a vertex shader when its pragma says so, as glslc reads it; without one it is an error. */
    @Test
    void glslFilesNeedTheStagePragma() throws Exception {
        String body = SHADER.replace("#include \"light.glsl\"\n", "uniform vec4 lightColour;\n").replace("SCALE", "1.0");
        Files.writeString(dir.resolve("with.glsl"), body.replace("#version 450 core\n", "#version 450 core\n#pragma shader_stage(vertex)\n"));
        Files.writeString(dir.resolve("without.glsl"), body);
        ok(picacc("-c", "with.glsl"));
        assertTrue(Files.exists(dir.resolve("with.o")));
        Run r = picacc("-c", "without.glsl");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("without.glsl") && r.err().contains("error"), r.err());
    }

    /** Standard input has no name to tell the stage: -fshader-stage=vertex does, as with glslc; -o - writes standard output. */
    @Test
    void standardInputWithTheStageGiven() throws Exception {
        String body = SHADER.replace("#include \"light.glsl\"\n", "uniform vec4 lightColour;\n").replace("SCALE", "1.0");
        Run r = ToolProcess.run(dir, body.getBytes(StandardCharsets.UTF_8), ToolProcess.command("Picacc", "-c", "-", "-o", "-", "-fshader-stage=vertex"));
        ok(r);
        assertEquals("DVOJ", new String(r.out(), 0, 4, StandardCharsets.ISO_8859_1));
        Run none = ToolProcess.run(dir, body.getBytes(StandardCharsets.UTF_8), ToolProcess.command("Picacc", "-c", "-", "-o", "-"));
        assertEquals(1, none.code(), none.err());
        assertTrue(none.err().contains("<stdin>") && none.err().contains("shader_stage"), none.err());
        assertEquals(2, picacc("-fshader-stage=fragment", "-c", "shader.vert").code());
    }

    /** Users' files are sacred: no output over an input, objects are not compiled, usage errors are exit 2. */
    @Test
    void usageAndFileSafety() throws Exception {
        byte[] before = Files.readAllBytes(dir.resolve("shader.vert"));
        Run over = picacc("-c", "shader.vert", "-o", "shader.vert", "-Iinc", "-DSCALE=1.0");
        assertEquals(1, over.code(), over.err());
        assertTrue(over.err().contains("refusing"), over.err());
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("shader.vert")));
        Files.write(dir.resolve("x.o"), new byte[] {1});
        assertEquals(2, picacc("-c", "x.o").code());
        assertEquals(2, picacc("-c", "a.vert", "b.vert", "-o", "one.o").code());
        Run unknown = picacc("--bogus", "shader.vert");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("unknown option '--bogus'"), unknown.err());
    }

    /**
     * A cold picacc (its main, in a JVM of its own) loads glslang's natives on a thread of its own
     * (docs/performance.md, ColdStart), through the copies NativeLibraries points LWJGL at, and
     * runs the back end over a built-in module while glslang compiles, and writes the objects a
     * compile without that writes, byte for byte: a vertex shader at 450 and at 330, a port, a
     * geometry shader (the warm-up is a vertex shader), each the first compile of its process,
     * against the same commands run here.
     */
    @Test
    void aColdStartWritesTheSameObject() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        while (!Files.exists(root.resolve("README.md"))) root = root.getParent();
        String lit = Files.readString(root.resolve("examples/glsl/lit.vert"));
        Files.writeString(dir.resolve("lit.vert"), lit);
        Files.writeString(dir.resolve("lit330.vert"), lit.replace("#version 450 core\n", "#version 330 core\n#extension GL_ARB_separate_shader_objects : require\n"));
        Files.copy(root.resolve("compiler/src/test/resources/ports/ex_lenny.vert"), dir.resolve("lenny.vert"));
        Files.copy(root.resolve("examples/devkitpro/shaders/particle.geom"), dir.resolve("particle.geom"));
        for (String name : new String[] {"lit", "lit330", "lenny", "particle"}) {
            String source = name + (name.equals("particle") ? ".geom" : ".vert");
            // absolute names, as the run here gives them: an object holds its source's name
            java.util.List<String> cmd = new java.util.ArrayList<>(ToolProcess.command("Picacc", "-c", dir.resolve(source).toString(), "-o", dir.resolve(name + ".cold.o").toString()));
            cmd.add(1, "-Xlog:class+load=info:file=" + dir.resolve(name + ".classes.txt"));
            ok(ToolProcess.run(dir, null, cmd));
            String loaded = Files.readString(dir.resolve(name + ".classes.txt"));
            assertTrue(loaded.contains("dev.pica.compiler.ColdStart$Loader "), "no natives' thread: " + name);
            assertTrue(loaded.contains("dev.pica.compiler.ColdStart$BackEndWarmup "), "no warm-up: " + name);
            // the natives as NativeLibraries points LWJGL at them: not extracted and checked again by LWJGL's loader
            assertFalse(loaded.contains("org.lwjgl.system.SharedLibraryLoader "), "LWJGL's own loader ran: " + name);
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            java.io.PrintStream e = new java.io.PrintStream(err, true, StandardCharsets.UTF_8);
            assertEquals(0, Picacc.run(e, e, "-c", dir.resolve(source).toString(), "-o", dir.resolve(name + ".o").toString()), err.toString(StandardCharsets.UTF_8));
            assertArrayEquals(Files.readAllBytes(dir.resolve(name + ".o")), Files.readAllBytes(dir.resolve(name + ".cold.o")), name);
        }
    }

    /** glslang's native library missing (a platform without natives): one error, exit 1, no trace, no output. */
    @Test
    void aMissingNativeLibraryIsOneError() throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(ToolProcess.command("Picacc", "-c", "shader.vert", "-o", "shader.o", "-Iinc", "-DSCALE=1.0"));
        cmd.add(1, "-Dorg.lwjgl.shaderc.libname=" + dir.resolve("no/libshaderc.so"));
        Run r = ToolProcess.run(dir, null, cmd);
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().startsWith("picacc: error: glslang (LWJGL's shaderc) cannot be loaded on this platform"), r.err());
        // the loader's reason, though the natives' thread met it first (not the JVM's "Could not initialize class" of a later use)
        assertTrue(r.err().contains("libshaderc.so"), r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception in"), r.err());
        assertFalse(Files.exists(dir.resolve("shader.o")));
    }

    /** --help names the driver's modes; --version says what it is. */
    @Test
    void helpAndVersion() throws Exception {
        Run help = picacc("--help");
        ok(help);
        for (String o : new String[] {"-c", "-S", "-E", "-I", "-D", "-O0", "-g", "-MD", "-std=", "-fdiagnostics-format"}) {
            assertTrue(help.outText().contains(o), o + " in\n" + help.outText());
        }
        Run v = picacc("--version");
        ok(v);
        assertTrue(v.outText().startsWith("picacc "), v.outText());
    }

    /** -O0 and -O build the same behaviour; -g marks the object for a debug link. */
    @Test
    void optimisationAndDebugLevels() throws Exception {
        ok(picacc("-c", "shader.vert", "-o", "o0.o", "-O0", "-Iinc", "-DSCALE=1.0"));
        ok(picacc("-c", "shader.vert", "-o", "o2.o", "-O2", "-Iinc", "-DSCALE=1.0"));
        ok(picacc("-c", "shader.vert", "-o", "g.o", "-g", "-Iinc", "-DSCALE=1.0"));
        assertTrue(object("o2.o").code().length <= object("o0.o").code().length,
                Arrays.toString(object("o2.o").code()) + " vs " + Arrays.toString(object("o0.o").code()));
        assertTrue(object("g.o").debug());
        assertEquals(new String(Files.readAllBytes(dir.resolve("shader.vert")), StandardCharsets.UTF_8), SHADER);
    }

    /** A shader with three variables, n, s and i; %s is more of the loop's last statement. */
    private static final String TURN = """
            #version 450 core
            layout(location = 0) in vec4 position;
            layout(location = 1) in vec3 normal;
            layout(location = 1) out vec4 colour;
            void main() {
                vec3 n = normalize(normal);
                float s = 0.0;
                for (int i = 0; i < 3; i++) { s += n.x; n = n.yzx%s; }
                gl_Position = position;
                colour = vec4(s);
            }
            """;

    /** -g writes where the GLSL variables are beside the object or the binary (glsl.md 11), picalink carries it, picadbg reads it; without -g nothing. */
    @Test
    void debugLinksWriteTheVariableMapBesideTheBinary() throws Exception {
        Files.writeString(dir.resolve("turn.vert"), TURN.formatted(""));
        ok(picacc("-g", "turn.vert", "-o", "turn.shbin"));
        dev.pica.compiler.VariableMap m = dev.pica.compiler.VariableMap.parse(Files.readString(dir.resolve("turn.shbin.vars")));
        assertEquals(List.of("n", "s", "i"), m.variables().stream().map(v -> v.name()).toList(), m.text());
        ok(picacc("turn.vert", "-o", "plain.shbin"));
        assertFalse(Files.exists(dir.resolve("plain.shbin.vars")));
        // -g -c: the map beside the object, which picalink carries to the binary's
        ok(picacc("-g", "-c", "turn.vert", "-o", "turn.o"));
        assertEquals(m, dev.pica.compiler.VariableMap.parse(Files.readString(dir.resolve("turn.o.vars"))), "one object at word 0: the same map");
        ok(ToolProcess.run(dir, "Picalink", "turn.o", "-o", "linked.shbin"));
        assertEquals(Files.readString(dir.resolve("turn.shbin.vars")), Files.readString(dir.resolve("linked.shbin.vars")));
        ok(ToolProcess.run(dir, "Picalink", "-debug", "turn.vert", "-o", "direct.shbin"));
        assertEquals(Files.readString(dir.resolve("turn.shbin.vars")), Files.readString(dir.resolve("direct.shbin.vars")));
        // a map that does not read: a warning, the binary still written
        Files.writeString(dir.resolve("turn.o.vars"), "not a map\n");
        Run bad = ToolProcess.run(dir, "Picalink", "turn.o", "-o", "bad.shbin");
        ok(bad);
        assertTrue(bad.err().contains("turn.o.vars: warning: line 1: not a variable map of picacc -g"), bad.err());
        assertTrue(Files.exists(dir.resolve("bad.shbin")) && !Files.exists(dir.resolve("bad.shbin.vars")));
    }

    /**
     * A vertex and a geometry shader linked with -g: each main's variables in the binary's map,
     * which reads back whole though both have a local of one name and two types (picadbg read
     * the map picacc wrote as corrupt, "'corner' is a float above, not a vec2").
     */
    @Test
    void debugMapOfTwoMainsReadsBack() throws Exception {
        Path glsl = BatchTestSupport.examples().resolve("devkitpro/shaders");
        Files.copy(glsl.resolve("particle.geom"), dir.resolve("particle.geom"));
        Files.writeString(dir.resolve("particle.vert"), """
                #version 450 core
                #include <pica.glsl>
                layout(location = 0) in vec3 position;
                layout(location = 1) in float size;
                layout(location = 2) in vec4 colour;
                layout(location = PICA_COLOR) out vec4 vColour;
                layout(location = PICA_GENERIC0) out float vSize;
                uniform mat4 modelView;
                void main() {
                    float corner = size * size;
                    for (int i = 0; i < 2; i++) corner = corner * size + position.x;
                    gl_Position = modelView * vec4(position, corner);
                    vColour = colour * corner;
                    vSize = size;
                }
                """);
        ok(picacc("-g", "particle.vert", "particle.geom", "-o", "particle.shbin"));
        String text = Files.readString(dir.resolve("particle.shbin.vars"));
        assertTrue(text.contains("\ncorner float ") && text.contains("\ncorner vec2 "), text);
        dev.pica.format.diag.Diagnostics said = new dev.pica.format.diag.Diagnostics();
        int[] code = dev.pica.format.shbin.DvlbReader.read(Files.readAllBytes(dir.resolve("particle.shbin"))).program().code();
        dev.pica.compiler.VariableMap m = dev.pica.compiler.VariableMap.readBeside(dir.resolve("particle.shbin"), code, said);
        assertTrue(said.list().isEmpty(), said.list().toString());
        assertEquals(text, m.text(code), "read as written");
    }

    /**
     * A map left beside an object by an earlier -g build names the registers of other code once
     * the source changed and was rebuilt without -g: the map names the code it was written for,
     * and a link that reads it for other code says so and carries no map (it would show wrong values).
     */
    @Test
    void aMapLeftFromAnEarlierBuildIsNotCarried() throws Exception {
        Files.writeString(dir.resolve("stale.vert"), TURN.formatted(""));
        ok(picacc("-g", "-c", "stale.vert", "-o", "stale.o"));
        assertTrue(Files.readString(dir.resolve("stale.o.vars")).lines().skip(1).findFirst().orElse("").matches("# code [0-9]+ words, CRC-32 [0-9A-F]{8}"));
        ok(ToolProcess.run(dir, "Picalink", "stale.o", "-o", "fresh.shbin"));
        assertTrue(Files.exists(dir.resolve("fresh.shbin.vars")), "the map of the code it was written for is carried");
        Files.writeString(dir.resolve("stale.vert"), TURN.formatted(" * s"));
        ok(picacc("-c", "stale.vert", "-o", "stale.o"));
        assertTrue(Files.exists(dir.resolve("stale.o.vars")), "left as it was");
        Run r = ToolProcess.run(dir, "Picalink", "stale.o", "-o", "stale.shbin");
        ok(r);
        assertTrue(r.err().contains("stale.o.vars: warning: the variable map was written for other code (") && r.err().contains("it is left from an earlier build"), r.err());
        assertTrue(Files.exists(dir.resolve("stale.shbin")) && !Files.exists(dir.resolve("stale.shbin.vars")));
    }

    /**
     * A cold compile links no record's equals, hashCode or toString through invokedynamic: its
     * bootstrap (java.lang.runtime.ObjectMethods) spins method-handle classes that no class-data
     * archive holds, 14 ms of a cold picacc's CPU (issue 45 item 8, docs/performance.md). Every
     * port, example and Mesa regression shader, vertex and geometry, compiled in one process.
     */
    @Test
    void coldCompileLinksNoRecordMethod() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        while (!Files.exists(root.resolve("README.md"))) root = root.getParent();
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                "-Xlog:class+load=info:file=" + dir.resolve("classes.txt"), "-cp", System.getProperty("java.class.path"), "dev.pica.cli.Picacc", "-c"));
        int sources = 0;
        for (String folder : new String[] {"compiler/src/test/resources/ports", "compiler/src/test/resources/mesa-regressions", "examples/glsl", "examples/devkitpro/shaders"}) {
            try (var files = Files.list(root.resolve(folder))) {
                for (Path f : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".vert") || f.toString().endsWith(".geom")).sorted()::iterator) {
                    cmd.add(f.toString());
                    sources++;
                }
            }
        }
        assertTrue(sources >= 20, sources + " sources");
        Run r = ToolProcess.run(dir, null, cmd);
        ok(r);
        String loaded = Files.readString(dir.resolve("classes.txt"));
        assertTrue(loaded.contains("dev.pica.compiler.backend.Backend "), "no class-load log");
        assertFalse(loaded.contains("java.lang.runtime.ObjectMethods "), "a record method was linked through ObjectMethods");
    }
}
