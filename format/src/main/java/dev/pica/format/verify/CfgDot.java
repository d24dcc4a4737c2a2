package dev.pica.format.verify;

import dev.pica.format.disasm.Disassembler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The control-flow graph the verifier explores, as Graphviz DOT: the state graph projected
 * onto code addresses, one node per basic block (its words with their source lines), edges
 * labelled call, ret, loop back, jump, else, endif, break.
 */
public final class CfgDot {
    private CfgDot() {}

    /** One digraph per entry of the program, named by title and entry. */
    public static String write(Program program, String title) {
        StringBuilder sb = new StringBuilder();
        List<StateGraph> graphs = Verifier.explore(program);
        for (int g = 0; g < graphs.size(); g++) sb.append(graph(program, graphs.get(g), title + (graphs.size() > 1 ? " " + graphs.get(g).entry.name() : "")));
        return sb.toString();
    }

    private static String graph(Program p, StateGraph g, String title) {
        // address-level edges: from -> (to -> label)
        TreeMap<Integer, TreeMap<Integer, String>> edges = new TreeMap<>();
        TreeSet<Integer> reached = new TreeSet<>();
        for (int s = 0; s < g.states.size(); s++) {
            int from = g.states.get(s).pc;
            if (from >= p.size()) continue; // an entry point beyond the code (reported by the verifier)
            reached.add(from);
            int[] to = g.succ.get(s);
            for (int k = 0; k < to.length; k++) {
                String label = g.succKind.get(s)[k].label;
                edges.computeIfAbsent(from, x -> new TreeMap<>()).merge(g.states.get(to[k]).pc, label, (a, b) -> a.equals(b) ? a : a.isEmpty() ? b : b.isEmpty() ? a : a + ", " + b);
            }
        }
        Map<Integer, Integer> preds = new TreeMap<>();
        for (TreeMap<Integer, String> m : edges.values()) for (int t : m.keySet()) preds.merge(t, 1, Integer::sum);
        // a block runs on while a word's only successor is the next word, reached by nothing else
        TreeSet<Integer> leaders = new TreeSet<>();
        leaders.add(g.entry.pc());
        for (int pc : reached) {
            TreeMap<Integer, String> out = edges.getOrDefault(pc, new TreeMap<>());
            boolean straight = out.size() == 1 && out.firstKey() == pc + 1 && out.firstEntry().getValue().isEmpty();
            if (!straight) out.keySet().forEach(leaders::add);
            if (preds.getOrDefault(pc, 0) > 1 || !reached.contains(pc - 1)) leaders.add(pc);
            if (!straight && reached.contains(pc + 1)) leaders.add(pc + 1);
        }
        StringBuilder sb = new StringBuilder("digraph \"").append(escape(title)).append("\" {\n");
        sb.append("  node [shape=box, fontname=\"monospace\"];\n");
        List<int[]> blocks = new ArrayList<>();
        int[] table = p.descriptors();
        for (int start : leaders) {
            if (!reached.contains(start)) continue;
            int end = start;
            while (reached.contains(end + 1) && !leaders.contains(end + 1)) end++;
            blocks.add(new int[] {start, end});
            StringBuilder label = new StringBuilder();
            for (int pc = start; pc <= end; pc++) {
                label.append(String.format("%03x: ", pc)).append(Disassembler.instructionText(pc, p.code(pc), table))
                        .append(p.brief(pc).startsWith("word ") ? "" : "  (" + p.brief(pc) + ")").append("\\l");
            }
            sb.append("  b").append(start).append(" [label=\"").append(escape(label.toString()).replace("\\\\l", "\\l")).append("\"];\n");
        }
        for (int[] b : blocks) {
            for (Map.Entry<Integer, String> e : edges.getOrDefault(b[1], new TreeMap<>()).entrySet()) {
                int target = leaders.floor(e.getKey());
                sb.append("  b").append(b[0]).append(" -> b").append(target);
                if (!e.getValue().isEmpty()) sb.append(" [label=\"").append(escape(e.getValue())).append("\"]");
                sb.append(";\n");
            }
        }
        return sb.append("}\n").toString();
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
