package dev.pica.grammar;

/**
 * The tokens {@link PicassoAsmLexer} makes from the lexer rules of PicassoAsm.g4, written out by
 * hand (see {@link HandWrittenTokenSource}). HandWrittenTokenSourceTest holds it to the generated
 * lexer token for token.
 */
public final class PicassoAsmTokenSource extends HandWrittenTokenSource {
    private static final int[] SINGLES = singles("\n:,()[]+!", PicassoAsmLexer.NEWLINE, PicassoAsmLexer.COLON, PicassoAsmLexer.COMMA,
            PicassoAsmLexer.LPAREN, PicassoAsmLexer.RPAREN, PicassoAsmLexer.LBRACK, PicassoAsmLexer.RBRACK, PicassoAsmLexer.PLUS,
            PicassoAsmLexer.BANG);

    public PicassoAsmTokenSource(String text) {
        super(text, PicassoAsmLexer.NUMBER, PicassoAsmLexer.DOT, PicassoAsmLexer.IDENT, PicassoAsmLexer.OTHER, true);
    }

    /** The end of the line that starts at or after {@code p} (exclusive of its newline). */
    private int lineEnd(int p) {
        while (p < cp.length && cp[p] != '\n') p++;
        return p;
    }

    @Override
    int match(int start) {
        int c = cp[start];
        int t = single(SINGLES, c);
        if (t != 0) return t;
        switch (c) {
            case '#' -> { // LINE_MARKER: '#' ~[\n]*
                end = lineEnd(start + 1);
                return PicassoAsmLexer.LINE_MARKER;
            }
            case ';' -> { // COMMENT: ';' ~[\n]* -> skip
                end = lineEnd(start + 1);
                return SKIP;
            }
            case '-' -> { // DASH: '-' [ \t]+, longer than MINUS when a blank follows
                int p = runEnd(start + 1, " \t");
                if (p == start + 1) return PicassoAsmLexer.MINUS;
                end = p;
                return PicassoAsmLexer.DASH;
            }
            case '&', '|' -> { // ANDAND, AND, OROR, OR
                boolean twice = next(start + 1, c);
                if (twice) end = start + 2;
                return c == '&' ? (twice ? PicassoAsmLexer.ANDAND : PicassoAsmLexer.AND) : (twice ? PicassoAsmLexer.OROR : PicassoAsmLexer.OR);
            }
            default -> {
                return wordNumberOrOther(start);
            }
        }
    }
}
