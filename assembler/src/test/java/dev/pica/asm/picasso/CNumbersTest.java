package dev.pica.asm.picasso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** C's atof and atoi (C11 7.22.1.3, 7.22.1.4) on vectors worked out from the standard's grammar. */
class CNumbersTest {
    private static void atof(String text, double value, int end) {
        CNumbers.Prefix p = CNumbers.atof(text);
        assertEquals(value, p.value(), 0.0, text);
        assertEquals(end, p.end(), text);
    }

    @Test
    void atofReadsTheLongestNumberAtTheFront() {
        atof("8.0/512.0", 8.0, 3);
        atof("1.0 / 64.0", 1.0, 3);
        atof("  -1.5e3xyz", -1500.0, 8);
        atof("1e", 1.0, 1);          // an exponent needs a digit
        atof("1e+", 1.0, 1);
        atof("2.5E-1", 0.25, 6);
        atof(".5", 0.5, 2);
        atof("5.", 5.0, 2);
        atof(".", 0.0, 0);
        atof("-", 0.0, 0);
        atof("- 1.0", 0.0, 0);       // no blank after the sign
        atof("abc", 0.0, 0);
        atof("2.0f", 2.0, 3);
        atof("0x1.8p1", 3.0, 7);     // hexadecimal: 1.5 * 2^1
        atof("0x10", 16.0, 4);
        atof("0x", 0.0, 1);          // "0", then an 'x' that starts nothing
        atof("-INF", Double.NEGATIVE_INFINITY, 4);
        atof("infinityx", Double.POSITIVE_INFINITY, 8);
        CNumbers.Prefix nan = CNumbers.atof("nan(123)z");
        assertTrue(Double.isNaN(nan.value()));
        assertEquals(8, nan.end());
    }

    @Test
    void atoiIsDecimalAndWrapsAsGlibcDoes() {
        assertEquals(42, CNumbers.atoi("  42abc"));
        assertEquals(0, CNumbers.atoi("0x10"));
        assertEquals(-7, CNumbers.atoi("-7"));
        assertEquals(0, CNumbers.atoi("x"));
        // (int) strtol: 99999999999 = 0x174876E7FF, whose low 32 bits are 0x4876E7FF
        assertEquals(1215752191, CNumbers.atoi("99999999999"));
        // beyond long: strtol clamps to LONG_MAX (0x7FFF...FFFF), whose low 32 bits are -1
        assertEquals(-1, CNumbers.atoi("99999999999999999999999"));
        assertEquals(1, CNumbers.strtol("0x10", 10).end());
    }

    @Test
    void digitsAndTheirValue() {
        assertTrue(CNumbers.digits("0123"));
        assertFalse(CNumbers.digits(""));
        assertFalse(CNumbers.digits("12a"));
        assertFalse(CNumbers.digits("-1"));
        assertTrue(CNumbers.decimalIs("007", 7));
        assertTrue(CNumbers.decimalIs("000", 0));
        assertTrue(CNumbers.decimalIs("0", 0));
        assertTrue(CNumbers.decimalIs("255", 255));
        assertTrue(CNumbers.decimalIs("1000", 1000)); // beyond a byte too
        assertTrue(CNumbers.decimalIs("00004096", 4096));
        assertFalse(CNumbers.decimalIs("10", 1));
        assertFalse(CNumbers.decimalIs("1", 10));
        assertFalse(CNumbers.decimalIs("12", -12));
    }
}
