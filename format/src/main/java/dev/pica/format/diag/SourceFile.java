package dev.pica.format.diag;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A source file as read: its bytes decoded one byte per char (ISO-8859-1) so that Shift-JIS or
 * UTF-8 comment bytes pass through untouched and columns count bytes. A leading UTF-8 BOM is
 * dropped.
 */
public final class SourceFile {
    private final String name;
    private final String recordName;
    private final Path path;
    private final String text;
    private int[] lineStarts;

    public SourceFile(String name, Path path, byte[] bytes) {
        this(name, name, path, bytes);
    }

    /**
     * @param recordName the name recorded in objects (line info): independent of directories so
     *                   that the same sources give the same bytes on every machine
     */
    public SourceFile(String name, String recordName, Path path, byte[] bytes) {
        this.name = name;
        this.recordName = recordName;
        this.path = path;
        int start = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
        this.text = new String(bytes, start, bytes.length - start, StandardCharsets.ISO_8859_1);
    }

    public static SourceFile ofString(String name, String text) {
        return new SourceFile(name, null, text.getBytes(StandardCharsets.UTF_8));
    }

    /** The name diagnostics show (as given on the command line or in the #include). */
    public String name() {
        return name;
    }

    /** The name recorded in object files: the base name of a main file, the #include spelling of a header. */
    public String recordName() {
        return recordName;
    }

    /** The file's location, or null for in-memory sources. */
    public Path path() {
        return path;
    }

    public String text() {
        return text;
    }

    /** Physical line {@code n} (1-based) without its line end, or "" if there is none. */
    public String line(int n) {
        if (lineStarts == null) lineStarts = lineStarts(text);
        if (n < 1 || n > lineStarts.length) return "";
        int start = lineStarts[n - 1], end = start;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') end++;
        return text.substring(start, end);
    }

    /** Where each physical line starts (LF, CRLF or CR ends): four bytes a line, not a string (a huge source's error is printed too). */
    private static int[] lineStarts(String t) {
        int count = 1;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= t.length() || t.charAt(i + 1) != '\n')) count++;
        }
        int[] out = new int[count];
        int k = 1;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= t.length() || t.charAt(i + 1) != '\n')) out[k++] = i + 1;
        }
        // a last line end ends the last line: no empty line after it
        return count > 1 && out[count - 1] == t.length() ? java.util.Arrays.copyOf(out, count - 1) : out;
    }
}
