package dev.pica.format.verify;

import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Witness paths over one graph: breadth-first, so each is a shortest one. */
final class Witness {
    /** A witness path as the message shows it and as positions (an editor links each step). */
    record WitnessPath(String text, List<SourcePos> steps) {
        static final WitnessPath NONE = new WitnessPath("", List.of());
    }

    interface Automaton {
        int after(int phase, int pc);
    }

    /**
     * The work all searches of one graph may do, in steps (a node taken from the queue or an edge
     * followed); beyond it findings are reported without a path (verifier.md, Cost).
     */
    static final long MAX_STEPS = 1L << 20;
    /** The ints all kept trees may hold (16 MB); a tree is int[2 * states]. */
    private static final int TREE_INTS = 1 << 22;

    private final StateGraph g;
    private final int[] pcs;
    private final Map<TreeKey, int[]> trees;
    private long steps;
    private boolean exhausted;

    private record TreeKey(int from, Automaton automaton) {
        // written out, as Verifier.Key's
        @Override
        public boolean equals(Object o) {
            return o instanceof TreeKey k && k.from == from && k.automaton == automaton;
        }

        @Override
        public int hashCode() {
            return from * 31 + System.identityHashCode(automaton);
        }
    }

    Witness(StateGraph g) {
        this.g = g;
        int n = g.states.size();
        pcs = new int[n];
        for (int s = 0; s < n; s++) pcs[s] = g.states.get(s).pc;
        int keep = Math.max(2, Math.min(64, TREE_INTS / Math.max(1, 2 * n)));
        trees = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<TreeKey, int[]> eldest) {
                return size() > keep;
            }
        };
    }

    /** Steps the searches took so far. */
    long steps() {
        return steps;
    }

    /** Whether a search stopped at {@link #MAX_STEPS} (later paths are left out). */
    boolean exhausted() {
        return exhausted;
    }

    /** A shortest path arriving in phase 0 (the automaton blocks what the path must avoid). */
    List<Integer> path(int from, int to, Automaton a) {
        return path(from, to, a, 0);
    }

    /**
     * A shortest path of states from `from` (phase 0) to `to`, arriving in goalPhase; null if none
     * or if the search budget is spent. One breadth-first tree per start and automaton serves
     * every target (the automata are made once per argument).
     */
    List<Integer> path(int from, int to, Automaton a, int goalPhase) {
        if (steps > MAX_STEPS) {
            exhausted = true;
            return null;
        }
        TreeKey key = new TreeKey(from, a);
        int[] prev = trees.get(key);
        if (prev == null) {
            prev = tree(from, a);
            if (prev == null) return null;
            trees.put(key, prev);
        }
        int node = to * 2 + goalPhase;
        if (prev[node] == -2) return null;
        List<Integer> out = new ArrayList<>();
        for (int k = node; k >= 0; k = prev[k]) out.add(k / 2);
        steps += out.size();
        Collections.reverse(out);
        return out;
    }

    /** prev per (state, phase) node of a breadth-first search from (from, 0): -1 at the start, -2 unreached; null past the budget. */
    private int[] tree(int from, Automaton a) {
        int n = g.states.size();
        int[] prev = new int[2 * n];
        Arrays.fill(prev, -2);
        int[] queue = new int[2 * n];
        int head = 0, tail = 0;
        prev[from * 2] = -1;
        queue[tail++] = from * 2;
        while (head < tail) {
            int node = queue[head++];
            int s = node / 2, phase = node % 2;
            int np = a == null ? 0 : a.after(phase, pcs[s]);
            int[] succ = g.succ.get(s);
            steps += 1 + succ.length;
            if (steps > MAX_STEPS) {
                exhausted = true;
                return null;
            }
            if (np < 0) continue;
            for (int t : succ) {
                int m = t * 2 + np;
                if (prev[m] == -2) {
                    prev[m] = node;
                    queue[tail++] = m;
                }
            }
        }
        return prev;
    }

    /** The last state before the path's end whose word writes one of comps (0 if none). */
    int lastIndexWriting(List<Integer> path, long comps) {
        if (path == null) return 0;
        for (int k = path.size() - 2; k >= 0; k--) {
            int pc = g.states.get(path.get(k)).pc;
            if (pc < g.facts.effects.length && (g.facts.effects[pc].writesOutput() & comps) != 0) return k;
        }
        return 0;
    }

    int afterLastEmit(List<Integer> path) {
        if (path == null) return 0;
        for (int k = path.size() - 2; k >= 0; k--) {
            Instruction i = g.ins[g.states.get(path.get(k)).pc];
            if (i != null && i.op().has(Opcode.Flag.EMITS)) return k + 1;
        }
        return 0;
    }

    /** "a.vsh:3 -> lib.vsh:4 (call) -> lib.vsh:7 (ret) -> a.vsh:4": the path's ends and every transfer of control. */
    WitnessPath text(List<Integer> path, int from) {
        return text(path, from, -1);
    }

    /** The same, with the step at index {@code keep} shown too (where a finding's value is read on its way to its use). */
    WitnessPath text(List<Integer> path, int from, int keep) {
        if (path == null || path.isEmpty()) return WitnessPath.NONE;
        List<String> nodes = new ArrayList<>();
        List<Integer> pcs = new ArrayList<>();
        int first = g.states.get(path.get(from)).pc;
        nodes.add(g.brief(first));
        pcs.add(first);
        int last = from;
        for (int k = from + 1; k < path.size(); k++) {
            StateGraph.Edge kind = edge(path.get(k - 1), path.get(k));
            if (kind == StateGraph.Edge.NEXT && k != keep) continue;
            // a return and a call to an import are marked where they leave, the rest where they arrive
            boolean leaving = kind == StateGraph.Edge.RET || kind == StateGraph.Edge.IMPORT_CALL;
            String mark = kind == StateGraph.Edge.NEXT ? "" : " (" + kind.label + ")";
            int before = g.states.get(path.get(k - 1)).pc, at = g.states.get(path.get(k)).pc;
            if (last != k - 1) {
                nodes.add(g.brief(before) + (leaving ? mark : ""));
                pcs.add(before);
            } else if (leaving) nodes.set(nodes.size() - 1, nodes.get(nodes.size() - 1) + mark);
            nodes.add(g.brief(at) + (leaving ? "" : mark));
            pcs.add(at);
            last = k;
        }
        if (last != path.size() - 1) {
            int end = g.states.get(path.get(path.size() - 1)).pc;
            nodes.add(g.brief(end));
            pcs.add(end);
        }
        List<SourcePos> steps = new ArrayList<>();
        for (int pc : pcs) if (g.where(pc) != null) steps.add(g.where(pc));
        if (nodes.size() > 14) {
            List<String> cut = new ArrayList<>(nodes.subList(0, 5));
            cut.add("...");
            cut.addAll(nodes.subList(nodes.size() - 8, nodes.size()));
            nodes = cut;
        }
        return new WitnessPath(String.join(" -> ", nodes), steps);
    }

    private StateGraph.Edge edge(int s, int t) {
        int[] to = g.succ.get(s);
        for (int k = 0; k < to.length; k++) if (to[k] == t) return g.succKind.get(s)[k];
        return StateGraph.Edge.NEXT;
    }
}
