package dev.pica.format.diag;

/**
 * One message for the user. pos may be null for messages about the whole run (a missing file);
 * {@code option} is the warning kind that controls it (also kept when -Werror made it an error),
 * or null.
 */
public record Diagnostic(Severity severity, SourcePos pos, String message, Warning option) {
    public enum Severity {
        ERROR("error"), WARNING("warning"), NOTE("note");

        public final String label;

        Severity(String label) {
            this.label = label;
        }
    }

    public Diagnostic(Severity severity, SourcePos pos, String message) {
        this(severity, pos, message, null);
    }
}
