package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.sim.Simulator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * picasim on real binaries: the SDK's sky shader (as the official linker wrote it, which
 * picalink reproduces byte for byte) and picasso's golden binaries (basic-vs, flow-loop, calls,
 * mova, gsh-point), with outputs computed in
 * the test from the shaders' math, not by the simulator; and every kind of bad argument.
 */
class PicasimTest {
    @TempDir
    Path dir;
    Path sky;

    private record Out(int code, String out, String err) {}

    private static Out run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int c = Picasim.run(new ByteArrayInputStream(new byte[0]), new PrintStream(o, true), new PrintStream(e, true), args);
        return new Out(c, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("examples"))) p = p.getParent();
        return p;
    }

    @BeforeEach
    void buildSky() {
        Path o = dir.resolve("sky.o");
        sky = dir.resolve("sky.shbin");
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        assertEquals(0, Picasm.run(new PrintStream(sink), new PrintStream(sink), root().resolve("examples/sky.vsh").toString(), "-o", o.toString()));
        assertEquals(0, Picalink.run(new PrintStream(sink), new PrintStream(sink), o.toString(), "-o", sky.toString()));
    }

    /**
     * sky.vsh: r0 = WORLDVIEWPROJ rows . (aPosition.xyz, 1) with x and y swapped, position =
     * (1, -1, 1, 1) * r0; color = CURRENT_COLOR + (FOG_COLOR - CURRENT_COLOR) * (aColor.x / 255).
     */
    @Test
    void skyComputesItsTransformAndFogBlend() throws Exception {
        float[][] m = {{2, 0, 0, 1}, {0, 3, 0, 2}, {0, 0, 4, 3}, {0, 0, 0, 1}};
        float px = 1, py = 2, pz = 3;
        float[] row = new float[4];
        for (int k = 0; k < 4; k++) row[k] = m[k][0] * px + m[k][1] * py + m[k][2] * pz + m[k][3] * 1;
        // swapped x, y then the sign constant: (row1, -row0, row2, row3) = (8, -3, 15, 1)
        String want = String.format("(%s, %s, %s, %s)", fmt(row[1]), fmt(-row[0]), fmt(row[2]), fmt(row[3]));
        Out r = run(sky.toString(), "--set", "WORLDVIEWPROJ=2,0,0,1; 0,3,0,2; 0,0,4,3; 0,0,0,1", "--set", "aPosition=1,2,3",
                "--set", "aColor=0,0,0,0", "--set", "CURRENT_COLOR=0.25,0.5,0.75,1", "--set", "FOG_COLOR=1,1,1,1");
        assertEquals(0, r.code(), r.err());
        assertEquals("vertex 0:\n  position    o0        " + want + "\n  color       o1        (0.25, 0.5, 0.75, 1)\n", r.out());
        assertEquals("", r.err());
    }

    @Test
    void skyFogBlendMatchesTheLibraryApiAndAPlainComputation() throws Exception {
        Simulator sim = Simulator.load(sky);
        sim.uniform("CURRENT_COLOR", 0, 0, 0, 1).uniform("FOG_COLOR", 1, 0.5f, 0, 1);
        float[] color = sim.run(Map.of("aColor", new float[] {255, 0, 0, 0})).output("color");
        // c20 = 1/255 as float24 (0.0039215684); 255 * that, then (fog - current) * t + current
        float t = 255f * 0.0039215684f;
        assertEquals(1f * t + 0f, color[0]);
        assertEquals(0.5f * t, color[1]);
        assertEquals(0f, color[2]);
        assertEquals(1f, color[3]);
    }

    /** A binary picasso 2.7.2 wrote, from the golden corpus the tests carry. */
    private static String golden(String name) {
        return root().resolve("cli/src/test/resources/picasso-golden/" + name + "/expected.shbin").toString();
    }

    @Test
    void picassosBasicVsTransformsThroughBothMatrices() throws Exception {
        String bin = golden("basic-vs");
        // uModelView = translate (1, 2, 3); uProjection = scale (2, 2, 2); aPos = (1, 1, 1)
        Out r = run(bin, "--set", "uModelView=1,0,0,1;0,1,0,2;0,0,1,3;0,0,0,1", "--set", "uProjection=2,0,0,0;0,2,0,0;0,0,2,0;0,0,0,1",
                "--set", "aPos=1,1,1", "--set", "aColor=0.5,0.25,1,1", "--format", "json");
        assertEquals(0, r.code(), r.err());
        // (1+1, 1+2, 1+3, 1) scaled by 2 in x, y, z: (4, 6, 8, 1)
        assertEquals("{\"entry\": 0, \"vertices\": [\n  {\"outputs\": {\"position\": [4, 6, 8, 1], \"color\": [0.5, 0.25, 1, 1]}, \"steps\": 12}\n]}\n", r.out());
    }

    @Test
    void picassosForLoopAddressesThroughALAndBreaks() {
        // kLoop = (3, 0, 1): aL = 0, 1, 2, ...; r0 += uArr[aL] + uArr[aL+1] with uArr[k] = k + 1: 3, 8, 15;
        // at 15 the comparison 10 < r0.x holds and breakc leaves before the fourth pass (which would give 24)
        Out r = run(golden("flow-loop"), "--set", "uArr=1,1,1,1;2,2,2,2;3,3,3,3;4,4,4,4;5,5,5,5", "--set", "aPos=0,0,0,0", "--format", "json");
        assertEquals(0, r.code(), r.err());
        // words: mov, loop, two passes of 5, a third of 4 (add, add, cmp, breakc), mov, end
        assertEquals("{\"entry\": 0, \"vertices\": [\n  {\"outputs\": {\"position\": [15, 15, 15, 15]}, \"steps\": 18}\n]}\n", r.out());
    }

    @Test
    void picassosCallsFollowTheBoolAndTheComparison() {
        // r0 = aPos * uK = (2, 6, 0, -2); cmp: 2 < 2 false, 2 < 6 true: no callc; bA false: no callu,
        // jmpu !bA skips the doubling, jmpc cmp.y jumps to done
        Out off = run(golden("calls"), "--set", "uK=2,2,2,2", "--set", "aPos=1,3,0,-1", "--format", "json");
        assertEquals("{\"entry\": 0, \"vertices\": [\n  {\"outputs\": {\"position\": [2, 6, 0, -2]}, \"steps\": 10}\n]}\n", off.out(), off.err());
        // bA true: callu scales again (4, 12, 0, -4) and the add doubles it
        Out on = run(golden("calls"), "--set", "uK=2,2,2,2", "--set", "aPos=1,3,0,-1", "--set", "bA=true", "--format", "json");
        assertEquals("{\"entry\": 0, \"vertices\": [\n  {\"outputs\": {\"position\": [8, 24, 0, -8]}, \"steps\": 12}\n]}\n", on.out(), on.err());
    }

    @Test
    void picassosMovaTruncatesAndOffsets() {
        // aIdx = (1.9, -1.5): a0.x = 1 -> uTable[1] = 2; a0.y = -1 -> uTable[-1 + 2] = 2; then uTable[1 + 1] = 3: 7
        Out r = run(golden("mova"), "--set", "uTable=1,1,1,1;2,2,2,2;3,3,3,3;4,4,4,4;5,5,5,5;6,6,6,6;7,7,7,7;8,8,8,8",
                "--set", "aPos=0,0,0,0", "--set", "aIdx=1.9,-1.5,0,0", "--format", "json");
        assertEquals("{\"entry\": 0, \"vertices\": [\n  {\"outputs\": {\"position\": [7, 7, 7, 7]}, \"steps\": 9}\n]}\n", r.out(), r.err());
    }

    @Test
    void picassosPointGeometryShaderEmitsATriangle() throws Exception {
        Path input = dir.resolve("point.json");
        Files.writeString(input, "{\"uniforms\": {\"uSize\": [0.5, 0.25, 0, 0]}, \"primitives\": [[[[1, 2, 3, 1], [0.5, 0.5, 1, 1]]]]}");
        Out r = run(golden("gsh-point"), "--input", input.toString(), "--format", "raw");
        assertEquals(0, r.code(), r.err());
        // vertex 0 = v0; vertex 1 = v0 + uSize = (1.5, 2.25, 3, 1); vertex 2: x = 1.5, and picasso encodes
        // 'mov oPos.yzw, r0.yzw' with the selectors (y, z, w, w) in lane order, so y = v0.z = 3, z = w = v0.w = 1
        assertEquals(String.join("\n",
                "emit 0 0 0", "o0 3f800000 40000000 40400000 3f800000", "o1 3f000000 3f000000 3f800000 3f800000",
                "emit 1 0 0", "o0 3fc00000 40100000 40400000 3f800000", "o1 3f000000 3f000000 3f800000 3f800000",
                "emit 2 1 1", "o0 3fc00000 40400000 3f800000 3f800000", "o1 3f000000 3f000000 3f800000 3f800000", ""), r.out());
    }

    @Test
    void anAliasNamedInputIsAcceptedFromADebugBuildsSourceAndOtherwiseTheErrorSaysHowToNameIt() throws Exception {
        Path src = dir.resolve("alias.v.pica"), o = dir.resolve("alias.o"), debug = dir.resolve("alias-g.shbin"), plain = dir.resolve("alias.shbin");
        Files.writeString(src, "; an input named by .alias\n.out outpos position\n.alias inpos v0\n.proc main\n\tmov outpos, inpos\n\tend\n.end\n");
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        assertEquals(0, Picasm.run(new PrintStream(sink), new PrintStream(sink), "-debug", src.toString(), "-o", o.toString()), sink.toString());
        assertEquals(0, Picalink.run(new PrintStream(sink), new PrintStream(sink), "-debug", o.toString(), "-o", debug.toString()), sink.toString());
        Out r = run(debug.toString(), "--set", "inpos=1,2,3");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("position    o0        (1, 2, 3, 1)"), r.out());
        // picasso's own binary: no labels, no line table, so no source to read the alias from
        assertEquals(0, Picasso.run(new PrintStream(sink), new PrintStream(sink), "-o", plain.toString(), src.toString()), sink.toString());
        Out e = run(plain.toString(), "--set", "inpos=1,2,3");
        assertEquals(2, e.code());
        assertEquals("picasim: error: --set 'inpos=1,2,3': the shader has no uniform, input or register 'inpos' (it names position); an input picasso's "
                + ".alias names is not in a binary: name its register (v0-v15), keep its names beside the binary (NAME.shbin.inputs, which the Maven "
                + "plugin writes), or keep the sources beside a -debug build (picasm/picalink -debug)\n", e.err());
        assertEquals(0, run(plain.toString(), "--set", "v0=1,2,3").code());
        // the names the Maven plugin records beside a binary (issue 47 item 5)
        Files.writeString(dev.pica.format.shbin.InputNames.beside(plain), dev.pica.format.shbin.InputNames.write(Map.of("inpos", 0)));
        Out named = run(plain.toString(), "--set", "inpos=1,2,3");
        assertEquals(0, named.code(), named.err());
        assertTrue(named.out().contains("position    o0        (1, 2, 3, 1)"), named.out());
    }

    @Test
    void aUniformTheShaderReadsButTheRunNeverSetsIsANoteOnceAndMinusWSilencesIt() {
        Out r = run(sky.toString(), "--set", "aPosition=1,2,3", "--set", "WORLDVIEWPROJ=1,0,0,0;0,1,0,0;0,0,1,0;0,0,0,1", "--set", "FOG_COLOR=1,1,1,1");
        assertEquals(0, r.code(), r.err());
        // sky reads c0-c5 and its def'd c19, c20: CURRENT_COLOR (c4) is the one nobody set; aColor is an input
        assertEquals(sky + ": note: uniform 'CURRENT_COLOR' (c4) is read by the shader but never set (--set, or \"uniforms\" in --input); it read as 0\n", r.err());
        Out quiet = run(sky.toString(), "--set", "aPosition=1,2,3", "--set", "WORLDVIEWPROJ=1,0,0,0;0,1,0,0;0,0,1,0;0,0,0,1", "--set", "FOG_COLOR=1,1,1,1", "-w");
        assertEquals(0, quiet.code());
        assertEquals("", quiet.err());
        assertEquals(r.out(), quiet.out());
    }

    @Test
    void aPrimitiveNestedOneLevelTooFewIsAnErrorShowingTheShape() throws Exception {
        Path input = dir.resolve("flat.json");
        // three levels: a primitive of vertices given as bare attributes
        Files.writeString(input, "{\"primitives\": [[[1, 2, 3, 1]]]}");
        Out r = run(golden("gsh-point"), "--input", input.toString());
        assertEquals(2, r.code());
        assertEquals("picasim: error: primitive 0 vertex 0 attribute 0: an attribute is 4 values, not 1 (\"primitives\": [primitive, ...], "
                + "a primitive [vertex, ...], a vertex [attribute, ...], an attribute [x, y, z, w]; one triangle of one attribute per vertex: "
                + "[[[[1,0,0,1]], [[0,1,0,1]], [[0,0,1,1]]]])\n", r.err());
    }

    @Test
    void rawFormatPrintsBitPatternsPerMappedRegister() {
        Out r = run(sky.toString(), "--set", "aColor=0,0,0,0", "--set", "FOG_COLOR=-0,1,0.5,2", "--set", "CURRENT_COLOR=0,0,0,0", "--format", "raw");
        assertEquals(0, r.code(), r.err());
        // position: all of WORLDVIEWPROJ is 0: r0 = 0, times (1, -1, 1, 1): y = -0
        assertEquals("o0 00000000 80000000 00000000 00000000\no1 00000000 00000000 00000000 00000000\n", r.out());
    }

    @Test
    void inputFileRunsEveryVertexWithTheSameUniforms() throws Exception {
        Path in = dir.resolve("in.json");
        Files.writeString(in, "{\"uniforms\": {\"WORLDVIEWPROJ\": [[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]},\n"
                + " \"vertices\": [{\"aPosition\": [1, 2, 3]}, {\"aPosition\": [4, 5, 6, 1], \"aColor\": [\"0x3f0000\", 0, 0, 0]}]}");
        Out r = run(sky.toString(), "--input", in.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertEquals("{\"entry\": 0, \"vertices\": [\n"
                + "  {\"outputs\": {\"position\": [2, -1, 3, 1], \"color\": [0, 0, 0, 0]}, \"steps\": 12},\n"
                + "  {\"outputs\": {\"position\": [5, -4, 6, 1], \"color\": [0, 0, 0, 0]}, \"steps\": 12}\n]}\n", r.out());
    }

    /**
     * A file whose vertices all give the same inputs runs through the batch API (compiled, on
     * every core); one whose vertices differ runs vertex by vertex, interpreted first: the
     * printed bits must be the same.
     */
    @Test
    void anInputFileRunsAsOneBatchWithTheSameBitsAsVertexByVertex() throws Exception {
        String[] specials = {"0", "-0", "1.5", "-2.25", "\"inf\"", "\"-inf\"", "\"nan\"", "3", "0.125", "-7"};
        StringBuilder same = new StringBuilder(), mixed = new StringBuilder();
        for (int v = 0; v < 40; v++) {
            String pos = "\"aPosition\": [" + specials[v % 10] + ", " + specials[(v * 3 + 1) % 10] + ", " + specials[(v * 7 + 2) % 10] + "]";
            same.append(v == 0 ? "" : ", ").append("{").append(pos).append(", \"aColor\": [0, 0, 0, 0]}");
            mixed.append(v == 0 ? "" : ", ").append("{").append(pos).append(v == 0 ? "" : ", \"aColor\": [0, 0, 0, 0]").append("}");
        }
        String uniforms = "{\"uniforms\": {\"WORLDVIEWPROJ\": [[1,2,0,0],[0,1,0,-3],[0.5,0,1,0],[0,0,\"nan\",1]]}, \"vertices\": [";
        Path a = dir.resolve("same.json"), b = dir.resolve("mixed.json");
        Files.writeString(a, uniforms + same + "]}");
        Files.writeString(b, uniforms + mixed + "]}");
        Out batch = run(sky.toString(), "--input", a.toString(), "--format", "raw");
        Out oneByOne = run(sky.toString(), "--input", b.toString(), "--format", "raw");
        assertEquals(0, batch.code(), batch.err());
        assertEquals(0, oneByOne.code(), oneByOne.err());
        assertEquals(oneByOne.out(), batch.out());
        assertTrue(batch.out().contains("7fc00000") || batch.out().contains("ffc00000"), "NaN lanes expected: " + batch.out());
    }

    @Test
    void traceShowsEachWordAndWhatItWrote() {
        Out r = run(sky.toString(), "--set", "aPosition=1,2,3", "--set", "WORLDVIEWPROJ=1,0,0,0;0,1,0,0;0,0,1,0;0,0,0,1", "--trace");
        assertEquals(0, r.code(), r.err());
        // registers by the names the shader's tables give them
        assertTrue(r.out().contains("  |    0  dp4 r0.x, WORLDVIEWPROJ[0], aPosition  r0.x=1\n"), r.out());
        assertTrue(r.out().contains("  |    8  add r2, -CURRENT_COLOR, r1        r2.x=0"), r.out());
        assertTrue(r.out().contains("  |    4  mov r0.xyz, r0.yxz                r0.x=2 r0.y=1 r0.z=3\n"), r.out());
        assertTrue(r.out().contains("  |   11  end\n"), r.out());
    }

    @Test
    void traceOfADebugBuildWalksThroughTheSource() throws Exception {
        Path o = dir.resolve("skyd.o"), bin = dir.resolve("skyd.shbin");
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        assertEquals(0, Picasm.run(new PrintStream(sink), new PrintStream(sink), "-debug", root().resolve("examples/sky.vsh").toString(), "-o", o.toString()));
        assertEquals(0, Picalink.run(new PrintStream(sink), new PrintStream(sink), "-debug", o.toString(), "-o", bin.toString()));
        Out r = run(bin.toString(), "--set", "aPosition=1,2,3", "--set", "WORLDVIEWPROJ=1,0,0,0;0,1,0,0;0,0,1,0;0,0,0,1", "--trace");
        assertEquals(0, r.code(), r.err());
        // word 0 is line 14 of sky.vsh, the first dp4 after main:
        assertTrue(Files.readAllLines(root().resolve("examples/sky.vsh")).get(13).contains("dp4"));
        assertTrue(r.out().contains("  |    0  dp4 r0.x, WORLDVIEWPROJ[0], aPosition sky.vsh:14  r0.x=1\n"), r.out());
        assertTrue(r.out().contains("sky.vsh:18  r0.x=2 r0.y=1 r0.z=3\n"), r.out());
    }

    @Test
    void mistakesAreOneLineErrorsNamingTheArgumentAndPrintNothing() throws Exception {
        Path in = dir.resolve("bad.json");
        Files.writeString(in, "{\"uniforms\": {\"FOG_COLOR\": [1, 2,]}}");
        Path obj = dir.resolve("sky.o");
        String[][] cases = {
            {"--set", "bogus=1", "picasim: error: --set 'bogus=1': the shader has no uniform, input or register 'bogus' (it names aPosition, aColor, WORLDVIEWPROJ, CURRENT_COLOR, FOG_COLOR, position, color)\n"},
            {"--set", "WORLDVIEWPROJ=1,2", "picasim: error: --set 'WORLDVIEWPROJ=1,2': 'WORLDVIEWPROJ' (c0-c3) takes 16 values (4 rows of 4), not 2\n"},
            {"--set", "FOG_COLOR=1,x,0,0", "picasim: error: --set 'FOG_COLOR=1,x,0,0': 'x' is not a number\n"},
            {"--set", "FOG_COLOR=0x1000000,0,0,0", "picasim: error: --set 'FOG_COLOR=0x1000000,0,0,0': '0x1000000' is not a 24-bit float24 pattern (0x000000-0xffffff)\n"},
            {"--set", "i0=1,2,3,256", "picasim: error: --set 'i0=1,2,3,256': 256 is not an integer between 0 and 255\n"},
            {"--set", "b0=yes", "picasim: error: --set 'b0=yes': 'yes' is not a boolean (true or false)\n"},
            {"--set", "position=1,2,3,4", "picasim: error: --set 'position=1,2,3,4': 'position' is an output; outputs are what the run prints\n"},
            {"--set", "aPosition=1,2,3,4,5", "picasim: error: --set 'aPosition=1,2,3,4,5': 'aPosition' (v0) takes 1 to 4 values, not 5\n"},
            {"--entry", "7", "picasim: error: --entry '7': the binary has 1 entry (0-0); name an index or a main label: main (0)\n"},
            {"--input", in.toString(), "picasim: error: " + in + ":1:35: not valid JSON here (at $.uniforms.FOG_COLOR[2])\n"},
            {"--max-steps", "0", "picasim: error: --max-steps must be positive, not 0\n"},
        };
        for (String[] c : cases) {
            Out r = run(sky.toString(), c[0], c[1]);
            assertEquals(2, r.code(), c[1]);
            assertEquals("", r.out(), c[1]);
            assertEquals(c[2], r.err(), c[1]);
        }
        Out r = run(obj.toString());
        assertEquals(1, r.code());
        assertEquals(obj + ": error: is an object (DVOJ), not a linked shader; link it first (picalink FILE.o -o FILE.shbin)\n", r.err());
        byte[] cut = java.util.Arrays.copyOf(Files.readAllBytes(sky), 40);
        Path bad = dir.resolve("cut.shbin");
        Files.write(bad, cut);
        r = run(bad.toString());
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith(bad + ": error: ") && r.err().contains("offset") || r.err().contains("0x"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void anEmptyInputFileIsMalformedJson() {
        Out r = run(sky.toString(), "--input", "-");
        assertEquals(2, r.code());
        assertEquals("picasim: error: -:1:1: unexpected end of input\n", r.err());
    }

    /**
     * When the simulator's compiled code fails (here on purpose, through the test hook
     * dev.pica.sim.compiledFault: the JVM refusing the class, or the code throwing), picasim still
     * prints every vertex as the interpreter computes it, exits 0, and says so in a note; no
     * internal error. 40 vertices: past the 16 runs after which the simulator compiles.
     */
    @Test
    void aFailureOfCompiledCodeIsANoteAndTheInterpreterRuns() throws Exception {
        StringBuilder json = new StringBuilder("{\"uniforms\": {\"WORLDVIEWPROJ\": [2,0,0,1, 0,3,0,2, 0,0,4,3, 0,0,0,1]}, \"vertices\": [");
        for (int v = 0; v < 40; v++) json.append(v == 0 ? "" : ", ").append("{\"aPosition\": [").append(v).append(", -1, 0.5], \"aColor\": [").append(v).append(", 0, 0, 0]}");
        Path input = dir.resolve("forty.json");
        Files.writeString(input, json.append("]}").toString());
        Out plain = run(sky.toString(), "--input", input.toString(), "-w");
        assertEquals(0, plain.code(), plain.err());
        for (String fault : new String[] {"load", "run"}) {
            System.setProperty("dev.pica.sim.compiledFault", fault);
            try {
                Out r = run(sky.toString(), "--input", input.toString());
                assertEquals(0, r.code(), r.err());
                assertEquals(plain.out(), r.out(), fault);
                assertTrue(r.err().startsWith(sky + ": note: the simulator's compiled code failed on this shader (java.lang."), r.err());
                assertTrue(r.err().contains("the interpreter ran it instead, with the same results"), r.err());
                assertTrue(!r.err().contains("internal error"), r.err());
            } finally {
                System.clearProperty("dev.pica.sim.compiledFault");
            }
        }
    }

    /**
     * A .shbin whose output map entry names o8193 (one flipped byte in entry 1's register field):
     * picasim and picadis --dump say so at the field's offset, exit 1, and write nothing on
     * standard output (picasim died with an internal error indexing past o15, picadis printed o8193).
     */
    @Test
    void anOutputRegisterPastO15IsAnErrorAtItsOffset() throws Exception {
        byte[] b = Files.readAllBytes(sky);
        java.nio.ByteBuffer w = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int dvle = w.getInt(dev.pica.format.shbin.Layout.Dvlb.DVLE_OFFSETS);
        int field = dvle + w.getInt(dvle + dev.pica.format.shbin.Layout.Dvle.OUTPUT_MAP_OFFSET.offset()) + 8 + 2;
        b[field + 1] ^= 0x20;
        Path bad = dir.resolve("o8193.shbin");
        Files.write(bad, b);
        String want = bad + ": error: " + String.format("offset 0x%X: output map 1 names o8193 (o0-o15 exist)", field) + "\n";
        Out r = run(bad.toString(), "--set", "aPosition=1,2,3");
        assertEquals(1, r.code(), r.err());
        assertEquals(want, r.err());
        assertEquals("", r.out());
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = Picadis.run(new PrintStream(o, true), new PrintStream(e, true), "--dump", bad.toString());
        assertEquals(1, code);
        assertEquals(want, e.toString(StandardCharsets.UTF_8));
        assertEquals("", o.toString(StandardCharsets.UTF_8));
    }

    private static String fmt(float f) {
        return dev.pica.sim.Values.text(f);
    }
}
