package dev.pica.format.diag;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Which warnings a run shows and which count as errors, from GCC's options: {@code -w} (none),
 * {@code -WNAME} / {@code -Wno-NAME}, {@code -Werror} (all), {@code -Werror=NAME} /
 * {@code -Wno-error=NAME}; later options override earlier ones. Immutable.
 */
public final class WarningPolicy {
    public static final WarningPolicy DEFAULT = new WarningPolicy(EnumSet.allOf(Warning.class), EnumSet.noneOf(Warning.class),
            EnumSet.noneOf(Warning.class), false, false);

    /** errors: made errors by -Werror=NAME; exempt: kept warnings under -Werror by -Wno-error=NAME */
    private final Set<Warning> enabled, errors, exempt;
    private final boolean none, allErrors;

    private WarningPolicy(Set<Warning> enabled, Set<Warning> errors, Set<Warning> exempt, boolean none, boolean allErrors) {
        this.enabled = enabled;
        this.errors = errors;
        this.exempt = exempt;
        this.none = none;
        this.allErrors = allErrors;
    }

    /** Thrown for a -W value that names no warning. */
    public static final class UnknownOption extends IllegalArgumentException {
        UnknownOption(String message) {
            super(message);
        }
    }

    /**
     * The policy of {@code -w} and the values of {@code -W} options in command-line order ("error",
     * "no-uninitialized", "error=emit").
     */
    public static WarningPolicy of(boolean noWarnings, List<String> values) {
        EnumSet<Warning> on = EnumSet.allOf(Warning.class), err = EnumSet.noneOf(Warning.class), exempt = EnumSet.noneOf(Warning.class);
        boolean all = false;
        for (String v : values) {
            if (v.equals("error")) all = true;
            else if (v.equals("no-error")) all = false;
            else if (v.equals("all") || v.equals("extra")) on = EnumSet.allOf(Warning.class); // every warning is on by default
            else if (v.startsWith("error=")) {
                Warning w = named(v.substring(6), v);
                err.add(w);
                exempt.remove(w);
            } else if (v.startsWith("no-error=")) {
                Warning w = named(v.substring(9), v);
                err.remove(w);
                exempt.add(w);
            }
            else if (v.startsWith("no-")) on.remove(named(v.substring(3), v));
            else on.add(named(v, v));
        }
        return new WarningPolicy(on, err, exempt, noWarnings, all);
    }

    private static Warning named(String name, String value) {
        Warning w = Warning.ofOption(name);
        if (w != null) return w;
        List<String> names = new ArrayList<>();
        for (Warning x : Warning.values()) names.add(x.option);
        String near = Nearest.of(name, names);
        throw new UnknownOption("unknown warning option '-W" + value + "'"
                + (near == null ? "" : "; did you mean '-W" + value.substring(0, value.length() - name.length()) + near + "'?"));
    }

    /** Whether a warning of this kind is shown (a warning without a kind follows -w only). */
    boolean shows(Warning w) {
        return !none && (w == null || enabled.contains(w));
    }

    /** Whether a shown warning of this kind counts as an error. */
    boolean isError(Warning w) {
        return w == null ? allErrors : errors.contains(w) || allErrors && !exempt.contains(w);
    }
}
