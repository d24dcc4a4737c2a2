package dev.pica.lsp;

import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A picals server per test, with a folder for the files it opens. */
abstract class ServerTest {
    @TempDir
    Path dir;
    LspSession s;

    @BeforeEach
    void start() throws Exception {
        s = new LspSession(null, dir);
    }

    @AfterEach
    void stop() throws Exception {
        s.close();
    }

    /** Writes a file into the folder; its URI. */
    String write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return LspSession.uri(p);
    }

    /** Writes and opens a file, and waits for its first diagnostics; its URI. */
    String open(String name, String text) throws Exception {
        String uri = write(name, text);
        s.open(uri, text);
        s.next(uri);
        return uri;
    }

    static Range range(int line, int from, int to) {
        return new Range(new Position(line, from), new Position(line, to));
    }
}
