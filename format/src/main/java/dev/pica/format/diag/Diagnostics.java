package dev.pica.format.diag;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Collects the diagnostics of one run. The only mutable place diagnostics live. */
public final class Diagnostics {
    /** Beyond this many errors the rest are counted, not kept (binary garbage as input). */
    public static final int MAX_KEPT_ERRORS = 100;

    private final List<Diagnostic> list = new ArrayList<>();
    private int errors;
    private int warnings;
    private WarningPolicy policy = WarningPolicy.DEFAULT;
    /** the last error or warning, whose id the notes about it share */
    private Diagnostic last;

    /** the #pragma GCC diagnostic settings of the sources read so far */
    private final DiagnosticPragmas pragmas = new DiagnosticPragmas();

    /**
     * A {@code #pragma GCC diagnostic} at {@code at} ({@code words}: what follows "diagnostic"):
     * from the next line of its file on it ignores a warning kind, or makes it a warning or an
     * error; push and pop save and restore. A malformed one is a -Wpragmas warning.
     */
    public void diagnosticPragma(SourcePos at, String words) {
        pragmas.read(at, words, this);
    }

    /** The diagnostic pragmas another run read from the same sources (the link of assembled sources). */
    public void pragmasFrom(Diagnostics other) {
        pragmas.addAll(other.pragmas);
    }

    /** Which warnings are shown and which count as errors from now on (-w, -W options). */
    public void policy(WarningPolicy p) {
        this.policy = p;
    }

    /** The warning policy in force. */
    public WarningPolicy policy() {
        return policy;
    }

    /** An error of a kind no -W option controls. */
    public void error(Problem kind, SourcePos pos, String message) {
        error(new Diagnostic(Diagnostic.Severity.ERROR, pos, message, kind));
    }

    private void error(Diagnostic d) {
        last = d;
        errors++;
        lastShown = errors <= MAX_KEPT_ERRORS;
        if (lastShown) list.add(d);
    }

    /** whether the last error or warning was kept, so a note about it is shown too */
    private boolean lastShown;

    /**
     * A note about the error or warning just reported, as GCC attaches "previous definition of
     * 'x' was here" to a redefinition; left out with it when that one is not shown (-w, the
     * error limit).
     */
    public void note(SourcePos pos, String message) {
        if (lastShown && pos != null) list.add(last.note(pos, message));
    }

    /** A warning no -W option names (it is shown unless -w, and an error under -Werror). */
    public void warning(Problem kind, SourcePos pos, String message) {
        warning(new Diagnostic(Diagnostic.Severity.WARNING, pos, message, kind));
    }

    /** A warning of a kind the -W options control; under -Werror it is an error. */
    public void warning(Warning kind, SourcePos pos, String message) {
        warning(new Diagnostic(Diagnostic.Severity.WARNING, pos, message, kind));
    }

    private void warning(Diagnostic d) {
        lastShown = false;
        DiagnosticPragmas.State said = pragmas.at(d.pos(), d.option());
        if (policy.silent() || said == DiagnosticPragmas.State.IGNORED || said == null && !policy.shows(d.option())) return;
        if (said == DiagnosticPragmas.State.ERROR || said == null && policy.isError(d.option())) {
            error(new Diagnostic(Diagnostic.Severity.ERROR, d.pos(), d.message(), d.option(), d.path(), d.rule(), d.problem()));
            return;
        }
        last = d;
        warnings++;
        lastShown = true;
        list.add(d);
    }

    /** A diagnostic made elsewhere (a link diagnostic renamed for the build tool's log), under this run's policy. */
    public void add(Diagnostic d) {
        switch (d.severity()) {
            case ERROR -> error(d);
            case WARNING -> warning(d);
            default -> list.add(d);
        }
    }

    public void addAll(Diagnostics other) {
        for (Diagnostic d : other.list) list.add(d);
        errors += other.errors;
        warnings += other.warnings;
    }

    public boolean hasErrors() {
        return errors > 0;
    }

    public int errorCount() {
        return errors;
    }

    public int warningCount() {
        return warnings;
    }

    /** True once enough errors were seen that further work is pointless. */
    public boolean saturated() {
        return errors > MAX_KEPT_ERRORS;
    }

    public List<Diagnostic> list() {
        return Collections.unmodifiableList(list);
    }
}
