package dev.pica.driver;

import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.shbin.InputKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the source a tool is given (from disk, standard input or a build tool's buffer) for the
 * assembler, which only reads the files it includes, through {@code SourceFiles}: the driver
 * chooses where text comes from, so an editor can pass its unsaved buffer instead.
 */
public final class SourceReader {
    private SourceReader() {}

    /** The file at path, or null after one error when it cannot be read or is not source text. */
    public static SourceFile read(Path path, String displayName, Diagnostics diags) {
        byte[] b;
        try {
            b = Files.readAllBytes(path);
        } catch (IOException e) {
            diags.error(Problem.IO_ERROR, SourcePos.named(displayName, 0), "cannot read: " + IoErrors.reason(e));
            return null;
        }
        Path fn = path.getFileName();
        return ofBytes(displayName, fn == null ? displayName : fn.toString(), path, b, diags);
    }

    /**
     * A source from bytes already read, or null with one error when they are not source text: a
     * shader binary, an object, or anything with NUL bytes.
     *
     * @param path where relative #include "..." names are looked up from, or null for the current directory
     */
    public static SourceFile ofBytes(String displayName, String recordName, Path path, byte[] b, Diagnostics diags) {
        String notText = InputKind.notSourceText(b);
        if (notText != null) {
            diags.error(Problem.WRONG_FILE_KIND, SourcePos.named(displayName, 0), notText);
            return null;
        }
        return new SourceFile(displayName, recordName, path, b);
    }
}
