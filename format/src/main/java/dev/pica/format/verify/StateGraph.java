package dev.pica.format.verify;

import static dev.pica.format.verify.StackEntry.*;

import dev.pica.format.diag.SourcePos;

import dev.pica.format.isa.FlowStep;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.Opcode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The explicit-state exploration of the hardware sequencer (verifier.md 2): states are (pc,
 * CALL, IF, LOOP stacks), successors follow {@link FlowStep}, the step the simulator runs;
 * branches that depend on data take both outcomes, constant ones one, and a loop whose count is
 * not known both loops back and exits. Structural findings (stack overflow, lost targets, stale
 * entries, running off the code) are recorded as they are met.
 */
public final class StateGraph {

    /** How control got from one state to the next. */
    public enum Edge {
        NEXT(""), CALL("call"), RET("ret"), LOOP_BACK("loop back"), JUMP("jump"), ELSE("else"), ENDIF("endif"),
        BREAK("break"), IMPORT_CALL("call to import");

        public final String label;

        Edge(String label) {
            this.label = label;
        }
    }

    /** One sequencer state; stacks are listed bottom first. */
    public static final class State {
        public final int pc;
        final long[] calls, ifs, loops;
        private final int hash;

        State(int pc, long[] calls, long[] ifs, long[] loops) {
            this.pc = pc;
            this.calls = calls;
            this.ifs = ifs;
            this.loops = loops;
            this.hash = hash(pc, calls, ifs, loops);
        }

        /** The entries' bits mixed (the packed fields differ in few bits; a plain 31-polynomial collides). */
        private static int hash(int pc, long[] calls, long[] ifs, long[] loops) {
            long h = pc;
            for (long e : calls) h = (h + e) * 0x9E3779B97F4A7C15L;
            h = (h + 1) * 0xC2B2AE3D27D4EB4FL;
            for (long e : ifs) h = (h + e) * 0x9E3779B97F4A7C15L;
            h = (h + 2) * 0xC2B2AE3D27D4EB4FL;
            for (long e : loops) h = (h + e) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 29;
            return (int) (h ^ h >>> 32);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof State s && s.pc == pc && Arrays.equals(s.calls, calls) && Arrays.equals(s.ifs, ifs) && Arrays.equals(s.loops, loops);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        /** Whether a loop whose count is unknown is in a second or later iteration (a duplicate there rests on that count). */
        boolean restsOnUnknownCount() {
            for (long l : loops) if (loopCount(l) == ProgramFacts.UNKNOWN_COUNT && loopLater(l)) return true;
            return false;
        }
    }

    /** A structural finding met during exploration, at a state (the witness path ends there). */
    record Event(Rule rule, boolean error, int state, int pc, String message) {}

    /**
     * States explored at most (verifier.md, Cost): a program whose stacks combine in more ways is
     * verified on the states found first, with a verifier-limit warning that says so.
     */
    static final int MAX_STATES = 1 << 16;
    /** Successors of one state at most: two outcomes of a word, each landing twice where an unknown loop count both loops back and exits. */
    static final int MAX_SUCCESSORS = 4;

    final ProgramFacts facts;
    final Program program;
    final Program.Entry entry;
    final Instruction[] ins;
    final List<State> states = new ArrayList<>();
    /** Per state: successor state ids and their edge kinds. */
    final List<int[]> succ = new ArrayList<>();
    final List<Edge[]> succKind = new ArrayList<>();
    final List<Event> events = new ArrayList<>();
    /** States that execute END, or return from the explored subroutine, or call an unknown import. */
    final List<Integer> finishes = new ArrayList<>();
    boolean truncated;
    /** Work done, in steps: a state expanded, a successor interned. */
    long steps;
    private int[][] predecessors;
    /** Per jumping word, the ranges (of facts.ranges) its target enters from outside; filled on first use. */
    private final int[][] entered;

    private final Map<State, Integer> ids = new HashMap<>();

    StateGraph(ProgramFacts facts, Program.Entry entry) {
        this.facts = facts;
        this.program = facts.program;
        this.entry = entry;
        this.ins = facts.ins;
        this.entered = new int[ins.length][];
        explore();
    }

    public List<State> states() {
        return states;
    }

    /** The states one step leads to from state {@code id} (the first state is the entry). */
    public int[] successors(int id) {
        return succ.get(id).clone();
    }

    /** Per state, the states one step leads from to it (worked out once). */
    int[][] predecessors() {
        if (predecessors != null) return predecessors;
        int n = states.size();
        int[] count = new int[n];
        for (int s = 0; s < n; s++) for (int t : succ.get(s)) count[t]++;
        int[][] pred = new int[n][];
        for (int t = 0; t < n; t++) pred[t] = new int[count[t]];
        Arrays.fill(count, 0);
        for (int s = 0; s < n; s++) for (int t : succ.get(s)) pred[t][count[t]++] = s;
        return predecessors = pred;
    }

    /**
     * The states in reverse postorder of a depth-first walk from the entry: each state before
     * its successors, except along a back edge (a loop's, a call's return into a loop). Every
     * state is reached from the entry, so every one is in it.
     */
    int[] reversePostorder() {
        int n = states.size();
        int[] order = new int[n];
        int at = n;
        boolean[] seen = new boolean[n];
        // an explicit stack of (state, next successor index): programs of 4096 words nest deep
        int[] stack = new int[n], next = new int[n];
        int depth = 0;
        stack[depth] = 0;
        next[depth++] = 0;
        seen[0] = true;
        while (depth > 0) {
            int s = stack[depth - 1];
            int[] to = succ.get(s);
            if (next[depth - 1] < to.length) {
                int t = to[next[depth - 1]++];
                if (!seen[t]) {
                    seen[t] = true;
                    stack[depth] = t;
                    next[depth++] = 0;
                }
            } else {
                order[--at] = s;
                depth--;
            }
        }
        // states no walk reaches (none: exploration found each from the entry) keep id order at the front
        if (at > 0) {
            int k = 0;
            for (int s = 0; s < n; s++) if (!seen[s]) order[k++] = s;
        }
        return order;
    }

    /** Whether exploration stopped at its state limit (the graph is then partial). */
    public boolean truncated() {
        return truncated;
    }

    private int intern(State s) {
        Integer id = ids.get(s);
        if (id != null) return id;
        if (states.size() >= MAX_STATES) {
            truncated = true;
            return -1;
        }
        id = states.size();
        ids.put(s, id);
        states.add(s);
        succ.add(null);
        succKind.add(null);
        return id;
    }

    private void explore() {
        long[] none = new long[0];
        State start = entry.isSubroutine()
                ? new State(entry.pc(), new long[] {callEntry(NONE, entry.pc(), entry.subroutineEnd(), 0)}, none, none)
                : new State(entry.pc(), none, none, none);
        ArrayDeque<Integer> work = new ArrayDeque<>();
        int first = intern(start);
        if (entry.pc() >= limit()) {
            event(Rule.END, true, first, 0, "the entry point " + entry.pc() + " lies beyond the code (" + program.size() + " words)");
            succ.set(first, new int[0]);
            succKind.set(first, new Edge[0]);
            return;
        }
        work.add(first);
        List<State> next = new ArrayList<>();
        List<Edge> kinds = new ArrayList<>();
        while (!work.isEmpty()) {
            int id = work.poll();
            next.clear();
            kinds.clear();
            step(id, next, kinds);
            steps += 1 + next.size();
            int[] to = new int[next.size()];
            int n = 0;
            Edge[] ks = new Edge[next.size()];
            for (int k = 0; k < next.size(); k++) {
                int before = states.size();
                int t = intern(next.get(k));
                if (t < 0) continue;
                if (t == before) work.add(t);
                to[n] = t;
                ks[n++] = kinds.get(k);
            }
            succ.set(id, Arrays.copyOf(to, n));
            succKind.set(id, Arrays.copyOf(ks, n));
        }
        elsePartEnds();
    }

    private void event(Rule rule, boolean error, int state, int pc, String message) {
        events.add(new Event(rule, error, state, pc, message));
    }

    /** One outcome of executing the word: stacks after it, the target it sets (-1: none), whether it breaks. */
    private record Outcome(long[] calls, long[] ifs, long[] loops, int target, Edge kind, boolean breaking) {
        Outcome(AbstractStacks b, int target, Edge kind) {
            this(b.calls, b.ifs, b.loops, target, kind, false);
        }
    }

    private AbstractStacks stacks(State s) {
        return new AbstractStacks(facts.loopCounts, s.calls, s.ifs, s.loops, false);
    }

    private void step(int id, List<State> next, List<Edge> kinds) {
        State s = states.get(id);
        int pc = s.pc;
        Instruction i = ins[pc];
        if (i == null) {
            event(Rule.END, true, id, pc, "invalid instruction word 0x" + Integer.toHexString(program.code(pc)) + " is executed");
            return;
        }
        Opcode op = i.op();
        if (!program.geometry() && pc >= Limits.VERTEX_WORDS) {
            event(Rule.REACH, true, id, pc, "vertex shader code must lie in words 0-511 (word " + pc + " is reached)");
            return;
        }
        List<Outcome> outs = new ArrayList<>(2);
        Outcome fall = new Outcome(s.calls, s.ifs, s.loops, -1, Edge.NEXT, false);
        int cond = condition(op, i);
        if (op.has(Opcode.Flag.ENDS)) {
            finishes.add(id);
            return;
        } else if (op.has(Opcode.Flag.BREAKS)) {
            stepBreak(id, s, i, cond, fall, outs);
        } else if (op.isCall()) {
            stepCall(id, s, i, cond, fall, outs);
        } else if (op.has(Opcode.Flag.IF)) {
            stepIf(id, s, i, cond, outs);
        } else if (op.has(Opcode.Flag.LOOP)) {
            if (s.loops.length == Limits.LOOP_DEPTH) event(Rule.DEPTH, true, id, pc, "'loop' nested too deeply: a 5th pending loop discards the oldest");
            AbstractStacks b = stacks(s);
            FlowStep.loop(b, pc, i.target(), i.reg());
            outs.add(new Outcome(b, -1, Edge.NEXT));
        } else if (op.isJump()) {
            stepJump(id, s, i, cond, fall, outs);
        } else {
            outs.add(fall);
        }
        for (Outcome o : outs) sequence(id, s, i, o, next, kinds);
    }

    /** break/breakc (cond: 0 never, 1 always, else either): leaves the innermost loop, checking for stale entries. */
    private void stepBreak(int id, State s, Instruction i, int cond, Outcome fall, List<Outcome> outs) {
        int pc = s.pc;
        String name = i.op().mnemonic;
        if (cond != 0) {
            if (s.loops.length == 0) {
                // in a library subroutine the caller's loop is unknown; its call entry is stale in any case
                event(Rule.BRK, !entry.isSubroutine(), id, pc, entry.isSubroutine()
                        ? "'" + name + "' leaves the loop with an if or call still pending (a stale stack entry)"
                        : "'" + name + "' with no loop to leave hangs the GPU");
                if (cond == 1) return;
            } else {
                int loops = s.loops.length;
                boolean stale = false;
                for (long c : s.calls) stale |= pushedAtLoops(c) >= loops;
                for (long f : s.ifs) stale |= pushedAtLoops(f) >= loops;
                if (stale) event(Rule.BRK, false, id, pc, "'" + name + "' leaves the loop with an if or call still pending (a stale stack entry)");
                outs.add(new Outcome(s.calls, s.ifs, s.loops, -1, Edge.BREAK, true));
            }
        }
        if (cond != 1) outs.add(fall);
    }

    /** call/callc/callu: an imported subroutine, recursion, the stack's depth, then the pushed call. */
    private void stepCall(int id, State s, Instruction i, int cond, Outcome fall, List<Outcome> outs) {
        int pc = s.pc;
        if (cond != 1) outs.add(fall);
        if (cond == 0) return;
        if (program.callsImport(pc)) {
            finishes.add(id); // an unknown subroutine may end the program
            outs.add(new Outcome(s.calls, s.ifs, s.loops, -1, Edge.IMPORT_CALL, false));
            return;
        }
        int end = i.target() + i.num();
        boolean recursive = false;
        for (long c : s.calls) recursive |= callDst(c) == i.target() && callEnd(c) == end;
        if (recursive) {
            event(Rule.REC, true, id, pc, "recursive call: the subroutine at " + brief(i.target()) + " is already active");
        } else if (s.calls.length == Limits.CALL_DEPTH) {
            // not followed: the lost return address would only add consequential findings
            event(Rule.DEPTH, true, id, pc, "call stack overflow: a 5th nested call discards the oldest return address");
        } else {
            // CTR-SDK callb.html: a nested call right before 'ret' is undefined; followed as the emulator chains the returns
            if (endsActiveSubroutine(s, pc)) event(Rule.LOST, true, id, pc, "'" + i.op().mnemonic + "' cannot be the last instruction of a block; add a nop");
            AbstractStacks b = stacks(s);
            FlowStep.call(b, pc, i.target(), i.num());
            outs.add(new Outcome(b, i.target(), Edge.CALL));
        }
    }

    /** ifu/ifc: the true branch pushes an if entry, the false one goes to the else-part. */
    private void stepIf(int id, State s, Instruction i, int cond, List<Outcome> outs) {
        if (cond != 0) {
            if (s.ifs.length == Limits.IF_DEPTH) event(Rule.DEPTH, true, id, s.pc, "'" + i.op().mnemonic + "' nested too deeply: a 9th pending if discards the oldest");
            AbstractStacks b = stacks(s);
            FlowStep.ifTrue(b, s.pc, i.target(), i.num());
            outs.add(new Outcome(b, -1, Edge.NEXT));
        }
        if (cond != 1) outs.add(new Outcome(s.calls, s.ifs, s.loops, i.target(), Edge.ELSE, false));
    }

    /** jmpc/jmpu: a library's unresolved jump is judged at the link; a local one by jumpChecks. */
    private void stepJump(int id, State s, Instruction i, int cond, Outcome fall, List<Outcome> outs) {
        int pc = s.pc;
        String name = i.op().mnemonic;
        if (cond != 1) outs.add(fall);
        if (cond == 0) return;
        if (program.jumpsToImport(pc)) {
            // a library's jump is judged at the link, where it is known whether anything runs it
            if (!entry.isSubroutine()) event(Rule.JMP, true, id, pc, "'" + name + "' jumps to a label this file does not define; a jump cannot leave its object");
        } else if (jumpChecks(id, s, pc, i.target(), name)) {
            outs.add(new Outcome(s.calls, s.ifs, s.loops, i.target(), Edge.JUMP, false));
        }
    }

    /** Whether the word at pc is the last one of a subroutine a pending call runs. */
    private static boolean endsActiveSubroutine(State s, int pc) {
        for (long c : s.calls) if (callEnd(c) == pc + 1) return true;
        return false;
    }

    /**
     * F-LOST on the last word of an else-part: no stack entry ends there (a false if pushes
     * none), so the step does not see it, but the SDK's assembler refuses a jump or call right
     * before 'endif' (CTR-SDK jpc.html, jpb.html: "immediately prior to an else, endif, endloop,
     * or ret"; docs/spec/sdk-dialect.md 11.3). The else-parts are those of the if words reached.
     */
    private void elsePartEnds() {
        BitSet last = new BitSet();
        for (State s : states) {
            Instruction i = ins[s.pc];
            if (i != null && i.op().has(Opcode.Flag.IF) && i.num() > 0) last.set(i.target() + i.num() - 1);
        }
        if (last.isEmpty()) return;
        for (int id = 0; id < states.size(); id++) {
            int pc = states.get(id).pc;
            Instruction i = ins[pc];
            if (!last.get(pc) || i == null || !(i.op().isCall() || i.op().isJump()) || condition(i.op(), i) == 0) continue;
            event(Rule.LOST, true, id, pc, "'" + i.op().mnemonic + "' cannot be the last instruction of a block; add a nop");
        }
    }

    /** 1 taken, 0 not taken, -1 either (verifier.md 2: constant defb decides, data does not). */
    private int condition(Opcode op, Instruction i) {
        if (op.has(Opcode.Flag.READS_CMP)) return -1;
        if (op.has(Opcode.Flag.READS_BOOL)) {
            int b = facts.boolValues[i.reg()];
            if (b < 0) return -1;
            boolean taken = op.isJump() ? b == (~i.num() & 1) : b == 1;
            return taken ? 1 : 0;
        }
        return 1;
    }

    /** F-JMP: stale entries left by jumping out, missing ones by jumping in, other objects. False if the jump is not followed. */
    private boolean jumpChecks(int id, State s, int pc, int target, String name) {
        if (target >= program.size()) return true; // runs off the code: reported by the step
        if (program.objectOf(pc) != program.objectOf(target)) {
            event(Rule.JMP, true, id, pc, "'" + name + "' jumps into another object (" + program.objectNames().get(program.objectOf(target)) + ")");
            return false;
        }
        for (long l : s.loops) {
            if (in(pc, loopStart(l), loopLast(l) + 1) && !in(target, loopStart(l), loopLast(l) + 1)) {
                event(Rule.JMP, true, id, pc, "'" + name + "' jumps out of a loop (its stack entry stays pending; use breakc)");
            }
        }
        for (long c : s.calls) {
            if (in(pc, callDst(c), callEnd(c)) && !in(target, callDst(c), callEnd(c))) {
                event(Rule.JMP, true, id, pc, "'" + name + "' jumps out of a subroutine (its return stays pending)");
            }
        }
        for (long f : s.ifs) {
            if (in(pc, ifStart(f), ifElse(f)) && !in(target, ifStart(f), ifElse(f))) {
                event(Rule.JMP, false, id, pc, "'" + name + "' jumps out of an if-part (its stack entry stays pending)");
            }
        }
        for (int k : entered(pc, target)) {
            int[] r = facts.ranges.get(k);
            String what = r[2] == 0 ? "a loop" : r[2] == 1 ? "an if-part" : "a subroutine";
            event(Rule.JMP, r[2] != 1, id, pc, "'" + name + "' jumps into " + what + " from outside (no stack entry for it)");
        }
        return true;
    }

    /** The ranges a jump from pc to target enters from outside: the same in every state, so found once per word. */
    private int[] entered(int pc, int target) {
        if (entered[pc] != null) return entered[pc];
        int[] found = new int[facts.ranges.size()];
        int n = 0;
        for (int k = 0; k < found.length; k++) {
            int[] r = facts.ranges.get(k);
            if (in(target, r[0], r[1]) && !in(pc, r[0], r[1])) found[n++] = k;
        }
        return entered[pc] = Arrays.copyOf(found, n);
    }

    private static boolean in(int x, int first, int endExclusive) {
        return x >= first && x < endExclusive;
    }

    /** The flow-control step after one outcome of the word at s.pc, with the findings it can meet. */
    private void sequence(int id, State s, Instruction i, Outcome o, List<State> next, List<Edge> kinds) {
        int pc = s.pc, after = pc + 1;
        int firing = 0;
        for (long l : o.loops) if (loopLast(l) + 1 == after) firing++;
        for (long f : o.ifs) if (ifElse(f) == after) firing++;
        for (long c : o.calls) if (callEnd(c) == after) firing++;
        if (firing >= 2) event(Rule.SAME, true, id, pc, "nested blocks end on the same instruction; add a nop");

        boolean importCall = o.kind == Edge.IMPORT_CALL;
        int target = importCall ? -1 : o.target;
        AbstractStacks first = new AbstractStacks(facts.loopCounts, o.calls, o.ifs, o.loops, true);
        int nextPc = FlowStep.next(first, pc, target, o.breaking);
        // a block that ends at pc + 1 discards the word's own target (isa.md 8.1: F-LOST); a break's own loop is not such a block
        boolean fired = first.callPops > 0 || first.ifPopped || (!o.breaking && first.loopDecided);
        if ((target >= 0 || importCall || o.breaking) && fired) {
            event(Rule.LOST, true, id, pc, "'" + i.op().mnemonic + "' cannot be the last instruction of a block; add a nop");
            return;
        }
        if (first.callPops >= Limits.CALL_DEPTH) {
            event(Rule.CALL4, true, id, pc, "four calls return on the same instruction; the hardware does not return from the fourth");
            return;
        }
        if (importCall) {
            land(id, after, first.calls, first.ifs, first.loops, Edge.IMPORT_CALL, next, kinds);
            return;
        }
        if (!fired) {
            if (target < 0 && !o.breaking && first.calls.length == 0 && !entry.isSubroutine() && after == program.mainEnd()) {
                event(Rule.END, true, id, pc, "execution runs past 'endmain:' (no 'end' on this path)");
                return;
            }
            Edge kind = target >= 0 || o.breaking ? o.kind : Edge.NEXT;
            land(id, nextPc, first.calls, first.ifs, first.loops, kind, next, kinds);
            return;
        }
        if (!first.loopDecided) {
            finishOrLand(id, nextPc, first, first.ifPopped ? Edge.ENDIF : Edge.RET, next, kinds);
            return;
        }
        long top = o.loops[o.loops.length - 1];
        int count = loopCount(top);
        boolean later = loopLater(top);
        if (count == ProgramFacts.UNKNOWN_COUNT || (later ? count >= 2 : count >= 1)) finishOrLand(id, nextPc, first, Edge.LOOP_BACK, next, kinds);
        if (count == ProgramFacts.UNKNOWN_COUNT || later || count == 0) {
            AbstractStacks exit = new AbstractStacks(facts.loopCounts, o.calls, o.ifs, o.loops, false);
            finishOrLand(id, FlowStep.next(exit, pc, target, false), exit, Edge.NEXT, next, kinds);
        }
    }

    /** A step's landing place, unless it returned from the explored subroutine to its unknown caller. */
    private void finishOrLand(int id, int pc, AbstractStacks b, Edge kind, List<State> next, List<Edge> kinds) {
        if (pc == NONE) {
            finishes.add(id);
            return;
        }
        land(id, pc, b.calls, b.ifs, b.loops, kind, next, kinds);
    }

    /** The words the sequencer can address (a crafted file may hold more than the 12-bit PC reaches). */
    private int limit() {
        return Math.min(program.size(), Limits.CODE_WORDS);
    }

    private void land(int id, int pc, long[] calls, long[] ifs, long[] loops, Edge kind, List<State> next, List<Edge> kinds) {
        if (pc >= limit()) {
            event(Rule.END, true, id, states.get(id).pc, "execution runs off the end of the code (no 'end' on this path)");
            return;
        }
        add(id, new State(pc, calls, ifs, loops), kind, next, kinds);
    }

    private static void add(int id, State t, Edge kind, List<State> next, List<Edge> kinds) {
        next.add(t);
        kinds.add(kind);
    }

    /** The source position of word pc, or null. */
    SourcePos where(int pc) {
        return pc < program.size() ? program.where(pc) : null;
    }

    String brief(int pc) {
        return pc < program.size() ? program.brief(pc) : "word " + pc;
    }
}
