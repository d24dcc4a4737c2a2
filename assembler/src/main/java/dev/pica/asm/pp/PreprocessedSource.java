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
public record PreprocessedSource(List<Line> lines, List<Path> files, List<String> fileNames) {

    /** One output line; srcLines/srcCols give the origin of each character. */
    public record Line(String text, SourceFile file, SourcePos.IncludeSite from, int line, int[] srcLines, int[] srcCols) {
        /** The original position of output column {@code index} (0-based). */
        public SourcePos pos(int index) {
            if (srcLines.length == 0) return SourcePos.of(file, line, 1, from);
            int k = Math.max(0, Math.min(index, srcLines.length - 1));
            int col = index >= srcCols.length ? srcCols[srcCols.length - 1] + 1 : srcCols[k];
            return SourcePos.of(file, srcLines[k], col, from);
        }

        /** The position of the start of the line (its first character, or column 1). */
        public SourcePos start() {
            return srcLines.length == 0 ? SourcePos.of(file, line, 1, from) : pos(0);
        }
    }

    /** The whole text, each line terminated by a newline. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (Line l : lines) sb.append(l.text()).append('\n');
        return sb.toString();
    }
}
