package dev.pica.asm.pp;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
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
    private final SourceFile file;
    private final SourcePos.IncludeSite from;
    private final Diagnostics diags;
    private final String t;
    private final int n;
    /** takes each logical line as it is split off and answers whether to go on */
    private final java.util.function.Predicate<LogicalLine> sink;
    private boolean stopped;
    private final StringBuilder sb = new StringBuilder();
    private final ColumnMap.Builder map = new ColumnMap.Builder();
    /** where the scan is: index into the text, its line and column, the line the logical line began on */
    private int i, line = 1, col = 1, firstLine = 1;
    private boolean inBlock, inLineComment;
    /** where the open block comment began */
    private int blockLine, blockCol;
    /** the open quote character, 0 outside a quote */
    private char quote;

    private LineReader(SourceFile file, SourcePos.IncludeSite from, Diagnostics diags, java.util.function.Predicate<LogicalLine> sink) {
        this.sink = sink;
        this.file = file;
        this.from = from;
        this.diags = diags;
        this.t = file.text();
        this.n = t.length();
    }

    static List<LogicalLine> read(SourceFile file, SourcePos.IncludeSite from, Diagnostics diags) {
        List<LogicalLine> out = new ArrayList<>();
        read(file, from, diags, out::add);
        return out;
    }

    /**
     * The logical lines one at a time, as they are split off: {@code sink} answers whether to go
     * on, so that a reader can stop early (a source far beyond the program's size) without holding
     * every line of the file.
     */
    static void read(SourceFile file, SourcePos.IncludeSite from, Diagnostics diags, java.util.function.Predicate<LogicalLine> sink) {
        new LineReader(file, from, diags, sink).lines();
    }

    private void emit(LogicalLine l) {
        if (!sink.test(l)) stopped = true;
    }

    private void lines() {
        while (i < n && !stopped) {
            if (col == 1 && sb.length() == 0 && !inBlock && !inLineComment && plainLine()) continue;
            char c = t.charAt(i);
            int nl = newlineLength(t, i);
            if (c == '\\' && newlineLength(t, i + 1) > 0) {
                splice();
            } else if (nl > 0) {
                lineEnd(nl);
            } else if (inBlock) {
                insideBlock(c);
            } else if (inLineComment) {
                i++;
                col++;
            } else if (quote == 0 && c == '/' && i + 1 < n && (t.charAt(i + 1) == '/' || t.charAt(i + 1) == '*')) {
                commentStart(t.charAt(i + 1) == '*');
            } else {
                character(c);
            }
        }
        if (stopped) return;
        if (inBlock) diags.error(Problem.UNTERMINATED_COMMENT, SourcePos.of(file, blockLine, blockCol, from), "unterminated comment");
        if (sb.length() > 0) emit(new LogicalLine(sb.toString(), map.build(), firstLine, line - firstLine + 1));
    }

    /** Most lines have no comment, splice, quote or odd character: taken whole, one run; false if this one has. */
    private boolean plainLine() {
        int e = plainLineEnd(t, i);
        if (e < 0) return false;
        emit(new LogicalLine(t.substring(i, e), map.addRun(e - i, line, 1, 1).build(), line, 1));
        i = e + newlineLength(t, e);
        quote = 0;
        line++;
        firstLine = line;
        return true;
    }

    /** Phase 2: a backslash-newline splices, even inside comments. */
    private void splice() {
        if (inLineComment) {
            diags.warning(Warning.COMMENT, SourcePos.of(file, line, col, from), "'//' comment continues on the next line because it ends in a backslash");
        }
        i += 1 + newlineLength(t, i + 1);
        line++;
        col = 1;
    }

    /** A newline ends the logical line, unless a block comment continues it. */
    private void lineEnd(int nl) {
        i += nl;
        if (!inBlock) {
            inLineComment = false;
            quote = 0;
            emit(new LogicalLine(sb.toString(), map.build(), firstLine, line - firstLine + 1));
            sb.setLength(0);
        }
        line++;
        col = 1;
        if (!inBlock) firstLine = line;
    }

    private void insideBlock(char c) {
        if (c == '*' && i + 1 < n && t.charAt(i + 1) == '/') {
            inBlock = false;
            i += 2;
            col += 2;
        } else {
            i++;
            col++;
        }
    }

    /** A comment becomes one space. */
    private void commentStart(boolean block) {
        append(sb, map, ' ', line, col);
        if (block) {
            inBlock = true;
            blockLine = line;
            blockCol = col;
        } else {
            inLineComment = true;
        }
        i += 2;
        col += 2;
    }

    /** One character of the line: quotes tracked (an escaped character kept with its backslash), non-ASCII and control characters an error. */
    private void character(char c) {
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
            diags.error(Problem.INVALID_CHARACTER, SourcePos.of(file, line, col, from), "invalid character");
            c = ' ';
        }
        append(sb, map, c, line, col);
        i++;
        col++;
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
