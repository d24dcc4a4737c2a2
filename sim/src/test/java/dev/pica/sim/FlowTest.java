package dev.pica.sim;

import static dev.pica.sim.Programs.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.GsMode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Flow-control vectors: every form, LOOP's counter, step and aL, nested loops, breaks, block
 * ends that override a jump, the call stack at its limit, geometry emission. Expected values
 * follow by hand from the rules in docs/spec/execution.md.
 */
class FlowTest {
    /** add r0, r0, c0 (c0 = 1,1,1,1): counts how often a word runs. */
    static void count(Programs p, int desc) {
        p.alu(Opcode.ADD, r(0), c(0), r(0), desc);
    }

    static float counted(Programs p) throws SimulationException {
        return p.simulator().run(Map.of()).register(0)[0];
    }

    static Programs counting() {
        Programs p = new Programs();
        p.flt(0, 1, 1, 1, 1);
        return p;
    }

    @Test
    void loopRunsItsBodyCountPlusOneTimesAndStepsAL() throws Exception {
        Programs p = counting();
        p.integer(0, 2, 1, 3, 0); // count 2, aL starts at 1, step 3
        for (int k = 10; k < 20; k++) p.flt(k, k, 0, 0, 0);
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.word(Instruction.regFlow(Opcode.LOOP, 0, 2, 0)); // 0: loop, body is word 1..2
        p.op(Opcode.NOP); // 1
        count(p, all); // 2 (last word of the body)
        p.alu(Opcode.MOV, o(0), r(0), 0, all); // 3
        p.aluIdx(Opcode.MOV, o(1), 3, c(0), 0, all); // 4: c[aL] with aL = 1 + 3 * 3 = 10
        p.op(Opcode.END);
        Result res = p.simulator().run(Map.of());
        assertEquals(3f, res.register(0)[0]);
        assertEquals(10f, res.register(1)[0]);
    }

    @Test
    void anInnerLoopsExitRestoresALToItsOwnStartValue() throws Exception {
        Programs p = counting();
        p.integer(0, 0, 5, 1, 0); // outer: once, aL = 5, step 1
        p.integer(1, 1, 12, 2, 0); // inner: twice, aL = 12, step 2
        for (int k = 0; k < 20; k++) p.flt(20 + k, 20 + k, 0, 0, 0);
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.word(Instruction.regFlow(Opcode.LOOP, 0, 4, 0)); // 0: outer body 1..4
        p.word(Instruction.regFlow(Opcode.LOOP, 1, 2, 0)); // 1: inner body 2..2
        count(p, all); // 2
        // 3: after the inner loop aL is restored to 12 (the emulator saves aL after setting it), not 5
        p.aluIdx(Opcode.MOV, o(0), 3, c(20), 0, all); // c[20 + aL] = c32 = 32
        p.op(Opcode.NOP); // 4: end of the outer body: aL = 12 + 1 = 13, leaves (outermost: not restored)
        p.aluIdx(Opcode.MOV, o(1), 3, c(20), 0, all); // 5: c33
        p.op(Opcode.END);
        Result res = p.simulator().run(Map.of());
        assertEquals(32f, res.register(0)[0]);
        assertEquals(33f, res.register(1)[0]);
    }

    @Test
    void breakcLeavesTheLoopAndStillStepsAL() throws Exception {
        Programs p = counting();
        p.integer(0, 9, 0, 1, 0); // ten iterations unless broken
        p.flt(1, 3, 0, 0, 0);
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.word(Instruction.regFlow(Opcode.LOOP, 0, 4, 0)); // 0: body 1..4
        count(p, all); // 1
        p.word(Instruction.cmp(5, 5, 0, r(0), r(0), p.desc(0, XYZW, XYZW, 0))); // 2: cmp r0 >= r0: (true, true)
        p.word(Instruction.cond(Opcode.BREAKC, 1, 1, 2, 0, 0)); // 3: cmp.x is true: leave the loop
        count(p, all); // 4: never runs
        p.alu(Opcode.MOV, o(0), r(0), 0, all); // 5
        p.op(Opcode.END);
        assertEquals(1f, p.simulator().run(Map.of()).register(0)[0]);
    }

    @Test
    void ifcTrueRunsTheThenPartAndSkipsTheElsePart() throws Exception {
        Programs p = counting();
        p.flt(1, 2, 7, 0, 0);
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.alu(Opcode.MOV, r(1), c(1), 0, all); // 0: r1 = (2, 7)
        // 1: cmp c1 < r1.yxzw: x: 2 < 7 true, y: 7 < 2 false
        p.word(Instruction.cmp(2, 2, 0, c(1), r(1), p.desc(0, XYZW, YXZW, 0)));
        p.word(Instruction.cond(Opcode.IFC, 1, 0, 1, 4, 2)); // 2: if (cmp.x && !cmp.y): then 3, else 4..5, end 6
        count(p, all); // 3
        count(p, all); // 4 (else)
        count(p, all); // 5 (else)
        p.alu(Opcode.MOV, o(0), r(0), 0, all); // 6
        p.op(Opcode.END);
        assertEquals(1f, counted(p));
    }

    @Test
    void ifuFalseJumpsToTheElsePart() throws Exception {
        Programs p = counting();
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.word(Instruction.regFlow(Opcode.IFU, 3, 2, 2)); // 0: if b3: then 1, else 2..3
        count(p, all); // 1
        count(p, all); // 2
        count(p, all); // 3
        p.alu(Opcode.MOV, o(0), r(0), 0, all); // 4
        p.op(Opcode.END);
        Shader s = p.shader();
        assertEquals(2f, new Simulator(s).run(Map.of()).register(0)[0]);
        assertEquals(1f, new Simulator(s).uniformBool("b3", true).run(Map.of()).register(0)[0]);
    }

    @Test
    void aJumpThatIsTheLastWordOfAnIfPartIsLost() throws Exception {
        Programs p = counting();
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.bool(0, true);
        p.word(Instruction.regFlow(Opcode.IFU, 0, 3, 2)); // 0: then 1..2, else 3..4, end 5
        count(p, all); // 1
        p.word(Instruction.regFlow(Opcode.JMPU, 0, 4, 0)); // 2: jpb b0 -> 4, but the if-part ends here: continue at 5
        count(p, all); // 3
        count(p, all); // 4
        p.alu(Opcode.MOV, o(0), r(0), 0, all); // 5
        p.op(Opcode.END);
        assertEquals(1f, counted(p));
    }

    @Test
    void jmpuComparesTheBoolWithTheInverseOfNumBitZero() throws Exception {
        Programs p = counting();
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.word(Instruction.regFlow(Opcode.JMPU, 2, 2, 1)); // 0: jump to 2 if b2 == false (NUM bit 0 set)
        count(p, all); // 1
        p.alu(Opcode.MOV, o(0), r(0), 0, all); // 2
        p.op(Opcode.END);
        Shader s = p.shader();
        assertEquals(0f, new Simulator(s).run(Map.of()).register(0)[0]);
        assertEquals(1f, new Simulator(s).uniformBool("b2", true).run(Map.of()).register(0)[0]);
    }

    @Test
    void callReturnsAfterNumWordsAndCallcFollowsTheCondition() throws Exception {
        Programs p = counting();
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 6, 2)); // 0: call 6..7
        p.word(Instruction.cond(Opcode.CALLC, 1, 1, 1, 6, 2)); // 1: cmp is (false, false): not taken
        p.word(Instruction.cond(Opcode.CALLC, 0, 0, 1, 6, 1)); // 2: taken, runs word 6 only
        p.alu(Opcode.MOV, o(0), r(0), 0, all); // 3
        p.op(Opcode.END); // 4
        p.op(Opcode.NOP); // 5
        count(p, all); // 6
        count(p, all); // 7
        assertEquals(3f, counted(p));
    }

    @Test
    void aCallAsTheLastWordOfASubroutineChainsItsReturn() throws Exception {
        // three levels, each calling the next as its last word; the innermost returns through
        // all of them at once
        Programs p = counting();
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 10, 1)); // 0: call A = 10..10
        p.alu(Opcode.MOV, o(0), r(0), 0, all); // 1
        p.op(Opcode.END); // 2
        while (p.here() < 10) p.op(Opcode.NOP);
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 11, 1)); // 10: A calls B = 11..11
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 12, 2)); // 11: B calls C = 12..13
        count(p, all); // 12
        count(p, all); // 13: C ends; C returns to 12 (B's end + ...)
        p.op(Opcode.END);
        // trace it: 0 call A(10); 10 call B(11): A's end is 11, B pushed on top: not lost;
        // 11 call C(12): B's end 12, C on top; 12 count; 13 count, C ends at 14: return to 12 =
        // B's end: return to 11 = A's end: return to 1 (three unwinds): mov, end
        assertEquals(2f, counted(p));
    }

    @Test
    void aFourthUnwindInOneStepPopsWithoutMovingThePc() throws Exception {
        Programs p = counting();
        p.flt(1, 99, 0, 0, 0);
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 10, 1)); // 0: call A = 10
        p.alu(Opcode.MOV, o(0), r(0), 0, all); // 1: where a correct return would land
        p.op(Opcode.END); // 2
        while (p.here() < 10) p.op(Opcode.NOP);
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 11, 1)); // 10: A -> B = 11
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 12, 1)); // 11: B -> C = 12
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 13, 2)); // 12: C -> D = 13..14
        count(p, all); // 13
        count(p, all); // 14: D ends: returns to 13 (C's end), 12 (B's end), 11 (A's end); A's pop keeps 11
        p.alu(Opcode.MOV, o(0), c(1), 0, all); // 15
        p.op(Opcode.END); // 16
        // 14 ends D, C, B (PC 13, 12, 11) and pops A without moving: word 11 runs again with an
        // empty stack: C' and D' return to 12, D'' (called from 12) returns to 13, which ends
        // nothing now: 13, 14, then 15 writes 99. A fourth unwind that moved the PC would
        // return to word 1 and write r0 = 2.
        Result res = p.simulator().run(Map.of());
        assertEquals(99f, res.register(0)[0]);
    }

    @Test
    void emitWritesTheCurrentBankAndSwitchesToTheOther() throws Exception {
        Programs p = new Programs();
        p.type = Dvle.GEOMETRY;
        p.gs = new GsMode(0, 0, 0, 0);
        p.flt(0, 1, 1, 1, 1).flt(1, 2, 2, 2, 2);
        p.out(0, 0, 0xF);
        p.word(Instruction.setemit(0, 0, 0));
        p.alu(Opcode.MOV, o(0), c(0), 0, p.desc(MASK_ALL, XYZW, 0, 0));
        p.op(Opcode.EMIT); // vertex 0 = (1,1,1,1) from bank 0; now bank 1 (zeros)
        p.word(Instruction.setemit(1, 1, 1));
        p.alu(Opcode.MOV, o(0), c(1), 0, p.desc(MASK_X, XYZW, 0, 0));
        p.op(Opcode.EMIT); // vertex 1 = (2,0,0,0) from bank 1, a primitive with inverted winding
        p.op(Opcode.END);
        Result res = p.simulator().runGeometry(List.of());
        assertEquals(2, res.emissions().size());
        Emission a = res.emissions().get(0), b = res.emissions().get(1);
        assertEquals(0, a.vertexId());
        assertFalse(a.primitive());
        assertArrayEquals(new float[] {1, 1, 1, 1}, res.output(0, "position"));
        assertEquals(1, b.vertexId());
        assertTrue(b.primitive());
        assertTrue(b.inverted());
        assertArrayEquals(new float[] {2, 0, 0, 0}, res.output(1, "position"));
    }

    @Test
    void geometryInputsAreLoadedAsTheDvlesModeSays() throws Exception {
        for (int mode = 0; mode < 3; mode++) {
            Programs p = new Programs();
            p.type = Dvle.GEOMETRY;
            p.gs = new GsMode(mode, 40, 1, 2);
            p.out(0, 0, 0xF).out(2, 1, 0xF).out(3, 2, 0xF);
            int all = p.desc(MASK_ALL, XYZW, 0, 0);
            p.alu(Opcode.MOV, o(0), mode == 0 ? v(1) : c(mode == 1 ? 2 : 41), 0, all);
            p.alu(Opcode.MOV, o(1), mode == 0 ? v(2) : c(mode == 1 ? 3 : 42), 0, all);
            p.alu(Opcode.MOV, o(2), c(0), 0, all);
            p.op(Opcode.EMIT);
            p.op(Opcode.END);
            List<float[][]> prim = List.of(new float[][] {{1, 1, 1, 1}, {2, 2, 2, 2}}, new float[][] {{3, 3, 3, 3}, {4, 4, 4, 4}});
            Result res = p.simulator().runGeometry(prim);
            // point: v0..v3 = 1,2,3,4; variable: c0 = count 2, c1 c2 = vertex 0 whole, c3 = vertex 1's first;
            // fixed: c40.. = 1,2,3,4
            float[] second = res.output(0, "position"), third = res.output(0, "color");
            assertEquals(2f, second[0], "mode " + mode);
            assertEquals(mode == 0 ? 3f : mode == 1 ? 3f : 3f, third[0], "mode " + mode);
            assertEquals(mode == 1 ? 2f : 0f, res.output(0, "texcoord0")[0], "mode " + mode);
        }
    }

    @Test
    void aShaderThatNeverEndsStopsWithAnErrorNamingItsLoop() {
        Programs p = counting();
        p.op(Opcode.NOP); // 0
        p.word(Instruction.regFlow(Opcode.JMPU, 0, 0, 1)); // 1: b0 is false: jump to 0 forever
        p.op(Opcode.END);
        SimulationException e = assertThrows(SimulationException.class, () -> p.simulator().maxSteps(1000).run(Map.of()));
        assertTrue(e.getMessage().contains("within 1000 steps (cycling through words 0-1)"), e.getMessage());
    }

    @Test
    void emitInAVertexShaderIsAnError() {
        Programs p = new Programs();
        p.op(Opcode.EMIT);
        p.op(Opcode.END);
        SimulationException e = assertThrows(SimulationException.class, () -> p.simulator().run(Map.of()));
        assertEquals("'emit' at word 0 runs in a vertex shader (only a geometry shader can emit)", e.getMessage());
    }
}
