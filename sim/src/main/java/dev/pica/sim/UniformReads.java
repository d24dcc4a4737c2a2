package dev.pica.sim;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.Operands;
import dev.pica.format.isa.RegisterFile;
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
    final BitSet floats = new BitSet(RegisterFile.FLOAT_UNIFORM.count), ints = new BitSet(RegisterFile.INT_UNIFORM.count),
            bools = new BitSet(RegisterFile.BOOL_UNIFORM.count);

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
            Operands o = new Operands(i, 0); // registers only: the descriptor is not read
            for (int n = 1; n <= o.count(); n++) if (o.file(n) == RegisterFile.FLOAT_UNIFORM) floats.set(o.number(n));
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
}
