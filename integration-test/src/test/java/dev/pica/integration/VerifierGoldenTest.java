package dev.pica.integration;

import dev.pica.driver.BuildSession;
import dev.pica.link.testing.RetailSky;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.DiagnosticPrinter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden diagnostics of the control-flow verifier (verifier.md): each case under
 * resources/dev/pica/integration/verifier holds its verdict and the rule's source ("// verdict:",
 * "// source:" lines), its sources ("//// name" sections, the first is linked first) and, after
 * "//// expected", exactly what assembling and linking them prints.
 * A case whose name ends in "-ok" must print nothing. -Dpica.golden.update=true rewrites the
 * expected sections (review the diff).
 */
class VerifierGoldenTest {
    private static final Path CASES = Path.of("src/test/resources/dev/pica/integration/verifier");

    @TempDir
    Path dir;

    static Stream<String> cases() throws IOException {
        try (Stream<Path> s = Files.list(CASES)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".case")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void golden(String name) throws IOException {
        String text = Files.readString(CASES.resolve(name));
        int cut = text.indexOf("//// expected\n");
        String expected = text.substring(cut + "//// expected\n".length());
        List<Path> inputs = new ArrayList<>();
        // before the first section: the case's verdict and the rule's source (VerifierCorpusTest in picals' module reads them)
        for (String section : text.substring(text.indexOf("//// "), cut).split("(?m)^//// ")) {
            if (section.isEmpty()) continue;
            int nl = section.indexOf('\n');
            Path f = dir.resolve(section.substring(0, nl));
            Files.writeString(f, section.substring(nl + 1));
            inputs.add(f);
        }
        // every warning on (-Wall -Wextra): the goldens hold the verifier's whole output, stylistic findings included
        BuildSession session = new BuildSession(Assembler.Options.defaults(), dev.pica.format.diag.WarningPolicy.EVERY, () -> new byte[0]);
        BuildSession.Linked linked = session.link(inputs, false);
        String actual = printed(linked).replace(dir.toString() + "/", "");
        if (Boolean.getBoolean("pica.golden.update")) {
            Files.writeString(CASES.resolve(name), text.substring(0, cut) + "//// expected\n" + actual, StandardCharsets.UTF_8);
            return;
        }
        if (name.endsWith("-ok.case")) assertTrue(actual.isEmpty(), actual);
        assertEquals(expected, actual);
        assertEquals(actual.contains(": error: "), linked.binary() == null, "a binary is written exactly when there is no error");
    }

    /** No false alarms: the examples and the SDK-built (retail-style) golden programs verify silently. */
    @Test
    void examplesAndGoldenProgramsHaveNoFindings() throws IOException {
        Path ex = Path.of("../examples");
        List<List<String>> links = List.of(List.of("sky.vsh"), List.of("lighting.vsh"), List.of("skinning.vsh", "transform_lib.vsh"),
                List.of("billboard.vsh", "particle.gsh"));
        Assembler.Options opts = Assembler.Options.defaults().withIncludeDirs(List.of(ex.resolve("include")));
        for (List<String> names : links) {
            BuildSession.Linked l = new BuildSession(opts, dev.pica.format.diag.WarningPolicy.DEFAULT, () -> new byte[0]).link(names.stream().map(ex::resolve).toList(), false);
            assertEquals("", printed(l), names.toString());
        }
        // (GoldenDvlbTest's B and VS read v0 without binding it, layout cases: F-UNINIT warns there, as it should)
        String[][] golden = {{"sky.vsh", RetailSky.SOURCE}};
        for (String[] g : golden) {
            List<Path> in = new ArrayList<>();
            for (int k = 0; k < g.length; k += 2) in.add(Files.writeString(dir.resolve(g[k]), g[k + 1]));
            BuildSession.Linked l = new BuildSession(Assembler.Options.defaults(), dev.pica.format.diag.WarningPolicy.DEFAULT, () -> new byte[0]).link(in, false);
            assertEquals("", printed(l), g[0]);
        }
    }

    private static String printed(BuildSession.Linked linked) {
        StringBuilder out = new StringBuilder();
        for (BuildSession.Loaded l : linked.inputs()) for (Diagnostic d : l.diagnostics().list()) out.append(DiagnosticPrinter.format(d));
        for (Diagnostic d : linked.diagnostics().list()) out.append(DiagnosticPrinter.format(d));
        return out.toString();
    }
}
