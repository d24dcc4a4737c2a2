package dev.pica.grammar;

/**
 * The tokens {@link PicaAsmLexer} makes from the lexer rules of PicaAsm.g4, written out by hand
 * (a sixth of a cold picasm run and a seventh of a warm one went to the generated lexer).
 * PicaAsmTokenSourceTest holds it to the generated lexer token for token.
 */
public final class PicaAsmTokenSource extends HandWrittenTokenSource {
    private static final String BLANKS = " \t\f\u000B\r";

    public PicaAsmTokenSource(String text) {
        super(text);
    }

    @Override
    int match(int start) {
        int c = cp[start];
        switch (c) {
            case ' ', '\t', '\f', 0x0B, '\r' -> { // WS -> skip
                end = runEnd(start, BLANKS);
                return SKIP;
            }
            case '\n' -> {
                return PicaAsmLexer.NEWLINE;
            }
            case ':' -> {
                return PicaAsmLexer.COLON;
            }
            case ',' -> {
                return PicaAsmLexer.COMMA;
            }
            case '(' -> {
                return PicaAsmLexer.LPAREN;
            }
            case ')' -> {
                return PicaAsmLexer.RPAREN;
            }
            case '[' -> {
                return PicaAsmLexer.LBRACK;
            }
            case ']' -> {
                return PicaAsmLexer.RBRACK;
            }
            case '+' -> {
                return PicaAsmLexer.PLUS;
            }
            case '-' -> {
                return PicaAsmLexer.MINUS;
            }
            case '!' -> {
                return PicaAsmLexer.BANG;
            }
            case '#' -> {
                // PRAGMA: '#' [ \t]* [pP][rR][aA][gG][mM][aA]; otherwise '#' alone is OTHER
                int p = runEnd(start + 1, " \t");
                String word = "pragma";
                for (int k = 0; k < word.length(); k++, p++) {
                    if (p >= cp.length || (cp[p] | 0x20) != word.charAt(k)) return PicaAsmLexer.OTHER;
                }
                end = p;
                return PicaAsmLexer.PRAGMA;
            }
            case '.' -> {
                if (!(start + 1 < cp.length && isDigit(cp[start + 1]))) return PicaAsmLexer.DOT;
                end = numberEnd(start + 2);
                return PicaAsmLexer.NUMBER;
            }
            default -> {
                if (isDigit(c)) {
                    end = numberEnd(start + 1);
                    return PicaAsmLexer.NUMBER;
                }
                if (isLetter(c) || c == '_') {
                    int p = start + 1;
                    while (p < cp.length && (isLetter(cp[p]) || isDigit(cp[p]) || cp[p] == '_')) p++;
                    end = p;
                    return PicaAsmLexer.IDENT;
                }
                return PicaAsmLexer.OTHER;
            }
        }
    }
}
