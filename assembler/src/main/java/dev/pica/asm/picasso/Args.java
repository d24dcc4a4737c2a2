package dev.pica.asm.picasso;

import dev.pica.asm.picasso.PicassoLine.Arg;
import dev.pica.asm.picasso.PicassoLine.Operand;
import dev.pica.asm.picasso.PicassoLine.Term;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.isa.syntax.Mnemonics;
import dev.pica.format.isa.syntax.PicassoSpelling;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of one statement, read two ways as picasso reads them: comma-separated
 * (instructions, .fvec, .constf) or as the space-separated words of the whole line (.in,
 * .out, .alias, .gsh, .setb).
 */
final class Args {
    final PicassoBuild build;
    final PicassoLine.Statement st;
    final List<Term> words = new ArrayList<>();
    /** the arguments as read: a directive's as written, an instruction's operands (see {@link #operands}) */
    private final List<Arg> args;

    Args(PicassoBuild build, PicassoLine.Statement st) {
        this.build = build;
        this.st = st;
        for (Arg a : st.args()) words.addAll(a.terms());
        args = st.directive() ? st.args() : operands(build, st);
    }

    /**
     * An instruction's operands. Two words in one of them are two operands with the comma between
     * them left out ("dp4 outpos.z projection[2], r0"): an error at each word after the first, and
     * the words read as the operands they are, so that the count and each operand are checked as
     * written and nothing else is said of the line. A condition's words (cmp.x && cmp.y) and setemit's
     * flags (prim inv) are one operand each.
     */
    private static List<Arg> operands(PicassoBuild build, PicassoLine.Statement st) {
        Opcode op = PicassoSpelling.ofMnemonic(st.name());
        if (op == null) return st.args();
        List<Arg> out = new ArrayList<>();
        for (int k = 0; k < st.args().size(); k++) {
            Arg a = st.args().get(k);
            boolean condition = k == 0 && (op == Opcode.IFC || op == Opcode.BREAKC || op == Opcode.CALLC || op == Opcode.JMPC);
            boolean flags = k == 1 && op == Opcode.SETEMIT; // "setemit 0, prim inv": picasso's flags are one argument
            if (a.terms().size() < 2 || condition || flags || a.terms().stream().anyMatch(t -> t instanceof PicassoLine.Logic)) {
                out.add(a);
                continue;
            }
            for (int w = 0; w < a.terms().size(); w++) {
                Term t = a.terms().get(w);
                if (w > 0) build.diags.error(Problem.SYNTAX, t.pos(), "expected ',' before '" + t.text() + "'");
                out.add(new Arg(List.of(t), t.pos(), t.text()));
            }
        }
        return out;
    }

    int count() {
        return args.size();
    }

    Arg arg(int k) {
        return args.get(k);
    }

    SourcePos pos(int k) {
        return k < count() ? arg(k).pos() : st.namePos();
    }

    String text(int k) {
        return k < count() ? arg(k).text() : "";
    }

    boolean missing(int k, String what) {
        if (k < count()) return false;
        String form = formCount();
        build.diags.error(countKind(), st.namePos(), form != null ? form : (st.directive() ? "." : "") + st.name() + ": missing " + what);
        return true;
    }

    /** A missing or extra argument: an instruction's operand count, or a directive's arguments. */
    private Problem countKind() {
        return st.directive() ? Problem.DIRECTIVE_ARGUMENTS : Problem.OPERAND_COUNT;
    }

    /** An argument that is not what its place takes. */
    private Problem operandKind() {
        return st.directive() ? Problem.DIRECTIVE_ARGUMENTS : Problem.OPERAND_KIND;
    }

    /** For an instruction with a known form, the message naming it ('dp4' expects 3 operands: dp4 dst, src1, src2); else null. */
    String formCount() {
        String form = st.directive() ? null : Mnemonics.form(st.name(), Dialect.PICASSO);
        if (form == null) return null;
        int[] n = Mnemonics.operandCount(form);
        return Mnemonics.expects(st.name(), Dialect.PICASSO, n[0], n[1]);
    }

    /** Argument k as one word. */
    Term single(int k, String what) {
        if (missing(k, what)) return null;
        Arg a = arg(k);
        if (a.terms().size() != 1) {
            build.diags.error(operandKind(), a.pos(), "expected " + what + ", found '" + a.text() + "'");
            return null;
        }
        return a.terms().get(0);
    }

    Operand operand(int k, String what) {
        Term t = single(k, what);
        if (t == null) return null;
        if (t instanceof Operand o) return o;
        build.diags.error(operandKind(), t.pos(), "expected " + what + ", found '" + t.text() + "'");
        return null;
    }

    String word(int k, String what) {
        Term t = single(k, what);
        return t == null ? null : t.text();
    }

    String identifier(int k, String what) {
        String w = word(k, what);
        if (w != null && !Operands.validIdentifier(w)) {
            build.diags.error(operandKind(), pos(k), "'" + w + "' is not a " + what);
            return null;
        }
        return w;
    }

    PicassoLine.Tuple tuple(int k) {
        Term t = single(k, "'name(x, y, z, w)'");
        if (t == null) return null;
        if (t instanceof PicassoLine.Tuple tu) return tu;
        build.diags.error(Problem.DIRECTIVE_ARGUMENTS, t.pos(), "expected 'name(x, y, z, w)', found '" + t.text() + "'");
        return null;
    }

    Integer intArg(int k, int min, int max, String what) {
        Term t = single(k, what);
        if (t == null) return null;
        Integer n = t instanceof PicassoLine.Number ? build.operands.strtoll(t.text(), t.pos(), min, max) : null;
        if (n == null) {
            build.diags.error(operandKind(), t.pos(), "expected " + what + ", found '" + t.text() + "'");
            return null;
        }
        return n;
    }

    boolean done(int n) {
        if (count() <= n) return true;
        String form = formCount();
        build.diags.error(countKind(), arg(n).pos(), form != null ? form + "; unexpected '" + arg(n).text() + "'" : "unexpected extra argument '" + arg(n).text() + "'");
        return false;
    }

    // space-separated words of the whole line
    int spaceCount() {
        return count() == 1 ? words.size() : count() == 0 ? 0 : -1;
    }

    /** whether the comma error was reported: once per line, however many words are asked for */
    boolean shapeReported;

    boolean spaceShape() {
        if (count() > 1) {
            if (!shapeReported) build.diags.error(Problem.DIRECTIVE_ARGUMENTS, arg(1).pos(), "." + st.name() + " takes words separated by spaces, not commas");
            shapeReported = true;
            return false;
        }
        return true;
    }

    SourcePos spacePos(int k) {
        return k < words.size() ? words.get(k).pos() : st.namePos();
    }

    Term spaceTerm(int k, String what) {
        if (!spaceShape()) return null;
        if (k >= words.size()) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, st.namePos(), "." + st.name() + ": missing " + what);
            return null;
        }
        return words.get(k);
    }

    String spaceWord(int k, String what) {
        Term t = spaceTerm(k, what);
        if (t == null || commaEndsWord(k, what)) return null;
        if (t instanceof PicassoLine.Dash) return "-";
        return t.text();
    }

    /**
     * Whether a comma after the last argument ends word k, which picasso reads as a name or
     * keyword from a line it splits at blanks (.in, .out, .setb, .entry, .gsh): the comma is
     * then part of the word, and picasso rejects it ("invalid identifier: x,"). Says so. After a
     * register or number the comma is harmless (picasso's parseReg and strtoll stop before it).
     */
    boolean commaEndsWord(int k, String what) {
        if (st.trailingComma() == null || k != words.size() - 1) return false;
        Term t = words.get(k);
        build.diags.error(Problem.DIRECTIVE_ARGUMENTS, t.pos(), "'" + t.text() + ",' is read whole as the " + what + ": picasso splits ." + st.name()
                + " at blanks, so the comma is part of the word");
        return true;
    }

    Operand spaceOperand(int k, String what) {
        Term t = spaceTerm(k, what);
        if (t == null) return null;
        if (t instanceof Operand o) return o;
        build.diags.error(operandKind(), t.pos(), "expected " + what + ", found '" + t.text() + "'");
        return null;
    }

    Integer spaceInt(int k, int min, int max) {
        Term t = spaceTerm(k, "number");
        if (t == null) return null;
        Integer n = t instanceof PicassoLine.Number ? build.operands.strtoll(t.text(), t.pos(), min, max) : null;
        if (n == null) {
            build.diags.error(operandKind(), t.pos(), "expected a number from " + min + " to " + max + ", found '" + t.text() + "'");
            return null;
        }
        return n;
    }

    boolean spaceDone(int n) {
        if (count() > 1) return spaceShape();
        if (words.size() <= n) return true;
        build.diags.error(countKind(), words.get(n).pos(), "unexpected extra word '" + words.get(n).text() + "'");
        return false;
    }
}
