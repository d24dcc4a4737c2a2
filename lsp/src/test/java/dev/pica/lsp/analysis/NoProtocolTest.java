package dev.pica.lsp.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The analysis is plain data (rust-analyzer's ide / rust-analyzer split): no class of this package
 * names LSP4J. Read from the compiled classes' constant pools, where every type a class uses is
 * named, imported or written out in full.
 */
class NoProtocolTest {
    private static final byte[] LSP4J = "org/eclipse/lsp4j/".getBytes(StandardCharsets.ISO_8859_1);

    private static Path classes() throws URISyntaxException {
        return Path.of(SymbolIndex.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static boolean namesLsp4j(Path classFile) throws IOException {
        byte[] b = Files.readAllBytes(classFile);
        outer:
        for (int i = 0; i + LSP4J.length <= b.length; i++) {
            for (int k = 0; k < LSP4J.length; k++) if (b[i + k] != LSP4J[k]) continue outer;
            return true;
        }
        return false;
    }

    private static List<Path> classFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
    }

    @Test
    void noAnalysisClassNamesLsp4j() throws Exception {
        List<Path> analysis = classFiles(classes().resolve("dev/pica/lsp/analysis"));
        assertTrue(analysis.size() >= 15, "the analysis' classes: " + analysis);
        List<String> offending = analysis.stream().filter(p -> {
            try {
                return namesLsp4j(p);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).map(p -> p.getFileName().toString()).toList();
        assertEquals(List.of(), offending, "analysis classes that name org.eclipse.lsp4j");
    }

    /** The check sees a protocol class's use of LSP4J, so a silent pass means something. */
    @Test
    void theProtocolLayerIsSeen() throws Exception {
        assertTrue(namesLsp4j(classes().resolve("dev/pica/lsp/ToProtocol.class")));
    }
}
