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
        ToolProcess.Run r = ToolProcess.run(dir, main, args);
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
            JsonArray results = JsonParser.parseString(r.err()).getAsJsonObject().getAsJsonArray("runs").get(0).getAsJsonObject().getAsJsonArray("results");
            assertEquals(1, results.size(), r.err());
            assertEquals("usage", results.get(0).getAsJsonObject().get("ruleId").getAsString());
        }
        assertEquals("unknown option '--bogus'", messages(JsonParser.parseString(tool("Picalink", "--each", "--bogus", "-fdiagnostics-format=sarif").err())
                .getAsJsonObject().getAsJsonArray("runs").get(0).getAsJsonObject().getAsJsonArray("results"), "text").get(0));
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
        assertTrue(messages(JsonParser.parseString(w.err()).getAsJsonObject().getAsJsonArray("runs").get(0).getAsJsonObject().getAsJsonArray("results"), "text")
                .get(0).startsWith("unknown warning option '-Wbogus'"), w.err());
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
        // bad.vsh's and p.v.pica's errors, warn.vsh's warning, and the unit that was not linked
        assertEquals(2, m.stream().filter(x -> x.startsWith("unknown instruction 'frob'")).count(), m.toString());
        assertTrue(m.contains("unknown pragma 'frob' ignored"), m.toString());
        assertTrue(m.contains("not linked: bad.vsh has errors"), m.toString());
        assertEquals(4, m.size(), m.toString());
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
                "undefined-label", "dialect-mixup", "wrong-file-kind", "usage", "redefinition")), seen);
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

    private static String uri(JsonObject location) {
        return location.getAsJsonObject("physicalLocation").getAsJsonObject("artifactLocation").get("uri").getAsString();
    }
}
