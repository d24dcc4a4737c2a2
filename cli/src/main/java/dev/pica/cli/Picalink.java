package dev.pica.cli;

import dev.pica.asm.Assembler;
import dev.pica.driver.BuildSession;
import dev.pica.driver.LinkUnits;
import dev.pica.driver.OutputSet;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.link.HeaderWriter;
import dev.pica.link.Linker;
import dev.pica.link.MapFileWriter;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/** picalink: DVOJ objects (or sources, assembled in memory) in, one DVLB out. */
public final class Picalink extends BuildTool {
    Picalink() {
        super("picalink");
        output = Path.of("shader.shbin");
    }

    // each option's value when it is not given (BuildTool's too, the output set above): read(ParseResult) and readPlain both start from these
    DialectOption dialect = DialectOption.AUTO;
    boolean mapBesideOutput;
    Path mapFile;
    Path header;
    boolean debug;
    boolean each;
    Path outputDir;
    int jobs = Runtime.getRuntime().availableProcessors();

    static CommandSpec spec() {
        CommandSpec s = CommandSpecs.command("picalink", CommandSpecs.version("picalink"),
                "Link DVOJ objects (and .vsh/.gsh/.pica sources) into a DVLB shader binary (.shbin).",
                "0:success (warnings allowed)", "1:errors in the input", "2:usage error");
        s.addPositional(CommandSpecs.operands("INPUT",
                "objects (.o/.obj; - reads one from standard input) or sources (.vsh/.gsh); one DVLE per object with main:, in this order"));
        s.addOption(CommandSpecs.option(Path.class, "OUT.shbin", "output binary (default shader.shbin; - is standard output)", "-o", "-O", "--output"));
        s.addOption(CommandSpecs.option(DialectOption.class, "sdk|picasso", "source dialect (default: picasso for .pica files, else sdk)", "--dialect"));
        s.addOption(CommandSpecs.repeatable(Path.class, "DIR", "search objects named without a path here; #include directory for sources", "-I"));
        s.addOption(CommandSpecs.repeatable(String.class, "NAME[=VALUE]", "define a macro for sources given as inputs", "-D"));
        s.addOption(CommandSpecs.flag("also write a map file: OUT with extension .map", "-M"));
        s.addOption(CommandSpecs.option(Path.class, "FILE", "also write a map file named FILE (--map=FILE, -Map=FILE as in GNU ld)", "--map", "-Map"));
        s.addOption(CommandSpecs.option(Path.class, "FILE.h", "also write a C header of the uniform registers in picasso's names (VSH_FVEC_name ...)", "--header", "-h"));
        s.addOption(CommandSpecs.flag("write the DVLP line table (one source line per code word)", "-debug"));
        s.addOption(CommandSpecs.flag("do not print warnings", "-w", "-nowarning"));
        s.addOption(CommandSpecs.warningOption());
        s.addOption(CommandSpecs.flag("one binary per SDK input that defines main: (linked with the SDK inputs that do not), and devkitPro's units, each foo.shbin built as picasso builds it from foo.v.pica (with the foo.g.pica beside it) or from foo.shlist (whose sources make no binary of their own); in --output-dir", "--each"));
        s.addOption(CommandSpecs.option(Path.class, "DIR", "with --each: where the binaries go (default: the current directory)", "--output-dir"));
        s.addOption(CommandSpecs.option(int.class, "N", "with --each: link N binaries at once (default: the number of cores)", "-j", "--jobs"));
        CommandSpecs.addBuildTail(s);
        return s;
    }

    @Override
    void read(ParseResult r) {
        readInputsAndOutput(r);
        dialect = r.matchedOptionValue("--dialect", dialect);
        mapBesideOutput = r.hasMatchedOption("-M");
        mapFile = r.matchedOptionValue("--map", mapFile);
        header = r.matchedOptionValue("--header", header);
        debug = r.hasMatchedOption("-debug");
        each = r.hasMatchedOption("--each");
        outputDir = r.matchedOptionValue("--output-dir", outputDir);
        jobs = r.matchedOptionValue("-j", jobs);
        readWarningsAndDepfiles(r);
    }

    /** A batch's {@code --each --output-dir DIR INPUT...} ({@link Tools#plainBatch}), read without picocli. */
    @Override
    boolean readPlain(String[] args) {
        Tools.PlainBatch batch = Tools.plainBatch(args, true);
        if (batch == null || !batch.each()) return false;
        inputs = batch.operands();
        outputDir = batch.outputDir();
        each = true;
        return true; // every other option keeps its value when not given
    }

    @Override
    int call() {
        String misuse = deps.misuse();
        if (misuse == null && Tools.stdinCount(inputs) > 1) misuse = "standard input (-) can be read only once";
        if (misuse != null) {
            DiagnosticPrinter.error(err, Problem.USAGE, "picalink", misuse);
            return 2;
        }
        BuildSession session = new BuildSession(Assembler.Options.defaults().withIncludeDirs(includeDirs).withDefines(defines).withDebug(debug).withDialect(dialect.dialect()), warnings, in::readAllBytes);
        // --each builds independent programs, the units devkitPro's rules build, not one picasso
        // run over all inputs
        if (each) return linkEach(session);
        session.inputOrder(inputs);
        Path map = mapFile != null ? mapFile : mapBesideOutput ? Tools.withExtension(OutputSet.isStdio(output) ? Path.of("shader.shbin") : output, ".map") : null;
        Path depPath = deps.wanted() ? deps.path(output, inputs.get(0)) : null;
        OutputSet early = new OutputSet(out).add(output, new byte[0]);
        if (map != null) early.add(map, new byte[0]);
        if (header != null) early.add(header, new byte[0]);
        if (depPath != null) early.add(depPath, new byte[0]);
        for (Path p : inputs) early.input(session.locate(p));
        if (Tools.check(early, "picalink", err) != 0) return 1;
        BuildSession.Linked linked = session.link(inputs, debug);
        Diagnostics all = new Diagnostics();
        List<Path> filesRead = new ArrayList<>();
        for (BuildSession.Loaded l : linked.inputs()) {
            all.addAll(l.diagnostics());
            if (!l.files().isEmpty()) filesRead.add(l.files().get(0));
        }
        all.addAll(linked.diagnostics());
        DiagnosticPrinter.print(all, err);
        if (!linked.ok()) return 1;
        Linker.Result r = linked.result();
        String name = (OutputSet.isStdio(output) ? Path.of("shader.shbin") : output).getFileName().toString();
        java.util.Map<Path, String> headers = linked.headers();
        OutputSet outs = new OutputSet(out).inputs(filesRead).inputs(headers.keySet());
        outs.add(output, linked.binary());
        if (map != null) outs.add(map, MapFileWriter.write(name, r).getBytes(StandardCharsets.UTF_8));
        if (header != null) outs.add(header, HeaderWriter.write(name, r).getBytes(StandardCharsets.UTF_8));
        // GLSL compiled with -debug, or objects with the map picacc -g -c wrote beside them: the binary's, beside it (glsl.md 11)
        dev.pica.compiler.VariableMap variables = session.variables(linked);
        if (!variables.variables().isEmpty() && !OutputSet.isStdio(output)) outs.add(dev.pica.compiler.VariableMap.fileBeside(output), variables.text(r.dvlb().program().code()).getBytes(StandardCharsets.UTF_8));
        if (depPath != null) {
            List<String> d = new ArrayList<>();
            for (Path p : inputs) if (!OutputSet.isStdio(p)) d.add(session.locate(p).toString());
            int own = d.size();
            d.addAll(headers.values());
            outs.add(depPath, deps.text(output, inputs.get(0), d, own).getBytes(StandardCharsets.UTF_8));
        }
        return Tools.commit(outs, "picalink", err);
    }

    /**
     * --each: every input that defines main: becomes STEM.shbin, linked with all the inputs that
     * do not (the Maven plugin's default rule); inputs are assembled once and in parallel, and the
     * links run in parallel. A failed input or link does not stop the others; exit 1 if any failed.
     */
    private int linkEach(BuildSession session) {
        String misuse = null;
        if (!output.equals(Path.of("shader.shbin"))) misuse = "--each names each binary after its source; use --output-dir DIR instead of -o";
        else if (mapFile != null || header != null || deps.file != null || !deps.targets.isEmpty() || !deps.quotedTargets.isEmpty()) {
            misuse = "--each writes one binary per main source: --map, --header, -MF, -MT and -MQ name one file (-M and -MD work)";
        } else if (jobs < 1) misuse = "-j needs at least 1";
        else if (Tools.stdinCount(inputs) > 0) misuse = "--each does not read standard input";
        if (misuse != null) {
            DiagnosticPrinter.error(err, Problem.USAGE, "picalink", misuse);
            return 2;
        }
        if (!Tools.makeOutputDir(outputDir, "picalink", err)) return 1;
        // picasso sources and .shlist files form devkitPro's units (LinkUnits.picassoUnits); the
        // SDK-dialect inputs and objects are classified by main:
        List<Path> sdkInputs = new ArrayList<>(), picassoInputs = new ArrayList<>();
        Diagnostics own = new Diagnostics();
        own.policy(warnings);
        java.util.Map<Path, List<Path>> lists = new java.util.HashMap<>();
        java.util.Set<Path> brokenLists = new java.util.HashSet<>();
        for (Path p : inputs) {
            if (LinkUnits.isShaderList(p)) {
                int before = own.errorCount();
                lists.put(p, LinkUnits.readShaderList(p, own).sources());
                if (own.errorCount() > before) brokenLists.add(p);
                picassoInputs.add(p);
            } else if (LinkUnits.isPicasso(p)) {
                picassoInputs.add(p);
            } else {
                sdkInputs.add(p);
            }
        }
        LinkUnits.PicassoPlan plan = LinkUnits.picassoUnits(picassoInputs, lists, java.nio.file.Files::isRegularFile);
        for (LinkUnits.Skipped s : plan.skipped()) {
            SourcePos at = SourcePos.named(s.input().toString(), 0);
            if (s.elsewhere()) own.add(new Diagnostic(Diagnostic.Severity.NOTE, at, "not built alone: " + s.reason(), Problem.UNUSED_INPUT));
            else own.warning(Problem.UNUSED_INPUT, at, "built into no binary: " + s.reason());
        }
        List<java.util.concurrent.Callable<BuildSession.Loaded>> loads = new ArrayList<>();
        for (Path p : sdkInputs) loads.add(() -> session.load(p));
        List<BuildSession.Loaded> loaded = Tools.inParallel(jobs, loads);
        List<Path> libs = new ArrayList<>(), mains = new ArrayList<>();
        for (int k = 0; k < sdkInputs.size(); k++) {
            own.addAll(loaded.get(k).diagnostics());
            (loaded.get(k).definesMain() ? mains : libs).add(sdkInputs.get(k));
        }
        DiagnosticPrinter.print(own, err);
        Path dir = outputDir != null ? outputDir : Path.of("");
        java.util.Map<Path, String> writers = new java.util.HashMap<>();
        List<Tools.Unit> links = new ArrayList<>();
        for (Path m : mains) {
            Path t = dir.resolve(Tools.stem(m) + ".shbin");
            if (writers.putIfAbsent(t, m.toString()) != null) return clash(t, writers.get(t), m.toString());
            links.add(new Tools.Unit(m.toString(), (o, e) -> writeUnit(session, m, libs, t, o, e)));
        }
        for (LinkUnits.PicassoUnit unit : plan.units()) {
            if (brokenLists.contains(unit.namedBy())) continue;
            Path t = dir.resolve(unit.binaryName());
            String named = unit.namedBy().toString();
            if (writers.putIfAbsent(t, named) != null) return clash(t, writers.get(t), named);
            links.add(new Tools.Unit(named, (o, e) -> writePicassoUnit(session, unit, t, o, e)));
        }
        return Math.max(own.hasErrors() ? 1 : 0, Tools.runInOrder("picalink", jobs, links, out, err));
    }

    private int clash(Path target, String first, String second) {
        DiagnosticPrinter.error(err, Problem.OUTPUT_ERROR, "picalink", first + " and " + second + " would both write " + target + "; give them different names");
        return 1;
    }

    /** One picasso unit as picasso builds it (the bytes picasso writes); -M is not available for it (no link map). */
    private int writePicassoUnit(BuildSession session, LinkUnits.PicassoUnit unit, Path target, PrintStream out, PrintStream err) {
        BuildSession.PicassoBuilt built = session.picassoUnit(unit.sources());
        DiagnosticPrinter.print(built.diagnostics(), err);
        if (!built.ok()) return 1;
        OutputSet outs = new OutputSet(out).inputs(unit.sources()).add(target, built.result().binary());
        if (LinkUnits.isShaderList(unit.namedBy())) outs.input(unit.namedBy());
        if (deps.wanted()) {
            // a list's unit depends on the list too (devkitPro's rule: foo.shbin: foo.shlist), paths as
            // given; what the list or foo.v.pica brings in is to -MP as a header is: a phony rule each, so
            // that removing a list member or foo.g.pica rebuilds rather than stopping make
            List<String> d = new ArrayList<>();
            if (LinkUnits.isShaderList(unit.namedBy())) d.add(unit.namedBy().toString());
            for (Path p : unit.sources()) d.add(p.toString());
            outs.add(Tools.withExtension(target, ".d"), deps.text(target, unit.namedBy(), d, 1).getBytes(StandardCharsets.UTF_8));
        }
        return Tools.commit(outs, "picalink", err);
    }

    /** One --each binary: its main source and the libraries; link diagnostics (inputs' own were printed once). */
    private int writeUnit(BuildSession session, Path main, List<Path> libs, Path target, PrintStream out, PrintStream err) {
        List<Path> in = new ArrayList<>();
        in.add(main);
        in.addAll(libs);
        BuildSession.Linked linked = session.link(in, debug);
        if (!linked.failed().isEmpty()) {
            DiagnosticPrinter.error(err, Problem.NOT_LINKED, target.toString(), "not linked: " + String.join(", ", linked.failed()) + (linked.failed().size() == 1 ? " has" : " have") + " errors");
            return 1;
        }
        DiagnosticPrinter.print(linked.diagnostics(), err);
        if (!linked.ok()) return 1;
        List<Path> read = new ArrayList<>();
        for (BuildSession.Loaded l : linked.inputs()) read.addAll(l.files());
        java.util.Map<Path, String> headers = linked.headers();
        OutputSet outs = new OutputSet(out).inputs(read).add(target, linked.binary());
        String name = target.getFileName().toString();
        if (mapBesideOutput) outs.add(Tools.withExtension(target, ".map"), MapFileWriter.write(name, linked.result()).getBytes(StandardCharsets.UTF_8));
        if (deps.wanted()) {
            List<String> d = new ArrayList<>();
            for (Path p : in) d.add(p.toString());
            int own = d.size();
            d.addAll(headers.values());
            outs.add(Tools.withExtension(target, ".d"), deps.text(target, main, d, own).getBytes(StandardCharsets.UTF_8));
        }
        return Tools.commit(outs, "picalink", err);
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        return new Picalink().execute(System.in, out, err, args);
    }

    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        return new Picalink().execute(in, out, err, args);
    }

    public static void main(String[] args) {
        new Picalink().exit(args);
    }
}
