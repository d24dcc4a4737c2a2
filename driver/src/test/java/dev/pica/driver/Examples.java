package dev.pica.driver;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's examples/ folder, found upwards from the module the tests run in. */
final class Examples {
    private Examples() {}

    static Path dir() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("examples"))) p = p.getParent();
        return p.resolve("examples");
    }
}
