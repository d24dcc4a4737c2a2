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
}
