package dev.pica.asm.pp;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Splits (part of) a logical line into preprocessing tokens. */
final class PpLexer {
    private PpLexer() {}

    private static final String[] PUNCT3 = {"<<=", ">>="};
    private static final String[] PUNCT2 = {"##", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||"};

    static List<PpToken> lex(LogicalLine ll, int from) {
        String s = ll.text();
        List<PpToken> out = new ArrayList<>(16);
        int i = from;
        boolean space = false;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\f' || c == 0x0B) {
                space = true;
                i++;
                continue;
            }
            int start = i;
            PpToken.Kind kind;
            if (isLetter(c) || c == '_') {
                while (i < s.length() && isIdentPart(s.charAt(i))) i++;
                kind = PpToken.Kind.IDENT;
            } else if (isDigit(c) || (c == '.' && i + 1 < s.length() && isDigit(s.charAt(i + 1)))) {
                i++;
                while (i < s.length()) {
                    char d = s.charAt(i);
                    if ((d == '+' || d == '-') && (s.charAt(i - 1) == 'e' || s.charAt(i - 1) == 'E')) i++;
                    else if (isIdentPart(d) || d == '.') i++;
                    else break;
                }
                kind = PpToken.Kind.NUMBER;
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < s.length() && s.charAt(i) != c) {
                    if (s.charAt(i) == '\\' && i + 1 < s.length()) i++;
                    i++;
                }
                if (i < s.length()) i++;
                kind = c == '"' ? PpToken.Kind.STRING : PpToken.Kind.OTHER;
            } else {
                i += punctLength(s, i);
                kind = PpToken.Kind.PUNCT;
            }
            long at = ll.at(start);
            out.add(new PpToken(kind, s.substring(start, i), (int) (at >>> 32), (int) at, space, Set.of(), false));
            space = false;
        }
        return out;
    }

    private static int punctLength(String s, int i) {
        switch (s.charAt(i)) {
            case '#', '<', '>', '=', '!', '&', '|' -> { } // the only first characters of longer punctuators
            default -> {
                return 1;
            }
        }
        for (String p : PUNCT3) if (s.startsWith(p, i)) return 3;
        for (String p : PUNCT2) if (s.startsWith(p, i)) return 2;
        return 1;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** An ASCII letter (what Character.isLetter accepts below 0x80, without its tables). */
    static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isIdentPart(char c) {
        return isLetter(c) || isDigit(c) || c == '_';
    }
}
