package dev.pica.format.diag;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which warnings a run shows and which count as errors, from GCC's options: {@code -w} (none),
 * {@code -Wall} / {@code -Wextra} (the default set, the stylistic set; {@code -Wno-all},
 * {@code -Wno-extra}), {@code -WNAME} / {@code -Wno-NAME}, {@code -Werror} (all),
 * {@code -Werror=NAME} (which also turns NAME on) / {@code -Wno-error=NAME}. As in GCC, a kind named
 * on its own wins over a group whatever their order; otherwise later options override earlier ones.
 * Immutable.
 */
public final class WarningPolicy {
    /** The default: every kind of {@link Warning.Group#ALL} on, none an error. */
    public static final WarningPolicy DEFAULT = of(false, List.of());
    /** Every kind on ({@code -Wall -Wextra}): what tests of the warnings themselves use. */
    public static final WarningPolicy EVERY = of(false, List.of("all", "extra"));

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
     * "no-uninitialized", "error=emit", "extra").
     */
    public static WarningPolicy of(boolean noWarnings, List<String> values) {
        Map<Warning, Boolean> named = new EnumMap<>(Warning.class);
        EnumSet<Warning> err = EnumSet.noneOf(Warning.class), exempt = EnumSet.noneOf(Warning.class);
        boolean allErrors = false, all = true, extra = false;
        for (String v : values) {
            switch (v) {
                case "error" -> allErrors = true;
                case "no-error" -> allErrors = false;
                case "all" -> all = true;
                case "no-all" -> all = false;
                case "extra" -> extra = true;
                case "no-extra" -> extra = false;
                default -> {
                    if (v.startsWith("error=")) {
                        Warning w = named(v.substring(6), v);
                        err.add(w);
                        exempt.remove(w);
                        named.put(w, true); // GCC: -Werror=NAME implies -WNAME
                    } else if (v.startsWith("no-error=")) {
                        Warning w = named(v.substring(9), v);
                        err.remove(w);
                        exempt.add(w);
                    } else if (v.startsWith("no-")) named.put(named(v.substring(3), v), false);
                    else named.put(named(v, v), true);
                }
            }
        }
        EnumSet<Warning> on = EnumSet.noneOf(Warning.class);
        for (Warning w : Warning.values()) {
            if (named.getOrDefault(w, w.group == Warning.Group.ALL ? all : extra)) on.add(w);
        }
        return new WarningPolicy(on, err, exempt, noWarnings, allErrors);
    }

    /** Every value a -W option takes by name, for "did you mean". */
    public static List<String> optionNames() {
        List<String> names = new ArrayList<>(List.of("all", "extra", "error"));
        for (Warning x : Warning.values()) names.add(x.option);
        return names;
    }

    /** The warning an option value names ("uninitialized", the part after -W, -Wno-, -Werror=); unknown: UnknownOption with the nearest name. */
    public static Warning named(String name, String value) {
        Warning w = Warning.ofOption(name);
        if (w != null) return w;
        String near = Nearest.of(name, optionNames());
        throw new UnknownOption("unknown warning option '-W" + value + "'"
                + (near == null ? "" : "; did you mean '-W" + value.substring(0, value.length() - name.length()) + near + "'?"));
    }

    /** Whether a warning of this kind is shown (a warning without a kind follows -w only). */
    boolean shows(Warning w) {
        return !none && (w == null || enabled.contains(w));
    }

    /** Whether -w silences every warning. */
    boolean silent() {
        return none;
    }

    /** Whether a shown warning of this kind counts as an error. */
    boolean isError(Warning w) {
        return w == null ? allErrors : errors.contains(w) || allErrors && !exempt.contains(w);
    }
}
