package dev.pica.cli;

import dev.pica.asm.Assembler;
import dev.pica.asm.pp.PreprocessedSource;
import dev.pica.driver.BuildSession;
import dev.pica.driver.OutputSet;
import dev.pica.driver.SourceReader;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.shbin.DvojWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/** picasm: one SDK-dialect source in, one DVOJ object out. */
public final class Picasm extends BuildTool {
    Picasm() {
        super("picasm");
    }

    // each option's value when it is not given (BuildTool's too): read(ParseResult) and readPlain both start from these
    Path outputDir;
    int jobs = Runtime.getRuntime().availableProcessors();
    DialectOption dialect = DialectOption.AUTO;
    boolean preprocessOnly;
    boolean debug;

    static CommandSpec spec() {
        CommandSpec s = CommandSpecs.command("picasm", CommandSpecs.version("picasm"),
                "Assemble PICA200 shader sources (.vsh/.gsh in the SDK dialect, .pica in picasso's) into DVOJ objects.",
                "0:success (warnings allowed)", "1:errors in the input", "2:usage error");
        s.addPositional(CommandSpecs.operands("FILE", "the source files, each assembled to its own object (in parallel); - reads standard input"));
        s.addOption(CommandSpecs.option(Path.class, "DIR", "write each object into DIR (default: beside its source)", "--output-dir"));
        s.addOption(CommandSpecs.option(int.class, "N", "assemble N files at once (default: the number of cores)", "-j", "--jobs"));
        s.addOption(CommandSpecs.option(Path.class, "OUT.o",
                "output object (default: FILE with extension .obj; - is standard output); -O<file> and -O <file> as in the SDK", "-o", "-O", "--output"));
        s.addOption(CommandSpecs.option(DialectOption.class, "sdk|picasso", "source dialect (default: picasso for .pica files, else sdk)", "--dialect"));
        s.addOption(CommandSpecs.repeatable(Path.class, "DIR", "add an #include directory (searched in order)", "-I"));
        s.addOption(CommandSpecs.repeatable(String.class, "NAME[=VALUE]", "define a macro (value 1 if none)", "-D"));
        s.addOption(CommandSpecs.flag("print the preprocessed source (to -o if given) and stop", "-E", "-preprocess"));
        s.addOption(CommandSpecs.flag("mark the object for debugging: any link that uses it writes the DVLP line table (as picalink -debug)", "-debug"));
        s.addOption(CommandSpecs.flag("do not print warnings", "-w", "-nowarning"));
        s.addOption(CommandSpecs.warningOption());
        CommandSpecs.addBuildTail(s);
        return s;
    }

    @Override
    void read(ParseResult r) {
        readInputsAndOutput(r);
        outputDir = r.matchedOptionValue("--output-dir", outputDir);
        jobs = r.matchedOptionValue("-j", jobs);
        dialect = r.matchedOptionValue("--dialect", dialect);
        preprocessOnly = r.hasMatchedOption("-E");
        debug = r.hasMatchedOption("-debug");
        readWarningsAndDepfiles(r);
    }

    /**
     * {@code FILE -o OUT} or {@code -o OUT FILE} and nothing else, with operands picocli would take
     * as they are (no leading '-' or '@', valid paths), or a batch's {@code --output-dir DIR FILE...}
     * ({@link Tools#plainBatch}): the values {@link #read} takes from their parse.
     */
    @Override
    boolean readPlain(String[] args) {
        Tools.PlainBatch batch = Tools.plainBatch(args, false);
        if (batch != null) {
            inputs = batch.operands();
            outputDir = batch.outputDir();
            return true;
        }
        if (args.length != 3) return false;
        int o = args[1].equals("-o") ? 1 : args[0].equals("-o") ? 0 : -1;
        if (o < 0) return false;
        String file = args[o == 1 ? 0 : 2], object = args[o + 1];
        if (!Tools.plainOperand(file) || !Tools.plainOperand(object)) return false;
        try {
            inputs = new ArrayList<>(List.of(Path.of(file)));
            output = Path.of(object);
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
        return true; // every other option keeps its value when not given
    }

    @Override
    int call() {
        String misuse = deps.misuse();
        if (misuse == null && Tools.stdinCount(inputs) > 1) misuse = "standard input (-) can be read only once";
        if (misuse == null && inputs.size() > 1 && output != null) {
            misuse = "-o names one output; with several inputs each object is named after its source (--output-dir DIR puts them in DIR)";
        }
        if (misuse == null && inputs.size() > 1 && (deps.file != null || !deps.targets.isEmpty() || !deps.quotedTargets.isEmpty())) {
            misuse = "-MF, -MT and -MQ name one dependency file; with several inputs each gets its own (OUT with extension .d)";
        }
        if (misuse == null && jobs < 1) misuse = "-j needs at least 1";
        for (Path in : inputs) {
            if (misuse == null && OutputSet.isStdio(in) && output == null && !preprocessOnly) {
                misuse = "reading standard input needs -o FILE (or -o - for standard output)";
            }
        }
        if (misuse == null && !preprocessOnly) {
            java.util.Set<Path> seen = new java.util.HashSet<>();
            for (Path in : inputs) {
                Path o = target(in).toAbsolutePath().normalize();
                if (!OutputSet.isStdio(target(in)) && !seen.add(o)) misuse = "two inputs would write " + target(in) + "; give them different names";
            }
        }
        if (misuse != null) {
            DiagnosticPrinter.error(err, Problem.USAGE, "picasm", misuse);
            return 2;
        }
        if (!Tools.makeOutputDir(outputDir, "picasm", err)) return 1;
        if (inputs.size() == 1) return assembleOne(inputs.get(0), 0, out, err);
        // Several files: each on its own (one bad file does not stop the others), printed in input order.
        List<Tools.Unit> batch = new ArrayList<>();
        for (int k = 0; k < inputs.size(); k++) {
            int at = k;
            batch.add(new Tools.Unit(inputs.get(at).toString(), (o, e) -> assembleOne(inputs.get(at), at, o, e)));
        }
        return Tools.runInOrder("picasm", jobs, batch, out, err);
    }

    /** Where an input's object (or -E text) goes. */
    private Path target(Path input) {
        if (output != null) return output;
        if (preprocessOnly) return Path.of(OutputSet.STDIO);
        Path o = defaultOutput(input);
        return outputDir != null ? outputDir.resolve(o.getFileName()) : o;
    }

    /** One source to one object (or its preprocessed text), all outputs of it written as a unit. */
    private int assembleOne(Path input, int index, PrintStream out, PrintStream err) {
        Diagnostics diags = new Diagnostics();
        diags.policy(warnings);
        boolean fromStdin = OutputSet.isStdio(input);
        SourceFile src = load(input, diags);
        if (src == null) {
            DiagnosticPrinter.print(diags, err);
            return 1;
        }
        Path target = target(input);
        OutputSet outs = new OutputSet(out).input(fromStdin ? null : input);
        Path depPath = deps.wanted() ? deps.path(output != null ? output : target, input) : null;
        // refuse `picasm a.vsh -o a.vsh` before any work; headers are added once known
        outs.add(target, new byte[0]);
        if (depPath != null) outs.add(depPath, new byte[0]);
        if (Tools.check(outs, "picasm", err) != 0) return 1;
        Assembler.Options opts = Assembler.Options.defaults().withIncludeDirs(includeDirs).withDefines(defines).withDebug(debug).withDialect(dialect.dialect()).withCompanions(BuildSession.picassoSources(inputs, index)); // picasso assembles its inputs together
        PreprocessedSource pre;
        byte[] bytes;
        if (preprocessOnly) {
            pre = Assembler.preprocess(src, opts, diags);
            DiagnosticPrinter.print(diags, err);
            if (diags.hasErrors()) return 1;
            bytes = pre.text().getBytes(StandardCharsets.ISO_8859_1);
        } else {
            Assembler.Result r = Assembler.assemble(src, opts, diags);
            DiagnosticPrinter.print(diags, err);
            if (!r.ok()) return 1;
            pre = r.preprocessed();
            bytes = DvojWriter.write(r.object());
        }
        OutputSet result = new OutputSet(out).input(fromStdin ? null : input).inputs(pre.files()).add(target, bytes);
        if (depPath != null) {
            result.add(depPath, deps.text(output != null ? output : target, input, dependencies(input, pre), fromStdin ? 0 : 1).getBytes(StandardCharsets.UTF_8));
        }
        return Tools.commit(result, "picasm", err);
    }

    private SourceFile load(Path input, Diagnostics diags) {
        if (!OutputSet.isStdio(input)) return SourceReader.read(input, input.toString(), diags);
        try {
            return SourceReader.ofBytes("<stdin>", "<stdin>", null, in.readAllBytes(), diags);
        } catch (IOException e) {
            diags.error(Problem.IO_ERROR, null, "cannot read standard input: " + IoErrors.reason(e));
            return null;
        }
    }

    /** The main file as named on the command line, then every header the preprocessor opened. */
    private List<String> dependencies(Path input, PreprocessedSource pre) {
        List<String> d = new ArrayList<>();
        if (!OutputSet.isStdio(input)) d.add(input.toString());
        for (int i = OutputSet.isStdio(input) ? 0 : 1; i < pre.fileNames().size(); i++) d.add(pre.fileNames().get(i));
        return d;
    }

    static Path defaultOutput(Path in) {
        return Tools.withExtension(in, ".obj");
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        return new Picasm().execute(System.in, out, err, args);
    }

    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        return new Picasm().execute(in, out, err, args);
    }

    public static void main(String[] args) {
        new Picasm().exit(args);
    }
}
