package dev.pica.format.diag;

import java.util.List;

/**
 * One message for the user. pos may be null for messages about the whole run (a missing file);
 * {@code option} is the warning kind that controls it (also kept when -Werror made it an error),
 * or null; {@code path} the positions of a verifier finding's witness path, which the message
 * also spells out (an editor links each step), or empty; {@code rule} the verifier rule that
 * found it (docs/verifier.md: "F-OUT2", "F-DEPTH", ...), or null; {@code problem} the kind of
 * one that has neither, or null. A note carries the option, rule or problem of what it is about.
 */
public record Diagnostic(Severity severity, SourcePos pos, String message, Warning option, List<SourcePos> path, String rule, Problem problem) {

    public enum Severity {
        ERROR("error"), WARNING("warning"), NOTE("note");

        public final String label;

        Severity(String label) {
            this.label = label;
        }
    }

    public Diagnostic {
        path = List.copyOf(path);
    }

    public Diagnostic(Severity severity, SourcePos pos, String message, Warning option, List<SourcePos> path, String rule) {
        this(severity, pos, message, option, path, rule, null);
    }

    public Diagnostic(Severity severity, SourcePos pos, String message, Warning option) {
        this(severity, pos, message, option, List.of(), null);
    }

    public Diagnostic(Severity severity, SourcePos pos, String message, Problem problem) {
        this(severity, pos, message, null, List.of(), null, problem);
    }

    /**
     * What makes two findings the same: severity, file and line, and the message without its
     * witness path (the assembler's early run and the link's run may show different paths).
     */
    public String findingKey() {
        return severity + placeAndMessage();
    }

    /** File and line with the message without its witness path: the finding whatever its severity (the drop-in demotes errors). */
    public String placeAndMessage() {
        return (pos == null ? "" : pos.fileName() + ":" + pos.line()) + ": " + withoutPath(message);
    }

    /** A message without the witness path a verifier finding appends ("; path: a.vsh:3 -> ..."). */
    public static String withoutPath(String message) {
        int cut = message.indexOf("; path: ");
        return cut < 0 ? message : message.substring(0, cut);
    }

    /**
     * The message for outputs whose code is the verifier's rule (an editor's diagnostic, a SARIF
     * result): a verifier warning keeps its -W option at the end, as picasm prints it.
     */
    public String messageNamingOption() {
        return rule != null && option != null ? message + " [-W" + option.option + "]" : message;
    }

    /** The same finding at another position (a link finding placed on its source line). */
    public Diagnostic at(SourcePos where) {
        return new Diagnostic(severity, where, message, option, path, rule, problem);
    }

    /**
     * The stable id of its kind, one name space for all (docs/diagnostics.md): a warning's -W
     * option name, "verifier-" and the rule for a verifier error ("verifier-depth" for F-DEPTH),
     * else its {@link Problem}'s id ("unknown-register", "io-error", ...).
     */
    public String id() {
        if (option != null) return option.option;
        if (rule != null) return ruleId(rule);
        return problem != null ? problem.id : severity.label; // every constructor but the canonical one takes a kind
    }

    /** The id of a verifier rule's errors: "F-OUT2" is "verifier-out2". */
    public static String ruleId(String rule) {
        return "verifier-" + (rule.startsWith("F-") ? rule.substring(2) : rule).toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Whether this is a note about {@code before}, the diagnostic reported just before it, as GCC
     * nests one (JSON "children", SARIF "relatedLocations"): a note of its id after an error or
     * warning. A note of a verifier rule (F-UNINIT's) is a finding of its own.
     */
    boolean isNoteAbout(Diagnostic before) {
        return severity == Severity.NOTE && rule == null && before.severity != Severity.NOTE && id().equals(before.id());
    }

    /** A note about this diagnostic: it shares its id. */
    public Diagnostic note(SourcePos where, String text) {
        return new Diagnostic(Severity.NOTE, where, text, option, List.of(), rule, problem);
    }
}
