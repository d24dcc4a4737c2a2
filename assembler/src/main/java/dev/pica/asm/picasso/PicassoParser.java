package dev.pica.asm.picasso;

import dev.pica.asm.picasso.PicassoLine.Arg;
import dev.pica.asm.picasso.PicassoLine.Term;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.grammar.PicassoAsmLexer;
import dev.pica.grammar.PicassoAsmTokenSource;
import dev.pica.grammar.PicassoAsmParser;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;

/**
 * Parses a picasso-dialect source into {@link PicassoLine}s: by hand ({@link PicassoLineReader})
 * where every line is one the PicassoAsm grammar accepts, else with the grammar's parser, which
 * reports the syntax errors.
 */
public final class PicassoParser {
    private final SourceFile file;
    private final Diagnostics diags;
    private final Set<Integer> badLines = new HashSet<>();
    private LineMarkers at;

    private PicassoParser(SourceFile file, Diagnostics diags) {
        this.file = file;
        this.diags = diags;
    }

    public static List<PicassoLine> parse(SourceFile file, Diagnostics diags) {
        return new PicassoParser(file, diags).run(true);
    }

    /** The lines as the grammar's parser reads them, never by hand (PicassoLineReaderTest compares the two). */
    static List<PicassoLine> parseWithGrammar(SourceFile file, Diagnostics diags) {
        return new PicassoParser(file, diags).run(false);
    }

    private SourcePos pos(int line, int charPos) {
        return at.pos(line, charPos);
    }

    /**
     * picasso has no macros, so each instruction is a line of its own: a file with more instruction
     * lines than a program has words (4,096) is one error at the first one beyond, before it is
     * tokenized (a 60 MB source would otherwise fill the memory).
     */
    private boolean beyondProgramSize() {
        String t = file.text();
        int count = 0, line = 1;
        for (int i = 0, n = t.length(); i < n; line++) {
            int end = t.indexOf('\n', i);
            if (end < 0) end = n;
            int k = i;
            while (true) {
                while (k < end && (t.charAt(k) == ' ' || t.charAt(k) == '\t')) k++;
                int w = k;
                while (w < end && (Character.isLetterOrDigit(t.charAt(w)) || t.charAt(w) == '_')) w++;
                if (w > k && w < end && t.charAt(w) == ':') k = w + 1; // a label before the instruction
                else break;
            }
            if (k < end && Character.isLetter(t.charAt(k)) && ++count > PicassoBuild.MAX_WORDS) {
                diags.error(Problem.PROGRAM_SIZE, pos(line, k - i), "more than " + String.format(java.util.Locale.ROOT, "%,d", PicassoBuild.MAX_WORDS)
                        + " instructions: a shader program holds at most " + String.format(java.util.Locale.ROOT, "%,d", PicassoBuild.MAX_WORDS)
                        + " words, so the rest of the source is not read");
                return true;
            }
            i = end + 1;
        }
        return false;
    }

    private SourcePos pos(Token t) {
        return pos(t.getLine(), t.getCharPositionInLine());
    }

    /** "; #pragma GCC diagnostic ...": picasso reads a comment, we read GCC's pragma (docs/diagnostics.md) */
    private static final java.util.regex.Pattern PRAGMA_COMMENT = java.util.regex.Pattern.compile(";\\s*#\\s*pragma\\s+GCC\\s+diagnostic\\b(.*)");

    /** The diagnostic pragmas in the file's comments (picasso has no strings: every ';' starts one). */
    private void diagnosticPragmas() {
        String text = file.text();
        if (text.indexOf("pragma") < 0) return;
        int line = 1;
        for (int start = 0; start < text.length(); line++) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl;
            int next = end + 1;
            if (end > start && text.charAt(end - 1) == '\r') end--;
            int semi = text.indexOf(';', start);
            if (semi >= 0 && semi < end) {
                java.util.regex.Matcher m = PRAGMA_COMMENT.matcher(text.substring(semi, end));
                if (m.matches()) diags.diagnosticPragma(pos(line, semi - start), m.group(1));
            }
            start = next;
        }
    }

    private List<PicassoLine> run(boolean byHand) {
        at = LineMarkers.reporting(file, diags);
        if (beyondProgramSize()) return List.of();
        diagnosticPragmas();
        String text = file.text();
        if (!text.endsWith("\n")) text += "\n";
        if (byHand) {
            LineMarkers held = LineMarkers.holding(file, diags);
            List<PicassoLine> lines = PicassoLineReader.read(text, held);
            if (lines != null) {
                held.flush();
                return lines;
            }
        }
        return withGrammar(text);
    }

    private List<PicassoLine> withGrammar(String text) {
        // PicassoAsmLexer's tokens, made without interpreting its ATN (HandWrittenTokenSourceTest)
        PicassoAsmParser parser = new PicassoAsmParser(new CommonTokenStream(new PicassoAsmTokenSource(text)));
        parser.removeErrorListeners();
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.addErrorListener(new BaseErrorListener() {
            @Override
            public void syntaxError(Recognizer<?, ?> r, Object sym, int line, int col, String msg, RecognitionException e) {
                if (!badLines.add(line)) return; // one message per line
                Token t = sym instanceof Token tk ? tk : null;
                String near = t == null ? "?" : t.getType() == PicassoAsmLexer.NEWLINE || t.getType() == Token.EOF ? "end of line" : t.getText().trim();
                diags.error(Problem.SYNTAX, pos(line, col), "syntax error near '" + near + "'");
            }
        });
        PicassoAsmParser.ProgramContext prog = parser.program();
        List<PicassoLine> out = new ArrayList<>();
        for (PicassoAsmParser.LineContext lc : prog.lines) {
            int line = lc.getStart().getLine();
            if (lc instanceof PicassoAsmParser.MarkerLineContext m) {
                Token t = m.LINE_MARKER().getSymbol();
                at.marker(t.getText(), t.getLine(), t.getCharPositionInLine());
                continue;
            }
            if (badLines.contains(line) || lc.exception != null) continue;
            PicassoAsmParser.CodeLineContext c = (PicassoAsmParser.CodeLineContext) lc;
            List<PicassoLine.Label> labels = new ArrayList<>();
            for (PicassoAsmParser.LabelContext l : c.labels) labels.add(new PicassoLine.Label(l.name.getText(), pos(l.name)));
            PicassoLine.Statement st = c.st == null ? null : statement(c.st);
            if (labels.isEmpty() && st == null) continue;
            out.add(new PicassoLine(labels, st, pos(lc.getStart())));
        }
        return out;
    }

    private PicassoLine.Statement statement(PicassoAsmParser.StatementContext sc) {
        List<Arg> args = new ArrayList<>();
        for (PicassoAsmParser.ArgContext a : sc.args) {
            List<Term> terms = new ArrayList<>();
            for (PicassoAsmParser.TermContext t : a.terms) terms.add(term(t));
            args.add(new Arg(terms, pos(a.getStart()), text(a)));
        }
        Token name = sc.name;
        List<Token> commas = sc.commas;
        SourcePos trailing = !args.isEmpty() && commas.size() == args.size() ? pos(commas.get(commas.size() - 1)) : null;
        return new PicassoLine.Statement(sc.dot != null, name.getText(), pos(sc.dot != null ? sc.dot : name), args, trailing);
    }

    private Term term(PicassoAsmParser.TermContext t) {
        SourcePos p = pos(t.getStart());
        String text = text(t);
        if (t instanceof PicassoAsmParser.DashTermContext) return new PicassoLine.Dash(p, "-");
        if (t instanceof PicassoAsmParser.LogicTermContext) return new PicassoLine.Logic(text, p);
        if (t instanceof PicassoAsmParser.NumberTermContext) return new PicassoLine.Number(text, p);
        if (t instanceof PicassoAsmParser.TupleTermContext tc) {
            List<PicassoLine.Value> values = new ArrayList<>();
            for (PicassoAsmParser.ValueContext v : tc.values) values.add(new PicassoLine.Value(sourceText(v), pos(v.getStart())));
            return new PicassoLine.Tuple(tc.name == null ? null : tc.name.getText(), values, p, text);
        }
        PicassoAsmParser.OperandTermContext o = (PicassoAsmParser.OperandTermContext) t;
        PicassoLine.Index index = null;
        if (o.ix != null) {
            PicassoAsmParser.IndexContext ic = o.ix;
            String reg = ic.reg == null ? null : ic.sub != null ? ic.reg.getText() + "." + ic.sub.getText() : ic.reg.getText();
            String off = ic.num == null ? null : (ic.sign != null ? "-" : "") + ic.num.getText();
            index = new PicassoLine.Index(reg, off, pos(ic.getStart()), text(ic));
        }
        String suffix = o.dot == null ? null : o.suffix.getText();
        SourcePos suffixPos = o.dot == null ? null : pos(o.suffix);
        return new PicassoLine.Operand(o.minus != null, o.bangs.size(), o.base.getText(), o.lbrack != null, index,
                suffix, suffixPos, p, text);
    }

    private static String text(ParserRuleContext c) {
        return c.getText();
    }

    /** The text as written, blanks inside included ("- 1.0" is not "-1.0" to C's atof). */
    private static String sourceText(ParserRuleContext c) {
        return c.getStart().getInputStream().getText(org.antlr.v4.runtime.misc.Interval.of(c.getStart().getStartIndex(), c.getStop().getStopIndex()));
    }
}
