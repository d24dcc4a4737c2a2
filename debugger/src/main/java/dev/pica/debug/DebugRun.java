package dev.pica.debug;

import dev.pica.format.shbin.LineInfo;
import dev.pica.sim.Emission;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.SimulationException;
import dev.pica.sim.Simulator;
import dev.pica.sim.Stepper;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A debugged run: the launch's invocations (vertices, or a geometry shader's primitives) one
 * after another, a word at a time, with the breakpoints asked at every word reached. Going back
 * is a replay: the run is deterministic, so a position (invocation, words run) is reached again
 * by running from the start, with the values the user set applied at the words they were set.
 */
final class DebugRun {
    /** Where and why the run stopped: reason as DAP names it, a description, the breakpoints hit. */
    record Stop(String reason, String description, List<Integer> breakpoints) {}

    /** What the run reports as it goes (only forward, never while replaying). */
    interface Events {
        void output(String category, String text);
    }

    enum Step { IN, OVER, OUT }

    /** A value the user set at a position; {@code later} also applies to the invocations after it (a uniform). */
    private record Edit(int invocation, long step, boolean later, Consumer<Stepper> apply) {}

    private final Simulator sim;
    private final Shader shader;
    private final List<LaunchInputs.Invocation> invocations;
    private final Breakpoints breakpoints;
    private final LineTable lines;
    private final long budget;
    private final Events events;
    private final List<Edit> edits = new ArrayList<>();
    private Boolean firstB15;
    private int invocation;
    private Stepper s;
    private boolean ended;
    private String failure;

    DebugRun(Simulator sim, List<LaunchInputs.Invocation> invocations, Breakpoints breakpoints, LineTable lines, long budget, Events events) {
        this.sim = sim;
        this.shader = sim.shader();
        this.invocations = invocations;
        this.breakpoints = breakpoints;
        this.lines = lines;
        this.budget = budget;
        this.events = events;
    }

    Stepper stepper() {
        return s;
    }

    int invocation() {
        return invocation;
    }

    int invocations() {
        return invocations.size();
    }

    boolean ended() {
        return ended;
    }

    /** Starts at the first word of the first invocation: a stop there when asked, or at a breakpoint there. */
    Stop start(boolean stopOnEntry) {
        begin(0);
        List<Breakpoints.Point> hit = breakpoints.hit(s);
        if (stopOnEntry) return new Stop("entry", null, List.of());
        if (!hit.isEmpty()) return stop(hit);
        return resume(null, false);
    }

    private void begin(int k) {
        invocation = k;
        LaunchInputs.Invocation in = invocations.get(k);
        s = in.primitive() != null ? sim.startGeometry(in.primitive()) : sim.start(in.inputs());
        if (shader.geometry()) {
            // the GPU sets b15 after each geometry invocation: true from the second on, whatever order they replay in
            if (firstB15 == null) firstB15 = s.bool(15);
            s.setBool(15, k == 0 ? firstB15 : true);
        }
        for (Edit e : edits) if (e.later && e.invocation < k || e.invocation == k && e.step == 0) e.apply.accept(s);
    }

    /**
     * Runs one word; at the end of an invocation begins the next. False when the last one has
     * ended. {@code live}: report vertices' outputs and emissions (not while replaying).
     */
    private boolean advance(boolean live) throws SimulationException {
        int emitted = live && shader.geometry() ? s.emissions().size() : 0;
        s.step();
        if (live && shader.geometry() && s.emissions().size() > emitted) events.output("stdout", emissionText(invocation, s.emissions().size() - 1, s.emissions().get(s.emissions().size() - 1)));
        if (s.ended()) {
            if (live) events.output("stdout", resultText(invocation, s.result()));
            if (invocation + 1 >= invocations.size()) {
                ended = true;
                return false;
            }
            begin(invocation + 1);
            return true;
        }
        for (Edit e : edits) if (e.invocation == invocation && e.step == s.steps()) e.apply.accept(s);
        return true;
    }

    /**
     * Runs forward: to a breakpoint, or for a step to the next line (over calls, out of the
     * routine), or {@code step == null} until a breakpoint or the end. Null when the run ended.
     */
    Stop resume(Step step, boolean instruction) {
        if (failure != null) {
            ended = true;
            return null;
        }
        int startInvocation = invocation, depth = s.calls().size();
        LineInfo line = lines.position(s.pc());
        boolean byWord = instruction || line == null;
        long ran = 0;
        try {
            while (true) {
                if (!advance(true)) return null;
                List<Breakpoints.Point> hit = breakpoints.hit(s);
                if (!hit.isEmpty()) return stop(hit);
                if (step != null) {
                    if (invocation != startInvocation) return new Stop("step", null, List.of());
                    int d = s.calls().size();
                    LineInfo here = lines.position(s.pc());
                    boolean moved = byWord || !Objects.equals(here, line) || d != depth;
                    boolean done = switch (step) {
                        case IN -> moved;
                        case OVER -> d < depth || d == depth && moved;
                        case OUT -> d < depth;
                    };
                    if (done) return new Stop("step", null, List.of());
                }
                if (++ran >= budget) {
                    return new Stop("exception", "ran " + ran + " words without reaching 'end' or a breakpoint (the hardware would hang if this never ends); continue to run as many again", List.of());
                }
            }
        } catch (SimulationException e) {
            failure = e.getMessage();
            events.output("stderr", "error: " + e.getMessage() + "\n");
            return new Stop("exception", e.getMessage(), List.of());
        }
    }

    private Stop stop(List<Breakpoints.Point> hit) {
        List<Integer> ids = new ArrayList<>();
        for (Breakpoints.Point p : hit) ids.add(p.id);
        return new Stop(hit.get(0).reason, null, ids);
    }

    /** One position of the run: the invocation, the words run in it, where it is. */
    private record Position(int invocation, long step, int pc, int depth, LineInfo line) {}

    /** Goes back a line (or a word) by replaying from the start. */
    Stop stepBack(boolean instruction) {
        List<Position> history = replay(null, null);
        if (history.size() < 2) return new Stop("entry", null, List.of());
        int k = history.size() - 2;
        Position now = history.get(history.size() - 1);
        boolean byWord = instruction || now.line == null;
        if (!byWord) {
            // back to the previous line's first word: past the rest of this line, then that line's earlier words
            while (k > 0 && sameLine(history.get(k), now)) k--;
            while (k > 0 && sameLine(history.get(k - 1), history.get(k))) k--;
        }
        Position target = history.get(k);
        replay(target, null);
        return new Stop("step", null, List.of());
    }

    private static boolean sameLine(Position a, Position b) {
        return a.invocation == b.invocation && a.depth == b.depth && Objects.equals(a.line, b.line);
    }

    /** Goes back to the latest breakpoint before here (the start if none), by replaying from the start. */
    Stop reverseContinue() {
        List<Position> hits = new ArrayList<>();
        List<Position> history = replay(null, hits);
        Position now = history.get(history.size() - 1);
        hits.removeIf(p -> p.invocation == now.invocation && p.step == now.step);
        if (hits.isEmpty()) {
            replay(history.get(0), null);
            return new Stop("entry", null, List.of());
        }
        Position target = hits.get(hits.size() - 1);
        replay(target, null);
        return new Stop("breakpoint", null, List.of());
    }

    /**
     * Runs again from the start, counting breakpoint hits as the forward run did: to {@code
     * target}, or when it is null to where the run is now, recording every position passed (and
     * in {@code hits} those where a breakpoint stopped).
     */
    private List<Position> replay(Position target, List<Position> hits) {
        Position goal = target != null ? target : new Position(invocation, s.steps(), s.pc(), 0, null);
        List<Position> history = new ArrayList<>();
        breakpoints.resetHits();
        begin(0);
        try {
            while (true) {
                boolean stops = !breakpoints.hit(s).isEmpty();
                Position p = new Position(invocation, s.steps(), s.pc(), s.calls().size(), lines.position(s.pc()));
                if (target == null) history.add(p);
                if (stops && hits != null) hits.add(p);
                if (invocation == goal.invocation && s.steps() == goal.step) return history;
                if (!advance(false)) throw new IllegalStateException("the replay ended before the position it was to reach");
            }
        } catch (SimulationException e) {
            throw new IllegalStateException("the replay failed where the run had not: " + e.getMessage(), e);
        }
    }

    /** Applies a value the user set now, and records it so that a replay sets it at this word again. */
    void edit(Consumer<Stepper> apply, boolean later) {
        apply.accept(s);
        int inv = invocation;
        long step = s.steps();
        // what was set after this position belonged to a run that no longer happens
        edits.removeIf(e -> e.invocation > inv || e.invocation == inv && e.step > step);
        edits.add(new Edit(inv, step, later, apply));
    }

    private String resultText(int k, Result r) {
        String where = shader.geometry() ? "primitive " + k : "vertex " + k;
        return where + " ended after " + r.steps() + " words" + (shader.geometry() ? "" : ":" + outputsText(r.registers()))
                + (r.notes().isEmpty() ? "" : "; ran " + String.join(", ", r.notes())) + "\n";
    }

    private String emissionText(int k, int n, Emission e) {
        return "primitive " + k + " emitted vertex " + n + " (slot " + e.vertexId() + (e.primitive() ? ", completes a primitive" : "")
                + (e.inverted() ? ", inverted winding" : "") + "):" + outputsText(e.outputs()) + "\n";
    }

    /** The output table's entries in these output registers: " position=(1, 2, 3, 1) color=(...)". */
    private String outputsText(float[] regs) {
        StringBuilder sb = new StringBuilder();
        for (var o : shader.bindings().outputs()) {
            sb.append(' ').append(o.name()).append("=(");
            boolean first = true;
            for (int j = 0; j < 4; j++) {
                if ((o.mask() & 1 << j) == 0) continue;
                sb.append(first ? "" : ", ").append(dev.pica.sim.Values.text(regs[o.register() * 4 + j]));
                first = false;
            }
            sb.append(')');
        }
        return sb.toString();
    }
}
