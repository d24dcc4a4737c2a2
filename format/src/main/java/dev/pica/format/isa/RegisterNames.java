package dev.pica.format.isa;

import java.util.List;

/** How register codes are spelled (isa.md 4), for every printer and parser; the files' bases are RegisterFile's. */
public final class RegisterNames {
    private RegisterNames() {}

    /** IDX field codes 1-3 (0 = none): the index registers a source may add. */
    public static final List<String> INDEX = List.of("", "a0.x", "a0.y", "aL");

    /** A 5- or 7-bit source field: v0-v15 (0x00), r0-r15 (0x10), c0-c95 (0x20). */
    public static String source(int code) {
        RegisterFile f = RegisterFile.ofSourceField(code);
        return f.spell(code - f.fieldBase);
    }

    /** A 5-bit destination field: o0-o15 (0x00), r0-r15 (0x10). */
    public static String destination(int code) {
        RegisterFile f = RegisterFile.ofDestinationField(code);
        return f.spell(code - f.fieldBase);
    }

    /** A unified index of the DVLE tables: v0-v15, c0-c95, i0-i3, b0-b15; "?0x.." otherwise. */
    public static String unified(int unified) {
        RegisterFile f = RegisterFile.ofUnified(unified);
        return f != null ? f.spell(unified - f.unifiedBase) : String.format("?0x%x", unified);
    }

    /** The IDX code of an index-register spelling (case-insensitive), or -1. */
    public static int indexCode(String spelling) {
        for (int k = 1; k < INDEX.size(); k++) if (INDEX.get(k).equalsIgnoreCase(spelling)) return k;
        return -1;
    }
}
