package dev.pica.lsp.analysis;

import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.nio.charset.StandardCharsets;

/**
 * Where a toolchain position lies in an editor's terms. The toolchain counts 1-based lines and byte
 * columns (SourceFile keeps bytes); LSP counts 0-based lines and UTF-16 units. A position with
 * a column covers the word starting there; one without covers the line's text.
 */
final class DiagnosticRanges {
    private DiagnosticRanges() {}

    static Span of(SourcePos pos) {
        int line = Math.max(0, pos.line() - 1);
        String bytes = pos.file() != null ? pos.file().line(pos.line()) : "";
        if (pos.column() <= 0 || pos.column() > bytes.length() + 1) {
            int s = 0, e = bytes.length();
            while (s < e && Character.isWhitespace(bytes.charAt(s))) s++;
            while (e > s && Character.isWhitespace(bytes.charAt(e - 1))) e--;
            return new Span(line, utf16(bytes, s), utf16(bytes, e));
        }
        int s = pos.column() - 1, e = s;
        while (e < bytes.length() && isWordChar(bytes.charAt(e))) e++;
        if (e == s && e < bytes.length()) e++;
        return new Span(line, utf16(bytes, s), utf16(bytes, e));
    }

    /** The whole of line n (1-based) of a file, its leading blanks left out. */
    static Span line(SourceFile f, int n) {
        return of(new SourcePos(f, f == null ? "" : f.name(), n, 0, null));
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.' || c == '[' || c == ']' || c == '+' || c == '-';
    }

    /** The UTF-16 column of byte column b of a line held as ISO-8859-1 bytes (UTF-8 text). */
    private static int utf16(String bytes, int b) {
        String prefix = bytes.substring(0, Math.min(b, bytes.length()));
        for (int k = 0; k < prefix.length(); k++) {
            if (prefix.charAt(k) >= 0x80) return new String(prefix.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8).length();
        }
        return prefix.length();
    }
}
