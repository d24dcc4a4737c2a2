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
 * as GCC's -fdiagnostics-format=sarif-* writes one: a result per error or warning about a source
 * (and per note that is about none) with the notes about it as related locations, its ruleId (the
 * diagnostic's stable id, {@link Diagnostic#id}), level, message, an artifact location (line and
 * column where known) and partialFingerprints; a message about the run or the tool (a command
 * line, an output, a unit not linked) is a tool execution notification of the invocation, not a
 * result on a file. URIs are relative to the repository root (uriBaseId %SRCROOT%: the given root,
 * or the nearest directory upward from the working directory that holds .git), since code
 * scanning reads them so and does not resolve originalUriBaseIds; a file outside the root is an
 * absolute file: URI. A witness path is a code flow in the locations' file naming, and every id is
 * in the driver's rules (or notifications) with its description and help from docs/diagnostics.md
 * (DiagnosticDocs) and an absolute helpUri to its row in the installed or checked-out docs when
 * they can be found.
 */
public final class SarifLog {
    static final String SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

    private SarifLog() {}

    /** The uriBaseId of every relative URI: the repository root, as SARIF's own examples name it. */
    static final String ROOT_ID = "%SRCROOT%";
    /** The partialFingerprints key: versioned, as SARIF 3.27.17 asks, so that a later change of the hash is a new key. */
    static final String FINGERPRINT = "picaToolchain/v1";

    /**
     * @param workingDirectory what relative file names are relative to
     * @param root             what URIs are written relative to: the repository root ({@link #rootOf}); files outside it get absolute URIs
     */
    public static String of(String tool, String version, List<Diagnostic> diagnostics, Path workingDirectory, Path root) {
        StringWriter out = new StringWriter();
        Places places = new Places(workingDirectory, root);
        try (JsonWriter w = new JsonWriter(out)) {
            w.setIndent("  ");
            w.beginObject().name("$schema").value(SCHEMA).name("version").value("2.1.0").name("runs").beginArray().beginObject();
            // a result per diagnostic about a source (the notes after it its related locations), a notification per one about the run
            List<List<Diagnostic>> results = new java.util.ArrayList<>(), notifications = new java.util.ArrayList<>();
            for (int k = 0; k < diagnostics.size(); k++) {
                Diagnostic d = diagnostics.get(k);
                int first = k;
                // the notes about a result are its related locations (as GCC writes them), not results
                // of their own: code scanning would raise a second alert at the note's place
                while (k + 1 < diagnostics.size() && diagnostics.get(k + 1).isNoteAbout(d)) k++;
                (aboutTheRun(d, tool) ? notifications : results).add(diagnostics.subList(first, k + 1));
            }
            Map<String, Diagnostic> rules = descriptors(results), kinds = descriptors(notifications);
            w.name("tool").beginObject().name("driver").beginObject().name("name").value(tool).name("version").value(version);
            w.name("rules").beginArray();
            for (Map.Entry<String, Diagnostic> r : rules.entrySet()) rule(w, r.getKey(), r.getValue());
            w.endArray();
            if (!kinds.isEmpty()) {
                w.name("notifications").beginArray();
                for (Map.Entry<String, Diagnostic> r : kinds.entrySet()) rule(w, r.getKey(), r.getValue());
                w.endArray();
            }
            w.endObject().endObject();
            boolean failed = false;
            for (List<Diagnostic> n : notifications) failed |= n.get(0).severity() == Diagnostic.Severity.ERROR;
            w.name("invocations").beginArray().beginObject().name("executionSuccessful").value(!failed);
            if (!notifications.isEmpty()) {
                List<String> ids = List.copyOf(kinds.keySet());
                w.name("toolExecutionNotifications").beginArray();
                for (List<Diagnostic> n : notifications) notification(w, n.get(0), ids.indexOf(n.get(0).id()));
                w.endArray();
            }
            w.endObject().endArray();
            w.name("originalUriBaseIds").beginObject().name(ROOT_ID).beginObject().name("uri").value(directoryUri(places.root)).endObject().endObject();
            w.name("columnKind").value("unicodeCodePoints");
            Naming naming = new Naming(diagnostics);
            List<String> ids = List.copyOf(rules.keySet());
            Map<String, Integer> seen = new HashMap<>();
            w.name("results").beginArray();
            for (List<Diagnostic> r : results) {
                Diagnostic d = r.get(0);
                result(w, d, r.subList(1, r.size()), ids.indexOf(d.id()), naming, places, seen);
            }
            w.endArray();
            w.endObject().endArray().endObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.append('\n').toString();
    }

    /**
     * Whether a diagnostic is about the run or the tool rather than a source: a command line, an
     * output (one that cannot be written, two inputs naming one output, a unit not linked because
     * of another input's errors, which that error already says), or no place but the tool (the
     * run out of memory; a batch unit's is its input's). Code scanning would show such a result as
     * an alert on a file it is not about.
     */
    static boolean aboutTheRun(Diagnostic d, String tool) {
        if (d.problem() == Problem.USAGE || d.problem() == Problem.OUTPUT_ERROR || d.problem() == Problem.NOT_LINKED) return true;
        return d.pos() == null || d.pos().line() <= 0 && d.pos().fileName().equals(tool);
    }

    /** Each id of the given diagnostics with its first diagnostic, in id order. */
    private static Map<String, Diagnostic> descriptors(List<List<Diagnostic>> groups) {
        Map<String, Diagnostic> out = new TreeMap<>();
        for (List<Diagnostic> g : groups) out.putIfAbsent(g.get(0).id(), g.get(0));
        return out;
    }

    private static void notification(JsonWriter w, Diagnostic d, int index) throws IOException {
        w.beginObject().name("descriptor").beginObject().name("id").value(d.id()).name("index").value(index).endObject();
        w.name("level").value(d.severity().label);
        w.name("message").beginObject().name("text").value(d.messageNamingOption()).endObject();
        w.endObject();
    }

    /**
     * The repository root a log's URIs are relative to: {@code given} when there is one, else the
     * nearest directory from the working directory upward that holds {@code .git} (a directory,
     * or the file of a worktree or submodule), else the working directory.
     */
    public static Path rootOf(Path given, Path workingDirectory) {
        Path cwd = workingDirectory.toAbsolutePath().normalize();
        if (given != null) return cwd.resolve(given).normalize();
        for (Path p = cwd; p != null; p = p.getParent()) if (Files.exists(p.resolve(".git"))) return p;
        return cwd;
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

    private static void result(JsonWriter w, Diagnostic d, List<Diagnostic> notes, int ruleIndex, Naming naming, Places places, Map<String, Integer> seen)
            throws IOException {
        w.beginObject().name("ruleId").value(d.id()).name("ruleIndex").value(ruleIndex);
        w.name("level").value(d.severity().label); // SARIF's levels error, warning, note are the same words
        w.name("message").beginObject().name("text").value(d.messageNamingOption()).endObject();
        w.name("locations").beginArray();
        location(w, d.pos(), null, places);
        w.endArray();
        if (!notes.isEmpty()) {
            w.name("relatedLocations").beginArray();
            for (Diagnostic n : notes) location(w, n.pos() == null ? d.pos() : n.pos(), n.message(), places);
            w.endArray();
        }
        if (!d.path().isEmpty()) {
            w.name("codeFlows").beginArray().beginObject().name("threadFlows").beginArray().beginObject().name("locations").beginArray();
            for (SourcePos step : d.path()) {
                w.beginObject().name("location");
                location(w, naming.asInLocations(step), null, places);
                w.endObject();
            }
            w.endArray().endObject().endArray().endObject().endArray();
        }
        w.name("partialFingerprints").beginObject().name(FINGERPRINT).value(fingerprint(d, places, seen)).endObject();
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
    private static void location(JsonWriter w, SourcePos p, String message, Places places) throws IOException {
        w.beginObject().name("physicalLocation").beginObject().name("artifactLocation").beginObject();
        String relative = places.relative(p.fileName());
        if (relative == null) w.name("uri").value(places.absolute(p.fileName()).toUri().toString());
        else w.name("uri").value(relativeUri(relative)).name("uriBaseId").value(ROOT_ID);
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

    /** Where the run's files are: names as given are relative to the working directory, URIs to the root. */
    private static final class Places {
        final Path cwd, root;
        private Path realRoot;

        Places(Path workingDirectory, Path root) {
            this.cwd = workingDirectory.toAbsolutePath().normalize();
            this.root = root == null ? cwd : cwd.resolve(root).normalize();
        }

        Path absolute(String name) {
            try {
                return cwd.resolve(name).normalize();
            } catch (java.nio.file.InvalidPathException e) {
                return cwd.resolve(name.replace('\0', '_')).normalize();
            }
        }

        /** The file's path below the root with '/' separators, or null outside it (through links too: both resolved). */
        String relative(String name) {
            if (name.startsWith("<")) return name; // <stdin>: no file to place
            Path abs = absolute(name);
            if (!abs.startsWith(root)) {
                try {
                    if (realRoot == null) realRoot = root.toRealPath();
                    abs = abs.toRealPath();
                } catch (IOException | RuntimeException e) {
                    return null;
                }
                if (!abs.startsWith(realRoot)) return null;
                return slashes(realRoot.relativize(abs));
            }
            return slashes(root.relativize(abs));
        }

        private static String slashes(Path p) {
            return p.toString().replace(java.io.File.separatorChar, '/');
        }
    }

    /**
     * A result's identity across runs for code scanning: its id, its file as named from the root
     * (so the same from any working directory or checkout), the text of its line with blanks
     * folded (not its number, which an edit above moves), its message without line numbers or
     * witness path, and which of the same it is in this log. 32 hex digits of SHA-256.
     */
    private static String fingerprint(Diagnostic d, Places places, Map<String, Integer> seen) {
        SourcePos p = d.pos();
        String file = places.relative(p.fileName());
        if (file == null) file = places.absolute(p.fileName()).toString();
        String line = "";
        if (p.line() > 0) {
            line = p.file() != null ? p.file().line(p.line()) : lineOnDisk(places.absolute(p.fileName()), p.line());
            line = line == null ? "#" + p.line() : line.strip().replaceAll("\\s+", " ");
        }
        String message = Diagnostic.withoutPath(d.message()).replaceAll(":\\d+(:\\d+)?\\b", "");
        String key = d.id() + '\0' + file + '\0' + line + '\0' + message;
        int nth = seen.merge(key, 1, Integer::sum);
        try {
            byte[] h = java.security.MessageDigest.getInstance("SHA-256").digest((key + '\0' + nth).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(h, 0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every Java platform has SHA-256
        }
    }

    /** Line {@code n} of a file on disk (an object's source found beside it), or null when it cannot be read. */
    private static String lineOnDisk(Path file, int n) {
        try (java.util.stream.Stream<String> lines = Files.lines(file, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            return lines.skip(n - 1L).findFirst().orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
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
