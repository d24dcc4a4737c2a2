package dev.pica.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.RegisterFile;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What {@link Structure} reads from a program, shape by shape: each region kind it compiles, and
 * each shape it must leave to the interpreter (null). The expected trees are worked out by hand
 * from the sequencer's rules (docs/spec/execution.md, "Sequencer").
 */
class StructureTest {
    private static final int R0 = RegisterFile.TEMPORARY.fieldBase;
    private static final Instruction MOV = Instruction.alu(Opcode.MOV, R0, 0, R0, 0, 0, 0);
    private static final Instruction END = Instruction.simple(Opcode.END);
    private static final Instruction NOP = Instruction.simple(Opcode.NOP);

    private static Instruction ifu(int target, int num) {
        return Instruction.regFlow(Opcode.IFU, 0, target, num);
    }

    private static Instruction loop(int lastWord) {
        return Instruction.regFlow(Opcode.LOOP, 0, lastWord, 0);
    }

    private static Instruction call(int target, int num) {
        return Instruction.cond(Opcode.CALL, 0, 0, 0, target, num);
    }

    private static Instruction jmpu(int target) {
        return Instruction.regFlow(Opcode.JMPU, 0, target, 0);
    }

    private static String read(Instruction... words) {
        int[] descriptors = {OperandDescriptors.build(0xF, false, 0x1B, false, 0x1B, false, 0x1B)};
        List<Structure.Node> nodes = Structure.read(new DecodedWords(words, descriptors), 0);
        return nodes == null ? null : text(nodes);
    }

    private static String text(List<Structure.Node> nodes) {
        return nodes.stream().map(StructureTest::text).collect(Collectors.joining(" "));
    }

    private static String text(Structure.Node n) {
        if (n instanceof Structure.Alu a) return (a.kind == null ? "nop" : "alu") + a.pc;
        if (n instanceof Structure.Note x) return "note" + x.pc();
        if (n instanceof Structure.If i) return "if" + i.pc() + "[" + text(i.then()) + "|" + text(i.otherwise()) + "]";
        if (n instanceof Structure.Loop l) return (l.nested() ? "nested-loop" : "loop") + l.pc() + "[" + text(l.body()) + "]";
        if (n instanceof Structure.Call c) return "call" + c.pc() + "[" + text(c.body()) + "]";
        if (n instanceof Structure.Break b) return "break" + b.pc();
        if (n instanceof Structure.Jump j) return "jump" + j.pc() + ">" + j.target().pc();
        if (n instanceof Structure.Target t) return "target" + t.pc();
        return "end" + ((Structure.End) n).pc();
    }

    @Test
    void straightWords() {
        assertEquals("alu0 nop1 end2", read(MOV, NOP, END));
    }

    @Test
    void ifWithThenAndElseParts() {
        // then-part 1..2 up to the else address 3, else-part of 1 word, then on at 4
        assertEquals("if0[alu1 alu2|alu3] end4", read(ifu(3, 1), MOV, MOV, MOV, END));
        assertEquals("if0[alu1|] end2", read(ifu(2, 0), MOV, END));
    }

    @Test
    void loopsWithBreakAndNesting() {
        assertEquals("loop0[alu1 break2 alu3] end4",
                read(loop(3), MOV, Instruction.simple(Opcode.BREAK), MOV, END));
        assertEquals("loop0[nested-loop1[alu2] alu3] end4", read(loop(3), loop(2), MOV, MOV, END));
        // a break with no loop pending does nothing
        assertEquals("nop0 end1", read(Instruction.simple(Opcode.BREAK), END));
    }

    @Test
    void callReadAtEachSite() {
        assertEquals("call0[alu4 alu5] call1[alu4 alu5] end2",
                read(call(4, 2), call(4, 2), END, NOP, MOV, MOV));
    }

    @Test
    void forwardJumpsLandOnTargets() {
        assertEquals("jump0>2 alu1 target2 alu2 end3", read(jmpu(2), MOV, MOV, END));
        // a jump to the next word is a step like any other
        assertEquals("nop0 alu1 end2", read(jmpu(1), MOV, END));
        // after END only a pending jump's target is reached
        assertEquals("jump0>3 alu1 end2 target3 alu3 end4", read(jmpu(3), MOV, END, MOV, END));
    }

    @Test
    void shapesLeftToTheInterpreter() {
        assertNull(read(MOV, jmpu(0), END), "backward jump");
        assertNull(read(call(0, 2), END), "recursion");
        assertNull(read(ifu(3, 0), jmpu(4), MOV, MOV, MOV, END), "jump out of an if");
        assertNull(read(jmpu(2), ifu(3, 0), MOV, MOV, END), "jump into an if");
        assertNull(read(loop(3), ifu(3, 0), Instruction.simple(Opcode.BREAK), MOV, END), "break inside an if in a loop");
        assertNull(read(Instruction.simple(Opcode.EMIT), END), "geometry emission");
        // the if's else address is also the loop's end: two blocks end at one word
        assertNull(read(loop(2), ifu(3, 0), MOV, END), "two blocks ending at one word");
    }

    @Test
    void stacksDeeperThanTheHardwareAreInterpreted() {
        // five nested calls: CALL's stack holds four
        assertEquals("call0[call2[call4[call6[alu8] nop7] nop5] nop3] end1",
                read(call(2, 2), END, call(4, 2), NOP, call(6, 2), NOP, call(8, 1), NOP, MOV));
        assertNull(read(call(2, 2), END, call(4, 2), NOP, call(6, 2), NOP, call(8, 2), NOP, call(10, 1), NOP, MOV));
        // five nested loops: LOOP's stack holds four
        assertEquals("loop0[nested-loop1[nested-loop2[nested-loop3[alu4] alu5] alu6] alu7] end8",
                read(loop(7), loop(6), loop(5), loop(4), MOV, MOV, MOV, MOV, END));
        assertNull(read(loop(9), loop(8), loop(7), loop(6), loop(5), MOV, MOV, MOV, MOV, MOV, END));
        // nested loops ending at one word: the inner end is also the outer one's
        assertNull(read(loop(2), loop(2), MOV, END));
    }
}
