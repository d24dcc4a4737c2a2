package dev.pica.format.diag;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/** The reason of an I/O failure in the words a user knows from the shell ("no such file or directory"). */
public final class IoErrors {
    private IoErrors() {}

    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) return "no such file or directory";
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof NotDirectoryException) return "not a directory";
        if (e instanceof FileAlreadyExistsException) return "file exists";
        if (e instanceof DirectoryNotEmptyException) return "directory not empty";
        if (e instanceof FileSystemLoopException) return "too many levels of symbolic links";
        String m = e instanceof FileSystemException f ? f.getReason() : e.getMessage();
        if (m == null || m.isEmpty()) return e.getClass().getSimpleName();
        // The JDK passes strerror() texts through ("Is a directory"); print them as the shell does.
        return m.substring(0, 1).toLowerCase(Locale.ROOT) + m.substring(1);
    }
}
