package dev.pica.sim;

/**
 * The shader unit's arithmetic as the emulator performs it (docs/spec/execution.md, "Values"):
 * values are IEEE single-precision floats; a product that is NaN although neither factor is
 * (0 * inf) is 0; float24 patterns enter through {@link #fromFloat24}.
 */
public final class PicaFloat {
    private PicaFloat() {}

    /** a * b, with the PICA's 0 * inf = +0 (NaN only when a factor is NaN). */
    public static float mul(float a, float b) {
        float r = a * b;
        if (r != r && a == a && b == b) return 0f;
        return r;
    }

    /**
     * The value of a float24 pattern (sign, 7-bit exponent biased by 63, 16-bit mantissa) as the
     * emulator reads it: exponent 0 with a mantissa is a denormal 0.m * 2^-62, renormalised to
     * the float32 of the same value; exponent 127 is infinity (mantissa 0) or NaN.
     */
    public static float fromFloat24(int f24) {
        int sign = (f24 >>> 23 & 1) << 31;
        int exp = f24 >>> 16 & 0x7F;
        int mant = f24 & 0xFFFF;
        int bits;
        if (exp == 0 && mant == 0) {
            bits = sign;
        } else if (exp == 0) {
            int e = 64 + 1;
            while ((mant & 0x10000) == 0) {
                e--;
                mant <<= 1;
            }
            bits = sign | e << 23 | (mant & 0xFFFF) << 7;
        } else if (exp == 0x7F) {
            bits = sign | 0xFF << 23 | mant << 7;
        } else {
            bits = sign | (exp + 64) << 23 | mant << 7;
        }
        return Float.intBitsToFloat(bits);
    }

    /**
     * A float32 rounded to what a float24 register holds (the {@code float24} precision mode):
     * the mantissa truncated to 16 bits; magnitudes below 2^-62 become a signed zero, above the
     * largest float24 infinity; NaN stays NaN.
     */
    public static float toFloat24Precision(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = bits & 0x80000000;
        int exp = bits >>> 23 & 0xFF;
        if (exp == 0xFF) return f;
        int e24 = exp - 64;
        if (e24 <= 0) return Float.intBitsToFloat(sign);
        if (e24 >= 0x7F) return Float.intBitsToFloat(sign | 0x7F800000);
        return Float.intBitsToFloat(bits & 0xFFFFFF80);
    }
}
