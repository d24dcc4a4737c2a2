package dev.pica.compiler.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.compiler.translate.CompileError;
import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VInst;
import dev.pica.compiler.vir.VReg;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The allocator's property (design note section 6): on every path of a program, every read of a
 * value finds that value in the lanes it was given, no other. Random structured programs (ifs,
 * loops carrying values around their back edge, values of 1-4 components read through random
 * swizzles) are allocated, then run abstractly: each lane holds the set of values some path may
 * have left there, joined at the end of an if and iterated to a fixed point around a loop.
 */
class AllocatorPropertyTest {
    private int next;
    private Random rnd;
    private final List<VReg> all = new ArrayList<>();

    private VReg reg(int width) {
        VReg r = new VReg(next++, width, "v" + next);
        all.add(r);
        return r;
    }

    private Operand read(List<VReg> avail, int width) {
        if (avail.isEmpty() || rnd.nextInt(6) == 0) {
            float[] f = new float[width];
            for (int k = 0; k < width; k++) f[k] = rnd.nextInt(5);
            return Operand.constant(f);
        }
        VReg v = avail.get(rnd.nextInt(avail.size()));
        int[] comps = new int[width];
        for (int k = 0; k < width; k++) comps[k] = rnd.nextInt(v.width);
        return new Operand(new Operand.Temp(v), comps, rnd.nextBoolean());
    }

    private VInst inst(List<VReg> avail, VReg dst) {
        Opc op = new Opc[] {Opc.ADD, Opc.MUL, Opc.MOV, Opc.MAX}[rnd.nextInt(4)];
        Operand[] src = new Operand[op.sources];
        for (int k = 0; k < src.length; k++) src[k] = read(avail, dst.width);
        return new VInst(op, dst, (1 << dst.width) - 1, 1, src);
    }

    /** A block of straight code, ifs and loops; appends what it defines on every path to avail. */
    private List<Node> block(List<VReg> avail, int depth, int length) {
        List<Node> out = new ArrayList<>();
        for (int k = 0; k < length; k++) {
            int pick = rnd.nextInt(10);
            if (pick < 7 || depth > 2) {
                VReg d = reg(1 + rnd.nextInt(4));
                out.add(new Node.Inst(inst(avail, d)));
                avail.add(d);
            } else if (pick < 9) {
                // a value both arms write: defined after the if
                VReg joined = reg(1 + rnd.nextInt(4));
                List<VReg> a = new ArrayList<>(avail), b = new ArrayList<>(avail);
                List<Node> then = block(a, depth + 1, 1 + rnd.nextInt(4));
                then.add(new Node.Inst(inst(a, joined)));
                List<Node> other = block(b, depth + 1, rnd.nextInt(3));
                other.add(new Node.Inst(inst(b, joined)));
                VInst cmp = VInst.cmp(2, 2, read(avail, 2), Operand.constant(0, 0), 1);
                if (!avail.isEmpty()) cmp.src[1] = read(avail, 2);
                out.add(new Node.If(new Node.Flags(cmp, 1, 1, 2), then, other, 1));
                avail.add(joined);
            } else {
                // a loop carrying a value around its back edge
                VReg carried = reg(1 + rnd.nextInt(4));
                out.add(new Node.Inst(inst(avail, carried)));
                avail.add(carried);
                List<VReg> inner = new ArrayList<>(avail);
                List<Node> body = block(inner, depth + 1, 1 + rnd.nextInt(5));
                body.add(new Node.Inst(inst(inner, carried)));
                out.add(new Node.Loop(3, 0, 1, body, 1));
            }
        }
        return out;
    }

    @Test
    void everyReadSeesItsOwnValueOnEveryPath() {
        everyReadSeesItsOwnValue(Allocator.Placement.PACKED);
    }

    @Test
    void everyReadSeesItsOwnValueOnEveryPathWithTheLanesFirst() {
        everyReadSeesItsOwnValue(Allocator.Placement.LANES);
    }

    /**
     * LANES puts each scalar in the x lane of a register of its own while one is free, where
     * PACKED fills r0's lanes: the same instruction on two scalars then has one operand
     * descriptor, not one per lane (GlslCompiler's second try past the descriptor limit).
     */
    @Test
    void theLanesFirstPutScalarsInX() {
        for (Allocator.Placement placement : Allocator.Placement.values()) {
            next = 0;
            all.clear();
            List<Node> program = new ArrayList<>();
            List<VReg> scalars = new ArrayList<>();
            for (int k = 0; k < 4; k++) {
                VReg s = reg(1);
                scalars.add(s);
                program.add(new Node.Inst(new VInst(Opc.MOV, s, 1, 1, Operand.constant(k + 1))));
            }
            // each read at the end: all four live at once
            VReg sum = reg(1);
            program.add(new Node.Inst(new VInst(Opc.ADD, sum, 1, 1, Operand.temp(scalars.get(0)), Operand.temp(scalars.get(1)))));
            program.add(new Node.Inst(new VInst(Opc.MAD, sum, 1, 1, Operand.temp(scalars.get(2)), Operand.temp(scalars.get(3)), Operand.temp(sum))));
            VInst out = new VInst(Opc.MOV, null, 1, 1, Operand.temp(sum));
            out.output = 0;
            program.add(new Node.Inst(out));
            Allocator.allocate(program, all, placement);
            List<String> at = scalars.stream().map(v -> "r" + v.register + "." + "xyzw".charAt(v.lanes[0])).toList();
            assertEquals(placement == Allocator.Placement.LANES ? List.of("r0.x", "r1.x", "r2.x", "r3.x") : List.of("r0.x", "r0.y", "r0.z", "r0.w"), at, placement.toString());
        }
    }

    private void everyReadSeesItsOwnValue(Allocator.Placement placement) {
        int allocated = 0, refused = 0;
        for (int seed = 0; seed < 400; seed++) {
            rnd = new Random(seed);
            next = 0;
            all.clear();
            List<VReg> avail = new ArrayList<>();
            List<Node> program = block(avail, 0, 4 + rnd.nextInt(20));
            // outputs read a few values at the end
            for (int o = 0; o < 3 && !avail.isEmpty(); o++) {
                VInst mov = new VInst(Opc.MOV, null, 0xF, 1, read(avail, 4));
                mov.output = o;
                program.add(new Node.Inst(mov));
            }
            try {
                Allocator.allocate(program, all, placement);
            } catch (CompileError e) {
                refused++;
                continue;
            }
            allocated++;
            exec(program, newState(), seed);
        }
        assertTrue(allocated > 300, allocated + " allocated, " + refused + " refused");
    }

    @SuppressWarnings("unchecked")
    private static Set<Integer>[] newState() {
        Set<Integer>[] s = new Set[64];
        for (int k = 0; k < 64; k++) s[k] = new HashSet<>();
        return s;
    }

    private static Set<Integer>[] copy(Set<Integer>[] s) {
        Set<Integer>[] c = newState();
        for (int k = 0; k < 64; k++) c[k].addAll(s[k]);
        return c;
    }

    private static boolean join(Set<Integer>[] into, Set<Integer>[] from) {
        boolean changed = false;
        for (int k = 0; k < 64; k++) changed |= into[k].addAll(from[k]);
        return changed;
    }

    private static Set<Integer>[] exec(List<Node> nodes, Set<Integer>[] s, int seed) {
        for (Node n : nodes) {
            if (n instanceof Node.Inst i) {
                step(i.inst(), s, seed);
            } else if (n instanceof Node.If f) {
                step(((Node.Flags) f.cond()).cmp(), s, seed);
                Set<Integer>[] a = exec(f.then(), copy(s), seed), b = exec(f.otherwise(), copy(s), seed);
                s = a;
                join(s, b);
            } else if (n instanceof Node.Loop l) {
                Set<Integer>[] head = copy(s);
                while (true) {
                    Set<Integer>[] end = exec(l.body(), copy(head), seed);
                    if (!join(head, end)) {
                        s = end;
                        break;
                    }
                }
            }
        }
        return s;
    }

    private static void step(VInst i, Set<Integer>[] s, int seed) {
        for (Operand o : i.src) {
            if (!(o.base() instanceof Operand.Temp t)) continue;
            VReg v = t.reg();
            for (int c : o.comps()) {
                Set<Integer> held = s[v.register * 4 + v.lanes[c]];
                if (!held.equals(Set.of(v.id))) {
                    fail("seed " + seed + ": " + i + " reads " + v + " at r" + v.register + "." + "xyzw".charAt(v.lanes[c]) + ", where paths leave " + held);
                }
            }
        }
        if (i.dst != null) {
            for (int c = 0; c < i.dst.width; c++) {
                if ((i.mask & (1 << c)) != 0) {
                    Set<Integer> lane = s[i.dst.register * 4 + i.dst.lanes[c]];
                    lane.clear();
                    lane.add(i.dst.id);
                }
            }
        }
    }
}
