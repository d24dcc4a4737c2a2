package dev.pica.asm;

import dev.pica.format.isa.Float24;
import java.util.regex.Pattern;

/** Number literals of the dialect (sdk-dialect.md section 2). */
final class Literals {
    private Literals() {}

    private static final Pattern DEC = Pattern.compile("[0-9]+");
    private static final Pattern HEX = Pattern.compile("0[xX][0-9A-Fa-f]+");
    private static final Pattern FLOAT = Pattern.compile("([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?[fF]?");
    private static final Pattern HEX24 = Pattern.compile("0[xX][0-9A-Fa-f]{1,6}");

    /** Decimal or 0x hex integer; null when malformed or beyond 32 bits. */
    static Long parseInt(String s) {
        try {
            if (DEC.matcher(s).matches()) {
                return s.length() > 10 ? null : checked(Long.parseLong(s));
            }
            if (HEX.matcher(s).matches()) {
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
        if (HEX24.matcher(s).matches()) {
            int v = Integer.parseInt(s.substring(2), 16);
            return negative ? v ^ 0x800000 : v;
        }
        String t = decimal(s, negative);
        return t == null ? null : Float24.fromDecimal(t);
    }

    /** What a decimal def value loses in float24 (Float24.conversionLoss), or null: a raw pattern loses nothing. */
    static String float24Loss(String s, boolean negative) {
        String t = HEX24.matcher(s).matches() ? null : decimal(s, negative);
        return t == null ? null : Float24.conversionLoss(t);
    }

    /** A decimal def value as Java parses it (sign applied, 'f' suffix dropped), or null when it is not one. */
    private static String decimal(String s, boolean negative) {
        if (s.startsWith("0x") || s.startsWith("0X") || !FLOAT.matcher(s).matches()) return null;
        String t = s.endsWith("f") || s.endsWith("F") ? s.substring(0, s.length() - 1) : s;
        return negative ? "-" + t : t;
    }
}
