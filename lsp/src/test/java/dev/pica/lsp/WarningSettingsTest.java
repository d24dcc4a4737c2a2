package dev.pica.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** picals takes picasm's warning options from its initialization options and from workspace/didChangeConfiguration. */
class WarningSettingsTest {
    @TempDir
    Path dir;

    /** r2 reaches the position (-Wuninitialized, on by default); o1 is written but mapped by nothing (-Wunmapped-output, -Wextra). */
    private static final String SOURCE = "#pragma output_map(position, o0)\n#pragma bind_symbol(pos, v0)\nmain:\n"
            + "    mul r0, v0, r2\n    mov o0, r0\n    mov o1, v0\n    end\nendmain:\n";

    private static JsonObject warnings(String... options) {
        JsonArray a = new JsonArray();
        for (String o : options) a.add(o);
        JsonObject settings = new JsonObject();
        settings.add("warnings", a);
        return settings;
    }

    /** The codes of what picals publishes for the source under these initialization options. */
    private List<Object> codes(Object init) throws Exception {
        Path p = Files.writeString(dir.resolve("w.vsh"), SOURCE);
        try (LspSession s = new LspSession(init, dir)) {
            s.open(LspSession.uri(p), SOURCE);
            return s.next(LspSession.uri(p)).getDiagnostics().stream().map(d -> (Object) d.getCode().get()).sorted().toList();
        }
    }

    @Test
    void initializationOptionsChooseTheWarnings() throws Exception {
        assertEquals(List.of("F-UNINIT"), codes(null));
        assertEquals(List.of("F-UNINIT"), codes(warnings("-Wall")));
        assertEquals(List.of("F-MAP", "F-UNINIT"), codes(warnings("-Wextra")));
        assertEquals(List.of("F-MAP"), codes(warnings("extra", "no-uninitialized")));
        assertEquals(List.of(), codes(warnings("-w", "-Wextra")));
        // a misspelt option leaves the defaults (and is shown to the user once)
        assertEquals(List.of("F-UNINIT"), codes(warnings("-Wextar")));
    }

    @Test
    void didChangeConfigurationAnalysesTheOpenDocumentsAgain() throws Exception {
        Path p = Files.writeString(dir.resolve("w.vsh"), SOURCE);
        String uri = LspSession.uri(p);
        try (LspSession s = new LspSession(null, dir)) {
            s.open(uri, SOURCE);
            assertEquals(1, s.next(uri).getDiagnostics().size());
            JsonObject section = new JsonObject();
            section.add("pica", warnings("-Wextra"));
            s.server.getWorkspaceService().didChangeConfiguration(new DidChangeConfigurationParams(section));
            assertEquals(2, s.next(uri).getDiagnostics().size());
        }
    }
}
