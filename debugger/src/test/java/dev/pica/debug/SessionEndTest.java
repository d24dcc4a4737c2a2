package dev.pica.debug;

import static dev.pica.debug.DapClient.get;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session that runs to its end and is closed leaves nothing in LSP4J's log: the test suite's
 * output stays free of stack traces on a green run (issue 47, item 13), while a real protocol
 * error would still be logged and fail this test.
 */
class SessionEndTest {
    @TempDir Path dir;

    @Test
    void aFinishedSessionLogsNothing() throws Exception {
        Path src = dir.resolve("dbg.vsh");
        Files.copy(SessionEndTest.class.getResourceAsStream("dbg.vsh"), src);
        // held in a field of this frame: java.util.logging keeps loggers weakly
        Logger lsp4j = Logger.getLogger("org.eclipse.lsp4j");
        List<String> logged = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public synchronized void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) logged.add(r.getLevel() + " " + r.getMessage());
            }

            @Override public void flush() { }
            @Override public void close() { }
        };
        lsp4j.addHandler(h);
        try {
            for (int k = 0; k < 3; k++) {
                try (DapClient c = new DapClient()) {
                    InitializeRequestArguments init = new InitializeRequestArguments();
                    init.setAdapterID("pica");
                    get(c.server.initialize(init));
                    get(c.server.launch(Map.of("program", src.toString(), "cwd", dir.toString(),
                            "inputs", Map.of("uniforms", Map.of("scale", List.of(2, 2, 2, 2)), "vertices", List.of(Map.of("aPosition", List.of(1, 2, 3, 1)))))));
                    assertEquals("initialized", c.next());
                    get(c.server.configurationDone(new ConfigurationDoneArguments()));
                    assertEquals("exited 0", c.next());
                    assertEquals("terminated", c.next());
                }
            }
            synchronized (h) {
                assertEquals(List.of(), logged);
            }
        } finally {
            lsp4j.removeHandler(h);
        }
    }
}
