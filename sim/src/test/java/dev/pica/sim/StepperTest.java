package dev.pica.sim;

import static dev.pica.sim.Programs.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.GsMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stepping API: the pc word by word, the state between words, and the same result as run(). */
class StepperTest {
    @Test
    void stepsWordByWordThroughACallAndEndsWithRunsResult() throws Exception {
        Programs p = FlowTest.counting();
        p.integer(0, 1, 0, 1, 0); // a loop of two iterations
        p.out(0, 0, 0xF);
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.word(Instruction.cond(Opcode.CALL, 0, 0, 0, 5, 3)); // 0: call 5..7
        p.alu(Opcode.MOV, o(0), r(0), 0, all); // 1
        p.op(Opcode.END); // 2
        p.op(Opcode.NOP); // 3
        p.op(Opcode.NOP); // 4
        p.word(Instruction.regFlow(Opcode.LOOP, 0, 6, 0)); // 5: loop, body 6..6
        FlowTest.count(p, all); // 6: the loop body
        p.op(Opcode.NOP); // 7: the routine's last word
        p.op(Opcode.END);
        Simulator sim = p.simulator();
        Stepper s = sim.start(Map.of());
        List<Integer> pcs = new ArrayList<>();
        List<Integer> depth = new ArrayList<>();
        while (!s.ended()) {
            pcs.add(s.pc());
            depth.add(s.calls().size());
            if (s.pc() == 6 && s.lanes('r', 0)[0] == 0f) {
                assertEquals(List.of(new Stepper.Call(8, 1)), s.calls());
                assertEquals(List.of(new Stepper.Loop(6, 7, 1)), s.loops());
            }
            s.step();
        }
        // call; loop; body twice; the routine's last word; mov; end
        assertEquals(List.of(0, 5, 6, 6, 7, 1, 2), pcs);
        assertEquals(List.of(0, 1, 1, 1, 1, 0, 0), depth);
        assertEquals(7, s.steps());
        Result stepped = s.result(), ran = sim.run(Map.of());
        assertArrayEquals(ran.registers(), stepped.registers());
        assertEquals(ran.steps(), stepped.steps());
        assertEquals(2f, stepped.register(0)[0]);
        assertThrows(IllegalStateException.class, s::step);
    }

    @Test
    void aLaneSetBetweenWordsIsWhatTheNextWordReads() throws Exception {
        Programs p = new Programs();
        p.out(0, 0, 0xF);
        p.uniform("pos", 0, 0);
        int all = p.desc(MASK_ALL, XYZW, XYZW, 0);
        p.alu(Opcode.ADD, r(1), v(0), v(0), all); // 0: r1 = 2 * pos
        p.alu(Opcode.MOV, o(0), r(1), 0, all); // 1
        p.op(Opcode.END);
        Stepper s = p.simulator().start(Map.of("pos", new float[] {1, 2, 3, 4}));
        assertArrayEquals(new float[] {1, 2, 3, 4}, s.lanes('v', 0));
        s.step();
        assertArrayEquals(new float[] {2, 4, 6, 8}, s.lanes('r', 1));
        s.setLane('r', 1, 1, -5f);
        s.step();
        s.step();
        assertTrue(s.ended());
        assertArrayEquals(new float[] {2, -5, 6, 8}, s.result().register(0));
        assertThrows(IllegalArgumentException.class, () -> s.lanes('r', 16));
        assertThrows(IllegalArgumentException.class, () -> s.lanes('q', 0));
    }

    @Test
    void aSteppedGeometryInvocationShowsEachEmissionAsItHappens() throws Exception {
        Programs p = new Programs();
        p.type = Dvle.GEOMETRY;
        p.gs = new GsMode(0, 0, 0, 0);
        p.out(0, 0, 0xF);
        int all = p.desc(MASK_ALL, XYZW, 0, 0);
        p.word(Instruction.setemit(0, 0, 0)); // 0
        p.alu(Opcode.MOV, o(0), v(0), 0, all); // 1
        p.op(Opcode.EMIT); // 2
        p.alu(Opcode.MOV, o(0), v(1), 0, all); // 3
        p.op(Opcode.EMIT); // 4
        p.op(Opcode.END);
        Stepper s = p.simulator().startGeometry(List.of(new float[][] {{1, 1, 1, 1}}, new float[][] {{2, 2, 2, 2}}));
        for (int k = 0; k < 3; k++) s.step();
        assertEquals(1, s.emissions().size());
        assertEquals(1f, s.emissions().get(0).lane(0, 3));
        s.step();
        s.step();
        assertEquals(2, s.emissions().size());
        assertEquals(2f, s.emissions().get(1).lane(0, 0));
    }
}
