package dev.pica.compiler.translate;

import dev.pica.compiler.spirv.Insn;
import dev.pica.compiler.spirv.Op;
import dev.pica.compiler.spirv.SpirvModule;
import dev.pica.compiler.spirv.Type;
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
 * Values computed in a function spirv-opt inlined have fresh ids: {@link #inlined} finds them by
 * what a copy keeps of its original.
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
        Map<Integer, Set<String>> names = stored(unoptimised, main);
        SpirvModule.Function opt = optimised.functions.get(optimised.entryPoint);
        if (opt != null) inlined(unoptimised, optimised, main, opt, names);
        // phis of the optimised main: the names all their named incoming values share, to a fixed point (loops feed phis into phis)
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

    /** Value id -> the named local variables of function {@code f} it was stored to. */
    private static Map<Integer, Set<String>> stored(SpirvModule m, SpirvModule.Function f) {
        Map<Integer, String> locals = new HashMap<>();
        for (Insn v : f.variables) {
            String n = m.names.get(v.word(1));
            if (n != null && !n.isEmpty() && !TEMPORARIES.contains(n)) locals.put(v.word(1), n);
        }
        Map<Integer, Set<String>> names = new HashMap<>();
        for (SpirvModule.Block b : f.blocks.values()) {
            for (Insn in : b.body) {
                if (in.opcode() != Op.Store) continue;
                String n = locals.get(in.word(0));
                if (n != null) names.computeIfAbsent(in.word(1), k -> new LinkedHashSet<>()).add(n);
            }
        }
        return names;
    }

    /**
     * The values of the other functions' locals, which inlining copied into main under fresh ids
     * (HLSL's own main is such a function: glslang's entry point calls it). A copy keeps its
     * original's opcode, result type and GLSL line: a fresh instruction of the optimised main
     * whose three are those of exactly one instruction of the unoptimised module, a value stored
     * to a local, is a copy of that value (each inlined call's copy). A value whose three are not
     * unique stays unnamed rather than risk a wrong name.
     */
    private static void inlined(SpirvModule u, SpirvModule o, SpirvModule.Function uMain, SpirvModule.Function oMain, Map<Integer, Set<String>> names) {
        Map<String, Integer> count = new HashMap<>();
        Map<String, Set<String>> storedByKey = new HashMap<>();
        for (SpirvModule.Function f : u.functions.values()) {
            Map<Integer, Set<String>> here = f == uMain ? Map.of() : stored(u, f);
            for (SpirvModule.Block b : f.blocks.values()) {
                for (Insn in : b.body) {
                    if (!SpirvModule.hasResult(in.opcode()) || in.count() < 2) continue;
                    String key = key(u, in);
                    if (key == null) continue;
                    count.merge(key, 1, Integer::sum);
                    Set<String> n = here.get(in.word(1));
                    if (n != null) storedByKey.put(key, n);
                }
            }
        }
        // what main stores from calls: the k-th call of a function (all its calls in main, in order)
        // holds the k-th copy of the value it returns, when there are as many copies as calls
        Map<Integer, Set<String>> mainStored = stored(u, uMain);
        Map<Integer, List<Integer>> callsOf = new HashMap<>();
        Set<Integer> calledElsewhere = new java.util.HashSet<>();
        for (SpirvModule.Function f : u.functions.values()) {
            for (SpirvModule.Block b : f.blocks.values()) {
                for (Insn in : b.body) {
                    if (in.opcode() != Op.FunctionCall) continue;
                    if (f == uMain) callsOf.computeIfAbsent(in.word(2), k -> new ArrayList<>()).add(in.word(1));
                    else calledElsewhere.add(in.word(2));
                }
            }
        }
        Map<String, List<Integer>> returnedBy = new HashMap<>();   // key of a function's returned value -> the calls' result ids
        for (Map.Entry<Integer, List<Integer>> c : callsOf.entrySet()) {
            SpirvModule.Function f = u.functions.get(c.getKey());
            String key = f == null || calledElsewhere.contains(c.getKey()) ? null : returnedKey(u, f);
            if (key != null && count.get(key) == 1) returnedBy.put(key, c.getValue());
        }
        Map<String, Integer> copies = new HashMap<>();
        List<Insn> fresh = new ArrayList<>();
        for (SpirvModule.Block b : oMain.blocks.values()) {
            for (Insn in : b.body) {
                if (!SpirvModule.hasResult(in.opcode()) || in.count() < 2 || u.typeOf.containsKey(in.word(1))) continue;
                fresh.add(in);
                String key = key(o, in);
                if (key != null && returnedBy.containsKey(key)) copies.merge(key, 1, Integer::sum);
            }
        }
        Map<String, Integer> seen = new HashMap<>();
        for (Insn in : fresh) {
            String key = key(o, in);
            if (key == null) continue;
            Set<String> n = storedByKey.get(key);
            if (n != null && count.get(key) == 1) names.computeIfAbsent(in.word(1), k -> new LinkedHashSet<>()).addAll(n);
            List<Integer> calls = returnedBy.get(key);
            if (calls != null && copies.get(key) == calls.size()) {
                int k = seen.merge(key, 1, Integer::sum) - 1;
                Set<String> m = mainStored.get(calls.get(k));
                if (m != null) names.computeIfAbsent(in.word(1), x -> new LinkedHashSet<>()).addAll(m);
            }
        }
    }

    /**
     * The key of the value a function returns: its one OpReturnValue's operand, or the value
     * stored once to the local that operand loads ({@code return lit;}); null otherwise.
     */
    private static String returnedKey(SpirvModule m, SpirvModule.Function f) {
        Integer value = null;
        Map<Integer, Insn> defs = new HashMap<>();
        Map<Integer, List<Integer>> storesTo = new HashMap<>();
        for (SpirvModule.Block b : f.blocks.values()) {
            for (Insn in : b.body) {
                if (in.opcode() == Op.Store) storesTo.computeIfAbsent(in.word(0), k -> new ArrayList<>()).add(in.word(1));
                else if (SpirvModule.hasResult(in.opcode()) && in.count() >= 2) defs.put(in.word(1), in);
            }
            if (b.terminator.opcode() == Op.ReturnValue) {
                if (value != null) return null;
                value = b.terminator.word(0);
            }
        }
        Insn def = value == null ? null : defs.get(value);
        if (def != null && def.opcode() == Op.Load) {
            List<Integer> stores = storesTo.get(def.word(2));
            def = stores != null && stores.size() == 1 ? defs.get(stores.get(0)) : null;
        }
        return def == null ? null : key(m, def);
    }

    /** An instruction's opcode, result type, file and line (null without a line). */
    private static String key(SpirvModule m, Insn in) {
        if (SpirvModule.lineOf(in.line()) <= 0 || in.opcode() == Op.Phi || in.opcode() == Op.Load) return null;
        int f = SpirvModule.fileOf(in.line());
        String file = f < m.lineFiles.size() ? m.lineFiles.get(f) : "";
        Integer type = m.typeOf.get(in.word(1));
        return in.opcode() + " " + (type == null ? "" : Type.glsl(m.type(type))) + " " + file + ":" + SpirvModule.lineOf(in.line());
    }
}
