package dev.pica.compiler.backend;

import dev.pica.compiler.translate.CompileError;
import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VInst;
import dev.pica.compiler.vir.VReg;
import dev.pica.format.diag.Problem;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Lane-level register allocation over r0-r15: each virtual register of n components takes n
 * lanes of one temporary register (any lanes: sources have a full swizzle), never lanes another
 * value holds at a point where both hold values. Values are placed in the order they are first
 * written; a copy's source and destination share their lanes where they can (the copy then
 * disappears), and the identity lanes (x, xy, xyz) come first to keep operand descriptors few.
 * There is no memory to spill to: a program that needs more is an error at the GLSL line where
 * pressure peaks, naming what is live there.
 *
 * <p>Two orders of trying ({@link Placement}): {@code PACKED} fills r0's lanes before r1's (what
 * every program gets first), {@code LANES} takes the identity lanes of any register before other
 * lanes of the first. With LANES a scalar is nearly always in x and a vec2 in xy, so the same
 * instruction of two built-in expansions (sin's polynomial, say) has the same operand descriptor
 * where PACKED scatters them over lanes x-w, each lane its own descriptor: the back end's second
 * try when a program needs more descriptors than the hardware holds (GlslCompiler).
 */
public final class Allocator {
    private Allocator() {}

    public static final int REGISTERS = 16;

    /** Lane placements of n components, identity first: component k in lane lanes[k]. */
    static final int[][][] PLACEMENTS = placements();

    private static int[][][] placements() {
        int[][][] p = new int[5][][];
        for (int n = 1; n <= 4; n++) {
            List<int[]> l = new ArrayList<>();
            for (int mask = 0; mask < 16; mask++) {
                if (Integer.bitCount(mask) != n) continue;
                int[] lanes = new int[n];
                int k = 0;
                for (int b = 0; b < 4; b++) if ((mask & (1 << b)) != 0) lanes[k++] = b;
                l.add(lanes);
            }
            // identity (lowest lanes) first, then by the mask's value
            p[n] = l.toArray(new int[0][]);
        }
        return p;
    }

    /** The order placements are tried in: registers first (r0's lanes, then r1's), or lanes first (x of any register before y of r0). */
    public enum Placement { PACKED, LANES }

    /** Places every virtual register of {@code program}; {@code regs} indexed by id. */
    public static void allocate(List<Node> program, List<VReg> regs) {
        allocate(program, regs, Placement.PACKED);
    }

    /** As {@link #allocate(List, List)}, trying placements in the order {@code placement}. */
    public static void allocate(List<Node> program, List<VReg> regs, Placement placement) {
        Flow flow = new Flow(program, regs);
        BitSet[] live = flow.occupancy(regs.size());
        // first write of each register, and the copies that relate registers
        int[] first = new int[regs.size()];
        java.util.Arrays.fill(first, Integer.MAX_VALUE);
        Map<Integer, List<VReg>> partners = new HashMap<>();
        for (Flow.Point p : flow.points) {
            VInst i = p.inst;
            if (i == null || i.dst == null) continue;
            first[i.dst.id] = Math.min(first[i.dst.id], p.index);
            if (i.op == Opc.MOV && i.kill && i.src[0].base() instanceof Operand.Temp t && !i.src[0].negated()
                    && t.reg().width == i.dst.width && identity(i.src[0])) {
                partners.computeIfAbsent(i.dst.id, k -> new ArrayList<>()).add(t.reg());
                partners.computeIfAbsent(t.reg().id, k -> new ArrayList<>()).add(i.dst);
            }
        }
        List<VReg> order = new ArrayList<>();
        for (VReg r : regs) if (first[r.id] != Integer.MAX_VALUE || !live[r.id].isEmpty()) order.add(r);
        order.sort(Comparator.comparingInt((VReg r) -> first[r.id] == Integer.MAX_VALUE ? -1 : first[r.id]).thenComparingInt(r -> r.id));
        BitSet[] occupied = new BitSet[REGISTERS * 4];
        for (int k = 0; k < occupied.length; k++) occupied[k] = new BitSet();
        for (VReg v : order) {
            BitSet s = live[v.id];
            boolean placed = false;
            for (VReg partner : partners.getOrDefault(v.id, List.of())) {
                if (partner.register >= 0 && fits(occupied, partner.register, partner.lanes, s)) {
                    place(v, partner.register, partner.lanes, occupied, s);
                    placed = true;
                    break;
                }
            }
            for (int a = 0; a < REGISTERS * PLACEMENTS[v.width].length && !placed; a++) {
                // PACKED: register-major; LANES: placement-major (every register's x before any y)
                int r = placement == Placement.PACKED ? a / PLACEMENTS[v.width].length : a % REGISTERS;
                int[] lanes = PLACEMENTS[v.width][placement == Placement.PACKED ? a % PLACEMENTS[v.width].length : a / REGISTERS];
                if (fits(occupied, r, lanes, s)) {
                    place(v, r, lanes, occupied, s);
                    placed = true;
                }
            }
            if (!placed) throw pressure(flow, live, regs);
        }
    }

    static boolean identity(Operand o) {
        for (int k = 0; k < o.comps().length; k++) if (o.comps()[k] != k) return false;
        return true;
    }

    private static boolean fits(BitSet[] occupied, int r, int[] lanes, BitSet s) {
        for (int l : lanes) if (occupied[r * 4 + l].intersects(s)) return false;
        return true;
    }

    private static void place(VReg v, int r, int[] lanes, BitSet[] occupied, BitSet s) {
        v.register = r;
        v.lanes = lanes.clone();
        for (int l : lanes) occupied[r * 4 + l].or(s);
    }

    /** The error: where the most lanes are live, and what holds them. */
    private static CompileError pressure(Flow flow, BitSet[] live, List<VReg> regs) {
        int best = -1, bestLanes = -1;
        for (Flow.Point p : flow.points) {
            int lanes = 0;
            for (VReg r : regs) if (live[r.id].get(p.index)) lanes += r.width;
            if (lanes > bestLanes) {
                bestLanes = lanes;
                best = p.index;
            }
        }
        Flow.Point p = flow.points.get(best);
        int line = p.line;
        for (int k = best; line == 0 && k < flow.points.size(); k++) line = flow.points.get(k).line;
        List<String> names = new ArrayList<>();
        for (VReg r : regs) if (live[r.id].get(best) && r.name != null && !names.contains(r.name)) names.add(r.name);
        return new CompileError(Problem.REGISTER_PRESSURE, line, "too many values live at once: " + bestLanes
                + " components here, where the 16 temporary registers hold 64 and there is no memory to spill to"
                + (names.isEmpty() ? "" : " (live: " + String.join(", ", names) + ")")
                + "; compute fewer values ahead of their use, or split the shader");
    }
}
