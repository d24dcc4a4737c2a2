package dev.pica.maven;

import dev.pica.asm.Assembler;
import dev.pica.asm.picasso.PicassoAssembler;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.asm.pp.Preprocessor;
import dev.pica.driver.BuildSession;
import dev.pica.driver.InputAliases;
import dev.pica.driver.LinkUnits;
import dev.pica.driver.OutputSet;
import dev.pica.driver.Parallel;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.WarningPolicy;
import dev.pica.format.shbin.InputNames;
import dev.pica.link.HeaderWriter;
import dev.pica.link.Linker;
import dev.pica.link.MapFileWriter;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.maven.model.Resource;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Assembles and links the project's shaders into .shbin files, in-process, and adds them to the
 * project's resources. Incremental: only link units whose sources, included headers or
 * configuration changed are rebuilt; outputs of removed sources are deleted.
 */
@Mojo(name = "build", defaultPhase = LifecyclePhase.GENERATE_RESOURCES, threadSafe = true)
public class BuildShadersMojo extends AbstractMojo {
    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** Where the shader sources are. */
    @Parameter(property = "pica.sourceDirectory", defaultValue = "${project.basedir}/src/main/shaders")
    File sourceDirectory;

    /**
     * Glob patterns (relative to sourceDirectory) of the sources and picasso source lists (.shlist)
     * to consider; GLSL vertex and geometry shaders (.vert, .geom) are compiled and linked as
     * SDK-dialect mains are, foo.vert with foo.geom beside it into one foo.shbin.
     */
    @Parameter
    List<String> includes = new ArrayList<>(List.of("**/*.vsh", "**/*.gsh", "**/*.pica", "**/*.shlist", "**/*.vert", "**/*.geom"));

    /** Glob patterns of sources to leave out. */
    @Parameter
    List<String> excludes = new ArrayList<>();

    /** #include directories, searched after the including file's directory. */
    @Parameter
    List<File> includePaths = new ArrayList<>();

    /** Predefined macros, NAME or NAME=VALUE. */
    @Parameter
    List<String> defines = new ArrayList<>();

    /**
     * Explicit link units, in addition to the default ones: every source that defines main: and
     * is in no explicit unit becomes its own .shbin, linked with the library sources (no main:)
     * of the same directory.
     */
    @Parameter
    List<LinkUnit> linkUnits = new ArrayList<>();

    /** Build the default units; false builds only the explicit linkUnits. */
    @Parameter(property = "pica.defaultUnits", defaultValue = "true")
    boolean defaultUnits;

    /** Where the .shbin files go; added to the project's resources. */
    @Parameter(property = "pica.outputDirectory", defaultValue = "${project.build.directory}/generated-resources/shaders")
    File outputDirectory;

    /** Also write a C header of uniform registers per binary into headerDirectory. */
    @Parameter(property = "pica.generateHeaders", defaultValue = "false")
    boolean generateHeaders;

    @Parameter(property = "pica.headerDirectory", defaultValue = "${project.build.directory}/generated-sources/shader-headers")
    File headerDirectory;

    /** Also write a link map per binary into mapDirectory. */
    @Parameter(property = "pica.generateMaps", defaultValue = "false")
    boolean generateMaps;

    @Parameter(property = "pica.mapDirectory", defaultValue = "${project.build.directory}/shader-maps")
    File mapDirectory;

    /**
     * Warning options as picasm takes them, with or without the -W: "extra" adds the stylistic
     * warnings, "no-uninitialized" turns one kind off, "error=output-twice" makes one an error,
     * "error" all of them (docs/diagnostics.md).
     */
    @Parameter
    List<String> warnings = new ArrayList<>();

    /** Print warnings; false is picasm's -w (as the compiler plugin's showWarnings). */
    @Parameter(property = "pica.showWarnings", defaultValue = "true")
    boolean showWarnings = true;

    /** Treat warnings as errors. */
    @Parameter(property = "pica.failOnWarning", defaultValue = "false")
    boolean failOnWarning;

    /** How many link units to build at once; 0 (the default) is the number of cores. Logs and diagnostics keep the units' order. */
    @Parameter(property = "pica.jobs", defaultValue = "0")
    int jobs;

    /**
     * Build for debugging, as picacc -g (and picasm -debug): each binary carries the line table to
     * its source lines (the GLSL lines for a GLSL source), and beside a binary built from GLSL,
     * NAME.shbin.vars says where each GLSL variable is, word by word (docs/glsl.md 11), so that
     * picadbg steps through the GLSL and shows its variables by name. No code word changes.
     * Picasso units are built as picasso builds them, without.
     */
    @Parameter(property = "pica.debug", defaultValue = "false")
    boolean debug;

    /** Skip the goal. */
    @Parameter(property = "pica.skip", defaultValue = "false")
    boolean skip;

    @Parameter(defaultValue = "${project.build.directory}/pica-maven-plugin", readonly = true)
    File stateDirectory;

    /** Where the resources plugin copies outputDirectory; stale binaries are removed there too. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true)
    File classesDirectory;

    /** This execution's build session: each source assembled once, for classification and building. */
    private BuildSession session;
    /** Sources a .shlist names that do not exist (already reported at the list). */
    private final java.util.Set<Path> missing = new java.util.HashSet<>();
    /** Each input's own diagnostics, printed before any link diagnostic. */
    private final Map<Path, Diagnostics> inputDiags = new TreeMap<>();
    private final Diagnostics linkDiags = new Diagnostics();
    /** Each picasso unit's diagnostics (one picasso run reports for all its sources). */
    private final List<Diagnostics> unitDiags = new ArrayList<>();

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Skipping shader build (pica.skip)");
            return;
        }
        Path out = outputDirectory.toPath();
        addResource(out);
        Path src = sourceDirectory.toPath();
        if (!Files.isDirectory(src) && linkUnits.isEmpty()) {
            getLog().info("No shader sources in " + src);
            return;
        }
        session = new BuildSession(options(), warningPolicy(), () -> new byte[0]);
        Path stateFile = stateDirectory.toPath().resolve("state.properties");
        BuildState old = BuildState.load(stateFile);
        BuildState now = new BuildState();
        UnitPlan plan = planUnits(src, old, now);
        int[] builtAndCurrent = buildUnits(plan, src, out, old, now);
        Diagnostics diags = collectedDiagnostics();
        report(diags);
        removeStale(old, now, out);
        saveState(now, stateFile);
        failOnErrors(diags);
        logSummary(builtAndCurrent[0], builtAndCurrent[1]);
    }

    /** Lists and classifies the sources, plans the binaries and warns of sources built into none. */
    private UnitPlan planUnits(Path src, BuildState old, BuildState now) throws MojoExecutionException, MojoFailureException {
        List<Path> all;
        try {
            all = sources(src);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot list shader sources in " + src + ": " + IoErrors.reason(e), e);
        }
        Map<Path, Boolean> isMain = new LinkedHashMap<>();
        Map<Path, List<Path>> shlists = new LinkedHashMap<>();
        for (Path p : all) {
            if (UnitPlan.isShaderList(p)) shlists.put(p, shaderList(p));
            // picasso sources are grouped by name, not by what they define
            else if (!UnitPlan.isPicasso(p)) isMain.put(p, classify(p, old, now));
        }
        UnitPlan plan = UnitPlan.make(src, all, isMain, shlists, explicitUnits(src), defaultUnits);
        if (!plan.errors.isEmpty()) throw new MojoFailureException(String.join("; ", plan.errors));
        warnUnused(plan, isMain);
        return plan;
    }

    private void warnUnused(UnitPlan plan, Map<Path, Boolean> isMain) {
        for (Path p : plan.unused) {
            if (UnitPlan.isPicasso(p)) {
                getLog().warn(p + ": built into no binary (" + plan.reasons.getOrDefault(p, "in no link unit, and defaultUnits is off") + ")");
                continue;
            }
            getLog().warn(p + ": built into no binary (" + (isMain.get(p) ? "a main source in no link unit, and defaultUnits is off"
                    : defaultUnits ? "a library, and no source of its directory defines main:" : "in no link unit, and defaultUnits is off") + ")");
        }
    }

    /** The hash of everything in the configuration that changes what a unit's build writes. */
    private String configurationHash() {
        return BuildState.hash(String.join("\n", includes.toString(), excludes.toString(), includePaths.toString(),
                defines.toString(), warnings.toString(), String.valueOf(showWarnings), String.valueOf(debug), String.valueOf(generateHeaders), headerDirectory.toString(), String.valueOf(generateMaps),
                mapDirectory.toString(), String.valueOf(failOnWarning), getClass().getPackage().getImplementationVersion() + ""));
    }

    /**
     * Builds the units that are not up to date, {@link #jobs} at once (the session is shared by
     * threads), then logs and records them in unit order, as one after another would: a unit's
     * line, what its build said, its diagnostics in the run's order. Returns {built, up to date}.
     */
    private int[] buildUnits(UnitPlan plan, Path src, Path out, BuildState old, BuildState now) throws MojoExecutionException {
        String config = configurationHash();
        List<UnitPlan.Unit> units = plan.units;
        List<java.util.concurrent.Callable<Object>> work = new ArrayList<>();
        java.util.concurrent.atomic.AtomicInteger firstFailure = new java.util.concurrent.atomic.AtomicInteger(Integer.MAX_VALUE);
        java.util.BitSet current = new java.util.BitSet();
        for (int k = 0; k < units.size(); k++) {
            UnitPlan.Unit u = units.get(k);
            String fp = BuildState.hash(config + "\n" + u.inputs());
            BuildState.Unit prev = old.units.get(u.output());
            current.set(k, prev != null && fp.equals(prev.fingerprint) && Files.isRegularFile(out.resolve(u.output()))
                    && prev.extras.stream().allMatch(x -> Files.isRegularFile(Path.of(x))) && BuildState.inputsUnchanged(prev));
            int index = k;
            if (!current.get(k)) work.add(() -> {
                // one after another, nothing after a failed unit would be built: a unit that starts
                // after an earlier one failed is not built, and the log loop stops before it
                if (index > firstFailure.get()) return SKIPPED;
                try {
                    Built b = new Built();
                    b.rec = u.picasso() ? buildPicasso(u, fp, out, b) : build(u, fp, out, b);
                    return b;
                } catch (MojoExecutionException | RuntimeException | Error e) {
                    firstFailure.accumulateAndGet(index, Math::min);
                    return e;
                }
            });
        }
        List<Object> results = inParallel(work);
        int built = 0, upToDate = 0, next = 0;
        for (int k = 0; k < units.size(); k++) {
            UnitPlan.Unit u = units.get(k);
            BuildState.Unit prev = old.units.get(u.output());
            getLog().info(u.output() + " <- " + u.inputs().stream().map(p -> shown(src, p)).collect(Collectors.joining(" + "))
                    + (u.explicit() ? " (link unit)" : "") + (current.get(k) ? " (up to date)" : ""));
            if (current.get(k)) {
                now.units.put(u.output(), prev);
                upToDate++;
                continue;
            }
            Object r = results.get(next++);
            if (r instanceof MojoExecutionException e) throw e;
            if (r instanceof RuntimeException e) throw e;
            if (r instanceof Error e) throw e;
            Built b = (Built) r;
            for (String line : b.log) getLog().info(line);
            b.inputDiags.forEach(inputDiags::putIfAbsent);
            linkDiags.addAll(b.linkDiags);
            if (b.unitDiags != null) unitDiags.add(b.unitDiags);
            if (b.rec != null) {
                now.units.put(u.output(), b.rec);
                built++;
            } else if (prev != null) {
                // failed: its earlier binary is left as make leaves a target, and rebuilt next time
                prev.fingerprint = "";
                now.units.put(u.output(), prev);
            }
        }
        return new int[] {built, upToDate};
    }

    /** What one unit's build said and left, merged in unit order by {@link #buildUnits}. */
    private static final class Built {
        BuildState.Unit rec;
        final List<String> log = new ArrayList<>();
        final Map<Path, Diagnostics> inputDiags = new LinkedHashMap<>();
        final Diagnostics linkDiags = new Diagnostics();
        Diagnostics unitDiags;
    }

    /** A unit not built because an earlier one failed (the log loop never reaches it). */
    private static final Object SKIPPED = new Object();

    /** Each task's result in task order: a {@link Built}, {@link #SKIPPED}, or what it threw. */
    private List<Object> inParallel(List<java.util.concurrent.Callable<Object>> work) throws MojoExecutionException {
        try {
            return Parallel.inOrder(jobs > 0 ? jobs : Runtime.getRuntime().availableProcessors(), work);
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("interrupted while building shaders", x);
        }
    }

    /** The inputs' diagnostics, then the picasso units', then the links'. */
    private Diagnostics collectedDiagnostics() {
        Diagnostics diags = new Diagnostics();
        for (Diagnostics d : inputDiags.values()) diags.addAll(d);
        // a source in two picasso units (its own and a .shlist) is reported once
        java.util.Set<Diagnostic> seen = new java.util.HashSet<>();
        for (Diagnostics d : unitDiags) for (Diagnostic x : d.list()) if (seen.add(x)) diags.add(x);
        diags.addAll(linkDiags);
        return diags;
    }

    private void saveState(BuildState now, Path stateFile) {
        try {
            now.save(stateFile);
        } catch (IOException e) {
            getLog().warn("cannot save the incremental build state: " + IoErrors.reason(e));
        }
    }

    /** Fails the build on errors (and on warnings under failOnWarning), naming the first ten places. */
    private void failOnErrors(Diagnostics diags) throws MojoFailureException {
        int errors = diags.errorCount() + (failOnWarning ? diags.warningCount() : 0);
        if (errors == 0) return;
        List<String> where = new ArrayList<>();
        for (Diagnostic d : diags.list()) {
            boolean counts = d.severity() == Diagnostic.Severity.ERROR || (failOnWarning && d.severity() == Diagnostic.Severity.WARNING);
            if (counts && d.pos() != null && where.size() < 10) where.add(d.pos().toString());
        }
        throw new MojoFailureException(errors + (errors == 1 ? " error" : " errors") + " in shader sources"
                + (failOnWarning && diags.warningCount() > 0 ? " (warnings count as errors: failOnWarning)" : "")
                + (where.isEmpty() ? "" : ": " + String.join(", ", where)));
    }

    private void logSummary(int built, int upToDate) {
        if (built == 0) getLog().info("Shaders are up to date (" + upToDate + " binar" + (upToDate == 1 ? "y" : "ies") + ")");
        else getLog().info("Built " + built + " shader binar" + (built == 1 ? "y" : "ies") + ", " + upToDate + " up to date");
    }

    private static String shown(Path src, Path p) {
        return p.startsWith(src) ? src.relativize(p).toString().replace(File.separatorChar, '/') : p.toString();
    }

    /**
     * Removes what earlier builds wrote and this one no longer plans (a unit that failed this time
     * is still planned: its binary stays): the binary in
     * outputDirectory, its copy in target/classes (only if it still has the bytes we wrote, so a
     * resource of the user's own is never touched), and its header and map.
     */
    private void removeStale(BuildState old, BuildState now, Path out) {
        for (Map.Entry<String, BuildState.Unit> e : old.units.entrySet()) {
            if (now.units.containsKey(e.getKey())) continue;
            BuildState.Unit u = e.getValue();
            try {
                Path bin = out.resolve(e.getKey());
                if (Files.deleteIfExists(bin)) getLog().info("Removed stale " + bin);
                if (classesDirectory != null && u.outputHash != null) {
                    Path copy = classesDirectory.toPath().resolve(e.getKey());
                    if (Files.isRegularFile(copy) && BuildState.hash(copy).equals(u.outputHash)) {
                        Files.delete(copy);
                        getLog().info("Removed stale " + copy);
                        Files.deleteIfExists(InputNames.beside(copy)); // the names file goes with the binary it names
                    }
                }
                for (String x : u.extras) Files.deleteIfExists(Path.of(x));
            } catch (IOException ex) {
                getLog().warn("cannot remove stale " + e.getKey() + ": " + IoErrors.reason(ex));
            }
        }
    }

    /** Deletes a file the plugin wrote beside a binary (a names file, a variable map) in its output directory, and its copy in target/classes. */
    private void deleteBeside(Path names) {
        try {
            Files.deleteIfExists(names);
            if (classesDirectory != null) Files.deleteIfExists(classesDirectory.toPath().resolve(outputDirectory.toPath().relativize(names)));
        } catch (IOException | IllegalArgumentException e) {
            getLog().warn("cannot remove " + names + ": " + (e instanceof IOException io ? IoErrors.reason(io) : e.getMessage()));
        }
    }

    private void addResource(Path out) {
        if (project == null) return;
        String dir = out.toString();
        for (Resource r : project.getResources()) if (dir.equals(r.getDirectory())) return;
        Resource r = new Resource();
        r.setDirectory(dir);
        project.addResource(r);
    }

    private List<Path> sources(Path src) throws IOException {
        if (!Files.isDirectory(src)) return List.of();
        List<PathMatcher> inc = includes.stream().map(g -> FileSystems.getDefault().getPathMatcher("glob:" + g)).toList();
        List<PathMatcher> exc = excludes.stream().map(g -> FileSystems.getDefault().getPathMatcher("glob:" + g)).toList();
        try (Stream<Path> s = Files.walk(src)) {
            return s.filter(Files::isRegularFile).filter(p -> {
                Path rel = src.relativize(p);
                // "**/*.vsh" should also match files directly in the source directory
                boolean in = inc.stream().anyMatch(m -> m.matches(rel) || m.matches(Path.of("x").resolve(rel)));
                boolean ex = exc.stream().anyMatch(m -> m.matches(rel) || m.matches(Path.of("x").resolve(rel)));
                return in && !ex;
            }).sorted().toList();
        }
    }

    /** Whether a source defines main:, from the state when its bytes are unchanged, else by assembling it. */
    private boolean classify(Path p, BuildState old, BuildState now) {
        String key = p.toAbsolutePath().toString();
        String hash = BuildState.hash(p);
        String cached = old.sourceKinds.get(key);
        boolean main = cached != null && cached.startsWith(hash + " ") ? cached.endsWith("main") : definesMain(p);
        now.sourceKinds.put(key, hash + " " + (main ? "main" : "lib"));
        return main;
    }

    /** Preprocessed and parsed, so #if and #include count; a source with errors is judged by its main: label. */
    private boolean definesMain(Path p) {
        BuildSession.Loaded l = session.load(p);
        inputDiags.putIfAbsent(p, l.diagnostics());
        return l.definesMain();
    }

    /** The sources a .shlist names (LinkUnits.readShaderList); a missing one keeps its unit from being built. */
    private List<Path> shaderList(Path list) {
        Diagnostics d = new Diagnostics();
        LinkUnits.ShaderList read = LinkUnits.readShaderList(list, d);
        missing.addAll(read.missing());
        inputDiags.put(list, d);
        return read.sources();
    }

    private List<UnitPlan.Unit> explicitUnits(Path src) {
        List<UnitPlan.Unit> units = new ArrayList<>();
        for (LinkUnit lu : linkUnits) {
            List<Path> inputs = new ArrayList<>();
            for (String s : lu.getSources()) {
                String l = s.toLowerCase(Locale.ROOT);
                boolean source = l.endsWith(".vsh") || l.endsWith(".gsh") || l.endsWith(".pica") || BuildSession.isGlslName(l);
                inputs.add(source ? src.resolve(s) : project.getBasedir().toPath().resolve(s));
            }
            units.add(new UnitPlan.Unit(lu.getOutput(), inputs, true));
        }
        return units;
    }

    private WarningPolicy warningPolicy() throws MojoExecutionException {
        try {
            return WarningPolicy.of(!showWarnings, warnings.stream().map(w -> w.startsWith("-W") ? w.substring(2) : w).toList());
        } catch (WarningPolicy.UnknownOption e) {
            throw new MojoExecutionException("<warnings>: " + e.getMessage());
        }
    }

    private Assembler.Options options() {
        return Assembler.Options.defaults().withIncludeDirs(includePaths.stream().map(File::toPath).toList()).withDefines(defines).withDebug(debug);
    }

    /** Assembles and links one unit; returns its state record, or null (its inputs' or link errors are reported). */
    private BuildState.Unit build(UnitPlan.Unit u, String fingerprint, Path out, Built said) throws MojoExecutionException {
        BuildState.Unit rec = new BuildState.Unit();
        rec.fingerprint = fingerprint;
        BuildSession.Linked linked = session.link(u.inputs(), debug);
        TreeSet<String> deps = new TreeSet<>();
        for (BuildSession.Loaded l : linked.inputs()) {
            said.inputDiags.putIfAbsent(l.path(), l.diagnostics());
            deps.add(l.path().toAbsolutePath().normalize().toString());
            for (Path f : l.files()) deps.add(f.toAbsolutePath().normalize().toString());
        }
        if (!linked.failed().isEmpty()) {
            // its link errors would only echo the inputs' own errors, reported above them
            List<String> names = linked.failed().stream().map(n -> Path.of(n).getFileName().toString()).toList();
            said.log.add(u.output() + " not linked: " + String.join(", ", names) + (names.size() == 1 ? " has" : " have") + " errors");
            return null;
        }
        said.linkDiags.addAll(linked.diagnostics());
        if (!linked.ok()) return null;
        Linker.Result result = linked.result();
        Path target = out.resolve(u.output());
        OutputSet outs = new OutputSet(System.out);
        for (String d : deps) outs.input(Path.of(d));
        byte[] bin = linked.binary();
        outs.add(target, bin);
        String base = u.output().replaceAll("\\.shbin$", "");
        List<Path> dirs = new ArrayList<>();
        dirs.add(target.toAbsolutePath().getParent());
        if (generateHeaders) {
            Path h = headerDirectory.toPath().resolve(base + ".h");
            outs.add(h, HeaderWriter.write(target.getFileName().toString(), result).getBytes(StandardCharsets.UTF_8));
            rec.extras.add(h.toString());
            dirs.add(h.toAbsolutePath().getParent());
        }
        if (generateMaps) {
            Path m = mapDirectory.toPath().resolve(base + ".map");
            outs.add(m, MapFileWriter.write(target.getFileName().toString(), result).getBytes(StandardCharsets.UTF_8));
            rec.extras.add(m.toString());
            dirs.add(m.toAbsolutePath().getParent());
        }
        // debug: where the GLSL variables are, beside the binary, as picacc -g writes it; a map an
        // earlier debug build left goes when this build writes none
        Path vars = dev.pica.compiler.VariableMap.fileBeside(target);
        dev.pica.compiler.VariableMap placed = debug ? session.variables(linked) : dev.pica.compiler.VariableMap.EMPTY;
        if (!placed.variables().isEmpty()) {
            outs.add(vars, placed.text(result.dvlb().program().code()).getBytes(StandardCharsets.UTF_8));
            rec.extras.add(vars.toString());
        } else if (Files.exists(vars)) {
            deleteBeside(vars);
        }
        commit(outs, dirs, u.output());
        rec.outputHash = BuildState.hash(bin);
        for (String d : deps) rec.inputs.put(d, BuildState.hash(Path.of(d)));
        return rec;
    }

    /**
     * Builds a unit of picasso sources as one picasso run (PicassoAssembler, the drop-in's model),
     * so the binary and header are what picasso writes for them. Returns its state record, or null.
     */
    private BuildState.Unit buildPicasso(UnitPlan.Unit u, String fingerprint, Path out, Built said) throws MojoExecutionException {
        if (u.inputs().isEmpty() || u.inputs().stream().anyMatch(missing::contains)) {
            said.log.add(u.output() + " not built: its source list has errors");
            return null;
        }
        BuildSession.PicassoBuilt built = session.picassoUnit(u.inputs());
        PicassoAssembler.Result r = built.result();
        said.unitDiags = built.diagnostics();
        if (r == null || !r.ok()) {
            // the sources the errors are in, not a clean partner of the pair (all when none is placed)
            java.util.Set<String> withErrors = new java.util.HashSet<>();
            for (Diagnostic x : built.diagnostics().list()) {
                if (x.severity() == Diagnostic.Severity.ERROR && x.pos() != null) withErrors.add(x.pos().fileName());
            }
            List<Path> blamed = u.inputs().stream().filter(p -> withErrors.contains(p.toString())).toList();
            if (blamed.isEmpty()) blamed = u.inputs();
            said.log.add(u.output() + " not built: " + blamed.stream().map(p -> p.getFileName().toString()).collect(Collectors.joining(", "))
                    + (blamed.size() == 1 ? " has" : " have") + " errors");
            return null;
        }
        BuildState.Unit rec = new BuildState.Unit();
        rec.fingerprint = fingerprint;
        Path target = out.resolve(u.output());
        OutputSet outs = new OutputSet(System.out);
        for (Path p : u.inputs()) outs.input(p);
        outs.add(target, r.binary());
        // picasso's .alias names of inputs, which the binary does not keep: beside it, where
        // Simulator.load(path) reads them, so that a test names inputs as the sources do
        Map<String, Integer> aliases = InputAliases.ofFiles(u.inputs());
        Path names = InputNames.beside(target);
        if (!aliases.isEmpty()) {
            outs.add(names, InputNames.write(aliases).getBytes(StandardCharsets.UTF_8));
            rec.extras.add(names.toString());
        }
        List<Path> dirs = new ArrayList<>(List.of(target.toAbsolutePath().getParent()));
        if (generateHeaders) {
            Path h = headerDirectory.toPath().resolve(u.output().replaceAll("\\.shbin$", "") + ".h");
            outs.add(h, r.header());
            rec.extras.add(h.toString());
            dirs.add(h.toAbsolutePath().getParent());
        }
        commit(outs, dirs, u.output());
        if (aliases.isEmpty()) deleteBeside(names); // the sources no longer name inputs: the binary's names file goes
        rec.outputHash = BuildState.hash(r.binary());
        for (Path p : u.inputs()) rec.inputs.put(p.toAbsolutePath().normalize().toString(), BuildState.hash(p));
        return rec;
    }

    /** Makes the output directories and writes a unit's files, all or none. */
    private static void commit(OutputSet outs, List<Path> dirs, String unit) throws MojoExecutionException {
        try {
            for (Path d : dirs) Files.createDirectories(d);
            outs.commit();
        } catch (IOException e) {
            throw new MojoExecutionException("cannot create an output directory for " + unit + ": " + IoErrors.reason(e), e);
        } catch (OutputSet.OutputException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    private void report(Diagnostics diags) {
        for (Diagnostic d : diags.list()) {
            String text = DiagnosticPrinter.text(d).stripTrailing();
            switch (d.severity()) {
                case ERROR -> getLog().error(text);
                case WARNING -> getLog().warn(text);
                default -> getLog().info(text);
            }
        }
    }
}
