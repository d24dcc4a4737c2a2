package dev.pica.cli;

import dev.pica.asm.picasso.PicassoAssembler;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.format.IoErrors;
import dev.pica.format.OutputSet;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** picasso: a drop-in for picasso 2.7.2 (its command line, its output bytes), with located diagnostics. */
@Command(name = "picasso", versionProvider = Picasso.PicassoVersion.class, sortOptions = false,
        description = "Assemble picasso-dialect shaders (.v.pica/.g.pica) into one .shbin, as picasso 2.7.2 does.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success (warnings allowed)", "1:errors in the input", "2:usage error"})
public final class Picasso implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "sources; one DVLE per file unless it says .nodvle")
    List<Path> inputs;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE.shbin", description = "the binary to write")
    Path output;

    @Option(names = {"-h", "--header"}, paramLabel = "FILE.h", description = "also write a C header of the uniform registers")
    Path header;

    @Option(names = {"-n", "--no-nop"}, description = "do not insert padding NOPs; warn where one is needed")
    boolean noNop;

    @Option(names = {"-v", "--version"}, versionHelp = true, description = "print the version and exit")
    boolean version;

    @Option(names = {"-?", "--help"}, usageHelp = true, description = "print this help and exit")
    boolean help;

    private PrintStream out = System.out;
    private PrintStream err = System.err;

    /** picasso prints its version as "picasso vX"; tools that parse it see 2.7.2, the dialect reproduced. */
    static final class PicassoVersion implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"picasso v2.7.2 (compatible; pica toolchain " + Version.VERSION + ")"};
        }
    }

    @Override
    public Integer call() {
        OutputSet early = new OutputSet(out).add(output, new byte[0]);
        if (header != null) early.add(header, new byte[0]);
        for (Path p : inputs) early.input(p);
        if (Tools.check(early, "picasso", err) != 0) return 1;
        Diagnostics diags = new Diagnostics();
        List<SourceFile> sources = new ArrayList<>();
        for (Path p : inputs) {
            try {
                sources.add(new SourceFile(p.toString(), p, Files.readAllBytes(p)));
            } catch (IOException e) {
                diags.error(null, "cannot read '" + p + "': " + IoErrors.reason(e));
            }
        }
        if (diags.hasErrors()) {
            DiagnosticPrinter.print(diags, err);
            return 1;
        }
        PicassoAssembler.Result r = PicassoAssembler.assemble(sources, new PicassoBuild.Options(!noNop), diags);
        DiagnosticPrinter.print(diags, err);
        if (!r.ok()) return 1;
        OutputSet outs = new OutputSet(out).inputs(inputs).add(output, r.binary());
        if (header != null) outs.add(header, r.header());
        return Tools.commit(outs, "picasso", err);
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        Picasso app = new Picasso();
        app.out = out;
        app.err = err;
        return Tools.execute(app, out, err, args);
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }
}
