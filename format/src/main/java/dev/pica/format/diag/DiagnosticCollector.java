package dev.pica.format.diag;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Standard error for a run whose diagnostics go out as one document (SARIF or JSON) at its end:
 * DiagnosticPrinter hands each diagnostic to it instead of printing text. Other text printed on
 * it passes through to the stream underneath.
 */
public final class DiagnosticCollector extends PrintStream {
    private final List<Diagnostic> collected = Collections.synchronizedList(new ArrayList<>());
    private final PrintStream underneath;
    private final java.nio.file.Path file;
    private final Kind kind;

    /** The document written at the end: a SARIF 2.1.0 log, or GCC's JSON array. */
    public enum Kind { SARIF, JSON }

    /** @param file where the document goes (sarif-file, json-file), or null for {@code underneath} (-stderr) */
    public DiagnosticCollector(PrintStream underneath, java.nio.file.Path file, Kind kind) {
        super(underneath, true);
        this.underneath = underneath;
        this.file = file;
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** The file the document goes to, or null for standard error. */
    public java.nio.file.Path file() {
        return file;
    }

    void add(Diagnostic d) {
        collected.add(d);
    }

    /** Diagnostics collected elsewhere for this document (a batch job's), in order. */
    public void addAll(List<Diagnostic> diagnostics) {
        collected.addAll(diagnostics);
    }

    /** A collector of the same kind for one part of the run (a batch job), its other text going to {@code text}. */
    public DiagnosticCollector collectorOver(PrintStream text) {
        return new DiagnosticCollector(text, null, kind);
    }

    /** What was collected, in order. */
    public List<Diagnostic> diagnostics() {
        synchronized (collected) {
            return List.copyOf(collected);
        }
    }

    /** The stream the document goes to (sarif-stderr). */
    public PrintStream underneath() {
        return underneath;
    }
}
