package dev.pica.format.diag;

import java.io.PrintStream;
import java.util.Map;

/**
 * How diagnostics are coloured, as GCC colours them: SGR codes for the severities, the location
 * and the caret, GCC's defaults overridable with {@code GCC_COLORS} ({@code error=01;31:warning=01;35:...}),
 * and when: {@code -fdiagnostics-color=never|always|auto} where auto means standard error is a
 * terminal (the launcher tells), {@code TERM} is not {@code dumb} and {@code NO_COLOR} is unset.
 */
public record DiagnosticStyle(String error, String warning, String note, String locus, String caret) {
    /** No colour at all. */
    public static final DiagnosticStyle PLAIN = new DiagnosticStyle(null, null, null, null, null);
    /** GCC's default palette (its documentation of GCC_COLORS). */
    public static final DiagnosticStyle GCC = new DiagnosticStyle("01;31", "01;35", "01;36", "01", "01;32");

    /** When to colour: {@code -fdiagnostics-color}'s values. */
    public enum When { NEVER, ALWAYS, AUTO }

    /** The style for a run: the palette of {@code GCC_COLORS} (empty: no colour), or PLAIN when colour is off. */
    public static DiagnosticStyle of(When when, boolean stderrIsTerminal, Map<String, String> env) {
        boolean on = switch (when) {
            case NEVER -> false;
            case ALWAYS -> true;
            case AUTO -> stderrIsTerminal && !"dumb".equals(env.get("TERM")) && (env.get("NO_COLOR") == null || env.get("NO_COLOR").isEmpty());
        };
        if (!on) return PLAIN;
        String spec = env.get("GCC_COLORS");
        if (spec == null) return GCC;
        if (spec.isEmpty()) return PLAIN;
        String error = GCC.error(), warning = GCC.warning(), note = GCC.note(), locus = GCC.locus(), caret = GCC.caret();
        for (String item : spec.split(":")) {
            int eq = item.indexOf('=');
            if (eq < 0) continue;
            String key = item.substring(0, eq), sgr = item.substring(eq + 1);
            if (!sgr.matches("[0-9;]*")) continue; // only SGR parameters reach the terminal
            switch (key) {
                case "error" -> error = sgr.isEmpty() ? null : sgr;
                case "warning" -> warning = sgr.isEmpty() ? null : sgr;
                case "note" -> note = sgr.isEmpty() ? null : sgr;
                case "locus" -> locus = sgr.isEmpty() ? null : sgr;
                case "range1" -> caret = sgr.isEmpty() ? null : sgr;
                default -> { }
            }
        }
        return new DiagnosticStyle(error, warning, note, locus, caret);
    }

    /** {@code text} in SGR code {@code sgr}, with GCC's erase-to-end-of-line after each change; as is for null. */
    String paint(String sgr, String text) {
        return sgr == null || text.isEmpty() ? text : "\033[" + sgr + "m\033[K" + text + "\033[m\033[K";
    }

    String severity(Diagnostic.Severity s) {
        return switch (s) {
            case ERROR -> error;
            case WARNING -> warning;
            case NOTE -> note;
        };
    }

    /** A stream that prints diagnostics in this style (DiagnosticPrinter asks the stream it writes to). */
    public PrintStream on(PrintStream out) {
        // not equals(PLAIN): a record's equals links through invokedynamic, which costs a
        // tool's start ~20 method-handle classes that the class-data archive cannot hold
        boolean plain = error == null && warning == null && note == null && locus == null && caret == null;
        return plain ? out : new Styled(out, this);
    }

    /** The style a stream carries: PLAIN for an ordinary one. */
    static DiagnosticStyle of(PrintStream out) {
        return out instanceof Styled s ? s.style : PLAIN;
    }

    private static final class Styled extends PrintStream {
        final DiagnosticStyle style;

        Styled(PrintStream out, DiagnosticStyle style) {
            super(out, true);
            this.style = style;
        }
    }
}
