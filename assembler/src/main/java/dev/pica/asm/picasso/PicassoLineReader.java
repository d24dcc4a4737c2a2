package dev.pica.asm.picasso;

import static dev.pica.grammar.PicassoAsmLexer.AND;
import static dev.pica.grammar.PicassoAsmLexer.ANDAND;
import static dev.pica.grammar.PicassoAsmLexer.BANG;
import static dev.pica.grammar.PicassoAsmLexer.COLON;
import static dev.pica.grammar.PicassoAsmLexer.COMMA;
import static dev.pica.grammar.PicassoAsmLexer.DASH;
import static dev.pica.grammar.PicassoAsmLexer.DOT;
import static dev.pica.grammar.PicassoAsmLexer.IDENT;
import static dev.pica.grammar.PicassoAsmLexer.LBRACK;
import static dev.pica.grammar.PicassoAsmLexer.LINE_MARKER;
import static dev.pica.grammar.PicassoAsmLexer.LPAREN;
import static dev.pica.grammar.PicassoAsmLexer.MINUS;
import static dev.pica.grammar.PicassoAsmLexer.NEWLINE;
import static dev.pica.grammar.PicassoAsmLexer.NUMBER;
import static dev.pica.grammar.PicassoAsmLexer.OR;
import static dev.pica.grammar.PicassoAsmLexer.OROR;
import static dev.pica.grammar.PicassoAsmLexer.PLUS;
import static dev.pica.grammar.PicassoAsmLexer.RBRACK;
import static dev.pica.grammar.PicassoAsmLexer.RPAREN;

import dev.pica.asm.picasso.PicassoLine.Arg;
import dev.pica.asm.picasso.PicassoLine.Term;
import dev.pica.format.diag.SourcePos;
import dev.pica.grammar.PicassoAsmTokenSource;
import dev.pica.grammar.TokenArrays;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.Token;

/**
 * Reads the lines of a picasso-dialect source that PicassoAsm.g4 accepts into {@link PicassoLine}s,
 * by hand: the same tokens, the same records as {@link PicassoParser} makes from ANTLR's parse tree,
 * at a fraction of the cost (docs/performance.md). At the first line the grammar would not accept,
 * or a character outside the BMP (ANTLR counts columns in code points), it gives up and returns
 * null: the grammar's parser then reads the file and reports its syntax errors.
 * PicassoLineReaderTest holds the two to the same records on every source the repository holds and
 * on generated lines.
 */
final class PicassoLineReader {
    private final String text;
    private final LineMarkers at;
    /** The text's tokens. */
    private final TokenArrays t;
    /** The next token. */
    private int p;

    private PicassoLineReader(String text, LineMarkers at, TokenArrays t) {
        this.text = text;
        this.at = at;
        this.t = t;
    }

    /** The lines of {@code text} (ending with a newline), or null where the grammar's parser must read it. */
    static List<PicassoLine> read(String text, LineMarkers at) {
        TokenArrays t = new PicassoAsmTokenSource(text).tokensByCharIndex();
        return t == null ? null : new PicassoLineReader(text, at, t).lines();
    }

    private List<PicassoLine> lines() {
        List<PicassoLine> out = new ArrayList<>();
        while (t.type[p] != Token.EOF) {
            int first = p;
            if (t.type[p] == LINE_MARKER) {
                if (t.type[p + 1] != NEWLINE) return null;
                at.marker(text(p), t.line[p], t.column[p]);
                p += 2;
                continue;
            }
            List<PicassoLine.Label> labels = new ArrayList<>();
            while (t.type[p] == IDENT && t.type[p + 1] == COLON) {
                labels.add(new PicassoLine.Label(text(p), pos(p)));
                p += 2;
            }
            PicassoLine.Statement st = null;
            if (t.type[p] == DOT || t.type[p] == IDENT) {
                st = statement();
                if (st == null) return null;
            }
            if (t.type[p] != NEWLINE) return null;
            p++;
            if (labels.isEmpty() && st == null) continue;
            out.add(new PicassoLine(labels, st, pos(first)));
        }
        return out;
    }

    /** statement: DOT? IDENT (arg (COMMA arg)* COMMA?)? */
    private PicassoLine.Statement statement() {
        int dot = t.type[p] == DOT ? p++ : -1;
        if (t.type[p] != IDENT) return null;
        int name = p++;
        List<Arg> args = new ArrayList<>();
        int lastComma = -1, commas = 0;
        if (startsTerm(t.type[p])) {
            while (true) {
                Arg a = arg();
                if (a == null) return null;
                args.add(a);
                if (t.type[p] != COMMA) break;
                lastComma = p++;
                commas++;
                if (!startsTerm(t.type[p])) break;
            }
        }
        SourcePos trailing = !args.isEmpty() && commas == args.size() ? pos(lastComma) : null;
        return new PicassoLine.Statement(dot >= 0, text(name), pos(dot >= 0 ? dot : name), args, trailing);
    }

    private static boolean startsTerm(int t) {
        return switch (t) {
            case DASH, IDENT, LPAREN, MINUS, PLUS, BANG, NUMBER, ANDAND, AND, OROR, OR -> true;
            default -> false;
        };
    }

    /** arg: term+ */
    private Arg arg() {
        int first = p;
        List<Term> terms = new ArrayList<>();
        do {
            Term t = term();
            if (t == null) return null;
            terms.add(t);
        } while (startsTerm(t.type[p]));
        return new Arg(terms, pos(first), joined(first, p));
    }

    private Term term() {
        int first = p;
        switch (t.type[p]) {
            case DASH -> {
                p++;
                return new PicassoLine.Dash(pos(first), "-");
            }
            case ANDAND, AND, OROR, OR -> {
                p++;
                return new PicassoLine.Logic(text(first), pos(first));
            }
            case NUMBER -> {
                p++;
                return new PicassoLine.Number(text(first), pos(first));
            }
            case PLUS -> {
                if (t.type[p + 1] != NUMBER) return null;
                p += 2;
                return new PicassoLine.Number(joined(first, p), pos(first));
            }
            case MINUS -> {
                if (t.type[p + 1] != NUMBER) return operand();
                p += 2;
                return new PicassoLine.Number(joined(first, p), pos(first));
            }
            case LPAREN -> {
                return tuple();
            }
            case IDENT -> {
                // "name(...)" is a named tuple, never an operand followed by a tuple: where both
                // readings parse, ANTLR's prediction takes the alternative written first
                return t.type[p + 1] == LPAREN ? tuple() : operand();
            }
            default -> {
                return operand();
            }
        }
    }

    /** operandTerm: MINUS? BANG* IDENT (LBRACK index? RBRACK)? (DOT IDENT)? */
    private Term operand() {
        int first = p;
        boolean minus = t.type[p] == MINUS;
        if (minus) p++;
        int bangs = 0;
        while (t.type[p] == BANG) {
            bangs++;
            p++;
        }
        if (t.type[p] != IDENT) return null;
        String base = text(p++);
        boolean brackets = t.type[p] == LBRACK;
        PicassoLine.Index index = null;
        if (brackets) {
            p++;
            if (t.type[p] != RBRACK) {
                index = index();
                if (index == null) return null;
            }
            if (t.type[p] != RBRACK) return null;
            p++;
        }
        String suffix = null;
        SourcePos suffixPos = null;
        if (t.type[p] == DOT) {
            if (t.type[p + 1] != IDENT) return null;
            suffix = text(p + 1);
            suffixPos = pos(p + 1);
            p += 2;
        }
        return new PicassoLine.Operand(minus, bangs, base, brackets, index, suffix, suffixPos, pos(first), joined(first, p));
    }

    /** index: (IDENT (DOT IDENT)? PLUS)? MINUS? NUMBER | IDENT (DOT IDENT)? */
    private PicassoLine.Index index() {
        int first = p;
        String reg = null;
        if (t.type[p] == IDENT) {
            reg = text(p++);
            if (t.type[p] == DOT) {
                if (t.type[p + 1] != IDENT) return null;
                reg = reg + "." + text(p + 1);
                p += 2;
            }
            if (t.type[p] != PLUS) return new PicassoLine.Index(reg, null, pos(first), joined(first, p));
            p++;
        }
        boolean minus = t.type[p] == MINUS;
        if (minus) p++;
        if (t.type[p] != NUMBER) return null;
        String off = minus ? "-" + text(p) : text(p);
        p++;
        return new PicassoLine.Index(reg, off, pos(first), joined(first, p));
    }

    /** tupleTerm: IDENT? LPAREN (value (COMMA value)* COMMA?)? RPAREN, value: ~(COMMA | RPAREN | NEWLINE)+ */
    private Term tuple() {
        int first = p;
        String name = t.type[p] == IDENT ? text(p++) : null;
        p++; // LPAREN
        List<PicassoLine.Value> values = new ArrayList<>();
        while (t.type[p] != RPAREN) {
            int v = p;
            while (t.type[p] != COMMA && t.type[p] != RPAREN && t.type[p] != NEWLINE && t.type[p] != Token.EOF) p++;
            if (p == v) return null;
            // as written, blanks inside included ("- 1.0" is not "-1.0" to C's atof)
            values.add(new PicassoLine.Value(text.substring(t.start[v], t.stop[p - 1] + 1), pos(v)));
            if (t.type[p] == COMMA) p++;
            else if (t.type[p] != RPAREN) return null;
        }
        p++;
        return new PicassoLine.Tuple(name, values, pos(first), joined(first, p));
    }

    private String text(int k) {
        return text.substring(t.start[k], t.stop[k] + 1);
    }

    /** The texts of tokens {@code from} to {@code to} (exclusive) run together, as ANTLR's getText() of a rule gives them. */
    private String joined(int from, int to) {
        boolean adjacent = true;
        for (int k = from + 1; k < to && adjacent; k++) adjacent = t.start[k] == t.stop[k - 1] + 1;
        if (adjacent) return text.substring(t.start[from], t.stop[to - 1] + 1);
        StringBuilder b = new StringBuilder();
        for (int k = from; k < to; k++) b.append(text, t.start[k], t.stop[k] + 1);
        return b.toString();
    }

    private SourcePos pos(int k) {
        return at.pos(t.line[k], t.column[k]);
    }
}
