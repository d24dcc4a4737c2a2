package dev.pica.driver;

import dev.pica.asm.Assembler;
import dev.pica.asm.picasso.PicassoAssembler;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.compiler.CompileOptions;
import dev.pica.compiler.CompileResult;
import dev.pica.compiler.GlslCompiler;
import dev.pica.compiler.GlslSource;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.diag.WarningPolicy;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.DvojReader;
import dev.pica.format.shbin.FormatException;
import dev.pica.format.shbin.LineInfo;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
import dev.pica.link.Linker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The library's one entry point for building (as smali's Smali.assemble): picalink and the Maven
 * plugin are shells over it. It classifies inputs (sources by extension, objects by content),
 * assembles each source once, keeps every input's own diagnostics apart from the link's, does not
 * link what only fails because an input failed, adds the output-gap warning, names every file the
 * same way, and returns the binary checked against the loader contract. One session per run; its
 * cache may be shared by threads (a batch links many binaries at once).
 */
public final class BuildSession {
    /** Reads standard input for an input named {@code -}. */
    public interface Stdin {
        byte[] read() throws IOException;
    }

    /**
     * An input as read: its object (null if it failed), its own diagnostics, the files read for it,
     * and for a source the program the verifier's early run read (else null).
     */
    public record Loaded(String name, Path path, Dvoj object, Diagnostics diagnostics, List<Path> files, List<String> fileNames,
                         boolean source, boolean definesMain, Program verified) {
        public Loaded(String name, Path path, Dvoj object, Diagnostics diagnostics, List<Path> files, List<String> fileNames,
                      boolean source, boolean definesMain) {
            this(name, path, object, diagnostics, files, fileNames, source, definesMain, null);
        }

        public boolean ok() {
            return object != null;
        }
    }

    /** A link: the binary (null on failure), its diagnostics, and the inputs that failed (then no link was tried). */
    public record Linked(Linker.Result result, byte[] binary, Diagnostics diagnostics, List<Loaded> inputs, List<String> failed) {
        public boolean ok() {
            return binary != null;
        }

        /** The headers the sources included, each once: path -> the name the preprocessor found it by (for depfiles). */
        public Map<Path, String> headers() {
            Map<Path, String> h = new LinkedHashMap<>();
            for (Loaded l : inputs) {
                for (int i = 1; i < l.files().size() && i < l.fileNames().size(); i++) h.putIfAbsent(l.files().get(i), l.fileNames().get(i));
            }
            return h;
        }
    }

    private static final Pattern MAIN_LABEL = Pattern.compile("(?m)^\\s*main\\s*:");

    private final Assembler.Options options;
    private final WarningPolicy warnings;
    private final Stdin stdin;
    private final Map<Path, Loaded> loaded = new java.util.concurrent.ConcurrentHashMap<>();
    /** The compiler's variable maps of the GLSL inputs compiled with -g, by the path they were read from. */
    private final Map<Path, dev.pica.compiler.VariableMap> variables = new java.util.concurrent.ConcurrentHashMap<>();
    /** Each GLSL input's source and reflection: a geometry shader linked after a vertex shader must read the vertices it writes. */
    private final Map<Path, Map.Entry<GlslSource, dev.pica.compiler.Reflection>> reflections = new java.util.concurrent.ConcurrentHashMap<>();
    private final GlslInputs glsl;

    /**
     * How a session compiles its GLSL inputs, for picacc: the compiler's options (its -O0, -std),
     * the stage of every input (-fshader-stage, null: by name or pragma), and which inputs are
     * GLSL sources (GCC's rule: every input not named as an object, standard input included).
     */
    public record GlslInputs(CompileOptions options, dev.pica.compiler.ShaderStage stage, java.util.function.Predicate<Path> isSource) {}

    public BuildSession(Assembler.Options options, WarningPolicy warnings, Stdin stdin) {
        this(options, warnings, stdin, null);
    }

    /** A session that compiles GLSL inputs as {@code glsl} says (null: by name, with {@link #compileOptions}). */
    public BuildSession(Assembler.Options options, WarningPolicy warnings, Stdin stdin, GlslInputs glsl) {
        this.options = options;
        this.warnings = warnings;
        this.stdin = stdin;
        this.glsl = glsl;
    }

    private volatile List<Path> runOrder = List.of();

    /** The warning policy every diagnostic of this session follows. */
    public WarningPolicy warnings() {
        return warnings;
    }

    /**
     * The run's inputs in command order: picasso-dialect sources are assembled as picasso
     * assembles its inputs, together with those given before them (shared uniforms).
     */
    public void inputOrder(List<Path> inputs) {
        runOrder = List.copyOf(inputs);
    }

    private List<Path> picassoBefore(Path p) {
        int at = runOrder.indexOf(p);
        return at < 0 ? List.of() : picassoSources(runOrder, at).stream().map(this::locate).toList();
    }

    /** The picasso-dialect sources among the first {@code end} inputs of a run (standard input left out). */
    public static List<Path> picassoSources(List<Path> run, int end) {
        List<Path> out = new java.util.ArrayList<>();
        for (int k = 0; k < end; k++) {
            Path q = run.get(k);
            if (!OutputSet.isStdio(q) && Dialect.ofFileName(q.toString()) == Dialect.PICASSO) out.add(q);
        }
        return out;
    }

    private static boolean isSourceName(String name) {
        String l = name.toLowerCase(Locale.ROOT);
        return l.endsWith(".vsh") || l.endsWith(".gsh") || Dialect.ofFileName(l) == Dialect.PICASSO;
    }

    /**
     * Whether an input is a source the GLSL compiler reads: {@code .vert} and {@code .geom} (the
     * stage by glslc's extensions), {@code .glsl} and HLSL's {@code .hlsl} (the stage from
     * {@code #pragma shader_stage}).
     */
    public static boolean isGlslName(String name) {
        String l = name.toLowerCase(Locale.ROOT);
        return l.endsWith(".vert") || l.endsWith(".geom") || l.endsWith(".glsl") || l.endsWith(".hlsl");
    }

    /** The compiler's options for this session's assembler options: the same -I, -D and -g. */
    public static CompileOptions compileOptions(Assembler.Options options) {
        return CompileOptions.defaults().withIncludeDirs(options.includeDirs()).withDefines(options.defines()).withDebugLines(options.debug());
    }

    /** An input as named, or found in an include directory when named without a path and absent here. */
    public Path locate(Path p) {
        // no directory to search (the usual case): no call to ask whether p exists
        if (OutputSet.isStdio(p) || p.getParent() != null || options.includeDirs().isEmpty() || Files.exists(p)) return p;
        for (Path dir : options.includeDirs()) if (Files.exists(dir.resolve(p))) return dir.resolve(p);
        return p;
    }

    /** Reads (and for a source, assembles) an input once per session; threads may load and link at once. */
    public Loaded load(Path p) {
        return loaded.computeIfAbsent(p, this::read);
    }

    private Loaded read(Path p) {
        Diagnostics d = new Diagnostics();
        d.policy(warnings);
        boolean fromStdin = OutputSet.isStdio(p);
        String name = fromStdin ? "<stdin>" : p.toString();
        Path file = locate(p);
        if (glsl != null ? glsl.isSource().test(p) : !fromStdin && isGlslName(name)) return compileGlsl(name, file, fromStdin, d);
        if (!fromStdin && isSourceName(name)) {
            SourceFile src = SourceReader.read(file, name, d);
            if (src == null) return new Loaded(name, file, null, d, List.of(file), List.of(name), true, false);
            Assembler.Result r = Assembler.assemble(src, options.withCompanions(picassoBefore(p)), d);
            List<Path> files = r.preprocessed() != null ? r.preprocessed().files() : List.of(file);
            List<String> names = r.preprocessed() != null ? r.preprocessed().fileNames() : List.of(name);
            // a source with errors is judged by its main: label, so that it is classified as intended
            boolean main = r.ok() ? r.object().isMain() : r.preprocessed() != null && MAIN_LABEL.matcher(r.preprocessed().text()).find();
            return new Loaded(name, file, r.object(), d, files, names, true, main, r.verified());
        }
        byte[] data;
        try {
            data = fromStdin ? stdin.read() : Files.readAllBytes(file);
        } catch (IOException e) {
            d.error(Problem.IO_ERROR, SourcePos.named(name, 0), "cannot read: " + IoErrors.reason(e));
            return new Loaded(name, file, null, d, List.of(), List.of(), false, false);
        }
        List<Path> files = fromStdin ? List.of() : List.of(file);
        if (!fromStdin && LinkUnits.isShaderList(p)) {
            // a list is a unit of its own (devkitPro's %.shbin: %.shlist), not one input of a link
            d.error(Problem.WRONG_FILE_KIND, SourcePos.named(name, 0), "a picasso source list is a program of its own, not an object to link: build it with"
                    + " 'picalink --each " + name + "' (one binary per list, as devkitPro builds it) or with the drop-in (picasso -o OUT.shbin and the sources it lists)");
            return new Loaded(name, file, null, d, files, List.of(name), false, false);
        }
        if (DvlbReader.looksLikeDvlb(data)) {
            d.error(Problem.WRONG_FILE_KIND, SourcePos.named(name, 0), "this is a linked shader binary (DVLB), not an object; link the objects or sources it was built from");
            return new Loaded(name, file, null, d, files, List.of(name), false, false);
        }
        try {
            Dvoj o = DvojReader.read(data);
            dev.pica.compiler.VariableMap beside = fromStdin ? null : dev.pica.compiler.VariableMap.readBeside(file, o.code(), d);
            if (beside != null) variables.put(file, beside);
            return new Loaded(name, file, o, d, files, List.of(name), false, o.isMain());
        } catch (FormatException e) {
            d.error(Problem.INVALID_BINARY, SourcePos.named(name, 0), "invalid object file '" + name + "': " + e.getMessage());
            return new Loaded(name, file, null, d, files, List.of(name), false, false);
        }
    }

    /** A GLSL source through the compiler: its object, its diagnostics, the source and its includes (for depfiles and up-to-date checks). */
    private Loaded compileGlsl(String name, Path file, boolean fromStdin, Diagnostics d) {
        List<Path> own = fromStdin ? List.of() : List.of(file);
        byte[] b;
        try {
            b = fromStdin ? stdin.read() : Files.readAllBytes(file);
        } catch (IOException e) {
            d.error(Problem.IO_ERROR, SourcePos.named(name, 0), "cannot read" + (fromStdin ? " standard input" : "") + ": " + IoErrors.reason(e));
            return new Loaded(name, file, null, d, own, List.of(name), true, true);
        }
        String notText = dev.pica.format.shbin.InputKind.notSourceText(b);
        if (notText != null) {
            d.error(Problem.WRONG_FILE_KIND, SourcePos.named(name, 0), notText);
            return new Loaded(name, file, null, d, own, List.of(name), true, true);
        }
        GlslSource src = new GlslSource(name, new String(b, java.nio.charset.StandardCharsets.UTF_8), fromStdin ? null : file, glsl == null ? null : glsl.stage());
        CompileResult r = GlslCompiler.compile(src, glsl == null ? compileOptions(options) : glsl.options());
        for (Diagnostic x : r.diagnostics().list()) d.add(x);
        List<Path> files = new ArrayList<>(own);
        List<String> names = new ArrayList<>(List.of(name));
        for (Path f : r.filesRead()) {
            if (files.contains(f)) continue;
            files.add(f);
            names.add(f.toString());
        }
        if (r.ok()) {
            variables.put(file, r.value().variables());
            reflections.put(file, Map.entry(src, r.value().reflection()));
        }
        // a GLSL shader always defines main: it is a program of its own, never a library
        return new Loaded(name, file, r.ok() ? r.value().object() : null, d, files, names, true, true);
    }

    /**
     * Where each GLSL variable of a GLSL input's main is, word by word of its object (compiled
     * with -g: the session's {@code Assembler.Options.debug}, or an object with the map picacc
     * -g -c wrote beside it); empty for other inputs.
     */
    public dev.pica.compiler.VariableMap variables(Loaded input) {
        return input.path() == null ? dev.pica.compiler.VariableMap.EMPTY : variables.getOrDefault(input.path(), dev.pica.compiler.VariableMap.EMPTY);
    }

    /** The variable maps of a link's inputs in one, each moved to where the link placed its object (docs/glsl.md 11). */
    public dev.pica.compiler.VariableMap variables(Linked linked) {
        List<Map.Entry<dev.pica.compiler.VariableMap, Integer>> placed = new ArrayList<>();
        if (linked.result() == null) return dev.pica.compiler.VariableMap.EMPTY;
        for (Loaded l : linked.inputs()) {
            dev.pica.compiler.VariableMap m = variables(l);
            if (m.variables().isEmpty()) continue;
            for (Linker.Placement p : linked.result().layout()) if (p.input().name().equals(l.name())) placed.add(Map.entry(m, p.base()));
        }
        return dev.pica.compiler.VariableMap.placed(placed);
    }


    /** A unit of picasso sources built as one picasso run: the drop-in's bytes and header, or null result on errors. */
    public record PicassoBuilt(PicassoAssembler.Result result, Diagnostics diagnostics) {
        public boolean ok() {
            return result != null && result.ok();
        }
    }

    /**
     * Builds picasso sources as one picasso run, as devkitPro's rules build a unit (foo.v.pica
     * with foo.g.pica, a .shlist's sources): what picasso writes for them, with this session's
     * warning policy. picalink --each and the Maven plugin build picasso units here.
     */
    public PicassoBuilt picassoUnit(List<Path> inputs) {
        Diagnostics d = new Diagnostics();
        d.policy(warnings);
        List<SourceFile> files = new ArrayList<>();
        for (Path p : inputs) {
            try {
                SourceFile f = SourceReader.ofBytes(p.toString(), p.toString(), p, Files.readAllBytes(locate(p)), d);
                if (f != null) files.add(f);
            } catch (IOException e) {
                d.error(Problem.IO_ERROR, SourcePos.named(p.toString(), 0), "cannot read: " + IoErrors.reason(e));
            }
        }
        PicassoAssembler.Result r = d.hasErrors() ? null : PicassoAssembler.assemble(files, new PicassoBuild.Options(true), d);
        return new PicassoBuilt(r, d);
    }

    /**
     * A GLSL geometry shader after a GLSL vertex shader among the inputs reads its vertices as
     * that vertex shader writes them (GlslCompiler.interfaceMismatch); else an error at the
     * declaration that does not match, and no link. picalink, picacc's link and the Maven plugin
     * all check here.
     */
    private boolean vertexInterfacesMatch(List<Loaded> ins, Diagnostics d) {
        Map.Entry<GlslSource, dev.pica.compiler.Reflection> vertex = null;
        boolean ok = true;
        for (Loaded l : ins) {
            Map.Entry<GlslSource, dev.pica.compiler.Reflection> r = l.path() == null ? null : reflections.get(l.path());
            if (r == null) continue;
            if (r.getValue().geometry() == null) {
                vertex = r;
                continue;
            }
            Diagnostic mismatch = vertex == null ? null : GlslCompiler.interfaceMismatch(vertex.getKey(), vertex.getValue(), r.getKey(), r.getValue());
            if (mismatch != null) {
                d.add(mismatch);
                ok = false;
            }
        }
        return ok;
    }

    /** Links inputs in order (one DVLE per object with main:), unless an input failed. */
    public Linked link(List<Path> inputs, boolean debug) {
        List<Loaded> ins = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Path p : inputs) {
            Loaded l = load(p);
            ins.add(l);
            if (!l.ok()) failed.add(l.name());
        }
        Diagnostics d = new Diagnostics();
        d.policy(warnings);
        if (!failed.isEmpty()) return new Linked(null, null, d, ins, failed);
        if (!vertexInterfacesMatch(ins, d)) return new Linked(null, null, d, ins, failed);
        List<Linker.Input> objects = new ArrayList<>();
        for (Loaded l : ins) objects.add(new Linker.Input(l.name(), l.object()));
        Diagnostics raw = new Diagnostics();
        // an object assembled with -debug asks for the line table, as cc -g carries into ld's output
        boolean lines = debug;
        for (Loaded l : ins) lines |= l.object().debug();
        Map<String, String> names = fileNames(ins);
        // a source linked alone: when the link's program is the early run's, word for word and
        // placed on the same lines, the link's run would find what the early run reported and
        // every finding would be dropped below as said already; it is not run again
        Program early = ins.size() == 1 ? ins.get(0).verified() : null;
        Linker.Result r = dev.pica.link.internal.Linking.linkReporting(objects, lines, raw, p -> early != null && reportedEarly(early, p, names));
        for (Loaded l : ins) outputGapWarning(l, raw);
        Map<String, Path> paths = new HashMap<>();
        for (Loaded l : ins) for (int i = 0; i < l.files().size() && i < l.fileNames().size(); i++) paths.putIfAbsent(l.fileNames().get(i), l.files().get(i));
        if (raw.list().isEmpty()) return new Linked(r, r == null ? null : r.bytes(), d, ins, failed);
        Map<String, SourceFile> sources = new HashMap<>();
        // the verifier's early run already reported what lies within one source: say it once. For an
        // object read from a file that run happened in picasm; it is run again here on the object
        // alone, so that the link says only what the link adds
        Set<String> seen = new HashSet<>();
        for (Loaded l : ins) {
            for (Diagnostic x : l.diagnostics().list()) seen.add(x.findingKey());
            if (!l.source()) for (Diagnostic x : earlyFindings(l.object())) seen.add(renamed(x, names).findingKey());
        }
        // an object's source beside it or in the current directory gives link findings their line and caret,
        // named as the object was (lib/main.o's main.vsh is lib/main.vsh), so that a log's locations and paths name files that exist
        for (Loaded l : ins) {
            if (l.source() || l.path() == null) continue;
            Path dir = l.path().getParent();
            Set<String> files = new java.util.LinkedHashSet<>();
            for (LineInfo li : l.object().lineInfo()) files.add(li.file());
            for (String file : files) {
                for (Path candidate : new Path[] {dir == null ? null : dir.resolve(file), Path.of(file)}) {
                    if (candidate != null && !paths.containsKey(file) && Files.isRegularFile(candidate)) paths.put(file, candidate);
                }
            }
        }
        for (Loaded l : ins) d.pragmasFrom(l.diagnostics()); // a source's '#pragma GCC diagnostic' covers the link's findings in it
        for (Diagnostic x : raw.list()) {
            Diagnostic y = renamed(x, names);
            if (!seen.contains(y.findingKey())) d.add(withSourceLine(y, paths, sources));
        }
        return new Linked(r, r == null ? null : r.bytes(), d, ins, failed);
    }

    /** What picasm's early run of the verifier reported for an object (its line table for positions), under the default policy. */
    private List<Diagnostic> earlyFindings(Dvoj o) {
        Diagnostics d = new Diagnostics();
        d.policy(warnings);
        List<SourcePos> positions = new ArrayList<>();
        for (LineInfo li : o.lineInfo()) positions.add(SourcePos.named(li.file(), li.line()));
        Verifier.verify(Program.ofObject(o, positions), d);
        return d.list();
    }

    /**
     * A link diagnostic on a line of a source this session found: shown with that line and a caret,
     * as the assembler's are, and it and its witness path's steps named by the path the source was
     * found at (an object records base names only).
     */
    private static Diagnostic withSourceLine(Diagnostic d, Map<String, Path> paths, Map<String, SourceFile> sources) {
        SourcePos p = d.pos();
        if (p == null || p.file() != null || p.line() <= 0 || !paths.containsKey(p.fileName())) return d;
        SourceFile f = sources.computeIfAbsent(p.fileName(), n -> SourceReader.read(paths.get(n), paths.get(n).toString(), new Diagnostics()));
        String text = f == null ? "" : f.line(p.line());
        if (text.isEmpty()) return d;
        int col = 1;
        while (col <= text.length() && Character.isWhitespace(text.charAt(col - 1))) col++;
        List<SourcePos> steps = new ArrayList<>();
        for (SourcePos s : d.path()) {
            Path found = s.file() == null ? paths.get(s.fileName()) : null;
            steps.add(found == null ? s : new SourcePos(null, found.toString(), s.line(), s.column(), s.includedFrom()));
        }
        Diagnostic at = d.at(SourcePos.of(f, p.line(), col, null));
        return new Diagnostic(at.severity(), at.pos(), at.message(), at.option(), steps, at.rule(), at.problem());
    }


    /** W-D11 for objects read from files; the assembler already warned about sources. */
    private static void outputGapWarning(Loaded l, Diagnostics d) {
        int m = l.object().outputMask();
        if (l.source() || !l.object().isMain() || m == 0 || (m & (m + 1)) == 0) return;
        d.warning(Warning.OUTPUT_MAP, SourcePos.named(l.name(), 0), "output registers are not contiguous from o0; homebrew loaders will mis-map them");
    }

    /** Objects record source names without directories; map them back to the names the inputs were given by. */
    static Map<String, String> fileNames(List<Loaded> ins) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Loaded l : ins) {
            for (int i = 0; i < l.files().size() && i < l.fileNames().size(); i++) {
                Path f = l.files().get(i);
                m.putIfAbsent(f.getFileName().toString(), l.fileNames().get(i));
            }
            m.putIfAbsent(l.path().getFileName() == null ? l.name() : l.path().getFileName().toString(), l.name());
        }
        return m;
    }

    private static Diagnostic renamed(Diagnostic d, Map<String, String> names) {
        SourcePos p = d.pos();
        if (p == null || p.file() != null) return d;
        String full = fullName(p.fileName(), names);
        return full == null || full.equals(p.fileName()) ? d
                : d.at(new SourcePos(null, full, p.line(), p.column(), null));
    }

    /** The name an input was given by for a file name an object records, or null. */
    private static String fullName(String recorded, Map<String, String> names) {
        String full = names.get(recorded);
        if (full == null) {
            for (Map.Entry<String, String> e : names.entrySet()) if (e.getValue().endsWith("/" + recorded)) full = e.getValue();
        }
        return full;
    }

    /**
     * Whether the verifier's run over a link's program would find only what its early run over
     * a source reported: the same findings ({@link Program#sameFindingsAs}), and every word of the
     * link's program, renamed as its findings are ({@link #renamed}), at the file and line of the
     * early run's, so that each has the key of the early finding it repeats ({@link Diagnostic#findingKey}).
     * {@code names}: the link's {@link #fileNames}.
     */
    static boolean reportedEarly(Program early, Program linked, Map<String, String> names) {
        if (!early.sameFindingsAs(linked) || early.size() != linked.size()) return false;
        for (int pc = 0; pc < early.size(); pc++) {
            SourcePos a = early.where(pc), b = linked.where(pc);
            if (a == null || b == null || b.file() != null || a.line() != b.line()) return false;
            String full = fullName(b.fileName(), names);
            if (!a.fileName().equals(full == null ? b.fileName() : full)) return false;
        }
        return true;
    }
}
