package dev.pica.sim;

import static dev.pica.sim.DecodedWords.*;

import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * Which lanes of a {@link Structure} are worth computing: a backward pass from the output lanes
 * the caller keeps (the output map's, or every output for a whole {@link Result}) that marks, in
 * each ALU node, the destination lanes some later instruction, output, comparison or relative
 * address reads. A lane is a register lane's offset in {@link Machine}'s array; a0.x, a0.y,
 * cmp.x and cmp.y follow the array.
 */
final class Liveness {
    static final int A0X = SIZE, A0Y = SIZE + 1, CMPX = SIZE + 2, CMPY = SIZE + 3;

    private final int[] w;
    private final BitSet atEnd;
    /** live lanes where each jump target of the region being walked starts */
    private final Map<Structure.Target, BitSet> atTarget = new java.util.IdentityHashMap<>();

    private Liveness(int[] w, BitSet atEnd) {
        this.w = w;
        this.atEnd = atEnd;
    }

    /** Sets each ALU node's {@code live} lanes, given the lanes live when the program ends. */
    static void mark(DecodedWords words, List<Structure.Node> program, BitSet outputsKept) {
        new Liveness(words.w, outputsKept).region(program, (BitSet) outputsKept.clone(), null);
    }

    /** Lanes live before {@code nodes}, given those live after; {@code atBreak} the enclosing loop's live-out. */
    private BitSet region(List<Structure.Node> nodes, BitSet live, BitSet atBreak) {
        for (int k = nodes.size() - 1; k >= 0; k--) live = node(nodes.get(k), live, atBreak);
        return live;
    }

    private BitSet node(Structure.Node n, BitSet after, BitSet atBreak) {
        BitSet live = (BitSet) after.clone();
        if (n instanceof Structure.Alu a) {
            if (a.kind != null) alu(a, live);
        } else if (n instanceof Structure.End) {
            live = (BitSet) atEnd.clone();
        } else if (n instanceof Structure.Target t) {
            atTarget.put(t, (BitSet) after.clone());
        } else if (n instanceof Structure.Jump j) {
            live.or(atTarget.getOrDefault(j.target(), new BitSet()));
            readsCondition(j.pc(), live);
        } else if (n instanceof Structure.Break b) {
            live.or(atBreak);
            readsCondition(b.pc(), live);
        } else if (n instanceof Structure.If i) {
            BitSet then = region(i.then(), (BitSet) after.clone(), atBreak);
            live = region(i.otherwise(), (BitSet) after.clone(), atBreak);
            live.or(then);
            readsCondition(i.pc(), live);
        } else if (n instanceof Structure.Call c) {
            live = region(c.body(), (BitSet) after.clone(), atBreak);
            if (w[c.pc() * STRIDE + KIND] != CALL) live.or(after); // a call that may not be taken
            readsCondition(c.pc(), live);
        } else if (n instanceof Structure.Loop l) {
            // the body runs again with what it needs live at its end: iterate to the fixpoint
            BitSet in = new BitSet();
            while (true) {
                BitSet out = (BitSet) after.clone();
                out.or(in);
                BitSet next = region(l.body(), out, after);
                if (next.equals(in)) break;
                in = next;
            }
            live = in;
        }
        return live;
    }

    /** A conditional word's reads: cmp for the format-2 conditions (bool registers are not tracked). */
    private void readsCondition(int pc, BitSet live) {
        int kind = w[pc * STRIDE + KIND];
        if (kind == IFC || kind == CALLC || kind == JMPC || kind == BREAKC) {
            live.set(CMPX);
            live.set(CMPY);
        }
    }

    private void alu(Structure.Alu a, BitSet live) {
        int p = a.pc * STRIDE, mask = w[p + MASK], aux = w[p + AUX];
        int computed = 0;
        switch (a.kind.shape) {
            case ADDRESS -> {
                if ((mask & 8) != 0 && live.get(A0X)) computed |= 8;
                if ((mask & 4) != 0 && live.get(A0Y)) computed |= 4;
                if ((mask & 8) != 0) live.clear(A0X);
                if ((mask & 4) != 0) live.clear(A0Y);
                for (int k = 0; k < 2; k++) if ((computed & 8 >> k) != 0) reads(p, 0, k, live);
            }
            case COMPARE -> {
                int[] ops = {aux & 7, aux >>> 3};
                int[] flags = {CMPX, CMPY};
                for (int k = 0; k < 2; k++) {
                    if (ops[k] >= 6) continue; // operators 6 and 7 leave the flag as it was
                    if (live.get(flags[k])) computed |= 8 >> k;
                    live.clear(flags[k]);
                }
                for (int k = 0; k < 2; k++) {
                    if ((computed & 8 >> k) == 0) continue;
                    reads(p, 0, k, live);
                    reads(p, 1, k, live);
                }
            }
            default -> {
                int dst = destination(w[p + DST]);
                for (int k = 0; k < 4; k++) {
                    if ((mask & 8 >> k) == 0) continue;
                    if (live.get(dst + k)) computed |= 8 >> k;
                    live.clear(dst + k);
                }
                if (computed != 0) {
                    switch (a.kind.shape) {
                        case DOT -> {
                            int lanes = a.kind == AluKind.DP3 ? 3 : 4;
                            for (int k = 0; k < lanes; k++) {
                                if (!(a.kind == AluKind.DPH && k == 3)) reads(p, 0, k, live);
                                reads(p, 1, k, live);
                            }
                        }
                        case SCALAR -> reads(p, 0, 0, live);
                        default -> {
                            for (int k = 0; k < 4; k++) {
                                if ((computed & 8 >> k) == 0) continue;
                                for (int s = 0; s < a.kind.sources; s++) reads(p, s, k, live);
                            }
                        }
                    }
                }
            }
        }
        a.live = computed;
    }

    /** The array offset of a destination field's lane x (an output of bank 0, or a temporary). */
    static int destination(int dst) {
        return dst < 0 ? OUT + (-1 - dst) : dst;
    }

    /** Source slot s's lane for result lane k: its register lane, and a0 when it is addressed relatively. */
    private void reads(int p, int s, int k, BitSet live) {
        int rel = w[p + REL];
        if (rel >>> 2 == s + 1) {
            if ((rel & 3) == 1) live.set(A0X);
            else if ((rel & 3) == 2) live.set(A0Y);
            return; // a constant: not tracked
        }
        live.set(w[p + SRC + s] + lane(w[p + SEL + s], k));
    }

    /** The source lane a selector picks for result lane k (lane x in bits 7:6). */
    static int lane(int sel, int k) {
        return sel >>> (6 - 2 * k) & 3;
    }
}
