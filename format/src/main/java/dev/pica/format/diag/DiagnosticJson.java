package dev.pica.format.diag;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A run's diagnostics as GCC's -fdiagnostics-format=json writes them: one array, an object per
 * diagnostic with "kind" (error, warning, note), "message", "option" (the -W option of a
 * warning), "locations" (a caret with file, line and column, columns from 1 as "column-origin"
 * says) and "children" (the notes that follow it); ours add "id" (the diagnostic's stable id,
 * docs/diagnostics.md), "rule" (the verifier's rule) and "path" (a finding's witness path).
 */
public final class DiagnosticJson {
    private DiagnosticJson() {}

    public static String of(List<Diagnostic> diagnostics) {
        StringWriter out = new StringWriter();
        try (JsonWriter w = new JsonWriter(out)) {
            w.setIndent(" ");
            w.beginArray();
            for (int k = 0; k < diagnostics.size(); k++) {
                Diagnostic d = diagnostics.get(k);
                w.beginObject();
                fields(w, d);
                // GCC nests the notes about a diagnostic under it
                int first = k + 1;
                while (k + 1 < diagnostics.size() && diagnostics.get(k + 1).isNoteAbout(d)) k++;
                if (k >= first) {
                    w.name("children").beginArray();
                    for (int c = first; c <= k; c++) {
                        w.beginObject();
                        fields(w, diagnostics.get(c));
                        w.endObject();
                    }
                    w.endArray();
                }
                w.endObject();
            }
            w.endArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.append('\n').toString();
    }

    private static void fields(JsonWriter w, Diagnostic d) throws IOException {
        w.name("kind").value(d.severity().label); // GCC's kinds are its printed labels
        w.name("message").value(d.message());
        if (d.option() != null && d.severity() != Diagnostic.Severity.NOTE) w.name("option").value("-W" + d.option().option);
        w.name("id").value(d.id());
        if (d.rule() != null) w.name("rule").value(d.rule());
        w.name("locations").beginArray();
        if (d.pos() != null) {
            w.beginObject().name("caret");
            place(w, d.pos());
            w.endObject();
        }
        w.endArray().name("column-origin").value(1);
        if (!d.path().isEmpty()) {
            w.name("path").beginArray();
            for (SourcePos s : d.path()) place(w, s);
            w.endArray();
        }
    }

    private static void place(JsonWriter w, SourcePos p) throws IOException {
        w.beginObject().name("file").value(p.fileName());
        if (p.line() > 0) w.name("line").value(p.line());
        if (p.column() > 0) w.name("column").value(p.column());
        w.endObject();
    }
}
