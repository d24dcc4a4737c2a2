package dev.pica.grammar;

import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenFactory;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenFactory;
import org.antlr.v4.runtime.TokenSource;
import org.antlr.v4.runtime.misc.Pair;

/**
 * What a lexer ANTLR generates does, for lexer rules written out by hand in a subclass: tokens
 * with ANTLR's indices (code points), lines and columns, text read lazily from the input stream.
 * The generated lexers interpret their ATN character by character and build their DFA anew in
 * every process (docs/performance.md); the grammars stay the parsers of record, and a test holds
 * each subclass to its generated lexer token for token.
 */
abstract class HandWrittenTokenSource implements TokenSource {
    /** What {@link #match} returns for text a rule skips. */
    static final int SKIP = Integer.MIN_VALUE;

    private final String text;
    /** Made on first use: a reader that parses by hand ({@link #advance}) never needs it. */
    private CharStream input;
    private Pair<TokenSource, CharStream> source;
    /** The input as code points, as ANTLR's CharStream counts them. */
    final int[] cp;
    private int pos;
    private int line = 1;
    private int column;
    /** The token {@link #advance} passed last. */
    private int tokenStart, tokenStop, tokenLine, tokenColumn;
    private TokenFactory<?> factory = CommonTokenFactory.DEFAULT;
    /** Where the token {@link #match} found ends (exclusive). */
    int end;
    /** The grammar's types for the rules both grammars share. */
    private final int number, dot, ident, other;
    /** Whether IDENT takes '$' (picasso's does). */
    private final boolean dollar;

    HandWrittenTokenSource(String text, int number, int dot, int ident, int other, boolean dollar) {
        this.number = number;
        this.dot = dot;
        this.ident = ident;
        this.other = other;
        this.dollar = dollar;
        this.text = text;
        this.cp = codePoints(text);
    }

    /** As String.codePoints() gives them (a lone surrogate stands for itself), in one pass. */
    private static int[] codePoints(String text) {
        int n = text.length(), k = 0;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                out[k++] = Character.toCodePoint(c, text.charAt(++i));
            } else {
                out[k++] = c;
            }
        }
        return k == n ? out : java.util.Arrays.copyOf(out, k);
    }

    /** Whether token indices are also the text's char indices: no character outside the BMP. */
    public final boolean indicesAreCharIndices() {
        return cp.length == text.length();
    }

    /**
     * The longest token at {@code start} (ties to the rule listed first), blanks aside: its type,
     * or SKIP; sets {@link #end} when longer than one character.
     */
    abstract int match(int start);

    /** A table from ASCII characters to the types of one-character tokens: {@code chars[k]} is {@code types[k]}. */
    static int[] singles(String chars, int... types) {
        int[] t = new int[128];
        for (int k = 0; k < chars.length(); k++) t[chars.charAt(k)] = types[k];
        return t;
    }

    /** The one-character token {@code c} is in {@code singles}, else 0. */
    static int single(int[] singles, int c) {
        return c < singles.length ? singles[c] : 0;
    }

    /** DOT, NUMBER, IDENT or OTHER at {@code start}: the rules the grammars share. */
    final int wordNumberOrOther(int start) {
        int c = cp[start];
        if (c == '.') {
            if (!(start + 1 < cp.length && isDigit(cp[start + 1]))) return dot;
            end = numberEnd(start + 2);
            return number;
        }
        if (isDigit(c)) {
            end = numberEnd(start + 1);
            return number;
        }
        if (isIdentPart(c) && !isDigit(c)) {
            int p = start + 1;
            while (p < cp.length && isIdentPart(cp[p])) p++;
            end = p;
            return ident;
        }
        return other;
    }

    private boolean isIdentPart(int c) {
        return isLetter(c) || isDigit(c) || c == '_' || dollar && c == '$';
    }

    /** WS: [ \t\f\u000B\r]+ -> skip, in both grammars. */
    private static boolean isBlank(int c) {
        return c == ' ' || c == '\t' || c == '\f' || c == 0x0B || c == '\r';
    }

    @Override
    public final Token nextToken() {
        int type = advance();
        if (source == null) source = new Pair<>(this, getInputStream());
        return factory.create(source, type, null, Token.DEFAULT_CHANNEL, tokenStart, tokenStop, tokenLine, tokenColumn);
    }

    /**
     * Passes the next token without making a {@link Token} of it, for a reader that parses by hand:
     * its type ({@link Token#EOF} at the end); {@link #tokenStart()} and the others describe it.
     */
    public final int advance() {
        while (true) {
            if (pos >= cp.length) {
                tokenStart = pos;
                tokenStop = pos - 1;
                tokenLine = line;
                tokenColumn = column;
                return Token.EOF;
            }
            int start = pos;
            end = start + 1;
            int type;
            if (isBlank(cp[start])) {
                while (end < cp.length && isBlank(cp[end])) end++;
                type = SKIP;
            } else {
                type = match(start);
            }
            if (type != SKIP) {
                tokenStart = start;
                tokenStop = end - 1;
                tokenLine = line;
                tokenColumn = column;
            }
            // no rule of either grammar takes a newline into a longer token: NEWLINE is '\n' alone
            if (cp[start] == '\n') {
                line++;
                column = 0;
            } else {
                column += end - start;
            }
            pos = end;
            if (type != SKIP) return type;
        }
    }

    /**
     * Every token from here to the end, EOF included, for a reader that parses by hand; null when
     * the text holds a character outside the BMP (token indices would not be char indices).
     */
    public final TokenArrays tokensByCharIndex() {
        return indicesAreCharIndices() ? new TokenArrays(this) : null;
    }

    /** The index of the first code point of the token {@link #advance} passed last. */
    public final int tokenStart() {
        return tokenStart;
    }

    /** The index of its last code point (its start - 1 for EOF). */
    public final int tokenStop() {
        return tokenStop;
    }

    /** Its line, from 1. */
    public final int tokenLine() {
        return tokenLine;
    }

    /** Its column in code points, from 0. */
    public final int tokenColumn() {
        return tokenColumn;
    }

    /** NUMBER's tail ( [0-9A-Za-z_.] | [eE] [+-] )* from {@code p}; the longest match takes "e+" whole. */
    final int numberEnd(int p) {
        while (p < cp.length) {
            int c = cp[p];
            if ((c == 'e' || c == 'E') && p + 1 < cp.length && (cp[p + 1] == '+' || cp[p + 1] == '-')) p += 2;
            else if (isLetter(c) || isDigit(c) || c == '_' || c == '.') p++;
            else break;
        }
        return p;
    }

    /** The end of a run of characters from {@code set} starting at {@code p}. */
    final int runEnd(int p, String set) {
        while (p < cp.length && set.indexOf(cp[p]) >= 0) p++;
        return p;
    }

    /** Whether the next character is {@code c}. */
    final boolean next(int p, int c) {
        return p < cp.length && cp[p] == c;
    }

    static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    static boolean isLetter(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    @Override
    public final int getLine() {
        return line;
    }

    @Override
    public final int getCharPositionInLine() {
        return column;
    }

    @Override
    public final CharStream getInputStream() {
        if (input == null) input = CharStreams.fromString(text);
        return input;
    }

    @Override
    public final String getSourceName() {
        return getInputStream().getSourceName();
    }

    @Override
    public final void setTokenFactory(TokenFactory<?> factory) {
        this.factory = factory;
    }

    @Override
    public final TokenFactory<?> getTokenFactory() {
        return factory;
    }
}
