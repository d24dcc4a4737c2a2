package dev.pica.compiler.translate;

import dev.pica.compiler.spirv.Insn;
import dev.pica.compiler.spirv.Op;
import dev.pica.compiler.spirv.SpirvModule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which GLSL variable each SSA value of the optimised module holds, for the debugger's map
 * (docs/glsl.md, "Debugging"). spirv-opt's SSA rewrite drops a local variable and its OpName, but
 * it keeps the ids of the instructions it does not remove (shaderc's performance recipe compacts
 * no ids): glslang's unoptimised module of the same source says which value each OpStore put in
 * which named variable of main, and those values keep their ids in the optimised one. A phi the
 * rewrite made (a fresh id) holds a variable when every incoming value that is known holds it.
 * Values computed in a function spirv-opt inlined have fresh ids and stay unnamed.
 */
public final class DebugNames {
    private DebugNames() {}

    /** glslang's own temporaries (the copies of call arguments, arrays indexed at run time). */
    private static final Set<String> TEMPORARIES = Set.of("param", "indexable");

    /**
     * Value id -> the names of the local variables of main it holds; empty when the two modules
     * do not name their common ids alike (then they are not two compiles of one source).
     */
    public static Map<Integer, List<String>> of(SpirvModule unoptimised, SpirvModule optimised) {
        for (Map.Entry<Integer, String> n : optimised.names.entrySet()) {
            if (!n.getValue().equals(unoptimised.names.get(n.getKey()))) return Map.of();
        }
        SpirvModule.Function main = unoptimised.functions.get(unoptimised.entryPoint);
        Map<Integer, String> locals = new HashMap<>();
        for (Insn v : main.variables) {
            String n = unoptimised.names.get(v.word(1));
            if (n != null && !n.isEmpty() && !TEMPORARIES.contains(n)) locals.put(v.word(1), n);
        }
        Map<Integer, Set<String>> names = new HashMap<>();
        for (SpirvModule.Block b : main.blocks.values()) {
            for (Insn in : b.body) {
                if (in.opcode() != Op.Store) continue;
                String n = locals.get(in.word(0));
                if (n != null) names.computeIfAbsent(in.word(1), k -> new LinkedHashSet<>()).add(n);
            }
        }
        // phis of the optimised main: the names all their named incoming values share, to a fixed point (loops feed phis into phis)
        SpirvModule.Function opt = optimised.functions.get(optimised.entryPoint);
        List<Insn> phis = new ArrayList<>();
        if (opt != null) for (SpirvModule.Block b : opt.blocks.values()) for (Insn in : b.body) if (in.opcode() == Op.Phi) phis.add(in);
        boolean changed = true;
        for (int round = 0; changed && round <= phis.size(); round++) {
            changed = false;
            for (Insn phi : phis) {
                Set<String> common = null;
                for (int k = 2; k + 1 < phi.count(); k += 2) {
                    Set<String> in = names.get(phi.word(k));
                    if (in == null) continue;
                    if (common == null) common = new LinkedHashSet<>(in);
                    else common.retainAll(in);
                }
                if (common == null || common.isEmpty() || common.equals(names.get(phi.word(1)))) continue;
                names.put(phi.word(1), common);
                changed = true;
            }
        }
        Map<Integer, List<String>> out = new HashMap<>();
        for (Map.Entry<Integer, Set<String>> e : names.entrySet()) out.put(e.getKey(), List.copyOf(e.getValue()));
        return out;
    }
}
