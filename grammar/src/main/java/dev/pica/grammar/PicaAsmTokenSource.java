package dev.pica.grammar;

/**
 * The tokens {@link PicaAsmLexer} makes from the lexer rules of PicaAsm.g4, written out by hand
 * (a sixth of a cold picasm run and a seventh of a warm one went to the generated lexer).
 * HandWrittenTokenSourceTest holds it to the generated lexer token for token.
 */
public final class PicaAsmTokenSource extends HandWrittenTokenSource {
    private static final int[] SINGLES = singles("\n:,()[]+-!", PicaAsmLexer.NEWLINE, PicaAsmLexer.COLON, PicaAsmLexer.COMMA,
            PicaAsmLexer.LPAREN, PicaAsmLexer.RPAREN, PicaAsmLexer.LBRACK, PicaAsmLexer.RBRACK, PicaAsmLexer.PLUS, PicaAsmLexer.MINUS,
            PicaAsmLexer.BANG);

    public PicaAsmTokenSource(String text) {
        super(text, PicaAsmLexer.NUMBER, PicaAsmLexer.DOT, PicaAsmLexer.IDENT, PicaAsmLexer.OTHER, false);
    }

    @Override
    int match(int start) {
        int c = cp[start];
        int t = single(SINGLES, c);
        if (t != 0) return t;
        if (c == '#') {
            // PRAGMA: '#' [ \t]* [pP][rR][aA][gG][mM][aA]; otherwise '#' alone is OTHER
            int p = runEnd(start + 1, " \t");
            String word = "pragma";
            for (int k = 0; k < word.length(); k++, p++) {
                if (p >= cp.length || (cp[p] | 0x20) != word.charAt(k)) return PicaAsmLexer.OTHER;
            }
            end = p;
            return PicaAsmLexer.PRAGMA;
        }
        return wordNumberOrOther(start);
    }
}
