package dev.pica.debug;

import static dev.pica.debug.DapClient.get;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.debug.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * picadbg driven through the protocol by a real client (LSP4J's, over a loopback socket): launch from source,
 * a line breakpoint moved to the next line with code, stack frames in a subroutine, variables,
 * evaluate, stepping in, over, out and back, setVariable, a conditional breakpoint, the end, and
 * error responses for bad launches. Expected values are worked out from dbg.vsh by hand.
 */
class PicadbgTest {
    @TempDir Path dir;

    private Path shader() throws Exception {
        Path p = dir.resolve("dbg.vsh");
        Files.copy(PicadbgTest.class.getResourceAsStream("dbg.vsh"), p);
        return p;
    }

    /** scale = 2 everywhere; vertex 0 at (1, 2, 3, 1), vertex 1 at (0, 0, 0, 1). */
    private Map<String, Object> launch(Path program, boolean stopOnEntry) {
        return Map.of("program", program.getFileName().toString(), "cwd", dir.toString(), "stopOnEntry", stopOnEntry,
                "inputs", Map.of("uniforms", Map.of("scale", List.of(2, 2, 2, 2)),
                        "vertices", List.of(Map.of("aPosition", List.of(1, 2, 3, 1)), Map.of("aPosition", List.of(0, 0, 0, 1)))));
    }

    private static void start(DapClient c, Map<String, Object> launch) throws Exception {
        InitializeRequestArguments init = new InitializeRequestArguments();
        init.setAdapterID("pica");
        Capabilities caps = get(c.server.initialize(init));
        assertTrue(caps.getSupportsStepBack());
        get(c.server.launch(launch));
        assertEquals("initialized", c.next());
    }

    private static SourceBreakpoint[] lines(int... lines) {
        SourceBreakpoint[] b = new SourceBreakpoint[lines.length];
        for (int k = 0; k < lines.length; k++) {
            b[k] = new SourceBreakpoint();
            b[k].setLine(lines[k]);
        }
        return b;
    }

    private static Breakpoint[] setBreakpoints(DapClient c, Path file, SourceBreakpoint... points) throws Exception {
        SetBreakpointsArguments a = new SetBreakpointsArguments();
        Source s = new Source();
        s.setPath(file.toString());
        a.setSource(s);
        a.setBreakpoints(points);
        return get(c.server.setBreakpoints(a)).getBreakpoints();
    }

    private static StackFrame[] frames(DapClient c) throws Exception {
        StackTraceArguments a = new StackTraceArguments();
        a.setThreadId(1);
        return get(c.server.stackTrace(a)).getStackFrames();
    }

    private static String eval(DapClient c, String e) throws Exception {
        EvaluateArguments a = new EvaluateArguments();
        a.setExpression(e);
        a.setFrameId(1);
        return get(c.server.evaluate(a)).getResult();
    }

    private static void configured(DapClient c) throws Exception {
        get(c.server.configurationDone(new ConfigurationDoneArguments()));
    }

    private static StoppedEventArguments next(DapClient c) throws Exception {
        NextArguments a = new NextArguments();
        a.setThreadId(1);
        get(c.server.next(a));
        return c.stopped();
    }

    @Test
    void stopsAtALineBreakpointStepsThroughTheSubroutineAndBackAndRunsToTheEnd() throws Exception {
        Path src = shader();
        try (DapClient c = new DapClient()) {
            start(c, launch(src, false));
            // line 13 is blank: the breakpoint moves to line 14 (mul r1, r0, scale)
            Breakpoint[] b = setBreakpoints(c, src, lines(13));
            assertTrue(b[0].isVerified());
            assertEquals(14, b[0].getLine());
            configured(c);
            StoppedEventArguments s = c.stopped();
            assertEquals("breakpoint", s.getReason());
            assertArrayEquals(new Integer[] {b[0].getId()}, s.getHitBreakpointIds());
            assertEquals(14, frames(c)[0].getLine());
            assertEquals("main", frames(c)[0].getName());
            // the subroutine doubled r0 = aPosition
            assertEquals("(2, 4, 6, 2)", eval(c, "r0"));
            assertEquals("4", eval(c, "r0.y"));
            assertEquals("(1, 2, 3, 1)", eval(c, "aPosition"));
            assertEquals("(2, 2, 2, 2)", eval(c, "scale"));
            assertEquals("true", eval(c, "r0.x > 1 && scale.w == 2"));

            // back: the routine's last line (nop, line 22), one call deep
            get(c.server.stepBack(stepBack()));
            assertEquals("step", c.stopped().getReason());
            StackFrame[] f = frames(c);
            assertEquals(2, f.length);
            assertEquals(22, f[0].getLine());
            assertEquals("double", f[0].getName());
            assertEquals(12, f[1].getLine());
            get(c.server.stepBack(stepBack()));
            c.stopped();
            assertEquals(21, frames(c)[0].getLine());
            assertEquals("(1, 2, 3, 1)", eval(c, "r0"), "before the add ran");
            // out of the routine: back at line 14, where the breakpoint is
            StepOutArguments out = new StepOutArguments();
            out.setThreadId(1);
            get(c.server.stepOut(out));
            c.stopped();
            assertEquals(14, frames(c)[0].getLine());
            assertEquals(1, frames(c).length);
            next(c);
            assertEquals(15, frames(c)[0].getLine());
            assertEquals("(4, 8, 12, 4)", eval(c, "r1"));

            // r1.y = -1 before 'mov o0, r1': vertex 0's position shows it
            setLane(c, "r1", "y", "-1");
            assertEquals("(4, -1, 12, 4)", eval(c, "r1"));
            continueRun(c);
            assertEquals("breakpoint", c.stopped().getReason(), "vertex 1 reaches the breakpoint too");
            assertTrue(String.join("", c.output()).contains("vertex 0 ended after 8 words: position=(4, -1, 12, 4) color=(1, 0, -1, 2)"), c.output().toString());
            assertEquals("(0, 0, 0, 2)", eval(c, "r0"));
            continueRun(c);
            assertEquals("exited 0", c.next());
            assertEquals("terminated", c.next());
            assertTrue(String.join("", c.output()).contains("vertex 1 ended after 8 words: position=(0, 0, 0, 4)"), c.output().toString());
        }
    }

    @Test
    void aConditionalBreakpointStopsOnlyWhereItHoldsAndAHitCountCountsThoseStops() throws Exception {
        Path src = shader();
        try (DapClient c = new DapClient()) {
            start(c, launch(src, false));
            SourceBreakpoint b = lines(14)[0];
            b.setCondition("r0.w == 2 && aPosition.x < 1");
            setBreakpoints(c, src, b);
            configured(c);
            c.stopped();
            assertEquals("(0, 0, 0, 1)", eval(c, "aPosition"), "only vertex 1 has x < 1");
            continueRun(c);
            assertEquals("exited 0", c.next());
        }
        try (DapClient c = new DapClient()) {
            start(c, launch(src, false));
            SourceBreakpoint b = lines(21)[0];
            b.setHitCondition("2");
            setBreakpoints(c, src, b);
            configured(c);
            c.stopped();
            assertEquals("(0, 0, 0, 1)", eval(c, "r0"), "the second hit is vertex 1's");
            // reverse: back to the previous stop of a breakpoint, none (the first hit did not stop): the start
            get(c.server.reverseContinue(new ReverseContinueArguments()));
            c.stopped();
            assertEquals(11, frames(c)[0].getLine());
            assertEquals("(1, 2, 3, 1)", eval(c, "aPosition"));
        }
    }

    @Test
    void stepInEntersTheRoutineAndStepOverDoesNot() throws Exception {
        Path src = shader();
        try (DapClient c = new DapClient()) {
            start(c, launch(src, true));
            configured(c);
            assertEquals("entry", c.stopped().getReason());
            assertEquals(11, frames(c)[0].getLine());
            next(c);
            assertEquals(12, frames(c)[0].getLine());
            StepInArguments in = new StepInArguments();
            in.setThreadId(1);
            get(c.server.stepIn(in));
            c.stopped();
            assertEquals(21, frames(c)[0].getLine());
            assertEquals(2, frames(c).length);
            next(c);
            next(c);
            assertEquals(14, frames(c)[0].getLine(), "over the routine's end, back in main");
        }
    }

    @Test
    void aPicassoSourceIsBuiltWithItsAliasNamesAndLabelsAndWordsTakeBreakpoints() throws Exception {
        Path src = dir.resolve("alias.v.pica");
        Files.writeString(src, "; an input named by .alias\n.out outpos position\n.alias inpos v0\n.proc main\n\tmov r0, inpos\n\tadd outpos, r0, r0\n\tend\n.end\n");
        try (DapClient c = new DapClient()) {
            start(c, Map.of("program", "alias.v.pica", "cwd", dir.toString(), "inputs", Map.of("vertices", List.of(Map.of("inpos", List.of(1, 2, 3, 1))))));
            // a breakpoint on the label main, and one on word 1 (add), as the disassembly names it
            SetFunctionBreakpointsArguments f = new SetFunctionBreakpointsArguments();
            FunctionBreakpoint main = new FunctionBreakpoint();
            main.setName("main");
            f.setBreakpoints(new FunctionBreakpoint[] {main});
            Breakpoint[] fb = get(c.server.setFunctionBreakpoints(f)).getBreakpoints();
            assertTrue(fb[0].isVerified(), fb[0].getMessage());
            assertEquals(5, fb[0].getLine());
            SetInstructionBreakpointsArguments ia = new SetInstructionBreakpointsArguments();
            InstructionBreakpoint word = new InstructionBreakpoint();
            word.setInstructionReference("0x001");
            ia.setBreakpoints(new InstructionBreakpoint[] {word});
            assertTrue(get(c.server.setInstructionBreakpoints(ia)).getBreakpoints()[0].isVerified());
            configured(c);
            assertEquals("function breakpoint", c.stopped().getReason());
            assertEquals("(1, 2, 3, 1)", eval(c, "inpos"));
            continueRun(c);
            assertEquals("instruction breakpoint", c.stopped().getReason());
            assertEquals("0x001", frames(c)[0].getInstructionPointerReference());
            DisassembleArguments d = new DisassembleArguments();
            d.setMemoryReference("0x000");
            d.setInstructionCount(3);
            DisassembledInstruction[] words = get(c.server.disassemble(d)).getInstructions();
            assertEquals("mov r0, v0", words[0].getInstruction());
            assertEquals("main", words[0].getSymbol());
            assertEquals(5, words[0].getLine());
            assertEquals("add o0, r0, r0", words[1].getInstruction());
            assertEquals("end", words[2].getInstruction());
            continueRun(c);
            assertEquals("exited 0", c.next());
            assertTrue(String.join("", c.output()).contains("vertex 0 ended after 3 words: position=(2, 4, 6, 2)"), c.output().toString());
        }
    }

    @Test
    void aGeometryShadersEmittedVerticesAreReportedAsTheyAreEmitted() throws Exception {
        Path gsh = dir.resolve("point.g.pica");
        Files.copy(Path.of("..", "cli/src/test/resources/picasso-golden/gsh-point/main.g.pica"), gsh);
        try (DapClient c = new DapClient()) {
            start(c, Map.of("program", "point.g.pica", "cwd", dir.toString(), "inputs", Map.of("uniforms", Map.of("uSize", List.of(0.5, 0.25, 0, 0)),
                    "primitives", List.of(List.of(List.of(List.of(1, 2, 3, 1), List.of(0.5, 0.5, 1, 1)))))));
            configured(c);
            assertEquals("exited 0", c.next());
            // vertex 0 = v0; vertex 1 = v0 + uSize; vertex 2: x = 1.5, and (y, z, w) = (v0.z, v0.w, v0.w) as picasso encodes
            // 'mov oPos.yzw, r0.yzw' (PicasimTest works the same case out)
            String out = String.join("", c.output());
            assertTrue(out.contains("primitive 0 emitted vertex 0 (slot 0): position=(1, 2, 3, 1) color=(0.5, 0.5, 1, 1)\n"
                    + "primitive 0 emitted vertex 1 (slot 1): position=(1.5, 2.25, 3, 1) color=(0.5, 0.5, 1, 1)\n"
                    + "primitive 0 emitted vertex 2 (slot 2, completes a primitive, inverted winding): position=(1.5, 3, 1, 1) color=(0.5, 0.5, 1, 1)\n"), out);
        }
    }

    @Test
    void aUniformSetMidRunHoldsForLaterVerticesAndAReplayAppliesItAgain() throws Exception {
        Path src = shader();
        try (DapClient c = new DapClient()) {
            start(c, launch(src, false));
            setBreakpoints(c, src, lines(14));
            configured(c);
            c.stopped();
            ScopesArguments sa = new ScopesArguments();
            sa.setFrameId(1);
            Scope uniforms = get(c.server.scopes(sa)).getScopes()[3];
            assertEquals("Uniforms", uniforms.getName());
            SetVariableArguments set = new SetVariableArguments();
            set.setVariablesReference(uniforms.getVariablesReference());
            set.setName("scale (c0)");
            set.setValue("3, 3, 3, 3");
            assertEquals("(3, 3, 3, 3)", get(c.server.setVariable(set)).getValue());
            // back a word and forward again: the replay sets scale at this word again
            get(c.server.stepBack(stepBack()));
            c.stopped();
            assertEquals("(2, 2, 2, 2)", eval(c, "scale"), "before the word it was set at");
            next(c);
            assertEquals(14, frames(c)[0].getLine());
            assertEquals("(3, 3, 3, 3)", eval(c, "scale"));
            setBreakpoints(c, src);
            continueRun(c);
            assertEquals("exited 0", c.next());
            String out = String.join("", c.output());
            assertTrue(out.contains("vertex 0 ended after 8 words: position=(6, 12, 18, 6)"), out);
            assertTrue(out.contains("vertex 1 ended after 8 words: position=(0, 0, 0, 6)"), out);
        }
    }

    /** The body of the VS Code extension's launch snippet {@code label} (editors/vscode/package.json), as the editor offers it. */
    private static com.google.gson.JsonObject snippet(String label) throws Exception {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("editors/vscode"))) p = p.getParent();
        com.google.gson.JsonObject pkg = com.google.gson.JsonParser.parseString(Files.readString(p.resolve("editors/vscode/package.json"))).getAsJsonObject();
        for (com.google.gson.JsonElement d : pkg.getAsJsonObject("contributes").getAsJsonArray("debuggers")) {
            for (com.google.gson.JsonElement sn : d.getAsJsonObject().getAsJsonArray("configurationSnippets")) {
                if (sn.getAsJsonObject().get("label").getAsString().equals(label)) return sn.getAsJsonObject().getAsJsonObject("body");
            }
        }
        throw new AssertionError("no snippet '" + label + "'");
    }

    /**
     * Issue 48 item 5: a .shbin whose output map entry names a register past o15 (one flipped byte)
     * is a load error naming the field's offset, not an ArrayIndexOutOfBoundsException later.
     */
    @Test
    void anOutputRegisterPastO15IsALoadErrorAtItsOffset() throws Exception {
        byte[] b = dev.pica.format.shbin.DvlbWriter.write(ProgramLoader.load(shader(), List.of(), List.of()).binary());
        java.nio.ByteBuffer w = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int dvle = w.getInt(dev.pica.format.shbin.Layout.Dvlb.DVLE_OFFSETS);
        int field = dvle + w.getInt(dvle + dev.pica.format.shbin.Layout.Dvle.OUTPUT_MAP_OFFSET.offset()) + 2;
        b[field + 1] ^= 0x20;
        Path bad = dir.resolve("bad.shbin");
        Files.write(bad, b);
        ProgramLoader.LoadError e = assertThrows(ProgramLoader.LoadError.class, () -> ProgramLoader.load(bad, List.of(), List.of()));
        assertEquals(bad + ": " + String.format("offset 0x%X: output map 0 names o%d (o0-o15 exist)", field, w.getShort(field) & 0xFFFF), e.getMessage());
    }

    /**
     * Issue 47 item 1: the extension's ".shbin" snippet ("entry": 0) launches, a JSON number is an
     * index and a string a main label or an index; a number that is no entry says which there are.
     */
    @Test
    void theShbinSnippetLaunchesAndANumericEntryIsAnIndex() throws Exception {
        Path src = shader();
        Files.write(dir.resolve("dbg.shbin"), dev.pica.format.shbin.DvlbWriter.write(ProgramLoader.load(src, List.of(), List.of()).binary()));
        com.google.gson.JsonObject body = snippet("PICA200: debug a .shbin");
        assertEquals(0, body.get("entry").getAsInt());
        body.addProperty("program", "dbg.shbin"); // the snippet's ${workspaceFolder}/${1:shader.shbin}, filled in
        body.addProperty("cwd", dir.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> fromSnippet = new com.google.gson.Gson().fromJson(body, Map.class);
        for (Object entry : new Object[] {null, "0", "main"}) {
            Map<String, Object> launch = new java.util.HashMap<>(fromSnippet);
            if (entry != null) launch.put("entry", entry);
            try (DapClient c = new DapClient()) {
                start(c, launch);
                configured(c);
                assertEquals("entry", c.stopped().getReason(), "entry " + entry);
                continueRun(c);
                assertEquals("exited 0", c.next(), "entry " + entry);
            }
        }
        try (DapClient c = new DapClient()) {
            get(c.server.initialize(new InitializeRequestArguments()));
            for (Object[] bad : new Object[][] {{1, "\"entry\": 1 is not an entry of the binary, which has 1 entry (0-0)"},
                    {0.5, "\"entry\": 0.5 is not an entry of the binary, which has 1 entry (0-0)"},
                    {-1, "\"entry\": -1 is not an entry of the binary, which has 1 entry (0-0)"},
                    {"mian", "no main label 'mian'"}, {List.of(0), "\"entry\" must be an index (a number) or a main label (a string), not ["}}) {
                Map<String, Object> launch = new java.util.HashMap<>(fromSnippet);
                launch.put("entry", bad[0]);
                String e = error(c.server.launch(launch));
                assertTrue(e.contains((String) bad[1]), e);
            }
        }
    }

    @Test
    void badLaunchesAndExpressionsAreErrorResponsesAndTheAdapterGoesOn() throws Exception {
        Path src = shader();
        try (DapClient c = new DapClient()) {
            get(c.server.initialize(new InitializeRequestArguments()));
            assertTrue(error(c.server.launch(Map.of("program", "missing.shbin", "cwd", dir.toString()))).contains("the program '" + dir.resolve("missing.shbin") + "' does not exist"));
            Files.writeString(dir.resolve("bad.json"), "{\"vertices\": [");
            String e = error(c.server.launch(Map.of("program", "dbg.vsh", "cwd", dir.toString(), "input", "bad.json")));
            assertTrue(e.contains("bad.json"), e);
            e = error(c.server.launch(Map.of("program", "dbg.vsh", "cwd", dir.toString(), "inputs", Map.of("vertices", List.of(Map.of("inpos", 1))))));
            assertTrue(e.contains("the shader has no uniform, input or register 'inpos'"), e);
            // the adapter is still there: a good launch runs
            get(c.server.launch(launch(src, true)));
            assertEquals("initialized", c.next());
            configured(c);
            c.stopped();
            e = error(c.server.evaluate(evaluate("nosuch.x")));
            assertTrue(e.contains("'nosuch'"), e);
            SourceBreakpoint b = lines(14)[0];
            b.setCondition("r0 < 0");
            Breakpoint[] set = setBreakpoints(c, src, b);
            assertFalse(set[0].isVerified());
            assertTrue(set[0].getMessage().contains("'r0' is a vector; compare a lane (r0.x)"), set[0].getMessage());
        }
    }

    private static EvaluateArguments evaluate(String e) {
        EvaluateArguments a = new EvaluateArguments();
        a.setExpression(e);
        return a;
    }

    private static String error(java.util.concurrent.CompletableFuture<?> f) throws Exception {
        try {
            get(f);
        } catch (ExecutionException e) {
            return e.getCause().getMessage();
        }
        throw new AssertionError("expected an error response");
    }

    private static StepBackArguments stepBack() {
        StepBackArguments a = new StepBackArguments();
        a.setThreadId(1);
        return a;
    }

    private static void continueRun(DapClient c) throws Exception {
        ContinueArguments a = new ContinueArguments();
        a.setThreadId(1);
        get(c.server.continue_(a));
    }

    private static void setLane(DapClient c, String register, String lane, String value) throws Exception {
        ScopesArguments sa = new ScopesArguments();
        sa.setFrameId(1);
        Scope regs = get(c.server.scopes(sa)).getScopes()[0];
        VariablesArguments va = new VariablesArguments();
        va.setVariablesReference(regs.getVariablesReference());
        Variable r = null;
        for (Variable v : get(c.server.variables(va)).getVariables()) if (v.getName().equals(register)) r = v;
        assertNotNull(r);
        va.setVariablesReference(r.getVariablesReference());
        get(c.server.variables(va));
        SetVariableArguments set = new SetVariableArguments();
        set.setVariablesReference(r.getVariablesReference());
        set.setName(lane);
        set.setValue(value);
        assertEquals(value, get(c.server.setVariable(set)).getValue());
    }
}
