package dev.pica.lsp;

import dev.pica.asm.Assembler;
import dev.pica.format.Dvoj;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * One version of one open document, assembled as picasm would assemble the file (the verifier
 * included), with its findings as LSP diagnostics per file: a finding in an included header is
 * shown in the header and at the {@code #include} line that brought it in. Immutable.
 */
final class DocumentAnalysis {
    final String uri;
    final int version;
    final boolean picasso;
    final SymbolIndex index;
    /** the assembled object, or null when the text has errors */
    final Dvoj object;
    /** LSP diagnostics by document URI: this document's, and those of headers it includes */
    final Map<String, List<org.eclipse.lsp4j.Diagnostic>> diagnostics;

    private DocumentAnalysis(String uri, int version, boolean picasso, SymbolIndex index, Dvoj object,
                             Map<String, List<org.eclipse.lsp4j.Diagnostic>> diagnostics) {
        this.uri = uri;
        this.version = version;
        this.picasso = picasso;
        this.index = index;
        this.object = object;
        this.diagnostics = diagnostics;
    }

    static boolean isPicasso(String uri) {
        return Assembler.Dialect.isPicassoName(uri);
    }

    /** The file system path of a file: URI, or null (an unsaved buffer). */
    static Path pathOf(String uri) {
        try {
            URI u = URI.create(uri);
            return "file".equals(u.getScheme()) ? Path.of(u) : null;
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
    }

    static String uriOf(Path p) {
        return p.toAbsolutePath().normalize().toUri().toString();
    }

    /**
     * @param textOf the text of another file as the editor holds it (open) or as on disk, or null
     *               if it cannot be read: the libraries a main source is linked with
     */
    static DocumentAnalysis run(String uri, int version, String text, Settings settings, java.util.function.Function<Path, String> textOf,
                                dev.pica.asm.pp.SourceFiles sources) {
        boolean picasso = isPicasso(uri);
        SymbolIndex index = SymbolIndex.of(text, picasso);
        Path path = pathOf(uri);
        String name = path != null && path.getFileName() != null ? path.getFileName().toString() : uri.substring(uri.lastIndexOf('/') + 1);
        SourceFile main = new SourceFile(name, name, path, text.getBytes(StandardCharsets.UTF_8));
        // an #include of a header open in the editor reads its unsaved text
        Assembler.Options options = settings.options().withSources(sources);
        dev.pica.format.diag.Diagnostics own = new dev.pica.format.diag.Diagnostics();
        own.policy(settings.warnings());
        Assembler.Result r = Assembler.assemble(main, options, own);
        Map<String, List<org.eclipse.lsp4j.Diagnostic>> out = new LinkedHashMap<>();
        out.put(uri, new ArrayList<>());
        for (Diagnostic d : r.diagnostics().list()) convert(d, main, uri, out);
        if (r.ok() && !picasso) {
            for (Diagnostic d : LinkFindings.of(main, r.object(), r.diagnostics(), options, textOf)) convert(d, main, uri, out);
        }
        if (r.ok() && picasso) {
            for (Diagnostic d : LinkFindings.ofPicassoUnit(main, r.diagnostics(), textOf)) convert(d, main, uri, out);
        }
        return new DocumentAnalysis(uri, version, picasso, index, r.object(), out);
    }

    private static void convert(Diagnostic d, SourceFile main, String mainUri, Map<String, List<org.eclipse.lsp4j.Diagnostic>> out) {
        SourcePos p = d.pos();
        String target = p == null ? mainUri : uriOf(p, main, mainUri);
        Range range = p == null || target == null ? new Range(new Position(0, 0), new Position(0, 0)) : DiagnosticRanges.of(p);
        if (target == null) target = mainUri;
        // the code: the verifier rule (docs/verifier.md) or the -W option
        org.eclipse.lsp4j.Diagnostic lsp = new org.eclipse.lsp4j.Diagnostic(range, d.messageNamingOption(), severity(d), "pica");
        if (d.rule() != null) lsp.setCode(d.rule());
        else if (d.option() != null) lsp.setCode("-W" + d.option().option);
        List<DiagnosticRelatedInformation> related = new ArrayList<>();
        int k = 0;
        for (SourcePos step : d.path()) {
            String u = uriOf(step, main, mainUri);
            k++;
            if (u != null) related.add(new DiagnosticRelatedInformation(new Location(u, DiagnosticRanges.line(step.file(), step.line())),
                    "witness path, step " + k + " of " + d.path().size()));
        }
        if (!related.isEmpty()) lsp.setRelatedInformation(related);
        out.computeIfAbsent(target, u -> new ArrayList<>()).add(lsp);
        // a finding in a header: also at the #include line of this document that led to it
        if (p != null && p.includedFrom() != null) {
            SourcePos.IncludeSite site = p.includedFrom();
            while (site.parent() != null) site = site.parent();
            org.eclipse.lsp4j.Diagnostic at = new org.eclipse.lsp4j.Diagnostic(DiagnosticRanges.line(site.file(), site.line()),
                    "in included file " + p.fileName() + ":" + p.line() + ": " + d.message(), severity(d), "pica");
            at.setCode(lsp.getCode());
            at.setRelatedInformation(List.of(new DiagnosticRelatedInformation(new Location(target, range), d.message())));
            out.get(mainUri).add(at);
        }
    }

    private static String uriOf(SourcePos p, SourceFile main, String mainUri) {
        if (p.file() == main || p.file() == null && p.fileName().equals(main.name())) return mainUri;
        if (p.file() != null && p.file().path() != null) return uriOf(p.file().path());
        return null;
    }

    private static DiagnosticSeverity severity(Diagnostic d) {
        return switch (d.severity()) {
            case ERROR -> DiagnosticSeverity.Error;
            case WARNING -> DiagnosticSeverity.Warning;
            case NOTE -> DiagnosticSeverity.Information;
        };
    }
}
