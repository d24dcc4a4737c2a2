package dev.pica.asm;

import static dev.pica.grammar.PicaAsmLexer.BANG;
import static dev.pica.grammar.PicaAsmLexer.COLON;
import static dev.pica.grammar.PicaAsmLexer.COMMA;
import static dev.pica.grammar.PicaAsmLexer.DOT;
import static dev.pica.grammar.PicaAsmLexer.IDENT;
import static dev.pica.grammar.PicaAsmLexer.LBRACK;
import static dev.pica.grammar.PicaAsmLexer.LPAREN;
import static dev.pica.grammar.PicaAsmLexer.MINUS;
import static dev.pica.grammar.PicaAsmLexer.NEWLINE;
import static dev.pica.grammar.PicaAsmLexer.NUMBER;
import static dev.pica.grammar.PicaAsmLexer.PLUS;
import static dev.pica.grammar.PicaAsmLexer.PRAGMA;
import static dev.pica.grammar.PicaAsmLexer.RBRACK;
import static dev.pica.grammar.PicaAsmLexer.RPAREN;

import dev.pica.asm.ir.RawOperand;
import dev.pica.asm.ir.Statement;
import dev.pica.asm.pp.PreprocessedSource;
import dev.pica.format.diag.SourcePos;
import dev.pica.grammar.PicaAsmTokenSource;
import dev.pica.grammar.TokenArrays;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.Token;

/**
 * Reads preprocessed SDK-dialect text that PicaAsm.g4 accepts into {@link Statement}s by hand: the
 * same tokens ({@link PicaAsmTokenSource#advance}, no {@code Token} objects), the same records as
 * {@link SourceParser} makes from ANTLR's parse, at a fraction of the cost (docs/performance.md).
 * At the first line the grammar would not accept, an index the parser would report as wrong, or a
 * character outside the BMP (ANTLR counts columns in code points), it gives up and returns null,
 * having reported nothing: the grammar's parser then reads the text and reports its errors.
 * SdkLineReaderTest holds the two to the same statements and diagnostics on every source the
 * repository holds and on generated lines.
 */
final class SdkLineReader {
    private final PreprocessedSource src;
    private final String text;
    /** The text's tokens. */
    private final TokenArrays t;
    /** The next token. */
    private int p;
    /** Set where the text parses but SourceParser would report an index: the reader then gives the text up. */
    private boolean reported;

    private SdkLineReader(PreprocessedSource src, String text, TokenArrays t) {
        this.src = src;
        this.text = text;
        this.t = t;
    }

    /** The statements of {@code src} ({@code text} is its text), or null where the grammar's parser must read it. */
    static List<Statement> read(PreprocessedSource src, String text) {
        TokenArrays t = new PicaAsmTokenSource(text).tokensByCharIndex();
        if (t == null) return null;
        SdkLineReader r = new SdkLineReader(src, text, t);
        List<Statement> out = r.statements();
        return r.reported ? null : out;
    }

    /** program: line* EOF; line: (IDENT COLON)? (pragma | instruction)? NEWLINE */
    private List<Statement> statements() {
        List<Statement> out = new ArrayList<>();
        while (t.type[p] != Token.EOF) {
            if (t.type[p] == IDENT && t.type[p + 1] == COLON) {
                out.add(new Statement.LabelDef(text(p), pos(p)));
                p += 2;
            }
            if (t.type[p] == PRAGMA || t.type[p] == IDENT) {
                Statement st = t.type[p] == PRAGMA ? pragma() : instruction();
                if (st == null) return null;
                out.add(st);
            }
            if (t.type[p] != NEWLINE) return null;
            p++;
        }
        return out;
    }

    /** instruction: IDENT (operand (COMMA operand)*)? */
    private Statement instruction() {
        int mnemonic = p++;
        List<RawOperand> ops = operands();
        return ops == null ? null : new Statement.Instr(text(mnemonic), ops, pos(mnemonic));
    }

    /** (operand (COMMA operand)*)?, or null where one is malformed. */
    private List<RawOperand> operands() {
        List<RawOperand> ops = new ArrayList<>(4);
        if (!startsOperand(t.type[p])) return ops;
        while (true) {
            RawOperand o = operand();
            if (o == null) return null;
            ops.add(o);
            if (t.type[p] != COMMA) return ops;
            p++;
        }
    }

    private static boolean startsOperand(int t) {
        return t == IDENT || t == NUMBER || t == MINUS || t == PLUS || t == BANG;
    }

    /**
     * pragma: PRAGMA IDENT (LPAREN (operand (COMMA operand)*)? RPAREN)? (structured) | PRAGMA ~NEWLINE* (raw).
     * Both alternatives read a structured line to its end; ANTLR's prediction then takes the one written first.
     */
    private Statement pragma() {
        int hash = p++;
        String lineText = src.lines().get(t.line[hash] - 1).text();
        int after = t.column[hash] + (t.stop[hash] - t.start[hash] + 1);
        String raw = after <= lineText.length() ? lineText.substring(after).trim() : "";
        SourcePos at = pos(hash);
        if (t.type[p] == IDENT) {
            boolean before = reported;
            int name = p++;
            List<RawOperand> args = null;
            if (t.type[p] == LPAREN) {
                p++;
                args = operands();
                if (args != null && t.type[p] == RPAREN) p++;
                else args = null;
            }
            if (t.type[p] == NEWLINE && (args != null || t.type[name + 1] == NEWLINE)) {
                return reported ? null : new Statement.Pragma(text(name), args, raw, at, pos(name));
            }
            // raw after all: what the structured reading would have reported is not read
            reported = before;
            p = hash + 1;
        }
        SourcePos namePos = t.type[p] == NEWLINE || t.type[p] == Token.EOF ? at : pos(p);
        while (t.type[p] != NEWLINE && t.type[p] != Token.EOF) p++;
        return new Statement.Pragma(SourceParser.rawPragmaName(raw), null, raw, at, namePos);
    }

    /** operand: (MINUS | PLUS | BANG)* (NUMBER | IDENT (LBRACK indexExpr RBRACK | DOT IDENT)*) */
    private RawOperand operand() {
        int first = p;
        int neg = 0;
        boolean plus = false, bang = false;
        for (; ; p++) {
            if (t.type[p] == MINUS) neg++;
            else if (t.type[p] == PLUS) plus = true;
            else if (t.type[p] == BANG) bang = true;
            else break;
        }
        if (t.type[p] == NUMBER) {
            int num = p++;
            return new RawOperand(pos(first), neg, plus, bang, text(num), null, List.of(), textOf(first, p));
        }
        if (t.type[p] != IDENT) return null;
        int base = p++;
        List<RawOperand.Part> parts = List.of();
        while (t.type[p] == LBRACK || t.type[p] == DOT) {
            if (parts.isEmpty()) parts = new ArrayList<>(2);
            if (t.type[p] == DOT) {
                if (t.type[p + 1] != IDENT) return null;
                parts.add(new RawOperand.Suffix(text(p + 1), pos(p + 1)));
                p += 2;
            } else {
                p++;
                RawOperand.Offset o = offset();
                if (o == null || t.type[p] != RBRACK) return null;
                p++;
                parts.add(o);
            }
        }
        return new RawOperand(pos(first), neg, plus, bang, null, text(base), parts, textOf(first, p));
    }

    /**
     * indexExpr: (PLUS | MINUS)? indexTerm ((PLUS | MINUS) indexTerm)*, indexTerm: NUMBER | IDENT (DOT IDENT)?;
     * or null; where SourceParser would report the index (a number beyond 4096, a name that is no
     * index register, two of them, one subtracted) it sets {@link #reported} and reads on.
     */
    private RawOperand.Offset offset() {
        int first = p;
        boolean minus = false;
        if (t.type[p] == PLUS || t.type[p] == MINUS) minus = t.type[p++] == MINUS;
        long value = 0;
        String idx = null;
        while (true) {
            if (t.type[p] == NUMBER) {
                Long v = Literals.parseInt(text(p++));
                if (v == null || v > 4096) reported = true;
                else value += minus ? -v : v;
            } else if (t.type[p] == IDENT) {
                int term = p++;
                if (t.type[p] == DOT) {
                    if (t.type[p + 1] != IDENT) return null;
                    p += 2;
                }
                String canon = Registers.indexRegister(textOf(term, p));
                if (canon == null || idx != null || minus) reported = true;
                else idx = canon;
            } else {
                return null;
            }
            if (t.type[p] != PLUS && t.type[p] != MINUS) break;
            minus = t.type[p++] == MINUS;
        }
        return new RawOperand.Offset((int) value, idx, pos(first), textOf(first, p));
    }

    private String text(int k) {
        return text.substring(t.start[k], t.stop[k] + 1);
    }

    /** Tokens {@code from} to {@code to} (exclusive) without the blanks between them, as SourceParser.textOf cuts them. */
    private String textOf(int from, int to) {
        if (to == from + 1) return text(from);
        return SourceParser.withoutBlanks(text.substring(t.start[from], t.stop[to - 1] + 1));
    }

    private SourcePos pos(int k) {
        PreprocessedSource.Line l = src.lines().get(t.line[k] - 1);
        return l.pos(t.column[k]);
    }
}
