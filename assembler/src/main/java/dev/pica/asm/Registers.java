package dev.pica.asm;

import dev.pica.asm.ir.RegClass;
import dev.pica.format.isa.RegisterNames;
import java.util.Locale;

/** Register-name recognition; names are case-insensitive keywords. */
final class Registers {
    private Registers() {}

    /** A register name split into class and number; num = -1 for bare 'c'. */
    record Name(RegClass cls, int num) {}

    /** Parses v0, O3, c95, c (bare), i1, b15, a0, aL; null if the text is not a register name. */
    static Name parse(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        if (l.equals("a0")) return new Name(RegClass.A0, 0);
        if (l.equals("al")) return new Name(RegClass.AL, 0);
        if (l.equals("c")) return new Name(RegClass.C, -1);
        if (l.length() < 2 || l.length() > 6) return null;
        RegClass cls = switch (l.charAt(0)) {
            case 'v' -> RegClass.V;
            case 'o' -> RegClass.O;
            case 'r' -> RegClass.R;
            case 'c' -> RegClass.C;
            case 'i' -> RegClass.I;
            case 'b' -> RegClass.B;
            default -> null;
        };
        if (cls == null) return null;
        for (int k = 1; k < l.length(); k++) if (l.charAt(k) < '0' || l.charAt(k) > '9') return null;
        return new Name(cls, Integer.parseInt(l, 1, l.length(), 10));
    }

    /** "a0.x", "a0.y" or "aL" for the three index-register spellings (any case); else null. */
    static String indexRegister(String s) {
        int k = RegisterNames.indexCode(s);
        return k < 0 ? null : RegisterNames.INDEX.get(k);
    }

    /** IDX field code of an index register spelling. */
    static int indexCode(String canon) {
        return Math.max(0, RegisterNames.indexCode(canon));
    }
}
