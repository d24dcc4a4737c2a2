package dev.pica.cli;

import dev.pica.asm.Assembler;
import dev.pica.driver.OutputSet;
import dev.pica.driver.RebuildCheck;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.Problem;
import dev.pica.format.disasm.BinaryDump;
import dev.pica.format.disasm.Disassembler;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.DvojReader;
import dev.pica.format.shbin.FormatException;
import dev.pica.format.shbin.InputKind;
import dev.pica.format.verify.CfgDot;
import dev.pica.format.verify.Program;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/** picadis: DVLB or DVOJ back to SDK-dialect source, or a structural dump. */
public final class Picadis extends Tool {
    Picadis() {
        super("picadis");
    }

    Path input;
    DialectOption dialect;
    boolean force;
    /** The output modes, at most one: --dump, --json, --cfg, -o DIR. */
    boolean dump;
    boolean json;
    boolean cfg;
    Path dir;

    static CommandSpec spec() {
        CommandSpec s = CommandSpecs.command("picadis", CommandSpecs.version("picadis"),
                "Disassemble a shader binary (.shbin DVLB) or object (DVOJ) into re-assemblable SDK-dialect source.",
                "0:success", "1:unreadable or corrupt input", "2:usage error");
        s.addPositional(PositionalParamSpec.builder().index("0").required(true).type(Path.class).paramLabel("FILE")
                .description("a .shbin (DVLB) or an object (DVOJ); - reads standard input").build());
        s.addOption(CommandSpecs.option(DialectOption.class, "sdk|picasso",
                "the dialect to print (default sdk); picasso prints one .v.pica/.g.pica per DVLE that picasso reassembles to the same .shbin", "--dialect"));
        s.addOption(CommandSpecs.flag("with -o: replace files that already exist in DIR", "-f", "--force"));
        CommandSpecs.addColorOptions(s);
        CommandSpecs.addHelp(s);
        s.addArgGroup(ArgGroupSpec.builder().exclusive(true).multiplicity("0..1")
                .addArg(CommandSpecs.flag("print every header field and table entry with its offset", "--dump"))
                .addArg(CommandSpecs.flag("the --dump contents as JSON", "--json"))
                .addArg(CommandSpecs.flag("print the control-flow graph the verifier explores, as Graphviz DOT (one digraph per shader or subroutine)", "--cfg"))
                .addArg(CommandSpecs.option(Path.class, "DIR",
                        "write one source per linked object (one per DVLE plus libraries) into DIR and print the commands that rebuild the file", "-o", "--output-dir"))
                .build());
        return s;
    }

    @Override
    void read(ParseResult r) {
        err = CommandSpecs.diagnosticStream(r, err);
        input = r.matchedPositionalValue(0, null);
        dialect = r.matchedOptionValue("--dialect", DialectOption.AUTO);
        force = r.hasMatchedOption("-f");
        dump = r.hasMatchedOption("--dump");
        json = r.hasMatchedOption("--json");
        cfg = r.hasMatchedOption("--cfg");
        dir = r.matchedOptionValue("-o", null);
    }

    @Override
    int call() {
        byte[] data;
        try {
            data = OutputSet.isStdio(input) ? in.readAllBytes() : Files.readAllBytes(input);
        } catch (IOException e) {
            DiagnosticPrinter.error(err, Problem.IO_ERROR, "picadis", "cannot read '" + input + "': " + IoErrors.reason(e));
            return 1;
        }
        // text with a line break: a truncated binary (a few bytes of magic) is not mistaken for source
        if (InputKind.of(data) == InputKind.TEXT && new String(data, StandardCharsets.ISO_8859_1).indexOf('\n') >= 0) {
            DiagnosticPrinter.error(err, Problem.WRONG_FILE_KIND, input.toString(), "this looks like shader source, not a binary; picasm assembles it (picadis reads .shbin and object files)");
            return 1;
        }
        try {
            if (dump || json) {
                BinaryDump.Node n = BinaryDump.dump(data);
                print(json ? BinaryDump.json(n) : BinaryDump.text(n));
                return 0;
            }
            if (cfg) {
                if (DvojReader.looksLikeDvoj(data)) {
                    print(CfgDot.write(Program.ofObject(DvojReader.read(data), List.of()), input.getFileName().toString()));
                } else {
                    Dvlb f = DvlbReader.read(data);
                    for (int k = 0; k < f.shaders().size(); k++) print(CfgDot.write(Program.ofShader(f, k), input.getFileName() + " shader " + k));
                }
                return 0;
            }
            if (dialect == DialectOption.PICASSO) return picasso(data, false);
            if (DvojReader.looksLikeDvoj(data)) {
                Disassembler.Result r = Disassembler.ofObject(DvojReader.read(data));
                if (dir != null) {
                    RebuildCheck.Outcome check = RebuildCheck.check(data, r.sources(), true);
                    if (refusedForPicassoNames(List.of(DvojReader.read(data).sourceName()), check)) return 1;
                    return writeAll(data, r, List.of(), check);
                }
                print(r.sources().get(0).text());
                warn(messages(r));
                return 0;
            }
            Dvlb f = DvlbReader.read(data);
            String stem = Tools.stem(input);
            if (dir != null) {
                Disassembler.Result r = Disassembler.split(f, stem);
                RebuildCheck.Outcome sdk = RebuildCheck.check(data, r.sources(), false);
                // a binary picasso wrote rebuilds exactly from picasso-dialect text: that is the default then
                if (sdk.difference() != null && dialect == DialectOption.AUTO) {
                    Integer done = picasso(data, true);
                    if (done != null) return done;
                }
                if (refusedForPicassoNames(f.program().files(), sdk)) return 1;
                return writeAll(data, r, List.of(stem + ".shbin"), sdk);
            }
            List<String> warnings = new ArrayList<>();
            for (int k = 0; k < f.shaders().size(); k++) {
                Disassembler.Result r = Disassembler.ofShader(f, k, input.getFileName() + ", shader " + k);
                if (f.shaders().size() > 1) {
                    print("// ===== DVLE " + k + " of " + f.shaders().size() + " (use -o DIR for one source per object) =====\n");
                }
                print(r.sources().get(0).text());
                warnings.addAll(messages(r));
            }
            warn(warnings);
            return 0;
        } catch (FormatException e) {
            DiagnosticPrinter.error(err, Problem.INVALID_BINARY, input.toString(), e.getMessage());
            return 1;
        }
    }

    /**
     * picasso's dialect: one source per DVLE, checked by reassembling them as picasso would. With
     * {@code onlyIfExact} (picadis -o choosing the dialect) nothing happens unless picasso
     * rebuilds the file exactly: null then.
     */
    private Integer picasso(byte[] data, boolean onlyIfExact) throws FormatException {
        if (DvojReader.looksLikeDvoj(data)) {
            DiagnosticPrinter.error(err, Problem.USAGE, input.toString(), "picasso's dialect has no object files; --dialect=picasso prints .shbin (DVLB) files");
            return 1;
        }
        Dvlb f = DvlbReader.read(data);
        String stem = Tools.stem(input);
        if (stem.endsWith(".v") || stem.endsWith(".g")) stem = stem.substring(0, stem.length() - 2);
        Disassembler.Result r = Disassembler.picasso(f, stem);
        // the promise: picasso (with -n if the file has no padding NOPs) rebuilds these bytes
        String diff = RebuildCheck.picassoDifference(data, r.sources(), false);
        boolean noNop = false;
        if (diff != null && RebuildCheck.picassoDifference(data, r.sources(), true) == null) {
            diff = null;
            noNop = true;
        }
        if (onlyIfExact && diff != null) return null;
        if (onlyIfExact) {
            DiagnosticPrinter.print(new dev.pica.format.diag.Diagnostic(dev.pica.format.diag.Diagnostic.Severity.NOTE,
                    dev.pica.format.diag.SourcePos.named(input.toString(), 0),
                    "the binary has picasso's layout: writing picasso-dialect sources that picasso rebuilds exactly (--dialect=sdk for SDK text)", Problem.REBUILD), err);
        }
        if (dir != null) {
            List<String> names = new ArrayList<>();
            for (Disassembler.Source s : r.sources()) names.add(dir.resolve(s.fileName()).toString());
            String command = "picasso" + (noNop ? " -n" : "") + " -o " + dir.resolve(stem + ".shbin") + " " + String.join(" ", names);
            return writeSources(r, List.of(command), diff, false);
        }
        for (int k = 0; k < r.sources().size(); k++) {
            Disassembler.Source s = r.sources().get(k);
            if (r.sources().size() > 1) print("; ===== " + s.fileName() + " (source " + (k + 1) + " of " + r.sources().size() + ", use -o DIR to write them) =====\n");
            print(s.text());
        }
        if (noNop) warn(List.of("the file has no padding NOPs: reassemble with picasso -n"));
        if (diff != null) {
            warn(messages(r));
            warn(List.of(diff));
        }
        return 0;
    }

    /**
     * A file our linker wrote from .pica objects records their picasso-dialect names, which the SDK
     * text picadis writes (in .vsh/.gsh files) cannot reproduce: when nothing rebuilds it exactly,
     * that is an error and nothing is written (true), not a rebuild that differs.
     */
    private boolean refusedForPicassoNames(List<String> recorded, RebuildCheck.Outcome check) {
        List<String> pica = recorded.stream().filter(n -> n.endsWith(".pica")).toList();
        if (check.difference() == null || check.fails() || pica.isEmpty()) return false;
        DiagnosticPrinter.error(err, Problem.REBUILD, input.toString(), "cannot write sources that rebuild this file: it records the names of the picasso-dialect"
                + " sources it was built from (" + String.join(", ", pica) + "), which SDK-dialect sources (.vsh, .gsh) cannot reproduce ("
                + check.difference() + "); nothing was written (without -o, picadis prints the code; rebuild from the original .pica sources)");
        return true;
    }

    private int writeAll(byte[] original, Disassembler.Result r, List<String> output, RebuildCheck.Outcome check) {
        List<String> commands = new ArrayList<>();
        List<String> objects = new ArrayList<>();
        for (Disassembler.Source s : r.sources()) {
            Path p = dir.resolve(s.fileName());
            Path obj = dir.resolve(Tools.stem(p) + ".o");
            commands.add("picasm " + p + " -o " + obj);
            objects.add(obj.toString());
        }
        if (!output.isEmpty()) commands.add("picalink " + String.join(" ", objects) + " -o " + dir.resolve(output.get(0)));
        // The promise: these commands rebuild the file byte for byte, or we say what will differ;
        // commands that would fail are never printed
        return writeSources(r, commands, check.difference(), check.fails());
    }

    /** Writes the sources into DIR (all or none), then prints the commands that rebuild the file; nothing when they would fail. */
    private int writeSources(Disassembler.Result r, List<String> commands, String diff, boolean fails) {
        if (fails) {
            DiagnosticPrinter.error(err, Problem.REBUILD, input.toString(), "cannot recover sources that rebuild this file: " + diff + "; nothing was written");
            return 1;
        }
        OutputSet outs = new OutputSet(out).input(input);
        List<Path> existing = new ArrayList<>();
        for (Disassembler.Source s : r.sources()) {
            Path p = dir.resolve(s.fileName());
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) existing.add(p);
            outs.add(p, s.text().getBytes(StandardCharsets.UTF_8));
        }
        if (!existing.isEmpty() && !force) {
            StringBuilder sb = new StringBuilder("these files already exist; nothing was written (--force replaces them):");
            for (Path p : existing) sb.append("\n  ").append(p);
            DiagnosticPrinter.error(err, Problem.OUTPUT_ERROR, "picadis", sb.toString());
            return 1;
        }
        try {
            Files.createDirectories(dir);
            outs.commit();
        } catch (IOException e) {
            DiagnosticPrinter.error(err, Problem.OUTPUT_ERROR, "picadis", "cannot create directory '" + dir + "': " + IoErrors.reason(e));
            return 1;
        } catch (OutputSet.OutputException e) {
            DiagnosticPrinter.error(err, Problem.OUTPUT_ERROR, "picadis", e.getMessage());
            return 1;
        }
        for (String c : commands) out.println(c);
        if (diff != null) {
            warn(messages(r));
            warn(List.of(diff));
        }
        return 0;
    }

    /** The disassembler's warnings, printed as they always were: at the input, without a position of their own. */
    private static List<String> messages(Disassembler.Result r) {
        return r.diagnostics().list().stream().map(dev.pica.format.diag.Diagnostic::message).toList();
    }

    private void warn(List<String> warnings) {
        for (String w : warnings) DiagnosticPrinter.warning(err, Problem.REBUILD, input.toString(), w);
    }

    private void print(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.write(b, 0, b.length);
        out.flush();
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        return new Picadis().execute(System.in, out, err, args);
    }

    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        return new Picadis().execute(in, out, err, args);
    }

    public static void main(String[] args) {
        new Picadis().exit(args);
    }
}
