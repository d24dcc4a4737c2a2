package dev.pica.sim;

import static dev.pica.sim.Programs.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which named uniforms (table entries in unified numbering: c0 is 0x10, i0 0x70, b0 0x78) a run reads without setting, and the names a trace shows for registers. */
class UniformReadsTest {
    @Test
    void aNamedUniformReadButNeitherDefinedNorSetIsListedUntilSet() {
        Programs p = new Programs();
        p.out(0, 0, 0xF);
        p.uniform("scale", 0x10, 0x10); // c0
        p.uniform("proj", 0x11, 0x14); // c1-c4
        p.uniform("unused", 0x15, 0x15); // c5: no word reads it
        p.uniform("count", 0x70, 0x70); // i0: a LOOP reads it
        p.uniform("flag", 0x78 + 3, 0x78 + 3); // b3: an IFU reads it
        p.uniform("table", 0x16, 0x17); // c6-c7, read relatively only
        p.uniform("defined", 0x18, 0x18); // c8: set by the DVLE's constants
        p.flt(8, 1, 1, 1, 1);
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.alu(Opcode.MUL, r(0), c(0), r(0), all); // 0: reads scale
        p.alu(Opcode.DP4, r(1), c(2), r(0), all); // 1: reads proj[1]
        p.word(Instruction.regFlow(Opcode.LOOP, 0, 3, 0)); // 2: loop over i0, body 3
        p.word(Instruction.alu(Opcode.MOV, r(2), 1, c(6), 0, 0, all)); // 3: c6[a0.x]
        p.word(Instruction.regFlow(Opcode.IFU, 3, 6, 0)); // 4: if b3, if-part 5
        p.alu(Opcode.ADD, o(0), c(8), r(0), all); // 5: reads defined
        p.op(Opcode.END); // 6
        Simulator sim = p.simulator();
        assertEquals(List.of("scale", "proj", "count", "flag", "table"), sim.unsetUniformsRead());
        sim.uniform("scale", 1, 1, 1, 1).uniformInt("count", 1, 0, 1, 0).uniformBool("flag", true).uniform("proj[3]", 0, 0, 0, 0);
        assertEquals(List.of("table"), sim.unsetUniformsRead());
    }

    @Test
    void aRegisterIsNamedByTheTableThatCoversIt() {
        Programs p = new Programs();
        p.out(0, 0, 0xF).out(3, 3, 0x3);
        p.uniform("proj", 0x11, 0x14);
        p.uniform("pos", 0, 0);
        p.op(Opcode.END);
        Bindings b = p.shader().bindings();
        assertEquals("proj[2]", b.registerName('c', 3));
        assertEquals("pos", b.registerName('v', 0));
        assertEquals("position", b.registerName('o', 0));
        assertEquals("texcoord0", b.registerName('o', 3));
        assertNull(b.registerName('c', 0));
        assertNull(b.registerName('o', 1));
    }
}
