package dev.pica.asm.pp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the preprocessor reads included files from: the disk for the command-line tools, an
 * editor's unsaved buffers first for the language server (an #include of a header being edited
 * sees its current text). The driver chooses; the preprocessor only asks.
 */
public interface SourceFiles {
    /** Whether {@code p} names a file that can be read. */
    boolean isFile(Path p);

    /** The bytes of {@code p}. */
    byte[] read(Path p) throws IOException;

    /** The file system as it is. */
    SourceFiles DISK = new SourceFiles() {
        @Override
        public boolean isFile(Path p) {
            return Files.isRegularFile(p);
        }

        @Override
        public byte[] read(Path p) throws IOException {
            return Files.readAllBytes(p);
        }
    };
}
