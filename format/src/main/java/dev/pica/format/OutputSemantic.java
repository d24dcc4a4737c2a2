package dev.pica.format;

import java.util.Locale;

/** Output-map semantics: the dialect's spelling and the DVLE type code (sdk-dialect.md 7.2). */
public enum OutputSemantic {
    POSITION(0, "position", "pos"), QUATERNION(1, "normalquat", "nquat"), COLOR(2, "color", "clr"),
    TEXTURE0(3, "texcoord0", "tcoord0"), TEXTURE0W(4, "texcoord0w", "tcoord0w"), TEXTURE1(5, "texcoord1", "tcoord1"),
    TEXTURE2(6, "texcoord2", "tcoord2"), VIEW(8, "view", "view"), GENERIC(9, "dummy", "dummy");

    public final int type;
    /** The SDK dialect's spelling (output_map). */
    public final String spelling;
    /** picasso's spelling (.out), which its printer writes. */
    public final String picassoSpelling;
    /** picasso's short form, which its parser also takes. */
    public final String picassoShort;

    OutputSemantic(int type, String picassoSpelling, String picassoShort) {
        this.type = type;
        this.spelling = name().toLowerCase(Locale.ROOT);
        this.picassoSpelling = picassoSpelling;
        this.picassoShort = picassoShort;
    }

    /** The semantic picasso spells this way, long or short (case-insensitive), or null. */
    public static OutputSemantic ofPicassoSpelling(String name) {
        for (OutputSemantic s : values()) if (s.picassoSpelling.equalsIgnoreCase(name) || s.picassoShort.equalsIgnoreCase(name)) return s;
        return null;
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
