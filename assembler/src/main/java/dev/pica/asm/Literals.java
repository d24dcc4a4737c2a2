package dev.pica.asm;

import dev.pica.format.isa.Float24;

/**
 * Number literals of the dialect (sdk-dialect.md section 2). Their forms are read by hand, not
 * with regular expressions: every SDK source's def lines come here, and the regex engine's
 * classes were code C1 compiled in every batch for four patterns (performance.md, issue 48 item 6);
 * LiteralsTest holds each form to the pattern it replaces.
 */
final class Literals {
    private Literals() {}

    /** [0-9]+ */
    static boolean isDecimal(String s) {
        return !s.isEmpty() && digits(s, 0) == s.length();
    }

    /** 0[xX][0-9A-Fa-f]{1,max} */
    static boolean isHex(String s, int max) {
        int n = s.length() - 2;
        if (n < 1 || n > max || s.charAt(0) != '0' || (s.charAt(1) | 0x20) != 'x') return false;
        for (int i = 2; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) return false;
        }
        return true;
    }

    /** ([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?[fF]? */
    static boolean isFloat(String s) {
        int n = s.length();
        int i = digits(s, 0);
        if (i > 0) {
            if (i < n && s.charAt(i) == '.') i = digits(s, i + 1);
        } else {
            if (n < 2 || s.charAt(0) != '.') return false;
            i = digits(s, 1);
            if (i == 1) return false;
        }
        if (i < n && (s.charAt(i) | 0x20) == 'e') {
            int j = i + 1;
            if (j < n && (s.charAt(j) == '+' || s.charAt(j) == '-')) j++;
            int e = digits(s, j);
            if (e == j) return false;
            i = e;
        }
        if (i < n && (s.charAt(i) | 0x20) == 'f') i++;
        return i == n;
    }

    /** The end of the run of ASCII digits from {@code i}. */
    private static int digits(String s, int i) {
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
        return i;
    }

    /** Decimal or 0x hex integer; null when malformed or beyond 32 bits. */
    static Long parseInt(String s) {
        try {
            if (isDecimal(s)) {
                return s.length() > 10 ? null : checked(Long.parseLong(s));
            }
            if (isHex(s, Integer.MAX_VALUE)) {
                return s.length() > 10 ? null : checked(Long.parseLong(s.substring(2), 16));
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return null;
    }

    private static Long checked(long v) {
        return v > 0xFFFFFFFFL ? null : v;
    }

    /**
     * A def value: decimal float (isa.md 11.3 path) or a raw f24 pattern 0xHHHHHH; a leading '-'
     * on a raw pattern flips its sign bit. Null when malformed.
     */
    static Integer parseFloat24(String s, boolean negative) {
        if (isHex(s, 6)) {
            int v = Integer.parseInt(s.substring(2), 16);
            return negative ? v ^ 0x800000 : v;
        }
        String t = decimal(s, negative);
        return t == null ? null : Float24.fromDecimal(t);
    }

    /** What a decimal def value loses in float24 (Float24.conversionLoss), or null: a raw pattern loses nothing. */
    static String float24Loss(String s, boolean negative) {
        String t = isHex(s, 6) ? null : decimal(s, negative);
        return t == null ? null : Float24.conversionLoss(t);
    }

    /** A decimal def value as Java parses it (sign applied, 'f' suffix dropped), or null when it is not one. */
    private static String decimal(String s, boolean negative) {
        if (s.startsWith("0x") || s.startsWith("0X") || !isFloat(s)) return null;
        String t = s.endsWith("f") || s.endsWith("F") ? s.substring(0, s.length() - 1) : s;
        return negative ? "-" + t : t;
    }
}
