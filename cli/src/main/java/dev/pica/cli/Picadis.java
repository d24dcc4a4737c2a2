package dev.pica.cli;

import dev.pica.format.BinaryDump;
import dev.pica.format.Disassembler;
import dev.pica.format.Dvlb;
import dev.pica.format.DvlbReader;
import dev.pica.format.DvojReader;
import dev.pica.format.FormatException;
import dev.pica.format.OutputFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** picadis: DVLB or DVOJ back to SDK-dialect source, or a structural dump. */
@Command(name = "picadis", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = "Disassemble a shader binary (.shbin DVLB) or object (DVOJ) into re-assemblable SDK-dialect source.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:unreadable or corrupt input", "2:usage error"})
public final class Picadis implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "a .shbin (DVLB) or an object (DVOJ)")
    Path input;

    @ArgGroup(exclusive = true)
    Mode mode = new Mode();

    static final class Mode {
        @Option(names = "--dump", description = "print every header field and table entry with its offset")
        boolean dump;

        @Option(names = "--json", description = "the --dump contents as JSON")
        boolean json;

        @Option(names = {"-o", "--output-dir"}, paramLabel = "DIR",
                description = "write one source per linked object (one per DVLE plus libraries) into DIR and print the commands that rebuild the file")
        Path dir;
    }

    private PrintStream out = System.out;
    private PrintStream err = System.err;

    @Override
    public Integer call() {
        byte[] data;
        try {
            data = Files.readAllBytes(input);
        } catch (IOException e) {
            err.println("error: cannot read '" + input + "': " + e.getMessage());
            return 1;
        }
        try {
            if (mode.dump || mode.json) {
                BinaryDump.Node n = BinaryDump.dump(data);
                print(mode.json ? BinaryDump.json(n) : BinaryDump.text(n));
                return 0;
            }
            if (DvojReader.looksLikeDvoj(data)) {
                Disassembler.Result r = Disassembler.ofObject(DvojReader.read(data));
                if (mode.dir != null) return writeAll(r, List.of());
                print(r.sources().get(0).text());
                warn(r.warnings());
                return 0;
            }
            Dvlb f = DvlbReader.read(data);
            String stem = stem(input);
            if (mode.dir != null) {
                Disassembler.Result r = Disassembler.split(f, stem);
                return writeAll(r, List.of(stem + ".shbin"));
            }
            List<String> warnings = new ArrayList<>();
            for (int k = 0; k < f.shaders().size(); k++) {
                Disassembler.Result r = Disassembler.ofShader(f, k, input.getFileName() + ", shader " + k);
                if (f.shaders().size() > 1) {
                    print("// ===== DVLE " + k + " of " + f.shaders().size() + " (use -o DIR for one source per object) =====\n");
                }
                print(r.sources().get(0).text());
                warnings.addAll(r.warnings());
            }
            warn(warnings);
            return 0;
        } catch (FormatException e) {
            err.println(input + ": error: " + e.getMessage());
            return 1;
        }
    }

    private int writeAll(Disassembler.Result r, List<String> output) {
        try {
            Files.createDirectories(mode.dir);
            List<String> objects = new ArrayList<>();
            for (Disassembler.Source s : r.sources()) {
                Path p = mode.dir.resolve(s.fileName());
                OutputFiles.write(p, s.text().getBytes(StandardCharsets.UTF_8));
                String obj = stem(p) + ".o";
                out.println("picasm " + p + " -o " + mode.dir.resolve(obj));
                objects.add(mode.dir.resolve(obj).toString());
            }
            if (!output.isEmpty()) out.println("picalink " + String.join(" ", objects) + " -o " + mode.dir.resolve(output.get(0)));
        } catch (IOException e) {
            err.println(mode.dir + ": error: cannot write: " + e.getMessage());
            return 1;
        }
        warn(r.warnings());
        return 0;
    }

    private void warn(List<String> warnings) {
        for (String w : warnings) err.println(input + ": warning: " + w);
    }

    private void print(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.write(b, 0, b.length);
        out.flush();
    }

    private static String stem(Path p) {
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        Picadis app = new Picadis();
        app.out = out;
        app.err = err;
        return Tools.execute(app, out, err, args);
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }
}
