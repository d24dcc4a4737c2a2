package dev.pica.format.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.verify.Rule;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every diagnostic id (a warning's option, a verifier rule's errors, a {@link Problem}) has its
 * row in docs/diagnostics.md, every row names an id the code gives, and each Problem is given
 * somewhere in the tools' code.
 */
class DiagnosticIdsTest {
    private static final Path DOC = Path.of("../docs/diagnostics.md");

    /** Each id with what gives it. */
    private static Map<String, String> ids() {
        Map<String, String> ids = new TreeMap<>();
        for (Warning w : Warning.values()) assertEquals(null, ids.put(w.option, "warning " + w), w.option);
        for (Rule r : Rule.values()) if (r.errors) assertEquals(null, ids.put(r.errorId(), "rule " + r.id), r.id);
        for (Problem p : Problem.values()) assertEquals(null, ids.put(p.id, "problem " + p), "id given twice: " + p.id);
        return ids;
    }

    private static Map<String, DiagnosticDocs.Entry> documented() throws IOException {
        try (BufferedReader r = Files.newBufferedReader(DOC, StandardCharsets.UTF_8)) {
            return DiagnosticDocs.parse(r);
        }
    }

    @Test
    void everyIdHasItsRowAndEveryRowAnId() throws IOException {
        Map<String, DiagnosticDocs.Entry> doc = documented();
        assertEquals(new TreeSet<>(ids().keySet()), new TreeSet<>(doc.keySet()));
        for (DiagnosticDocs.Entry e : doc.values()) assertFalse(e.what().isBlank(), e.id());
    }

    @Test
    void idsAreLowerCaseWordsJoinedByHyphens() {
        for (String id : ids().keySet()) assertTrue(id.matches("[a-z0-9]+(-[a-z0-9]+)*"), id);
    }

    /** The rows a SARIF log reads are the page's as built into the jar (format's pom copies it). */
    @Test
    void theBuiltInPageIsTheDocsPage() throws IOException {
        assertEquals(documented(), DiagnosticDocs.entries());
    }

    /** The page has no anchor twice (an id's anchor is what a SARIF rule's helpUri names). */
    @Test
    void anchorsAreUnique() throws IOException {
        Matcher m = Pattern.compile("<a id=\"([^\"]+)\"></a>").matcher(Files.readString(DOC));
        List<String> anchors = new ArrayList<>();
        while (m.find()) anchors.add(m.group(1));
        assertEquals(new TreeSet<>(anchors).size(), anchors.size(), anchors.toString());
    }

    /** Each Problem is named in main code outside its enum: no documented id that nothing gives. */
    @Test
    void everyProblemIsGivenByTheTools() throws IOException {
        StringBuilder code = new StringBuilder();
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            for (Path m : (Iterable<Path>) modules.map(d -> d.resolve("src/main/java")).filter(Files::isDirectory)::iterator) {
                try (Stream<Path> files = Files.walk(m)) {
                    for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().equals("Problem.java"))::iterator) {
                        code.append(Files.readString(f));
                    }
                }
            }
        }
        for (Problem p : Problem.values()) {
            assertTrue(Pattern.compile("\\b" + p.name() + "\\b").matcher(code).find(), p + " is given nowhere");
        }
    }
}
