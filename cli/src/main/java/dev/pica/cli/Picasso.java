package dev.pica.cli;

import dev.pica.asm.picasso.PicassoAssembler;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.driver.OutputSet;
import dev.pica.driver.SourceReader;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.WarningPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/** picasso: a drop-in for picasso 2.7.2 (its command line, its output bytes), with located diagnostics. */
public final class Picasso extends Tool {
    Picasso() {
        super("picasso");
    }

    List<Path> inputs;
    Path output;
    Path header;
    boolean noNop;
    WarningPolicy warnings = WarningPolicy.DEFAULT;

    static CommandSpec spec() {
        CommandSpec s = CommandSpecs.command("picasso", CommandSpecs.version("picasso"),
                "Assemble picasso-dialect shaders (.v.pica/.g.pica) into one .shbin, as picasso 2.7.2 does.",
                "0:success (warnings allowed)", "1:errors in the input", "2:usage error");
        s.addPositional(CommandSpecs.operands("FILE", "sources; one DVLE per file unless it says .nodvle"));
        s.addOption(OptionSpec.builder("-o", "--out").required(true).type(Path.class).paramLabel("FILE.shbin").description("the binary to write").build());
        s.addOption(CommandSpecs.option(Path.class, "FILE.h", "also write a C header of the uniform registers", "-h", "--header"));
        s.addOption(CommandSpecs.flag("do not insert padding NOPs; warn where one is needed", "-n", "--no-nop"));
        // picasso 2.7.2's getopt string is "o:h:?nv": -w is free; --no-warnings is GCC's long spelling of -w
        s.addOption(CommandSpecs.flag("do not print warnings", "-w", "--no-warnings"));
        s.addOption(CommandSpecs.warningOption());
        CommandSpecs.addColorOptions(s);
        CommandSpecs.addHelp(s);
        return s;
    }

    @Override
    void read(ParseResult r) {
        err = CommandSpecs.diagnosticStream(r, err);
        inputs = CommandSpecs.operandValues(r, List.of());
        output = r.matchedOptionValue("-o", null);
        header = r.matchedOptionValue("-h", null);
        noNop = r.hasMatchedOption("-n");
        warnings = CommandSpecs.warnings(r, r.hasMatchedOption("-w"));
    }

    @Override
    int call() {
        OutputSet early = new OutputSet(out).add(output, new byte[0]);
        if (header != null) early.add(header, new byte[0]);
        for (Path p : inputs) early.input(p);
        if (Tools.check(early, "picasso", err) != 0) return 1;
        Diagnostics diags = new Diagnostics();
        diags.policy(warnings);
        List<SourceFile> sources = new ArrayList<>();
        for (Path p : inputs) {
            try {
                SourceFile f = SourceReader.ofBytes(p.toString(), p.toString(), p, Files.readAllBytes(p), diags);
                if (f != null) sources.add(f);
            } catch (IOException e) {
                diags.error(Problem.IO_ERROR, dev.pica.format.diag.SourcePos.named(p.toString(), 0), "cannot read: " + IoErrors.reason(e));
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
        return new Picasso().execute(System.in, out, err, args);
    }

    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        return new Picasso().execute(in, out, err, args);
    }

    public static void main(String[] args) {
        new Picasso().exit(args);
    }
}
