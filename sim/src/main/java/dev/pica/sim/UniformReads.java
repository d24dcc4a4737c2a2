package dev.pica.sim;

import dev.pica.format.Instruction;
import dev.pica.format.Limits;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;

/**
 * The uniform registers an entry's code can read: float uniforms as ALU sources (a relative
 * source c[a0.x + n] counts as register n), integer uniforms as LOOP counters, boolean uniforms as
 * CALLU/IFU/JMPU conditions, over the words reachable from the entry's main address (every flow
 * target and the next word, up to END). Worked out once per {@link Shader}; read by
 * {@link Simulator#unsetUniformsRead()}.
 */
final class UniformReads {
    final BitSet floats = new BitSet(96), ints = new BitSet(4), bools = new BitSet(16);

    UniformReads(Shader shader) {
        BitSet seen = new BitSet(Limits.CODE_WORDS);
        Deque<Integer> work = new ArrayDeque<>();
        work.push(shader.dvle().mainAddr());
        while (!work.isEmpty()) {
            int pc = work.pop();
            if (pc < 0 || pc >= Limits.CODE_WORDS || seen.get(pc)) continue;
            seen.set(pc);
            Instruction i = shader.instruction(pc);
            if (i == null) {
                work.push(pc + 1);
                continue;
            }
            switch (i.op().format) {
                case F1U -> read(i.src1());
                case F1, F1C, F1I -> read(i.src1(), i.src2());
                case F5, F5I -> read(i.src1(), i.src2(), i.src3());
                default -> { }
            }
            switch (i.op()) {
                case END -> {
                    continue;
                }
                case CALLU, IFU, JMPU -> bools.set(i.reg());
                case LOOP -> ints.set(i.reg());
                default -> { }
            }
            switch (i.op()) {
                case CALL, CALLC, CALLU, IFU, IFC, JMPC, JMPU -> work.push(i.target());
                default -> { }
            }
            work.push(pc + 1);
        }
    }

    /** Source operand codes: 0x20-0x7F are c0-c95 (a 5-bit field never reaches them). */
    private void read(int... codes) {
        for (int c : codes) if (c >= 0x20 && c < 0x80) floats.set(c - 0x20);
    }
}
