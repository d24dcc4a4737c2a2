package dev.pica.sim;

/** How values are written for people: the shortest decimal that reads back as the same float. */
public final class Values {
    private Values() {}

    /** "1", "-0.5", "1.0E-5", "inf", "-inf", "nan", "-0". */
    public static String text(float f) {
        if (f != f) return "nan";
        if (f == Float.POSITIVE_INFINITY) return "inf";
        if (f == Float.NEGATIVE_INFINITY) return "-inf";
        String s = Float.toString(f);
        if (s.endsWith(".0")) s = s.substring(0, s.length() - 2);
        return s;
    }

    /** The float32 bit pattern as eight lower-case hex digits. */
    public static String hex(float f) {
        return String.format("%08x", Float.floatToRawIntBits(f));
    }

    /**
     * One lane as people write it: a decimal (to the nearest float32, as C's float would hold
     * it), inf, -inf, nan, or 0x and a 24-bit float24 pattern.
     *
     * @throws IllegalArgumentException naming what is wrong with the text
     */
    public static float parse(String text) {
        String l = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (l.startsWith("0x")) {
            if (!l.substring(2).matches("[0-9a-f]{1,6}")) throw new IllegalArgumentException("'" + text + "' is not a 24-bit float24 pattern (0x000000-0xffffff)");
            return PicaFloat.fromFloat24(Integer.parseInt(l.substring(2), 16));
        }
        switch (l) {
            case "inf", "+inf" -> {
                return Float.POSITIVE_INFINITY;
            }
            case "-inf" -> {
                return Float.NEGATIVE_INFINITY;
            }
            case "nan" -> {
                return Float.NaN;
            }
            default -> { }
        }
        if (!l.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)(e[+-]?[0-9]+)?")) {
            throw new IllegalArgumentException("'" + text + "' is not a number" + (text.isEmpty() ? " (an empty lane)" : ""));
        }
        return (float) Double.parseDouble(l);
    }
}
