package dev.pica.cli;

import dev.pica.asm.Assembler;
import dev.pica.format.OutputSet;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.link.BuildSession;
import dev.pica.link.HeaderWriter;
import dev.pica.link.Linker;
import dev.pica.link.MapFileWriter;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** picalink: DVOJ objects (or sources, assembled in memory) in, one DVLB out. */
@Command(name = "picalink", versionProvider = Version.class, sortOptions = false,
        description = "Link DVOJ objects (and .vsh/.gsh sources) into a DVLB shader binary (.shbin).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success (warnings allowed)", "1:errors in the input", "2:usage error"})
public final class Picalink implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "objects (.o/.obj; - reads one from standard input) or sources (.vsh/.gsh); one DVLE per object with main:, in this order")
    List<Path> inputs;

    @Option(names = {"-o", "-O", "--output"}, paramLabel = "OUT.shbin", description = "output binary (default shader.shbin; - is standard output)")
    Path output = Path.of("shader.shbin");

    @Option(names = "-I", paramLabel = "DIR", description = "search objects named without a path here; #include directory for sources")
    List<Path> includeDirs = new ArrayList<>();

    @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "define a macro for sources given as inputs")
    List<String> defines = new ArrayList<>();

    @Option(names = "-M", description = "also write a map file: OUT with extension .map")
    boolean mapBesideOutput;

    @Option(names = {"--map", "-Map"}, paramLabel = "FILE", description = "also write a map file named FILE (--map=FILE, -Map=FILE as in GNU ld)")
    Path mapFile;

    @Option(names = {"--header", "-h"}, paramLabel = "FILE.h", description = "also write a C header with each DVLE's uniform registers (-h as in picasso)")
    Path header;

    @Option(names = "-debug", description = "write the DVLP line table (one source line per code word)")
    boolean debug;

    @Option(names = {"-w", "-nowarning"}, description = "do not print warnings")
    boolean noWarnings;

    @Mixin
    MakeDepOptions deps = new MakeDepOptions();

    @Mixin
    HelpOptions helpOptions = new HelpOptions();

    private PrintStream out = System.out;
    private PrintStream err = System.err;
    private InputStream in = System.in;


    @Override
    public Integer call() {
        String misuse = deps.misuse();
        if (misuse == null && inputs.stream().filter(OutputSet::isStdio).count() > 1) misuse = "standard input (-) can be read only once";
        if (misuse != null) {
            DiagnosticPrinter.error(err, "picalink", misuse);
            return 2;
        }
        BuildSession session = new BuildSession(new Assembler.Options(includeDirs, defines, debug), noWarnings, in::readAllBytes);
        Path map = mapFile != null ? mapFile : mapBesideOutput ? withExtension(OutputSet.isStdio(output) ? Path.of("shader.shbin") : output, ".map") : null;
        Path depPath = deps.wanted() ? deps.path(output, inputs.get(0)) : null;
        OutputSet early = new OutputSet(out).add(output, new byte[0]);
        if (map != null) early.add(map, new byte[0]);
        if (header != null) early.add(header, new byte[0]);
        if (depPath != null) early.add(depPath, new byte[0]);
        for (Path p : inputs) early.input(session.locate(p));
        try {
            early.check();
        } catch (OutputSet.OutputException e) {
            DiagnosticPrinter.error(err, "picalink", e.getMessage());
            return 1;
        }
        BuildSession.Linked linked = session.link(inputs, debug);
        Diagnostics all = new Diagnostics();
        List<Path> filesRead = new ArrayList<>();
        List<String> headerNames = new ArrayList<>();
        List<Path> headers = new ArrayList<>();
        for (BuildSession.Loaded l : linked.inputs()) {
            all.addAll(l.diagnostics());
            if (!l.files().isEmpty()) filesRead.add(l.files().get(0));
            for (int i = 1; i < l.files().size(); i++) {
                if (headers.contains(l.files().get(i))) continue;
                headers.add(l.files().get(i));
                headerNames.add(l.fileNames().get(i));
            }
        }
        all.addAll(linked.diagnostics());
        DiagnosticPrinter.print(all, err);
        if (!linked.ok()) return 1;
        Linker.Result r = linked.result();
        String name = (OutputSet.isStdio(output) ? Path.of("shader.shbin") : output).getFileName().toString();
        OutputSet outs = new OutputSet(out).inputs(filesRead).inputs(headers);
        outs.add(output, linked.binary());
        if (map != null) outs.add(map, MapFileWriter.write(name, r).getBytes(StandardCharsets.UTF_8));
        if (header != null) outs.add(header, HeaderWriter.write(name, r).getBytes(StandardCharsets.UTF_8));
        if (depPath != null) {
            List<String> d = new ArrayList<>();
            for (Path p : inputs) if (!OutputSet.isStdio(p)) d.add(session.locate(p).toString());
            int own = d.size();
            d.addAll(headerNames);
            outs.add(depPath, deps.text(output, inputs.get(0), d, own).getBytes(StandardCharsets.UTF_8));
        }
        try {
            outs.commit();
        } catch (OutputSet.OutputException e) {
            DiagnosticPrinter.error(err, "picalink", e.getMessage());
            return 1;
        }
        return 0;
    }

    static Path withExtension(Path p, String ext) {
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return p.resolveSibling((dot > 0 ? n.substring(0, dot) : n) + ext);
    }

    static String stem(Path p) {
        if (OutputSet.isStdio(p)) return "stdin";
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        return run(System.in, out, err, args);
    }

    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        Picalink app = new Picalink();
        app.in = in;
        app.out = out;
        app.err = err;
        return Tools.execute(app, out, err, args);
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }
}
