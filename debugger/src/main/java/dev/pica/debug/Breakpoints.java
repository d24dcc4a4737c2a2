package dev.pica.debug;

import dev.pica.sim.Bindings;
import dev.pica.sim.Stepper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The breakpoints the editor set, by kind (source lines per file, labels, words), each at a word
 * with an optional condition and hit condition. Which of them stop at a word is asked once per
 * word the run reaches; hits are counted in that order, so that a replay counts them again.
 */
final class Breakpoints {
    /** One breakpoint at a word; {@code hits} counts the times its condition held. */
    static final class Point {
        final int id, pc;
        final Condition condition;
        final String hitCondition;
        final String reason;
        int hits;

        Point(int id, int pc, Condition condition, String hitCondition, String reason) {
            this.id = id;
            this.pc = pc;
            this.condition = condition;
            this.hitCondition = hitCondition;
            this.reason = reason;
        }

        boolean stops(Stepper s) {
            if (condition != null && !condition.holds(s)) return false;
            hits++;
            return hitCondition == null || hitHolds(hitCondition, hits);
        }
    }

    private final Map<String, List<Point>> byGroup = new HashMap<>();
    private Map<Integer, List<Point>> byPc = Map.of();
    private int nextId = 1;

    /** Replaces one group (a source file's lines, "function", "instruction"). */
    void set(String group, List<Point> points) {
        byGroup.put(group, points);
        Map<Integer, List<Point>> m = new HashMap<>();
        for (List<Point> l : byGroup.values()) for (Point p : l) m.computeIfAbsent(p.pc, k -> new ArrayList<>()).add(p);
        byPc = m;
    }

    int newId() {
        return nextId++;
    }

    /** The breakpoints that stop at the stepper's word (counting their hits), or an empty list. */
    List<Point> hit(Stepper s) {
        List<Point> here = byPc.get(s.pc());
        if (here == null) return List.of();
        List<Point> stop = new ArrayList<>();
        for (Point p : here) if (p.stops(s)) stop.add(p);
        return stop;
    }

    void resetHits() {
        for (List<Point> l : byGroup.values()) for (Point p : l) p.hits = 0;
    }

    /** Reads a condition (null when blank): an error names what is wrong with it. */
    static Condition condition(String text, Bindings bindings) {
        return text == null || text.isBlank() ? null : Condition.parse(text, bindings);
    }

    /** A condition at one word, where it may also name the GLSL variables that have a value there. */
    static Condition condition(String text, Bindings bindings, java.util.function.Function<String, Place> locals) {
        return text == null || text.isBlank() ? null : Condition.parse(text, bindings, locals);
    }

    /** Checks a hit condition's form: {@code N}, {@code == N}, {@code >= N}, {@code > N}, {@code < N}, {@code <= N}, {@code % N}. */
    static String hitCondition(String text) {
        if (text == null || text.isBlank()) return null;
        String t = text.trim();
        if (!t.matches("(==|>=|<=|>|<|%)?\\s*[0-9]{1,9}")) throw new IllegalArgumentException("hit count '" + text + "': expected N, == N, >= N, > N, < N, <= N or % N");
        if (t.startsWith("%") && Long.parseLong(t.substring(1).trim()) == 0) throw new IllegalArgumentException("hit count '" + text + "': % 0 divides by zero");
        return t;
    }

    private static boolean hitHolds(String t, int hits) {
        String op = t.replaceAll("[0-9\\s]", "");
        long n = Long.parseLong(t.substring(op.length()).trim());
        return switch (op) {
            case "", "==" -> hits == n;
            case ">=" -> hits >= n;
            case ">" -> hits > n;
            case "<" -> hits < n;
            case "<=" -> hits <= n;
            default -> hits % n == 0;
        };
    }
}
