package dev.pica.format.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.isa.syntax.Mnemonics;
import dev.pica.format.isa.syntax.PicassoSpelling;
import org.junit.jupiter.api.Test;

/**
 * The operand schema derived from the word formats' fields, against docs/spec/isa.md's tables
 * (section 3: which field is 7 bits wide and which source IDX indexes; section 5.2: usedInfo),
 * and the {@link Operands} view against words worked out by hand from those layouts.
 */
class OperandSchemaTest {
    @Test
    void sourcesAndWideSlotPerFormat() {
        // {format, sources, wide source (IDX applies to it), destination, usedInfo, SDK operands written}
        Object[][] rows = {
            {WordFormat.F0, 0, 0, false, 0x0, 0},
            {WordFormat.F1, 2, 1, true, 0x7, 3},
            {WordFormat.F1I, 2, 2, true, 0x7, 3},
            {WordFormat.F1U, 1, 1, true, 0x3, 2},
            {WordFormat.F1C, 2, 1, false, 0x6, 4},
            {WordFormat.F2, 0, 0, false, 0x0, 0},
            {WordFormat.F3, 0, 0, false, 0x0, 0},
            {WordFormat.F4, 0, 0, false, 0x0, 0},
            {WordFormat.F5, 3, 2, true, 0xF, 4},
            {WordFormat.F5I, 3, 3, true, 0xF, 4},
        };
        assertEquals(WordFormat.values().length, rows.length);
        for (Object[] r : rows) {
            WordFormat f = (WordFormat) r[0];
            assertEquals(r[1], f.sources(), f + " sources");
            assertEquals(r[2], f.wideSource(), f + " wide source");
            assertEquals(r[3], f.hasDestination(), f + " destination");
            assertEquals(r[4], f.usedInfo(), f + " usedInfo");
            assertEquals(r[5], f.writtenOperands(), f + " written operands");
            if (f.wideSource() > 0) assertEquals(7, f.field(WordFormat.sourceField(f.wideSource())).width(), f + " wide field width");
        }
    }

    @Test
    void operandCountMessagesAgreeWithTheSchema() {
        // the forms the assemblers' "expects N operands" messages print, held to the schema's count
        for (Opcode op : Opcode.values()) {
            if (op.format.sources() == 0 || op.plain() != null) continue;
            Mnemonics.Entry e = Mnemonics.of(op.mnemonic);
            int[] n = Mnemonics.operandCount(e.sdk());
            assertEquals(op.format.writtenOperands(), n[0], op + ": " + e.sdk());
            assertEquals(n[0], n[1], op + ": " + e.sdk());
        }
    }

    @Test
    void invertedFormsInOnePlace() {
        assertEquals(Opcode.DPH, Opcode.DPHI.plain());
        assertEquals(Opcode.MAD, Opcode.MADI.plain());
        assertNull(Opcode.DPH.plain());
        int inverted = 0;
        for (Opcode op : Opcode.values()) {
            if (op.plain() == null) continue;
            inverted++;
            assertEquals(op, op.plain().inverted());
            assertEquals(op.plain(), Opcode.ofMnemonic(op.plain().mnemonic), "the plain mnemonic names the plain row");
            assertEquals(op, Opcode.ofMnemonic(op.hardwareName()), "the inverted name names its own row");
            assertEquals(op.plain(), PicassoSpelling.ofMnemonic(op.hardwareName()), "picasso reads the inverted name as the plain opcode");
            assertEquals(Mnemonics.of(op.plain().mnemonic), Mnemonics.of(op.hardwareName()));
        }
        assertEquals(5, inverted); // DPHI DSTI SGEI SLTI MADI
    }

    @Test
    void operandsOfHandWorkedWords() {
        // mad r1, -v2.x, c5[a0.y], r3: format 5 (0b111), DST 0x11, IDX 2, SRC1 v2 = 0x02, SRC2 c5 = 0x25, SRC3 r3 = 0x13
        int word = 0b111 << 29 | 0x11 << 24 | 2 << 22 | 0x02 << 17 | 0x25 << 10 | 0x13 << 5 | 3;
        // descriptor: mask xyzw, src1 negated with xxxx (0x00), src2 xyzw (0x1B), src3 wzyx (0xE4)
        int desc = 0xF | 1 << 4 | 0x00 << 5 | 0x1B << 14 | 0xE4 << 23;
        Operands o = new Operands(InstructionCodec.decode(word), desc);
        assertEquals(Opcode.MAD, o.instruction().op());
        assertEquals(3, o.count());
        assertEquals(2, o.wide());
        assertEquals(0x02, o.code(1));
        assertEquals(RegisterFile.FLOAT_UNIFORM, o.file(2));
        assertEquals(5, o.number(2));
        assertEquals(0x13, o.code(3));
        assertEquals(0, o.index(1));
        assertEquals(2, o.index(2));
        assertEquals(0, o.index(3));
        assertTrue(o.negated(1));
        assertFalse(o.negated(2));
        assertEquals(0x00, o.selector(1));
        assertEquals(0xE4, o.selector(3));
        assertEquals(0xF, o.mask());
        assertEquals(0x11, o.destination());
        assertEquals("mad", o.sdkMnemonic());

        // sgei r0, r1, r2 (0x1A, format 1i): its wide source (src2) is r2, unindexed, so only the inverted name writes it
        int sgei = 0x1A << 26 | 0x10 << 21 | 0x11 << 14 | 0x12 << 7;
        Operands s = new Operands(InstructionCodec.decode(sgei), 0xF);
        assertEquals(2, s.wide());
        assertFalse(s.needsWide(2));
        assertEquals("sgei", s.sdkMnemonic());
        // with c4 as src2 (0x24) the plain name does: the encoder inverts sge r0, r1, c4 again
        Operands c = new Operands(InstructionCodec.decode(0x1A << 26 | 0x10 << 21 | 0x11 << 14 | 0x24 << 7), 0xF);
        assertTrue(c.needsWide(2));
        assertEquals("sge", c.sdkMnemonic());
        // indexed r register in the wide slot: plain name too
        Operands idx = new Operands(InstructionCodec.decode(0x1A << 26 | 0x10 << 21 | 1 << 19 | 0x11 << 14 | 0x12 << 7), 0xF);
        assertEquals("sge", idx.sdkMnemonic());
    }
}
