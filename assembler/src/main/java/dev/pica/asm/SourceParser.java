package dev.pica.asm;

import dev.pica.asm.ir.RawOperand;
import dev.pica.asm.ir.Statement;
import dev.pica.asm.pp.PreprocessedSource;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.grammar.PicaAsmLexer;
import dev.pica.grammar.PicaAsmParser;
import dev.pica.grammar.PicaAsmTokenSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.Interval;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/** Parses preprocessed text with the ANTLR grammar into {@link Statement}s. */
final class SourceParser {
    private final PreprocessedSource src;
    private final Diagnostics diags;
    private final Set<Integer> badLines = new HashSet<>();
    /** The parsed text when token indices are char indices in it (no surrogate pairs), else null. */
    private String text;

    private SourceParser(PreprocessedSource src, Diagnostics diags) {
        this.src = src;
        this.diags = diags;
    }

    /** The statements of {@code src}: read by hand where the grammar accepts the text (SdkLineReader), else by the grammar's parser, which reports the errors. */
    static List<Statement> parse(PreprocessedSource src, Diagnostics diags) {
        if (src.lines().isEmpty()) return List.of();
        List<Statement> byHand = SdkLineReader.read(src, src.text());
        return byHand != null ? byHand : parseWithGrammar(src, diags);
    }

    /** The statements as the grammar's parser reads them (the parser of record; SdkLineReaderTest compares the two). */
    static List<Statement> parseWithGrammar(PreprocessedSource src, Diagnostics diags) {
        return new SourceParser(src, diags).run();
    }

    private SourcePos pos(int line, int charPos) {
        PreprocessedSource.Line l = src.lines().get(Math.max(0, Math.min(line - 1, src.lines().size() - 1)));
        return l.pos(charPos);
    }

    private SourcePos pos(Token t) {
        return pos(t.getLine(), t.getCharPositionInLine());
    }

    private List<Statement> run() {
        if (src.lines().isEmpty()) return List.of();
        // PicaAsmLexer's tokens, made without interpreting its ATN (PicaAsmTokenSourceTest)
        String all = src.text();
        PicaAsmTokenSource source = new PicaAsmTokenSource(all);
        text = source.getInputStream().size() == all.length() ? all : null;
        CommonTokenStream tokens = new CommonTokenStream(source);
        PicaAsmParser parser = new PicaAsmParser(tokens);
        parser.removeErrorListeners();
        parser.setBuildParseTree(false); // the grammar labels what is read below
        // Two-stage parse: fast SLL prediction; only when that fails, reparse with full LL
        // and error recovery so that every syntax error is reported.
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        PicaAsmParser.ProgramContext fast = null;
        try {
            fast = parser.program();
        } catch (ParseCancellationException e) {
            tokens.seek(0);
            parser.reset();
            parser.setErrorHandler(new DefaultErrorStrategy());
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
        }
        parser.addErrorListener(new BaseErrorListener() {
            @Override
            public void syntaxError(Recognizer<?, ?> r, Object sym, int line, int col, String msg, RecognitionException e) {
                if (!badLines.add(line)) return; // one message per line
                Token t = sym instanceof Token tk ? tk : null;
                String near = t == null ? "?" : t.getType() == PicaAsmLexer.NEWLINE || t.getType() == Token.EOF ? "end of line" : t.getText();
                diags.error(Problem.SYNTAX, pos(line, col), t != null && commaLeftOut(tokens, t) ? "expected ',' before '" + near + "'" : "syntax error near '" + near + "'");
            }
        });
        PicaAsmParser.ProgramContext prog = fast != null ? fast : parser.program();
        List<Statement> out = new ArrayList<>();
        for (PicaAsmParser.LineContext lc : prog.lines) {
            int line = lc.getStart().getLine();
            if (badLines.contains(line) || lc.exception != null) continue;
            if (lc.lab != null) {
                Token id = lc.lab.name;
                out.add(new Statement.LabelDef(id.getText(), pos(id)));
            }
            PicaAsmParser.StatementContext st = lc.st;
            if (st == null) continue;
            if (st.i != null) {
                PicaAsmParser.InstructionContext ic = st.i;
                List<RawOperand> ops = new ArrayList<>(ic.ops.size());
                for (PicaAsmParser.OperandContext oc : ic.ops) ops.add(operand(oc));
                out.add(new Statement.Instr(ic.mnemonic.getText(), ops, pos(ic.mnemonic)));
            } else {
                out.add(pragma(st.p));
            }
        }
        return out;
    }

    private Statement pragma(PicaAsmParser.PragmaContext pc) {
        Token start = pc.getStart();
        SourcePos p = pos(start);
        String lineText = src.lines().get(start.getLine() - 1).text();
        int after = start.getCharPositionInLine() + start.getText().length();
        String raw = after <= lineText.length() ? lineText.substring(after).trim() : "";
        if (pc instanceof PicaAsmParser.StructuredPragmaContext s) {
            List<RawOperand> args = null;
            if (s.lp != null) {
                args = new ArrayList<>();
                for (PicaAsmParser.OperandContext oc : s.args) args.add(operand(oc));
            }
            return new Statement.Pragma(s.name.getText(), args, raw, p, pos(s.name));
        }
        PicaAsmParser.RawPragmaContext r = (PicaAsmParser.RawPragmaContext) pc;
        String name = rawPragmaName(raw);
        SourcePos namePos = r.rest.isEmpty() ? p : pos(r.rest.get(0));
        return new Statement.Pragma(name, null, raw, p, namePos);
    }

    private RawOperand operand(PicaAsmParser.OperandContext oc) {
        int neg = 0;
        boolean plus = false, bang = false;
        for (PicaAsmParser.PrefixContext px : oc.prefixes) {
            if (px.op.getType() == PicaAsmLexer.MINUS) neg++;
            else if (px.op.getType() == PicaAsmLexer.PLUS) plus = true;
            else bang = true;
        }
        SourcePos p = pos(oc.getStart());
        String text = textOf(oc);
        PicaAsmParser.AtomContext a = oc.a;
        if (a instanceof PicaAsmParser.NumberAtomContext n) {
            return new RawOperand(p, neg, plus, bang, n.num.getText(), null, List.of(), text);
        }
        PicaAsmParser.RegisterAtomContext r = (PicaAsmParser.RegisterAtomContext) a;
        List<RawOperand.Part> parts = new ArrayList<>(r.parts.size());
        for (PicaAsmParser.RegisterPartContext part : r.parts) {
            if (part instanceof PicaAsmParser.SuffixPartContext sp) {
                parts.add(new RawOperand.Suffix(sp.letters.getText(), pos(sp.letters)));
            } else {
                parts.add(offset(((PicaAsmParser.OffsetPartContext) part).offset));
            }
        }
        return new RawOperand(p, neg, plus, bang, null, r.base.getText(), parts, text);
    }

    private RawOperand.Part offset(PicaAsmParser.IndexExprContext ie) {
        SourcePos p = pos(ie.getStart());
        String text = textOf(ie);
        long value = 0;
        String idx = null;
        boolean bad = false;
        List<PicaAsmParser.IndexTermContext> terms = ie.terms;
        for (int k = 0; k < terms.size(); k++) {
            boolean minus = k == 0 ? ie.sign != null && ie.sign.getType() == PicaAsmLexer.MINUS
                    : ie.ops.get(k - 1).getType() == PicaAsmLexer.MINUS;
            PicaAsmParser.IndexTermContext t = terms.get(k);
            if (t.num != null) {
                Long v = Literals.parseInt(t.num.getText());
                if (v == null || v > 4096) {
                    diags.error(Problem.INVALID_NUMBER, pos(t.getStart()), "invalid number '" + t.num.getText() + "'");
                    bad = true;
                } else {
                    value += minus ? -v : v;
                }
            } else {
                String name = textOf(t);
                String canon = Registers.indexRegister(name);
                if (canon == null) {
                    diags.error(Problem.RELATIVE_ADDRESSING, pos(t.getStart()), "syntax error near '" + name + "': expected a number, a0.x, a0.y or aL");
                    bad = true;
                } else if (idx != null) {
                    diags.error(Problem.RELATIVE_ADDRESSING, pos(t.getStart()), "relative addressing only applies to one c operand");
                    bad = true;
                } else if (minus) {
                    diags.error(Problem.RELATIVE_ADDRESSING, pos(t.getStart()), "syntax error near '-': an index register cannot be subtracted");
                    bad = true;
                } else {
                    idx = canon;
                }
            }
        }
        return new RawOperand.Offset(bad ? Integer.MIN_VALUE : (int) value, idx, p, text);
    }

    /**
     * Whether {@code t} starts an operand right after another one on its line, with no comma
     * between ("dp4 o0.z c2, v0"): a word or number after a word, number or ']' that is not the
     * line's first word (the mnemonic) or a label.
     */
    private static boolean commaLeftOut(CommonTokenStream tokens, Token t) {
        int type = t.getType();
        if (type != PicaAsmLexer.IDENT && type != PicaAsmLexer.NUMBER && type != PicaAsmLexer.MINUS && type != PicaAsmLexer.BANG) return false;
        List<Token> before = new ArrayList<>();
        for (int i = t.getTokenIndex() - 1; i >= 0; i--) {
            Token c = tokens.get(i);
            if (c.getType() == PicaAsmLexer.NEWLINE) break;
            if (c.getChannel() == Token.DEFAULT_CHANNEL) before.add(0, c);
        }
        int first = 0;
        if (before.size() >= 2 && before.get(1).getType() == PicaAsmLexer.COLON) first = 2; // "main: mov r0 v0"
        if (before.size() - first < 2 || before.get(0).getType() == PicaAsmLexer.PRAGMA) return false;
        int last = before.get(before.size() - 1).getType();
        return last == PicaAsmLexer.IDENT || last == PicaAsmLexer.NUMBER || last == PicaAsmLexer.RBRACK;
    }

    /**
     * The tokens' text without blanks (blanks are skipped by the lexer), as ctx.getText() gives it,
     * but cut from the source in one piece: rebuilding it from the tree cost 6% of assembling.
     */
    private String textOf(org.antlr.v4.runtime.ParserRuleContext c) {
        Token start = c.getStart(), stop = c.getStop();
        if (stop == null || stop.getStopIndex() < start.getStartIndex()) return c.getText();
        String s = text != null ? text.substring(start.getStartIndex(), stop.getStopIndex() + 1)
                : start.getInputStream().getText(Interval.of(start.getStartIndex(), stop.getStopIndex()));
        return withoutBlanks(s);
    }

    /** A pragma's name when it is not of the structured shape: the letters, digits and underscores it starts with. */
    static String rawPragmaName(String raw) {
        int e = 0;
        while (e < raw.length() && isNameChar(raw.charAt(e))) e++;
        return raw.substring(0, e);
    }

    private static boolean isNameChar(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_';
    }

    private static boolean isBlank(char ch) {
        return ch == ' ' || ch == '\t' || ch == '\f' || ch == '\u000B' || ch == '\r';
    }

    /** {@code s} without the blanks the lexer skips (itself when it has none). */
    static String withoutBlanks(String s) {
        int first = 0;
        while (first < s.length() && !isBlank(s.charAt(first))) first++;
        if (first == s.length()) return s;
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) if (!isBlank(s.charAt(i))) sb.append(s.charAt(i));
        return sb.toString();
    }
}
