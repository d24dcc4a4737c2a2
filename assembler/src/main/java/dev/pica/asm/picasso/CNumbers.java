package dev.pica.asm.picasso;

/**
 * Numbers as C's {@code atof} and {@code atoi} read them, which is how picasso reads constants
 * (its {@code .constf}/{@code .setf} values go through atof, {@code .consti}/{@code .seti} through
 * atoi): leading white space, then the longest prefix that is a number; the rest of the text is
 * ignored, and text with no number at all reads as 0 (C11 7.22.1.3 strtod, 7.22.1.4 strtol).
 */
final class CNumbers {
    private CNumbers() {}

    /** A number read from the front of a text: its value and where it ends (0: no number, value 0). */
    record Prefix(double value, int end) {
        /**
         * The value stored to a float, as picasso's {@code float} fields take atof's double; a NaN
         * keeps its sign ("-nan" is negative in glibc's strtod), which Java's narrowing does not promise.
         */
        float toFloat() {
            if (!Double.isNaN(value)) return (float) value;
            return Float.intBitsToFloat(Double.doubleToRawLongBits(value) < 0 ? 0xFFC00000 : 0x7FC00000);
        }
    }

    /** A quiet NaN with the sign bit set: what glibc's strtod returns for "-nan". */
    private static final double NEGATIVE_NAN = Double.longBitsToDouble(0xFFF8000000000000L);

    /** An integer read from the front of a text, and where it ends (0: no number, value 0). */
    record IntPrefix(long value, int end) {}

    /** atof: a decimal or hexadecimal floating constant, INF/INFINITY or NAN (any case), with a sign. */
    static Prefix atof(String s) {
        int i = 0, n = s.length();
        while (i < n && isSpace(s.charAt(i))) i++;
        boolean negative = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) negative = s.charAt(i++) == '-';
        String rest = s.substring(i).toLowerCase(java.util.Locale.ROOT);
        if (rest.startsWith("infinity")) return new Prefix(negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY, i + 8);
        if (rest.startsWith("inf")) return new Prefix(negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY, i + 3);
        if (rest.startsWith("nan")) {
            int end = i + 3;
            // nan(n-char-sequence)
            if (end < n && s.charAt(end) == '(') {
                int close = end + 1;
                while (close < n && (Character.isLetterOrDigit(s.charAt(close)) || s.charAt(close) == '_')) close++;
                if (close < n && s.charAt(close) == ')') end = close + 1;
            }
            return new Prefix(negative ? NEGATIVE_NAN : Double.NaN, end);
        }
        if (rest.startsWith("0x") && mantissaEnd(s, i + 2, 16) > i + 2) return hex(s, i, negative);
        int j = mantissaEnd(s, i, 10);
        if (j == i) return new Prefix(0, 0);
        j = exponent(s, j, 'e');
        double v = Double.parseDouble(s.substring(i, j));
        return new Prefix(negative ? -v : v, j);
    }

    /** The end of a mantissa (digits of {@code radix}, '.', digits) starting at {@code i}, or {@code i} if it has no digit. */
    private static int mantissaEnd(String s, int i, int radix) {
        int j = i, digits = 0;
        while (j < s.length() && digit(s.charAt(j), radix) >= 0) {
            j++;
            digits++;
        }
        if (j < s.length() && s.charAt(j) == '.') {
            j++;
            while (j < s.length() && digit(s.charAt(j), radix) >= 0) {
                j++;
                digits++;
            }
        }
        return digits == 0 ? i : j;
    }

    private static Prefix hex(String s, int i, boolean negative) {
        int mantissaEnd = mantissaEnd(s, i + 2, 16);
        int end = exponent(s, mantissaEnd, 'p');
        String exp = end > mantissaEnd ? s.substring(mantissaEnd, end) : "p0";
        double v = Double.parseDouble("0x" + s.substring(i + 2, mantissaEnd) + exp);
        return new Prefix(negative ? -v : v, end);
    }

    /** The end of an exponent part ('e' or 'p', a sign, digits) at {@code j}, or {@code j} when none follows. */
    private static int exponent(String s, int j, char letter) {
        int n = s.length();
        if (j < n && Character.toLowerCase(s.charAt(j)) == letter) {
            int k = j + 1;
            if (k < n && (s.charAt(k) == '+' || s.charAt(k) == '-')) k++;
            int digitsStart = k;
            while (k < n && isDigit(s.charAt(k))) k++;
            if (k > digitsStart) return k;
        }
        return j;
    }

    /** Whether s is one or more ASCII decimal digits (a regular expression here was compiled on every operand). */
    static boolean digits(String s) {
        if (s.isEmpty()) return false;
        for (int k = 0; k < s.length(); k++) if (s.charAt(k) < '0' || s.charAt(k) > '9') return false;
        return true;
    }

    /** Whether ASCII decimal digits (leading zeros allowed) have the value n; never for a negative n. */
    static boolean decimalIs(String digits, int n) {
        int k = 0;
        while (k < digits.length() - 1 && digits.charAt(k) == '0') k++;
        String value = Integer.toString(n);
        return digits.length() - k == value.length() && digits.regionMatches(k, value, 0, value.length());
    }

    /** atoi as glibc computes it: (int) strtol(s, NULL, 10), which clamps to the range of long first. */
    static int atoi(String s) {
        return (int) strtol(s, 10).value();
    }

    /**
     * C's strtol: blanks, a sign, then digits of {@code base} (10, or 0 for C's prefixes as picasso
     * reads a register's number: 0x/0X hexadecimal, a leading 0 octal, else decimal); the value
     * clamped to long, and where it ends (0: no number).
     */
    static IntPrefix strtol(String s, int base) {
        int i = 0, n = s.length();
        while (i < n && isSpace(s.charAt(i))) i++;
        boolean negative = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) negative = s.charAt(i++) == '-';
        int radix = base;
        if (base == 0) {
            radix = 10;
            if (i + 2 < n && s.charAt(i) == '0' && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X') && digit(s.charAt(i + 2), 16) >= 0) {
                radix = 16;
                i += 2;
            } else if (i < n && s.charAt(i) == '0') {
                radix = 8;
            }
        }
        int j = i;
        java.math.BigInteger v = java.math.BigInteger.ZERO, r = java.math.BigInteger.valueOf(radix);
        while (j < n && digit(s.charAt(j), radix) >= 0) v = v.multiply(r).add(java.math.BigInteger.valueOf(digit(s.charAt(j++), radix)));
        if (j == i) return new IntPrefix(0, 0);
        if (negative) v = v.negate();
        long clamped = v.max(java.math.BigInteger.valueOf(Long.MIN_VALUE)).min(java.math.BigInteger.valueOf(Long.MAX_VALUE)).longValue();
        return new IntPrefix(clamped, j);
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** A digit's value in {@code radix}, or -1: ASCII only, as C's isdigit/isxdigit in the C locale. */
    private static int digit(char c, int radix) {
        return c < 128 ? Character.digit(c, radix) : -1;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
