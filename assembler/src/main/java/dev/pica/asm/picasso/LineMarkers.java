package dev.pica.asm.picasso;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import java.util.ArrayList;
import java.util.List;

/**
 * Positions in a picasso-dialect source under its line markers: a "# N "name"" line, as a C
 * preprocessor leaves it, renames the lines after it. Warnings about markers it cannot read go to
 * the diagnostics at once, or wait for {@link #flush} when a reader may still give up on the file.
 */
final class LineMarkers {
    private final SourceFile file;
    private final Diagnostics diags;
    /** Warnings held back, or null when they are reported at once. */
    private final List<Held> held;
    private String markerName;
    private int markerDelta;

    private record Held(Problem problem, Warning warning, SourcePos pos, String message) {}

    private LineMarkers(SourceFile file, Diagnostics diags, boolean hold) {
        this.file = file;
        this.diags = diags;
        this.held = hold ? new ArrayList<>() : null;
    }

    /** Markers whose warnings are reported as they are read. */
    static LineMarkers reporting(SourceFile file, Diagnostics diags) {
        return new LineMarkers(file, diags, false);
    }

    /** Markers whose warnings wait for {@link #flush}. */
    static LineMarkers holding(SourceFile file, Diagnostics diags) {
        return new LineMarkers(file, diags, true);
    }

    /** Reports the warnings held back, in the order they were found. */
    void flush() {
        for (Held h : held) {
            if (h.problem != null) diags.warning(h.problem, h.pos, h.message);
            else diags.warning(h.warning, h.pos, h.message);
        }
        held.clear();
    }

    /** Line {@code line} (from 1), column {@code charPos} (from 0) of the file, renamed by the markers read so far. */
    SourcePos pos(int line, int charPos) {
        if (markerName != null) return new SourcePos(null, markerName, line + markerDelta, charPos + 1, null);
        return SourcePos.of(file, line, charPos + 1, null);
    }

    /**
     * The marker {@code text} ("# 12 "a.v.pica"") on line {@code line}, column {@code column}: the
     * next line is line 12 of a.v.pica. A marker without a number is ignored with a warning, as
     * picasso reads it leniently.
     */
    void marker(String text, int line, int column) {
        String s = text.substring(1).trim();
        String[] parts = s.split("[ \t]+", 2);
        int n;
        try {
            n = Integer.parseInt(parts[0]);
        } catch (NumberFormatException e) {
            // picasso has no preprocessor: "#include" or "#define" is a line marker to it, and ignored
            // (shown by default, unlike -Wline-marker: a dialect mix-up whose consequences follow)
            java.util.regex.Matcher directive = java.util.regex.Pattern.compile("^(include|define|undef|ifdef|ifndef|if|elif|else|endif|error|warning|pragma|line)\\b").matcher(s);
            if (directive.find()) {
                warn(Problem.DIALECT_MIXUP, null, pos(line, column), "picasso has no preprocessor: '#" + directive.group() + "' is read as a line marker without a line number, and ignored");
            } else {
                warn(null, Warning.LINE_MARKER, pos(line, column), "line marker without a line number ignored");
            }
            return;
        }
        if (parts.length > 1) {
            String name = parts[1].trim();
            if (name.startsWith("\"")) {
                int end = name.indexOf('"', 1);
                name = end > 0 ? name.substring(1, end) : name.substring(1);
            }
            markerName = name;
        } else if (markerName == null) {
            markerName = file.name();
        }
        markerDelta = n - (line + 1);
    }

    private void warn(Problem problem, Warning warning, SourcePos pos, String message) {
        if (held != null) held.add(new Held(problem, warning, pos, message));
        else if (problem != null) diags.warning(problem, pos, message);
        else diags.warning(warning, pos, message);
    }
}
