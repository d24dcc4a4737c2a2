package dev.pica.cli;

import dev.pica.asm.Assembler;
import dev.pica.compiler.CompileOptions;
import dev.pica.compiler.CompileResult;
import dev.pica.compiler.GlslCompiler;
import dev.pica.compiler.GlslSource;
import dev.pica.compiler.VariableMap;
import dev.pica.driver.BuildSession;
import dev.pica.driver.OutputSet;
import dev.pica.driver.SourceReader;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.shbin.DvojWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * picacc: GLSL vertex and geometry shaders to DVOJ objects, SDK-dialect assembly or linked binaries, as GCC's
 * driver does it (docs/glsl.md): {@code -c} stops after the object, {@code -S} after the
 * assembly, {@code -E} after the preprocessor; without them every input is compiled in memory
 * and linked, with any objects given, into one .shbin.
 */
public final class Picacc extends BuildTool {
    Picacc() {
        super("picacc");
    }

    /** Where the driver stops, as GCC's -E, -S and -c say (the last one given wins, as in GCC). */
    enum Stop {
        PREPROCESS, ASSEMBLY, OBJECT, LINK
    }

    // each option's value when it is not given (BuildTool's too): read(ParseResult) and readPlain both start from these
    Stop stop = Stop.LINK;
    boolean optimize = true;
    boolean debug;
    String std;
    /** glslc's -fshader-stage: the stage of every input, whatever its name says (standard input has none). */
    dev.pica.compiler.ShaderStage stage;

    /** The binary's name when -o is not given in a link, as picalink names it. */
    static final Path DEFAULT_BINARY = Path.of("shader.shbin");

    static CommandSpec spec() {
        CommandSpec s = CommandSpecs.command("picacc", CommandSpecs.version("picacc"),
                "Compile GLSL vertex and geometry shaders (.vert, .geom, or .glsl with #pragma shader_stage(vertex|geometry)) for the 3DS GPU (PICA200): "
                        + "to DVOJ objects (-c), SDK-dialect assembly (-S) or, linked with any objects given, one .shbin (docs/glsl.md).",
                "0:success (warnings allowed)", "1:errors in the input", "2:usage error");
        s.addPositional(CommandSpecs.operands("FILE", "GLSL sources (.vert, .geom, .glsl) and, when linking, DVOJ objects (.o); - reads a GLSL source from standard input"));
        s.addOption(CommandSpecs.option(Path.class, "OUT",
                "the output (default: STEM.o with -c, STEM.vsh with -S, standard output with -E, shader.shbin when linking; - is standard output)", "-o"));
        s.addOption(CommandSpecs.flag("compile to a DVOJ object and stop (picalink links it like any other)", "-c"));
        s.addOption(CommandSpecs.flag("compile to SDK-dialect assembly and stop (picasm assembles it to the same object)", "-S"));
        s.addOption(CommandSpecs.flag("print the preprocessed GLSL (to -o if given) and stop", "-E"));
        s.addOption(CommandSpecs.repeatable(Path.class, "DIR", "add an #include directory (searched in order, after the including file's directory)", "-I"));
        s.addOption(CommandSpecs.repeatable(String.class, "NAME[=VALUE]", "define a macro (value 1 if none)", "-D"));
        s.addOption(CommandSpecs.flag("optimise (the default): fused multiply-adds, copies coalesced, products reassociated", "-O", "-O1", "-O2", "-O3", "-Os"));
        s.addOption(CommandSpecs.flag("do not optimise in the back end (glslang's SPIR-V is optimised either way)", "-O0"));
        s.addOption(CommandSpecs.flag("mark the object for debugging: a link that uses it writes the line table to the GLSL lines, and NAME.vars beside the output says where the GLSL variables are (picadbg steps through the GLSL and shows them)", "-g"));
        s.addOption(CommandSpecs.option(String.class, "VERSIONPROFILE",
                "read the sources as this GLSL version and profile whatever their #version says (450core, 330core; 300es and 100es sources need 450core, as glslang takes ES for SPIR-V no other way)", "-std"));
        s.addOption(CommandSpecs.option(String.class, "vertex|geometry",
                "compile every input as this stage whatever its name or pragma says, as glslc's option (standard input has no name: it needs this or the pragma)", "-fshader-stage"));
        s.addOption(CommandSpecs.flag("do not print warnings", "-w"));
        s.addOption(CommandSpecs.warningOption());
        CommandSpecs.addBuildTail(s);
        return s;
    }

    @Override
    void read(ParseResult r) {
        readInputsAndOutput(r);
        std = r.matchedOptionValue("-std", std);
        String named = r.matchedOptionValue("-fshader-stage", null);
        if (named != null) {
            stage = dev.pica.compiler.ShaderStage.ofPragma(named);
            if (stage == null) {
                throw new picocli.CommandLine.ParameterException(r.commandSpec().commandLine(),
                        "invalid argument '" + named + "' to '-fshader-stage'; picacc compiles vertex and geometry shaders (vertex, geometry)");
            }
        }
        debug = r.hasMatchedOption("-g");
        readWarningsAndDepfiles(r);
        // -E, -S, -c and -O...: the last one of each kind wins, as in GCC
        for (String a : r.expandedArgs()) {
            if (a.equals("--")) break;
            switch (a) {
                case "-E" -> stop = Stop.PREPROCESS;
                case "-S" -> stop = Stop.ASSEMBLY;
                case "-c" -> stop = Stop.OBJECT;
                case "-O0" -> optimize = false;
                case "-O", "-O1", "-O2", "-O3", "-Os" -> optimize = true;
                default -> {}
            }
        }
    }

    /**
     * {@code -c FILE -o OUT} in any order and nothing else, with operands picocli would take as they
     * are: the build systems' command line, read without building picocli's model (a tenth of a
     * cold run, docs/performance.md).
     */
    @Override
    boolean readPlain(String[] args) {
        if (args.length != 4) return false;
        String file = null, object = null;
        boolean c = false;
        for (int k = 0; k < 4; k++) {
            String a = args[k];
            if (a.equals("-c") && !c) c = true;
            else if (a.equals("-o") && object == null && k + 1 < 4 && Tools.plainOperand(args[k + 1])) object = args[++k];
            else if (Tools.plainOperand(a) && file == null) file = a;
            else return false;
        }
        if (!c || file == null || object == null) return false;
        try {
            inputs = new ArrayList<>(List.of(Path.of(file)));
            output = Path.of(object);
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
        stop = Stop.OBJECT;
        return true;
    }

    @Override
    int call() {
        String misuse = deps.misuse();
        if (misuse == null && Tools.stdinCount(inputs) > 1) misuse = "standard input (-) can be read only once";
        if (misuse == null && stop != Stop.LINK && output != null && inputs.size() > 1) {
            misuse = "-o names one output; with -c, -S or -E and several inputs each output is named after its input";
        }
        if (misuse == null && stop != Stop.LINK && deps.wanted() && inputs.size() > 1 && (deps.file != null || !deps.targets.isEmpty() || !deps.quotedTargets.isEmpty())) {
            misuse = "-MF, -MT and -MQ name one dependency file; with several inputs each gets its own (OUT with extension .d)";
        }
        if (misuse == null) {
            for (Path in : inputs) {
                if (stop != Stop.LINK && isObject(in)) misuse = "'" + in + "' is an object: -c, -S and -E take GLSL sources (objects are for linking)";
                else if (OutputSet.isStdio(in) && output == null && stop != Stop.PREPROCESS) misuse = "reading standard input needs -o FILE (or -o - for standard output)";
                if (misuse != null) break;
            }
        }
        if (misuse == null && stop == Stop.LINK && inputs.stream().noneMatch(p -> !isObject(p))) misuse = "no GLSL source to compile (picalink links objects alone)";
        if (misuse != null) {
            DiagnosticPrinter.error(err, Problem.USAGE, "picacc", misuse);
            return 2;
        }
        if (stop == Stop.LINK) return compileAndLink();
        int status = 0;
        for (Path in : inputs) status = Math.max(status, compileOne(in));
        return status;
    }

    /** Whether an input is an object for the linker rather than a GLSL source (by its name: GCC's rule). */
    static boolean isObject(Path p) {
        String n = p.getFileName() == null ? "" : p.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".o") || n.endsWith(".obj");
    }

    private CompileOptions options() {
        CompileOptions o = CompileOptions.defaults().withIncludeDirs(includeDirs).withDefines(defines).withOptimize(optimize).withDebugLines(debug);
        return std != null ? o.withForcedVersion(std) : o;
    }

    /** Where -c, -S or -E writes an input's output: -o, else STEM.o / STEM.vsh in the current directory (as GCC), -E standard output. */
    private Path target(Path input) {
        if (output != null) return output;
        return switch (stop) {
            case PREPROCESS -> Path.of(OutputSet.STDIO);
            case ASSEMBLY -> Path.of(Tools.stem(input) + ".vsh");
            default -> Path.of(Tools.stem(input) + ".o");
        };
    }

    /** One source to its object, assembly or preprocessed text, with its depfile: all written or none. */
    private int compileOne(Path input) {
        Diagnostics diags = new Diagnostics();
        diags.policy(warnings);
        GlslSource src = load(input, diags);
        if (src == null) {
            DiagnosticPrinter.print(diags, err);
            return 1;
        }
        boolean fromStdin = OutputSet.isStdio(input);
        Path target = target(input);
        Path depPath = deps.wanted() ? deps.path(output != null ? output : target, input) : null;
        OutputSet early = new OutputSet(out).input(fromStdin ? null : input).add(target, new byte[0]);
        if (depPath != null) early.add(depPath, new byte[0]);
        if (Tools.check(early, "picacc", err) != 0) return 1;
        byte[] bytes;
        List<Path> read;
        VariableMap variables = VariableMap.EMPTY;
        int[] code = null;
        if (stop == Stop.PREPROCESS) {
            GlslCompiler.Preprocessed p;
            try {
                p = GlslCompiler.preprocess(src, options());
            } catch (LinkageError e) {
                return frontEndMissing(e, diags);
            }
            diags.addAll(p.diagnostics());
            DiagnosticPrinter.print(diags, err);
            if (p.text() == null || diags.hasErrors()) return 1;
            bytes = p.text().getBytes(StandardCharsets.UTF_8);
            read = p.filesRead();
        } else {
            CompileResult r;
            try {
                r = GlslCompiler.compile(src, options());
            } catch (LinkageError e) {
                return frontEndMissing(e, diags);
            }
            diags.addAll(r.diagnostics());
            DiagnosticPrinter.print(diags, err);
            if (r.shader() == null || diags.hasErrors()) return 1;
            bytes = stop == Stop.ASSEMBLY ? r.shader().assembly().getBytes(StandardCharsets.UTF_8) : DvojWriter.write(r.shader().object());
            variables = r.shader().variables();
            code = r.shader().object().code();
            read = r.filesRead();
        }
        OutputSet outs = new OutputSet(out).input(fromStdin ? null : input).inputs(read).add(target, bytes);
        if (depPath != null) outs.add(depPath, depfile(output != null ? output : target, input, read));
        // -g -c: the variable map beside the object, which picalink carries to the binary's (glsl.md 11)
        if (debug && stop == Stop.OBJECT && !OutputSet.isStdio(target)) outs.add(VariableMap.fileBeside(target), variables.text(code).getBytes(StandardCharsets.UTF_8));
        return Tools.commit(outs, "picacc", err);
    }

    /**
     * Every GLSL input compiled in memory, every object read, all linked into one binary through
     * the driver's build (BuildSession.link, as picalink links: the vertex/geometry interface
     * check, the linker and its verifier); nothing is written unless all of it worked.
     */
    private int compileAndLink() {
        Path binary = output != null ? output : DEFAULT_BINARY;
        Path depPath = deps.wanted() ? deps.path(binary, inputs.get(0)) : null;
        OutputSet early = new OutputSet(out).add(binary, new byte[0]);
        if (depPath != null) early.add(depPath, new byte[0]);
        for (Path in : inputs) if (!OutputSet.isStdio(in)) early.input(in);
        if (Tools.check(early, "picacc", err) != 0) return 1;
        Assembler.Options asm = Assembler.Options.defaults().withIncludeDirs(includeDirs).withDefines(defines).withDebug(debug);
        BuildSession session = new BuildSession(asm, warnings, in::readAllBytes, new BuildSession.GlslInputs(options(), stage, p -> !isObject(p)));
        BuildSession.Linked linked;
        try {
            linked = session.link(inputs, debug);
        } catch (LinkageError e) {
            return frontEndMissing(e, new Diagnostics());
        }
        Diagnostics diags = new Diagnostics();
        diags.policy(warnings);
        for (BuildSession.Loaded l : linked.inputs()) diags.addAll(l.diagnostics());
        diags.addAll(linked.diagnostics());
        DiagnosticPrinter.print(diags, err);
        if (!linked.ok() || diags.hasErrors()) return 1;
        List<Path> read = new ArrayList<>();
        for (BuildSession.Loaded l : linked.inputs()) for (Path f : l.files()) if (!read.contains(f)) read.add(f);
        OutputSet outs = new OutputSet(out).inputs(read).add(binary, linked.binary());
        if (depPath != null) outs.add(depPath, depfile(binary, inputs.get(0), read));
        VariableMap placed = session.variables(linked);
        if ((debug || !placed.variables().isEmpty()) && !OutputSet.isStdio(binary)) {
            // -g: where the GLSL variables are, beside the binary, each main's map moved to where the link placed it (glsl.md 11)
            outs.add(VariableMap.fileBeside(binary), placed.text(linked.result().dvlb().program().code()).getBytes(StandardCharsets.UTF_8));
        }
        return Tools.commit(outs, "picacc", err);
    }

    /**
     * glslang's native library did not load (a platform LWJGL's natives do not cover, or a copy
     * that cannot be mapped): one error saying so, not a trace.
     */
    private int frontEndMissing(LinkageError e, Diagnostics diags) {
        DiagnosticPrinter.print(diags, err);
        DiagnosticPrinter.error(err, Problem.COMPILER_INTERNAL, "picacc", "glslang (LWJGL's shaderc) cannot be loaded on this platform ("
                + System.getProperty("os.name") + ", " + System.getProperty("os.arch") + "): " + e.getMessage()
                + "; the distribution ships it for Linux, macOS, Windows and FreeBSD (README, Installation)");
        return 1;
    }

    /**
     * The source as the compiler reads it, UTF-8 (GLSL is ASCII outside comments, which may hold
     * any text): a file named as given, or standard input named <stdin>; null after one error when
     * it cannot be read or is not source text (a binary, an object, NUL bytes).
     */
    private GlslSource load(Path input, Diagnostics diags) {
        boolean stdin = OutputSet.isStdio(input);
        String name = stdin ? "<stdin>" : input.toString();
        byte[] b;
        try {
            b = stdin ? in.readAllBytes() : Files.readAllBytes(input);
        } catch (IOException e) {
            diags.error(Problem.IO_ERROR, SourcePos.named(name, 0), "cannot read" + (stdin ? " standard input" : "") + ": " + IoErrors.reason(e));
            return null;
        }
        if (SourceReader.ofBytes(name, name, null, b, diags) == null) return null;
        // a UTF-8 byte-order mark is GlslSource's to drop, as for every source it is given
        return new GlslSource(name, new String(b, StandardCharsets.UTF_8), stdin ? null : input, stage);
    }

    /** The rule: the main input as named, then every file the compiler read (the built-in pica.glsl is no file). */
    private byte[] depfile(Path target, Path input, List<Path> read) {
        List<String> d = new ArrayList<>();
        if (!OutputSet.isStdio(input)) d.add(input.toString());
        for (Path p : read) if (!d.contains(p.toString()) && !p.equals(input)) d.add(p.toString());
        return deps.text(target, input, d, OutputSet.isStdio(input) ? 0 : 1).getBytes(StandardCharsets.UTF_8);
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        return new Picacc().execute(System.in, out, err, args);
    }

    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        return new Picacc().execute(in, out, err, args);
    }

    public static void main(String[] args) {
        // first thing, in a process that may compile (not --help, --version or one option alone, which compile nothing):
        // glslang's natives load while the command line and the input are read, and the back end warms while glslang runs
        if (args.length > 1 || args.length == 1 && !args[0].startsWith("-")) dev.pica.compiler.ColdStart.prepare();
        new Picacc().exit(args);
    }
}
