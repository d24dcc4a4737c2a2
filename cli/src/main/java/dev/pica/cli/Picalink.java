package dev.pica.cli;

import dev.pica.asm.Assembler;
import dev.pica.asm.diag.DiagnosticPrinter;
import dev.pica.asm.diag.Diagnostics;
import dev.pica.asm.diag.SourceFile;
import dev.pica.asm.diag.SourcePos;
import dev.pica.asm.pp.Preprocessor;
import dev.pica.format.Dvoj;
import dev.pica.format.DvojReader;
import dev.pica.format.DvlbWriter;
import dev.pica.format.FormatException;
import dev.pica.format.OutputFiles;
import dev.pica.link.HeaderWriter;
import dev.pica.link.Linker;
import dev.pica.link.MapFileWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** picalink: DVOJ objects (or sources, assembled in memory) in, one DVLB out. */
@Command(name = "picalink", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = "Link DVOJ objects (and .vsh/.gsh sources) into a DVLB shader binary (.shbin).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success (warnings allowed)", "1:errors in the input", "2:usage error"})
public final class Picalink implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "objects (.o/.obj) or sources (.vsh/.gsh); one DVLE per object with main:, in this order")
    List<Path> inputs;

    @Option(names = {"-o", "-O", "--output"}, paramLabel = "OUT.shbin", description = "output binary (default shader.shbin)")
    Path output = Path.of("shader.shbin");

    @Option(names = "-I", paramLabel = "DIR", description = "search objects named without a path here; #include directory for sources")
    List<Path> includeDirs = new ArrayList<>();

    @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "define a macro for sources given as inputs")
    List<String> defines = new ArrayList<>();

    @Option(names = "-M", arity = "0..1", paramLabel = "MAP", fallbackValue = "", description = "also write a map file (default OUT with extension .map)")
    String map;

    @Option(names = "--header", paramLabel = "FILE.h", description = "also write a C header with each DVLE's uniform registers")
    Path header;

    @Option(names = "-debug", description = "write the DVLP line table (one source line per code word)")
    boolean debug;

    @Option(names = {"-w", "-nowarning"}, description = "do not print warnings")
    boolean noWarnings;

    private PrintStream err = System.err;

    @Override
    public Integer call() {
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
        try {
            List<Path> written = new ArrayList<>();
            byte[] bin = DvlbWriter.write(r.dvlb());
            String mapText = map == null ? null : MapFileWriter.write(output.getFileName().toString(), r);
            String headerText = null;
            if (header != null) headerText = HeaderWriter.write(output.getFileName().toString(), r);
            OutputFiles.write(output, bin);
            written.add(output);
            if (mapText != null) OutputFiles.write(map.isEmpty() ? withExtension(output, ".map") : Path.of(map), mapText.getBytes(StandardCharsets.UTF_8));
            if (headerText != null) OutputFiles.write(header, headerText.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            err.println(output + ": error: cannot write output: " + e.getMessage());
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
        String l = in.name().toLowerCase(Locale.ROOT);
        if (l.endsWith(".vsh") || l.endsWith(".gsh")) return;
        if (in.object().isMain() && m != 0 && (m & (m + 1)) != 0) {
            diags.warning(SourcePos.named(in.name(), 0),
                    "output registers are not contiguous from o0; homebrew loaders will mis-map them");
        }
    }

    private Linker.Input load(Path p, Diagnostics diags) {
        Path file = p;
        if (!Files.exists(file) && p.getParent() == null) {
            for (Path dir : includeDirs) {
                if (Files.exists(dir.resolve(p))) {
                    file = dir.resolve(p);
                    break;
                }
            }
        }
        String name = p.toString();
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".vsh") || lower.endsWith(".gsh")) {
            SourceFile src = Preprocessor.load(file, name, diags);
            if (src == null) return null;
            Assembler.Result r = Assembler.assemble(src, new Assembler.Options(includeDirs, defines, debug), diags);
            return r.ok() ? new Linker.Input(name, r.object()) : null;
        }
        byte[] data;
        try {
            data = Files.readAllBytes(file);
        } catch (IOException e) {
            diags.error(null, "cannot read '" + name + "': " + e.getMessage());
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

    public static int run(PrintStream out, PrintStream err, String... args) {
        Picalink app = new Picalink();
        app.err = err;
        return Tools.execute(app, out, err, args);
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }
}
