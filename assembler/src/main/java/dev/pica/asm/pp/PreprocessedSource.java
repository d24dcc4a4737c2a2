package dev.pica.asm.pp;

import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.nio.file.Path;
import java.util.List;

/**
 * The preprocessor's output: one output line per physical input line (so that -E output keeps
 * line numbers), each knowing where every character came from.
 *
 * @param files     every file read, the main file first (for dependency tracking), absolute
 * @param fileNames the same files as the preprocessor found them (the name given for the main
 *                  file, the including file's directory or -I directory joined with the
 *                  #include name): what a depfile lists, as GCC's -MD does
 */
public record PreprocessedSource(List<Line> lines, List<Path> files, List<String> fileNames, List<String> macroNames) {

    /** A source that defines no macros (picasso's dialect has none). */
    public PreprocessedSource(List<Line> lines, List<Path> files, List<String> fileNames) {
        this(lines, files, fileNames, List.of());
    }

    /** One output line; {@code map} gives the origin of each character. */
    public record Line(String text, SourceFile file, SourcePos.IncludeSite from, int line, ColumnMap map) {
        /** The original position of output column {@code index} (0-based). */
        public SourcePos pos(int index) {
            if (map.isEmpty()) return SourcePos.of(file, line, 1, from);
            long at = map.at(index);
            return SourcePos.of(file, (int) (at >>> 32), (int) at, from);
        }

        /** The position of the start of the line (its first character, or column 1). */
        public SourcePos start() {
            return pos(0);
        }
    }

    /** The whole text, each line terminated by a newline. */
    public String text() {
        int n = 0;
        for (Line l : lines) n += l.text().length() + 1;
        StringBuilder sb = new StringBuilder(n);
        for (Line l : lines) sb.append(l.text()).append('\n');
        return sb.toString();
    }
}
