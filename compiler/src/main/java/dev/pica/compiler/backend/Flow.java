package dev.pica.compiler.backend;

import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VInst;
import dev.pica.compiler.vir.VReg;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The structured program as a graph of points (each instruction, each block's start and end)
 * and the liveness of every virtual register at each point: a backward pass iterated to a fixed
 * point (loops carry values around their back edge).
 */
final class Flow {
    /** A point: the instruction there (or null), its successors, the GLSL line. */
    static final class Point {
        final VInst inst;
        final List<Point> succ = new ArrayList<>(2);
        final int index;
        final int line;
        BitSet in = new BitSet(), out = new BitSet();

        Point(VInst inst, int index, int line) {
            this.inst = inst;
            this.index = index;
            this.line = line;
        }
    }

    final List<Point> points = new ArrayList<>();
    final List<VReg> regs;

    Flow(List<Node> program, List<VReg> regs) {
        this.regs = regs;
        Point entry = point(null, 0);
        Point last = build(program, entry, null);
        Point exit = point(null, 0);
        last.succ.add(exit);
        liveness();
    }

    private Point point(VInst i, int line) {
        Point p = new Point(i, points.size(), i != null ? i.line : line);
        points.add(p);
        return p;
    }

    /** Appends the nodes after {@code from}; returns the last point. {@code loopExit}: where a break goes. */
    private Point build(List<Node> nodes, Point from, Point loopExit) {
        Point cur = from;
        for (Node n : nodes) {
            if (n instanceof Node.Inst in) {
                Point p = point(in.inst(), 0);
                cur.succ.add(p);
                cur = p;
            } else if (n instanceof Node.If f) {
                Point test = condPoint(f.cond(), f.line());
                cur.succ.add(test);
                Point join = point(null, f.line());
                Point t = build(f.then(), test, loopExit);
                t.succ.add(join);
                Point e = build(f.otherwise(), test, loopExit);
                e.succ.add(join);
                cur = join;
            } else if (n instanceof Node.Loop l) {
                Point head = point(null, l.line());
                cur.succ.add(head);
                Point exit = point(null, l.line());
                Point end = build(l.body(), head, exit);
                end.succ.add(head);
                end.succ.add(exit);
                cur = exit;
            } else if (n instanceof Node.Break b) {
                Point test = condPoint(b.cond(), b.line());
                cur.succ.add(test);
                test.succ.add(loopExit);
                cur = test;
            }
        }
        return cur;
    }

    private Point condPoint(Node.Cond c, int line) {
        return point(c instanceof Node.Flags f ? f.cmp() : null, line);
    }

    /** The virtual registers an instruction reads (its index values too; a partial write reads the rest of its register). */
    static List<VReg> uses(VInst i) {
        List<VReg> u = new ArrayList<>(4);
        for (Operand o : i.src) addUses(o, u);
        if (!i.kill && i.dst != null) u.add(i.dst);
        return u;
    }

    static void addUses(Operand o, List<VReg> u) {
        if (o.base() instanceof Operand.Temp t) u.add(t.reg());
        if (o.base() instanceof Operand.Uniform c && c.indexValue() != null) addUses(c.indexValue(), u);
    }

    private void liveness() {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = points.size() - 1; k >= 0; k--) {
                Point p = points.get(k);
                BitSet out = new BitSet();
                for (Point s : p.succ) out.or(s.in);
                BitSet in = (BitSet) out.clone();
                if (p.inst != null) {
                    if (p.inst.dst != null && p.inst.kill) in.clear(p.inst.dst.id);
                    for (VReg r : uses(p.inst)) in.set(r.id);
                }
                if (!out.equals(p.out) || !in.equals(p.in)) {
                    p.out = out;
                    p.in = in;
                    changed = true;
                }
            }
        }
    }

    /** The points where each register holds a value: live after the point, or written there. */
    BitSet[] occupancy(int regCount) {
        BitSet[] s = new BitSet[regCount];
        for (int k = 0; k < regCount; k++) s[k] = new BitSet();
        for (Point p : points) {
            for (int r = p.out.nextSetBit(0); r >= 0; r = p.out.nextSetBit(r + 1)) s[r].set(p.index);
            if (p.inst != null && p.inst.dst != null) s[p.inst.dst.id].set(p.index);
        }
        return s;
    }

    /** Registers live on entry: read somewhere before any write on some path. */
    BitSet liveAtEntry() {
        return points.get(0).out;
    }
}
