package dev.pica.compiler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where {@code #include} files are read from: the disk, or an editor's unsaved buffers first.
 * The compiler decides which path an include names (the including file's folder, then the
 * include directories in order) and asks {@link #exists} and {@link #read} of each candidate.
 */
public interface Includer {
    /** Whether the file can be read. */
    boolean exists(Path file);

    /** The file's text. */
    String read(Path file) throws IOException;

    /** The disk, UTF-8. */
    Includer DISK = new Includer() {
        @Override
        public boolean exists(Path file) {
            return Files.isRegularFile(file);
        }

        @Override
        public String read(Path file) throws IOException {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        }
    };
}
