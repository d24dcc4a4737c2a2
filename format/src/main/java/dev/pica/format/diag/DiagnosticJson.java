package dev.pica.format.diag;

import dev.pica.format.BinaryDump;
import java.util.List;

/**
 * A run's diagnostics as GCC's -fdiagnostics-format=json writes them: one array, an object per
 * diagnostic with "kind" (error, warning, note), "message", "option" (the -W option of a
 * warning), "locations" (a caret with file, line and column, columns from 1 as "column-origin"
 * says) and "children" (the notes that follow it); ours add "rule" (the verifier's rule) and
 * "path" (a finding's witness path).
 */
public final class DiagnosticJson {
    private DiagnosticJson() {}

    public static String of(List<Diagnostic> diagnostics) {
        StringBuilder sb = new StringBuilder("[");
        int top = 0;
        for (int k = 0; k < diagnostics.size(); k++) {
            Diagnostic d = diagnostics.get(k);
            sb.append(top++ == 0 ? "" : ",").append('\n');
            object(sb, d);
            // GCC nests the notes about a diagnostic under it
            int first = k + 1;
            while (k + 1 < diagnostics.size() && diagnostics.get(k + 1).severity() == Diagnostic.Severity.NOTE && d.severity() != Diagnostic.Severity.NOTE
                    && diagnostics.get(k + 1).rule() == null) {
                k++;
            }
            if (k >= first) {
                sb.append(", \"children\": [");
                for (int c = first; c <= k; c++) {
                    if (c > first) sb.append(", ");
                    object(sb, diagnostics.get(c));
                    sb.append('}');
                }
                sb.append(']');
            }
            sb.append('}');
        }
        return sb.append(top == 0 ? "]\n" : "\n]\n").toString();
    }

    /** The fields of one diagnostic, its closing brace left to the caller. */
    private static void object(StringBuilder sb, Diagnostic d) {
        sb.append("{\"kind\": ").append(q(d.severity().label)); // GCC's kinds are its printed labels
        sb.append(", \"message\": ").append(q(d.message()));
        if (d.option() != null) sb.append(", \"option\": ").append(q("-W" + d.option().option));
        if (d.rule() != null) sb.append(", \"rule\": ").append(q(d.rule()));
        sb.append(", \"locations\": [");
        if (d.pos() != null) sb.append("{\"caret\": ").append(place(d.pos())).append('}');
        sb.append("], \"column-origin\": 1");
        if (!d.path().isEmpty()) {
            sb.append(", \"path\": [");
            for (int s = 0; s < d.path().size(); s++) sb.append(s == 0 ? "" : ", ").append(place(d.path().get(s)));
            sb.append(']');
        }
    }

    private static String place(SourcePos p) {
        StringBuilder sb = new StringBuilder("{\"file\": ").append(q(p.fileName()));
        if (p.line() > 0) sb.append(", \"line\": ").append(p.line());
        if (p.column() > 0) sb.append(", \"column\": ").append(p.column());
        return sb.append('}').toString();
    }

    private static String q(String s) {
        return BinaryDump.quote(s);
    }
}
