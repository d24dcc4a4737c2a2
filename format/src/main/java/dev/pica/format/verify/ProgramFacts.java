package dev.pica.format.verify;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a program's words and tables say, worked out once and shared by every entry's
 * exploration and rules: decoded words and their effects, loop counts and branch outcomes fixed
 * by defi/defb, which registers are supplied, which output components are configured, and the
 * ranges a stack entry covers.
 */
final class ProgramFacts {
    static final int UNKNOWN_COUNT = 0x1FF;

    final Program program;
    /** per word; null for an unused opcode */
    final Instruction[] ins;
    final WordEffects[] effects;
    /** per i register: the defi loop count x, or UNKNOWN_COUNT when bound or not defined */
    final int[] loopCounts = new int[4];
    /** per i register: the defi start y and step z (meaningful where loopCounts is known) */
    final int[] loopStarts = new int[4], loopSteps = new int[4];
    /** per b register: 0 or 1 from defb, -1 when bound or not defined */
    final int[] boolValues = new int[16];
    /** per unified register index: defined or bound */
    final boolean[] supplied = new boolean[0x88];
    /**
     * whether the shader names any uniform (a uniform table entry: picasso's .fvec, .ivec, .bool,
     * the SDK's bind_symbol of a c, i or b register; not a geometry shader's vertex data). One that
     * names none reads its uniforms by register number, as the application uploads them
     * (ClassiCube's '.alias MVP_1 c0' and C3D_FVUnifSet by index): nothing is unbound there.
     */
    final boolean namesUniforms;
    /** output components an output_map configures (bit 4*register + component) */
    final long configured;
    /** of those, the components a semantic names (OutputSemantic.namedLanes): what a loader sends on */
    final long named;
    /** {first, endExclusive, kind 0 loop 1 if-part 2 subroutine}: the ranges F-JMP's "jump into" checks */
    final List<int[]> ranges = new ArrayList<>();

    ProgramFacts(Program program) {
        this.program = program;
        int[] code = program.code();
        int[] table = program.descriptors();
        ins = new Instruction[code.length];
        effects = new WordEffects[code.length];
        for (int k = 0; k < code.length; k++) {
            ins[k] = InstructionCodec.decode(code[k]);
            effects[k] = WordEffects.of(ins[k], table);
        }
        long c = 0, named = 0;
        for (OutputMap m : program.outputs()) {
            if (m.register() >= 16) continue;
            c |= (long) (m.mask() & 0xF) << 4 * m.register();
            named |= (long) OutputSemantic.namedLanes(m.type(), m.mask() & 0xF) << 4 * m.register();
        }
        configured = c;
        this.named = named;
        Arrays.fill(loopCounts, UNKNOWN_COUNT);
        Arrays.fill(boolValues, -1);
        boolean[] bound = new boolean[supplied.length];
        boolean names = false;
        for (Uniform u : program.uniforms()) {
            names |= !u.name().equals(Program.VERTEX_DATA);
            for (int r = Math.max(0, u.first()); r <= u.last() && r < bound.length; r++) bound[r] = true;
        }
        namesUniforms = names;
        for (Constant k : program.constants()) {
            int u = k.unifiedIndex();
            if (u < 0 || u >= bound.length) continue; // no register (a crafted table): supplies nothing
            supplied[u] = true;
            if (bound[u]) continue;
            if (k.type() == Constant.INT && k.index() < 4) {
                loopCounts[k.index()] = k.x() & 0xFF;
                loopStarts[k.index()] = k.y() & 0xFF;
                loopSteps[k.index()] = k.z() & 0xFF;
            }
            if (k.type() == Constant.BOOL && k.index() < 16) boolValues[k.index()] = k.x() != 0 ? 1 : 0;
        }
        for (int r = 0; r < bound.length; r++) supplied[r] |= bound[r];
        for (int pc = 0; pc < ins.length; pc++) {
            Instruction i = ins[pc];
            if (i == null) continue;
            if (i.op().has(Opcode.Flag.LOOP)) ranges.add(new int[] {pc + 1, i.target() + 1, 0});
            else if (i.op().has(Opcode.Flag.IF)) ranges.add(new int[] {pc + 1, i.target(), 1});
            else if (i.op().isCall() && !program.callsImport(pc) && i.num() > 0) ranges.add(new int[] {i.target(), i.target() + i.num(), 2});
        }
    }
}
