package dev.pica.format;

import java.util.Locale;

/** Output-map semantics: the dialect's spelling and the DVLE type code (sdk-dialect.md 7.2). */
public enum OutputSemantic {
    POSITION(0), QUATERNION(1), COLOR(2), TEXTURE0(3), TEXTURE0W(4), TEXTURE1(5), TEXTURE2(6), VIEW(8), GENERIC(9);

    public final int type;
    public final String spelling;

    OutputSemantic(int type) {
        this.type = type;
        this.spelling = name().toLowerCase(Locale.ROOT);
    }

    /** The semantic with this DVLE type code, or null (type 7 and anything above 9). */
    public static OutputSemantic ofType(int type) {
        for (OutputSemantic s : values()) if (s.type == type) return s;
        return null;
    }

    /** The semantic spelled this way (case-insensitive), or null. */
    public static OutputSemantic ofSpelling(String name) {
        for (OutputSemantic s : values()) if (s.spelling.equalsIgnoreCase(name)) return s;
        return null;
    }
}
