package dev.pica.grammar;

/**
 * The tokens {@link PicassoAsmLexer} makes from the lexer rules of PicassoAsm.g4, written out by
 * hand (see {@link HandWrittenTokenSource}). PicassoAsmTokenSourceTest holds it to the generated
 * lexer token for token.
 */
public final class PicassoAsmTokenSource extends HandWrittenTokenSource {
    private static final String BLANKS = " \t\f\u000B\r";

    public PicassoAsmTokenSource(String text) {
        super(text);
    }

    /** The end of the line that starts at or after {@code p} (exclusive of its newline). */
    private int lineEnd(int p) {
        while (p < cp.length && cp[p] != '\n') p++;
        return p;
    }

    @Override
    int match(int start) {
        int c = cp[start];
        switch (c) {
            case ' ', '\t', '\f', 0x0B, '\r' -> { // WS -> skip
                end = runEnd(start, BLANKS);
                return SKIP;
            }
            case '#' -> { // LINE_MARKER: '#' ~[\n]*
                end = lineEnd(start + 1);
                return PicassoAsmLexer.LINE_MARKER;
            }
            case ';' -> { // COMMENT -> skip
                end = lineEnd(start + 1);
                return SKIP;
            }
            case '\n' -> {
                return PicassoAsmLexer.NEWLINE;
            }
            case ':' -> {
                return PicassoAsmLexer.COLON;
            }
            case ',' -> {
                return PicassoAsmLexer.COMMA;
            }
            case '(' -> {
                return PicassoAsmLexer.LPAREN;
            }
            case ')' -> {
                return PicassoAsmLexer.RPAREN;
            }
            case '[' -> {
                return PicassoAsmLexer.LBRACK;
            }
            case ']' -> {
                return PicassoAsmLexer.RBRACK;
            }
            case '+' -> {
                return PicassoAsmLexer.PLUS;
            }
            case '!' -> {
                return PicassoAsmLexer.BANG;
            }
            case '-' -> { // DASH: '-' [ \t]+ (longer than MINUS when a blank follows)
                int p = runEnd(start + 1, " \t");
                if (p == start + 1) return PicassoAsmLexer.MINUS;
                end = p;
                return PicassoAsmLexer.DASH;
            }
            case '&' -> {
                if (!next(start + 1, '&')) return PicassoAsmLexer.AND;
                end = start + 2;
                return PicassoAsmLexer.ANDAND;
            }
            case '|' -> {
                if (!next(start + 1, '|')) return PicassoAsmLexer.OR;
                end = start + 2;
                return PicassoAsmLexer.OROR;
            }
            case '.' -> {
                if (!(start + 1 < cp.length && isDigit(cp[start + 1]))) return PicassoAsmLexer.DOT;
                end = numberEnd(start + 2);
                return PicassoAsmLexer.NUMBER;
            }
            default -> {
                if (isDigit(c)) {
                    end = numberEnd(start + 1);
                    return PicassoAsmLexer.NUMBER;
                }
                if (isLetter(c) || c == '_' || c == '$') {
                    int p = start + 1;
                    while (p < cp.length && (isLetter(cp[p]) || isDigit(cp[p]) || cp[p] == '_' || cp[p] == '$')) p++;
                    end = p;
                    return PicassoAsmLexer.IDENT;
                }
                return PicassoAsmLexer.OTHER;
            }
        }
    }
}
