package dev.pica.sim;

import dev.pica.format.isa.Float24;

/**
 * The shader unit's arithmetic as the emulator performs it (docs/spec/execution.md, "Values"):
 * values are IEEE single-precision floats; a product that is NaN although neither factor is
 * (0 * inf) is 0; a NaN result carries the payload x86 gives it; float24 patterns enter through
 * {@link #fromFloat24}.
 */
public final class PicaFloat {
    private PicaFloat() {}

    /** The NaN x86 gives for an invalid operation (inf - inf, sqrt(-1), log2(-1)): negative, quiet, payload 0. */
    public static final int DEFAULT_NAN = 0xFFC00000;

    /** a * b, with the PICA's 0 * inf = +0; a NaN product is the first NaN factor's, quieted. */
    public static float mul(float a, float b) {
        float r = a * b;
        return r != r ? mulNan(a, b) : r;
    }

    /** a + b; a NaN sum is the first NaN operand's, quieted, or x86's default NaN (inf + -inf). */
    public static float add(float a, float b) {
        float r = a + b;
        return r != r ? firstNan(a, b) : r;
    }

    /**
     * s1 * s2 + s3 as MAD computes lanes y, z and w: when product and addend are both NaN the
     * addend's wins; when both factors are NaN the product is s1's.
     */
    static float mad(float a, float b, float c) {
        return add(c, mul(a, b));
    }

    /**
     * s1 * s2 + s3 as MAD (and MADI) computes lane x: as {@link #mad}, but when both factors are
     * NaN the product is s2's. Measured on the emulator's interpreter (issue 48; NanPayloadTest):
     * its compiled loop over the four lanes multiplies lane x's factors the other way round.
     */
    static float madX(float a, float b, float c) {
        return add(c, mul(b, a));
    }

    /**
     * A dot product's sum, from +0 in lane order; when the running sum and a product are both
     * NaN, the product's wins at lanes y and z and the sum's at lane w (measured on the emulator's
     * interpreter, whose compiled {@code std::inner_product} orders its additions so).
     */
    static float dot(float p0, float p1, float p2) {
        return add(p2, add(p1, add(p0, 0f)));
    }

    static float dot(float p0, float p1, float p2, float p3) {
        return add(dot(p0, p1, p2), p3);
    }

    /** MAX's lane: s1 > s2 ? s1 : s2, the selected value's bits as they are. */
    static float max(float a, float b) {
        return a > b ? a : b;
    }

    /** MIN's lane: s1 < s2 ? s1 : s2. */
    static float min(float a, float b) {
        return a < b ? a : b;
    }

    /** SGE's lane: 1 if s1 >= s2 (false with a NaN), else 0. */
    static float sge(float a, float b) {
        return a >= b ? 1f : 0f;
    }

    /** SLT's lane: 1 if s1 < s2, else 0. */
    static float slt(float a, float b) {
        return a < b ? 1f : 0f;
    }

    /** floor; NaN stays its quieted self (SSE4.1's roundss). */
    static float floor(float a) {
        return a != a ? quiet(a) : (float) Math.floor(a);
    }

    /** 1 / a. */
    static float rcp(float a) {
        return a != a ? quiet(a) : 1f / a;
    }

    /** 1 / sqrt(a): a NaN quieted, the default NaN below 0. */
    static float rsq(float a) {
        if (a != a) return quiet(a);
        if (a < 0f) return Float.intBitsToFloat(DEFAULT_NAN);
        return 1f / (float) Math.sqrt(a);
    }

    /**
     * 2^a in double, rounded once to float32: correctly rounded, and so on every host (the
     * emulator's glibc exp2f is not always, docs/spec/execution.md); a NaN is quieted.
     */
    static float ex2(float a) {
        return a != a ? quiet(a) : (float) Math.pow(2.0, a);
    }

    /** log2 in double, rounded once to float32 (exact at powers of two; -inf at 0, the default NaN below 0). */
    static float lg2(float a) {
        if (a != a) return quiet(a);
        if (a == 0f) return Float.NEGATIVE_INFINITY;
        if (a < 0f) return Float.intBitsToFloat(DEFAULT_NAN);
        int bits = Float.floatToRawIntBits(a);
        if ((bits & 0x7FFFFF) == 0 && a != Float.POSITIVE_INFINITY) return (bits >>> 23) - 127;
        return (float) (Math.log(a) / LN2);
    }

    /** Math.log(2.0), once: the JIT calls the log intrinsic again for a constant argument */
    private static final double LN2 = Math.log(2.0);

    /*
     * The slow paths: which NaN a result is, chosen here and not by the JVM, whose compilers may
     * commute the operands of + and * (x86's SSE returns the first operand's NaN when both are
     * NaN; the emulator's operand order is fixed by its C++ expressions and their compilation,
     * docs/spec/execution.md "NaN results"). Kept apart so that the fast paths stay small.
     */

    private static float mulNan(float a, float b) {
        if (a != a) return quiet(a);
        if (b != b) return quiet(b);
        return 0f;
    }

    /** The result of an operation whose result is NaN: the first NaN operand quieted, else the default NaN. */
    static float firstNan(float a, float b) {
        if (a != a) return quiet(a);
        if (b != b) return quiet(b);
        return Float.intBitsToFloat(DEFAULT_NAN);
    }

    /** A NaN with its quiet bit (mantissa bit 22) set, sign and payload kept, as SSE propagates it. */
    static float quiet(float nan) {
        return Float.intBitsToFloat(Float.floatToRawIntBits(nan) | 0x00400000);
    }

    /**
     * The value of a float24 pattern ({@link Float24}'s layout) as the emulator reads it: exponent
     * 0 with a mantissa is a denormal 0.m * 2^-62, exact as a float32; exponent 127 is infinity
     * (mantissa 0) or NaN, the mantissa its payload.
     */
    public static float fromFloat24(int f24) {
        int exp = Float24.exponent(f24);
        if (exp == 0) {
            float v = Math.scalb((float) Float24.mantissa(f24), 1 - Float24.BIAS - Float24.MANTISSA_BITS);
            return Float24.sign(f24) != 0 ? -v : v;
        }
        int wide = Float24.widenBits(f24);
        // widened, exponent 127 has every bit of f32's exponent but the 7th: set it for inf and NaN
        return Float.intBitsToFloat(exp == Float24.SPECIAL_EXPONENT ? wide | F32_SPECIAL : wide);
    }

    private static final int F32_SPECIAL = 0xFF << 23, F32_MANTISSA_BITS = 23, F32_BIAS = 127;

    /**
     * A float32 rounded to what a float24 register holds (the {@code float24} precision mode):
     * the mantissa truncated to {@link Float24#MANTISSA_BITS} bits; magnitudes below 2^-62 become
     * a signed zero, above the largest float24 infinity; NaN stays NaN.
     */
    public static float toFloat24Precision(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = bits & 0x80000000;
        int exp = bits >>> F32_MANTISSA_BITS & 0xFF;
        if (exp == 0xFF) return f;
        int e24 = exp - (F32_BIAS - Float24.BIAS);
        if (e24 <= 0) return Float.intBitsToFloat(sign);
        if (e24 >= Float24.SPECIAL_EXPONENT) return Float.intBitsToFloat(sign | F32_SPECIAL);
        return Float.intBitsToFloat(bits & -1 << F32_MANTISSA_BITS - Float24.MANTISSA_BITS);
    }
}
