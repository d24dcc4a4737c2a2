package dev.pica.sim;

import static dev.pica.sim.Programs.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.GsMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Triangles as the emulator's geometry emitter builds them (Azahar's GeometryEmitter::Emit and
 * its primitive assembler in "shader" topology, read for the facts): EMIT stores the output bank
 * in the vertex slot SETEMIT chose; an EMIT with PRIMEMIT sends slots 0, 1, 2 as one triangle,
 * 1, 0, 2 with inverted winding; the slots keep their vertices from one EMIT, and one
 * invocation, to the next. One program per DVLE mode (point, variable, fixed); every expected
 * vertex below is worked out by hand from the program and its inputs.
 */
class GeometryEmitterTest {
    private static Programs geometry(int mode, int fixedStart, int variableCount) {
        Programs p = new Programs();
        p.type = Dvle.GEOMETRY;
        p.gs = new GsMode(mode, fixedStart, variableCount, 0);
        p.out(0, 0, 0xF); // o0: position
        return p;
    }

    /** setemit slot(, prim, inverted); mov o0, src; emit */
    private static void emit(Programs p, int slot, boolean prim, boolean inverted, int src) {
        p.word(Instruction.setemit(slot, prim ? 1 : 0, inverted ? 1 : 0));
        p.alu(Opcode.MOV, o(0), src, 0, p.desc(MASK_ALL, XYZW, 0, 0));
        p.op(Opcode.EMIT);
    }

    private static float[] lanes(float x, float y, float z, float w) {
        return new float[] {x, y, z, w};
    }

    @Test
    void pointModeAnInvertedPrimitiveSendsSlotsOneZeroTwo() throws Exception {
        Programs p = geometry(0, 0, 0);
        emit(p, 0, false, false, v(0));
        emit(p, 1, false, false, v(1));
        emit(p, 2, true, true, v(2));
        p.op(Opcode.END);
        // point mode: the three vertices' one attribute each in v0, v1, v2
        Result r = p.simulator().runGeometry(List.of(new float[][] {lanes(1, 0, 0, 1)}, new float[][] {lanes(0, 1, 0, 1)}, new float[][] {lanes(0, 0, 1, 1)}));
        assertEquals(3, r.emissions().size());
        assertEquals(1, r.triangles().size());
        // inverted winding: slot 1 (v1), slot 0 (v0), slot 2 (v2)
        assertArrayEquals(lanes(0, 1, 0, 1), r.triangleOutput(0, 0, "position"));
        assertArrayEquals(lanes(1, 0, 0, 1), r.triangleOutput(0, 1, "position"));
        assertArrayEquals(lanes(0, 0, 1, 1), r.triangleOutput(0, 2, "position"));
    }

    @Test
    void variableModeASecondPrimitiveReusesTheSlotsItDoesNotOverwrite() throws Exception {
        Programs p = geometry(1, 0, 1);
        emit(p, 0, false, false, c(1));
        emit(p, 1, false, false, c(2));
        emit(p, 2, true, false, c(3)); // triangle (c1, c2, c3)
        emit(p, 0, true, false, c(0)); // slot 0 = c0 (the vertex count): triangle (c0, c2, c3)
        p.op(Opcode.END);
        // variable mode, one main vertex: c0 = (3, 3, 3, 3), c1 = vertex 0's attribute, c2 and c3 the
        // first attributes of vertices 1 and 2
        Result r = p.simulator().runGeometry(List.of(new float[][] {lanes(1, 1, 0, 1)}, new float[][] {lanes(2, 2, 0, 1)}, new float[][] {lanes(4, 4, 0, 1)}));
        assertEquals(2, r.triangles().size());
        assertArrayEquals(lanes(1, 1, 0, 1), r.triangleOutput(0, 0, "position"));
        assertArrayEquals(lanes(2, 2, 0, 1), r.triangleOutput(0, 1, "position"));
        assertArrayEquals(lanes(4, 4, 0, 1), r.triangleOutput(0, 2, "position"));
        assertArrayEquals(lanes(3, 3, 3, 3), r.triangleOutput(1, 0, "position"));
        assertArrayEquals(lanes(2, 2, 0, 1), r.triangleOutput(1, 1, "position"));
        assertArrayEquals(lanes(4, 4, 0, 1), r.triangleOutput(1, 2, "position"));
    }

    @Test
    void fixedModeTheSlotsOutliveAnInvocation() throws Exception {
        Programs p = geometry(2, 40, 0);
        // b15 is false in the first invocation, true in every later one (the GPU sets it after each)
        p.word(Instruction.regFlow(Opcode.JMPU, 15, 8, 0)); // 0: jump to 8 if b15
        emit(p, 0, false, false, c(40)); // 1-3
        emit(p, 1, false, false, c(41)); // 4-6
        p.op(Opcode.END); // 7
        emit(p, 2, true, false, c(40)); // 8-10: completes a triangle with the first invocation's slots
        p.op(Opcode.END);
        Simulator sim = p.simulator();
        // fixed mode from c40: first invocation c40 = (1, 1, 1, 1), c41 = (2, 2, 2, 2)
        Result first = sim.runGeometry(List.of(new float[][] {lanes(1, 1, 1, 1)}, new float[][] {lanes(2, 2, 2, 2)}));
        assertEquals(2, first.emissions().size());
        assertEquals(0, first.triangles().size(), "no PRIMEMIT yet");
        Result second = sim.runGeometry(List.of(new float[][] {lanes(3, 3, 3, 3)}, new float[][] {lanes(9, 9, 9, 9)}));
        assertEquals(1, second.emissions().size());
        assertEquals(1, second.triangles().size());
        assertArrayEquals(lanes(1, 1, 1, 1), second.triangleOutput(0, 0, "position"));
        assertArrayEquals(lanes(2, 2, 2, 2), second.triangleOutput(0, 1, "position"));
        assertArrayEquals(lanes(3, 3, 3, 3), second.triangleOutput(0, 2, "position"));
    }
}
