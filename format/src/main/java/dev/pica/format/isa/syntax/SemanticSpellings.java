package dev.pica.format.isa.syntax;

import dev.pica.format.diag.Nearest;
import dev.pica.format.isa.OutputSemantic;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Output semantics as each dialect spells them ({@link OutputSemantic} holds both spellings). */
public final class SemanticSpellings {
    private SemanticSpellings() {}

    /** "texcoord0" in the SDK dialect, "texcoord0" or picasso's own name in picasso's. */
    public static String of(OutputSemantic s, Dialect dialect) {
        return dialect == Dialect.PICASSO ? s.picassoSpelling : s.spelling;
    }

    /**
     * The error for a semantic neither spelling names: "unknown output semantic 'positon'; did you
     * mean 'position'?", or the dialect's spellings when none is close.
     */
    public static String unknown(String text, Dialect dialect) {
        List<String> known = new ArrayList<>();
        for (OutputSemantic k : OutputSemantic.values()) known.add(of(k, dialect));
        String hint = Nearest.hint(text.toLowerCase(Locale.ROOT), known);
        return "unknown output semantic '" + text + "'" + (hint.isEmpty() ? " (" + String.join(", ", known) + ")" : hint);
    }
}
