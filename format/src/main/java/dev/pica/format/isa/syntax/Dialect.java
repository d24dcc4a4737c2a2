package dev.pica.format.isa.syntax;

import java.util.Locale;

/** The two source dialects: the SDK's (docs/spec/sdk-dialect.md) and picasso's (docs/picasso-compat.md). */
public enum Dialect {
    SDK, PICASSO;

    /** The dialect a file's name says: picasso's sources are named .v.pica and .g.pica (any .pica), the rest are the SDK's. */
    public static Dialect ofFileName(String name) {
        return name.toLowerCase(Locale.ROOT).endsWith(".pica") ? PICASSO : SDK;
    }
}
