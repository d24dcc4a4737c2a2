package dev.pica.format;

import java.util.List;

/** How register codes are spelled (isa.md 4), once, for every printer and parser. */
public final class RegisterNames {
    private RegisterNames() {}

    /** IDX field codes 1-3 (0 = none): the index registers a source may add. */
    public static final List<String> INDEX = List.of("", "a0.x", "a0.y", "aL");

    /** A 5- or 7-bit source field: v0-v15 (0x00), r0-r15 (0x10), c0-c95 (0x20). */
    public static String source(int code) {
        if (code < 0x10) return "v" + code;
        if (code < 0x20) return "r" + (code - 0x10);
        return "c" + (code - 0x20);
    }

    /** A 5-bit destination field: o0-o15 (0x00), r0-r15 (0x10). */
    public static String destination(int code) {
        return code < 0x10 ? "o" + code : "r" + (code - 0x10);
    }

    /** A unified index of the DVLE tables: v0-v15, c0-c95, i0-i3, b0-b15; "?0x.." otherwise. */
    public static String unified(int unified) {
        if (unified < 0x10) return "v" + unified;
        if (unified < 0x70) return "c" + (unified - 0x10);
        if (unified < 0x74) return "i" + (unified - 0x70);
        if (unified >= 0x78 && unified < 0x88) return "b" + (unified - 0x78);
        return String.format("?0x%x", unified);
    }

    /** The IDX code of an index-register spelling (case-insensitive), or -1. */
    public static int indexCode(String spelling) {
        for (int k = 1; k < INDEX.size(); k++) if (INDEX.get(k).equalsIgnoreCase(spelling)) return k;
        return -1;
    }
}
