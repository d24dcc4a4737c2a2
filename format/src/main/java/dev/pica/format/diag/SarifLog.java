package dev.pica.format.diag;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run's diagnostics as a SARIF 2.1.0 log (OASIS; what GitHub code scanning and editors read),
 * as GCC's -fdiagnostics-format=sarif-* writes one: a result per error or warning (and per note
 * that is about none) with the notes about it as related locations, its ruleId (the
 * diagnostic's stable id, {@link Diagnostic#id}), level, message and an artifact location on
 * every one (line and column where known; paths relative to the working directory, uriBaseId
 * PWD; a message about the whole run names the run's first input), a witness path as a code
 * flow in the locations' file naming, and every id in the driver's rules with its description
 * and help from docs/diagnostics.md (DiagnosticDocs) and an absolute helpUri to its row in the
 * installed or checked-out docs when they can be found.
 */
public final class SarifLog {
    static final String SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

    private SarifLog() {}

    /**
     * @param firstInput the file a diagnostic without a file of its own (the run's, the tool's) is
     *                   filed under, as GCC names its log after it; null: the tool's name
     */
    public static String of(String tool, String version, List<Diagnostic> diagnostics, Path workingDirectory, String firstInput) {
        StringWriter out = new StringWriter();
        try (JsonWriter w = new JsonWriter(out)) {
            w.setIndent("  ");
            w.beginObject().name("$schema").value(SCHEMA).name("version").value("2.1.0").name("runs").beginArray().beginObject();
            Map<String, Diagnostic> rules = new TreeMap<>();
            for (Diagnostic d : diagnostics) rules.putIfAbsent(d.id(), d);
            w.name("tool").beginObject().name("driver").beginObject().name("name").value(tool).name("version").value(version);
            w.name("rules").beginArray();
            for (Map.Entry<String, Diagnostic> r : rules.entrySet()) rule(w, r.getKey(), r.getValue());
            w.endArray().endObject().endObject();
            w.name("originalUriBaseIds").beginObject().name("PWD").beginObject().name("uri").value(directoryUri(workingDirectory)).endObject().endObject();
            w.name("columnKind").value("unicodeCodePoints");
            Naming naming = new Naming(diagnostics);
            List<String> ids = List.copyOf(rules.keySet());
            w.name("results").beginArray();
            for (int k = 0; k < diagnostics.size(); k++) {
                Diagnostic d = diagnostics.get(k);
                // the notes about a result are its related locations (as GCC writes them), not results
                // of their own: code scanning would raise a second alert at the note's place
                int first = k + 1;
                while (k + 1 < diagnostics.size() && diagnostics.get(k + 1).isNoteAbout(d)) k++;
                result(w, d, diagnostics.subList(first, k + 1), ids.indexOf(d.id()), new Filing(tool, firstInput, naming));
            }
            w.endArray();
            w.endObject().endArray().endObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.append('\n').toString();
    }

    private static void rule(JsonWriter w, String id, Diagnostic example) throws IOException {
        w.beginObject().name("id").value(id);
        DiagnosticDocs.Entry doc = DiagnosticDocs.of(id);
        String what = doc != null ? doc.plainWhat() : id;
        w.name("shortDescription").beginObject().name("text").value(doc != null ? doc.summary() : id).endObject();
        w.name("fullDescription").beginObject().name("text").value(what).endObject();
        if (doc != null) {
            w.name("help").beginObject().name("text").value(doc.helpText()).name("markdown").value(absoluteLinks(doc.helpMarkdown())).endObject();
        }
        String helpUri = Docs.HERE.helpUri(id);
        if (helpUri != null) w.name("helpUri").value(helpUri);
        w.name("defaultConfiguration").beginObject().name("level").value(defaultLevel(example)).endObject();
        w.endObject();
    }

    /**
     * A rule's level by its kind, whatever -Werror or a pragma made of the diagnostic at hand: a
     * warning option's is warning, a problem's its own (an error but for unused-input), a verifier
     * rule's findings that are no warning are errors but for F-UNINIT's note (the only notes with a rule).
     */
    private static String defaultLevel(Diagnostic d) {
        if (d.option() != null) return "warning";
        if (d.problem() != null) return d.problem().severity.label;
        return d.rule() != null && d.severity() == Diagnostic.Severity.NOTE ? "note" : "error";
    }

    /** The docs' relative links (verifier.md, picasso-compat.md) made absolute where the docs lie, else left as written. */
    private static String absoluteLinks(String markdown) {
        Path docs = Docs.HERE.dir;
        if (docs == null) return markdown;
        return java.util.regex.Pattern.compile("\\]\\(([a-z-]+\\.md)").matcher(markdown)
                .replaceAll(m -> java.util.regex.Matcher.quoteReplacement("](" + docs.resolve(m.group(1)).toUri()));
    }

    /** How a result's places are written: where one without a file of its own is filed, how path steps name files. */
    private record Filing(String tool, String firstInput, Naming naming) {
        /**
         * The tool's own messages ("picasm: error: ...") and the run's are filed under its first input
         * (a run without inputs: the tool itself), so that every result has an artifact as code scanning requires.
         */
        SourcePos of(SourcePos at) {
            if (at == null || at.line() <= 0 && at.fileName().equals(tool)) return SourcePos.named(firstInput == null ? tool : firstInput, 0);
            return at;
        }
    }

    private static void result(JsonWriter w, Diagnostic d, List<Diagnostic> notes, int ruleIndex, Filing filing) throws IOException {
        w.beginObject().name("ruleId").value(d.id()).name("ruleIndex").value(ruleIndex);
        w.name("level").value(d.severity().label); // SARIF's levels error, warning, note are the same words
        w.name("message").beginObject().name("text").value(d.messageNamingOption()).endObject();
        w.name("locations").beginArray();
        location(w, filing.of(d.pos()), null);
        w.endArray();
        if (!notes.isEmpty()) {
            w.name("relatedLocations").beginArray();
            for (Diagnostic n : notes) location(w, filing.of(n.pos()), n.message());
            w.endArray();
        }
        if (!d.path().isEmpty()) {
            w.name("codeFlows").beginArray().beginObject().name("threadFlows").beginArray().beginObject().name("locations").beginArray();
            for (SourcePos step : d.path()) {
                w.beginObject().name("location");
                location(w, filing.naming().asInLocations(step), null);
                w.endObject();
            }
            w.endArray().endObject().endArray().endObject().endArray();
        }
        Warning option = d.severity() == Diagnostic.Severity.NOTE ? null : d.option(); // a note is about the warning, not of it
        if (option != null || d.rule() != null) {
            w.name("properties").beginObject();
            if (option != null) w.name("option").value("-W" + option.option);
            if (d.rule() != null) w.name("rule").value(d.rule());
            w.endObject();
        }
        w.endObject();
    }

    /** A location, with the message of a note's (a related location) or null. */
    private static void location(JsonWriter w, SourcePos p, String message) throws IOException {
        w.beginObject().name("physicalLocation").beginObject().name("artifactLocation").beginObject();
        Path file = Path.of(p.fileName());
        if (file.isAbsolute()) w.name("uri").value(file.toUri().toString());
        else w.name("uri").value(relativeUri(p.fileName())).name("uriBaseId").value("PWD");
        w.endObject();
        if (p.line() > 0) {
            w.name("region").beginObject().name("startLine").value(p.line());
            if (p.column() > 0) w.name("startColumn").value(p.column());
            w.endObject();
        }
        w.endObject();
        if (message != null) w.name("message").beginObject().name("text").value(message).endObject();
        w.endObject();
    }

    /**
     * A witness path names its files as objects record them (the base name); the results name
     * them as the command line did. A step whose name is the base name of exactly one file the
     * results name takes that file's name.
     */
    private static final class Naming {
        private final Map<String, String> byBaseName = new HashMap<>();

        Naming(List<Diagnostic> diagnostics) {
            for (Diagnostic d : diagnostics) {
                if (d.pos() == null) continue;
                Path f = Path.of(d.pos().fileName()).getFileName();
                if (f == null) continue;
                String prior = byBaseName.putIfAbsent(f.toString(), d.pos().fileName());
                if (prior != null && !prior.equals(d.pos().fileName())) byBaseName.put(f.toString(), null); // ambiguous: left as it is
            }
        }

        SourcePos asInLocations(SourcePos step) {
            String full = step.fileName().contains("/") ? null : byBaseName.get(step.fileName());
            return full == null ? step : new SourcePos(step.file(), full, step.line(), step.column(), step.includedFrom());
        }
    }

    /** A relative path as a URI reference: '/' separators, reserved characters percent-encoded. */
    private static String relativeUri(String path) {
        StringBuilder sb = new StringBuilder();
        for (byte b : path.replace(java.io.File.separatorChar, '/').getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (Character.isLetterOrDigit(c) && c < 0x80 || "-._~/".indexOf(c) >= 0) sb.append((char) c);
            else sb.append('%').append(String.format("%02X", c));
        }
        return sb.toString();
    }

    private static String directoryUri(Path dir) {
        String u = dir.toAbsolutePath().normalize().toUri().toString();
        return u.endsWith("/") ? u : u + "/";
    }

    /**
     * Where the docs lie beside the tools, and only there: a checkout's docs/ (format's classes or
     * jar in format/target), or the distribution's share/doc/pica-toolchain/docs (format's jar in
     * lib/pica-toolchain/lib); not a docs/ above a jar elsewhere (a project's own, above its local
     * repository). A page is taken for an id only when it has the id's row (its anchor).
     */
    static final class Docs {
        static final Docs HERE = of(codeSource());

        /** The docs' directory, or null. */
        final Path dir;
        private final String page;

        private Docs(Path dir, String page) {
            this.dir = dir;
            this.page = page;
        }

        /** The docs beside the classes or jar at {@code codeSource}, or none. */
        static Docs of(Path codeSource) {
            for (Path dir : candidates(codeSource)) {
                try {
                    return new Docs(dir.toAbsolutePath().normalize(), Files.readString(dir.resolve("diagnostics.md")));
                } catch (IOException | RuntimeException e) {
                    // not there, or not readable: the next layout
                }
            }
            return new Docs(null, "");
        }

        private static java.util.List<Path> candidates(Path codeSource) {
            java.util.List<Path> out = new java.util.ArrayList<>();
            Path up1 = codeSource == null ? null : codeSource.toAbsolutePath().normalize().getParent();
            Path up2 = up1 == null ? null : up1.getParent(), up3 = up2 == null ? null : up2.getParent(), up4 = up3 == null ? null : up3.getParent();
            if (named(up1, "target") && named(up2, "format") && up3 != null) out.add(up3.resolve("docs"));
            if (named(up1, "lib") && named(up2, "pica-toolchain") && named(up3, "lib") && up4 != null) out.add(up4.resolve("share/doc/pica-toolchain/docs"));
            return out;
        }

        private static boolean named(Path p, String name) {
            return p != null && p.getFileName() != null && p.getFileName().toString().equals(name);
        }

        private static Path codeSource() {
            try {
                return Path.of(SarifLog.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            } catch (RuntimeException | java.net.URISyntaxException e) {
                return null; // no code source (a custom class loader): no helpUri
            }
        }

        /** The id's row in the page, or null when the page has none. */
        String helpUri(String id) {
            return dir != null && page.contains("<a id=\"" + id + "\"></a>") ? dir.resolve("diagnostics.md").toUri() + "#" + id : null;
        }
    }
}
