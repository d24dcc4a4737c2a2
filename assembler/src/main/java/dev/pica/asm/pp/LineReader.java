package dev.pica.asm.pp;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Warning;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a source file into logical lines: joins backslash-newline, replaces each comment by
 * one space (a block comment spanning lines continues the logical line, as in C), and rejects
 * non-ASCII characters outside comments. Accepts LF, CRLF and CR line ends.
 */
final class LineReader {
    private LineReader() {}

    static List<LogicalLine> read(SourceFile file, SourcePos.IncludeSite from, Diagnostics diags) {
        String t = file.text();
        int n = t.length();
        List<LogicalLine> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        ColumnMap.Builder map = new ColumnMap.Builder();
        int line = 1, col = 1, firstLine = 1;
        boolean inBlock = false, inLineComment = false;
        int blockLine = 0, blockCol = 0;
        char quote = 0;
        int i = 0;
        while (i < n) {
            if (col == 1 && sb.length() == 0 && !inBlock && !inLineComment) {
                // most lines have no comment, splice, quote or odd character: taken whole, one run
                int e = plainLineEnd(t, i);
                if (e >= 0) {
                    out.add(new LogicalLine(t.substring(i, e), map.addRun(e - i, line, 1, 1).build(), line, 1));
                    i = e + newlineLength(t, e);
                    quote = 0;
                    line++;
                    firstLine = line;
                    continue;
                }
            }
            char c = t.charAt(i);
            int nl = newlineLength(t, i);
            if (c == '\\' && newlineLength(t, i + 1) > 0) {
                // Phase 2: splice, even inside comments.
                if (inLineComment) {
                    diags.warning(Warning.COMMENT, SourcePos.of(file, line, col, from), "'//' comment continues on the next line because it ends in a backslash");
                }
                i += 1 + newlineLength(t, i + 1);
                line++;
                col = 1;
                continue;
            }
            if (nl > 0) {
                i += nl;
                if (inBlock) {
                    line++;
                    col = 1;
                    continue;
                }
                inLineComment = false;
                quote = 0;
                out.add(new LogicalLine(sb.toString(), map.build(), firstLine, line - firstLine + 1));
                sb.setLength(0);
                line++;
                col = 1;
                firstLine = line;
                continue;
            }
            if (inBlock) {
                if (c == '*' && i + 1 < n && t.charAt(i + 1) == '/') {
                    inBlock = false;
                    i += 2;
                    col += 2;
                } else {
                    i++;
                    col++;
                }
                continue;
            }
            if (inLineComment) {
                i++;
                col++;
                continue;
            }
            if (quote == 0 && c == '/' && i + 1 < n && t.charAt(i + 1) == '/') {
                append(sb, map, ' ', line, col);
                inLineComment = true;
                i += 2;
                col += 2;
                continue;
            }
            if (quote == 0 && c == '/' && i + 1 < n && t.charAt(i + 1) == '*') {
                append(sb, map, ' ', line, col);
                inBlock = true;
                blockLine = line;
                blockCol = col;
                i += 2;
                col += 2;
                continue;
            }
            if (c == '"' || c == '\'') {
                if (quote == 0) quote = c;
                else if (quote == c) quote = 0;
            } else if (c == '\\' && quote != 0 && i + 1 < n && newlineLength(t, i + 1) == 0) {
                append(sb, map, c, line, col);
                i++;
                col++;
                c = t.charAt(i);
            }
            if (c >= 0x80 || (c < 0x20 && c != '\t' && c != '\f' && c != 0x0B)) {
                diags.error(SourcePos.of(file, line, col, from), "invalid character");
                c = ' ';
            }
            append(sb, map, c, line, col);
            i++;
            col++;
        }
        if (inBlock) diags.error(SourcePos.of(file, blockLine, blockCol, from), "unterminated comment");
        if (sb.length() > 0) {
            out.add(new LogicalLine(sb.toString(), map.build(), firstLine, line - firstLine + 1));
        }
        return out;
    }

    private static void append(StringBuilder sb, ColumnMap.Builder map, char c, int line, int col) {
        sb.append(c);
        map.add(line, col);
    }

    /** Where the line from {@code i} ends (its newline) if nothing on it needs the slow path; else -1. */
    private static int plainLineEnd(String t, int i) {
        for (int j = i; j < t.length(); j++) {
            char c = t.charAt(j);
            if (c == '\n' || c == '\r') return j;
            if (c == '/' || c == '\\' || c == '"' || c == '\'' || c >= 0x80 || (c < 0x20 && c != '\t' && c != '\f' && c != 0x0B)) return -1;
        }
        return -1;
    }

    private static int newlineLength(String t, int i) {
        if (i >= t.length()) return 0;
        char c = t.charAt(i);
        if (c == '\n') return 1;
        if (c == '\r') return i + 1 < t.length() && t.charAt(i + 1) == '\n' ? 2 : 1;
        return 0;
    }
}
