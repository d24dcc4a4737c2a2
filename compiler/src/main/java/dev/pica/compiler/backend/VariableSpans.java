package dev.pica.compiler.backend;

import dev.pica.compiler.VariableMap;
import dev.pica.compiler.translate.Translator;
import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.VInst;
import dev.pica.compiler.vir.VReg;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The debugger's variable map of an allocated, emitted program: at each word, every GLSL
 * variable whose value some register holds there (its virtual register live before the word, by
 * {@link Flow}'s liveness over the program as allocated, the copies that became self-copies
 * still in it), in the lanes the allocator gave it; a counted loop's counter is aL in the loop's
 * body. A value copied into a phi's register holds the phi's variable too (MAD fusion leaves the
 * new value of {@code s += ...} in a register of its own until the back edge's copy).
 *
 * <p>A variable's values are bound in the order the translator met them, and one is shown only
 * once every value met before it has been written (in word order): a constant the compiler
 * placed early for a later pass of an unrolled loop is not the variable before that pass. Of
 * the values allowed and live at once (the old one still read after the new one is made), the
 * one written last before the word is the variable's, a self-copy counting as a write where it
 * stood.
 */
final class VariableSpans {
    private VariableSpans() {}

    /** @param program the program as allocated, before its self-copies were dropped (the emitted words are a subset of it) */
    static VariableMap of(List<Node> program, List<VReg> regs, List<Translator.Binding> bindings, Emitter e) {
        if (bindings.isEmpty() && e.loopBodies.stream().allMatch(l -> l[2] == null)) return VariableMap.EMPTY;
        Flow flow = new Flow(program, regs);
        Map<VInst, Flow.Point> pointOf = new IdentityHashMap<>();
        for (Flow.Point p : flow.points) if (p.inst != null) pointOf.put(p.inst, p);
        List<VInst> all = new ArrayList<>();
        dev.pica.compiler.vir.Nodes.forEach(program, all::add);
        // each binding's rank among its variable's, in the translator's order; a value copied into a phi's register takes the phi's
        List<Translator.Binding> ranked = new ArrayList<>(bindings);
        Map<Translator.Binding, Integer> rank = new IdentityHashMap<>();
        Map<String, Integer> ranks = new HashMap<>();
        for (Translator.Binding b : bindings) rank.put(b, ranks.merge(b.name(), 1, Integer::sum) - 1);
        Map<Integer, Translator.Binding> bound = new HashMap<>();
        for (Translator.Binding b : bindings) bound.putIfAbsent(b.reg().id, b);
        for (VInst x : all) {
            Translator.Binding phi = x.dst == null ? null : bound.get(x.dst.id);
            if (phi == null || !phi.phi() || x.op != dev.pica.compiler.vir.Opc.MOV || x.output >= 0 || x.mask != (1 << x.dst.width) - 1
                    || !(x.src[0].base() instanceof dev.pica.compiler.vir.Operand.Temp t) || x.src[0].negated() || bound.containsKey(t.reg().id)
                    || t.reg().width != x.dst.width || !Allocator.identity(x.src[0])) continue;
            Translator.Binding d = new Translator.Binding(phi.name(), phi.type(), t.reg(), phi.comps(), false);
            ranked.add(d);
            rank.put(d, rank.get(phi));
            bound.put(t.reg().id, d);
        }
        Map<Integer, List<Translator.Binding>> byReg = new HashMap<>();
        for (Translator.Binding b : ranked) if (b.reg().register >= 0) byReg.computeIfAbsent(b.reg().id, k -> new ArrayList<>()).add(b);
        // every write in text order, at the word from which it is seen: after its own word, or a
        // dropped self-copy at the word that follows it
        Map<VInst, Integer> wordOf = new IdentityHashMap<>();
        for (int w = 0; w < e.wordInsts.size(); w++) if (e.wordInsts.get(w) != null) wordOf.put(e.wordInsts.get(w), w);
        int[] seenFrom = new int[all.size()];
        int next = e.wordInsts.size();
        for (int k = all.size() - 1; k >= 0; k--) {
            Integer w = wordOf.get(all.get(k));
            seenFrom[k] = w != null ? w + 1 : next;
            if (w != null) next = w;
        }
        // where each rank of each variable is first written, as an index into the instructions in
        // text order (ranks whose values the optimiser removed do not count)
        Map<Integer, Integer> firstWrite = new HashMap<>();
        for (int k = 0; k < all.size(); k++) if (all.get(k).dst != null && all.get(k).output < 0) firstWrite.putIfAbsent(all.get(k).dst.id, k);
        Map<String, java.util.TreeMap<Integer, Integer>> started = new HashMap<>();
        for (Translator.Binding b : ranked) {
            Integer f = firstWrite.get(b.reg().id);
            if (f != null) started.computeIfAbsent(b.name(), n -> new java.util.TreeMap<>()).merge(rank.get(b), f, Math::min);
        }
        int[] lastWriteAt = new int[regs.size()];   // the instruction that last wrote each register, by index
        java.util.Arrays.fill(lastWriteAt, -1);
        int[] lastWrite = new int[regs.size()];
        java.util.Arrays.fill(lastWrite, -1);
        int applied = 0;
        // name -> spans being built; type by name
        Map<String, List<VariableMap.Span>> spans = new LinkedHashMap<>();
        Map<String, String> types = new HashMap<>();
        Map<String, int[]> open = new HashMap<>();        // name -> {first word}
        Map<String, String> openAt = new HashMap<>();     // name -> its location in the open span
        BitSet carry = new BitSet();
        int n = e.wordInsts.size();
        for (int w = 0; w <= n; w++) {
            Map<String, String> here = new LinkedHashMap<>();
            if (w < n) {
                for (; applied < all.size() && seenFrom[applied] <= w; applied++) {
                    VInst x = all.get(applied);
                    if (x.dst != null && x.output < 0) {
                        lastWrite[x.dst.id] = seenFrom[applied];
                        lastWriteAt[x.dst.id] = applied;
                    }
                }
                VInst i = e.wordInsts.get(w);
                Flow.Point p = i == null ? null : pointOf.get(i);
                BitSet live = p != null ? p.in : carry;
                Map<String, Integer> written = new HashMap<>();
                for (int r = live.nextSetBit(0); r >= 0; r = live.nextSetBit(r + 1)) {
                    for (Translator.Binding b : byReg.getOrDefault(r, List.of())) {
                        if (!allowed(started.get(b.name()), rank.get(b), lastWriteAt[r])) continue;
                        Integer prior = written.get(b.name());
                        if (prior != null && prior >= lastWrite[r]) continue;
                        written.put(b.name(), lastWrite[r]);
                        here.put(b.name(), location(b));
                        types.putIfAbsent(b.name(), b.type());
                    }
                }
                for (Object[] loop : e.loopBodies) {
                    String counter = (String) loop[2];
                    if (counter != null && (int) loop[0] <= w && w < (int) loop[1] && !here.containsKey(counter)) {
                        here.put(counter, "aL");
                        types.putIfAbsent(counter, "int");
                    }
                }
                if (p != null) carry = p.out;
            }
            // close the spans that end here, open the ones that start
            for (String name : new ArrayList<>(open.keySet())) {
                if (openAt.get(name).equals(here.get(name))) continue;
                spans.computeIfAbsent(name, k -> new ArrayList<>()).add(new VariableMap.Span(open.get(name)[0], w, openAt.get(name)));
                open.remove(name);
                openAt.remove(name);
            }
            for (Map.Entry<String, String> h : here.entrySet()) {
                if (open.containsKey(h.getKey())) continue;
                open.put(h.getKey(), new int[] {w});
                openAt.put(h.getKey(), h.getValue());
            }
        }
        List<VariableMap.Variable> vars = new ArrayList<>();
        for (Map.Entry<String, List<VariableMap.Span>> s : spans.entrySet()) vars.add(new VariableMap.Variable(s.getKey(), types.get(s.getKey()), s.getValue()));
        vars.sort(java.util.Comparator.comparingInt(v -> v.spans().get(0).first()));
        return new VariableMap(vars);
    }

    /**
     * Whether a value of rank {@code rank} last written by instruction {@code written} is its
     * variable's: written after every value of a lower rank was first written.
     */
    private static boolean allowed(java.util.TreeMap<Integer, Integer> started, int rank, int written) {
        if (started == null) return true;
        for (int f : started.headMap(rank, false).values()) if (f > written) return false;
        return true;
    }

    /** The lanes of a binding's components: r3.xyz, r0.w, r5.zx. */
    private static String location(Translator.Binding b) {
        StringBuilder s = new StringBuilder("r").append(b.reg().register).append('.');
        for (int c : b.comps()) s.append("xyzw".charAt(b.reg().lanes[c]));
        return s.toString();
    }
}
