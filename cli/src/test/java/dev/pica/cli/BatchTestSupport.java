package dev.pica.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the repository's examples are, from any module's working directory. */
final class BatchTestSupport {
    private BatchTestSupport() {}

    static Path examples() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("examples"))) p = p.getParent();
        return p.resolve("examples");
    }
}
