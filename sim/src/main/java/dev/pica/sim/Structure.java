package dev.pica.sim;

import static dev.pica.sim.DecodedWords.*;

import dev.pica.format.isa.Limits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A vertex shader's control flow as nested regions, read from the binary: what {@link
 * ProgramCompiler} turns into JVM control flow. From the entry, every CALL, IF and LOOP opens a
 * region its word fixes (docs/spec/execution.md, "Sequencer"); a call's region is read again at
 * each call site. The reading succeeds only where the sequencer's step after every word does
 * exactly what the nesting says: no block ends where another block's end, else or return address
 * would also match, no stack deeper than the hardware's, no break out of an IF or CALL inside a
 * loop (the emulator leaves their entries on the stacks), jumps only forward within their region
 * and not into a nested one, no geometry emission. Anything else is {@link #read}'s null: the
 * interpreter runs it.
 */
final class Structure {
    /** One step of a region, in program order. */
    sealed interface Node permits Alu, Note, If, Loop, Call, Break, Jump, Target, End {}

    /** An ALU word (NOP included: its kind is null); {@code live} is set by {@link Liveness}. */
    static final class Alu implements Node {
        final int pc;
        final AluKind kind;
        /** lanes of the destination to compute (mask bits, 8 = x); for MOVA 8/4 a0.x/a0.y, for CMP 8/4 cmp.x/cmp.y */
        int live;

        Alu(int pc, AluKind kind) {
            this.pc = pc;
            this.kind = kind;
        }
    }

    /** A word the emulator runs without an effect but a note (DST, DSTI, LITP, unused opcodes). */
    record Note(int pc) implements Node {}

    /** IFU/IFC: the then-part when the condition holds, else the else-part (either may be empty). */
    record If(int pc, List<Node> then, List<Node> otherwise) implements Node {}

    /** LOOP over integer register {@code reg}; {@code nested} when another loop encloses it (its aL is restored after). */
    record Loop(int pc, int reg, boolean nested, List<Node> body) implements Node {}

    /** CALL, CALLC, CALLU (taken when the word's condition holds): the called region, read at this site. */
    record Call(int pc, List<Node> body) implements Node {}

    /** BREAK, BREAKC directly in a loop's body: leaves it (after aL steps) when the condition holds. */
    record Break(int pc) implements Node {}

    /** JMPC, JMPU forward to a {@link Target} later in the same region. */
    record Jump(int pc, Target target) implements Node {}

    /**
     * Where jumps of the region land. An object of its own, equal only to itself: a called
     * region is read again at each call site, and each reading's jumps must land on its own
     * target, not on the same word's target in another reading (one JVM label placed twice).
     */
    static final class Target implements Node {
        private final int pc;

        Target(int pc) {
            this.pc = pc;
        }

        int pc() {
            return pc;
        }
    }

    /** END (or the last word of program memory, which runs as END). */
    record End(int pc) implements Node {}

    /** What the sequencer holds while a region runs: the open blocks, innermost last. */
    private record Open(char kind, int end, int ret, int start) {}

    private final int[] w;
    private final List<Open> open = new ArrayList<>();
    private int nodes;
    /** Words read at most (calls read again at each site): a program past it is left to the interpreter. */
    private static final int MAX_NODES = 16_384;

    private Structure(int[] w) {
        this.w = w;
    }

    /** The program from {@code entry} as nested regions, or null when it must be interpreted. */
    static List<Node> read(DecodedWords words, int entry) {
        try {
            return new Structure(words.w).region(entry, Limits.CODE_WORDS, '-');
        } catch (Unstructured e) {
            return null;
        }
    }

    /** Thrown where the program leaves the shapes this reading covers. */
    private static final class Unstructured extends Exception {
        Unstructured() {
            super(null, null, false, false);
        }
    }

    private static Unstructured unstructured() {
        return new Unstructured();
    }

    /**
     * Words [from, to) as nodes; {@code ends} is the event the word before {@code to} triggers: 'c'
     * a call's return, 'i' an if's else address, 'l' a loop's end, '-' none (the top level, or a
     * false if's else-part, which simply runs on).
     */
    private List<Node> region(int from, int to, char ends) throws Unstructured {
        List<Node> out = new ArrayList<>();
        Map<Integer, Target> pendingJumps = new HashMap<>();
        int pc = from;
        boolean reachable = true;
        while (pc < to) {
            if (!reachable) {
                // after END only a pending jump's target is reached
                int next = Integer.MAX_VALUE;
                for (int t : pendingJumps.keySet()) if (t >= pc) next = Math.min(next, t);
                if (next == Integer.MAX_VALUE) return out;
                pc = next;
                reachable = true;
            }
            Target landing = pendingJumps.get(pc);
            if (landing != null) out.add(landing);
            if (++nodes > MAX_NODES) throw unstructured();
            if (pc >= Limits.CODE_WORDS - 1) {
                out.add(new End(pc));
                reachable = false;
                pc++;
                continue;
            }
            int p = pc * STRIDE, kind = w[p + KIND], target = w[p + TARGET], num = w[p + NUM];
            int next = pc + 1;
            switch (kind) {
                case END -> {
                    out.add(new End(pc));
                    reachable = false;
                }
                case NOP -> out.add(new Alu(pc, null));
                case UNIMPLEMENTED, UNUSED -> {
                    stepAfter(pc, pc + 1, to, ends);
                    out.add(new Note(pc));
                }
                case IFU, IFC -> next = ifBlock(pc, target, num, to, out);
                case LOOP -> next = loopBlock(pc, target, w[p + AUX], to, out);
                case CALL, CALLC, CALLU -> callBlock(pc, target, num, to, out);
                case BREAK, BREAKC -> breakWord(pc, to, ends, out);
                case JMPC, JMPU -> jumpWord(pc, target, to, pendingJumps, out);
                default -> {
                    AluKind alu = DecodedWords.alu(kind);
                    if (alu == null) throw unstructured(); // EMIT, SETEMIT
                    stepAfter(pc, pc + 1, to, ends);
                    out.add(new Alu(pc, alu));
                }
            }
            // a jump may not land inside a nested region; a nested block that runs on to this
            // region's end took the step there for its own end, and this region's never comes
            for (int t : pendingJumps.keySet()) if (t > pc && t < next) throw unstructured();
            if (next == to && next > pc + 1 && ends != '-') throw unstructured();
            pc = next;
        }
        for (int t : pendingJumps.keySet()) if (t >= to) throw unstructured();
        return out;
    }

    /** IFU/IFC at {@code pc}: its then-part to {@code target}, its else-part of {@code num} words; the word after both. */
    private int ifBlock(int pc, int target, int num, int to, List<Node> out) throws Unstructured {
        if (target <= pc || target + num > to) throw unstructured();
        stepAfter(pc, pc + 1, to, '-');
        push('i', target, 0, pc);
        List<Node> then = region(pc + 1, target, 'i');
        pop();
        List<Node> otherwise = region(target, target + num, '-');
        out.add(new If(pc, then, otherwise));
        return target + num;
    }

    /** LOOP at {@code pc} over integer register {@code reg}, its body up to {@code target}; the word after it. */
    private int loopBlock(int pc, int target, int reg, int to, List<Node> out) throws Unstructured {
        if (target < pc + 1 || target + 1 > to) throw unstructured();
        stepAfter(pc, pc + 1, to, '-');
        boolean nested = innermost('l') != null;
        push('l', target + 1, 0, pc);
        List<Node> body = region(pc + 1, target + 1, 'l');
        pop();
        out.add(new Loop(pc, reg, nested, body));
        return target + 1;
    }

    /** CALL/CALLC/CALLU at {@code pc} of {@code num} words at {@code target}, read at this site. */
    private void callBlock(int pc, int target, int num, int to, List<Node> out) throws Unstructured {
        int end = target + num;
        if (num == 0 || end == pc + 1 || end > Limits.CODE_WORDS) throw unstructured();
        for (Open o : open) if (o.kind() == 'c' && o.start() == target) throw unstructured(); // recursion
        stepAfter(pc, pc + 1, to, '-');
        push('c', end, pc + 1, target);
        List<Node> body = region(target, end, 'c');
        pop();
        // back at pc + 1: a pending call ending there would return through it too
        Open call = innermost('c');
        if (call != null && call.end() == pc + 1) throw unstructured();
        out.add(new Call(pc, body));
    }

    /** BREAK/BREAKC at {@code pc}: leaves the innermost loop, or does nothing when no loop is pending. */
    private void breakWord(int pc, int to, char ends, List<Node> out) throws Unstructured {
        // as a loop's last word a break ends it as its end would
        stepAfter(pc, pc + 1, to, ends == 'l' ? 'l' : '-');
        if (innermost('l') != null) {
            if (open.get(open.size() - 1).kind() != 'l') throw unstructured();
            out.add(new Break(pc));
        } else {
            out.add(new Alu(pc, null));
        }
    }

    /** JMPC/JMPU at {@code pc}: forward within the region, its target remembered until reached. */
    private void jumpWord(int pc, int target, int to, Map<Integer, Target> pendingJumps, List<Node> out) throws Unstructured {
        if (target <= pc || target >= to) throw unstructured();
        stepAfter(pc, pc + 1, to, '-');
        if (target > pc + 1) {
            out.add(new Jump(pc, pendingJumps.computeIfAbsent(target, Target::new)));
        } else {
            out.add(new Alu(pc, null)); // to the next word: a step like any other
        }
    }

    /**
     * The sequencer's step after the word at {@code pc}, compared against {@code after}: only the
     * region's own end may match there (when {@code after} is {@code to} and {@code ends} names
     * it; a flow-control word passes '-', since its own step would override it), and nothing else.
     */
    private void stepAfter(int pc, int after, int to, char ends) throws Unstructured {
        boolean regionEnd = after == to;
        Open call = innermost('c'), iff = innermost('i'), loop = innermost('l');
        boolean callMatch = call != null && call.end() == after;
        boolean ifMatch = iff != null && iff.end() == after;
        boolean loopMatch = loop != null && loop.end() == after;
        int matches = (callMatch ? 1 : 0) + (ifMatch ? 1 : 0) + (loopMatch ? 1 : 0);
        if (!regionEnd || ends == '-') {
            if (matches > 0) throw unstructured();
            return;
        }
        if (matches != 1) throw unstructured();
        if (ends == 'c' && !callMatch || ends == 'i' && !ifMatch || ends == 'l' && !loopMatch) throw unstructured();
        // the region's block must be the innermost one: the stacks' tops are what the step reads
        if (open.get(open.size() - 1).kind() != ends) throw unstructured();
    }

    private Open innermost(char kind) {
        for (int k = open.size() - 1; k >= 0; k--) if (open.get(k).kind() == kind) return open.get(k);
        return null;
    }

    private void push(char kind, int end, int ret, int start) throws Unstructured {
        int depth = 0;
        for (Open o : open) if (o.kind() == kind) depth++;
        int max = kind == 'c' ? Limits.CALL_DEPTH : kind == 'i' ? Limits.IF_DEPTH : Limits.LOOP_DEPTH;
        if (depth >= max) throw unstructured();
        open.add(new Open(kind, end, ret, start));
    }

    private void pop() {
        open.remove(open.size() - 1);
    }
}
