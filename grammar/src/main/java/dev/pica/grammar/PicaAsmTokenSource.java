package dev.pica.grammar;

import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenFactory;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenFactory;
import org.antlr.v4.runtime.TokenSource;
import org.antlr.v4.runtime.misc.Pair;

/**
 * The tokens {@link PicaAsmLexer} makes from the lexer rules of PicaAsm.g4, written out by hand:
 * the generated lexer interprets its ATN character by character and builds its DFA anew in every
 * process, a sixth of a cold picasm run and a seventh of a warm one (docs/performance.md). The
 * grammar stays the parser of record; PicaAsmTokenSourceTest holds this class to the generated
 * lexer token for token (type, text, indices, line, column) on every source in the repository and
 * on random text.
 */
public final class PicaAsmTokenSource implements TokenSource {
    private final CharStream input;
    private final Pair<TokenSource, CharStream> source;
    /** The input as code points, as ANTLR's CharStream counts them. */
    private final int[] cp;
    private int pos;
    private int line = 1;
    private int column;
    private TokenFactory<?> factory = CommonTokenFactory.DEFAULT;

    public PicaAsmTokenSource(String text) {
        this.input = CharStreams.fromString(text);
        this.source = new Pair<>(this, input);
        this.cp = new int[input.size()];
        for (int i = 0; i < cp.length; i++) cp[i] = input.LA(i + 1);
    }

    @Override
    public Token nextToken() {
        while (true) {
            int n = cp.length;
            if (pos >= n) return factory.create(source, Token.EOF, null, Token.DEFAULT_CHANNEL, pos, pos - 1, line, column);
            int start = pos;
            int c = cp[pos];
            int end = pos + 1;
            int type;
            switch (c) {
                case ' ', '\t', '\f', 0x0B, '\r' -> { // WS -> skip
                    while (end < n && isSpace(cp[end])) end++;
                    column += end - start;
                    pos = end;
                    continue;
                }
                case '\n' -> type = PicaAsmLexer.NEWLINE;
                case ':' -> type = PicaAsmLexer.COLON;
                case ',' -> type = PicaAsmLexer.COMMA;
                case '(' -> type = PicaAsmLexer.LPAREN;
                case ')' -> type = PicaAsmLexer.RPAREN;
                case '[' -> type = PicaAsmLexer.LBRACK;
                case ']' -> type = PicaAsmLexer.RBRACK;
                case '+' -> type = PicaAsmLexer.PLUS;
                case '-' -> type = PicaAsmLexer.MINUS;
                case '!' -> type = PicaAsmLexer.BANG;
                case '#' -> {
                    int p = pragmaEnd(start);
                    type = p > 0 ? PicaAsmLexer.PRAGMA : PicaAsmLexer.OTHER;
                    if (p > 0) end = p;
                }
                case '.' -> {
                    if (end < n && isDigit(cp[end])) {
                        type = PicaAsmLexer.NUMBER;
                        end = numberEnd(end + 1);
                    } else {
                        type = PicaAsmLexer.DOT;
                    }
                }
                default -> {
                    if (isDigit(c)) {
                        type = PicaAsmLexer.NUMBER;
                        end = numberEnd(end);
                    } else if (isIdentStart(c)) {
                        type = PicaAsmLexer.IDENT;
                        while (end < n && isIdentPart(cp[end])) end++;
                    } else {
                        type = PicaAsmLexer.OTHER;
                    }
                }
            }
            Token t = factory.create(source, type, null, Token.DEFAULT_CHANNEL, start, end - 1, line, column);
            if (type == PicaAsmLexer.NEWLINE) {
                line++;
                column = 0;
            } else {
                column += end - start;
            }
            pos = end;
            return t;
        }
    }

    /** PRAGMA: '#' [ \t]* [pP][rR][aA][gG][mM][aA]; the end (exclusive), or -1 (then '#' is OTHER). */
    private int pragmaEnd(int hash) {
        int p = hash + 1;
        while (p < cp.length && (cp[p] == ' ' || cp[p] == '\t')) p++;
        String word = "pragma";
        for (int k = 0; k < word.length(); k++, p++) {
            if (p >= cp.length || (cp[p] | 0x20) != word.charAt(k)) return -1;
        }
        return p;
    }

    /** NUMBER's tail ( [0-9A-Za-z_.] | [eE] [+-] )* from {@code p}; the longest match takes "e+" whole. */
    private int numberEnd(int p) {
        while (p < cp.length) {
            int c = cp[p];
            if ((c == 'e' || c == 'E') && p + 1 < cp.length && (cp[p + 1] == '+' || cp[p + 1] == '-')) p += 2;
            else if (isIdentPart(c) || c == '.') p++;
            else break;
        }
        return p;
    }

    private static boolean isSpace(int c) {
        return c == ' ' || c == '\t' || c == '\f' || c == 0x0B || c == '\r';
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentStart(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    }

    private static boolean isIdentPart(int c) {
        return isIdentStart(c) || isDigit(c);
    }

    @Override
    public int getLine() {
        return line;
    }

    @Override
    public int getCharPositionInLine() {
        return column;
    }

    @Override
    public CharStream getInputStream() {
        return input;
    }

    @Override
    public String getSourceName() {
        return input.getSourceName();
    }

    @Override
    public void setTokenFactory(TokenFactory<?> factory) {
        this.factory = factory;
    }

    @Override
    public TokenFactory<?> getTokenFactory() {
        return factory;
    }
}
