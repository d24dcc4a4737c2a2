package dev.pica.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.asm.Assembler;
import dev.pica.asm.picasso.PicassoAssembler;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.driver.BuildSession;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.WarningPolicy;
import dev.pica.lsp.analysis.DocumentAnalysis;
import dev.pica.lsp.analysis.DocumentFiles;
import dev.pica.lsp.analysis.Finding;
import dev.pica.lsp.analysis.Settings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The verifier's hazard corpus on every route (issue 41): each case of the integration tests' verifier
 * goldens names its verdict ({@code // verdict: F-LOST}, the rules whose errors or warnings it must
 * give, or {@code none}) and the source of the rule ({@code // source: ...}). The verdict must come
 * out of picalink (the link with picasm's early runs), of picasm alone (its early run says nothing
 * the verdict does not, and all of it for a lone main file), of the drop-in picasso for picasso
 * units, and of picals (each file as the editor opens it, its link findings included).
 */
class VerifierCorpusTest {
    private static final Path CASES = Path.of("../integration-test/src/test/resources/dev/pica/integration/verifier");

    @TempDir
    Path dir;

    static Stream<String> cases() throws IOException {
        Set<String> names = new TreeSet<>();
        try (java.nio.file.DirectoryStream<Path> s = Files.newDirectoryStream(CASES, "*.case")) {
            for (Path p : s) names.add(p.getFileName().toString());
        }
        return names.stream();
    }

    /** One case: its verdict (rule ids, empty for none), the rule's source, and its files in link order. */
    private record Case(Set<String> verdict, String source, List<Path> files) {}

    private Case read(String name) throws IOException {
        String text = Files.readString(CASES.resolve(name));
        String head = text.substring(0, Math.max(0, text.indexOf("//// ")));
        Set<String> verdict = null;
        String source = null;
        for (String line : head.split("\n")) {
            if (line.startsWith("// verdict: ")) verdict = new TreeSet<>(Arrays.asList(line.substring(12).trim().split("\\s+")));
            if (line.startsWith("// source: ")) source = line.substring(11).trim();
        }
        assertTrue(verdict != null && source != null && !source.isEmpty(), name + " names its verdict and the rule's source");
        verdict.remove("none");
        List<Path> files = new ArrayList<>();
        String body = text.substring(head.length(), text.indexOf("//// expected\n"));
        for (String section : body.split("(?m)^//// ")) {
            if (section.isEmpty()) continue;
            int nl = section.indexOf('\n');
            files.add(Files.writeString(dir.resolve(section.substring(0, nl)), section.substring(nl + 1)));
        }
        return new Case(verdict, source, files);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyRouteGivesTheVerdict(String name) throws IOException {
        Case c = read(name);
        if (name.endsWith("-ok.case")) assertEquals(Set.of(), c.verdict(), name);
        BuildSession.Linked linked = new BuildSession(Assembler.Options.defaults(), WarningPolicy.DEFAULT, () -> new byte[0]).link(c.files(), false);
        List<Diagnostic> early = new ArrayList<>();
        for (BuildSession.Loaded l : linked.inputs()) early.addAll(l.diagnostics().list());
        List<Diagnostic> all = new ArrayList<>(early);
        all.addAll(linked.diagnostics().list());
        assertEquals(c.verdict(), rules(all), "picalink");
        assertTrue(c.verdict().containsAll(rules(early)), "picasm's early run says no more than the verdict: " + rules(early));
        if (c.files().size() == 1 && Dialect.ofFileName(c.files().get(0).toString()) == Dialect.SDK) assertEquals(c.verdict(), rules(early), "picasm");
        if (c.files().stream().allMatch(p -> Dialect.ofFileName(p.toString()) == Dialect.PICASSO)) {
            List<SourceFile> sources = new ArrayList<>();
            for (Path p : c.files()) sources.add(new SourceFile(p.getFileName().toString(), p, Files.readAllBytes(p)));
            Diagnostics d = new Diagnostics();
            PicassoAssembler.assemble(sources, new PicassoBuild.Options(true), d);
            assertEquals(c.verdict(), rules(d.list()), "the drop-in picasso");
            if (name.contains("-padded-")) {
                // picasso -n leaves the padding nop out: the twin of the SDK dialect's block-end hazard is caught
                Diagnostics unpadded = new Diagnostics();
                PicassoAssembler.assemble(sources, new PicassoBuild.Options(false), unpadded);
                assertEquals(Set.of("F-LOST"), rules(unpadded.list()), "the drop-in picasso -n");
            }
        }
        Set<String> editor = new TreeSet<>();
        for (Path p : c.files()) {
            DocumentAnalysis a = DocumentAnalysis.run(DocumentFiles.uriOf(p), 1, Files.readString(p), Settings.defaults(), VerifierCorpusTest::textOf,
                    dev.pica.asm.pp.SourceFiles.DISK);
            for (List<Finding> ds : a.findings.values()) {
                for (Finding d : ds) {
                    if (d.severity() != Diagnostic.Severity.NOTE && d.code() != null && d.code().startsWith("F-")) editor.add(d.code());
                }
            }
        }
        assertEquals(c.verdict(), editor, "picals");
    }

    /** The corpus is broad: at least 60 cases, hazards and no-hazards, in both dialects. */
    @Test
    void corpusCoversBothDialects() throws IOException {
        List<String> names = cases().toList();
        long picasso = 0, hazards = 0;
        for (String n : names) {
            String text = Files.readString(CASES.resolve(n));
            if (text.contains(".pica\n")) picasso++;
            if (!text.contains("// verdict: none")) hazards++;
        }
        assertTrue(names.size() >= 60 && picasso >= 15 && hazards >= 30 && names.size() - hazards >= 20,
                names.size() + " cases, " + picasso + " in picasso's dialect, " + hazards + " hazards");
    }

    private static String textOf(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /** The rules whose errors and warnings these are (notes are not a verdict). */
    private static Set<String> rules(List<Diagnostic> ds) {
        Set<String> out = new TreeSet<>();
        for (Diagnostic d : ds) if (d.rule() != null && d.severity() != Diagnostic.Severity.NOTE) out.add(d.rule());
        return out;
    }
}
