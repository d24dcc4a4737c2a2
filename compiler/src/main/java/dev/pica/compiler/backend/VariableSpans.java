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
 * {@link Flow}'s liveness), in the lanes the allocator gave it; a counted loop's counter is aL in
 * the loop's body. Where two values of one variable are live at once (the old one still read
 * after the new one is made), the one written last before the word is the variable's.
 */
final class VariableSpans {
    private VariableSpans() {}

    static VariableMap of(List<Node> program, List<VReg> regs, List<Translator.Binding> bindings, Emitter e) {
        if (bindings.isEmpty() && e.loopBodies.stream().allMatch(l -> l[2] == null)) return VariableMap.EMPTY;
        Flow flow = new Flow(program, regs);
        Map<VInst, Flow.Point> pointOf = new IdentityHashMap<>();
        for (Flow.Point p : flow.points) if (p.inst != null) pointOf.put(p.inst, p);
        Map<Integer, List<Translator.Binding>> byReg = new HashMap<>();
        for (Translator.Binding b : bindings) if (b.reg().register >= 0) byReg.computeIfAbsent(b.reg().id, k -> new ArrayList<>()).add(b);
        int[] lastWrite = new int[regs.size()];
        java.util.Arrays.fill(lastWrite, -1);
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
                VInst i = e.wordInsts.get(w);
                Flow.Point p = i == null ? null : pointOf.get(i);
                BitSet live = p != null ? p.in : carry;
                Map<String, Integer> written = new HashMap<>();
                for (int r = live.nextSetBit(0); r >= 0; r = live.nextSetBit(r + 1)) {
                    for (Translator.Binding b : byReg.getOrDefault(r, List.of())) {
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
                if (p != null) {
                    if (i.dst != null) lastWrite[i.dst.id] = w;
                    carry = p.out;
                }
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

    /** The lanes of a binding's components: r3.xyz, r0.w, r5.zx. */
    private static String location(Translator.Binding b) {
        StringBuilder s = new StringBuilder("r").append(b.reg().register).append('.');
        for (int c : b.comps()) s.append("xyzw".charAt(b.reg().lanes[c]));
        return s.toString();
    }
}
