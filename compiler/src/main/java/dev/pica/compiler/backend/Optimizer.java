package dev.pica.compiler.backend;

import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VInst;
import dev.pica.compiler.vir.VReg;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Passes over the structured vir: dead code, copies folded into the instructions that made their values, MAD fusion. */
final class Optimizer {
    private Optimizer() {}

    static List<Node> run(List<Node> program) {
        return run(program, false);
    }

    /** {@code geometry}: a geometry shader, whose output copies at each emit read copies of constants and inputs ({@link #stableCopies}). */
    static List<Node> run(List<Node> program, boolean geometry) {
        List<Node> p = deadCode(program);
        for (int round = 0; round < 4; round++) {
            if (geometry) p = stableCopies(p);
            p = forwardCopies(p);
            p = fuseMad(p);
            p = deadCode(p);
        }
        return p;
    }

    // ---- dead code ---------------------------------------------------------------------

    /**
     * Removes instructions whose results no output depends on: outputs and CMPs are the roots,
     * and a register is useful when a useful instruction reads it (so a loop counter that only
     * counts itself goes too).
     */
    static List<Node> deadCode(List<Node> program) {
        Set<Integer> useful = new HashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            int before = useful.size();
            dev.pica.compiler.vir.Nodes.forEach(program, i -> {
                if (i.output >= 0 || i.dst == null || useful.contains(i.dst.id)) reads(i, useful);
            });
            changed = useful.size() != before;
        }
        int[] removed = {0};
        return sweep(program, useful, removed);
    }

    private static void reads(VInst i, Set<Integer> read) {
        for (VReg r : Flow.uses(i)) read.add(r.id);
    }

    private static List<Node> sweep(List<Node> nodes, Set<Integer> read, int[] removed) {
        List<Node> out = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            if (n instanceof Node.Inst i) {
                VInst x = i.inst();
                if (x.dst != null && x.output < 0 && !read.contains(x.dst.id) && x.op != Opc.NOP) {
                    removed[0]++;
                    continue;
                }
                out.add(n);
            } else if (n instanceof Node.If f) {
                List<Node> t = sweep(f.then(), read, removed), e = sweep(f.otherwise(), read, removed);
                if (t.isEmpty() && e.isEmpty()) {
                    removed[0]++;
                    continue;
                }
                out.add(new Node.If(f.cond(), t, e, f.line()));
            } else if (n instanceof Node.Loop l) {
                out.add(l.withBody(sweep(l.body(), read, removed)));
            } else {
                out.add(n);
            }
        }
        return out;
    }

    // ---- copies ------------------------------------------------------------------------

    /**
     * "op T <- ...; ... mov X <- T" with T written only by that straight-line group, read only by
     * the copy, and X neither read nor written between: the group writes X (or the output
     * register) directly and the copy goes. This is what puts mat*vec's DP4s straight into o0.
     */
    static List<Node> forwardCopies(List<Node> program) {
        Map<Integer, Integer> writes = new HashMap<>(), readsCount = new HashMap<>();
        dev.pica.compiler.vir.Nodes.forEach(program, i -> count(i, writes, readsCount));
        return forward(program, writes, readsCount);
    }

    private static void count(VInst i, Map<Integer, Integer> writes, Map<Integer, Integer> readsCount) {
        if (i.dst != null) writes.merge(i.dst.id, 1, Integer::sum);
        for (Operand o : i.src) {
            if (o.base() instanceof Operand.Temp t) readsCount.merge(t.reg().id, 1, Integer::sum);
            if (o.base() instanceof Operand.Uniform u && u.indexValue() != null && u.indexValue().base() instanceof Operand.Temp t) readsCount.merge(t.reg().id, 1, Integer::sum);
        }
    }

    private static List<Node> forward(List<Node> nodes, Map<Integer, Integer> writes, Map<Integer, Integer> readsCount) {
        List<Node> out = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            if (n instanceof Node.If f) out.add(new Node.If(f.cond(), forward(f.then(), writes, readsCount), forward(f.otherwise(), writes, readsCount), f.line()));
            else if (n instanceof Node.Loop l) out.add(l.withBody(forward(l.body(), writes, readsCount)));
            else out.add(n);
        }
        for (int k = 0; k < out.size(); k++) {
            if (!(out.get(k) instanceof Node.Inst ci)) continue;
            VInst copy = ci.inst();
            if (copy.op != Opc.MOV || !(copy.src[0].base() instanceof Operand.Temp t) || copy.src[0].negated()) continue;
            VReg tr = t.reg();
            if (copy.dst != null && copy.dst == tr) continue;
            if (readsCount.getOrDefault(tr.id, 0) != 1) continue;
            // the writes of T: consecutive-or-not instructions of this list before the copy, all of them
            List<Integer> group = new ArrayList<>();
            for (int j = k - 1; j >= 0; j--) {
                if (out.get(j) instanceof Node.Inst wi && wi.inst().dst == tr) group.add(0, j);
            }
            if (group.isEmpty() || group.size() != writes.getOrDefault(tr.id, 0)) continue;
            if (!out.get(group.get(0)).equals(out.get(group.get(0))) || !((Node.Inst) out.get(group.get(0))).inst().kill) continue;
            // the copy's components: component c of X (or lane c of the output) takes component comps[c] of T
            int[] comps = copy.src[0].comps();
            int width = copy.dst != null ? copy.dst.width : 4;
            int[] tToX = new int[tr.width];
            java.util.Arrays.fill(tToX, -1);
            boolean ok = true;
            for (int c = 0; c < width; c++) {
                if ((copy.mask & (1 << c)) == 0) continue;
                if (c >= comps.length || tToX[comps[c]] >= 0) {
                    ok = false;
                    break;
                }
                tToX[comps[c]] = c;
            }
            if (!ok) continue;
            // every component T's group writes must land in the copy (else the value would be partial)
            for (int g : group) {
                VInst w = ((Node.Inst) out.get(g)).inst();
                for (int c = 0; c < tr.width; c++) if ((w.mask & (1 << c)) != 0 && tToX[c] < 0) ok = false;
                // a partial write reads T itself: not when renamed
                if (!w.kill && g != group.get(0)) {
                    for (Operand o : w.src) if (o.base() instanceof Operand.Temp x && x.reg() == tr) ok = false;
                }
            }
            if (!ok) continue;
            // X (when a register) neither read nor written between the group's start and the copy
            if (copy.dst != null) {
                boolean[] touched = {false};
                for (int j = group.get(0); j < k; j++) {
                    dev.pica.compiler.vir.Nodes.forEach(List.of(out.get(j)), x -> {
                        if (x.dst == copy.dst) touched[0] = true;
                        for (VReg r : Flow.uses(x)) if (r == copy.dst) touched[0] = true;
                    });
                }
                ok = !touched[0];
            }
            if (!ok) continue;
            // an output register is a geometry shader's vertex until the next EMIT: its write stays after the one before
            if (copy.dst == null) {
                boolean[] emits = {false};
                for (int j = group.get(0); j < k; j++) dev.pica.compiler.vir.Nodes.forEach(List.of(out.get(j)), x -> emits[0] |= x.op == Opc.EMIT);
                if (emits[0]) continue;
                // GLSL may assign an output twice (`n = normal; ... n = mat3(model) * normal;`): only
                // T's copy reads T, so a lane a later write of the group writes again is dead, and
                // an output register is written once (verifier.md): the earlier write loses it
                int later = 0;
                List<Integer> dead = new ArrayList<>();
                for (int gi = group.size() - 1; gi >= 0; gi--) {
                    VInst w = ((Node.Inst) out.get(group.get(gi))).inst();
                    int live = w.mask & ~later;
                    later |= w.mask;
                    if (live == 0) dead.add(gi);
                    else w.mask = live;
                }
                for (int gi : dead) { // descending positions in the list, all before the copy
                    out.remove((int) group.get(gi));
                    group.remove(gi);
                    k--;
                    for (int j = gi; j < group.size(); j++) group.set(j, group.get(j) - 1);
                }
            }
            for (int g : group) {
                VInst w = ((Node.Inst) out.get(g)).inst();
                int mask = 0;
                for (int c = 0; c < tr.width; c++) if ((w.mask & (1 << c)) != 0) mask |= 1 << tToX[c];
                w.src = remapSources(w, tToX, width);
                w.dst = copy.dst;
                w.output = copy.output;
                w.mask = mask;
                w.kill = copy.dst != null ? copy.kill && g == group.get(0) : true;
            }
            out.remove(k);
            k--;
            writes.remove(tr.id);
            // X now has the group's writes in place of the copy's one: a later copy out of X
            // counts them all (else X's writes in a nested loop or if look like none)
            if (copy.dst != null) writes.merge(copy.dst.id, group.size() - 1, Integer::sum);
        }
        return out;
    }

    /** A lane-wise instruction's sources when its component c moves to component tToX[c]. */
    private static Operand[] remapSources(VInst w, int[] tToX, int width) {
        if (w.op.shape != Opc.Shape.LANES) return w.src;
        Operand[] s = new Operand[w.src.length];
        for (int k = 0; k < s.length; k++) {
            Operand o = w.src[k];
            int[] comps = new int[width];
            java.util.Arrays.fill(comps, o.comps()[0]);
            for (int c = 0; c < tToX.length; c++) if (tToX[c] >= 0 && c < o.comps().length) comps[tToX[c]] = o.comps()[c];
            s[k] = new Operand(o.base(), comps, o.negated());
        }
        return s;
    }

    // ---- copies of what no instruction writes --------------------------------------------

    /**
     * "mov X <- s" where s is something no instruction writes (a constant, a uniform read
     * without an index, an input): a later instruction of the same straight run that reads X
     * reads s itself, when it stays legal (one c register, one v register, MAD's first factor not
     * a c register); the copy then goes as dead code if nothing else reads X. A geometry
     * shader's EmitVertex copies every output, and many of those values are such copies (a corner
     * of a constant array in an unrolled loop, a colour passed on from an input). Each straight
     * run starts knowing nothing; a block inside it (an if, a loop) ends what is known.
     */
    static List<Node> stableCopies(List<Node> nodes) {
        List<Node> out = new ArrayList<>(nodes.size());
        Map<VReg, Operand[]> known = new HashMap<>();
        for (Node n : nodes) {
            if (n instanceof Node.Inst ni) {
                VInst i = ni.inst();
                if (i.op.shape != Opc.Shape.FLAGS) substitute(i, known);
                if (i.dst != null) record(i, known);
                out.add(n);
                continue;
            }
            known.clear();
            if (n instanceof Node.If f) out.add(new Node.If(f.cond(), stableCopies(f.then()), stableCopies(f.otherwise()), f.line()));
            else if (n instanceof Node.Loop l) out.add(l.withBody(stableCopies(l.body())));
            else out.add(n);
        }
        return out;
    }

    private static boolean stable(Operand o) {
        return o.base() instanceof Operand.Const || o.base() instanceof Operand.Input
                || o.base() instanceof Operand.Uniform u && u.index() == Operand.Index.NONE;
    }

    /** What X's components now hold: a component of a stable source each, or null (anything else). */
    private static void record(VInst i, Map<VReg, Operand[]> known) {
        Operand[] k = known.get(i.dst);
        k = i.kill || k == null ? new Operand[i.dst.width] : k.clone();
        boolean copy = i.op == Opc.MOV && stable(i.src[0]);
        for (int c = 0; c < i.dst.width; c++) {
            if ((i.mask & (1 << c)) != 0) k[c] = copy ? i.src[0].component(c) : null;
        }
        known.put(i.dst, k);
    }

    /** The components of source {@code k} the instruction reads (lane-wise: those of its mask). */
    private static int[] readComponents(VInst i, int k) {
        return switch (i.op.shape) {
            case LANES -> {
                int[] r = new int[Integer.bitCount(i.mask)];
                for (int c = 0, n = 0; c < 4; c++) if ((i.mask & (1 << c)) != 0) r[n++] = c;
                yield r;
            }
            case SCALAR -> new int[] {0};
            case DOT -> {
                int w = i.op.sourceWidth(k, 1);
                int[] r = new int[w];
                for (int c = 0; c < w; c++) r[c] = c;
                yield r;
            }
            case FLAGS -> new int[0];
        };
    }

    private static void substitute(VInst i, Map<VReg, Operand[]> known) {
        Operand[] s = i.src.clone();
        boolean changed = false;
        for (int k = 0; k < s.length; k++) {
            if (!(s[k].base() instanceof Operand.Temp t) || !known.containsKey(t.reg())) continue;
            Operand[] held = known.get(t.reg());
            int[] read = readComponents(i, k);
            if (read.length == 0) continue;
            Operand first = null;
            int[] comps = new int[s[k].width()];
            boolean ok = true;
            for (int j : read) {
                Operand e = j < comps.length ? held[s[k].comps()[j]] : null;
                if (e == null || first != null && (!e.base().equals(first.base()) || e.negated() != first.negated())) {
                    ok = false;
                    break;
                }
                if (first == null) first = e;
                comps[j] = e.comps()[0];
            }
            if (!ok) continue;
            for (int j = 0; j < comps.length; j++) {
                boolean isRead = false;
                for (int r : read) isRead |= r == j;
                if (!isRead) comps[j] = first.comps()[0];
            }
            s[k] = new Operand(first.base(), comps, first.negated() != s[k].negated());
            changed = true;
        }
        if (!changed) return;
        // the instruction's limits (Translator.legal): one c register, one v register, MAD's first factor not wide
        int wide = 0, input = -1;
        for (Operand o : s) {
            if (o.wide()) wide++;
            if (o.base() instanceof Operand.Input in) {
                if (input >= 0 && input != in.register()) return;
                input = in.register();
            }
        }
        if (wide > 1) return;
        if (i.op == Opc.MAD && s[0].wide()) {
            Operand f = s[0];
            s[0] = s[1];
            s[1] = f;
        }
        i.src = s;
    }

    // ---- MAD fusion -------------------------------------------------------------------

    /** "mul T, a, b; ... add d, T, c" with T read only there and a, b unchanged between: "mad d, a, b, c". */
    static List<Node> fuseMad(List<Node> program) {
        Map<Integer, Integer> writes = new HashMap<>(), readsCount = new HashMap<>();
        dev.pica.compiler.vir.Nodes.forEach(program, i -> count(i, writes, readsCount));
        return fuse(program, writes, readsCount);
    }

    private static List<Node> fuse(List<Node> nodes, Map<Integer, Integer> writes, Map<Integer, Integer> readsCount) {
        List<Node> out = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            if (n instanceof Node.If f) out.add(new Node.If(f.cond(), fuse(f.then(), writes, readsCount), fuse(f.otherwise(), writes, readsCount), f.line()));
            else if (n instanceof Node.Loop l) out.add(l.withBody(fuse(l.body(), writes, readsCount)));
            else out.add(n);
        }
        for (int k = 0; k < out.size(); k++) {
            if (!(out.get(k) instanceof Node.Inst ai) || ai.inst().op != Opc.ADD) continue;
            VInst add = ai.inst();
            for (int side = 0; side < 2; side++) {
                Operand tOp = add.src[side];
                if (!(tOp.base() instanceof Operand.Temp t)) continue;
                VReg tr = t.reg();
                if (writes.getOrDefault(tr.id, 0) != 1 || readsCount.getOrDefault(tr.id, 0) != 1) continue;
                int at = -1;
                for (int j = k - 1; j >= 0; j--) if (out.get(j) instanceof Node.Inst wi && wi.inst().dst == tr) at = j;
                if (at < 0) continue;
                VInst mul = ((Node.Inst) out.get(at)).inst();
                if (mul.op != Opc.MUL || !mul.kill || mul.output >= 0) continue;
                // the MUL's sources unchanged between it and the ADD
                boolean ok = true;
                for (int j = at + 1; j < k && ok; j++) {
                    boolean[] bad = {false};
                    dev.pica.compiler.vir.Nodes.forEach(List.of(out.get(j)), x -> {
                        if (x.dst == null) return;
                        for (Operand o : mul.src) if (o.base() instanceof Operand.Temp s2 && s2.reg() == x.dst) bad[0] = true;
                    });
                    ok = !bad[0];
                }
                if (!ok) continue;
                int w = add.src[0].width();
                int[] tc = tOp.comps();
                boolean covered = true;
                for (int c = 0; c < w; c++) if ((add.mask & (1 << c)) != 0 && (mul.mask & (1 << tc[c])) == 0) covered = false;
                if (!covered) continue;
                Operand a = pick(mul.src[0], tc, w), b = pick(mul.src[1], tc, w);
                if (tOp.negated()) a = a.negate();
                Operand c = add.src[1 - side];
                Operand[] srcs = {a, b, c};
                if (!legal(srcs)) continue;
                if (srcs[0].wide()) {
                    Operand x = srcs[0];
                    srcs[0] = srcs[1];
                    srcs[1] = x;
                }
                add.op = Opc.MAD;
                add.src = srcs;
                out.remove(at);
                k--;
                writes.remove(tr.id);
                break;
            }
        }
        return out;
    }

    private static Operand pick(Operand o, int[] tc, int w) {
        int[] comps = new int[w];
        for (int c = 0; c < w; c++) comps[c] = o.comps()[Math.min(tc[c], o.comps().length - 1)];
        return new Operand(o.base(), comps, o.negated());
    }

    /** At most one c operand and one distinct v register. */
    static boolean legal(Operand[] s) {
        int wide = 0;
        int input = -1;
        for (Operand o : s) {
            if (o.wide()) wide++;
            if (o.base() instanceof Operand.Input in) {
                if (input >= 0 && input != in.register()) return false;
                input = in.register();
            }
        }
        return wide <= 1;
    }

    /** After allocation: copies whose source and destination share lanes write nothing new. */
    static List<Node> dropSelfCopies(List<Node> nodes) {
        List<Node> out = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            if (n instanceof Node.Inst i) {
                VInst x = i.inst();
                if (x.op == Opc.MOV && x.dst != null && x.src[0].base() instanceof Operand.Temp t && !x.src[0].negated()
                        && t.reg().register == x.dst.register && sameLanes(x, t.reg())) continue;
                out.add(n);
            } else if (n instanceof Node.If f) {
                out.add(new Node.If(f.cond(), dropSelfCopies(f.then()), dropSelfCopies(f.otherwise()), f.line()));
            } else if (n instanceof Node.Loop l) {
                out.add(l.withBody(dropSelfCopies(l.body())));
            } else {
                out.add(n);
            }
        }
        return out;
    }

    private static boolean sameLanes(VInst x, VReg src) {
        int[] comps = x.src[0].comps();
        for (int c = 0; c < x.dst.width; c++) {
            if ((x.mask & (1 << c)) == 0) continue;
            if (src.lanes[comps[c]] != x.dst.lanes[c]) return false;
        }
        return true;
    }
}
