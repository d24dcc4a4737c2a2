package dev.pica.format.isa;

/** The GPU's 24-bit float (isa.md section 11): sign, 7-bit exponent biased by 63, 16-bit mantissa. */
public final class Float24 {
    private Float24() {}

    /** The exponent's bias. */
    public static final int BIAS = 63;
    /** The exponent of infinity (mantissa 0) and NaN patterns. */
    public static final int SPECIAL_EXPONENT = 0x7F;
    /** How many mantissa bits there are (an f32 has 23). */
    public static final int MANTISSA_BITS = 16;

    /** Exact f32 to f24 conversion of isa.md 11.2: truncating, NaN and overflow become infinity. */
    public static int fromFloatBits(int bits) {
        int sign = bits >>> 31;
        int exp8 = (bits >>> 23) & 0xFF;
        int mant = (bits & 0x7FFFFF) >>> 7;
        int e = exp8 - 64;
        if ((bits & 0x7FFFFFFF) == 0) return sign << 23;
        if (e < 0) return sign << 23;
        if (e > 127) return (sign << 23) | 0x7F0000;
        return (sign << 23) | (e << 16) | mant;
    }

    public static int fromFloat(float f) {
        return fromFloatBits(Float.floatToRawIntBits(f));
    }

    /**
     * Decimal literal to f24 by the path C's atof + store-to-float takes (isa.md 11.3): parse to
     * double, round to float, then truncate to f24.
     */
    public static int fromDecimal(String text) {
        return fromFloat((float) Double.parseDouble(text));
    }

    /**
     * What a decimal constant loses on its way to f24 (isa.md 11.2), as a clause for a warning,
     * or null when it keeps a finite value of its magnitude: beyond 2^64 it becomes infinity, or
     * below 2^65 a NaN pattern; below 2^-63 zero, or above 2^-63 an exponent-0 pattern.
     */
    public static String conversionLoss(String decimal) {
        double d;
        try {
            d = Double.parseDouble(decimal);
        } catch (NumberFormatException e) {
            return null;
        }
        if (d == 0 || Double.isInfinite(d) || Double.isNaN(d)) return null;
        int f = fromDecimal(decimal);
        int e = exponent(f), m = mantissa(f);
        // " (0x%06X)" without Formatter, which costs a cold run more than the rest of this
        String hex = Integer.toHexString(f).toUpperCase(java.util.Locale.ROOT);
        String raw = " (0x" + "000000".substring(Math.min(6, hex.length())) + hex + ")";
        if (e == 127) return m == 0 ? "becomes " + (f >>> 23 != 0 ? "-inf" : "inf") + raw : "becomes a NaN pattern" + raw;
        if (e == 0) return m == 0 ? "becomes " + (f >>> 23 != 0 ? "-0" : "0") : "becomes an exponent-0 pattern" + raw + " the GPU reads as 0";
        return null;
    }

    /** The sign bit (bit 23). */
    public static int sign(int f24) {
        return f24 >>> 23 & 1;
    }

    /** The 7-bit exponent (bits 22-16), biased by 63. */
    public static int exponent(int f24) {
        return f24 >>> MANTISSA_BITS & SPECIAL_EXPONENT;
    }

    /** The 16-bit mantissa (bits 15-0). */
    public static int mantissa(int f24) {
        return f24 & (1 << MANTISSA_BITS) - 1;
    }

    /**
     * The f32 bit pattern with the same sign, exponent and mantissa, the exponent rebiased
     * (e - 63 + 127 = e + 64, a normal f32 exponent for every e) and the mantissa widened; no
     * special case for zero, infinity or NaN patterns (the GPU's reading of those is {@link #toFloat}'s).
     */
    public static int widenBits(int f24) {
        return sign(f24) << 31 | (exponent(f24) + 64) << 23 | mantissa(f24) << 7;
    }

    /** The f32 with the same value (exact: every f24 is representable as f32, except e=127 patterns). */
    public static float toFloat(int f24) {
        int sign = sign(f24), e = exponent(f24), mant = mantissa(f24);
        if (e == 0 && mant == 0) return sign == 0 ? 0.0f : -0.0f;
        if (e == 127) {
            if (mant == 0) return sign == 0 ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
            return Float.NaN;
        }
        return Float.intBitsToFloat(widenBits(f24));
    }

    /** Decimal text when it converts back exactly, else the raw pattern as 0xHHHHHH (both are def literals). */
    public static String toText(int f24) {
        String d = toDecimal(f24);
        return d != null ? d : String.format("0x%06X", f24 & 0xFFFFFF);
    }

    /**
     * The shortest decimal text that converts back to exactly this f24 through
     * {@link #fromDecimal}, or null when no decimal does (infinity, NaN patterns, e=0 with a
     * mantissa); callers then print the raw 0x form.
     */
    public static String toDecimal(int f24) {
        f24 &= 0xFFFFFF;
        int e = exponent(f24);
        if (e == 127) return null;
        if (e == 0 && mantissa(f24) != 0) return null;
        float f = toFloat(f24);
        String s = Float.toString(f);
        if (fromDecimal(s) != f24) return null;
        // Float.toString gives "1.0E-5" style; both forms are valid dialect literals.
        if (s.endsWith(".0")) s = s.substring(0, s.length() - 2);
        if (s.contains(".0E")) s = s.replace(".0E", "E");
        return s;
    }
}
