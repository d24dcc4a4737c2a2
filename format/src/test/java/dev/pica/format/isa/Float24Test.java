package dev.pica.format.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** isa.md 11.2-11.4: the truncating f32 to f24 conversion and its worked values. */
class Float24Test {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "1.0, 0x3F0000", "0.5, 0x3E0000", "-2.0, 0xC00000", "0.0, 0x000000", "-0.0, 0x800000",
        "3.0, 0x408000", "0.1, 0x3B9999", "0.2, 0x3C9999", "0.25, 0x3D0000", "-1.0, 0xBF0000",
        "0.003922, 0x370108", "1e30, 0x7F0000", "1e39, 0x7F0000", "1e-30, 0x000000", "0.6, 0x3E3333",
        // SDK evidence for truncation (round-to-nearest would give ...9A, ...CD, ...9A, ...67)
        "-0.1, 0xBB9999", "0.45, 0x3DCCCC", "0.55, 0x3E1999", "0.35, 0x3D6666",
        "0.0000152587890625, 0x2F0000", // 2^-16 [SDK]
    })
    void decimal(String text, String hex) {
        assertEquals(Integer.parseInt(hex.substring(2), 16), Float24.fromDecimal(text));
    }

    @Test
    void traps() {
        assertEquals(0x370101, Float24.fromFloatBits(0x3B808081)); // 1/255 [SDK]
        assertEquals(0x7F0000, Float24.fromFloat(Float.POSITIVE_INFINITY));
        assertEquals(0x7F0000, Float24.fromFloat(Float.NaN)); // NaN becomes infinity
        assertEquals(0x7F8000, Float24.fromFloat(1.5f * (float) Math.pow(2, 64))); // e = 127 keeps its mantissa
        assertEquals(0x008000, Float24.fromFloat(1.5f * (float) Math.pow(2, -63))); // e = 0 with a mantissa
        assertEquals(0x800000, Float24.fromFloat(-Float.MIN_VALUE)); // f32 denormal -> signed zero
    }

    @Test
    void decimalTextRoundTrips() {
        for (int f24 : new int[] {0x3F0000, 0x3B9999, 0x370101, 0xBF0000, 0x2F0000, 0x000000, 0x800000, 0x5F85554C & 0xFFFFFF}) {
            String s = Float24.toDecimal(f24);
            if (s != null) assertEquals(f24, Float24.fromDecimal(s), s);
        }
        assertEquals(null, Float24.toDecimal(0x7F0000));
    }

    @Test
    void constantsBeyondTheRangeSayWhatTheyBecome() {
        // isa.md 11.2's traps: 1.5 * 2^64 keeps exponent 127 with its mantissa, 1.5 * 2^-63 gets exponent 0
        assertEquals("becomes a NaN pattern (0x7F8000)", Float24.conversionLoss("27670116110564327424"));
        assertEquals("becomes an exponent-0 pattern (0x008000) the GPU reads as 0", Float24.conversionLoss(String.valueOf(1.5 * Math.pow(2, -63))));
        assertEquals("becomes inf (0x7F0000)", Float24.conversionLoss("1e40"));
        assertEquals("becomes -inf (0xFF0000)", Float24.conversionLoss("-1e30"));
        assertEquals("becomes 0", Float24.conversionLoss("1e-30"));
        assertEquals("becomes -0", Float24.conversionLoss("-1e-30"));
        for (String fine : new String[] {"1.0", "0", "-0.0", "0.1", "9.2e18", "2.2e-19"}) assertEquals(null, Float24.conversionLoss(fine), fine);
    }
}
