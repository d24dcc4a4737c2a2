package dev.pica.format.diag;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Prints diagnostics as {@code FILE:LINE:COL: error: MESSAGE}, preceded by the include chain
 * and followed by the source line and a caret under the column. The one printer of the project.
 */
public final class DiagnosticPrinter {
    private DiagnosticPrinter() {}

    public static void print(Diagnostics diags, PrintStream out) {
        for (Diagnostic d : diags.list()) print(d, out);
        if (out instanceof DiagnosticCollector) return; // a document counts its results itself
        if (diags.errorCount() > Diagnostics.MAX_KEPT_ERRORS) {
            out.println(DiagnosticStyle.of(out).paint(DiagnosticStyle.of(out).note(), "note:") + " "
                    + (diags.errorCount() - Diagnostics.MAX_KEPT_ERRORS) + " more errors not shown");
        }
    }

    public static String format(Diagnostic d) {
        return format(d, DiagnosticStyle.PLAIN);
    }

    /** The text of a diagnostic, coloured in a style (PLAIN: none). */
    public static String format(Diagnostic d, DiagnosticStyle style) {
        StringBuilder sb = new StringBuilder();
        SourcePos p = d.pos();
        if (p != null) {
            for (SourcePos.IncludeSite s = p.includedFrom(); s != null; s = s.parent()) {
                sb.append(s == p.includedFrom() ? "In file included from " : "                 from ")
                        .append(s.file().name()).append(':').append(s.line())
                        .append(s.parent() == null ? ":\n" : ",\n");
            }
            sb.append(style.paint(style.locus(), p + ":")).append(' ');
        }
        String severity = style.severity(d.severity());
        sb.append(style.paint(severity, d.severity().label + ":")).append(' ').append(d.message());
        // the option that controls it, as GCC names it: [-Wname], or [-Werror=name] once it was made an error
        if (d.option() != null && d.severity() != Diagnostic.Severity.NOTE) {
            sb.append(" [").append(style.paint(severity, (d.severity() == Diagnostic.Severity.ERROR ? "-Werror=" : "-W") + d.option().option)).append(']');
        }
        sb.append('\n');
        if (p != null && p.file() != null && p.line() > 0) {
            String line = p.file().line(p.line());
            // Source bytes were decoded 1:1; re-encode them so Shift-JIS comments print as they are.
            sb.append(line).append('\n');
            if (p.column() > 0) {
                StringBuilder caret = new StringBuilder();
                for (int i = 0; i < p.column() - 1 && i < line.length(); i++) caret.append(line.charAt(i) == '\t' ? '\t' : ' ');
                sb.append(caret).append(style.paint(style.caret(), "^")).append('\n');
            }
        }
        return sb.toString();
    }

    /** A message about a whole file or about the run ({@code where} is a file or the tool's name): "where: error: message". */
    public static void error(PrintStream out, Problem kind, String where, String message) {
        print(new Diagnostic(Diagnostic.Severity.ERROR, SourcePos.named(where, 0), message, kind), out);
    }

    public static void warning(PrintStream out, Problem kind, String where, String message) {
        print(new Diagnostic(Diagnostic.Severity.WARNING, SourcePos.named(where, 0), message, kind), out);
    }

    /**
     * The diagnostic as text for a log that takes characters (Maven's): the source line's bytes
     * read as UTF-8 when they are valid UTF-8, else as Shift-JIS (SDK sources carry Japanese
     * comments in it), so neither turns into mojibake.
     */
    public static String text(Diagnostic d) {
        byte[] b = format(d).getBytes(StandardCharsets.ISO_8859_1);
        for (java.nio.charset.Charset cs : new java.nio.charset.Charset[] {StandardCharsets.UTF_8, java.nio.charset.Charset.forName("windows-31j")}) {
            try {
                return cs.newDecoder().onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                        .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(b)).toString();
            } catch (java.nio.charset.CharacterCodingException e) {
                // try the next encoding
            }
        }
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    public static void print(Diagnostic d, PrintStream out) {
        if (out instanceof DiagnosticCollector c) {
            c.add(d);
            return;
        }
        byte[] b = format(d, DiagnosticStyle.of(out)).getBytes(StandardCharsets.ISO_8859_1);
        out.write(b, 0, b.length);
        out.flush();
    }
}
