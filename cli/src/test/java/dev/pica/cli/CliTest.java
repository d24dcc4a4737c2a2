package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands as users run them: exit codes, SDK option spellings, outputs written atomically. */
class CliTest {
    @TempDir
    Path dir;

    record Run(int code, String out, String err) {}

    interface Tool {
        int run(PrintStream out, PrintStream err, String... args);
    }

    private Run run(Tool tool, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = tool.run(new PrintStream(o, true), new PrintStream(e, true), args);
        return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    private static final String OK = "#pragma output_map(position, o0)\nmain:\nmov o0, v0\nend\nendmain:\n";

    @Test
    void diagnosticsAreColouredAsGccColoursThem() throws Exception {
        Path bad = write("bad.vsh", "main:\n    movv o0, v0\n    end\nendmain:\n");
        // a file as standard error (this test's): no colour unless asked for
        Run plain = run(Picasm::run, bad.toString(), "-o", dir.resolve("a.o").toString());
        assertEquals(1, plain.code());
        assertTrue(plain.err().startsWith(bad + ":2:5: error: unknown instruction 'movv'; did you mean 'mov'?\n"), plain.err());
        for (String always : new String[] {"-fdiagnostics-color", "-fdiagnostics-color=always", "--color"}) {
            Run r = run(Picasm::run, always, bad.toString(), "-o", dir.resolve("a.o").toString());
            assertTrue(r.err().startsWith("\033[01m\033[K" + bad + ":2:5:\033[m\033[K \033[01;31m\033[Kerror:\033[m\033[K unknown instruction"), always + ": " + r.err());
        }
        // the last option wins, as in GCC
        assertEquals(plain.err(), run(Picasm::run, "--color", "-fno-diagnostics-color", bad.toString(), "-o", dir.resolve("a.o").toString()).err());
        assertEquals(plain.err(), run(Picasm::run, "-fdiagnostics-color=never", bad.toString(), "-o", dir.resolve("a.o").toString()).err());
        assertTrue(run(Picasm::run, "-fno-diagnostics-color", "--color", bad.toString(), "-o", dir.resolve("a.o").toString()).err().startsWith("\033["));
        Run wrong = run(Picalink::run, "-fdiagnostics-color=sometimes", bad.toString());
        assertEquals(2, wrong.code());
        assertTrue(wrong.err().startsWith("picalink: error: invalid argument 'sometimes' to '-fdiagnostics-color'; valid arguments are never, always and auto"), wrong.err());
    }

    @Test
    @SuppressWarnings("unchecked")
    void sarifOnStandardErrorCarriesLevelsRulesLocationsAndWitnessPaths() throws Exception {
        Path src = write("m.vsh", String.join("\n", "#pragma output_map(position, o0)", "#pragma bind_symbol(pos, v0)", "#pragma bind_symbol(flag, b0)",
                "main:", "    mov r0, v0", "    mov o0, r0", "    ifb b0", "        end", "    endif", "endmain:", ""));
        Run r = run(Picasm::run, "-fdiagnostics-format=sarif-stderr", src.toString(), "-o", dir.resolve("m.o").toString());
        assertEquals(1, r.code(), r.err());
        java.util.Map<String, Object> log = (java.util.Map<String, Object>) JsonInput.read(r.err());
        assertEquals("2.1.0", log.get("version"));
        assertTrue(String.valueOf(log.get("$schema")).contains("sarif-schema-2.1.0.json"));
        java.util.Map<String, Object> run = ((List<java.util.Map<String, Object>>) log.get("runs")).get(0);
        java.util.Map<String, Object> driver = (java.util.Map<String, Object>) ((java.util.Map<String, Object>) run.get("tool")).get("driver");
        assertEquals("picasm", driver.get("name"));
        // a warning's id is its option's name, a verifier error's the rule's (docs/diagnostics.md, "Diagnostic ids")
        assertEquals(List.of("after-last-output", "verifier-end"), ((List<java.util.Map<String, Object>>) driver.get("rules")).stream().map(x -> x.get("id")).toList());
        List<java.util.Map<String, Object>> results = (List<java.util.Map<String, Object>>) run.get("results");
        assertEquals(List.of("error", "warning"), results.stream().map(x -> x.get("level")).toList());
        java.util.Map<String, Object> tail = results.get(1);
        assertEquals("after-last-output", tail.get("ruleId"));
        assertEquals("F-TAIL", ((java.util.Map<String, Object>) tail.get("properties")).get("rule"));
        assertTrue(String.valueOf(((java.util.Map<String, Object>) tail.get("message")).get("text")).endsWith("[-Wafter-last-output]"));
        java.util.Map<String, Object> loc = (java.util.Map<String, Object>) ((java.util.Map<String, Object>) ((List<Object>) tail.get("locations")).get(0)).get("physicalLocation");
        assertEquals(src.toUri().toString(), ((java.util.Map<String, Object>) loc.get("artifactLocation")).get("uri"));
        assertEquals(java.util.Map.of("startLine", 7.0, "startColumn", 5.0), loc.get("region"));
        // the witness path m.vsh:6 -> m.vsh:7, as a code flow
        List<Object> steps = (List<Object>) ((java.util.Map<String, Object>) ((List<Object>) ((java.util.Map<String, Object>) ((List<Object>) tail.get("codeFlows")).get(0))
                .get("threadFlows")).get(0)).get("locations");
        assertEquals(2, steps.size());
        // named as the locations name the file (the object records only its base name)
        for (Object step : steps) {
            java.util.Map<String, Object> at = (java.util.Map<String, Object>) ((java.util.Map<String, Object>) ((java.util.Map<String, Object>) step).get("location")).get("physicalLocation");
            assertEquals(src.toUri().toString(), ((java.util.Map<String, Object>) at.get("artifactLocation")).get("uri"), r.err());
        }
        // nothing but the log on standard error, and text again without the option
        assertTrue(r.err().startsWith("{") && r.err().endsWith("}\n"));
        assertTrue(run(Picasm::run, src.toString(), "-o", dir.resolve("m.o").toString()).err().startsWith(src + ":10:1: error:"));
        Run wrong = run(Picasm::run, "-fdiagnostics-format=xml", src.toString());
        assertEquals(2, wrong.code());
        assertTrue(wrong.err().contains("invalid argument 'xml' to '-fdiagnostics-format'"), wrong.err());
    }

    /** GCC's JSON: an array of diagnostics with kind, message, option, a caret location, and their notes as children. */
    @Test
    @SuppressWarnings("unchecked")
    void jsonAsGccWritesIt() throws Exception {
        Path src = write("j.vsh", "#pragma output_map(position, o0)\nmain:\n    mov o0, r3\n    end\nendmain:\nmain:\n");
        Run r = run(Picasm::run, "-fdiagnostics-format=json", src.toString(), "-o", dir.resolve("j.o").toString());
        assertEquals(1, r.code(), r.err());
        List<java.util.Map<String, Object>> all = (List<java.util.Map<String, Object>>) JsonInput.read(r.err());
        assertEquals(1, all.size(), r.err());
        java.util.Map<String, Object> dup = all.get(0);
        assertEquals("error", dup.get("kind"));
        assertEquals("duplicate label 'main'", dup.get("message"));
        assertEquals(1.0, dup.get("column-origin"));
        assertEquals(List.of(java.util.Map.of("caret", java.util.Map.of("file", src.toString(), "line", 6.0, "column", 1.0))), dup.get("locations"));
        List<java.util.Map<String, Object>> notes = (List<java.util.Map<String, Object>>) dup.get("children");
        assertEquals("note", notes.get(0).get("kind"));
        assertEquals("previous definition of 'main' was here", notes.get(0).get("message"));
        assertEquals(List.of(java.util.Map.of("caret", java.util.Map.of("file", src.toString(), "line", 2.0, "column", 1.0))), notes.get(0).get("locations"));
        // a warning names its option; a verifier finding its rule and path
        Path ok = write("k.vsh", "#pragma output_map(position, o0)\nmain:\n    mov o0, r3\n    end\nendmain:\n");
        Run w = run(Picasm::run, "-fdiagnostics-format=json", ok.toString(), "-o", dir.resolve("k.o").toString());
        assertEquals(0, w.code(), w.err());
        java.util.Map<String, Object> first = ((List<java.util.Map<String, Object>>) JsonInput.read(w.err())).get(0);
        assertEquals("warning", first.get("kind"));
        assertEquals("-Wuninitialized", first.get("option"));
        assertEquals("F-UNINIT", first.get("rule"));
        assertTrue(first.get("path") instanceof List<?> steps && !steps.isEmpty(), w.err());
    }

    @Test
    void assembleAndLinkWithSdkSpellings() throws Exception {
        Path src = write("a.vsh", OK);
        Path obj = dir.resolve("a.obj");
        assertEquals(0, run(Picasm::run, src.toString(), "-O" + obj).code());
        assertTrue(Files.size(obj) > 0x98);
        Path obj2 = dir.resolve("b.obj");
        assertEquals(0, run(Picasm::run, src.toString(), "-O", obj2.toString()).code());
        assertArrayEquals(Files.readAllBytes(obj), Files.readAllBytes(obj2)); // deterministic
        Path bin = dir.resolve("out.shbin");
        Run r = run(Picalink::run, obj.toString(), "-O" + bin, "-M");
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.exists(dir.resolve("out.map")));
        // one step from the source gives the same binary
        Path bin2 = dir.resolve("one.shbin");
        assertEquals(0, run(Picalink::run, src.toString(), "-o", bin2.toString()).code());
        assertArrayEquals(Files.readAllBytes(bin), Files.readAllBytes(bin2));
    }

    @Test
    void defaultObjectNameIsObj() throws Exception {
        Path src = write("x/shader.vsh", OK);
        assertEquals(0, run(Picasm::run, src.toString()).code());
        assertTrue(Files.exists(dir.resolve("x/shader.obj")));
    }

    @Test
    void includeAndDefineSpellings() throws Exception {
        write("inc/regs.h", "#define OUT o0\n");
        Path src = write("a.vsh", "#include <regs.h>\n#pragma output_map(position, o0)\nmain:\nmov OUT, SRC\nend\nendmain:\n");
        Run r = run(Picasm::run, src.toString(), "-I" + dir.resolve("inc"), "-DSRC=v0", "-o", dir.resolve("a.o").toString());
        assertEquals(0, r.code(), r.err());
        Run e = run(Picasm::run, src.toString(), "-I", dir.resolve("inc").toString(), "-D", "SRC=v0", "-E");
        assertEquals(0, e.code());
        assertTrue(e.out().contains("mov o0, v0"), e.out());
    }

    @Test
    void errorsExitOneAndLeaveExistingOutputUntouched() throws Exception {
        Path src = write("bad.vsh", "main:\n  mov r0, c96\n  frob\nend\nendmain:\n");
        Path out = write("bad.o", "precious");
        Run r = run(Picasm::run, src.toString(), "-o", out.toString());
        assertEquals(1, r.code());
        assertEquals("precious", Files.readString(out));
        assertTrue(r.err().contains(src + ":2:11: error: 'c96' is not a valid float uniform (c0-c95)\n  mov r0, c96\n          ^\n"), r.err());
        assertTrue(r.err().contains(src + ":3:3: error: unknown instruction 'frob'"), r.err());
        assertEquals("", r.out());
        try (var s = Files.list(dir)) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temp files left");
        }
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, run(Picasm::run).code());
        assertEquals(2, run(Picasm::run, "--frobnicate", "x.vsh").code());
        assertEquals(2, run(Picalink::run).code());
        Run h = run(Picasm::run, "--help");
        assertEquals(0, h.code());
        assertTrue(h.out().contains("Usage: picasm"));
        assertTrue(run(Picasm::run, "--version").out().startsWith("picasm "));
    }

    /** The help texts as the annotated picocli commands printed them; the models built in code must print the same. */
    @Test
    void helpTextsAreTheRecordedOnes() throws Exception {
        Tool[] tools = {Picasm::run, Picalink::run, Picadis::run, Picasso::run};
        String[] names = {"picasm", "picalink", "picadis", "picasso"};
        for (int k = 0; k < tools.length; k++) {
            String expected;
            try (var in = CliTest.class.getResourceAsStream("/help/" + names[k] + ".txt")) {
                expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            Run r = run(tools[k], "--help");
            assertEquals(0, r.code(), names[k]);
            assertEquals(expected, r.out(), names[k]);
            // a usage error is one line and a pointer to --help, not the whole text (aCommandLineMistakeIsOneLineAndAPointerToHelp)
            Run bad = run(tools[k], "--frobnicate");
            assertEquals(2, bad.code(), names[k]);
            assertFalse(bad.err().contains("Usage:"), names[k] + ": " + bad.err());
        }
    }

    /** Values as users type them: -I DIR and -MF FILE (not picocli's -I=DIR), --output=FILE; synopses as GCC writes them. */
    @Test
    void helpShowsOptionValuesAsUsersTypeThem() {
        String picasm = run(Picasm::run, "--help").out();
        assertTrue(picasm.startsWith("Usage: picasm [OPTIONS] FILE -o OUT.o\n       picasm [OPTIONS] FILE... [--output-dir DIR]\n"), picasm);
        for (String shown : new String[] {"  -I  DIR ", "  -D  NAME[=VALUE] ", "      -MF FILE ", "      -MT TARGET ", "  -j, --jobs=N ", "--output=OUT.o ", "-fdiagnostics-format=FORMAT"}) {
            assertTrue(picasm.contains(shown), shown + " in\n" + picasm);
        }
        for (String tool : new String[] {"picasm", "picalink", "picadis", "picasso"}) {
            String help = HelpTexts.render(tool, false);
            for (String wrong : new String[] {"-I=", "-D=", "-W=", "-MF=", "-MT=", "-MQ=", "-o=", "-h="}) assertFalse(help.contains(wrong), tool + ": " + wrong + "\n" + help);
        }
    }

    /** --help prints texts the build rendered; they must be what picocli renders now, with and without colours. */
    @Test
    void storedHelpTextsAreWhatPicocliRenders() {
        for (String tool : HelpTexts.TOOLS) {
            for (boolean ansi : new boolean[] {false, true}) {
                String stored = HelpTexts.cached(tool, ansi);
                assertTrue(stored != null && stored.startsWith(ansi ? "Usage: \u001B[1m" + tool : "Usage: " + tool), tool + " " + ansi);
                assertEquals(HelpTexts.render(tool, ansi), stored, tool + " " + ansi);
            }
            // --version without picocli: the line picocli prints from the model
            java.io.StringWriter live = new java.io.StringWriter();
            new picocli.CommandLine(CommandSpecs.of(tool)).printVersionHelp(new java.io.PrintWriter(live, true));
            Tool run = switch (tool) {
                case "picasm" -> Picasm::run;
                case "picacc" -> Picacc::run;
                case "picalink" -> Picalink::run;
                case "picadis" -> Picadis::run;
                case "picasim" -> Picasim::run;
                default -> Picasso::run;
            };
            assertEquals(live.toString(), run(run, "--version").out(), tool);
            assertEquals(live.toString(), run(run, tool.equals("picasso") ? "-v" : "-V").out(), tool);
        }
    }

    /** The launcher records its class-data archive from this run: every step must do what it is there to do. */
    @Test
    void classDataTrainingRunsEveryToolAndCleansUp() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long before;
        try (var s = Files.list(tmp)) {
            before = s.filter(p -> p.getFileName().toString().startsWith("pica-cds")).count();
        }
        CdsTraining.main(new String[0]); // throws if a step exits otherwise than expected
        try (var s = Files.list(tmp)) {
            assertEquals(before, s.filter(p -> p.getFileName().toString().startsWith("pica-cds")).count(), "temporary directory left");
        }
    }

    @Test
    void missingInputIsAnErrorNotATrace() {
        Run r = run(Picasm::run, dir.resolve("nope.vsh").toString());
        assertEquals(1, r.code());
        assertEquals(dir.resolve("nope.vsh") + ": error: cannot read: no such file or directory\n", r.err());
        assertFalse(r.err().contains("Exception"));
    }

    @Test
    void corruptObjectIsNamedWithItsOffset() throws Exception {
        Path src = write("a.vsh", OK);
        Path obj = dir.resolve("a.o");
        run(Picasm::run, src.toString(), "-o", obj.toString());
        byte[] b = Files.readAllBytes(obj);
        Files.write(obj, java.util.Arrays.copyOf(b, 0x60));
        Run r = run(Picalink::run, obj.toString(), "-o", dir.resolve("x.shbin").toString());
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith(obj + ": error: invalid object file '" + obj + "': offset 0x"), r.err());
        assertFalse(Files.exists(dir.resolve("x.shbin")));
        Path junk = write("junk.o", "hello world");
        assertTrue(run(Picalink::run, junk.toString()).err().contains("expected magic 'DVOJ', found 'hell'"));
    }

    /** A build says each finding once: picalink does not repeat picasm's findings about an object; what only the link sees has its line and caret. */
    @Test
    void picalinkSaysWhatOnlyTheLinkSees() throws Exception {
        Path w = write("w.vsh", "#pragma output_map(position, o0)\n#pragma output_map(color, o1)\nmain:\n  mov o0, r3\n  end\nendmain:\n");
        Run asm = run(Picasm::run, w.toString(), "-o", dir.resolve("w.o").toString());
        assertEquals(0, asm.code(), asm.err());
        assertTrue(asm.err().contains("[-Wuninitialized]") && asm.err().contains("[-Woutput-unwritten]"), asm.err());
        Run link = run(Picalink::run, dir.resolve("w.o").toString(), "-o", dir.resolve("w.shbin").toString());
        assertEquals(0, link.code(), link.err());
        assertEquals("", link.err(), "picasm said these already");
        // the library does not write r5, which main reads after calling it: only the link can tell
        Path m = write("m.vsh", "#pragma output_map(position, o0)\nmain:\n  call sub\n  nop\n  mov o0, r5\n  end\nendmain:\n");
        Path l = write("l.vsh", "sub:\n  mov r6, v0\n  nop\nret\n");
        assertEquals("", run(Picasm::run, m.toString(), "-o", dir.resolve("m.o").toString()).err());
        assertEquals("", run(Picasm::run, l.toString(), "-o", dir.resolve("l.o").toString()).err());
        Run both = run(Picalink::run, dir.resolve("m.o").toString(), dir.resolve("l.o").toString(), "-o", dir.resolve("ml.shbin").toString());
        assertEquals(0, both.code(), both.err());
        // placed on the source beside the object, named as found there (the object records only m.vsh)
        assertTrue(both.err().startsWith(m + ":5:3: warning: 'r5.xyzw' may be read before it is written; the value reaches output 'o0.xyzw'; path: m.vsh:3 -> l.vsh:2 (call)"), both.err());
        assertTrue(both.err().contains("\n  mov o0, r5\n  ^\n"), both.err());
    }

    @Test
    void headerAndMap() throws Exception {
        Path src = write("sky.vsh", "#pragma bind_symbol(WorldViewProj, c0, c3)\n#pragma bind_symbol(Flag, b2)\n" + OK);
        Path h = dir.resolve("sky.h");
        Run r = run(Picalink::run, src.toString(), "-o", dir.resolve("sky.shbin").toString(), "--header", h.toString(), "--map=" + dir.resolve("m.txt"));
        assertEquals(0, r.code(), r.err());
        String header = Files.readString(h);
        // picasso's names and values, as C code written for picasso expects them; the DVLE index extra
        assertEquals("""
                // Generated by picalink from the link of sky.shbin
                #pragma once
                #define SKY_DVLE_INDEX 0
                #define VSH_FVEC_WorldViewProj 0x00
                #define VSH_ULEN_WorldViewProj 4
                #define VSH_FLAG_Flag BIT(2)
                #define VSH_ULEN_Flag 1
                """, header);
        assertTrue(Files.readString(dir.resolve("m.txt")).contains("WorldViewProj            c0-c3"));
    }

    @Test
    void readmeDialectExampleAssembles() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        while (!Files.exists(root.resolve("README.md"))) root = root.getParent();
        String readme = Files.readString(root.resolve("README.md"));
        int start = readme.indexOf("```\n#include \"include/common.h\"");
        String block = readme.substring(readme.indexOf('\n', start) + 1, readme.indexOf("```", start + 3));
        Path src = write("readme.vsh", block);
        Files.createDirectories(dir.resolve("include"));
        Files.copy(root.resolve("examples/include/common.h"), dir.resolve("include/common.h"));
        Run r = run(Picalink::run, src.toString(), "-o", dir.resolve("r.shbin").toString());
        assertEquals(0, r.code(), r.err());
    }

    /**
     * Issue 35 item 13: the README's make rules are examples/make/Makefile's, which CI runs with
     * make (.ci/launchers.sh: the .vsh rules, devkitPro's picasso units, depfiles): each rule of
     * each make block there, its target line with its recipe, stands in the Makefile as written.
     */
    @Test
    void readmeMakeRulesAreTheExampleMakefiles() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        while (!Files.exists(root.resolve("README.md"))) root = root.getParent();
        String readme = Files.readString(root.resolve("README.md"));
        // the GLSL rules are examples/devkitpro's (.ci/glsl-builds.sh runs it)
        String makefile = Files.readString(root.resolve("examples/make/Makefile")) + Files.readString(root.resolve("examples/devkitpro/Makefile"));
        int blocks = 0;
        for (int at = readme.indexOf("```make\n"); at >= 0; at = readme.indexOf("```make\n", at + 1)) {
            blocks++;
            String block = readme.substring(at + "```make\n".length(), readme.indexOf("```", at + 3));
            // a rule: a line not indented, with the recipe lines after it
            for (String rule : block.split("\n(?=[^\t])")) {
                assertTrue(makefile.contains("\n" + rule.strip() + "\n"), "the README's rule is the Makefile's:\n" + rule);
            }
        }
        assertEquals(3, blocks, "the README's make blocks");
    }

    /**
     * The DVLP line table (one entry per code word: source name and line) is written by picalink
     * -debug, or when an object was assembled with picasm -debug; a plain link has none.
     */
    @Test
    void debugLinksWriteALineTable() throws Exception {
        Path src = write("dbg.vsh", "#pragma output_map(position, o0)\nmain:\n    mov r0, v0\n\n    mov o0, r0\n    end\nendmain:\n");
        Path plain = dir.resolve("plain.o"), dbg = dir.resolve("dbg.o");
        assertEquals(0, run(Picasm::run, src.toString(), "-o", plain.toString()).code());
        assertEquals(0, run(Picasm::run, src.toString(), "-debug", "-o", dbg.toString()).code());
        java.util.List<String> expected = java.util.List.of("dbg.vsh:3", "dbg.vsh:5", "dbg.vsh:6", "dbg.vsh:7");
        for (String[] link : new String[][] {{plain.toString(), "-debug"}, {dbg.toString()}}) {
            Path bin = dir.resolve("l" + link.length + ".shbin");
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(link));
            args.addAll(java.util.List.of("-o", bin.toString()));
            assertEquals(0, run(Picalink::run, args.toArray(new String[0])).code());
            var lines = dev.pica.format.shbin.DvlbReader.read(Files.readAllBytes(bin)).program().lines();
            assertEquals(expected, lines.stream().map(l -> l.file() + ":" + l.line()).toList(), String.join(" ", link));
        }
        Path none = dir.resolve("none.shbin");
        assertEquals(0, run(Picalink::run, plain.toString(), "-o", none.toString()).code());
        assertTrue(dev.pica.format.shbin.DvlbReader.read(Files.readAllBytes(none)).program().lines().isEmpty());
    }

    @Test
    void aCommandLineMistakeIsOneLineAndAPointerToHelp() {
        Tool[] tools = {Picasm::run, Picacc::run, Picalink::run, Picadis::run, Picasso::run, (o, e, a) -> Picasim.run(java.io.InputStream.nullInputStream(), o, e, a)};
        String[] names = {"picasm", "picacc", "picalink", "picadis", "picasso", "picasim"};
        for (int k = 0; k < tools.length; k++) {
            Run r = run(tools[k], "--bogus", "x");
            assertEquals(2, r.code(), names[k]);
            assertEquals("", r.out(), names[k]);
            assertEquals(names[k] + ": error: unknown option '--bogus'\nTry '" + names[k] + " --help' for more information.\n", r.err());
        }
        // a near miss is named, with its value cut off
        assertEquals("picasm: error: unknown option '--outptu'; did you mean '--output'?\nTry 'picasm --help' for more information.\n",
                run(Picasm::run, "--outptu=x.o", "a.vsh").err());
        assertEquals("picalink: error: unknown option '--hedaer'; did you mean '--header'?\nTry 'picalink --help' for more information.\n",
                run(Picalink::run, "--hedaer", "a.h", "a.o").err());
        // one-letter options are all one edit apart: no guess
        assertEquals("picasm: error: unknown option '-Q'\nTry 'picasm --help' for more information.\n", run(Picasm::run, "-Q", "a.vsh").err());
        Run missing = run(Picasso::run, "a.v.pica");
        assertEquals(2, missing.code());
        assertEquals("picasso: error: missing required option: '--out=FILE.shbin'\nTry 'picasso --help' for more information.\n", missing.err());
    }

    @Test
    void eachToolSaysWhatKindOfFileItWasGivenInOneLine() throws Exception {
        Path src = write("a.vsh", OK);
        Path bin = dir.resolve("a.shbin");
        assertEquals(0, run(Picalink::run, src.toString(), "-o", bin.toString()).code());
        Path out = dir.resolve("p.shbin");
        Run picasso = run(Picasso::run, "-o", out.toString(), bin.toString());
        assertEquals(1, picasso.code());
        assertEquals(bin + ": error: this is a linked shader binary (DVLB), not a source; picadis disassembles it\n", picasso.err());
        assertFalse(Files.exists(out));
        Run picadis = run(Picadis::run, src.toString());
        assertEquals(1, picadis.code());
        assertEquals(src + ": error: this looks like shader source, not a binary; picasm assembles it (picadis reads .shbin and object files)\n", picadis.err());
        assertEquals("", picadis.out());
        // a picasso source list is a program of its own (issue 35 item 10)
        write("list/a.v.pica", ".out o position\n.proc main\n  mov o, v0\n  end\n.end\n");
        Path list = write("list/prog.shlist", "a.v.pica\n");
        Run link = run(Picalink::run, list.toString(), "-o", out.toString());
        assertEquals(1, link.code());
        assertEquals(list + ": error: a picasso source list is a program of its own, not an object to link: build it with 'picalink --each " + list
                + "' (one binary per list, as devkitPro builds it) or with the drop-in (picasso -o OUT.shbin and the sources it lists)\n", link.err());
        assertFalse(Files.exists(out));
        Run each = run(Picalink::run, "--each", "--output-dir", dir.resolve("bins").toString(), list.toString());
        assertEquals(0, each.code(), each.err());
        assertTrue(Files.isRegularFile(dir.resolve("bins/prog.shbin")), "the command the error names works");
    }

    private static final String NOISY = "#pragma output_map(position, o0)\n#pragma frob\nmain:\n  mov r1, r2\n  mov o0, r1\n  end\nendmain:\n";

    @Test
    void warningsNameTheirOptionAndTheOptionsControlThem() throws Exception {
        Path src = write("w.vsh", NOISY);
        Path obj = dir.resolve("w.o");
        Run plain = run(Picasm::run, src.toString(), "-o", obj.toString());
        assertEquals(0, plain.code());
        assertTrue(plain.err().contains(src + ":2:9: warning: unknown pragma 'frob' ignored [-Wunknown-pragmas]\n"), plain.err());
        assertTrue(plain.err().contains(src + ":4:3: warning: 'r2.xyzw' may be read before it is written; the value reaches output 'o0.xyzw'; path: w.vsh:4 -> w.vsh:5 [-Wuninitialized]\n"), plain.err());
        // -Wno-NAME turns one kind off
        Run quiet = run(Picasm::run, "-Wno-unknown-pragmas", src.toString(), "-o", obj.toString());
        assertFalse(quiet.err().contains("frob"), quiet.err());
        assertTrue(quiet.err().contains("[-Wuninitialized]"), quiet.err());
        // -Werror=NAME makes one kind an error: exit 1 and no object
        Path strict = dir.resolve("strict.o");
        Run one = run(Picasm::run, "-Werror=uninitialized", src.toString(), "-o", strict.toString());
        assertEquals(1, one.code());
        assertTrue(one.err().contains(src + ":4:3: error: 'r2.xyzw' may be read before it is written; the value reaches output 'o0.xyzw'; path: w.vsh:4 -> w.vsh:5 [-Werror=uninitialized]\n"), one.err());
        assertTrue(one.err().contains("warning: unknown pragma 'frob' ignored [-Wunknown-pragmas]"), one.err());
        assertFalse(Files.exists(strict));
        // -Werror: all of them; a later -Wno-error=NAME exempts one
        Run all = run(Picasm::run, "-Werror", "-Wno-error=unknown-pragmas", src.toString(), "-o", strict.toString());
        assertEquals(1, all.code());
        assertTrue(all.err().contains("warning: unknown pragma 'frob' ignored [-Wunknown-pragmas]"), all.err());
        assertTrue(all.err().contains("[-Werror=uninitialized]"), all.err());
        // -w: none
        assertEquals("", run(Picasm::run, "-w", src.toString(), "-o", obj.toString()).err());
        // the link says the same with the same options
        Run link = run(Picalink::run, "-Wno-uninitialized", "-Wno-unknown-pragmas", "-Wno-unread-inputs", src.toString(), "-o", dir.resolve("w.shbin").toString());
        assertEquals(0, link.code(), link.err());
        assertEquals("", link.err());
        // a name that is no warning: a usage error with the nearest one
        Run typo = run(Picasm::run, "-Wno-uninitalized", src.toString(), "-o", obj.toString());
        assertEquals(2, typo.code());
        assertEquals("picasm: error: unknown warning option '-Wno-uninitalized'; did you mean '-Wno-uninitialized'?\n"
                + "Try 'picasm --help' for more information.\n", typo.err());
    }

    @Test
    void anOutputWrittenTwiceIsAWarningAsTheSdkHasIt() throws Exception {
        // the homebrew pattern: mul then mov .w into the same output (docs/verifier.md, severity policy)
        Path src = write("twice.vsh", "#pragma output_map(color, o0)\n#pragma bind_symbol(c, v0)\nmain:\n  mov o0, v0\n  mov o0.w, v0.x\n  end\nendmain:\n");
        Path bin = dir.resolve("twice.shbin");
        Run r = run(Picalink::run, src.toString(), "-o", bin.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains(src + ":5:3: warning: output 'o0.w' written twice; path: twice.vsh:4 -> twice.vsh:5 [-Woutput-twice]\n"), r.err());
        assertTrue(Files.size(bin) > 0);
        assertEquals(1, run(Picalink::run, "-Werror=output-twice", src.toString(), "-o", dir.resolve("no.shbin").toString()).code());
    }

    /** The drop-in and the picasm route say the same about the same source; the drop-in only as warnings, since picasso builds it. */
    @Test
    void theDropInAndThePicasmRouteReportTheSameFindings() throws Exception {
        Path src = write("hazards.v.pica", ".in inpos v0\n.out outpos position\n.proc main\n\tmova a0.x, inpos\n\tmova a0.y, inpos\n"
                + "\tmov outpos, inpos\n\tmov outpos.w, inpos.x\n\tend\n.end\n");
        Run route = run(Picalink::run, src.toString(), "-o", dir.resolve("route.shbin").toString());
        Run dropIn = run(Picasso::run, "-o", dir.resolve("dropin.shbin").toString(), src.toString());
        assertEquals(1, route.code(), "consecutive mova is an error in the picasm route");
        assertEquals(0, dropIn.code(), "picasso builds it");
        assertEquals(findings(route.err()), findings(dropIn.err()));
        assertTrue(route.err().contains("error: consecutive mova instructions freeze the GPU; separate them"), route.err());
        assertTrue(dropIn.err().contains("warning: consecutive mova instructions freeze the GPU; separate them; path: hazards.v.pica:4 -> hazards.v.pica:5 [-Whazard]"), dropIn.err());
        assertTrue(dropIn.err().contains("warning: output 'o0.w' written twice"), dropIn.err());
    }

    /** file:line:col and message of each diagnostic, without its severity and option. */
    private static java.util.Set<String> findings(String err) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (String line : err.split("\n")) {
            if (!line.contains(": warning: ") && !line.contains(": error: ")) continue;
            out.add(line.replaceFirst(": (warning|error): ", ": ").replaceFirst(" \\[-W[a-z=-]+\\]$", ""));
        }
        return out;
    }
}
