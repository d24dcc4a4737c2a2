package dev.pica.lsp.analysis;

import dev.pica.asm.Assembler;
import dev.pica.compiler.CompileResult;
import dev.pica.compiler.CompiledShader;
import dev.pica.compiler.GlslCompiler;
import dev.pica.compiler.GlslSource;
import dev.pica.compiler.Includer;
import dev.pica.driver.BuildSession;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.InputKind;
import dev.pica.driver.SourceReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One version of one open document, assembled as picasm would assemble the file (the verifier
 * included), with its findings per file: a finding in an included header is shown in the header
 * and at the {@code #include} line that brought it in. Immutable.
 */
public final class DocumentAnalysis {
    public final String uri;
    public final int version;
    public final Dialect dialect;
    public final SymbolIndex index;
    /** the assembled object, or null when the text has errors */
    public final Dvoj object;
    /** findings by document URI: this document's, and those of headers it includes */
    public final Map<String, List<Finding>> findings;
    /** a GLSL source's compiled shader (its reflection for hover, its assembly for the show-assembly command), else null */
    public final CompiledShader shader;

    private DocumentAnalysis(String uri, int version, Dialect dialect, SymbolIndex index, Dvoj object,
                             Map<String, List<Finding>> findings) {
        this(uri, version, dialect, index, object, findings, null);
    }

    private DocumentAnalysis(String uri, int version, Dialect dialect, SymbolIndex index, Dvoj object,
                             Map<String, List<Finding>> findings, CompiledShader shader) {
        this.uri = uri;
        this.version = version;
        this.dialect = dialect;
        this.index = index;
        this.object = object;
        this.findings = findings;
        this.shader = shader;
    }

    /** Whether a document is a GLSL source (.vert, .geom, .glsl): compiled, not assembled. */
    public static boolean isGlsl(String uri) {
        return BuildSession.isGlslName(uri);
    }

    /**
     * A GLSL source compiled as picacc compiles it (glslang, the back end, the verifier), its
     * includes read from the editor's buffers when open: glslang's and the back end's findings.
     */
    private static DocumentAnalysis glsl(String uri, int version, String text, String name, Path path, Settings settings,
                                         java.util.function.Function<Path, String> textOf) {
        Dialect dialect = DocumentFiles.dialect(uri);
        Map<String, List<Finding>> out = new LinkedHashMap<>();
        out.put(uri, new ArrayList<>());
        Includer editor = new Includer() {
            @Override
            public boolean exists(Path file) {
                return textOf.apply(file) != null;
            }

            @Override
            public String read(Path file) throws java.io.IOException {
                String t = textOf.apply(file);
                if (t == null) throw new java.io.IOException("cannot read " + file);
                return t;
            }
        };
        CompileResult r = GlslCompiler.compile(new GlslSource(name, text, path, null), BuildSession.compileOptions(settings.options()).withIncluder(editor));
        SourceFile main = SourceFile.ofString(name, text);
        for (Diagnostic d : r.diagnostics().list()) {
            if (d.severity() == Diagnostic.Severity.NOTE) continue;
            convert(d, main, uri, out);
        }
        return new DocumentAnalysis(uri, version, dialect, SymbolIndex.of("", dialect), r.ok() ? r.value().object() : null, out, r.value());
    }

    /**
     * @param textOf the text of another file as the editor holds it (open) or as on disk, or null
     *               if it cannot be read: the libraries a main source is linked with
     */
    public static DocumentAnalysis run(String uri, int version, String text, Settings settings, java.util.function.Function<Path, String> textOf,
                                dev.pica.asm.pp.SourceFiles sources) {
        Dialect dialect = DocumentFiles.dialect(uri);
        SymbolIndex index = SymbolIndex.of(text, dialect);
        Path path = DocumentFiles.pathOf(uri);
        String name = path != null && path.getFileName() != null ? path.getFileName().toString() : uri.substring(uri.lastIndexOf('/') + 1);
        if (isGlsl(uri)) return glsl(uri, version, text, name, path, settings, textOf);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        dev.pica.format.diag.Diagnostics own = new dev.pica.format.diag.Diagnostics();
        own.policy(settings.warnings());
        Map<String, List<Finding>> out = new LinkedHashMap<>();
        out.put(uri, new ArrayList<>());
        // not text as the build reads it (UTF-16, a binary): one error, as picasm says it, not one per NUL
        SourceFile main = SourceReader.ofBytes(name, name, path, asBuilt(path, bytes), own);
        if (main == null) {
            for (Diagnostic d : own.list()) convert(d, null, uri, out);
            return new DocumentAnalysis(uri, version, dialect, index, null, out);
        }
        main = new SourceFile(name, name, path, bytes);
        // an #include of a header open in the editor reads its unsaved text
        Assembler.Options options = settings.options().withSources(sources);
        Assembler.Result r = Assembler.assemble(main, options, own);
        for (Diagnostic d : r.diagnostics().list()) convert(d, main, uri, out);
        if (r.ok() && dialect == Dialect.SDK) {
            for (Diagnostic d : LinkFindings.of(main, r.object(), r.diagnostics(), options, textOf)) convert(d, main, uri, out);
        }
        if (r.ok() && dialect == Dialect.PICASSO) {
            for (Diagnostic d : LinkFindings.ofPicassoUnit(main, r.diagnostics(), textOf)) convert(d, main, uri, out);
        }
        return new DocumentAnalysis(uri, version, dialect, index, r.object(), out);
    }

    /**
     * The bytes picasm would read: the file on disk when it is not text, although the editor may
     * show it as text (an editor decodes UTF-16 with a byte order mark, the build does not; the
     * offset named is then the file's, as picasm names it), else the editor's.
     */
    private static byte[] asBuilt(Path path, byte[] editor) {
        if (path == null) return editor;
        try {
            byte[] disk = java.nio.file.Files.readAllBytes(path);
            return InputKind.notSourceText(disk) != null ? disk : editor;
        } catch (java.io.IOException | RuntimeException e) {
            return editor; // not on disk (yet): the editor's text is all there is
        }
    }

    private static void convert(Diagnostic d, SourceFile main, String mainUri, Map<String, List<Finding>> out) {
        SourcePos p = d.pos();
        String target = p == null ? mainUri : uriOf(p, main, mainUri);
        Span span = p == null || target == null ? new Span(0, 0, 0) : DiagnosticRanges.of(p);
        if (target == null) target = mainUri;
        // the code: the verifier rule (docs/verifier.md) or the -W option
        String code = d.rule() != null ? d.rule() : d.option() != null ? "-W" + d.option().option : d.problem() != null ? d.problem().id : null;
        List<Finding.Related> related = new ArrayList<>();
        int k = 0;
        for (SourcePos step : d.path()) {
            String u = uriOf(step, main, mainUri);
            k++;
            if (u != null) related.add(new Finding.Related(u, DiagnosticRanges.line(step.file(), step.line()), "witness path, step " + k + " of " + d.path().size()));
        }
        out.computeIfAbsent(target, u -> new ArrayList<>()).add(new Finding(span, d.messageNamingOption(), d.severity(), code, related));
        // a finding in a header: also at the #include line of this document that led to it
        if (p != null && p.includedFrom() != null) {
            SourcePos.IncludeSite site = p.includedFrom();
            while (site.parent() != null) site = site.parent();
            out.get(mainUri).add(new Finding(DiagnosticRanges.line(site.file(), site.line()), "in included file " + p.fileName() + ":" + p.line() + ": " + d.message(),
                    d.severity(), code, List.of(new Finding.Related(target, span, d.message()))));
        }
    }

    private static String uriOf(SourcePos p, SourceFile main, String mainUri) {
        if (p.file() == main || (p.file() == null || p.file().path() == null) && p.fileName().equals(main.name())) return mainUri;
        // the GLSL compiler names an included file by its path
        if (p.file() != null && p.file().path() == null && Path.of(p.fileName()).isAbsolute()) return DocumentFiles.uriOf(Path.of(p.fileName()));
        if (p.file() != null && p.file().path() != null) return DocumentFiles.uriOf(p.file().path());
        return null;
    }
}
