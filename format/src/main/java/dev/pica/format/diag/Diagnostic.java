package dev.pica.format.diag;

/** One message for the user. pos may be null for messages about the whole run (a missing file). */
public record Diagnostic(Severity severity, SourcePos pos, String message) {
    public enum Severity {
        ERROR("error"), WARNING("warning"), NOTE("note");

        public final String label;

        Severity(String label) {
            this.label = label;
        }
    }
}
