package dev.pica.compiler.backend;

import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VInst;
import dev.pica.compiler.vir.VReg;
import dev.pica.format.isa.Limits;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps a program's MADs within the 32 operand descriptors their 5-bit DESC field can name
 * (spec/isa.md 5.1; the table's other 96 entries are out of a MAD's reach). A MAD's descriptor is
 * its mask with each source's swizzle and negation; built-in expansions put many MADs with
 * constants in every lane of a c register and negated terms, so random programs reach 40-70
 * distinct ones. The MADs whose descriptor is rarest get their negated or swizzled sources copied
 * first (a MOV into a temporary of their own, which costs a word and a MOV descriptor, never a MAD
 * one): the MAD then reads plain registers, whose descriptor ({@code mad r.x, r, r, r}) one mask
 * shares with every other MAD so rewritten. A copy is exact (a MOV writes the float24 it reads),
 * so the program computes what it computed. Used by {@link Backend} on the second try only, after
 * the lanes-first allocation, which already gives most programs that needed more than 32 few enough.
 */
final class MadDescriptors {
    private MadDescriptors() {}

    static final int LIMIT = Limits.MAD_DESCRIPTORS;

    /** The descriptor texts the emitted MADs use, with how many MADs use each, in order of first use. */
    static Map<String, Integer> counts(Emitter e) {
        Map<String, Integer> n = new LinkedHashMap<>();
        for (String k : e.madKeys.values()) n.merge(k, 1, Integer::sum);
        return n;
    }

    /**
     * The MADs (with the sources to copy, bit k: src[k]) outside the {@code keep} most used
     * descriptors (ties: the first used), leaving out those with nothing to copy.
     */
    static Map<VInst, Integer> rare(Emitter e, int keep) {
        Map<String, Integer> n = counts(e);
        List<String> order = new ArrayList<>(n.keySet());
        // stable: equal counts stay in order of first use
        order.sort((a, b) -> Integer.compare(n.get(b), n.get(a)));
        Set<String> kept = new HashSet<>(order.subList(0, Math.min(Math.max(keep, 0), order.size())));
        Map<VInst, Integer> out = new LinkedHashMap<>();
        for (Map.Entry<VInst, String> m : e.madKeys.entrySet()) {
            int shaped = e.madShaped.get(m.getKey());
            if (!kept.contains(m.getValue()) && shaped != 0) out.put(m.getKey(), shaped);
        }
        return out;
    }

    /**
     * The program with a MOV into a new temporary before each MAD of {@code which} for each source
     * its bits name, the MAD reading that temporary instead; {@code nextId[0]} numbers the new
     * registers (and is advanced).
     */
    static List<Node> copySources(List<Node> nodes, Map<VInst, Integer> which, int[] nextId) {
        List<Node> out = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            if (n instanceof Node.Inst i && which.containsKey(i.inst())) {
                VInst mad = i.inst();
                int bits = which.get(mad);
                for (int k = 0; k < mad.src.length; k++) {
                    if ((bits & (1 << k)) == 0) continue;
                    Operand o = mad.src[k];
                    VReg t = new VReg(nextId[0]++, o.width(), null);
                    // the components the MAD reads (its written ones), no others: a lane of o never written stays unread
                    out.add(new Node.Inst(new VInst(Opc.MOV, t, mad.mask & ((1 << t.width) - 1), mad.line, o)));
                    mad.src[k] = Operand.temp(t);
                }
                out.add(n);
            } else if (n instanceof Node.If f) {
                out.add(new Node.If(f.cond(), copySources(f.then(), which, nextId), copySources(f.otherwise(), which, nextId), f.line()));
            } else if (n instanceof Node.Loop l) {
                out.add(l.withBody(copySources(l.body(), which, nextId)));
            } else {
                out.add(n);
            }
        }
        return out;
    }

    /** How many distinct descriptors the emitted MADs use. */
    static int used(Emitter e) {
        return new HashSet<>(e.madKeys.values()).size();
    }
}
