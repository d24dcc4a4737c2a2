package dev.pica.compiler.translate;

import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VInst;
import dev.pica.compiler.vir.VReg;
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
        body = escape(body, t);
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
                List<Node> contArm = strip(tc ? then : other);
                List<Node> joined = new ArrayList<>(tc ? other : then);
                joined.addAll(rest);
                List<Node> cont = skip(joined, t);
                Node.Jump cj = last(cont);
                boolean allSkip = cj != null && !cj.isBreak(), allBreak = cj != null && cj.isBreak();
                cont = strip(cont);
                VReg flag = liftBreaks(out, t, f.line(), contArm, cont);
                if (flag != null) {
                    contArm = lift(contArm, flag, f.line());
                    cont = lift(cont, flag, f.line());
                }
                if (tc) addIf(out, f, contArm, cont);
                else addIf(out, f, cont, contArm);
                if (flag != null) t.addBreak(out, t.nonZero(Operand.temp(flag)), f.line());
                // the arm that goes on always breaks: break where it was taken
                if (allBreak) t.addBreak(out, tc ? again(f.cond(), t, f.line()).not() : again(f.cond(), t, f.line()), f.line());
                if (allSkip) out.add(tc ? tj : oj);
                return out;
            }
            boolean tb = tj != null, ob = oj != null;
            List<Node> thenArm = strip(then), otherArm = strip(other);
            VReg flag = liftBreaks(out, t, f.line(), thenArm, otherArm);
            if (flag != null) {
                thenArm = lift(thenArm, flag, f.line());
                otherArm = lift(otherArm, flag, f.line());
            }
            if (tb && ob) {
                addIf(out, f, thenArm, otherArm);
                out.add(new Node.Jump(true, f.line()));
                return out;
            }
            addIf(out, f, thenArm, otherArm);
            if (tb) t.addBreak(out, again(f.cond(), t, f.line()), f.line());
            if (ob) t.addBreak(out, again(f.cond(), t, f.line()).not(), f.line());
            if (flag != null) t.addBreak(out, t.nonZero(Operand.temp(flag)), f.line());
        }
        return out;
    }

    /**
     * A "skip the rest" inside an if inside an arm of an if of this list skips the rest of this
     * list too, which {@link #skip} on that arm cannot see (it moves only the arm's own rest into
     * the other arm of the inner if): "if (a) { if (b) continue; x; } y" ran y after the
     * continue. Such an if sets a flag where each of those jumps is taken, cleared before it,
     * and "if (flag) skip the rest" follows it, which this list's skip then handles (and the
     * list around this one in turn, as the flag's test is one level deeper there).
     */
    private static List<Node> escape(List<Node> body, Translator t) {
        List<Node> out = null;
        for (int k = 0; k < body.size(); k++) {
            Node n = body.get(k);
            if (!(n instanceof Node.If f) || t.escaped.contains(f) || !(needsFlag(f.then()) || needsFlag(f.otherwise()))) {
                if (out != null) out.add(n);
                continue;
            }
            if (out == null) out = new ArrayList<>(body.subList(0, k));
            VReg flag = t.reg(1, null);
            out.add(new Node.Inst(new VInst(Opc.MOV, flag, 1, f.line(), Operand.constant(0f))));
            Node.If g = new Node.If(f.cond(), flagged(f.then(), flag, 0), flagged(f.otherwise(), flag, 0), f.line());
            t.escaped.add(g); // skip() walks a list's rest again after an if's continue: flagged once
            out.add(g);
            out.add(new Node.If(t.nonZero(Operand.temp(flag)), List.of(new Node.Jump(false, f.line())), List.of(), f.line()));
        }
        return out == null ? body : out;
    }

    /**
     * Whether an arm needs the flag: it holds a "skip the rest" inside an if of its own and not
     * one at its own top level. With one there every path through the arm skips the rest (those
     * that skip earlier in an inner if as well), which {@link #skip} sees at the arm's end without
     * a flag: "if (n.z <= 0.0) { if (a) return A; return B; }", an inlined function's returns,
     * costs no word more than it did before the flags.
     */
    private static boolean needsFlag(List<Node> arm) {
        if (!deepSkip(arm)) return false;
        for (Node n : arm) if (n instanceof Node.Jump j && !j.isBreak()) return false;
        return true;
    }

    /** Whether an arm holds a "skip the rest" inside an if of its own (not at its own top level). */
    private static boolean deepSkip(List<Node> arm) {
        for (Node n : arm) if (n instanceof Node.If f && (hasSkip(f.then()) || hasSkip(f.otherwise()))) return true;
        return false;
    }

    private static boolean hasSkip(List<Node> l) {
        for (Node n : l) {
            if (n instanceof Node.Jump j && !j.isBreak()) return true;
            if (n instanceof Node.If f && (hasSkip(f.then()) || hasSkip(f.otherwise()))) return true;
        }
        return false;
    }

    /** The arm with the flag set before each "skip the rest" nested in its ifs (depth 0: the arm itself, whose own skips the list's skip handles). */
    private static List<Node> flagged(List<Node> arm, VReg flag, int depth) {
        List<Node> out = new ArrayList<>();
        for (Node n : arm) {
            if (n instanceof Node.Jump j && !j.isBreak() && depth > 0) {
                VInst set = new VInst(Opc.MOV, flag, 1, j.line(), Operand.constant(1f));
                out.add(new Node.Inst(set));
            }
            if (n instanceof Node.If f) n = new Node.If(f.cond(), flagged(f.then(), flag, depth + 1), flagged(f.otherwise(), flag, depth + 1), f.line());
            out.add(n);
        }
        return out;
    }

    /**
     * BREAKCs an if's arms hold (the arms' own ifs left them at their top level) cannot stay
     * there (taken inside a pending IF, BREAKC leaves a stale stack entry): a flag, cleared
     * before the if, that each sets instead ({@link #lift}); null when the arms hold none.
     */
    private static VReg liftBreaks(List<Node> out, Translator t, int line, List<Node> a, List<Node> b) {
        if (!containsBreak(a) && !containsBreak(b)) return null;
        VReg flag = t.reg(1, null);
        out.add(new Node.Inst(new VInst(Opc.MOV, flag, 1, line, Operand.constant(0f))));
        return flag;
    }

    /**
     * An arm whose BREAKCs (at its top level) become "set the flag and skip the rest":
     * "S; breakc c; R" is "S; if (c) { flag = 1 } else { R }".
     */
    private static List<Node> lift(List<Node> arm, VReg flag, int line) {
        for (int k = 0; k < arm.size(); k++) {
            Node n = arm.get(k);
            if (n instanceof Node.If f && (containsBreak(f.then()) || containsBreak(f.otherwise()))) {
                throw new CompileError(Problem.GLSL_UNSUPPORTED, f.line(), "a break nested this deep inside a loop is not supported yet: move it into fewer ifs");
            }
            if (!(n instanceof Node.Break b)) continue;
            List<Node> out = new ArrayList<>(arm.subList(0, k));
            VInst set = new VInst(Opc.MOV, flag, 1, line, Operand.constant(1f));
            set.kill = true;
            List<Node> rest = lift(arm.subList(k + 1, arm.size()), flag, line);
            out.add(new Node.If(b.cond(), List.of(new Node.Inst(set)), rest, b.line()));
            return out;
        }
        return arm;
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
        return c; // a bool uniform: Translator.addBreak makes it flags
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
