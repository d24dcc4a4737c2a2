package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The number forms Literals reads by hand are exactly the patterns of sdk-dialect.md section 2
 * that it read them with before: on the edge cases and on generated strings of the characters
 * that make (and unmake) literals.
 */
class LiteralsTest {
    private static final Pattern DEC = Pattern.compile("[0-9]+");
    private static final Pattern HEX = Pattern.compile("0[xX][0-9A-Fa-f]+");
    private static final Pattern HEX24 = Pattern.compile("0[xX][0-9A-Fa-f]{1,6}");
    private static final Pattern FLOAT = Pattern.compile("([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?[fF]?");

    private static void same(String s) {
        assertEquals(DEC.matcher(s).matches(), Literals.isDecimal(s), () -> "decimal: '" + s + "'");
        assertEquals(HEX.matcher(s).matches(), Literals.isHex(s, Integer.MAX_VALUE), () -> "hex: '" + s + "'");
        assertEquals(HEX24.matcher(s).matches(), Literals.isHex(s, 6), () -> "raw float24: '" + s + "'");
        assertEquals(FLOAT.matcher(s).matches(), Literals.isFloat(s), () -> "float: '" + s + "'");
    }

    @Test
    void edgeCases() {
        for (String s : List.of("", "0", "7", "0123", "4294967295", "4294967296", "-1", "+1", "0x", "0X", "0x0", "0XfF", "0x123456",
                "0x1234567", "0xg", "x12", "00x1", "0x 1", "1.", ".5", ".", "..5", "1..5", "1.5.", "1e5", "1e", "1e+", "1e-7", "1E+07f",
                ".e5", ".5e5", "5.e5", "1f", "1F", "1.0f", ".5F", "f", ".f", "1ff", "1e5ff", "1.0e5.0", "1.0d", " 1", "1 ", "\u0661",
                "0x\u0661", "0xａ", "1e\u0661", "１", "0x1p3", "inf", "nan", "1_000")) {
            same(s);
        }
    }

    @Test
    void generatedStrings() {
        String alphabet = "0123456789.eEfFxXaAdD+- g";
        Random r = new Random(0x48_06);
        for (int n = 0; n < 200_000; n++) {
            StringBuilder sb = new StringBuilder();
            int len = r.nextInt(10);
            // most strings start as literals do, so that the long forms are reached often
            if (r.nextInt(3) == 0) sb.append(r.nextBoolean() ? "0x" : ".");
            for (int k = 0; k < len; k++) sb.append(alphabet.charAt(r.nextInt(r.nextInt(4) == 0 ? alphabet.length() : 13)));
            same(sb.toString());
        }
    }
}
