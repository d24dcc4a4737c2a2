package dev.pica.cli;

import dev.pica.asm.Assembler;
import dev.pica.asm.diag.DiagnosticPrinter;
import dev.pica.asm.diag.Diagnostics;
import dev.pica.asm.diag.SourceFile;
import dev.pica.asm.pp.PreprocessedSource;
import dev.pica.asm.pp.Preprocessor;
import dev.pica.format.DvojWriter;
import dev.pica.format.OutputFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** picasm: one SDK-dialect source in, one DVOJ object out. */
@Command(name = "picasm", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = "Assemble a PICA200 shader source (.vsh/.gsh, SDK dialect) into a DVOJ object.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success (warnings allowed)", "1:errors in the input", "2:usage error"})
public final class Picasm implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "the source file")
    Path input;

    @Option(names = {"-o", "-O", "--output"}, paramLabel = "OUT.o",
            description = "output object (default: FILE with extension .obj); -O<file> and -O <file> as in the SDK")
    Path output;

    @Option(names = "-I", paramLabel = "DIR", description = "add an #include directory (searched in order)")
    List<Path> includeDirs = new ArrayList<>();

    @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "define a macro (value 1 if none)")
    List<String> defines = new ArrayList<>();

    @Option(names = {"-E", "-preprocess"}, description = "print the preprocessed source and stop")
    boolean preprocessOnly;

    @Option(names = "-debug", description = "mark the object for a debug link (the linker then writes a line table)")
    boolean debug;

    @Option(names = {"-w", "-nowarning"}, description = "do not print warnings")
    boolean noWarnings;

    private PrintStream out = System.out;
    private PrintStream err = System.err;

    @Override
    public Integer call() {
        Diagnostics diags = new Diagnostics();
        diags.suppressWarnings(noWarnings);
        SourceFile src = Preprocessor.load(input, input.toString(), diags);
        if (src == null) {
            DiagnosticPrinter.print(diags, err);
            return 1;
        }
        Assembler.Options opts = new Assembler.Options(includeDirs, defines, debug);
        if (preprocessOnly) {
            PreprocessedSource pre = Assembler.preprocess(src, opts, diags);
            DiagnosticPrinter.print(diags, err);
            if (diags.hasErrors()) return 1;
            byte[] text = pre.text().getBytes(StandardCharsets.ISO_8859_1);
            out.write(text, 0, text.length);
            out.flush();
            return 0;
        }
        Assembler.Result r = Assembler.assemble(src, opts, diags);
        DiagnosticPrinter.print(diags, err);
        if (!r.ok()) return 1;
        Path target = output != null ? output : defaultOutput(input);
        try {
            OutputFiles.write(target, DvojWriter.write(r.object()));
        } catch (IOException e) {
            err.println(target + ": error: cannot write output: " + e.getMessage());
            return 1;
        }
        return 0;
    }

    static Path defaultOutput(Path in) {
        String name = in.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        return in.resolveSibling(base + ".obj");
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        Picasm app = new Picasm();
        app.out = out;
        app.err = err;
        return Tools.execute(app, out, err, args);
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }
}
