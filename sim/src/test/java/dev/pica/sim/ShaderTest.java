package dev.pica.sim;

import static org.junit.jupiter.api.Assertions.*;

import dev.pica.format.isa.Opcode;
import org.junit.jupiter.api.Test;

/** Naming an entry, and what an emission prints. */
class ShaderTest {
    @Test
    void anEntryWithoutLabelsIsNamedByIndexAndTheErrorSaysSo() {
        Programs p = new Programs();
        p.op(Opcode.END);
        var binary = p.shader().binary();
        assertEquals(0, Shader.entryIndex(binary, "0"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Shader.entryIndex(binary, "main"));
        assertEquals("the binary has 1 entry (0-0) and no main label 'main'; it keeps no labels at their main addresses"
                + " (picasso's binaries never do): name an entry by its index", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Shader.entryIndex(binary, "3"));
        assertTrue(e.getMessage().startsWith("the binary has 1 entry (0-0); "), e.getMessage());
    }

    @Test
    void anEmissionPrintsTheOutputRegistersItCarries() {
        float[] regs = new float[64];
        regs[0] = 1;
        regs[3] = 1;
        regs[9] = 0.5f;
        assertEquals("Emission[vertex 1, primitive, o0=(1, 0, 0, 1), o2=(0, 0.5, 0, 0)]", new Emission(1, true, false, regs).toString());
        assertEquals("Emission[vertex 0, outputs all 0]", new Emission(0, false, false, new float[64]).toString());
    }
}
