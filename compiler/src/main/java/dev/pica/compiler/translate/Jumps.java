package dev.pica.compiler.translate;

import dev.pica.compiler.vir.Node;
import dev.pica.format.diag.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * A loop body's break and continue markers turned into hardware flow. BREAKC leaves only the
 * innermost loop and, taken inside a pending IF, leaves a stale stack entry, so a break is
 * moved out of its if: "if (c) { S; break; }" becomes "if (c) { S; } breakc c" (the CMP is
 * evaluated again: SSA operands do not change). A continue takes the rest of the body into the
 * other arm of its if.
 */
final class Jumps {
    private Jumps() {}

    static List<Node> resolve(List<Node> body, Translator t) {
        List<Node> r = skip(body, t);
        Node.Jump j = last(r);
        // a skip of the rest at the end of the construct skips nothing
        return j != null && !j.isBreak() ? new ArrayList<>(r.subList(0, r.size() - 1)) : r;
    }

    /**
     * The list with its continues ("skip the rest") moved into the other arm of the ifs that take
     * them, and its breaks out of their ifs. The result ends with a continue marker when every
     * path through it skips the rest, which the enclosing list then handles in turn.
     */
    private static List<Node> skip(List<Node> body, Translator t) {
        List<Node> out = new ArrayList<>();
        for (int k = 0; k < body.size(); k++) {
            Node n = body.get(k);
            if (n instanceof Node.Jump j) {
                out.add(j);
                return out; // the rest is dead
            }
            if (!(n instanceof Node.If f)) {
                out.add(n);
                continue;
            }
            List<Node> then = skip(f.then(), t);
            List<Node> other = skip(f.otherwise(), t);
            Node.Jump tj = last(then), oj = last(other);
            List<Node> rest = body.subList(k + 1, body.size());
            boolean tc = tj != null && !tj.isBreak(), oc = oj != null && !oj.isBreak();
            if (tc && oc) {
                addIf(out, f, strip(then), strip(other));
                out.add(tj);
                return out;
            }
            if (tc || oc) {
                // if (c) { S; continue; } else { E } R  ->  if (c) { S } else { E; R }
                List<Node> joined = new ArrayList<>(tc ? other : then);
                joined.addAll(rest);
                List<Node> cont = skip(joined, t);
                Node.Jump cj = last(cont);
                boolean allSkip = cj != null && !cj.isBreak();
                if (allSkip) cont = strip(cont);
                if (tc) addIf(out, f, strip(then), cont);
                else addIf(out, f, cont, strip(other));
                if (allSkip) out.add(tc ? tj : oj);
                return out;
            }
            if (containsBreak(then) || containsBreak(other)) {
                throw new CompileError(Problem.GLSL_UNSUPPORTED, f.line(), "a break nested in two ifs inside a loop is not supported yet: move it into a single if");
            }
            if (tj != null && oj != null) {
                addIf(out, f, strip(then), strip(other));
                out.add(new Node.Jump(true, f.line()));
                return out;
            }
            if (tj != null) {
                addIf(out, f, strip(then), other);
                out.add(new Node.Break(again(f.cond(), t, f.line()), f.line()));
                continue;
            }
            if (oj != null) {
                addIf(out, f, then, strip(other));
                out.add(new Node.Break(again(f.cond(), t, f.line()).not(), f.line()));
                continue;
            }
            addIf(out, f, then, other);
        }
        return out;
    }

    /** A BREAKC, or a break marker inside a nested if. */
    private static boolean containsBreak(List<Node> l) {
        for (Node n : l) {
            if (n instanceof Node.Break) return true;
            if (n instanceof Node.If f && (containsBreak(f.then()) || containsBreak(f.otherwise()) || lastIsBreak(f.then()) || lastIsBreak(f.otherwise()))) return true;
        }
        return false;
    }

    private static boolean lastIsBreak(List<Node> l) {
        Node.Jump j = last(l);
        return j != null && j.isBreak();
    }

    static boolean containsJump(List<Node> l) {
        for (Node n : l) {
            if (n instanceof Node.Jump) return true;
            if (n instanceof Node.If f && (containsJump(f.then()) || containsJump(f.otherwise()))) return true;
        }
        return false;
    }

    private static void addIf(List<Node> out, Node.If f, List<Node> then, List<Node> other) {
        if (then.isEmpty() && other.isEmpty()) return;
        if (then.isEmpty()) out.add(new Node.If(f.cond().not(), other, List.of(), f.line()));
        else out.add(new Node.If(f.cond(), then, other, f.line()));
    }

    /** The same condition evaluated again: a fresh CMP of the same operands. */
    private static Node.Cond again(Node.Cond c, Translator t, int line) {
        if (c instanceof Node.Flags fl) {
            dev.pica.compiler.vir.VInst cmp = dev.pica.compiler.vir.VInst.cmp(fl.cmp().cmpX, fl.cmp().cmpY, fl.cmp().src[0], fl.cmp().src[1], fl.cmp().line);
            return new Node.Flags(cmp, fl.refX(), fl.refY(), fl.condOp());
        }
        throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "a break under a bool uniform: the hardware's BREAKC tests only the comparison flags; compare a float uniform instead");
    }

    private static Node.Jump last(List<Node> l) {
        return !l.isEmpty() && l.get(l.size() - 1) instanceof Node.Jump j ? j : null;
    }

    private static List<Node> strip(List<Node> l) {
        return last(l) != null ? l.subList(0, l.size() - 1) : l;
    }

    static boolean endsInBreak(List<Node> body) {
        Node.Jump j = last(body);
        return j != null && j.isBreak();
    }

    static List<Node> dropTrailingBreak(List<Node> body) {
        return new ArrayList<>(body.subList(0, body.size() - 1));
    }
}
