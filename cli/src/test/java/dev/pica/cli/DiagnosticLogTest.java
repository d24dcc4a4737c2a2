package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -fdiagnostics-format other than text, run as CI runs the tools (each its own JVM): one document
 * per run holding every input's diagnostics, batches included, and nothing else on standard error.
 */
class DiagnosticLogTest {
    @TempDir
    Path dir;

    private record Run(int code, String err) {}

    private Run tool(String main, String... args) throws Exception {
        return toolIn(dir, main, args);
    }

    private Run toolIn(Path cwd, String main, String... args) throws Exception {
        ToolProcess.Run r = ToolProcess.run(cwd, main, args);
        return new Run(r.code(), r.err());
    }

    private void sources() throws IOException {
        Files.writeString(dir.resolve("bad.vsh"), "main:\n    frob\n    end\nendmain:\n");
        Files.writeString(dir.resolve("warn.vsh"), "#pragma output_map(position, o0)\n#pragma frob\nmain:\n    mov o0, v0\n    end\nendmain:\n");
        Files.writeString(dir.resolve("good.vsh"), "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    end\nendmain:\n");
    }

    private static List<String> messages(JsonArray results, String field) {
        List<String> m = new ArrayList<>();
        for (JsonElement r : results) {
            JsonElement e = r.getAsJsonObject().get("message");
            m.add(e.isJsonObject() ? e.getAsJsonObject().get(field).getAsString() : e.getAsString());
        }
        return m;
    }

    @Test
    void aPicasmBatchWritesOneSarifLogWithEveryInputsFindings() throws Exception {
        sources();
        Run r = tool("Picasm", "bad.vsh", "warn.vsh", "good.vsh", "--output-dir", "out", "-fdiagnostics-format=sarif-stderr");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().startsWith("{"), "nothing before the log: " + r.err());
        JsonObject log = JsonParser.parseString(r.err()).getAsJsonObject();
        assertEquals(1, log.getAsJsonArray("runs").size());
        JsonArray results = log.getAsJsonArray("runs").get(0).getAsJsonObject().getAsJsonArray("results");
        List<String> m = messages(results, "text");
        assertEquals(2, m.size(), m.toString());
        assertTrue(m.get(0).startsWith("unknown instruction 'frob'"), m.toString());
        assertTrue(m.get(1).startsWith("unknown pragma 'frob' ignored"), m.toString());
        assertTrue(Files.exists(dir.resolve("out/good.obj")) && Files.exists(dir.resolve("out/warn.obj")));
    }

    /**
     * A command line picocli refuses (an unknown option, a missing value) is still said in the log
     * the run asked for, wherever -fdiagnostics-format stands, so CI's upload finds a document;
     * without it, or with a format that does not exist, as text.
     */
    @Test
    void aCommandLineErrorGoesIntoTheLogAskedFor() throws Exception {
        for (String[] args : List.of(new String[] {"a.vsh", "--bogus", "-fdiagnostics-format=sarif"}, new String[] {"-fdiagnostics-format", "sarif-stderr", "a.vsh", "-o"})) {
            Run r = tool("Picasm", args);
            assertEquals(2, r.code(), r.err());
            assertEquals(List.of("usage"), notifications(sarifRun(r)), r.err());
            assertEquals(List.of(), places(sarifRun(r)), "a usage error is no result on a file");
        }
        assertEquals("unknown option '--bogus'", notificationTexts(sarifRun(tool("Picalink", "--each", "--bogus", "-fdiagnostics-format=sarif"))).get(0));
        Run json = tool("Picasso", "-fdiagnostics-format=json", "--bogus", "a.v.pica");
        assertEquals(2, json.code());
        assertEquals("unknown option '--bogus'", JsonParser.parseString(json.err()).getAsJsonArray().get(0).getAsJsonObject().get("message").getAsString());
        Run file = tool("Picadis", "x.shbin", "--bogus", "-fdiagnostics-format=sarif-file");
        assertEquals(2, file.code());
        assertEquals("", file.err());
        assertTrue(Files.readString(dir.resolve("picadis.sarif")).contains("unknown option '--bogus'"));
        // the errors found after picocli's parse, or before it, and a format given in an @file
        Run w = tool("Picasm", "-fdiagnostics-format=sarif-stderr", "-Wbogus", "a.vsh", "-o", "a.o");
        assertEquals(2, w.code());
        assertTrue(notificationTexts(sarifRun(w)).get(0).startsWith("unknown warning option '-Wbogus'"), w.err());
        Run h = tool("Picasm", "-fdiagnostics-format=json", "-h", "a.vsh");
        assertEquals(2, h.code());
        assertTrue(JsonParser.parseString(h.err()).getAsJsonArray().get(0).getAsJsonObject().get("message").getAsString().startsWith("-h is not an option"), h.err());
        Files.writeString(dir.resolve("args.txt"), "-fdiagnostics-format=sarif-stderr\n--bogus\n");
        Run fromFile = tool("Picasm", "@" + dir.resolve("args.txt"), "a.vsh");
        assertEquals(2, fromFile.code());
        assertTrue(JsonParser.parseString(fromFile.err()).isJsonObject(), fromFile.err());
        // a log that cannot be written: the error is said as text too; a file the command line names is not replaced
        Files.createDirectories(dir.resolve("picasm.sarif"));
        Run unwritable = tool("Picasm", "-fdiagnostics-format=sarif-file", "--bogus", "a.vsh");
        assertEquals(2, unwritable.code());
        assertTrue(unwritable.err().contains("cannot write 'picasm.sarif'") && unwritable.err().contains("unknown option '--bogus'"), unwritable.err());
        Files.writeString(dir.resolve("picalink.sarif"), "keep me");
        assertEquals(2, tool("Picalink", "-fdiagnostics-format=sarif-file", "--bogus", "picalink.sarif").code());
        assertEquals("keep me", Files.readString(dir.resolve("picalink.sarif")));
        // an input without a file name: the -file log is named after the tool
        Run root = tool("Picasso", "-fdiagnostics-format=json-file", "-o", "r.shbin", "/");
        assertTrue(root.code() == 1 && Files.readString(dir.resolve("picasso.gcc.json")).contains("\"kind\": \"error\""), root.err());
        Run text = tool("Picasm", "a.vsh", "--bogus", "-fdiagnostics-format=xml");
        assertTrue(text.err().startsWith("picasm: error: unknown option '--bogus'"), text.err());
        assertTrue(tool("Picasm", "a.vsh", "--bogus", "--", "-fdiagnostics-format=sarif").err().startsWith("picasm: error: "), "after --, a file name");
    }

    @Test
    void aPicasmBatchWritesOneJsonFile() throws Exception {
        sources();
        Run r = tool("Picasm", "bad.vsh", "warn.vsh", "good.vsh", "--output-dir", "out", "-fdiagnostics-format=json-file");
        assertEquals(1, r.code(), r.err());
        assertEquals("", r.err());
        JsonArray all = JsonParser.parseString(Files.readString(dir.resolve("bad.vsh.gcc.json"))).getAsJsonArray();
        List<String> m = messages(all, null);
        assertEquals(2, m.size(), m.toString());
        assertTrue(m.get(0).startsWith("unknown instruction 'frob'") && m.get(1).startsWith("unknown pragma 'frob' ignored"), m.toString());
        // the ids a SARIF log gives as ruleId (docs/diagnostics.md, "Diagnostic ids")
        assertEquals("unknown-instruction", all.get(0).getAsJsonObject().get("id").getAsString());
        assertEquals("unknown-pragmas", all.get(1).getAsJsonObject().get("id").getAsString());
        try (var files = Files.list(dir)) {
            assertEquals(1, files.filter(f -> f.toString().endsWith(".json")).count(), "one log per run");
        }
    }

    @Test
    void picalinkEachWritesOneLogForEveryUnit() throws Exception {
        sources();
        Files.writeString(dir.resolve("p.v.pica"), "; picasso\n.out outpos position\n.proc main\n    mov outpos, v0\n    frob\n    end\n.end\n");
        Run sarif = tool("Picalink", "--each", "bad.vsh", "warn.vsh", "good.vsh", "p.v.pica", "--output-dir", "out", "-fdiagnostics-format=sarif-file");
        assertEquals(1, sarif.code(), sarif.err());
        assertEquals("", sarif.err());
        JsonObject log = JsonParser.parseString(Files.readString(dir.resolve("bad.vsh.sarif"))).getAsJsonObject();
        List<String> m = messages(log.getAsJsonArray("runs").get(0).getAsJsonObject().getAsJsonArray("results"), "text");
        // bad.vsh's and p.v.pica's errors, warn.vsh's warning, and the unit that was not linked (a notification: no source of its own)
        assertEquals(2, m.stream().filter(x -> x.startsWith("unknown instruction 'frob'")).count(), m.toString());
        assertTrue(m.contains("unknown pragma 'frob' ignored"), m.toString());
        assertEquals(3, m.size(), m.toString());
        assertEquals(List.of("not linked: bad.vsh has errors"), notificationTexts(log.getAsJsonArray("runs").get(0).getAsJsonObject()));
        Run json = tool("Picalink", "--each", "bad.vsh", "warn.vsh", "good.vsh", "p.v.pica", "--output-dir", "out2", "-fdiagnostics-format=json");
        assertEquals(1, json.code(), json.err());
        assertTrue(json.err().startsWith("["), json.err());
        assertFalse(JsonParser.parseString(json.err()).getAsJsonArray().isEmpty());
        assertTrue(Files.exists(dir.resolve("out2/good.shbin")));
    }
    /**
     * What GitHub code scanning reads of each result and rule ("SARIF support for code scanning",
     * https://docs.github.com/en/code-security/reference/code-scanning/sarif-files/sarif-support:
     * a ruleId the same across runs, a level, message.text, at least one location with its
     * artifactLocation.uri; each rule with its id and shortDescription.text; helpUri a URI),
     * for every stage: I/O, preprocessor, syntax, assembler, linker, verifier, a warning, the
     * drop-in, picadis and the command line; each id is its kind's (docs/diagnostics.md, "Diagnostic
     * ids"), and each rule's help is its row there, helpUri its anchor in the docs on disk.
     */
    @Test
    void everySarifResultHasARuleALevelAndAnArtifact() throws Exception {
        sources();
        Files.writeString(dir.resolve("inc.vsh"), "#include \"missing.h\"\nmain:\n    end\nendmain:\n");
        Files.writeString(dir.resolve("op.vsh"), "main:\n    mov r0,, r1\n    end\nendmain:\n");
        Files.writeString(dir.resolve("flow.vsh"), "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    mov r0, r1\n    end\nendmain:\n");
        Files.writeString(dir.resolve("call.vsh"), "#pragma output_map(position, o0)\nmain:\n    call nowhere\n    mov o0, v0\n    end\nendmain:\n");
        Files.writeString(dir.resolve("redef.vsh"), "def c0, 1, 1, 1, 1\ndef c0, 2, 2, 2, 2\nmain:\n    end\nendmain:\n");
        Run r = tool("Picasm", "nothere.vsh", "inc.vsh", "bad.vsh", "op.vsh", "warn.vsh", "flow.vsh", "redef.vsh", "--output-dir", "out", "-fdiagnostics-format=sarif");
        Run link = tool("Picalink", "call.vsh", "-o", "call.shbin", "-fdiagnostics-format=sarif");
        Files.writeString(dir.resolve("sdk.v.pica"), "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    end\nendmain:\n");
        Run dropIn = tool("Picasso", "-o", "x.shbin", "sdk.v.pica", "-fdiagnostics-format=sarif");
        Run dis = tool("Picadis", "good.vsh", "-fdiagnostics-format=sarif");
        Run usage = tool("Picalink", "-", "-", "-o", "x.shbin", "-fdiagnostics-format=sarif");
        java.util.Set<String> seen = new java.util.TreeSet<>();
        for (Run run : List.of(r, link, dropIn, dis, usage)) {
            JsonObject sarifRun = JsonParser.parseString(run.err()).getAsJsonObject().getAsJsonArray("runs").get(0).getAsJsonObject();
            List<String> ids = new ArrayList<>();
            for (JsonElement rule : sarifRun.getAsJsonObject("tool").getAsJsonObject("driver").getAsJsonArray("rules")) {
                JsonObject o = rule.getAsJsonObject();
                ids.add(o.get("id").getAsString());
                assertFalse(o.getAsJsonObject("shortDescription").get("text").getAsString().isEmpty());
                java.net.URI help = java.net.URI.create(o.get("helpUri").getAsString());
                assertTrue(help.isAbsolute(), o.toString());
                Path page = Path.of(java.net.URI.create(help.getScheme() + ":" + help.getRawSchemeSpecificPart()));
                assertEquals("diagnostics.md", page.getFileName().toString(), o.toString());
                assertTrue(Files.isRegularFile(page), "the docs the helpUri names are on disk: " + help);
                assertEquals(o.get("id").getAsString(), help.getFragment());
                assertTrue(Files.readString(page).contains("<a id=\"" + help.getFragment() + "\"></a>"), help.toString());
                // the help is the id's row of the page: its description (and a warning's source), links pointing beside the page
                String row = Files.readAllLines(page).stream().filter(l -> l.startsWith("| <a id=\"" + help.getFragment() + "\"></a>")).findFirst().orElseThrow();
                String markdown = o.getAsJsonObject("help").get("markdown").getAsString().replace(page.getParent().toUri().toString(), "");
                for (String part : markdown.split("\n\nSource: ")) assertTrue(row.contains(" | " + part + " |"), part + " in " + row);
            }
            for (JsonElement e : sarifRun.getAsJsonArray("results")) {
                JsonObject res = e.getAsJsonObject();
                String id = res.get("ruleId").getAsString();
                assertTrue(ids.contains(id), id + " in " + ids);
                assertEquals(ids.indexOf(id), res.get("ruleIndex").getAsInt());
                assertTrue(List.of("error", "warning", "note").contains(res.get("level").getAsString()), res.toString());
                assertFalse(res.getAsJsonObject("message").get("text").getAsString().isEmpty());
                JsonObject artifact = res.getAsJsonArray("locations").get(0).getAsJsonObject().getAsJsonObject("physicalLocation").getAsJsonObject("artifactLocation");
                assertFalse(artifact.get("uri").getAsString().isEmpty(), res.toString());
                seen.add(id);
            }
        }
        // one id per kind, one name space with the warning options
        assertEquals(new java.util.TreeSet<>(List.of("io-error", "missing-include", "unknown-instruction", "syntax", "unknown-pragmas", "after-last-output",
                "undefined-label", "dialect-mixup", "wrong-file-kind", "redefinition")), seen);
        // the usage error is the invocation's notification, not a result on a file
        JsonObject invocation = JsonParser.parseString(usage.err()).getAsJsonObject().getAsJsonArray("runs").get(0).getAsJsonObject()
                .getAsJsonArray("invocations").get(0).getAsJsonObject();
        assertEquals("usage", invocation.getAsJsonArray("toolExecutionNotifications").get(0).getAsJsonObject().getAsJsonObject("descriptor").get("id").getAsString());
        // GCC's note at the first definition is the redefinition's related location, not a result (an alert) of its own
        JsonObject redefinition = null;
        for (JsonElement e : JsonParser.parseString(r.err()).getAsJsonObject().getAsJsonArray("runs").get(0).getAsJsonObject().getAsJsonArray("results")) {
            if (e.getAsJsonObject().get("ruleId").getAsString().equals("redefinition")) {
                assertTrue(redefinition == null, "one result for one redefinition: " + r.err());
                redefinition = e.getAsJsonObject();
            }
        }
        JsonObject previous = redefinition.getAsJsonArray("relatedLocations").get(0).getAsJsonObject();
        assertEquals("previous definition of 'c0' was here", previous.getAsJsonObject("message").get("text").getAsString());
        assertEquals(1, previous.getAsJsonObject("physicalLocation").getAsJsonObject("region").get("startLine").getAsInt());
        // a file that cannot be read is filed under itself
        assertTrue(r.err().contains("\"uri\": \"nothere.vsh\""), r.err());
    }

    /**
     * A finding only the link sees, in objects of a subfolder: its location and each step of its
     * witness path name the sources as found beside the objects (lib/main.vsh, lib/sub.vsh; the
     * objects record base names only), files that exist from the working directory.
     */
    @Test
    void witnessPathsNameFilesAsTheLocationsDo() throws Exception {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Files.writeString(lib.resolve("main.vsh"), "#pragma output_map(position, o0)\nmain:\n    call sub\n    mov o0, r5\n    end\nendmain:\n");
        Files.writeString(lib.resolve("sub.vsh"), "sub:\n    mov r6, v0\n    ret\n");
        assertEquals(0, tool("Picasm", "lib/main.vsh", "-o", "lib/main.o").code());
        assertEquals(0, tool("Picasm", "lib/sub.vsh", "-o", "lib/sub.o").code());
        Run link = tool("Picalink", "lib/main.o", "lib/sub.o", "-o", "m.shbin", "-fdiagnostics-format=sarif");
        assertEquals(0, link.code(), link.err());
        JsonArray results = JsonParser.parseString(link.err()).getAsJsonObject().getAsJsonArray("runs").get(0).getAsJsonObject().getAsJsonArray("results");
        assertEquals(1, results.size(), link.err());
        JsonObject r = results.get(0).getAsJsonObject();
        assertEquals("uninitialized", r.get("ruleId").getAsString());
        assertEquals("lib/main.vsh", uri(r.getAsJsonArray("locations").get(0).getAsJsonObject()));
        List<String> steps = new ArrayList<>();
        for (JsonElement s : r.getAsJsonArray("codeFlows").get(0).getAsJsonObject().getAsJsonArray("threadFlows").get(0).getAsJsonObject().getAsJsonArray("locations")) {
            steps.add(uri(s.getAsJsonObject().getAsJsonObject("location")));
        }
        assertEquals(List.of("lib/main.vsh", "lib/sub.vsh", "lib/main.vsh"), steps);
        for (String f : steps) assertTrue(Files.isRegularFile(dir.resolve(f)), f);
    }

    private static JsonObject sarifRun(Run r) {
        assertTrue(r.err().startsWith("{"), r.err());
        return JsonParser.parseString(r.err()).getAsJsonObject().getAsJsonArray("runs").get(0).getAsJsonObject();
    }

    /** Each result's rule id, file URI and line, in order. */
    private static List<String> places(JsonObject run) {
        List<String> out = new ArrayList<>();
        for (JsonElement e : run.getAsJsonArray("results")) {
            JsonObject r = e.getAsJsonObject(), at = r.getAsJsonArray("locations").get(0).getAsJsonObject();
            JsonObject region = at.getAsJsonObject("physicalLocation").getAsJsonObject("region");
            out.add(r.get("ruleId").getAsString() + " " + uri(at) + (region == null ? "" : ":" + region.get("startLine").getAsInt()));
        }
        return out;
    }

    private static List<String> notifications(JsonObject run) {
        List<String> out = new ArrayList<>();
        JsonArray all = run.getAsJsonArray("invocations").get(0).getAsJsonObject().getAsJsonArray("toolExecutionNotifications");
        if (all == null) return out;
        for (JsonElement e : all) out.add(e.getAsJsonObject().getAsJsonObject("descriptor").get("id").getAsString());
        return out;
    }

    private static List<String> notificationTexts(JsonObject run) {
        List<String> out = new ArrayList<>();
        JsonArray all = run.getAsJsonArray("invocations").get(0).getAsJsonObject().getAsJsonArray("toolExecutionNotifications");
        if (all != null) for (JsonElement e : all) out.add(e.getAsJsonObject().getAsJsonObject("message").get("text").getAsString());
        return out;
    }

    private static List<String> fingerprints(JsonObject run) {
        List<String> out = new ArrayList<>();
        for (JsonElement e : run.getAsJsonArray("results")) out.add(e.getAsJsonObject().getAsJsonObject("partialFingerprints").get("picaToolchain/v1").getAsString());
        return out;
    }

    /**
     * A build run from a subdirectory of a repository (make -C shaders) as code scanning reads its
     * log: URIs relative to the repository root (the directory holding .git, or --sarif-root),
     * since GitHub's upload ignores originalUriBaseIds; results only on sources (not on the binary
     * a failed unit did not write, not on a file named after the tool for a usage error, not on the
     * first input for two other inputs' output clash: those are the invocation's notifications);
     * partialFingerprints the same from any directory and on a second run, different for two
     * findings.
     */
    @Test
    void sarifNamesFilesFromTheRepositoryRootAndOnlySources() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        Path shaders = Files.createDirectories(repo.resolve("shaders"));
        Files.writeString(shaders.resolve("skinning.vsh"), "#pragma output_map(position, o0)\nmain:\n    mov o0, v0\n    frob\n    end\nendmain:\n");
        Files.writeString(shaders.resolve("billboard.vsh"), "#pragma output_map(position, o0)\n#pragma frob\nmain:\n    mov o0, v0\n    end\nendmain:\n");
        for (String sub : List.of("a", "b")) Files.writeString(Files.createDirectories(shaders.resolve(sub)).resolve("x.vsh"), Files.readString(shaders.resolve("billboard.vsh")));

        JsonObject each = sarifRun(toolIn(shaders, "Picalink", "--each", "skinning.vsh", "billboard.vsh", "--output-dir", "out", "-fdiagnostics-format=sarif"));
        assertEquals(List.of("unknown-instruction shaders/skinning.vsh:4", "unknown-pragmas shaders/billboard.vsh:2"), places(each));
        assertEquals(List.of("not-linked"), notifications(each));
        assertFalse(each.getAsJsonArray("invocations").get(0).getAsJsonObject().get("executionSuccessful").getAsBoolean());
        assertEquals("%SRCROOT%", each.getAsJsonArray("results").get(0).getAsJsonObject().getAsJsonArray("locations").get(0).getAsJsonObject()
                .getAsJsonObject("physicalLocation").getAsJsonObject("artifactLocation").get("uriBaseId").getAsString());
        assertEquals(repo.toUri().toString(), each.getAsJsonObject("originalUriBaseIds").getAsJsonObject("%SRCROOT%").get("uri").getAsString());

        JsonObject clash = sarifRun(toolIn(shaders, "Picasm", "billboard.vsh", "a/x.vsh", "b/x.vsh", "--output-dir", "objs", "-fdiagnostics-format=sarif"));
        assertEquals(List.of(), places(clash), "the clash is checked before any unit is built, and is no result on billboard.vsh");
        assertEquals(1, notificationTexts(clash).size(), clash.toString());
        assertTrue(notificationTexts(clash).get(0).startsWith("two inputs would write"), clash.toString());
        JsonObject usage = sarifRun(toolIn(shaders, "Picasm", "--bogus", "-fdiagnostics-format=sarif"));
        assertEquals(List.of(), places(usage));
        assertEquals(List.of("usage"), notifications(usage));

        // the same findings from the root, from the subdirectory, again, and with --sarif-root from elsewhere
        JsonObject fromRoot = sarifRun(toolIn(repo, "Picasm", "shaders/skinning.vsh", "shaders/billboard.vsh", "--output-dir", "o1", "-fdiagnostics-format=sarif"));
        JsonObject fromSub = sarifRun(toolIn(shaders, "Picasm", "skinning.vsh", "billboard.vsh", "--output-dir", "o2", "-fdiagnostics-format=sarif"));
        JsonObject again = sarifRun(toolIn(shaders, "Picasm", "skinning.vsh", "billboard.vsh", "--output-dir", "o3", "-fdiagnostics-format=sarif"));
        Path outside = Files.createDirectories(dir.resolve("elsewhere"));
        JsonObject named = sarifRun(toolIn(outside, "Picasm", "../repo/shaders/skinning.vsh", "../repo/shaders/billboard.vsh", "--output-dir", "o4",
                "-fdiagnostics-format=sarif", "--sarif-root", "../repo"));
        assertEquals(places(fromRoot), places(fromSub));
        assertEquals(places(fromRoot), places(named));
        assertEquals(List.of("unknown-instruction shaders/skinning.vsh:4", "unknown-pragmas shaders/billboard.vsh:2"), places(fromSub));
        assertEquals(fingerprints(fromRoot), fingerprints(fromSub));
        assertEquals(fingerprints(fromRoot), fingerprints(again));
        assertEquals(fingerprints(fromRoot), fingerprints(named));
        assertEquals(2, new java.util.HashSet<>(fingerprints(fromRoot)).size());
        // a line moved by an edit above keeps its fingerprint
        Files.writeString(shaders.resolve("skinning.vsh"), "// a comment\n" + Files.readString(shaders.resolve("skinning.vsh")));
        JsonObject moved = sarifRun(toolIn(shaders, "Picasm", "skinning.vsh", "-o", "s.o", "-fdiagnostics-format=sarif"));
        assertEquals(List.of("unknown-instruction shaders/skinning.vsh:5"), places(moved));
        assertEquals(fingerprints(fromRoot).get(0), fingerprints(moved).get(0));
        // a root that is no directory is a usage error; a file outside the root is an absolute URI
        assertEquals(2, toolIn(shaders, "Picasm", "skinning.vsh", "-o", "s.o", "-fdiagnostics-format=sarif", "--sarif-root", "nothere").code());
        JsonObject beyond = sarifRun(toolIn(shaders, "Picasm", "skinning.vsh", "-o", "s.o", "-fdiagnostics-format=sarif", "--sarif-root", "a"));
        assertEquals(List.of("unknown-instruction " + shaders.resolve("skinning.vsh").toUri() + ":5"), places(beyond));
    }

    private static String uri(JsonObject location) {
        return location.getAsJsonObject("physicalLocation").getAsJsonObject("artifactLocation").get("uri").getAsString();
    }
}
