package dev.pica.format.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A SARIF log against the SARIF 2.1.0 schema (OASIS, sarif-schema-2.1.0.json), checked by hand
 * for the objects the log writes: their required properties, the types and ranges of their
 * values (levels, line and column from 1, absolute URIs), and no property the schema does not
 * define (it closes its objects with "additionalProperties": false). No validator is kept in
 * the build, and the schema is not ours to copy.
 */
class SarifLogTest {
    private static final SourceFile FILE = SourceFile.ofString("a.vsh", "main:\n    frob\n    end\nendmain:\n");

    private static List<Diagnostic> everyShape() {
        Diagnostics d = new Diagnostics();
        d.error(Problem.UNKNOWN_INSTRUCTION, SourcePos.of(FILE, 2, 5, null), "unknown instruction 'frob'");
        d.note(SourcePos.of(FILE, 1, 1, null), "a note about it");
        d.warning(Warning.UNKNOWN_PRAGMAS, SourcePos.of(FILE, 1, 0, null), "unknown pragma 'x' ignored");
        d.error(Problem.IO_ERROR, SourcePos.named("missing.vsh", 0), "cannot read: no such file");
        d.add(new Diagnostic(Diagnostic.Severity.WARNING, SourcePos.named("lib/b.vsh", 3), "'r1' may be read before it is written", Warning.UNINITIALIZED,
                List.of(SourcePos.named("b.vsh", 2), SourcePos.named("b.vsh", 3)), "F-UNINIT"));
        d.add(new Diagnostic(Diagnostic.Severity.ERROR, SourcePos.named("lib/b.vsh", 4), "call stack overflow", null, List.of(), "F-DEPTH"));
        List<Diagnostic> all = new java.util.ArrayList<>(d.list());
        all.add(new Diagnostic(Diagnostic.Severity.ERROR, SourcePos.named("picasm", 0), "unknown option '--frob'", Problem.USAGE));
        all.add(new Diagnostic(Diagnostic.Severity.ERROR, null, "no input defines 'main:'", Problem.MAIN_LABEL));
        return all;
    }

    private static JsonObject log() {
        return JsonParser.parseString(SarifLog.of("picasm", "1.0", everyShape(), Path.of(""), Path.of(""))).getAsJsonObject();
    }

    @Test
    void theLogIsValidSarif() {
        JsonObject log = log();
        object(log, "sarifLog", Set.of("version", "runs"), Set.of("$schema"));
        assertEquals("2.1.0", log.get("version").getAsString());
        uri(log.get("$schema"), true);
        for (JsonElement run : nonEmpty(log, "runs")) run(run.getAsJsonObject());
    }

    private static void run(JsonObject run) {
        object(run, "run", Set.of("tool"), Set.of("invocations", "originalUriBaseIds", "columnKind", "results"));
        assertTrue(Set.of("utf16CodeUnits", "unicodeCodePoints").contains(run.get("columnKind").getAsString()));
        for (Map.Entry<String, JsonElement> base : run.getAsJsonObject("originalUriBaseIds").entrySet()) {
            JsonObject a = base.getValue().getAsJsonObject();
            object(a, "artifactLocation", Set.of("uri"), Set.of());
            uri(a.get("uri"), true);
            assertTrue(a.get("uri").getAsString().endsWith("/"), "a base URI ends with a slash");
        }
        object(run.getAsJsonObject("tool"), "tool", Set.of("driver"), Set.of());
        JsonObject driver = run.getAsJsonObject("tool").getAsJsonObject("driver");
        object(driver, "toolComponent", Set.of("name"), Set.of("version", "rules", "notifications"));
        JsonArray rules = driver.getAsJsonArray("rules");
        for (JsonElement r : rules) rule(r.getAsJsonObject());
        JsonArray kinds = driver.has("notifications") ? nonEmpty(driver, "notifications") : new JsonArray();
        for (JsonElement r : kinds) rule(r.getAsJsonObject());
        for (JsonElement i : nonEmpty(run, "invocations")) {
            JsonObject invocation = i.getAsJsonObject();
            object(invocation, "invocation", Set.of("executionSuccessful"), Set.of("toolExecutionNotifications"));
            assertTrue(invocation.get("executionSuccessful").getAsJsonPrimitive().isBoolean());
            if (!invocation.has("toolExecutionNotifications")) continue;
            for (JsonElement n : nonEmpty(invocation, "toolExecutionNotifications")) {
                JsonObject o = n.getAsJsonObject();
                object(o, "notification", Set.of("message"), Set.of("descriptor", "level"));
                object(o.getAsJsonObject("message"), "message", Set.of("text"), Set.of());
                level(o.get("level"));
                JsonObject ref = o.getAsJsonObject("descriptor");
                object(ref, "reportingDescriptorReference", Set.of(), Set.of("id", "index"));
                assertEquals(kinds.get(ref.get("index").getAsInt()).getAsJsonObject().get("id"), ref.get("id"), "index names the descriptor of id");
            }
        }
        for (JsonElement r : nonEmpty(run, "results")) result(r.getAsJsonObject(), rules);
    }

    private static void rule(JsonObject r) {
        object(r, "reportingDescriptor", Set.of("id", "shortDescription", "help"), Set.of("fullDescription", "helpUri", "defaultConfiguration"));
        for (String m : List.of("shortDescription", "fullDescription", "help")) {
            if (r.has(m)) object(r.getAsJsonObject(m), "multiformatMessageString", Set.of("text"), Set.of("markdown"));
        }
        assertFalse(r.getAsJsonObject("help").get("text").getAsString().isBlank(), r.toString());
        uri(r.get("helpUri"), true);
        assertTrue(r.get("helpUri").getAsString().endsWith("diagnostics.md#" + r.get("id").getAsString()), r.toString());
        object(r.getAsJsonObject("defaultConfiguration"), "reportingConfiguration", Set.of(), Set.of("level"));
        level(r.getAsJsonObject("defaultConfiguration").get("level"));
    }

    private static void result(JsonObject r, JsonArray rules) {
        object(r, "result", Set.of("message", "ruleId", "level", "locations"), Set.of("ruleIndex", "relatedLocations", "codeFlows", "properties", "partialFingerprints"));
        for (Map.Entry<String, JsonElement> f : r.getAsJsonObject("partialFingerprints").entrySet()) assertTrue(f.getValue().getAsJsonPrimitive().isString(), r.toString());
        int index = r.get("ruleIndex").getAsInt();
        assertEquals(rules.get(index).getAsJsonObject().get("id").getAsString(), r.get("ruleId").getAsString(), "ruleIndex names the rule of ruleId");
        level(r.get("level"));
        object(r.getAsJsonObject("message"), "message", Set.of("text"), Set.of());
        for (JsonElement l : nonEmpty(r, "locations")) location(l.getAsJsonObject());
        if (r.has("relatedLocations")) {
            for (JsonElement l : nonEmpty(r, "relatedLocations")) location(l.getAsJsonObject());
        }
        if (r.has("codeFlows")) {
            for (JsonElement cf : nonEmpty(r, "codeFlows")) {
                object(cf.getAsJsonObject(), "codeFlow", Set.of("threadFlows"), Set.of());
                for (JsonElement tf : nonEmpty(cf.getAsJsonObject(), "threadFlows")) {
                    object(tf.getAsJsonObject(), "threadFlow", Set.of("locations"), Set.of());
                    for (JsonElement tfl : nonEmpty(tf.getAsJsonObject(), "locations")) {
                        object(tfl.getAsJsonObject(), "threadFlowLocation", Set.of("location"), Set.of());
                        location(tfl.getAsJsonObject().getAsJsonObject("location"));
                    }
                }
            }
        }
        if (r.has("properties")) assertTrue(r.get("properties").isJsonObject());
    }

    private static void location(JsonObject l) {
        object(l, "location", Set.of("physicalLocation"), Set.of("message"));
        if (l.has("message")) object(l.getAsJsonObject("message"), "message", Set.of("text"), Set.of());
        JsonObject p = l.getAsJsonObject("physicalLocation");
        object(p, "physicalLocation", Set.of("artifactLocation"), Set.of("region"));
        JsonObject a = p.getAsJsonObject("artifactLocation");
        object(a, "artifactLocation", Set.of("uri"), Set.of("uriBaseId"));
        uri(a.get("uri"), !a.has("uriBaseId"));
        if (p.has("region")) {
            JsonObject region = p.getAsJsonObject("region");
            object(region, "region", Set.of("startLine"), Set.of("startColumn"));
            for (String k : region.keySet()) assertTrue(region.get(k).getAsInt() >= 1, k + " counts from 1");
        }
    }

    /** The object has every required property and none the schema does not define for it. */
    private static void object(JsonObject o, String what, Set<String> required, Set<String> optional) {
        for (String k : required) if (!o.has(k)) fail(what + " lacks " + k + ": " + o);
        for (String k : o.keySet()) if (!required.contains(k) && !optional.contains(k)) fail(what + " has no property " + k + ": " + o);
    }

    private static JsonArray nonEmpty(JsonObject o, String name) {
        JsonArray a = o.getAsJsonArray(name);
        assertFalse(a.isEmpty(), name);
        return a;
    }

    private static void level(JsonElement e) {
        assertTrue(Set.of("none", "note", "warning", "error").contains(e.getAsString()), e.toString());
    }

    private static void uri(JsonElement e, boolean absolute) {
        URI u = URI.create(e.getAsString());
        assertEquals(absolute, u.isAbsolute(), e.toString());
    }

    @Test
    void everyResultCarriesItsKindsId() {
        List<String> ids = new java.util.ArrayList<>();
        for (JsonElement r : log().getAsJsonArray("runs").get(0).getAsJsonObject().getAsJsonArray("results")) ids.add(r.getAsJsonObject().get("ruleId").getAsString());
        assertEquals(List.of("unknown-instruction", "unknown-pragmas", "io-error", "uninitialized", "verifier-depth"), ids);
    }

    /**
     * A file-level error is located at its own file: an artifact without a region. A message of the
     * run or the tool (a usage error, a link without main) is no result on a file but a notification
     * of the invocation, which then did not succeed.
     */
    @Test
    void fileLevelResultsNameOnlyTheArtifact() {
        JsonObject run = log().getAsJsonArray("runs").get(0).getAsJsonObject();
        JsonArray results = run.getAsJsonArray("results");
        assertEquals("missing.vsh", artifact(results.get(2)).get("uri").getAsString());
        assertFalse(results.get(2).getAsJsonObject().getAsJsonArray("locations").get(0).getAsJsonObject().getAsJsonObject("physicalLocation").has("region"));
        JsonObject invocation = run.getAsJsonArray("invocations").get(0).getAsJsonObject();
        assertFalse(invocation.get("executionSuccessful").getAsBoolean());
        List<String> said = new java.util.ArrayList<>();
        for (JsonElement n : invocation.getAsJsonArray("toolExecutionNotifications")) {
            said.add(n.getAsJsonObject().getAsJsonObject("descriptor").get("id").getAsString() + ": " + n.getAsJsonObject().getAsJsonObject("message").get("text").getAsString());
        }
        assertEquals(List.of("usage: unknown option '--frob'", "main-label: no input defines 'main:'"), said);
    }

    /** A witness path's steps (an object records base names) name the file as the results do. */
    @Test
    void witnessStepsNameFilesAsLocationsDo() {
        JsonObject r = log().getAsJsonArray("runs").get(0).getAsJsonObject().getAsJsonArray("results").get(3).getAsJsonObject();
        assertEquals("lib/b.vsh", artifact(r).get("uri").getAsString());
        JsonArray steps = r.getAsJsonArray("codeFlows").get(0).getAsJsonObject().getAsJsonArray("threadFlows").get(0).getAsJsonObject().getAsJsonArray("locations");
        for (JsonElement s : steps) {
            JsonObject a = s.getAsJsonObject().getAsJsonObject("location").getAsJsonObject("physicalLocation").getAsJsonObject("artifactLocation");
            assertEquals("lib/b.vsh", a.get("uri").getAsString());
        }
    }

    /**
     * GCC's note at a first definition is a related location of the redefinition's result, with its
     * message: one code-scanning alert, not a second one at the innocent first definition. A note
     * of the verifier's own (F-UNINIT's) stays a result.
     */
    @Test
    void aNoteIsARelatedLocationOfTheResultBeforeIt() {
        SourceFile f = SourceFile.ofString("r.vsh", "def c0, 1, 1, 1, 1\ndef c0, 2, 2, 2, 2\nmain:\n    end\nendmain:\n");
        Diagnostics d = new Diagnostics();
        d.error(Problem.REDEFINITION, SourcePos.of(f, 2, 5, null), "redefinition of 'c0'");
        d.note(SourcePos.of(f, 1, 5, null), "previous definition of 'c0' was here");
        d.warning(Warning.UNINITIALIZED, SourcePos.of(f, 4, 5, null), "'r1' may be read before it is written");
        d.note(SourcePos.of(f, 3, 1, null), "a note about the warning");
        d.add(new Diagnostic(Diagnostic.Severity.NOTE, SourcePos.of(f, 4, 5, null), "cmp.x is read before any cmp sets it", null, List.of(), "F-UNINIT"));
        JsonObject run = JsonParser.parseString(SarifLog.of("picasm", "1.0", d.list(), Path.of(""), Path.of(""))).getAsJsonObject()
                .getAsJsonArray("runs").get(0).getAsJsonObject();
        run(run);
        JsonArray results = run.getAsJsonArray("results");
        assertEquals(3, results.size(), results.toString());
        JsonObject redefinition = results.get(0).getAsJsonObject();
        assertEquals("redefinition", redefinition.get("ruleId").getAsString());
        JsonArray related = redefinition.getAsJsonArray("relatedLocations");
        assertEquals(1, related.size(), redefinition.toString());
        JsonObject first = related.get(0).getAsJsonObject();
        assertEquals("previous definition of 'c0' was here", first.getAsJsonObject("message").get("text").getAsString());
        assertEquals("r.vsh", first.getAsJsonObject("physicalLocation").getAsJsonObject("artifactLocation").get("uri").getAsString());
        assertEquals(1, first.getAsJsonObject("physicalLocation").getAsJsonObject("region").get("startLine").getAsInt());
        JsonObject warning = results.get(1).getAsJsonObject();
        assertEquals("a note about the warning", warning.getAsJsonArray("relatedLocations").get(0).getAsJsonObject().getAsJsonObject("message").get("text").getAsString());
        assertEquals("-Wuninitialized", warning.getAsJsonObject("properties").get("option").getAsString());
        JsonObject own = results.get(2).getAsJsonObject();
        assertEquals("note", own.get("level").getAsString());
        assertEquals("verifier-uninit", own.get("ruleId").getAsString());
        assertFalse(own.has("relatedLocations"));
        // GCC's JSON nests the same notes as children
        JsonArray json = JsonParser.parseString(DiagnosticJson.of(d.list())).getAsJsonArray();
        assertEquals(3, json.size(), json.toString());
        assertEquals("previous definition of 'c0' was here", json.get(0).getAsJsonObject().getAsJsonArray("children").get(0).getAsJsonObject().get("message").getAsString());
        assertFalse(json.get(2).getAsJsonObject().has("children"));
    }

    /** A rule's default level is its kind's, not that of its first diagnostic (which -Werror or a note may have made something else). */
    @Test
    void aRulesDefaultLevelIsItsKinds() {
        SourcePos at = SourcePos.of(FILE, 2, 5, null);
        List<Diagnostic> all = List.of(
                new Diagnostic(Diagnostic.Severity.ERROR, at, "'r1' may be read before it is written", Warning.UNINITIALIZED), // -Werror=uninitialized
                new Diagnostic(Diagnostic.Severity.ERROR, at, "built into no binary: a lone .g.pica", Problem.UNUSED_INPUT), // -Werror
                new Diagnostic(Diagnostic.Severity.WARNING, at, "picasso has no preprocessor", Problem.DIALECT_MIXUP),
                new Diagnostic(Diagnostic.Severity.NOTE, at, "what the printed source cannot say", Problem.REBUILD),
                new Diagnostic(Diagnostic.Severity.NOTE, at, "cmp.x is read before any cmp sets it", null, List.of(), "F-UNINIT"),
                new Diagnostic(Diagnostic.Severity.ERROR, at, "call stack overflow", null, List.of(), "F-DEPTH"));
        java.util.Map<String, String> levels = new java.util.TreeMap<>();
        JsonObject run = JsonParser.parseString(SarifLog.of("picasm", "1.0", all, Path.of(""), Path.of(""))).getAsJsonObject().getAsJsonArray("runs").get(0).getAsJsonObject();
        for (JsonElement e : run.getAsJsonObject("tool").getAsJsonObject("driver").getAsJsonArray("rules")) {
            levels.put(e.getAsJsonObject().get("id").getAsString(), e.getAsJsonObject().getAsJsonObject("defaultConfiguration").get("level").getAsString());
        }
        assertEquals(Map.of("uninitialized", "warning", "unused-input", "warning", "dialect-mixup", "error", "rebuild", "error",
                "verifier-uninit", "note", "verifier-depth", "error"), levels);
    }

    /** A rule's help is its row of docs/diagnostics.md, links made absolute where the docs lie. */
    @Test
    void aRulesHelpIsItsRowOfTheDocs() {
        for (JsonElement e : log().getAsJsonArray("runs").get(0).getAsJsonObject().getAsJsonObject("tool").getAsJsonObject("driver").getAsJsonArray("rules")) {
            JsonObject rule = e.getAsJsonObject();
            DiagnosticDocs.Entry doc = DiagnosticDocs.of(rule.get("id").getAsString());
            assertEquals(doc.helpText(), rule.getAsJsonObject("help").get("text").getAsString());
            assertEquals(doc.plainWhat(), rule.getAsJsonObject("fullDescription").get("text").getAsString());
            assertEquals(doc.summary(), rule.getAsJsonObject("shortDescription").get("text").getAsString());
            String markdown = rule.getAsJsonObject("help").get("markdown").getAsString();
            assertFalse(markdown.contains("](verifier.md"), markdown);
        }
    }

    /**
     * helpUri names only the docs beside the tools, a checkout's or the distribution's, and only
     * when the page has the id's row: never a docs/diagnostics.md of the user's project above a jar
     * in its local repository (every ancestor up to / was tried before).
     */
    @Test
    void helpUriNamesOnlyOurDocsBesideTheTools(@org.junit.jupiter.api.io.TempDir Path tmp) throws java.io.IOException {
        String ours = "| <a id=\"syntax\"></a>`syntax` | text that does not parse |\n";
        Path checkout = page(tmp.resolve("checkout/docs"), ours).getParent().getParent();
        java.nio.file.Files.createDirectories(checkout.resolve("format/target/classes"));
        assertEquals(checkout.resolve("docs").toUri() + "diagnostics.md#syntax", SarifLog.Docs.of(checkout.resolve("format/target/classes")).helpUri("syntax"));
        assertEquals(checkout.resolve("docs").toUri() + "diagnostics.md#syntax", SarifLog.Docs.of(checkout.resolve("format/target/pica-format-1.0.jar")).helpUri("syntax"));
        assertEquals(null, SarifLog.Docs.of(checkout.resolve("format/target/classes")).helpUri("usage"), "an id the page has no row for");
        Path prefix = page(tmp.resolve("opt/share/doc/pica-toolchain/docs"), ours).getParent().getParent().getParent().getParent().getParent();
        Path jar = prefix.resolve("lib/pica-toolchain/lib/pica-format-1.0.jar");
        assertEquals(prefix.resolve("share/doc/pica-toolchain/docs").toUri() + "diagnostics.md#syntax", SarifLog.Docs.of(jar).helpUri("syntax"));
        // a project with a docs/diagnostics.md of its own (ours, even) and the tools in its local repository
        Path project = page(tmp.resolve("project/docs"), ours).getParent().getParent();
        assertEquals(null, SarifLog.Docs.of(project.resolve(".m2/repository/dev/pica/pica-format/1.0/pica-format-1.0.jar")).helpUri("syntax"));
        assertEquals(null, SarifLog.Docs.of(project.resolve("target/classes")).dir);
        // the layout of a checkout, but a page that is not ours
        Path other = page(tmp.resolve("other/docs"), "# Diagnostics of another project\n").getParent().getParent();
        assertEquals(null, SarifLog.Docs.of(other.resolve("format/target/classes")).helpUri("syntax"));
        assertEquals(null, SarifLog.Docs.of(null).helpUri("syntax"));
    }

    private static Path page(Path docs, String text) throws java.io.IOException {
        java.nio.file.Files.createDirectories(docs);
        return java.nio.file.Files.writeString(docs.resolve("diagnostics.md"), text);
    }

    /** The docs' reader serves SarifLog alone: not part of the exported package's API. */
    @Test
    void theDocsReaderIsNotApi() {
        assertFalse(java.lang.reflect.Modifier.isPublic(DiagnosticDocs.class.getModifiers()));
        assertFalse(java.lang.reflect.Modifier.isPublic(DiagnosticDocs.Entry.class.getModifiers()));
    }

    /** A rule's title is its description's first clause, without the rule's name and what parentheses add. */
    @Test
    void summariesAreTheFirstClause() {
        assertEquals("a temporary, a0, aL read before it is written on some path", DiagnosticDocs.of("uninitialized").summary());
        assertEquals("a register beyond its file, or an offset that takes it there", DiagnosticDocs.of("register-range").summary());
        assertEquals("execution that runs past endmain: or off the end of the code, or executes an invalid word", DiagnosticDocs.of("verifier-end").summary());
        assertEquals("the main:/endmain: pair wrong", DiagnosticDocs.of("main-label").summary());
        // a lead naming the tool is kept: the clause goes on to the next ':' or ';' (DiagnosticDocs.LEAD)
        assertEquals("picasim: a run that cannot go on, and what a run read unset", DiagnosticDocs.of("simulation").summary());
        assertEquals("bin/picasso only: a verifier error that picasso 2.7.2 builds anyway", DiagnosticDocs.of("hazard").summary());
        assertEquals("picadis -o: whether the printed sources rebuild the binary's bytes", DiagnosticDocs.of("rebuild").summary());
        for (DiagnosticDocs.Entry e : DiagnosticDocs.entries().values()) {
            String s = e.summary();
            assertTrue(s.length() >= 10 && s.chars().filter(c -> c == '(').count() == s.chars().filter(c -> c == ')').count(), e.id() + ": " + s);
        }
    }

    @Test
    void jsonCarriesTheSameIds() {
        JsonArray all = JsonParser.parseString(DiagnosticJson.of(everyShape())).getAsJsonArray();
        assertEquals("unknown-instruction", all.get(0).getAsJsonObject().get("id").getAsString());
        assertEquals("unknown-instruction", all.get(0).getAsJsonObject().getAsJsonArray("children").get(0).getAsJsonObject().get("id").getAsString());
        assertEquals("io-error", all.get(2).getAsJsonObject().get("id").getAsString());
        assertEquals("verifier-depth", all.get(4).getAsJsonObject().get("id").getAsString());
    }

    private static JsonObject artifact(JsonElement result) {
        return result.getAsJsonObject().getAsJsonArray("locations").get(0).getAsJsonObject().getAsJsonObject("physicalLocation").getAsJsonObject("artifactLocation");
    }
}
