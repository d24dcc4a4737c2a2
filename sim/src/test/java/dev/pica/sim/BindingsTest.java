package dev.pica.sim;

import static org.junit.jupiter.api.Assertions.*;

import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.RegisterFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a name reaches: the DVLE's uniform table by file (unified numbering), raw registers, outputs by either spelling. */
class BindingsTest {
    private static Bindings bindings() {
        Programs p = new Programs();
        p.uniform("pos", 0x02, 0x02); // v2
        p.uniform("proj", 0x11, 0x14); // c1-c4
        p.uniform("count", 0x71, 0x71); // i1
        p.uniform("flags", 0x78, 0x87); // b0-b15
        p.uniform("astride", 0x6F, 0x70); // c95 and i0: no one file, not reachable
        p.uniform("gap", 0x74, 0x74); // between i3 and b0: no file
        p.out(0, 0, 0xF).out(3, 3, 0x3).out(7, 5, 0xF); // position, texcoord0, type 7
        p.op(Opcode.END);
        return p.shader().bindings();
    }

    @Test
    void tableNamesReachTheirFilesRanges() {
        Bindings b = bindings();
        assertEquals(new Bindings.Range(RegisterFile.INPUT, 2, 1), b.resolve("pos"));
        assertEquals(new Bindings.Range(RegisterFile.FLOAT_UNIFORM, 1, 4), b.resolve("proj"));
        assertEquals(new Bindings.Range(RegisterFile.FLOAT_UNIFORM, 3, 1), b.resolve("proj[2]"));
        assertNull(b.resolve("proj[4]"));
        assertEquals(new Bindings.Range(RegisterFile.INT_UNIFORM, 1, 1), b.resolve("count"));
        assertEquals(new Bindings.Range(RegisterFile.BOOL_UNIFORM, 0, 16), b.resolve("flags"));
        assertEquals("b0-b15", b.resolve("flags").text());
        assertNull(b.resolve("astride"));
        assertNull(b.resolve("gap"));
        assertEquals(List.of("pos", "proj", "count", "flags"), List.copyOf(b.named().keySet()));
    }

    @Test
    void rawNamesReachInputsUniformsAndOutputsButNotTemporaries() {
        assertEquals(new Bindings.Range(RegisterFile.FLOAT_UNIFORM, 95, 1), Bindings.raw("c95"));
        assertEquals(new Bindings.Range(RegisterFile.OUTPUT, 15, 1), Bindings.raw("O15"));
        assertEquals(new Bindings.Range(RegisterFile.INT_UNIFORM, 3, 1), Bindings.raw("i3"));
        assertEquals("v7", Bindings.raw("v7").text());
        assertNull(Bindings.raw("c96"));
        assertNull(Bindings.raw("i4"));
        assertNull(Bindings.raw("b16"));
        assertNull(Bindings.raw("r0"));
        assertNull(Bindings.raw("x1"));
    }

    @Test
    void outputsAreNamedByEitherSpellingTheirTypeOrRegister() {
        Bindings b = bindings();
        for (String name : List.of("position", "POS", "texcoord0", "tcoord0", "texture0", "type7", "o5")) {
            assertEquals(1, b.output(name).size(), name);
        }
        assertEquals(3, b.output("TEXTURE0").get(0).register());
        assertEquals(5, b.output("type7").get(0).register());
        assertTrue(b.output("color").isEmpty());
        assertTrue(b.output("o1").isEmpty());
        assertTrue(b.output("type8").isEmpty());
    }

    /**
     * A register two entries of the output table share (texcoord0 in o1.xy, texcoord1 in o1.zw;
     * the fuzzer's corrupt table put position and color both in o0) reads every lane mapped, by
     * its register, in a run and in a batch; a semantic two entries carry asks for a register.
     */
    @Test
    void aRegisterSharedByTwoEntriesReadsEveryLaneTheyMap() throws Exception {
        Programs p = new Programs();
        p.flt(0, 1, 2, 3, 4);
        p.alu(Opcode.MOV, Programs.o(1), Programs.c(0), 0, p.desc(Programs.MASK_ALL, Programs.XYZW, 0, 0));
        p.op(Opcode.END);
        p.out(3, 1, 0x3).out(5, 1, 0xC).out(2, 2, 0xF).out(2, 3, 0xF); // texcoord0 o1.xy, texcoord1 o1.zw, color twice
        Simulator sim = p.simulator();
        Result r = sim.run(java.util.Map.of());
        assertArrayEquals(new float[] {1, 2, 3, 4}, r.output("o1"));
        assertArrayEquals(new float[] {1, 2}, r.output("texcoord0"));
        assertArrayEquals(new float[] {3, 4}, r.output("texcoord1"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.output("color"));
        assertEquals("output 'color' names 2 entries of the output table; name a register (o0-o15)", e.getMessage());
        for (int vertices : new int[] {2, Simulator.COMPILE_AFTER + 1}) { // the interpreter and the compiled program
            float[] o1 = new float[4 * vertices];
            sim.runBatch(vertices, java.util.Map.of(), java.util.Map.of("o1", o1), 1);
            for (int k = 0; k < vertices; k++) assertArrayEquals(new float[] {1, 2, 3, 4}, java.util.Arrays.copyOfRange(o1, 4 * k, 4 * k + 4));
        }
    }

    /** Issue 47 item 5: a misspelt name is answered with the name meant, an input's or an output's. */
    @Test
    void aMisspeltNameGetsTheNearestName() {
        Bindings b = bindings();
        assertEquals("the shader has no uniform, input or register 'porj'; did you mean 'proj'?", b.unknownMessage("porj"));
        assertEquals("the shader has no output 'postion'; did you mean 'position'?", b.unknownOutputMessage("postion"));
        assertTrue(b.unknownOutputMessage("fog").startsWith("the shader has no output 'fog' (outputs: position o0, "), b.unknownOutputMessage("fog"));
    }

    /** The names file the Maven plugin writes beside a binary reads back as written; a line that is not "name vN" names its line. */
    @Test
    void inputNamesFilesReadBackAsWritten() throws Exception {
        java.util.Map<String, Integer> names = new java.util.LinkedHashMap<>();
        names.put("inpos", 0);
        names.put("innrm", 15);
        assertEquals(names, dev.pica.format.shbin.InputNames.read(dev.pica.format.shbin.InputNames.write(names)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dev.pica.format.shbin.InputNames.read("inpos v0\ninnrm v16\n"));
        assertEquals("line 2: expected 'name vN' (an input register v0-v15), not 'innrm v16'", e.getMessage());
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("names");
        java.nio.file.Path bin = dir.resolve("a.shbin");
        assertEquals(java.util.Map.of(), Shader.inputNamesBeside(bin));
        java.nio.file.Files.writeString(dev.pica.format.shbin.InputNames.beside(bin), "inpos r0\n");
        java.io.IOException bad = assertThrows(java.io.IOException.class, () -> Shader.inputNamesBeside(bin));
        assertEquals(dir.resolve("a.shbin.inputs") + ": line 1: expected 'name vN' (an input register v0-v15), not 'inpos r0'", bad.getMessage());
        // bytes that are not UTF-8 (the fuzz target inputNamesFile's first finding: the message was 'Input length = 1')
        java.nio.file.Files.write(dev.pica.format.shbin.InputNames.beside(bin), new byte[] {'i', 'n', 'p', 'o', 's', ' ', 'v', '0', '\n', 'a', (byte) 0xC3, ' ', 'v', '1'});
        bad = assertThrows(java.io.IOException.class, () -> Shader.inputNamesBeside(bin));
        assertEquals(dir.resolve("a.shbin.inputs") + ": line 2: not UTF-8 text (byte 11)", bad.getMessage());
        java.nio.file.Files.delete(dev.pica.format.shbin.InputNames.beside(bin));
        java.nio.file.Files.delete(dir);
    }
}
