package dev.pica.format.diag;

/**
 * A position in an original source file: 1-based line and column (0 = unknown column), and the
 * chain of #include sites that led there (null at top level).
 */
public record SourcePos(SourceFile file, String fileName, int line, int column, IncludeSite includedFrom) {

    public static SourcePos of(SourceFile file, int line, int column, IncludeSite from) {
        return new SourcePos(file, file.name(), line, column, from);
    }

    /** A position known only by name and line (object-file line info, command-line input). */
    public static SourcePos named(String fileName, int line) {
        return new SourcePos(null, fileName, line, 0, null);
    }

    public SourcePos withColumn(int col) {
        return new SourcePos(file, fileName, line, col, includedFrom);
    }

    @Override
    public String toString() {
        if (line <= 0) return fileName;
        return fileName + ":" + line + (column > 0 ? ":" + column : "");
    }

    /** One #include directive: the including file and line, and where that file was included. */
    public record IncludeSite(SourceFile file, int line, IncludeSite parent) {}
}
