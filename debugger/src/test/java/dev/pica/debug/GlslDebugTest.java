package dev.pica.debug;

import static dev.pica.debug.DapClient.get;
import static org.junit.jupiter.api.Assertions.*;

import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.debug.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * picadbg on GLSL (issue 46 item 5), through the protocol: a .vert compiled in memory stops at a
 * GLSL line, and its Locals scope shows the GLSL variables by name with the values the source
 * gives them there (a Java model of shade.vert, float32, within float24's rounding); step back
 * replays to the line before; the run's output agrees with the simulator's run of the same file.
 * A binary with the map picacc -g writes beside it shows the same.
 */
class GlslDebugTest {
    @TempDir Path dir;

    static final float[] NORMAL = {1, 2, 2}, LIGHT = {0.6f, 0.8f, 0};

    /** n after k turns of n = n.yzx. */
    static float[] n(int k) {
        float[] v = {NORMAL[0] / 3, NORMAL[1] / 3, NORMAL[2] / 3};
        for (int j = 0; j < k; j++) v = new float[] {v[1], v[2], v[0]};
        return v;
    }

    /** s after k passes of the loop. */
    static float s(int k) {
        float s = 0;
        for (int j = 0; j < k; j++) s += Math.max(n(j)[0] * LIGHT[0] + n(j)[1] * LIGHT[1] + n(j)[2] * LIGHT[2], 0) * 0.25f;
        return s;
    }

    private Path source() throws Exception {
        Path p = dir.resolve("shade.vert");
        Files.copy(GlslDebugTest.class.getResourceAsStream("shade.vert"), p);
        return p;
    }

    private Map<String, Object> launch(String program) {
        return Map.of("program", program, "cwd", dir.toString(),
                "inputs", Map.of("uniforms", Map.of("projection", List.of(List.of(1, 0, 0, 0), List.of(0, 1, 0, 0), List.of(0, 0, 1, 0), List.of(0, 0, 0, 1)),
                                "light", List.of(LIGHT[0], LIGHT[1], LIGHT[2], 0)),
                        "vertices", List.of(Map.of("position", List.of(1, 2, 3), "normal", List.of(NORMAL[0], NORMAL[1], NORMAL[2])))));
    }

    private static void start(DapClient c, Map<String, Object> launch) throws Exception {
        InitializeRequestArguments init = new InitializeRequestArguments();
        init.setAdapterID("pica");
        get(c.server.initialize(init));
        get(c.server.launch(launch));
        assertEquals("initialized", c.next());
    }

    private static Breakpoint[] breakAt(DapClient c, Path file, int line) throws Exception {
        SetBreakpointsArguments a = new SetBreakpointsArguments();
        Source s = new Source();
        s.setPath(file.toString());
        a.setSource(s);
        SourceBreakpoint b = new SourceBreakpoint();
        b.setLine(line);
        a.setBreakpoints(new SourceBreakpoint[] {b});
        return get(c.server.setBreakpoints(a)).getBreakpoints();
    }

    private static StackFrame[] frames(DapClient c) throws Exception {
        StackTraceArguments a = new StackTraceArguments();
        a.setThreadId(1);
        return get(c.server.stackTrace(a)).getStackFrames();
    }

    /** The scopes by name, each its variables by name. */
    private static Map<String, Map<String, Variable>> scopes(DapClient c) throws Exception {
        ScopesArguments a = new ScopesArguments();
        a.setFrameId(1);
        Map<String, Map<String, Variable>> out = new LinkedHashMap<>();
        for (Scope s : get(c.server.scopes(a)).getScopes()) {
            VariablesArguments v = new VariablesArguments();
            v.setVariablesReference(s.getVariablesReference());
            Map<String, Variable> vars = new LinkedHashMap<>();
            for (Variable x : get(c.server.variables(v)).getVariables()) vars.put(x.getName(), x);
            out.put(s.getName(), vars);
        }
        return out;
    }

    private static String eval(DapClient c, String e) throws Exception {
        EvaluateArguments a = new EvaluateArguments();
        a.setExpression(e);
        a.setFrameId(1);
        return get(c.server.evaluate(a)).getResult();
    }

    private static float[] numbers(String text) {
        String[] parts = text.replace("(", "").replace(")", "").split(",");
        float[] f = new float[parts.length];
        for (int k = 0; k < f.length; k++) f[k] = Float.parseFloat(parts[k].trim());
        return f;
    }

    /** Locals at a stop inside the loop's pass i, before s's add: n turned i times, s of i terms. */
    private static void atPass(DapClient c, int i) throws Exception {
        Map<String, Map<String, Variable>> sc = scopes(c);
        assertEquals("Locals", sc.keySet().iterator().next(), "the GLSL variables come first: " + sc.keySet());
        Map<String, Variable> locals = sc.get("Locals");
        assertEquals(List.of("n", "s", "i"), List.copyOf(locals.keySet()));
        assertEquals("vec3", locals.get("n").getType());
        assertArrayEquals(n(i), numbers(locals.get("n").getValue()), 1e-4f, locals.get("n").getValue());
        assertEquals(s(i), numbers(locals.get("s").getValue())[0], 1e-4f);
        assertEquals(Integer.toString(i), locals.get("i").getValue());
        assertEquals(n(i)[1], numbers(eval(c, "n.y"))[0], 1e-4f);
        // uniforms and inputs by their GLSL names, the registers still there
        assertTrue(sc.get("Uniforms").keySet().stream().anyMatch(k -> k.startsWith("light ")), sc.get("Uniforms").keySet().toString());
        assertTrue(sc.get("Inputs").keySet().stream().anyMatch(k -> k.startsWith("normal ")), sc.get("Inputs").keySet().toString());
        assertTrue(sc.get("Registers").containsKey("r0"));
        assertEquals("(1, 2, 2, 1)", eval(c, "normal"));
    }

    @Test
    void aVertSourceStopsAtAGlslLineAndShowsItsVariablesByName() throws Exception {
        Path src = source();
        try (DapClient c = new DapClient()) {
            start(c, launch("shade.vert"));
            Breakpoint[] b = breakAt(c, src, 16);
            assertTrue(b[0].isVerified(), b[0].getMessage());
            assertEquals(16, b[0].getLine());
            get(c.server.configurationDone(new ConfigurationDoneArguments()));
            assertEquals("breakpoint", c.stopped().getReason());
            StackFrame[] f = frames(c);
            assertEquals(1, f.length, "shade() is inlined: one frame");
            assertTrue(f[0].getName().startsWith("main"), f[0].getName());
            assertEquals(16, f[0].getLine());
            assertEquals(src.toRealPath(), Path.of(f[0].getSource().getPath()).toRealPath());
            atPass(c, 0);

            get(c.server.continue_(new ContinueArguments()));
            c.stopped();
            atPass(c, 1);

            // back a line: shade's body (line 9), inlined in pass 1, before s's add
            StepBackArguments back = new StepBackArguments();
            back.setThreadId(1);
            get(c.server.stepBack(back));
            c.stopped();
            assertEquals(9, frames(c)[0].getLine());
            assertEquals(s(1), numbers(eval(c, "s"))[0], 1e-4f);
            assertEquals("1", eval(c, "i"));

            // forward to the end: s holds four terms, and the colour is what the simulator computes
            breakAt(c, src, 20);
            get(c.server.continue_(new ContinueArguments()));
            c.stopped();
            assertEquals(20, frames(c)[0].getLine());
            assertEquals(s(4), numbers(eval(c, "s"))[0], 1e-4f);
            Simulator sim = new Simulator(Shader.build(src)).uniform("projection", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
                    .uniform("light", LIGHT[0], LIGHT[1], LIGHT[2], 0);
            float[] colour = sim.run(Map.of("position", new float[] {1, 2, 3}, "normal", NORMAL)).output("color");
            assertEquals(colour[0], numbers(eval(c, "s"))[0], 0f, "the debugger's s is the simulator's colour.r");
            get(c.server.continue_(new ContinueArguments()));
            assertEquals("exited 0", c.next());
            String out = String.join("", c.output());
            assertTrue(out.contains("color=(" + dev.pica.sim.Values.text(colour[0])), out);
        }
    }

    @Test
    void aConditionNamesGlslVariables() throws Exception {
        Path src = source();
        try (DapClient c = new DapClient()) {
            start(c, launch("shade.vert"));
            SourceBreakpoint b = new SourceBreakpoint();
            b.setLine(16);
            b.setCondition("i == 2 && n.x > 0.5");
            SourceBreakpoint vector = new SourceBreakpoint();
            vector.setLine(16);
            vector.setCondition("n > 0");
            // line 19 (gl_Position): n is no longer read there
            SourceBreakpoint gone = new SourceBreakpoint();
            gone.setLine(19);
            gone.setCondition("n.x > 0");
            SetBreakpointsArguments a = new SetBreakpointsArguments();
            Source s = new Source();
            s.setPath(src.toString());
            a.setSource(s);
            a.setBreakpoints(new SourceBreakpoint[] {b, vector, gone});
            Breakpoint[] set = get(c.server.setBreakpoints(a)).getBreakpoints();
            assertTrue(set[0].isVerified(), set[0].getMessage());
            assertFalse(set[1].isVerified());
            assertTrue(set[1].getMessage().contains("'n' is a vector; compare a lane (n.x)"), set[1].getMessage());
            assertFalse(set[2].isVerified());
            assertTrue(set[2].getMessage().matches("'n' has no value at word \\d+ \\(line 19\\): no register holds it there.*"), set[2].getMessage());
            get(c.server.configurationDone(new ConfigurationDoneArguments()));
            c.stopped();
            // n(2) = (2/3, 1/3, 2/3): the pass where both hold
            atPass(c, 2);
            get(c.server.continue_(new ContinueArguments()));
            assertEquals("exited 0", c.next());
        }
    }

    /**
     * A geometry shader (examples/devkitpro/shaders/particle.geom, its loop unrolled): corner at
     * each pass's line 22, one pass per emitted vertex. (Line 21, colour = vColour[0], has no word
     * of its own since e10d2d6: the emit's output copy reads the input where it is used.)
     */
    @Test
    void aGeomSourceShowsItsVariablesAtEachEmittedVertex() throws Exception {
        Path geom = dir.resolve("particle.geom");
        Files.copy(Path.of("../examples/devkitpro/shaders/particle.geom"), geom);
        try (DapClient c = new DapClient()) {
            start(c, Map.of("program", "particle.geom", "cwd", dir.toString(),
                    "inputs", Map.of("uniforms", Map.of("projection", List.of(List.of(1, 0, 0, 0), List.of(0, 1, 0, 0), List.of(0, 0, 1, 0), List.of(0, 0, 0, 1))),
                            "primitives", List.of(List.of(List.of(List.of(1, 2, 3, 1), List.of(0.5, 0.5, 0.5, 1), List.of(2, 0, 0, 0)))))));
            assertTrue(breakAt(c, geom, 22)[0].isVerified());
            get(c.server.configurationDone(new ConfigurationDoneArguments()));
            for (String corner : new String[] {"(-1, -1)", "(1, -1)", "(-1, 1)", "(1, 1)"}) {
                assertEquals("breakpoint", c.stopped().getReason());
                assertEquals(22, frames(c)[0].getLine());
                Map<String, Variable> locals = scopes(c).get("Locals");
                assertEquals(corner, locals.get("corner").getValue());
                assertEquals("vec2", locals.get("corner").getType());
                get(c.server.continue_(new ContinueArguments()));
            }
            assertEquals("exited 0", c.next());
            assertTrue(String.join("", c.output()).contains("primitive 0 emitted vertex 3"), c.output().toString());
        }
    }

    @Test
    void aBinaryShowsTheVariablesOfTheMapBesideIt() throws Exception {
        Path src = source();
        dev.pica.driver.BuildSession session = new dev.pica.driver.BuildSession(dev.pica.asm.Assembler.Options.defaults().withDebug(true),
                dev.pica.format.diag.WarningPolicy.DEFAULT, null);
        dev.pica.driver.BuildSession.Linked linked = session.link(List.of(src), true);
        assertTrue(linked.ok());
        Files.write(dir.resolve("shade.shbin"), linked.binary());
        Files.writeString(dev.pica.compiler.VariableMap.fileBeside(dir.resolve("shade.shbin")), session.variables(linked).text());
        try (DapClient c = new DapClient()) {
            start(c, launch("shade.shbin"));
            assertTrue(breakAt(c, src, 16)[0].isVerified());
            get(c.server.configurationDone(new ConfigurationDoneArguments()));
            c.stopped();
            atPass(c, 0);
        }
        // a map that does not read: said, and the registers alone
        Files.writeString(dev.pica.compiler.VariableMap.fileBeside(dir.resolve("shade.shbin")), "n vec3 0 4 r0.xyz\n");
        try (DapClient c = new DapClient()) {
            start(c, launch("shade.shbin"));
            breakAt(c, src, 16);
            get(c.server.configurationDone(new ConfigurationDoneArguments()));
            c.stopped();
            assertFalse(scopes(c).containsKey("Locals"));
            String out = String.join("", c.output());
            assertTrue(out.contains("shade.shbin.vars") && out.contains("warning: line 1: not a variable map of picacc -g"), out);
        }
    }
}
