package dev.pica.lsp.analysis;

import dev.pica.format.diag.Diagnostic;
import java.util.List;

/**
 * A diagnostic as an editor shows it: where in its document, the message, the severity, the
 * code (a verifier rule or the -W option, or null) and the related places (a witness path's
 * steps, or the header line a finding at an {@code #include} stands for).
 */
public record Finding(Span span, String message, Diagnostic.Severity severity, String code, List<Related> related) {
    public Finding {
        related = List.copyOf(related);
    }

    /** A place in another document (or this one) that explains the finding. */
    public record Related(String uri, Span span, String message) {}

    /** What makes two findings one (a library's own analysis and a main source's link report the same). */
    public String identity() {
        return span + " " + severity + " " + Diagnostic.withoutPath(message);
    }
}
