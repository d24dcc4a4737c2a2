package dev.pica.format.isa;

import java.util.Locale;

/** Output-map semantics: the dialect's spelling and the DVLE type code (sdk-dialect.md 7.2). */
public enum OutputSemantic {
    POSITION(0, "position", "pos", 4), QUATERNION(1, "normalquat", "nquat", 4), COLOR(2, "color", "clr", 4),
    TEXTURE0(3, "texcoord0", "tcoord0", 2), TEXTURE0W(4, "texcoord0w", "tcoord0w", 1), TEXTURE1(5, "texcoord1", "tcoord1", 2),
    TEXTURE2(6, "texcoord2", "tcoord2", 2), VIEW(8, "view", "view", 3), GENERIC(9, "dummy", "dummy", 4);

    public final int type;
    /**
     * How many components the hardware takes (sdk-dialect.md 7.2; 3dbrew's SHBIN page names the
     * same types): a loader fills a map entry's set mask bits in x-to-w order up to this count
     * (shbin-format.md 7), so the lanes beyond it carry nothing. Generic data: every set bit.
     */
    public final int components;
    /** The SDK dialect's spelling (output_map). */
    public final String spelling;
    /** picasso's spelling (.out), which its printer writes. */
    public final String picassoSpelling;
    /** picasso's short form, which its parser also takes. */
    public final String picassoShort;

    OutputSemantic(int type, String picassoSpelling, String picassoShort, int components) {
        this.type = type;
        this.components = components;
        this.spelling = name().toLowerCase(Locale.ROOT);
        this.picassoSpelling = picassoSpelling;
        this.picassoShort = picassoShort;
    }

    /** The semantic picasso spells this way, long or short (case-insensitive), or null. */
    public static OutputSemantic ofPicassoSpelling(String name) {
        for (OutputSemantic s : values()) if (s.picassoSpelling.equalsIgnoreCase(name) || s.picassoShort.equalsIgnoreCase(name)) return s;
        return null;
    }

    /**
     * The lanes (x = bit 0) of an output-map entry that its semantic names: the first set bits of
     * the mask, up to the semantic's component count; every set bit for a type no loader knows.
     */
    public static int namedLanes(int type, int mask) {
        OutputSemantic s = ofType(type);
        int left = s == null ? 4 : s.components, named = 0;
        for (int c = 0; c < 4 && left > 0; c++) {
            if ((mask & 1 << c) == 0) continue;
            named |= 1 << c;
            left--;
        }
        return named;
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
