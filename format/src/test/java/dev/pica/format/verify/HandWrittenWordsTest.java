package dev.pica.format.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules the assembler's block checks (E-L10-E-L12) keep out of assembled code, checked on
 * hand-written words as a foreign binary could hold them: F-LOST, F-SAME, F-CALL4 (isa.md 8.1:
 * LOOP, then IF, then CALL fire before a target applies; a 4th consecutive unwind fails).
 */
class HandWrittenWordsTest {

    private static List<String> verify(Instruction... words) {
        Program p = new ProgramBuilder("w.vsh").add(words).build();
        Diagnostics d = new Diagnostics();
        Verifier.verify(p, d);
        return d.list().stream().filter(x -> x.severity() == Diagnostic.Severity.ERROR).map(x -> x.pos().line() + ": " + x.message()).toList();
    }

    private static Instruction nop() {
        return Instruction.simple(Opcode.NOP);
    }

    @Test
    void callAsLastWordOfALoopIsLost() {
        assertEquals(List.of("3: 'call' cannot be the last instruction of a block; add a nop; path: w.vsh:1 -> w.vsh:3"),
                verify(Instruction.regFlow(Opcode.LOOP, 0, 2, 0), nop(), Instruction.cond(Opcode.CALL, 0, 0, 0, 4, 1),
                        Instruction.simple(Opcode.END), nop()).subList(0, 1));
    }

    @Test
    void twoBlocksEndingOnOneWord() {
        // IF part 1..2 and LOOP body 2..2 both end at word 2 (b0 and i0 are unknown: both outcomes)
        assertEquals(List.of("3: nested blocks end on the same instruction; add a nop; path: w.vsh:1 -> w.vsh:3"),
                verify(Instruction.regFlow(Opcode.IFU, 0, 3, 0), Instruction.regFlow(Opcode.LOOP, 0, 2, 0), nop(), Instruction.simple(Opcode.END)));
    }

    @Test
    void callsEndingOnOneWordReturnOneAtATime() {
        // four subroutines end at word 5, but each return address (4, 3, 2) differs: one unwinds per step
        List<String> e = verify(Instruction.cond(Opcode.CALL, 0, 0, 0, 1, 4), Instruction.cond(Opcode.CALL, 0, 0, 0, 2, 3),
                Instruction.cond(Opcode.CALL, 0, 0, 0, 3, 2), Instruction.cond(Opcode.CALL, 0, 0, 0, 4, 1), nop(), Instruction.simple(Opcode.END));
        assertEquals(List.of(
                "5: nested blocks end on the same instruction; add a nop; path: w.vsh:1 -> w.vsh:2 (call) -> w.vsh:3 (call) -> w.vsh:4 (call) -> w.vsh:5 (call)"), e);
    }

    @Test
    void fourChainedReturnsOnOneWord() {
        // each subroutine's last word calls the next (each an F-LOST: the SDK leaves a nested call right before 'ret'
        // undefined), so each return address is the caller's end: four unwind in one step
        List<String> e = verify(Instruction.cond(Opcode.CALL, 0, 0, 0, 1, 1), Instruction.cond(Opcode.CALL, 0, 0, 0, 2, 1),
                Instruction.cond(Opcode.CALL, 0, 0, 0, 3, 1), Instruction.cond(Opcode.CALL, 0, 0, 0, 4, 1), nop(), Instruction.simple(Opcode.END));
        assertEquals(List.of(
                "2: 'call' cannot be the last instruction of a block; add a nop; path: w.vsh:1 -> w.vsh:2 (call)",
                "3: 'call' cannot be the last instruction of a block; add a nop; path: w.vsh:1 -> w.vsh:2 (call) -> w.vsh:3 (call)",
                "4: 'call' cannot be the last instruction of a block; add a nop; path: w.vsh:1 -> w.vsh:2 (call) -> w.vsh:3 (call) -> w.vsh:4 (call)",
                "5: four calls return on the same instruction; the hardware does not return from the fourth; path: w.vsh:1 -> w.vsh:2 (call) -> w.vsh:3 (call) -> w.vsh:4 (call) -> w.vsh:5 (call)"), e);
    }

    @Test
    void chainedReturnsAreLostCalls() {
        // the emulator returns through both subroutines in one step, but the SDK leaves a nested call right
        // before 'ret' undefined (CTR-SDK callb.html): each such call is F-LOST, and is still followed
        assertEquals(List.of("4: 'call' cannot be the last instruction of a block; add a nop; path: w.vsh:1 -> w.vsh:4 (call)",
                "5: 'call' cannot be the last instruction of a block; add a nop; path: w.vsh:1 -> w.vsh:4 (call) -> w.vsh:5 (call)"),
                verify(Instruction.cond(Opcode.CALL, 0, 0, 0, 3, 1), Instruction.simple(Opcode.END), nop(),
                Instruction.cond(Opcode.CALL, 0, 0, 0, 4, 1), Instruction.cond(Opcode.CALL, 0, 0, 0, 5, 1), nop()));
    }

    @Test
    void jumpAsLastWordOfAnElsePart() {
        // no stack entry ends an else-part (a false if pushes none), yet the SDK refuses a jump right before 'endif'
        // (CTR-SDK jpc.html); word 0's else-part is words 2-3, its if-part word 1
        assertEquals(List.of("4: 'jpc' cannot be the last instruction of a block; add a nop; path: w.vsh:1 -> w.vsh:3 (else) -> w.vsh:4"),
                verify(Instruction.regFlow(Opcode.IFU, 0, 2, 2), nop(), nop(), Instruction.cond(Opcode.JMPC, 1, 1, 0, 4, 0),
                        Instruction.simple(Opcode.END)));
    }
}
