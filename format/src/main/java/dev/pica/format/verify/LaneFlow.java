package dev.pica.format.verify;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the value of a temporary-register lane is used (F-UNINIT, verifier.md): a use is an output
 * lane that a semantic names, a comparison or a mova (what runs next, or which register a relative
 * index reads), reached through any chain of instructions. An undefined lane that only flows into
 * lanes nobody reads changes nothing the GPU shows, so F-UNINIT warns only where the value is used.
 * Lanes are bits 4·n + c of r0-r15, as in {@link WordEffects}.
 */
final class LaneFlow {
    /** A use of a value: the path of states from its read to the word that uses it, and what that word does with it. */
    record Use(List<Integer> path, String what) {}

    private final StateGraph g;
    private final WordEffects[] effects;
    /** output lanes a semantic names (ProgramFacts.named) */
    private final long named;
    /** per state: the lanes whose values on entry to its word may reach a use */
    private final long[] liveIn;
    /** per state: the cmp flags (WordEffects.CMPX, CMPY) a later word may read after its word, before a cmp sets them again */
    private final int[] flagsOut;
    /** Work done, in steps (verifier.md, Cost): a state's lanes worked out (with its successors and predecessors), a lane followed by use(). */
    long steps;
    /** Whether the liveness stopped at its limit (fewer lanes count as used) or use() at its budget (a finding without its use). */
    boolean cut, exhausted;

    LaneFlow(StateGraph g, long named) {
        this.g = g;
        this.effects = g.facts.effects;
        this.named = named;
        int n = g.states.size();
        liveIn = new long[n];
        int[][] pred = g.predecessors();
        flagsOut = flagsRead(pred);
        ArrayDeque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        long edges = queueAll(work, queued);
        long limit = Verifier.DATAFLOW_PASSES * (n + 2 * edges);
        while (!work.isEmpty()) {
            if (steps > limit) {
                cut = true;
                break;
            }
            int s = work.poll();
            queued[s] = false;
            steps += 1 + g.succ.get(s).length + pred[s].length;
            int pc = g.states.get(s).pc;
            long out = liveOut(s);
            long in = pc < effects.length ? usedReads(s, pc, out) | out & ~effects[pc].writesTemp() : out;
            if (in == liveIn[s]) continue;
            liveIn[s] = in;
            queue(pred[s], work, queued);
        }
    }

    /** Queues every state, the last first (a backward flow converges sooner); returns the graph's edges. */
    private long queueAll(ArrayDeque<Integer> work, boolean[] queued) {
        long edges = 0;
        for (int s = g.states.size() - 1; s >= 0; s--) {
            work.add(s);
            queued[s] = true;
            edges += g.succ.get(s).length;
        }
        return edges;
    }

    /** Queues the states not queued yet, whose facts follow from a state that changed. */
    private static void queue(int[] states, ArrayDeque<Integer> work, boolean[] queued) {
        for (int p : states) if (!queued[p]) {
            queued[p] = true;
            work.add(p);
        }
    }

    /** The lanes the word at state s reads whose values reach a use. */
    long usedReads(int s) {
        int pc = g.states.get(s).pc;
        return pc < effects.length ? usedReads(s, pc, liveOut(s)) : 0;
    }

    /**
     * Per state, the cmp flags some path reads after its word before a cmp sets them again: a
     * comparison whose flag nothing reads decides nothing (a 'cmp' of x lanes for an 'ifc cmp.x'
     * also compares whatever the y lanes hold). A call to an import may read both; a cmp with
     * operator 6 or 7 leaves its flag as it was (execution.md), so it does not end the flag's life.
     * Past {@link #FLAG_PASSES} passes' work every flag counts as read, as before this was known.
     */
    private int[] flagsRead(int[][] pred) {
        int n = g.states.size();
        int[] in = new int[n], out = new int[n];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        long edges = queueAll(work, queued);
        int flags = WordEffects.CMPX | WordEffects.CMPY;
        long limit = steps + FLAG_PASSES * (n + edges);
        while (!work.isEmpty()) {
            if (steps > limit) {
                java.util.Arrays.fill(out, flags);
                return out;
            }
            int s = work.poll();
            queued[s] = false;
            int o = 0;
            for (int t : g.succ.get(s)) o |= in[t];
            out[s] = o;
            steps += 1 + g.succ.get(s).length;
            int pc = g.states.get(s).pc;
            int read = 0, set = 0;
            if (pc < effects.length) {
                read = effects[pc].readsMisc() & flags;
                if (g.facts.program.callsImport(pc)) read = flags;
                dev.pica.format.isa.Instruction i = g.facts.ins[pc];
                if (i != null && i.op() == dev.pica.format.isa.Opcode.CMP) {
                    if (i.get(dev.pica.format.isa.WordFormat.Field.CMPX) < 6) set |= WordEffects.CMPX;
                    if (i.get(dev.pica.format.isa.WordFormat.Field.CMPY) < 6) set |= WordEffects.CMPY;
                }
            }
            int v = read | o & ~set;
            if (v == in[s]) continue;
            in[s] = v;
            queue(pred[s], work, queued);
        }
        return out;
    }

    /** The flag liveness' work at most, in passes over every state and edge (one and a little is usual: the flags only grow). */
    static final int FLAG_PASSES = 2;

    /** The lanes of the word at state s that decide something: a mova's address, a cmp's flags that are read later. */
    private long decided(int s, WordEffects e) {
        if (e.writesMisc() != (WordEffects.CMPX | WordEffects.CMPY)) return e.decides();
        int read = flagsOut[s];
        return ((read & WordEffects.CMPX) != 0 ? e.decides() : 0) | ((read & WordEffects.CMPY) != 0 ? e.decidesY() : 0);
    }

    private long liveOut(int s) {
        long out = 0;
        for (int t : g.succ.get(s)) out |= liveIn[t];
        return out;
    }

    private long usedReads(int s, int pc, long out) {
        WordEffects e = effects[pc];
        return decided(s, e) | e.feeding(lanes(e.writesOutput() & named)) | e.feeding(lanes(e.writesTemp() & out));
    }

    /** The lanes (x = bit 0) of the one register a word writes, given its bits in a register file. */
    private static int lanes(long bits) {
        return bits == 0 ? 0 : (int) (bits >>> (Long.numberOfTrailingZeros(bits) & ~3)) & 0xF;
    }

    /** A shortest path from state s, along which the value of one of {@code lanes} (read at s) flows into a use; null if none. */
    Use use(int s, long lanes) {
        Map<Long, Long> prev = new HashMap<>();
        ArrayDeque<Long> q = new ArrayDeque<>();
        for (long rest = lanes; rest != 0; rest &= rest - 1) {
            long node = (long) s << 6 | Long.numberOfTrailingZeros(rest);
            prev.put(node, -1L);
            q.add(node);
        }
        while (!q.isEmpty()) {
            if (exhausted || steps > Witness.MAX_STEPS) {
                exhausted = true;
                return null;
            }
            long node = q.poll();
            int at = (int) (node >>> 6), lane = (int) (node & 63);
            steps += 64 + 2 * g.succ.get(at).length; // held() asks 64 lanes; at most two carriers per successor
            WordEffects e = effects[g.states.get(at).pc];
            String what = sink(at, e, lane, held(prev, at));
            if (what != null) {
                List<Integer> path = new ArrayList<>();
                for (long k = node; k >= 0; k = prev.get(k)) path.add(0, (int) (k >>> 6));
                return new Use(path, what);
            }
            long bit = 1L << lane;
            List<Integer> carriers = new ArrayList<>(2);
            long dst = e.writesTemp();
            int base = Long.numberOfTrailingZeros(dst) & ~3;
            for (int d = 0; d < 4 && dst != 0; d++) if ((e.feeds()[d] & bit) != 0 && (dst & 1L << base + d) != 0) carriers.add(base + d);
            if ((dst & bit) == 0) carriers.add(lane);
            for (int t : g.succ.get(at)) {
                for (int c : carriers) {
                    if ((liveIn[t] & 1L << c) == 0) continue;
                    long next = (long) t << 6 | c;
                    if (prev.putIfAbsent(next, node) == null) q.add(next);
                }
            }
        }
        return null;
    }

    /** The lanes the search has found holding the value on entry to state at's word. */
    private static long held(Map<Long, Long> found, int at) {
        long lanes = 0;
        for (int c = 0; c < 64; c++) if (found.containsKey((long) at << 6 | c)) lanes |= 1L << c;
        return lanes;
    }

    /**
     * What the word does with the value of lane when that is a use: "output 'o1.zw'" (the named
     * lanes computed from any of the lanes in {@code held}), "'cmp'", "'mova'"; else null.
     */
    private String sink(int at, WordEffects e, int lane, long held) {
        long bit = 1L << lane;
        if ((decided(at, e) & bit) != 0) return e.writesMisc() == (WordEffects.CMPX | WordEffects.CMPY) ? "a 'cmp'" : "a 'mova'";
        long out = e.writesOutput() & named;
        if (out == 0 || (e.feeding(lanes(out)) & bit) == 0) return null;
        int reg = Long.numberOfTrailingZeros(out) >>> 2;
        StringBuilder comps = new StringBuilder();
        for (int d = 0; d < 4; d++) if ((out >>> 4 * reg & 1L << d) != 0 && (e.feeds()[d] & held) != 0) comps.append("xyzw".charAt(d));
        return "output 'o" + reg + "." + comps + "'";
    }
}
