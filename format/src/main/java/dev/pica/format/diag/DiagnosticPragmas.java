package dev.pica.format.diag;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GCC's {@code #pragma GCC diagnostic}: per file, from the pragma's line on, a warning kind
 * {@code ignored}, made a {@code warning} or an {@code error}; {@code push} and {@code pop} save
 * and restore the settings. The SDK dialect writes it as a pragma, picasso's in a {@code ;}
 * comment (docs/diagnostics.md). Mutable, inside one run's {@link Diagnostics}.
 */
final class DiagnosticPragmas {
    /** What a pragma says of a kind from its line on. */
    enum State { IGNORED, WARNING, ERROR }

    private record Event(int line, String verb, Warning kind) {}

    private final Map<String, List<Event>> byFile = new HashMap<>();

    /** the verb and its quoted option; what follows (a comment) is not read (in a holder: every run makes a Diagnostics, few read a pragma) */
    private static final class Form {
        static final Pattern PATTERN = Pattern.compile("\\s*(\\w*)\\s*(?:\"([^\"]*)\")?");
    }

    /**
     * Reads the words after {@code #pragma GCC diagnostic} at {@code at}; a malformed one, or one
     * naming no warning, is a -Wpragmas warning in {@code diags} (with the nearest option).
     */
    void read(SourcePos at, String words, Diagnostics diags) {
        Matcher m = Form.PATTERN.matcher(words);
        String verb = m.lookingAt() ? m.group(1) : "";
        switch (verb) {
            case "push", "pop" -> {
                if (m.group(2) != null) diags.warning(Warning.PRAGMAS, at, "'#pragma GCC diagnostic " + verb + "' takes no option; ignored");
                else add(at, new Event(at.line(), verb, null));
            }
            case "ignored", "warning", "error" -> {
                String option = m.group(2);
                if (option == null || !option.startsWith("-W")) {
                    diags.warning(Warning.PRAGMAS, at, "missing option after '#pragma GCC diagnostic' kind (as in \"-Wuninitialized\"); ignored");
                    return;
                }
                Warning w = Warning.ofOption(option.substring(2));
                if (w == null) {
                    diags.warning(Warning.PRAGMAS, at, "unknown option '" + option + "' after '#pragma GCC diagnostic' kind"
                            + hint(option.substring(2)));
                    return;
                }
                add(at, new Event(at.line(), verb, w));
            }
            default -> diags.warning(Warning.PRAGMAS, at, "expected 'error', 'warning', 'ignored', 'push' or 'pop' after '#pragma GCC diagnostic'"
                    + Nearest.hint(verb, List.of("error", "warning", "ignored", "push", "pop")));
        }
    }

    private static String hint(String name) {
        List<String> names = new ArrayList<>();
        for (Warning x : Warning.values()) names.add(x.option);
        String near = Nearest.of(name, names);
        return near == null ? "" : "; did you mean '-W" + near + "'?";
    }

    private void add(SourcePos at, Event e) {
        byFile.computeIfAbsent(at.fileName(), f -> new ArrayList<>()).add(e);
    }

    /** The pragmas of another run over the same sources (a link after the assembly). */
    void addAll(DiagnosticPragmas other) {
        other.byFile.forEach((f, events) -> byFile.computeIfAbsent(f, x -> new ArrayList<>()).addAll(events));
    }

    /** What the pragmas before {@code pos}'s line in its file say of {@code kind}, or null for nothing. */
    State at(SourcePos pos, Warning kind) {
        if (pos == null || kind == null || byFile.isEmpty()) return null;
        List<Event> events = byFile.get(pos.fileName());
        if (events == null) return null;
        Map<Warning, State> now = new EnumMap<>(Warning.class);
        Deque<Map<Warning, State>> saved = new ArrayDeque<>();
        for (Event e : events) {
            if (e.line() >= pos.line()) break;
            switch (e.verb()) {
                case "push" -> saved.push(new EnumMap<>(now));
                case "pop" -> now = saved.isEmpty() ? new EnumMap<>(Warning.class) : saved.pop();
                default -> now.put(e.kind(), State.valueOf(e.verb().toUpperCase(java.util.Locale.ROOT)));
            }
        }
        return now.get(kind);
    }
}
