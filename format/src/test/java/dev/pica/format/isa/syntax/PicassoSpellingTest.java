package dev.pica.format.isa.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.pica.format.isa.Opcode;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** picasso's spellings, against its manual's instruction list (docs/picasso-compat.md) and the mnemonic forms picals shows. */
class PicassoSpellingTest {
    @Test
    void mnemonicsAsPicassoReadsThem() {
        assertEquals(39, PicassoSpelling.mnemonics().size());
        assertEquals(Opcode.DPH, PicassoSpelling.ofMnemonic("dphi")); // the operands choose the inverted form
        assertEquals(Opcode.MAD, PicassoSpelling.ofMnemonic("MADI"));
        assertEquals(Opcode.LOOP, PicassoSpelling.ofMnemonic("for"));
        assertEquals(Opcode.EX2, PicassoSpelling.ofMnemonic("ex2"));
        assertEquals(Opcode.JMPU, PicassoSpelling.ofMnemonic("jmpu"));
        assertNull(PicassoSpelling.ofMnemonic("exp")); // the SDK's names are not picasso's
        assertNull(PicassoSpelling.ofMnemonic("jpb"));
        assertNull(PicassoSpelling.ofMnemonic("loop"));
    }

    @Test
    void mnemonicsAsPicassoWritesThem() {
        assertEquals("dph", PicassoSpelling.mnemonic(Opcode.DPHI));
        assertEquals("mad", PicassoSpelling.mnemonic(Opcode.MADI));
        assertEquals("lg2", PicassoSpelling.mnemonic(Opcode.LG2));
        assertEquals("for", PicassoSpelling.mnemonic(Opcode.LOOP));
        assertEquals("emit", PicassoSpelling.mnemonic(Opcode.EMIT));
        assertEquals("setemit", PicassoSpelling.mnemonic(Opcode.SETEMIT));
        assertEquals("callu", PicassoSpelling.mnemonic(Opcode.CALLU));
        // every opcode has a picasso spelling, and reading it gives the opcode back (inverted forms: their plain one)
        for (Opcode op : Opcode.values()) {
            Opcode plain = java.util.Arrays.stream(Opcode.values()).filter(o -> o.inverted() == op).findFirst().orElse(op);
            assertEquals(plain, PicassoSpelling.ofMnemonic(PicassoSpelling.mnemonic(op)), op.toString());
        }
    }

    @Test
    void theHoverFormsUseTheSameSpellings() {
        Set<Opcode> documented = new HashSet<>();
        for (Mnemonics.Entry e : Mnemonics.entries()) {
            if (e.op() == null || e.picasso() == null) continue;
            assertEquals(PicassoSpelling.mnemonic(e.op()), e.picasso().split(" ")[0], e.op().toString());
            documented.add(e.op());
        }
        for (String m : PicassoSpelling.mnemonics()) {
            Opcode op = PicassoSpelling.ofMnemonic(m);
            assertEquals(true, documented.contains(op), m);
        }
    }

    @Test
    void comparisonsAndMovaTargets() {
        assertEquals(java.util.List.of("eq", "ne", "lt", "le", "gt", "ge"), PicassoSpelling.COMPARISONS);
        assertEquals(8, PicassoSpelling.movaMask("a0.x"));
        assertEquals(8, PicassoSpelling.movaMask("A0"));
        assertEquals(4, PicassoSpelling.movaMask("a1"));
        assertEquals(12, PicassoSpelling.movaMask("a01"));
        assertEquals(-1, PicassoSpelling.movaMask("a0.z"));
        assertEquals("a0.xy", PicassoSpelling.movaTarget(12));
        assertNull(PicassoSpelling.movaTarget(2));
    }
}
