package dev.pica.debug;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.pica.format.disasm.Disassembler;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.Label;
import dev.pica.format.shbin.LineInfo;
import dev.pica.sim.Bindings;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import dev.pica.sim.Stepper;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.eclipse.lsp4j.debug.*;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.debug.services.IDebugProtocolServer;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

/**
 * The Debug Adapter Protocol requests, a thin shell over the simulator's {@link Stepper}: launch
 * loads or builds the program ({@link ProgramLoader}) and reads its inputs ({@link LaunchInputs});
 * the run, its breakpoints and its replay are {@link DebugRun}'s. Every request runs on one thread
 * in arrival order; an event a request causes (stopped, terminated) is sent after its response.
 * A mistake in a request is an error response naming it: the adapter itself never stops.
 */
final class PicaDebugServer implements IDebugProtocolServer {
    private static final int THREAD = 1;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        java.lang.Thread t = new java.lang.Thread(r, "picadbg");
        t.setDaemon(true);
        return t;
    });
    private IDebugProtocolClient client;
    private Runnable onExit = () -> { };

    private Shader shader;
    private Simulator simulator;
    private LineTable lines;
    private DebugRun run;
    private VariableTree variables;
    /** Where the GLSL variables of the program's mains are (empty for an assembly program). */
    private dev.pica.compiler.VariableMap glsl = dev.pica.compiler.VariableMap.EMPTY;
    private final Breakpoints breakpoints = new Breakpoints();
    private List<LaunchInputs.Invocation> invocations;
    private boolean stopOnEntry, configured, started;
    private long budget;
    private Path base;

    void connect(IDebugProtocolClient client) {
        this.client = client;
    }

    void onExit(Runnable r) {
        this.onExit = r;
    }

    /**
     * Lets the requests already taken finish, so that their responses are written before the
     * process exits: a client that sends a request and closes the stream still gets the answer.
     */
    void finishPending() {
        worker.shutdown();
        try {
            worker.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            java.lang.Thread.currentThread().interrupt();
        }
    }

    /** Runs a request on the worker; an IllegalArgumentException or IllegalStateException becomes an error response. */
    private <T> CompletableFuture<T> request(Supplier<T> body) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return body.get();
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw error(e.getMessage());
            }
        }, worker);
    }

    private static ResponseErrorException error(String message) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, message, null));
    }

    /**
     * Queued after the current request's response. A failure there has no response to carry it:
     * the client is told on the console and the session ends, so that it never waits for a stop.
     */
    private void later(Runnable r) {
        worker.execute(() -> {
            try {
                r.run();
            } catch (RuntimeException e) {
                output("stderr", "picadbg: internal error: " + e + " (please report it with the launch configuration)");
                client.terminated(new TerminatedEventArguments());
            }
        });
    }

    @Override
    public CompletableFuture<Capabilities> initialize(InitializeRequestArguments args) {
        return request(() -> {
            Capabilities c = new Capabilities();
            c.setSupportsConfigurationDoneRequest(true);
            c.setSupportsConditionalBreakpoints(true);
            c.setSupportsHitConditionalBreakpoints(true);
            c.setSupportsFunctionBreakpoints(true);
            c.setSupportsInstructionBreakpoints(true);
            c.setSupportsDisassembleRequest(true);
            c.setSupportsSetVariable(true);
            c.setSupportsStepBack(true);
            c.setSupportsEvaluateForHovers(true);
            c.setSupportsSteppingGranularity(true);
            c.setSupportsTerminateRequest(true);
            c.setSupportsRestartRequest(false);
            return c;
        });
    }

    /**
     * The launch's "entry": a JSON number is an index, a string a main label or an index, none
     * entry 0. LSP4J hands the arguments over as Gson reads them into a map, every number a double
     * (0 arrives as 0.0), so a number is taken as one, not as its text.
     */
    private static int entry(Dvlb binary, JsonElement e) {
        if (e == null || e.isJsonNull()) return 0;
        if (!e.isJsonPrimitive()) throw new IllegalArgumentException("\"entry\" must be an index (a number) or a main label (a string), not " + e);
        if (!e.getAsJsonPrimitive().isNumber()) return Shader.entryIndex(binary, e.getAsString());
        double index = e.getAsDouble();
        int n = binary.shaders().size();
        if (index == Math.rint(index) && index >= 0 && index < n) return (int) index;
        String written = index == Math.rint(index) && Math.abs(index) < 1e15 ? Long.toString((long) index) : Double.toString(index);
        throw new IllegalArgumentException("\"entry\": " + written + " is not an entry of the binary, which has " + n + " entr" + (n == 1 ? "y" : "ies") + " (0-" + (n - 1) + ")");
    }

    @Override
    public CompletableFuture<Void> launch(Map<String, Object> raw) {
        return request(() -> {
            JsonObject args = new Gson().toJsonTree(raw).getAsJsonObject();
            base = Path.of(string(args, "cwd", System.getProperty("user.dir")));
            String program = string(args, "program", null);
            if (program == null) throw new IllegalArgumentException("the launch configuration names no \"program\" (a .shbin, or a source, picasso unit or .shlist to build)");
            Path path = base.resolve(program);
            ProgramLoader.Loaded loaded;
            try {
                loaded = ProgramLoader.load(path, paths(args, "includeDirs"), strings(args, "defines"));
            } catch (ProgramLoader.LoadError e) {
                throw new IllegalArgumentException(e.getMessage());
            }
            Dvlb binary = loaded.binary();
            glsl = loaded.variables();
            int entry = entry(binary, args.get("entry"));
            shader = Shader.of(binary, entry).withInputNames(loaded.inputNames());
            simulator = new Simulator(shader);
            budget = args.has("maxSteps") ? args.get("maxSteps").getAsLong() : Simulator.DEFAULT_MAX_STEPS;
            if (budget <= 0) throw new IllegalArgumentException("\"maxSteps\" must be positive, not " + budget);
            JsonObject inputs = new JsonObject();
            String where = "\"inputs\"";
            if (args.has("input")) {
                Path file = base.resolve(args.get("input").getAsString());
                inputs = LaunchInputs.readFile(file);
                where = file.toString();
            } else if (args.has("inputs")) {
                if (!args.get("inputs").isJsonObject()) throw new IllegalArgumentException("\"inputs\" must be an object {\"uniforms\": ..., \"vertices\": [...]}");
                inputs = args.getAsJsonObject("inputs");
            }
            invocations = LaunchInputs.apply(inputs, simulator, where);
            stopOnEntry = args.has("stopOnEntry") && args.get("stopOnEntry").getAsBoolean();
            List<Path> bases = new ArrayList<>();
            bases.add(base);
            if (path.toAbsolutePath().getParent() != null) bases.add(path.toAbsolutePath().getParent());
            lines = new LineTable(shader, bases);
            variables = new VariableTree(shader.bindings());
            for (String w : loaded.warnings()) output("stderr", w);
            for (String u : simulator.unsetUniformsRead()) {
                output("console", "note: uniform '" + u + "' (" + shader.bindings().resolve(u).text() + ") is read by the shader but never set (\"uniforms\" in the input); it reads as 0");
            }
            later(() -> client.initialized());
            if (configured) later(this::begin);
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> configurationDone(ConfigurationDoneArguments args) {
        return request(() -> {
            configured = true;
            if (shader != null) later(this::begin);
            return null;
        });
    }

    private void begin() {
        if (started) return;
        started = true;
        run = new DebugRun(simulator, invocations, breakpoints, lines, budget, this::output);
        report(run.start(stopOnEntry));
    }

    private void output(String category, String text) {
        OutputEventArguments o = new OutputEventArguments();
        o.setCategory(category);
        o.setOutput(text.endsWith("\n") ? text : text + "\n");
        client.output(o);
    }

    /** Sends what the run did: stopped, or exited and terminated. */
    private void report(DebugRun.Stop stop) {
        variables.clear();
        if (stop == null) {
            ExitedEventArguments x = new ExitedEventArguments();
            x.setExitCode(0);
            client.exited(x);
            client.terminated(new TerminatedEventArguments());
            return;
        }
        StoppedEventArguments e = new StoppedEventArguments();
        e.setReason(stop.reason());
        e.setThreadId(THREAD);
        e.setAllThreadsStopped(true);
        if (stop.description() != null) {
            e.setDescription(stop.description());
            e.setText(stop.description());
        }
        if (!stop.breakpoints().isEmpty()) e.setHitBreakpointIds(stop.breakpoints().toArray(new Integer[0]));
        client.stopped(e);
    }

    private DebugRun running() {
        if (run == null) throw new IllegalStateException("the program is not running (launch it first)");
        if (run.ended()) throw new IllegalStateException("the run has ended");
        return run;
    }

    // ---- breakpoints ----

    @Override
    public CompletableFuture<SetBreakpointsResponse> setBreakpoints(SetBreakpointsArguments args) {
        return request(() -> {
            requireProgram();
            String file = args.getSource().getPath();
            if (file == null) throw new IllegalArgumentException("the source has no path");
            Path source = base.resolve(file);
            List<Breakpoint> out = new ArrayList<>();
            List<Breakpoints.Point> points = new ArrayList<>();
            SourceBreakpoint[] given = args.getBreakpoints() == null ? new SourceBreakpoint[0] : args.getBreakpoints();
            for (SourceBreakpoint b : given) {
                Breakpoint r = new Breakpoint();
                r.setId(breakpoints.newId());
                r.setSource(args.getSource());
                var at = lines.wordsAt(source, b.getLine());
                try {
                    // a condition may name the GLSL variables: it is read at each word, where they are
                    Map<Integer, Condition> byWord = new java.util.HashMap<>();
                    if (at != null && !glsl.variables().isEmpty()) for (int pc : at.getValue()) byWord.put(pc, Breakpoints.condition(b.getCondition(), shader.bindings(), name -> glslPlace(name, pc)));
                    Condition c = byWord.isEmpty() ? Breakpoints.condition(b.getCondition(), shader.bindings()) : null;
                    String hits = Breakpoints.hitCondition(b.getHitCondition());
                    if (at == null) {
                        r.setVerified(false);
                        r.setLine(b.getLine());
                        r.setMessage(lines.hasLines() ? "no code at or after line " + b.getLine() + " of " + source.getFileName() + " in this binary"
                                : "the binary has no line information: build it with -g (picasm -g, picalink -g), or set instruction breakpoints in the disassembly");
                    } else {
                        r.setVerified(true);
                        r.setLine(at.getKey());
                        for (int pc : at.getValue()) points.add(new Breakpoints.Point(r.getId(), pc, byWord.getOrDefault(pc, c), hits, "breakpoint"));
                    }
                } catch (IllegalArgumentException e) {
                    r.setVerified(false);
                    r.setLine(b.getLine());
                    r.setMessage(e.getMessage());
                }
                out.add(r);
            }
            breakpoints.set("source:" + source.toAbsolutePath().normalize(), points);
            SetBreakpointsResponse resp = new SetBreakpointsResponse();
            resp.setBreakpoints(out.toArray(new Breakpoint[0]));
            return resp;
        });
    }

    @Override
    public CompletableFuture<SetFunctionBreakpointsResponse> setFunctionBreakpoints(SetFunctionBreakpointsArguments args) {
        return request(() -> {
            requireProgram();
            List<Breakpoint> out = new ArrayList<>();
            List<Breakpoints.Point> points = new ArrayList<>();
            for (FunctionBreakpoint f : args.getBreakpoints()) {
                Breakpoint r = new Breakpoint();
                r.setId(breakpoints.newId());
                Label label = null;
                for (Label l : lines.labels()) if (l.name().equals(f.getName())) label = l;
                try {
                    Condition c = Breakpoints.condition(f.getCondition(), shader.bindings());
                    String hits = Breakpoints.hitCondition(f.getHitCondition());
                    if (label == null) {
                        List<String> names = new ArrayList<>();
                        for (Label l : lines.labels()) names.add(l.name());
                        r.setVerified(false);
                        r.setMessage("no label '" + f.getName() + "' in entry " + shader.index() + (names.isEmpty() ? " (the binary keeps no labels; set a line or instruction breakpoint)" : " (labels: " + String.join(", ", names) + ")"));
                    } else {
                        r.setVerified(true);
                        locate(r, label.address());
                        points.add(new Breakpoints.Point(r.getId(), label.address(), c, hits, "function breakpoint"));
                    }
                } catch (IllegalArgumentException e) {
                    r.setVerified(false);
                    r.setMessage(e.getMessage());
                }
                out.add(r);
            }
            breakpoints.set("function", points);
            SetFunctionBreakpointsResponse resp = new SetFunctionBreakpointsResponse();
            resp.setBreakpoints(out.toArray(new Breakpoint[0]));
            return resp;
        });
    }

    @Override
    public CompletableFuture<SetInstructionBreakpointsResponse> setInstructionBreakpoints(SetInstructionBreakpointsArguments args) {
        return request(() -> {
            requireProgram();
            List<Breakpoint> out = new ArrayList<>();
            List<Breakpoints.Point> points = new ArrayList<>();
            for (InstructionBreakpoint b : args.getBreakpoints()) {
                Breakpoint r = new Breakpoint();
                r.setId(breakpoints.newId());
                try {
                    int pc = address(b.getInstructionReference()) + (b.getOffset() == null ? 0 : b.getOffset());
                    if (pc < 0 || pc >= shader.binary().program().codeSize()) throw new IllegalArgumentException("word " + pc + " is outside the program (0-" + (shader.binary().program().codeSize() - 1) + ")");
                    Condition c = Breakpoints.condition(b.getCondition(), shader.bindings());
                    String hits = Breakpoints.hitCondition(b.getHitCondition());
                    r.setVerified(true);
                    r.setInstructionReference(reference(pc));
                    locate(r, pc);
                    points.add(new Breakpoints.Point(r.getId(), pc, c, hits, "instruction breakpoint"));
                } catch (IllegalArgumentException e) {
                    r.setVerified(false);
                    r.setMessage(e.getMessage());
                }
                out.add(r);
            }
            breakpoints.set("instruction", points);
            SetInstructionBreakpointsResponse resp = new SetInstructionBreakpointsResponse();
            resp.setBreakpoints(out.toArray(new Breakpoint[0]));
            return resp;
        });
    }

    @Override
    public CompletableFuture<SetExceptionBreakpointsResponse> setExceptionBreakpoints(SetExceptionBreakpointsArguments args) {
        return request(() -> {
            SetExceptionBreakpointsResponse r = new SetExceptionBreakpointsResponse();
            r.setBreakpoints(new Breakpoint[0]);
            return r;
        });
    }

    private void locate(Breakpoint r, int pc) {
        LineInfo li = lines.position(pc);
        if (li == null) return;
        r.setSource(source(li));
        r.setLine(li.line());
    }

    private void requireProgram() {
        if (shader == null) throw new IllegalStateException("no program yet: breakpoints are set after launch (on the initialized event)");
    }

    /** Word addresses as the disassembly names them: "0x" and the word index. */
    static String reference(int pc) {
        return String.format("0x%03x", pc);
    }

    static int address(String reference) {
        try {
            return Integer.decode(reference.trim());
        } catch (NumberFormatException | NullPointerException e) {
            throw new IllegalArgumentException("'" + reference + "' is not a word address (0x1f or 31)");
        }
    }

    private Source source(LineInfo li) {
        Source s = new Source();
        Path p = lines.path(li.file());
        s.setName(p.getFileName().toString());
        s.setPath(p.toString());
        return s;
    }

    // ---- execution ----

    @Override
    public CompletableFuture<ContinueResponse> continue_(ContinueArguments args) {
        return request(() -> {
            DebugRun r = running();
            later(() -> report(r.resume(null, false)));
            ContinueResponse c = new ContinueResponse();
            c.setAllThreadsContinued(true);
            return c;
        });
    }

    @Override
    public CompletableFuture<Void> next(NextArguments args) {
        return step(DebugRun.Step.OVER, args.getGranularity());
    }

    @Override
    public CompletableFuture<Void> stepIn(StepInArguments args) {
        return step(DebugRun.Step.IN, args.getGranularity());
    }

    @Override
    public CompletableFuture<Void> stepOut(StepOutArguments args) {
        return step(DebugRun.Step.OUT, args.getGranularity());
    }

    private CompletableFuture<Void> step(DebugRun.Step how, SteppingGranularity g) {
        return request(() -> {
            DebugRun r = running();
            later(() -> report(r.resume(how, g == SteppingGranularity.INSTRUCTION)));
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> stepBack(StepBackArguments args) {
        return request(() -> {
            DebugRun r = running();
            later(() -> report(r.stepBack(args.getGranularity() == SteppingGranularity.INSTRUCTION)));
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> reverseContinue(ReverseContinueArguments args) {
        return request(() -> {
            DebugRun r = running();
            later(() -> report(r.reverseContinue()));
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> pause(PauseArguments args) {
        // every request waits for the one before it: a run is never in progress when pause arrives
        return request(() -> null);
    }

    @Override
    public CompletableFuture<Void> disconnect(DisconnectArguments args) {
        return request(() -> {
            later(onExit);
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> terminate(TerminateArguments args) {
        return request(() -> {
            later(() -> client.terminated(new TerminatedEventArguments()));
            return null;
        });
    }

    // ---- state ----

    @Override
    public CompletableFuture<ThreadsResponse> threads() {
        return request(() -> {
            org.eclipse.lsp4j.debug.Thread t = new org.eclipse.lsp4j.debug.Thread();
            t.setId(THREAD);
            t.setName(run == null ? "shader" : (shader.geometry() ? "primitive " : "vertex ") + run.invocation() + " of " + run.invocations());
            ThreadsResponse r = new ThreadsResponse();
            r.setThreads(new org.eclipse.lsp4j.debug.Thread[] {t});
            return r;
        });
    }

    @Override
    public CompletableFuture<StackTraceResponse> stackTrace(StackTraceArguments args) {
        return request(() -> {
            Stepper s = running().stepper();
            List<StackFrame> frames = new ArrayList<>();
            List<Stepper.Call> calls = s.calls();
            int pc = s.pc();
            for (int k = calls.size(); k >= 0; k--) {
                StackFrame f = new StackFrame();
                f.setId(frames.size() + 1);
                f.setName(lines.routine(pc) + (k == calls.size() ? flow(s) : ""));
                f.setInstructionPointerReference(reference(pc));
                LineInfo li = lines.position(pc);
                if (li != null) {
                    f.setSource(source(li));
                    f.setLine(li.line());
                }
                f.setColumn(li == null ? 0 : 1);
                frames.add(f);
                if (k > 0) pc = calls.get(k - 1).returnTo() - 1;
            }
            StackTraceResponse r = new StackTraceResponse();
            r.setStackFrames(frames.toArray(new StackFrame[0]));
            r.setTotalFrames(frames.size());
            return r;
        });
    }

    /** The loops and ifs open at the top frame, as its name shows them. */
    private static String flow(Stepper s) {
        StringBuilder sb = new StringBuilder();
        for (Stepper.Loop l : s.loops()) sb.append(sb.length() == 0 ? " [" : ", ").append("loop ").append(l.entry()).append('-').append(l.end() - 1).append(" aL=").append(s.aL());
        for (Stepper.If i : s.ifs()) sb.append(sb.length() == 0 ? " [" : ", ").append("if to ").append(i.end() - 1);
        return sb.length() == 0 ? "" : sb.append(']').toString();
    }

    @Override
    public CompletableFuture<ScopesResponse> scopes(ScopesArguments args) {
        return request(() -> {
            running();
            Bindings b = shader.bindings();
            List<Map.Entry<String, Place>> regs = new ArrayList<>(), ins = new ArrayList<>(), outs = new ArrayList<>(), unis = new ArrayList<>();
            for (int n = 0; n < RegisterFile.TEMPORARY.count; n++) regs.add(entry("r" + n, Place.resolve("r" + n, b)));
            for (String n : new String[] {"a0", "aL", "cmp"}) regs.add(entry(n, Place.resolve(n, b)));
            for (Map.Entry<String, Bindings.Range> e : b.named().entrySet()) {
                Place p = Place.resolve(e.getKey(), b);
                (e.getValue().file() == RegisterFile.INPUT ? ins : unis).add(entry(e.getKey() + " (" + e.getValue().text() + ")", p));
            }
            if (ins.isEmpty()) for (int n = 0; n < RegisterFile.INPUT.count; n++) ins.add(entry("v" + n, Place.resolve("v" + n, b)));
            for (Bindings.Output o : b.outputs()) outs.add(entry(o.name() + " (o" + o.register() + ")", new Place("o" + o.register(), 'o', o.register(), 1, o.mask(), -1)));
            Supplier<Stepper> s = () -> run.stepper();
            List<Scope> scopes = new ArrayList<>();
            if (!glsl.variables().isEmpty()) {
                // the top frame's GLSL variables: the only frame, every function being inlined (glsl.md 11)
                int ref = variables.locals(glsl, s, run::edit);
                Scope locals = scope("Locals", ref, glsl.at(run.stepper().pc()).size());
                locals.setPresentationHint(ScopePresentationHint.LOCALS);
                scopes.add(locals);
            }
            scopes.add(scope("Registers", variables.scope(regs, s, run::edit), regs.size()));
            scopes.add(scope("Inputs", variables.scope(ins, s, run::edit), ins.size()));
            scopes.add(scope("Outputs", variables.scope(outs, s, run::edit), outs.size()));
            scopes.add(scope("Uniforms", variables.scope(unis, s, run::edit), unis.size()));
            ScopesResponse r = new ScopesResponse();
            r.setScopes(scopes.toArray(new Scope[0]));
            return r;
        });
    }

    private static Map.Entry<String, Place> entry(String name, Place p) {
        return new AbstractMap.SimpleImmutableEntry<>(name, p);
    }

    private static Scope scope(String name, int ref, int count) {
        Scope s = new Scope();
        s.setName(name);
        s.setVariablesReference(ref);
        s.setNamedVariables(count);
        s.setExpensive(false);
        s.setPresentationHint(name.equals("Registers") ? ScopePresentationHint.REGISTERS : null);
        return s;
    }

    @Override
    public CompletableFuture<VariablesResponse> variables(VariablesArguments args) {
        return request(() -> {
            running();
            VariablesResponse r = new VariablesResponse();
            r.setVariables(variables.children(args.getVariablesReference()).toArray(new Variable[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<SetVariableResponse> setVariable(SetVariableArguments args) {
        return request(() -> {
            running();
            variables.set(args.getVariablesReference(), args.getName(), args.getValue());
            // the value as it now reads: the same list, asked again
            SetVariableResponse r = new SetVariableResponse();
            for (Variable v : variables.children(args.getVariablesReference())) {
                if (v.getName().equals(args.getName())) {
                    r.setValue(v.getValue());
                    r.setVariablesReference(v.getVariablesReference());
                }
            }
            return r;
        });
    }

    @Override
    public CompletableFuture<EvaluateResponse> evaluate(EvaluateArguments args) {
        return request(() -> {
            Stepper s = running().stepper();
            String e = args.getExpression().trim();
            EvaluateResponse r = new EvaluateResponse();
            if (e.matches(".*(<|>|==|!=|&&|\\|\\|).*")) {
                r.setResult(Condition.parse(e, shader.bindings()).holds(s) ? "true" : "false");
                return r;
            }
            Variable g = glslVariable(e, s);
            if (g != null) {
                r.setResult(g.getValue());
                r.setType(g.getType());
                r.setVariablesReference(g.getVariablesReference());
                return r;
            }
            Variable v = variables.variable(e, Place.resolve(e, shader.bindings()), s, run::edit);
            r.setResult(v.getValue());
            r.setVariablesReference(v.getVariablesReference());
            return r;
        });
    }

    /** A name as a GLSL variable and an optional component: {"n", null}, {"n", "y"}. */
    private static String[] glslName(String text) {
        int dot = text.lastIndexOf('.');
        if (dot > 0 && text.length() == dot + 2 && "xyzw".indexOf(text.charAt(dot + 1)) >= 0) return new String[] {text.substring(0, dot), text.substring(dot + 1)};
        return new String[] {text, null};
    }

    /** The GLSL variable of this name that has a value at word {@code pc}, with its span there, or null. */
    private Map.Entry<dev.pica.compiler.VariableMap.Variable, dev.pica.compiler.VariableMap.Span> glslAt(String name, int pc) {
        for (Map.Entry<dev.pica.compiler.VariableMap.Variable, dev.pica.compiler.VariableMap.Span> v : glsl.at(pc)) if (v.getKey().name().equals(name)) return v;
        return null;
    }

    /**
     * The place of a GLSL variable ({@code i}, {@code s}) or of one component ({@code n.y}) at word
     * {@code pc}, or null when the name is no variable with a value there; a vector named whole
     * is a place of several lanes (a condition then asks for a component).
     */
    private Place glslPlace(String text, int pc) {
        String[] n = glslName(text);
        var v = glslAt(n[0], pc);
        if (v == null) {
            for (var x : glsl.variables()) {
                if (x.name().equals(n[0])) {
                    LineInfo li = lines.position(pc);
                    throw new IllegalArgumentException("'" + n[0] + "' has no value at word " + pc + (li == null ? "" : " (line " + li.line() + ")")
                            + ": no register holds it there (not computed yet, or no longer read)");
                }
            }
            return null;
        }
        List<Place> comps = VariableTree.components(n[0], v.getValue().location());
        if (n[1] == null) return comps.size() == 1 ? comps.get(0) : new Place(n[0], comps.get(0).file(), comps.get(0).first(), 1, 0xF, -1);
        int k = "xyzw".indexOf(n[1].charAt(0));
        if (k >= comps.size()) throw new IllegalArgumentException("'" + text + "': '" + n[0] + "' is a " + v.getKey().type() + ", which has no " + n[1]);
        return comps.get(k);
    }

    /** A GLSL variable with a value here ({@code n}), or one of its components ({@code n.y}); null when the name is not one. */
    private Variable glslVariable(String e, Stepper s) {
        String[] n = glslName(e);
        var v = glslAt(n[0], s.pc());
        if (v == null) return null;
        if (n[1] == null) return variables.glsl(n[0], v.getKey().type(), v.getValue().location(), s, run::edit);
        Variable x = new Variable();
        x.setValue(VariableTree.glslText(v.getKey().type(), glslPlace(e, s.pc()).value(s)));
        return x;
    }

    @Override
    public CompletableFuture<DisassembleResponse> disassemble(DisassembleArguments args) {
        return request(() -> {
            requireProgram();
            int start = address(args.getMemoryReference()) + (args.getOffset() == null ? 0 : args.getOffset() / 4) + (args.getInstructionOffset() == null ? 0 : args.getInstructionOffset());
            int size = shader.binary().program().codeSize();
            int[] table = shader.descriptorTable();
            List<DisassembledInstruction> out = new ArrayList<>();
            LineInfo previous = null;
            for (int k = 0; k < args.getInstructionCount(); k++) {
                int pc = start + k;
                DisassembledInstruction d = new DisassembledInstruction();
                d.setAddress(reference(pc));
                if (pc < 0 || pc >= size) {
                    d.setInstruction("??");
                    d.setPresentationHint(DisassembledInstructionPresentationHint.INVALID);
                } else {
                    int word = shader.binary().program().codeWord(pc);
                    d.setInstructionBytes(String.format("%08x", word));
                    d.setInstruction(Disassembler.instructionText(pc, word, table).trim());
                    for (Label l : lines.labels()) if (l.address() == pc) d.setSymbol(l.name());
                    LineInfo li = lines.position(pc);
                    if (li != null && !li.equals(previous)) {
                        d.setLocation(source(li));
                        d.setLine(li.line());
                    }
                    previous = li;
                }
                out.add(d);
            }
            DisassembleResponse r = new DisassembleResponse();
            r.setInstructions(out.toArray(new DisassembledInstruction[0]));
            return r;
        });
    }

    // ---- launch arguments ----

    private static String string(JsonObject o, String key, String otherwise) {
        JsonElement e = o.get(key);
        if (e == null || e.isJsonNull()) return otherwise;
        if (!e.isJsonPrimitive()) throw new IllegalArgumentException("\"" + key + "\" must be a string");
        return e.getAsString();
    }

    private static List<String> strings(JsonObject o, String key) {
        List<String> l = new ArrayList<>();
        JsonElement e = o.get(key);
        if (e == null || e.isJsonNull()) return l;
        if (!e.isJsonArray()) throw new IllegalArgumentException("\"" + key + "\" must be a list of strings");
        for (JsonElement x : e.getAsJsonArray()) l.add(x.getAsString());
        return l;
    }

    private List<Path> paths(JsonObject o, String key) {
        List<Path> l = new ArrayList<>();
        for (String s : strings(o, key)) l.add(base.resolve(s));
        return l;
    }
}
