package dev.pica.format.verify;

import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Outcome;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.WordFormat;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The control-flow verifier of verifier.md: explores every entry of a {@link Program} with
 * {@link StateGraph}, runs the data-flow rules (F-OUT2, F-OUT0, F-UNINIT, F-GS) on the state
 * graph, and reports every finding once, located at its second end, with a witness path.
 */
public final class Verifier {

    private final ProgramFacts facts;
    private final Program program;
    private final Instruction[] ins;
    private final WordEffects[] effects;
    private final long configured;
    /** the configured output components a semantic names: F-OUT0 and F-UNINIT's uses */
    private final long named;
    private final Map<Key, Diagnostic> findings = new LinkedHashMap<>();
    private final Map<Key, Integer> firstPc = new HashMap<>();
    private final Map<AutomatonKey, Witness.Automaton> automata = new HashMap<>();
    /** The work done, in steps (verifier.md, Cost): states explored, facts carried, witness searches, rule passes. */
    private long steps;
    /** where the current entry's r lanes are used; null until a read may find an unwritten lane */
    private LaneFlow laneFlow;

    /**
     * What makes two findings one: the rule, what it is about (a register, a variant of the rule)
     * and the word (-1 for a finding said once per register).
     */
    private record Key(Rule rule, String about, int pc) {
        // written out: a record's own equals and hashCode link through invokedynamic, whose
        // method-handle classes cost a tool's start and cannot be archived (performance.md)
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.rule == rule && k.pc == pc && k.about.equals(about);
        }

        @Override
        public int hashCode() {
            return (rule.hashCode() * 31 + about.hashCode()) * 31 + pc;
        }
    }

    private Verifier(Program program) {
        this.facts = new ProgramFacts(program);
        this.program = program;
        this.ins = facts.ins;
        this.effects = facts.effects;
        this.configured = facts.configured;
        this.named = facts.named;
    }

    /** A verified program (null when a finding is an error) and the findings, each once. */
    public record Result(Program program, Diagnostics diagnostics) implements Outcome<Program> {
        @Override
        public Program value() {
            return diagnostics.hasErrors() ? null : program;
        }
    }

    /** Every entry's findings, each once (the library's entry point). */
    public static Result verify(Program program) {
        Diagnostics d = new Diagnostics();
        verify(program, d);
        return new Result(program, d);
    }

    /** Verifies every entry and adds the findings to diags, each once. */
    public static void verify(Program program, Diagnostics diags) {
        steps(program, diags);
    }

    /** Verifies every entry as {@link #verify} does; returns the steps it took (the bound VerifierCostTest holds it to). */
    static long steps(Program program, Diagnostics diags) {
        Verifier v = new Verifier(program);
        for (Program.Entry e : program.entries()) v.run(e);
        for (Diagnostic d : v.findings.values()) diags.add(d);
        return v.steps;
    }

    /** The explored graphs, one per entry (for picadis --cfg). */
    public static List<StateGraph> explore(Program program) {
        ProgramFacts facts = new ProgramFacts(program);
        List<StateGraph> out = new ArrayList<>();
        for (Program.Entry e : program.entries()) out.add(new StateGraph(facts, e));
        return out;
    }

    private void run(Program.Entry entry) {
        StateGraph g = new StateGraph(facts, entry);
        Witness w = new Witness(g);
        if (g.truncated) report(Warning.VERIFIER_LIMIT, 0, Rule.END, "limit", "control flow too complex to verify completely (more than " + StateGraph.MAX_STATES + " states)", () -> Witness.WitnessPath.NONE);
        PathFacts[] facts = dataflow(g, entry);
        laneFlow = null; // worked out for this graph when a read may find an unwritten lane
        for (StateGraph.Event e : g.events) {
            // an import may have ended the program before this path ran off (checked at the link)
            if (e.rule() == Rule.END && facts[e.state()] != null && facts[e.state()].has(PathFacts.AFTER_IMPORT)) continue;
            // the structural warnings are the stale stack entries of F-JMP and F-BRK
            report(e.error() ? null : Warning.STALE_ENTRY, e.pc(), e.rule(), e.message(), e.message(), () -> w.text(w.path(0, e.state(), null), 0));
        }
        checkMova(g, w);
        checkFacts(g, w, entry, facts);
        if (!entry.isSubroutine()) checkSdkCautions(g, w, facts);
        checkRelativeRange(g, w);
        if (!entry.isSubroutine()) checkEndReached(g, w);
        // each rule pass visits every state once
        LaneFlow flow = laneFlow;
        steps += g.steps + w.steps() + (flow == null ? 0 : flow.steps) + RULE_PASSES * (long) g.states.size();
        if (flow != null && flow.cut) report(Warning.VERIFIER_LIMIT, 0, Rule.END, "lanes", "control flow too complex to verify completely (where values are used"
                + " was followed for " + DATAFLOW_PASSES + " passes over the graph)", () -> Witness.WitnessPath.NONE);
        if (flow != null && flow.exhausted) report(Warning.VERIFIER_LIMIT, 0, Rule.END, "uses", "control flow too complex to show where every value read"
                + " before it is written is used (the search stopped after " + Witness.MAX_STEPS + " steps)", () -> Witness.WitnessPath.NONE);
        if (dataflowCut) report(Warning.VERIFIER_LIMIT, 0, Rule.END, "facts", "control flow too complex to verify completely (what may be written"
                + " or read was followed for " + DATAFLOW_PASSES + " passes over the graph)", () -> Witness.WitnessPath.NONE);
        if (w.exhausted()) report(Warning.VERIFIER_LIMIT, 0, Rule.END, "witness", "control flow too complex to show every finding's path (the search"
                + " for paths stopped after " + Witness.MAX_STEPS + " steps)", () -> Witness.WitnessPath.NONE);
    }

    // ---- data flow: per state, the facts on entry to its word (all "may" facts, joined by OR) ----

    /** The passes over every state the rules make (checkMova, checkSdkCautions 2, checkRelativeRange, checkFacts 2, checkEndReached). */
    private static final int RULE_PASSES = 7;
    /** The data flow's work at most, in passes over every state and edge (a pass or two is usual); beyond it the facts are partial. */
    static final int DATAFLOW_PASSES = 8;
    /**
     * The most steps one entry takes, whatever the program (verifier.md, Cost): a state has at
     * most {@link StateGraph#MAX_SUCCESSORS} successors, so exploring is at most 1 + that per
     * state; the data flow that per state and pass, and the round's scan and one state more
     * that cross its limit; the witness searches their budget and the search that crosses it
     * (two phases per state); the rules 7 per state; LaneFlow's liveness its passes (an edge
     * counts from both ends) and the state that crosses its limit, and its use searches their
     * budget and the lane that crosses it; its cmp flags' liveness its passes and the state that
     * crosses their limit.
     */
    static final long MAX_STEPS = (long) StateGraph.MAX_STATES * (1 + StateGraph.MAX_SUCCESSORS) * (1 + DATAFLOW_PASSES + 2)
            + (1 + StateGraph.MAX_SUCCESSORS) + Witness.MAX_STEPS + (long) (RULE_PASSES + 1) * StateGraph.MAX_STATES
            + DATAFLOW_PASSES * (long) StateGraph.MAX_STATES * (1 + 2 * StateGraph.MAX_SUCCESSORS) + 1 + 2L * StateGraph.MAX_SUCCESSORS
            + StateGraph.MAX_STATES * (1L + StateGraph.MAX_SUCCESSORS)
            + Witness.MAX_STEPS + 64 + 2 * StateGraph.MAX_SUCCESSORS
            + LaneFlow.FLAG_PASSES * (long) StateGraph.MAX_STATES * (1 + StateGraph.MAX_SUCCESSORS) + 1 + StateGraph.MAX_SUCCESSORS;
    private boolean dataflowCut;

    private PathFacts[] dataflow(StateGraph g, Program.Entry entry) {
        int n = g.states.size();
        PathFacts[] in = new PathFacts[n];
        in[0] = entry.isSubroutine() ? PathFacts.NOTHING
                : new PathFacts(0, named, 0, -1L, PathFacts.REGISTERS | (program.geometry() ? PathFacts.NO_SETEMIT : PathFacts.NO_INPUT_READ), 0);
        // rounds over the states in reverse postorder, each taking the states whose facts changed; a
        // change behind the round (through a loop's back edge) needs one more. In that order every
        // edge but a back edge leads forward, so a fact crosses any row of ifs in one round; in
        // breadth-first order (the ids) the join of an if whose one part is longer than the other
        // comes before that part's end, and each such if in a row cost a round (verifier.md, Cost)
        int[] order = g.reversePostorder();
        int[] position = new int[n];
        for (int k = 0; k < n; k++) position[order[k]] = k;
        boolean[] changed = new boolean[n];
        changed[0] = true;
        long edges = 0;
        for (int s = 0; s < n; s++) edges += g.succ.get(s).length;
        long limit = steps + DATAFLOW_PASSES * (n + edges);
        steps += n + edges; // the walk that ordered them, out of the same budget
        for (boolean again = true; again; ) {
            again = false;
            steps += n; // the round's scan
            for (int s : order) {
                if (!changed[s]) continue;
                if (steps > limit) {
                    dataflowCut = true;
                    return in;
                }
                changed[s] = false;
                PathFacts out = transfer(g.states.get(s).pc, in[s]);
                int[] to = g.succ.get(s);
                steps += 1 + to.length;
                StateGraph.Edge[] kinds = g.succKind.get(s);
                for (int k = 0; k < to.length; k++) {
                    PathFacts f = kinds[k] == StateGraph.Edge.IMPORT_CALL ? opaque(out) : out;
                    int t = to[k];
                    PathFacts joined = in[t] == null ? f : in[t].join(f);
                    if (joined == in[t]) continue;
                    in[t] = joined;
                    changed[t] = true;
                    again |= position[t] <= position[s];
                }
            }
        }
        return in;
    }

    private PathFacts transfer(int pc, PathFacts in) {
        Instruction i = pc < ins.length ? ins[pc] : null;
        if (i == null) return in;
        WordEffects e = effects[pc];
        long written = in.written(), zero = in.zero(), misc = in.misc();
        if (emits(pc)) {
            written = 0;
            zero = named;
            misc &= ~PathFacts.DIRTY;
        }
        if (i.op().has(Opcode.Flag.SETS_EMIT)) misc &= ~PathFacts.NO_SETEMIT;
        long w = e.writesOutput() & configured;
        written |= w;
        zero &= ~w;
        if (program.geometry() && e.writesOutput() != 0) misc |= PathFacts.DIRTY;
        misc &= ~(long) e.writesMisc();
        if (e.readsInputs() != 0) misc &= ~PathFacts.NO_INPUT_READ;
        return new PathFacts(written, zero, in.opaque(), in.temp() & ~e.writesTemp(), misc, in.assigned() | e.writesTemp());
    }

    /** After a call to an unknown import: it may write anything, set up anything and end the program. */
    private PathFacts opaque(PathFacts out) {
        long misc = out.misc() & ~(PathFacts.REGISTERS | PathFacts.NO_SETEMIT | PathFacts.NO_INPUT_READ) | PathFacts.AFTER_IMPORT;
        return new PathFacts(out.written(), out.zero() & ~configured, out.opaque() | configured, 0, misc, -1L);
    }

    /** Whether the word at pc emits a vertex (a geometry shader's emit). */
    private boolean emits(int pc) {
        return program.geometry() && pc < ins.length && ins[pc] != null && ins[pc].op().has(Opcode.Flag.EMITS);
    }

    // ---- rules on the graph ----

    private boolean isMova(int pc) {
        return pc < ins.length && ins[pc] != null && ins[pc].op().has(Opcode.Flag.WRITES_A0);
    }

    private void checkMova(StateGraph g, Witness w) {
        for (int s = 0; s < g.states.size(); s++) {
            int pc = g.states.get(s).pc;
            if (!isMova(pc)) continue;
            int[] to = g.succ.get(s);
            for (int k = 0; k < to.length; k++) {
                int t = to[k];
                if (!isMova(g.states.get(t).pc)) continue;
                List<Integer> path = List.of(s, t);
                report(null, g.states.get(t).pc, Rule.MOVA, "after " + pc, "consecutive mova instructions freeze the GPU; separate them",
                        () -> w.text(path, 0));
            }
        }
    }

    /**
     * The CTR-SDK's cautions on how a shader ends (its "limitations due to shader specifications"
     * and "bad coding" pages): a mova right before the instruction executed last, which that
     * instruction does not read through a0, may hang the GPU (in a vertex shader the last is the
     * last output write, in a geometry shader 'end'); only nop may stand between the last output
     * write and 'end'; a vertex shader reads at least one input on every path. Warnings, as the
     * SDK's own tools give them; paths that pass an unknown import are left to the link.
     */
    private void checkSdkCautions(StateGraph g, Witness w, PathFacts[] facts) {
        int n = g.states.size();
        int[][] pred = g.predecessors();
        // quiet[s]: from s (its word included) an 'end' is reachable with no output written on the way
        boolean[] quiet = new boolean[n];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        for (int s = 0; s < n; s++) {
            if (facts[s] != null && endsHere(g, s)) {
                quiet[s] = true;
                work.add(s);
            }
        }
        while (!work.isEmpty()) {
            for (int p : pred[work.poll()]) {
                int pc = g.states.get(p).pc;
                if (quiet[p] || pc >= ins.length || ins[pc] == null || effects[pc].writesOutput() != 0) continue;
                quiet[p] = true;
                work.add(p);
            }
        }
        for (int s = 0; s < n; s++) {
            PathFacts f = facts[s];
            if (f == null || f.has(PathFacts.AFTER_IMPORT)) continue;
            int pc = g.states.get(s).pc;
            if (pc >= ins.length || ins[pc] == null) continue;
            Instruction i = ins[pc];
            int state = s;
            boolean end = endsHere(g, s);
            if (!program.geometry() && end && f.has(PathFacts.NO_INPUT_READ)) {
                report(Warning.NO_INPUT, pc, Rule.IN, "", "no input register is read on this path to 'end'; the SDK warns that a vertex that reads none may"
                        + " not be processed correctly", () -> w.text(w.path(0, state, inputAutomaton()), 0));
            }
            if (!program.geometry() && !end && quiet[s] && i.op() != Opcode.NOP && f.written() != 0) {
                long first = Long.lowestOneBit(f.written());
                report(Warning.AFTER_LAST_OUTPUT, pc, Rule.TAIL, "", "'" + i.op().mnemonic + "' runs after the last output write on this path;"
                        + " only 'nop' may stand between it and 'end'", () -> {
                            List<Integer> path = w.path(0, state, writerAutomaton(first), 1);
                            return w.text(path, path == null ? 0 : w.lastIndexWriting(path, first));
                        });
            }
            // the instruction executed last: 'end' in a geometry shader, else a last output write
            boolean last = program.geometry() ? end
                    : effects[pc].writesOutput() != 0 && anyQuiet(g.succ.get(s), quiet);
            if (!last || i.idx() == 1 || i.idx() == 2) continue;
            for (int p : pred[s]) {
                int ppc = g.states.get(p).pc;
                if (!isMova(ppc)) continue;
                report(Warning.MOVA_LAST, ppc, Rule.MOVAEND, "", "'mova' right before the instruction executed last ('" + i.op().mnemonic
                        + "', which does not read through a0) may hang the GPU; move it earlier or put another instruction between them", () -> {
                            List<Integer> path = w.path(0, p, null);
                            List<Integer> full = path == null ? null : new ArrayList<>(path);
                            if (full != null) full.add(state);
                            return w.text(full, 0);
                        });
            }
        }
    }

    private static boolean anyQuiet(int[] states, boolean[] quiet) {
        for (int t : states) if (quiet[t]) return true;
        return false;
    }

    /**
     * F-AL96: a {@code c[n + aL]} read inside a loop whose index can reach 96 or more, which the
     * SDK leaves undefined (the emulator reads 1s). aL runs y, y + z, ..., y + x·z over the
     * innermost loop's passes (i = x, y, z); an offset beyond 127 counts as 0. With a count,
     * start or step from a uniform the bound is unknown: a warning that says so.
     */
    private void checkRelativeRange(StateGraph g, Witness w) {
        for (int s = 0; s < g.states.size(); s++) {
            StateGraph.State st = g.states.get(s);
            int pc = st.pc;
            if (pc >= ins.length || ins[pc] == null || ins[pc].idx() != 3 || st.loops.length == 0) continue;
            Instruction i = ins[pc];
            int state = s;
            int code = i.get(WordFormat.sourceField(i.op().format.wideSource())); // IDX indexes the wide source
            if (code < RegisterFile.FLOAT_UNIFORM.fieldBase) continue;
            int n = code - RegisterFile.FLOAT_UNIFORM.fieldBase;
            int reg = StackEntry.loopReg(st.loops[st.loops.length - 1]);
            String operand = "'c" + n + "[aL]'";
            if (facts.loopCounts[reg] == ProgramFacts.UNKNOWN_COUNT) {
                report(Warning.RELATIVE_RANGE, pc, Rule.AL96, "uniform count", operand + " reads c96 or beyond if aL reaches " + (96 - n)
                        + "; the loop's i" + reg + " is a uniform, so its range is not known here", () -> w.text(w.path(0, state, null), 0));
                continue;
            }
            int x = facts.loopCounts[reg], y = facts.loopStarts[reg], z = facts.loopSteps[reg];
            for (int k = 0; k <= x; k++) {
                int aL = y + k * z;
                if (aL > 127) break; // out of range: the offset counts as 0 from here on (z > 0) or never changes (z = 0)
                if (n + aL >= 96) {
                    report(Warning.RELATIVE_RANGE, pc, Rule.AL96, "", operand + " reads c" + (n + aL) + " when aL = " + aL + " (pass " + (k + 1)
                            + " of the loop over i" + reg + " = (" + x + ", " + y + ", " + z + ")); registers from c96 on are undefined",
                            () -> w.text(w.path(0, state, null), 0));
                    break;
                }
            }
        }
    }

    /** Whether the state executes 'end' (not a return to an unknown caller or an import call). */
    private boolean endsHere(StateGraph g, int s) {
        int pc = g.states.get(s).pc;
        return pc < ins.length && ins[pc] != null && ins[pc].op().has(Opcode.Flag.ENDS);
    }

    /** F-OUT0's cause: output lanes that reach an 'emit' (or 'end') unwritten, or never written at all. */
    private record Unwritten(boolean never, int reg, long comps) {
        // written out, as Key's
        @Override
        public boolean equals(Object o) {
            return o instanceof Unwritten u && u.never == never && u.reg == reg && u.comps == comps;
        }

        @Override
        public int hashCode() {
            return (Boolean.hashCode(never) * 31 + reg) * 31 + Long.hashCode(comps);
        }
    }

    private void checkFacts(StateGraph g, Witness w, Program.Entry entry, PathFacts[] facts) {
        boolean main = !entry.isSubroutine();
        Map<Unwritten, List<Integer>> unwritten = new LinkedHashMap<>();
        long everWritten = 0;
        for (int s = 0; s < g.states.size(); s++) if (facts[s] != null && g.states.get(s).pc < ins.length) everWritten |= effects[g.states.get(s).pc].writesOutput();
        neverRead.clear();
        for (int s = 0; s < g.states.size(); s++) {
            PathFacts f = facts[s];
            if (f == null) continue;
            StateGraph.State st = g.states.get(s);
            int pc = st.pc;
            if (pc >= ins.length) continue;
            Instruction i = ins[pc];
            if (i == null) continue;
            WordEffects e = effects[pc];
            int state = s;
            // F-MAP: a component no output_map/.out names is written (a library's maps are its caller's)
            long stray = main ? e.writesOutput() & ~configured : 0;
            for (int reg = 0; reg < 16 && stray != 0; reg++) {
                long comps = stray >>> 4 * reg & 0xF;
                if (comps != 0) reportOnce(Warning.UNMAPPED_OUTPUT, Rule.MAP, "o" + reg, pc, "'" + components(reg, comps)
                        + "' is written but no output_map or .out names it; the value goes nowhere");
            }
            // F-OUT2: a configured component that may already be written is written again
            long twice = e.writesOutput() & configured & f.written() & ~f.opaque();
            for (int reg = 0; reg < 16 && twice != 0; reg++) {
                long comps = twice >>> 4 * reg & 0xF;
                if (comps == 0) continue;
                boolean definite = !st.restsOnUnknownCount();
                // a warning as the SDK's own caution list has it: "operations are not guaranteed", not a hang
                long first = 1L << (4 * reg + Long.numberOfTrailingZeros(comps));
                report(Warning.OUTPUT_TWICE, pc, Rule.OUT2, "o" + reg, "output '" + components(reg, comps) + "' written twice"
                        + (definite ? "" : " if the loop with a uniform count runs more than once"), () -> {
                            List<Integer> path = w.path(0, state, writerAutomaton(first), 1);
                            return w.text(path, path == null ? 0 : w.lastIndexWriting(path, first));
                        });
            }
            if (!main) continue;
            boolean ends = program.geometry() ? emits(pc) : i.op().has(Opcode.Flag.ENDS);
            if (ends) {
                long zero = f.zero() & named & ~f.opaque();
                for (int reg = 0; reg < 16; reg++) {
                    long comps = zero >>> 4 * reg & 0xF;
                    if (comps == 0) continue;
                    long never = comps & ~(everWritten >>> 4 * reg);
                    if (never != 0) unwritten.computeIfAbsent(new Unwritten(true, reg, never), k -> new ArrayList<>()).add(s);
                    long some = comps & ~never;
                    if (some != 0) unwritten.computeIfAbsent(new Unwritten(false, reg, some), k -> new ArrayList<>()).add(s);
                }
            }
            if (emits(pc) && f.has(PathFacts.NO_SETEMIT)) {
                report(Warning.EMIT, pc, Rule.GS, "setemit", "'emit' with no 'setemit' before it on some path", () -> w.text(w.path(0, state, setemitAutomaton()), 0));
            }
            if (program.geometry() && i.op().has(Opcode.Flag.ENDS) && f.has(PathFacts.DIRTY)) {
                report(Warning.EMIT, pc, Rule.GS, "dirty", "outputs written after the last 'emit' are never emitted", () -> {
                    List<Integer> path = w.path(0, state, dirtyAutomaton(), 1);
                    return w.text(path, w.lastIndexWriting(path, -1L));
                });
            }
            uninitialised(g, w, s, f, e);
        }
        for (Map.Entry<Unwritten, List<Integer>> u : unwritten.entrySet()) reportUnwritten(g, w, u.getKey(), u.getValue());
        for (Map.Entry<Long, java.util.TreeMap<Integer, Integer>> r : neverRead.entrySet()) {
            int reg = (int) (r.getKey() >>> 4);
            long comps = r.getKey() & 0xF;
            int count = r.getValue().size();
            reportUninitialised(g, w, r.getValue().firstEntry().getValue(), reg, comps, count == 1 ? "" : " (" + count + " words read it unwritten; the first is shown)");
        }
    }

    /** F-UNINIT reads of lanes no path writes before them, one cause per register and lanes: read pc to its first state, in address order */
    private final Map<Long, java.util.TreeMap<Integer, Integer>> neverRead = new LinkedHashMap<>();

    /**
     * F-OUT0, one finding per cause (issue 47): the output lanes and whether they are never written
     * or only not on some path, however many emits (or ends) they reach so. A geometry shader whose
     * one branch never writes an output reaches every emit of that branch with it unwritten, and
     * said at each emit the one cause was dozens of warnings. The finding stands at the emit its
     * shortest witness path reaches (the lowest address for a never-written output, which has no
     * path) and counts the others.
     */
    private void reportUnwritten(StateGraph g, Witness w, Unwritten u, List<Integer> states) {
        long mask = u.comps << 4 * u.reg;
        int best = -1;
        List<Integer> bestPath = null;
        java.util.BitSet at = new java.util.BitSet();
        for (int s : states) {
            int pc = g.states.get(s).pc;
            at.set(pc);
            if (u.never) {
                if (best < 0 || pc < g.states.get(best).pc) best = s;
                continue;
            }
            List<Integer> path = w.path(0, s, avoidAutomaton(mask));
            if (best < 0 || path != null && (bestPath == null || path.size() < bestPath.size()
                    || path.size() == bestPath.size() && pc < g.states.get(best).pc)) {
                best = s;
                bestPath = path;
            }
        }
        String end = program.geometry() ? "'emit'" : "'end'";
        int count = at.cardinality();
        String others = count == 1 ? "" : " (" + count + " " + end + "s are reached so"
                + (u.never ? ")" : "; the shortest path is shown)");
        int pc = g.states.get(best).pc;
        List<Integer> path = bestPath;
        if (u.never) {
            report(Warning.OUTPUT_UNWRITTEN, pc, Rule.OUT0, "never o" + u.reg, "output '" + components(u.reg, u.comps) + "' is never written"
                    + (program.geometry() ? " before 'emit'" : "") + others, () -> Witness.WitnessPath.NONE);
        } else {
            report(Warning.OUTPUT_UNWRITTEN, pc, Rule.OUT0, "o" + u.reg, "output '" + components(u.reg, u.comps) + "' is not written on some path to "
                    + end + others, () -> w.text(path, w.afterLastEmit(path)));
        }
    }

    /**
     * F-UNINIT: reads of components that may be unassigned, where the value reaches a use
     * (LaneFlow: an output lane a semantic names, a cmp, a mova), with the path from the entry
     * through the read to the use; and reads of registers nothing supplies.
     */
    private void uninitialised(StateGraph g, Witness w, int s, PathFacts f, WordEffects e) {
        int pc = g.states.get(s).pc;
        long temp = e.readsTemp() & f.temp();
        if (temp != 0 && laneFlow == null) laneFlow = new LaneFlow(g, named);
        LaneFlow flow = laneFlow;
        if (temp != 0) temp &= flow.usedReads(s);
        for (int reg = 0; reg < 16; reg++) {
            long comps = temp >>> 4 * reg & 0xF;
            if (comps == 0) continue;
            // lanes no path writes before their reads are one cause however many words read them (mgba's uishader.g.pica read r4.zw at five)
            if ((comps << 4 * reg & f.assigned()) == 0) {
                neverRead.computeIfAbsent((long) reg << 4 | comps, k -> new java.util.TreeMap<>()).putIfAbsent(pc, s);
                continue;
            }
            reportUninitialised(g, w, s, reg, comps, "");
        }
        uninitialisedRegisters(g, w, s, f, e);
    }

    /** F-UNINIT's finding for one register's lanes read at state s, with the path through the read to the use; {@code others} ends the message. */
    private void reportUninitialised(StateGraph g, Witness w, int s, int reg, long comps, String others) {
        int pc = g.states.get(s).pc;
        if (!isNew(Rule.UNINIT, "r" + reg, pc, Diagnostic.Severity.WARNING)) return; // its path and use are searched once
        LaneFlow flow = laneFlow;
        List<Integer> path = w.path(0, s, assignAutomaton(comps << 4 * reg, 0));
        LaneFlow.Use use = flow.use(s, comps << 4 * reg);
        int read = -1;
        if (path != null && use != null) {
            read = path.size() - 1;
            path = new ArrayList<>(path);
            path.addAll(use.path().subList(1, use.path().size()));
        }
        Witness.WitnessPath wp = w.text(path, 0, read);
        report(Warning.UNINITIALIZED, pc, Rule.UNINIT, "r" + reg, "'" + "r" + reg + "." + letters(comps) + "' may be read before it is written"
                + (use == null ? "" : "; the value reaches " + use.what()) + others, () -> wp);
    }

    /** F-UNINIT for a0, aL and the cmp flags, and the unsupplied input and uniform registers. */
    private void uninitialisedRegisters(StateGraph g, Witness w, int s, PathFacts f, WordEffects e) {
        int pc = g.states.get(s).pc;
        long misc = e.readsMisc() & f.misc() & PathFacts.REGISTERS;
        for (int b = 0; b < 5; b++) {
            if ((misc & 1L << b) == 0) continue;
            int bit = 1 << b;
            String name = WordEffects.MISC_NAMES[b];
            String msg = b >= 3 ? "'" + name + "' is read before any cmp sets it (it starts false)" : "'" + name + "' may be read before it is written";
            Diagnostic.Severity sev = b >= 3 ? Diagnostic.Severity.NOTE : Diagnostic.Severity.WARNING;
            report(sev, b >= 3 ? null : Warning.UNINITIALIZED, pc, Rule.UNINIT, name, msg, () -> w.text(w.path(0, s, assignAutomaton(0, bit)), 0));
        }
        // a geometry shader's v registers carry the vertex shader's outputs, not bound attributes;
        // a shader that declares no input at all follows picasso's model, where inputs need no
        // declaration (.alias inpos v0): only a shader that declares its inputs is held to them
        if (!g.entry.isSubroutine() && !program.geometry() && program.inputMask() != 0) {
            int v = e.readsInputs() & ~program.inputMask();
            for (int r = 0; r < 16; r++) {
                if ((v & 1 << r) != 0) reportOnce(Warning.UNBOUND, Rule.UNINIT, "v" + r, pc, "'v" + r + "' is read but is not an input (no bind_symbol or .in names it)");
            }
        }
        if (program.checkRegisterSupply() && facts.namesUniforms) {
            if (e.readsFloat() >= 0 && !facts.supplied[RegisterFile.FLOAT_UNIFORM.unifiedBase + e.readsFloat()]) {
                reportOnce(Warning.UNBOUND, Rule.UNINIT, "c" + e.readsFloat(), pc, "'c" + e.readsFloat() + "' is read but neither defined nor bound");
            }
            if (e.readsInt() >= 0 && !facts.supplied[RegisterFile.INT_UNIFORM.unifiedBase + e.readsInt()]) {
                reportOnce(Warning.UNBOUND, Rule.UNINIT, "i" + e.readsInt(), pc, "'i" + e.readsInt() + "' is read but neither defined nor bound");
            }
            if (e.readsBool() >= 0 && !facts.supplied[RegisterFile.BOOL_UNIFORM.unifiedBase + e.readsBool()]) {
                reportOnce(Warning.UNBOUND, Rule.UNINIT, "b" + e.readsBool(), pc, "'b" + e.readsBool() + "' is read but neither defined nor bound");
            }
        }
    }

    /** F-END: a state from which no 'end' (or import call) can be reached loops forever. */
    private void checkEndReached(StateGraph g, Witness w) {
        int n = g.states.size();
        int[][] pred = g.predecessors();
        boolean[] good = new boolean[n];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        for (int s : g.finishes) if (!good[s]) {
            good[s] = true;
            work.add(s);
        }
        // a state whose only continuation is a reported error already has its finding
        for (StateGraph.Event e : g.events) if (!good[e.state()]) {
            good[e.state()] = true;
            work.add(e.state());
        }
        while (!work.isEmpty()) for (int p : pred[work.poll()]) if (!good[p]) {
            good[p] = true;
            work.add(p);
        }
        for (int s = 0; s < n; s++) {
            if (good[s]) continue;
            int state = s;
            report(Warning.INFINITE_LOOP, g.states.get(s).pc, Rule.END, "loop", "no 'end' is reached from here (control loops forever)", () -> w.text(w.path(0, state, null), 0));
            return;
        }
    }

    // ---- witness automata: phase after executing a state's word (-1: the path may not go on) ----

    // each made once per argument, so that Witness searches once per automaton, not once per finding

    private Witness.Automaton writerAutomaton(long comp) {
        return automaton('w', comp, () -> (phase, pc) -> {
            if (emits(pc)) return 0;
            return (effects[pc].writesOutput() & comp) != 0 ? 1 : phase;
        });
    }

    private Witness.Automaton avoidAutomaton(long comps) {
        return automaton('a', comps, () -> (phase, pc) -> (effects[pc].writesOutput() & comps) != 0 && !emits(pc) ? -1 : 0);
    }

    private Witness.Automaton assignAutomaton(long temp, int misc) {
        return automaton(temp != 0 ? 't' : 'm', temp | misc, () -> (phase, pc) -> (effects[pc].writesTemp() & temp) != 0 || (effects[pc].writesMisc() & misc) != 0 ? -1 : 0);
    }

    private Witness.Automaton setemitAutomaton() {
        return automaton('s', 0, () -> (phase, pc) -> ins[pc] != null && ins[pc].op().has(Opcode.Flag.SETS_EMIT) ? -1 : 0);
    }

    private Witness.Automaton dirtyAutomaton() {
        return automaton('d', 0, () -> (phase, pc) -> {
            if (ins[pc] != null && ins[pc].op().has(Opcode.Flag.EMITS)) return 0;
            return effects[pc].writesOutput() != 0 ? 1 : phase;
        });
    }

    private Witness.Automaton inputAutomaton() {
        return automaton('i', 0, () -> (phase, pc) -> effects[pc].readsInputs() != 0 ? -1 : 0);
    }

    private record AutomatonKey(char kind, long mask) {
        // written out, as Key's
        @Override
        public boolean equals(Object o) {
            return o instanceof AutomatonKey k && k.kind == kind && k.mask == mask;
        }

        @Override
        public int hashCode() {
            return kind * 31 + Long.hashCode(mask);
        }
    }

    private Witness.Automaton automaton(char kind, long mask, Supplier<Witness.Automaton> make) {
        return automata.computeIfAbsent(new AutomatonKey(kind, mask), k -> make.get());
    }

    // ---- reporting ----

    /** A finding of a rule about something, at pc: an error when {@code warning} is null, else a warning of that kind. */
    private void report(Warning warning, int pc, Rule rule, String about, String message, Supplier<Witness.WitnessPath> path) {
        report(warning == null ? Diagnostic.Severity.ERROR : Diagnostic.Severity.WARNING, warning, pc, rule, about, message, path);
    }

    /**
     * Keeps one finding per key, the most severe; its witness path is searched only when the
     * finding is kept (a rule meets the same finding in every state of its word).
     */
    private void report(Diagnostic.Severity sev, Warning warning, int pc, Rule rule, String about, String message, Supplier<Witness.WitnessPath> path) {
        if (!isNew(rule, about, pc, sev)) return;
        Key key = new Key(rule, about, pc);
        Witness.WitnessPath wp = path.get();
        findings.put(key, new Diagnostic(sev, pc < program.size() ? program.where(pc) : null, message + pathSuffix(wp.text()), warning, wp.steps(), rule.id));
    }

    /** Whether a finding of this key and severity would be kept: none of the key yet, or only a less severe one. */
    private boolean isNew(Rule rule, String about, int pc, Diagnostic.Severity sev) {
        Diagnostic old = findings.get(new Key(rule, about, pc));
        return old == null || sev.ordinal() < old.severity().ordinal();
    }

    /** A finding about a register, not a word: said once, at the first word (in address order) that shows it. */
    private void reportOnce(Warning kind, Rule rule, String about, int pc, String message) {
        Key key = new Key(rule, about, -1);
        if (firstPc.getOrDefault(key, Integer.MAX_VALUE) <= pc) return;
        firstPc.put(key, pc);
        findings.put(key, new Diagnostic(Diagnostic.Severity.WARNING, pc < program.size() ? program.where(pc) : null, message, kind, List.of(), rule.id));
    }

    private static String pathSuffix(String path) {
        return path.isEmpty() ? "" : "; path: " + path;
    }

    private static String components(int reg, long comps) {
        return "o" + reg + "." + letters(comps);
    }

    private static String letters(long comps) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < 4; c++) if ((comps & 1L << c) != 0) sb.append("xyzw".charAt(c));
        return sb.toString();
    }
}
