package dev.pica.cli;

import dev.pica.asm.Assembler;
import dev.pica.driver.BuildSession;
import dev.pica.driver.OutputSet;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.WarningPolicy;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.FormatException;
import dev.pica.format.shbin.InputKind;
import dev.pica.sim.Precision;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.SimulationException;
import dev.pica.sim.Simulator;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/** picasim: runs a linked shader on the host and prints its outputs (docs/spec/execution.md). */
public final class Picasim extends Tool {
    Picasim() {
        super("picasim");
    }

    enum Format { TEXT, JSON, RAW }

    Path input;
    String entry;
    List<String> sets;
    Path inputFile;
    Format format;
    boolean trace;
    long maxSteps;
    Precision precision;
    boolean quiet;

    static CommandSpec spec() {
        CommandSpec s = CommandSpecs.command("picasim", CommandSpecs.version("picasim"),
                "Run a linked shader (.shbin), or a GLSL vertex shader compiled in memory (.vert), on the host, as the Azahar emulator's shader interpreter runs it, and print its outputs.",
                "0:success", "1:unreadable or corrupt binary, a GLSL source with errors, or the shader did not reach 'end'", "2:usage error (an unknown name, a bad value)");
        s.addPositional(PositionalParamSpec.builder().index("0").required(true).type(Path.class).paramLabel("SHADER.shbin")
                .description("a linked binary (DVLB: ours, picasso's or the SDK's), or a GLSL source (.vert, .glsl with #pragma shader_stage) compiled and linked in memory; - reads standard input").build());
        s.addOption(CommandSpecs.option(String.class, "INDEX|NAME", "the DVLE to run: its index (default 0) or its main label", "--entry"));
        s.addOption(CommandSpecs.repeatable(String.class, "NAME=VALUE",
                "set a uniform or input by name (bind_symbol/.fvec/.in, name[k], or c5, i0, b3, v1): floats x,y,z,w (decimal, or 0x and a float24 pattern), "
                        + "a matrix as rows separated by ';', integers x,y,z,w (0-255), booleans true|false", "--set"));
        s.addOption(CommandSpecs.option(Path.class, "FILE.json",
                "uniforms and vertices: {\"uniforms\": {NAME: value}, \"vertices\": [{NAME: value}, ...]}; a geometry shader also takes "
                        + "\"primitives\": [[[[x,y,z,w] per attribute] per vertex] per primitive]", "--input"));
        s.addOption(CommandSpecs.option(Format.class, "text|json|raw", "text (default): outputs by semantic; json: the same as data; raw: float32 bit patterns per output register", "--format"));
        s.addOption(CommandSpecs.flag("print every executed instruction (registers by the names the shader gives them) with its source line and the lanes it wrote", "--trace"));
        s.addOption(CommandSpecs.flag("no notes or warnings (a uniform the shader reads but the run never sets, an instruction the emulator ignores)", "-w"));
        s.addOption(CommandSpecs.option(long.class, "N", "stop with an error after N executed words (default " + Simulator.DEFAULT_MAX_STEPS + "): a shader that never reaches 'end' would hang the GPU", "--max-steps"));
        s.addOption(CommandSpecs.option(Precision.class, "emulator|float24",
                "emulator (default): float32 values with the PICA's rules, as the emulator; float24: every register write rounded to float24, as the hardware holds it", "--precision"));
        CommandSpecs.addColorOptions(s);
        CommandSpecs.addHelp(s);
        return s;
    }

    @Override
    void read(ParseResult r) {
        err = CommandSpecs.diagnosticStream(r, err);
        input = r.matchedPositionalValue(0, null);
        entry = r.matchedOptionValue("--entry", null);
        sets = r.matchedOptionValue("--set", List.of());
        inputFile = r.matchedOptionValue("--input", null);
        format = r.matchedOptionValue("--format", Format.TEXT);
        trace = r.hasMatchedOption("--trace");
        maxSteps = r.matchedOptionValue("--max-steps", Simulator.DEFAULT_MAX_STEPS);
        precision = r.matchedOptionValue("--precision", Precision.EMULATOR);
        quiet = r.hasMatchedOption("-w");
    }

    /** A mistake in the arguments: exit 2 after one line. */
    static final class Usage extends Exception {
        Usage(String message) {
            super(message);
        }
    }

    @Override
    int call() {
        if (maxSteps <= 0) return usage("--max-steps must be positive, not " + maxSteps);
        Dvlb binary = readBinary();
        if (binary == null) return 1;
        // picasso's .alias input names, from the sources a -debug build's line table names, or recorded beside the binary
        Map<String, Integer> inputNames = new java.util.LinkedHashMap<>(dev.pica.driver.InputAliases.ofLineTable(binary, OutputSet.isStdio(input) ? null : input.toAbsolutePath().getParent()));
        if (!OutputSet.isStdio(input)) {
            try {
                Shader.inputNamesBeside(input).forEach(inputNames::putIfAbsent);
            } catch (IOException e) {
                DiagnosticPrinter.error(err, Problem.IO_ERROR, "picasim", e.getCause() instanceof IllegalArgumentException ? e.getMessage() : "cannot read '" + dev.pica.format.shbin.InputNames.beside(input) + "': " + IoErrors.reason(e));
                return 1;
            }
        }
        try {
            Shader shader = Shader.of(binary, entryIndex(binary)).withInputNames(inputNames);
            Simulator sim = new Simulator(shader).precision(precision).maxSteps(maxSteps);
            ValueReader values = new ValueReader(shader.bindings());
            Map<String, Object> file = inputFile == null ? Map.of() : readInput(inputFile);
            Map<String, float[]> inputDefaults = setValues(sim, values, file);
            RunOutput runs = RunOutput.of(format, shader, trace);
            RunTrace tracer = new RunTrace(shader);
            if (trace) sim.tracer(tracer);
            for (String k : file.keySet()) {
                if (!k.equals("uniforms") && !k.equals("vertices") && !k.equals("primitives")) throw new Usage(inputFile + ": unknown member \"" + k + "\" (expected uniforms, vertices, primitives)");
            }
            Object prims = file.get("primitives");
            if (prims != null) runPrimitives(sim, shader, values, prims, runs, tracer);
            else runVertices(sim, shader, values, file, inputDefaults, runs, tracer);
            print(runs, sim, shader);
            return 0;
        } catch (Usage u) {
            return usage(u.getMessage());
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        } catch (SimulationException e) {
            DiagnosticPrinter.error(err, Problem.SIMULATION, input.toString(), e.getMessage());
            return 1;
        }
    }

    /** The binary, read and checked; null after one error. */
    private Dvlb readBinary() {
        if (!OutputSet.isStdio(input) && BuildSession.isGlslName(input.toString())) return compiled();
        byte[] data;
        try {
            data = OutputSet.isStdio(input) ? in.readAllBytes() : Files.readAllBytes(input);
        } catch (IOException e) {
            DiagnosticPrinter.error(err, Problem.IO_ERROR, "picasim", "cannot read '" + input + "': " + IoErrors.reason(e));
            return null;
        }
        String what = notABinary(data);
        if (what != null) {
            DiagnosticPrinter.error(err, Problem.WRONG_FILE_KIND, input.toString(), what);
            return null;
        }
        try {
            return DvlbReader.read(data);
        } catch (FormatException e) {
            DiagnosticPrinter.error(err, Problem.INVALID_BINARY, input.toString(), e.getMessage());
            return null;
        }
    }

    /** A GLSL source compiled and linked in memory, as picacc would build it; its diagnostics printed, null after an error. */
    private Dvlb compiled() {
        BuildSession session = new BuildSession(Assembler.Options.defaults(), WarningPolicy.DEFAULT, null);
        BuildSession.Linked linked = session.link(List.of(input), false);
        for (BuildSession.Loaded l : linked.inputs()) if (!quiet || l.diagnostics().hasErrors()) DiagnosticPrinter.print(l.diagnostics(), err);
        if (!quiet || !linked.ok()) DiagnosticPrinter.print(linked.diagnostics(), err);
        if (!linked.ok()) return null;
        try {
            return DvlbReader.read(linked.binary());
        } catch (FormatException e) {
            // the driver checked the binary against the loader contract
            DiagnosticPrinter.error(err, Problem.INVALID_BINARY, input.toString(), e.getMessage());
            return null;
        }
    }

    /** The --input file's uniforms, then each --set; returns the inputs they set, every vertex's defaults. */
    private Map<String, float[]> setValues(Simulator sim, ValueReader values, Map<String, Object> file) throws Usage {
        Map<String, float[]> inputDefaults = new LinkedHashMap<>();
        for (Map.Entry<String, Object> u : object(file.get("uniforms"), "\"uniforms\"").entrySet()) {
            values.apply(sim, inputDefaults, u.getKey(), u.getValue(), "--input uniform '" + u.getKey() + "'", true);
        }
        for (String s : sets) {
            int eq = s.indexOf('=');
            if (eq <= 0) throw new Usage("--set '" + s + "': expected NAME=VALUE");
            values.apply(sim, inputDefaults, s.substring(0, eq).trim(), s.substring(eq + 1), "--set '" + s + "'", false);
        }
        return inputDefaults;
    }

    /** A geometry shader's runs, one per primitive of the --input file. */
    private void runPrimitives(Simulator sim, Shader shader, ValueReader values, Object prims, RunOutput runs, RunTrace tracer) throws Usage, SimulationException {
        if (!shader.geometry()) throw new Usage(inputFile + ": \"primitives\" are for a geometry shader; entry " + shader.index() + " is a vertex shader (use \"vertices\")");
        List<Object> list = list(prims, "\"primitives\"");
        for (int p = 0; p < list.size(); p++) {
            tracer.begin();
            Result r = sim.runGeometry(values.primitive(list.get(p), "primitive " + p));
            runs.add(r, tracer.lines());
        }
    }

    /** One run per vertex of the --input file (one run with the defaults if it has none), batched when nothing is traced. */
    private void runVertices(Simulator sim, Shader shader, ValueReader values, Map<String, Object> file, Map<String, float[]> inputDefaults,
            RunOutput runs, RunTrace tracer) throws Usage, SimulationException {
        List<Object> vertices = file.containsKey("vertices") ? list(file.get("vertices"), "\"vertices\"") : List.of(Map.of());
        List<Map<String, float[]>> all = new ArrayList<>();
        for (int v = 0; v < vertices.size(); v++) {
            Map<String, float[]> inputs = new LinkedHashMap<>(inputDefaults);
            for (Map.Entry<String, Object> e : object(vertices.get(v), "vertex " + v).entrySet()) {
                inputs.put(e.getKey(), values.input(e.getKey(), e.getValue(), "--input vertex " + v + " '" + e.getKey() + "'"));
            }
            all.add(inputs);
        }
        Map<String, float[]> batch = trace || shader.geometry() ? null : VertexArrays.of(all);
        List<Result> results = null;
        try {
            // the batch path: every vertex in one call, on every core for a large file
            if (batch != null) results = sim.runAll(all.size(), batch);
        } catch (SimulationException | IllegalArgumentException e) {
            results = null; // run them one by one: the failing vertex reports as it always has
        }
        if (results != null) {
            for (Result r : results) runs.add(r, List.of());
        } else {
            for (Map<String, float[]> inputs : all) {
                tracer.begin();
                runs.add(sim.run(inputs), tracer.lines());
            }
        }
    }

    /** The outputs on standard output; notes, warnings and the trace on standard error. */
    private void print(RunOutput runs, Simulator sim, Shader shader) {
        out.print(runs.text());
        out.flush();
        if (!quiet) {
            for (String n : runs.notes()) DiagnosticPrinter.warning(err, Problem.SIMULATION, input.toString(), "ran " + n);
            if (shader.compiledFailure() != null) {
                DiagnosticPrinter.print(new Diagnostic(Diagnostic.Severity.NOTE, SourcePos.named(input.toString(), 0), "the simulator's compiled code failed on this shader ("
                        + shader.compiledFailure() + "); the interpreter ran it instead, with the same results (please report this)", Problem.SIMULATION), err);
            }
            for (String u : sim.unsetUniformsRead()) {
                DiagnosticPrinter.print(new Diagnostic(Diagnostic.Severity.NOTE, SourcePos.named(input.toString(), 0), "uniform '" + u + "' ("
                        + shader.bindings().resolve(u).text() + ") is read by the shader but never set (--set, or \"uniforms\" in --input); it read as 0", Problem.SIMULATION), err);
            }
        }
        err.print(runs.traceText());
    }

    private int usage(String message) {
        DiagnosticPrinter.error(err, Problem.USAGE, "picasim", message);
        return 2;
    }

    /** Why the bytes are not a DVLB, in one line, or null if they look like one. */
    static String notABinary(byte[] data) {
        return switch (InputKind.of(data)) {
            case DVLB -> null;
            case DVOJ -> "is an object (DVOJ), not a linked shader; link it first (picalink FILE.o -o FILE.shbin)";
            case TEXT -> "looks like shader source, not a linked binary; build it first (picasm FILE -o FILE.o && picalink FILE.o -o FILE.shbin)";
            case BINARY -> "is not a shader binary (no DVLB magic at offset 0)";
        };
    }

    private int entryIndex(Dvlb binary) throws Usage {
        if (entry == null) return 0;
        try {
            return Shader.entryIndex(binary, entry);
        } catch (IllegalArgumentException e) {
            throw new Usage("--entry '" + entry + "': " + e.getMessage());
        }
    }

    private Map<String, Object> readInput(Path p) throws Usage {
        String text;
        try {
            text = OutputSet.isStdio(p) ? new String(in.readAllBytes(), StandardCharsets.UTF_8) : Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new Usage("cannot read '" + p + "': " + IoErrors.reason(e));
        }
        try {
            return object(JsonInput.read(text), p.toString());
        } catch (JsonInput.Error e) {
            throw new Usage(p + ":" + e.line + ":" + e.column + ": " + e.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object o, String what) throws Usage {
        if (o == null) return Map.of();
        if (!(o instanceof Map)) throw new Usage(what + " must be an object");
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o, String what) throws Usage {
        if (!(o instanceof List)) throw new Usage(what + " must be a list");
        return (List<Object>) o;
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        return new Picasim().execute(System.in, out, err, args);
    }

    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        return new Picasim().execute(in, out, err, args);
    }

    public static void main(String[] args) {
        new Picasim().exit(args);
    }
}
