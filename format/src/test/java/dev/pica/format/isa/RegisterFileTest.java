package dev.pica.format.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The register files against the numbers the ISA and the DVLE's uniform table use (docs/spec/isa.md section 4). */
class RegisterFileTest {
    @Test
    void unifiedNumbering() {
        // libctru's DVLE_GetUniformRegister returns the unified index minus 0x10: c0 is 0x10, i0 0x70, b0 0x78
        assertEquals(RegisterFile.INPUT, RegisterFile.ofUnified(0x0F));
        assertEquals(RegisterFile.FLOAT_UNIFORM, RegisterFile.ofUnified(0x10));
        assertEquals(RegisterFile.FLOAT_UNIFORM, RegisterFile.ofUnified(0x6F)); // c95
        assertEquals(RegisterFile.INT_UNIFORM, RegisterFile.ofUnified(0x73));   // i3
        assertNull(RegisterFile.ofUnified(0x74));
        assertNull(RegisterFile.ofUnified(0x77));
        assertEquals(RegisterFile.BOOL_UNIFORM, RegisterFile.ofUnified(0x78));
        assertEquals(RegisterFile.BOOL_UNIFORM, RegisterFile.ofUnified(0x87));  // b15
        assertNull(RegisterFile.ofUnified(0x88));
    }

    @Test
    void picassoNumbering() {
        // picasso 2.7.2 numbers its pools v 0x00, r 0x10, c 0x20, i 0x80, b 0x88 (docs/picasso-compat.md)
        assertEquals(RegisterFile.INPUT, RegisterFile.ofPicasso(0x0F));
        assertEquals(RegisterFile.TEMPORARY, RegisterFile.ofPicasso(0x10));
        assertEquals(RegisterFile.FLOAT_UNIFORM, RegisterFile.ofPicasso(0x20));
        assertEquals(RegisterFile.FLOAT_UNIFORM, RegisterFile.ofPicasso(0x7F)); // c95
        assertEquals(RegisterFile.INT_UNIFORM, RegisterFile.ofPicasso(0x80));
        assertEquals(RegisterFile.INT_UNIFORM, RegisterFile.ofPicasso(0x83)); // i3
        assertNull(RegisterFile.ofPicasso(0x84));
        assertEquals(RegisterFile.BOOL_UNIFORM, RegisterFile.ofPicasso(0x88));
        assertEquals(RegisterFile.BOOL_UNIFORM, RegisterFile.ofPicasso(0x97)); // b15
        assertNull(RegisterFile.ofPicasso(0x98));
        assertEquals(0x98, RegisterFile.BOOL_UNIFORM.picassoEnd());
        // a uniform's picasso number is its unified index plus 0x10 (c5: unified 0x15, picasso 0x25; b2: 0x7A, 0x8A); inputs as they are
        assertEquals(0x15, RegisterFile.unifiedOfPicasso(0x25));
        assertEquals(0x7A, RegisterFile.unifiedOfPicasso(0x8A));
        assertEquals(0x71, RegisterFile.unifiedOfPicasso(0x81));
        assertEquals(0x03, RegisterFile.unifiedOfPicasso(0x03));
        assertEquals(0x25, RegisterFile.picassoOfUnified(0x15));
        assertEquals(0x8A, RegisterFile.picassoOfUnified(0x7A));
        for (RegisterFile f : new RegisterFile[] {RegisterFile.FLOAT_UNIFORM, RegisterFile.INT_UNIFORM, RegisterFile.BOOL_UNIFORM}) {
            assertEquals(f.unifiedBase, RegisterFile.unifiedOfPicasso(f.picassoBase), f.toString());
        }
        assertEquals(RegisterFile.OUTPUT, RegisterFile.ofField(0x05, true));
        assertEquals(RegisterFile.INPUT, RegisterFile.ofField(0x05, false));
        assertEquals(RegisterFile.FLOAT_UNIFORM, RegisterFile.ofField(0x7F, false));
    }

    @Test
    void fieldsAndSpellings() {
        // a 7-bit source field: v0-v15 at 0x00, r0-r15 at 0x10, c0-c95 at 0x20; a destination: o at 0x00, r at 0x10
        assertEquals(0x00, RegisterFile.INPUT.fieldBase);
        assertEquals(0x10, RegisterFile.TEMPORARY.fieldBase);
        assertEquals(0x20, RegisterFile.FLOAT_UNIFORM.fieldBase);
        assertEquals(0x00, RegisterFile.OUTPUT.fieldBase);
        assertEquals(0x7F, RegisterFile.FLOAT_UNIFORM.fieldBase + RegisterFile.FLOAT_UNIFORM.count - 1);
        assertEquals("c95", RegisterFile.FLOAT_UNIFORM.spell(95));
        assertEquals(RegisterFile.BOOL_UNIFORM, RegisterFile.ofLetter('B'));
        assertNull(RegisterFile.ofLetter('a'));
        for (String yes : new String[] {"v0", "v15", "o15", "r9", "c95", "i3", "b15"}) assertTrue(RegisterFile.isRegister(yes), yes);
        for (String no : new String[] {"v16", "c96", "i4", "b16", "c05", "r", "x1", "aL", "R1", "c1000"}) assertFalse(RegisterFile.isRegister(no), no);
        assertEquals("'r16' is not a valid temporary register (r0-r15)", RegisterFile.TEMPORARY.notValid("r16", 16));
        assertEquals("'o7' is not a valid output register (o0-o6)", RegisterFile.OUTPUT.notValid("o7", 7));
    }
}
