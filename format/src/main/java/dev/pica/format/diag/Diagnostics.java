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
    private boolean suppressWarnings;

    public void suppressWarnings(boolean on) {
        this.suppressWarnings = on;
    }

    public void error(SourcePos pos, String message) {
        errors++;
        if (errors <= MAX_KEPT_ERRORS) list.add(new Diagnostic(Diagnostic.Severity.ERROR, pos, message));
    }

    public void warning(SourcePos pos, String message) {
        if (suppressWarnings) return;
        warnings++;
        list.add(new Diagnostic(Diagnostic.Severity.WARNING, pos, message));
    }

    /** A diagnostic made elsewhere (a link diagnostic renamed for the build tool's log). */
    public void add(Diagnostic d) {
        switch (d.severity()) {
            case ERROR -> error(d.pos(), d.message());
            case WARNING -> warning(d.pos(), d.message());
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
