package dev.pica.lsp.analysis;

import dev.pica.format.isa.syntax.Dialect;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Documents as files: a URI's path and dialect, a path's URI, a closed file's text. */
public final class DocumentFiles {
    private DocumentFiles() {}

    /** The dialect a document's name says (.pica is picasso's). */
    public static Dialect dialect(String uri) {
        return Dialect.ofFileName(uri);
    }

    /** The file system path of a file: URI, or null (an unsaved buffer). */
    public static Path pathOf(String uri) {
        try {
            URI u = URI.create(uri);
            return "file".equals(u.getScheme()) ? Path.of(u) : null;
        } catch (IllegalArgumentException | FileSystemNotFoundException e) {
            return null;
        }
    }

    public static String uriOf(Path p) {
        return p.toAbsolutePath().normalize().toUri().toString();
    }

    /** The text of a file not open in the editor, or null. */
    public static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null; // unreadable, or not UTF-8: no names from it
        }
    }
}
