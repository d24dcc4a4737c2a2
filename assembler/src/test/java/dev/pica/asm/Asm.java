package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.shbin.Dvoj;
import java.util.List;
import java.util.stream.Collectors;

/** Test helpers: assemble in-memory sources. */
public final class Asm {
    private Asm() {}

    public static Assembler.Result run(String source) {
        return run("test.vsh", source);
    }

    public static Assembler.Result run(String name, String source) {
        return Assembler.assemble(SourceFile.ofString(name, source), Assembler.Options.defaults());
    }

    /** Assembles and fails the test on any error. */
    public static Dvoj ok(String source) {
        Assembler.Result r = run(source);
        if (!r.ok()) fail("unexpected errors:\n" + printed(r));
        return r.object();
    }

    public static String printed(Assembler.Result r) {
        return r.diagnostics().list().stream().map(DiagnosticPrinter::format).collect(Collectors.joining());
    }

    /** "LINE:COL: severity: message" per diagnostic, for golden comparisons. */
    public static List<String> messages(Assembler.Result r) {
        return r.diagnostics().list().stream().map(Asm::brief).toList();
    }

    static String brief(Diagnostic d) {
        return (d.pos() == null ? "" : d.pos().line() + ":" + d.pos().column() + ": ") + d.severity().label + ": " + d.message();
    }
}
