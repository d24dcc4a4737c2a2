package dev.pica.cli;

import dev.pica.asm.Assembler;
import dev.pica.asm.pp.Preprocessor;
import dev.pica.format.Dvoj;
import dev.pica.format.DvojReader;
import dev.pica.format.FormatException;
import dev.pica.format.IoErrors;
import dev.pica.format.OutputSet;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.link.HeaderWriter;
import dev.pica.link.Linker;
import dev.pica.link.MapFileWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    /** Files read by this run besides the inputs themselves (headers of in-memory sources). */
    private final List<Path> headersRead = new ArrayList<>();
    private final List<String> headerNames = new ArrayList<>();
    private final List<Path> filesRead = new ArrayList<>();

    @Override
    public Integer call() {
        String misuse = deps.misuse();
        if (misuse == null && inputs.stream().filter(OutputSet::isStdio).count() > 1) misuse = "standard input (-) can be read only once";
        if (misuse != null) {
            DiagnosticPrinter.error(err, "picalink", misuse);
            return 2;
        }
        Path map = mapFile != null ? mapFile : mapBesideOutput ? withExtension(OutputSet.isStdio(output) ? Path.of("shader.shbin") : output, ".map") : null;
        Path depPath = deps.wanted() ? deps.path(output, inputs.get(0)) : null;
        OutputSet early = new OutputSet(out).add(output, new byte[0]);
        if (map != null) early.add(map, new byte[0]);
        if (header != null) early.add(header, new byte[0]);
        if (depPath != null) early.add(depPath, new byte[0]);
        for (Path p : inputs) early.input(locate(p));
        try {
            early.check();
        } catch (OutputSet.OutputException e) {
            DiagnosticPrinter.error(err, "picalink", e.getMessage());
            return 1;
        }
        Diagnostics diags = new Diagnostics();
        diags.suppressWarnings(noWarnings);
        List<Linker.Input> objects = new ArrayList<>();
        for (Path p : inputs) {
            Linker.Input in = load(p, diags);
            if (in != null) objects.add(in);
        }
        if (diags.hasErrors()) {
            DiagnosticPrinter.print(diags, err);
            return 1;
        }
        Linker.Result r = Linker.link(objects, debug, diags);
        for (Linker.Input in : objects) outputGapWarning(in, diags);
        DiagnosticPrinter.print(diags, err);
        if (r == null) return 1;
        String name = (OutputSet.isStdio(output) ? Path.of("shader.shbin") : output).getFileName().toString();
        OutputSet outs = new OutputSet(out).inputs(filesRead).inputs(headersRead);
        outs.add(output, r.bytes());
        if (map != null) outs.add(map, MapFileWriter.write(name, r).getBytes(StandardCharsets.UTF_8));
        if (header != null) outs.add(header, HeaderWriter.write(name, r).getBytes(StandardCharsets.UTF_8));
        if (depPath != null) {
            List<String> d = new ArrayList<>();
            for (Path p : filesRead) d.add(p.toString());
            d.addAll(headerNames);
            outs.add(depPath, deps.text(output, inputs.get(0), d, filesRead.size()).getBytes(StandardCharsets.UTF_8));
        }
        try {
            outs.commit();
        } catch (OutputSet.OutputException e) {
            DiagnosticPrinter.error(err, "picalink", e.getMessage());
            return 1;
        }
        return 0;
    }

    /**
     * Output-gap warning for objects read from disk (libctru mis-maps outputs that are not
     * o0..on contiguous); sources given as inputs were already warned about by the assembler.
     */
    private static void outputGapWarning(Linker.Input in, Diagnostics diags) {
        int m = in.object().outputMask();
        if (isSourceName(in.name())) return;
        if (in.object().isMain() && m != 0 && (m & (m + 1)) != 0) {
            diags.warning(SourcePos.named(in.name(), 0),
                    "output registers are not contiguous from o0; homebrew loaders will mis-map them");
        }
    }

    private static boolean isSourceName(String name) {
        String l = name.toLowerCase(Locale.ROOT);
        return l.endsWith(".vsh") || l.endsWith(".gsh");
    }

    /** An input as named, or found in a -I directory when named without a path and absent here. */
    private Path locate(Path p) {
        if (OutputSet.isStdio(p) || Files.exists(p) || p.getParent() != null) return p;
        for (Path dir : includeDirs) {
            if (Files.exists(dir.resolve(p))) return dir.resolve(p);
        }
        return p;
    }

    private Linker.Input load(Path p, Diagnostics diags) {
        Path file = locate(p);
        boolean stdin = OutputSet.isStdio(p);
        String name = stdin ? "<stdin>" : p.toString();
        if (!stdin) filesRead.add(file);
        if (!stdin && isSourceName(name)) {
            SourceFile src = Preprocessor.load(file, name, diags);
            if (src == null) return null;
            Assembler.Result r = Assembler.assemble(src, new Assembler.Options(includeDirs, defines, debug), diags);
            if (r.preprocessed() != null) {
                List<Path> files = r.preprocessed().files();
                for (int i = 1; i < files.size(); i++) {
                    if (headersRead.contains(files.get(i))) continue;
                    headersRead.add(files.get(i));
                    headerNames.add(r.preprocessed().fileNames().get(i));
                }
            }
            return r.ok() ? new Linker.Input(name, r.object()) : null;
        }
        byte[] data;
        try {
            data = stdin ? in.readAllBytes() : Files.readAllBytes(file);
        } catch (IOException e) {
            diags.error(null, "cannot read '" + name + "': " + IoErrors.reason(e));
            return null;
        }
        if (data.length >= 4 && data[0] == 'D' && data[1] == 'V' && data[2] == 'L' && data[3] == 'B') {
            diags.error(SourcePos.named(name, 0), "this is a linked shader binary (DVLB), not an object; link the objects or sources it was built from");
            return null;
        }
        try {
            Dvoj o = DvojReader.read(data);
            return new Linker.Input(name, o);
        } catch (FormatException e) {
            diags.error(SourcePos.named(name, 0), "invalid object file '" + name + "': " + e.getMessage());
            return null;
        }
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
