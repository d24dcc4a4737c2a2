package dev.pica.format.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A Program is a value: what it was built from and what it hands out cannot change it. */
class ProgramValueTest {
    private static final int NOP = InstructionCodec.encode(Instruction.simple(Opcode.NOP));
    private static final int END = InstructionCodec.encode(Instruction.simple(Opcode.END));

    @Test
    void theConstructorCopiesItsArrays() {
        int[] code = {NOP, END};
        int[] objectOf = {0, 0};
        SourcePos[] where = {SourcePos.named("a.vsh", 1), SourcePos.named("a.vsh", 2)};
        String[] brief = {"a.vsh:1", "a.vsh:2"};
        BitSet calls = new BitSet();
        Program p = new Program(code, new int[0], false, List.of(new Program.Entry(0, -1, "main")), 2, objectOf, List.of("a.o"),
                where, brief, List.of(), 0, List.of(), List.of(), calls, new BitSet(), true);
        code[1] = NOP;
        objectOf[1] = 1;
        where[1] = null;
        brief[1] = "b";
        calls.set(1);
        assertEquals(END, p.code(1));
        assertEquals(0, p.objectOf(1));
        assertEquals(SourcePos.named("a.vsh", 2), p.where(1));
        assertEquals("a.vsh:2", p.brief(1));
        assertEquals(false, p.callsImport(1));
    }

    @Test
    void itsArraysAreCopies() {
        Program p = new ProgramBuilder("a.vsh").add(Instruction.simple(Opcode.NOP), Instruction.simple(Opcode.END)).descriptors(0x1B).build();
        p.code()[1] = NOP;
        p.descriptors()[0] = 0;
        assertEquals(END, p.code(1));
        assertEquals(0x1B, p.descriptors()[0]);
    }

    @Test
    void equalWordsMakeEqualPrograms() {
        ProgramBuilder b = new ProgramBuilder("a.vsh").add(Instruction.simple(Opcode.NOP), Instruction.simple(Opcode.END));
        assertEquals(b.build(), b.build());
        assertEquals(b.build().hashCode(), b.build().hashCode());
        assertNotEquals(b.build(), b.add(Instruction.simple(Opcode.NOP)).build());
    }

    @Test
    void theBuilderNamesEachWordsLine() {
        Program p = new ProgramBuilder("w.vsh").add(Instruction.simple(Opcode.NOP), Instruction.simple(Opcode.END)).build();
        assertEquals(List.of("w.o"), p.objectNames());
        assertEquals("w.vsh:2", p.brief(1));
        assertEquals(2, p.mainEnd());
        assertEquals(List.of(new Program.Entry(0, -1, "main")), p.entries());
    }
}
