package dev.pica.maven;

import dev.pica.asm.Assembler;
import dev.pica.asm.diag.Diagnostic;
import dev.pica.asm.diag.DiagnosticPrinter;
import dev.pica.asm.diag.Diagnostics;
import dev.pica.asm.diag.SourceFile;
import dev.pica.asm.pp.Preprocessor;
import dev.pica.format.DvojReader;
import dev.pica.format.FormatException;
import dev.pica.format.IoErrors;
import dev.pica.format.OutputSet;
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
import java.util.TreeSet;
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

    /** Glob patterns (relative to sourceDirectory) of the sources to consider. */
    @Parameter
    List<String> includes = new ArrayList<>(List.of("**/*.vsh", "**/*.gsh"));

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
     * Explicit link units. Without them every source that defines main: becomes its own .shbin,
     * linked with the library sources (no main:) of the same directory.
     */
    @Parameter
    List<LinkUnit> linkUnits = new ArrayList<>();

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

    /** Treat warnings as errors. */
    @Parameter(property = "pica.failOnWarning", defaultValue = "false")
    boolean failOnWarning;

    /** Skip the goal. */
    @Parameter(property = "pica.skip", defaultValue = "false")
    boolean skip;

    @Parameter(defaultValue = "${project.build.directory}/pica-maven-plugin", readonly = true)
    File stateDirectory;

    /** A unit to build: its output and its inputs (sources or objects) in link order. */
    private record Unit(String output, List<Path> inputs) {}

    /** Sources assembled while classifying them (main or library), reused when their unit is built. */
    private final Map<Path, Assembler.Result> assembled = new java.util.HashMap<>();

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
        Path stateFile = stateDirectory.toPath().resolve("state.properties");
        BuildState old = BuildState.load(stateFile);
        BuildState now = new BuildState();
        Diagnostics diags = new Diagnostics();

        List<Unit> units;
        try {
            units = linkUnits.isEmpty() ? defaultUnits(src, old, now, diags) : explicitUnits(src);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot list shader sources in " + src + ": " + e.getMessage(), e);
        }
        String config = BuildState.hash(String.join("\n", includes.toString(), excludes.toString(), includePaths.toString(),
                defines.toString(), String.valueOf(generateHeaders), headerDirectory.toString(), String.valueOf(generateMaps),
                mapDirectory.toString(), String.valueOf(failOnWarning), getClass().getPackage().getImplementationVersion() + ""));
        int built = 0, upToDate = 0;
        for (Unit u : units) {
            if (diags.saturated()) break;
            String fp = BuildState.hash(config + "\n" + u.inputs());
            BuildState.Unit prev = old.units.get(u.output());
            if (prev != null && fp.equals(prev.fingerprint) && Files.isRegularFile(out.resolve(u.output()))
                    && prev.extras.stream().allMatch(x -> Files.isRegularFile(Path.of(x))) && BuildState.inputsUnchanged(prev)) {
                now.units.put(u.output(), prev);
                upToDate++;
                continue;
            }
            BuildState.Unit rec = build(u, fp, out, diags);
            if (rec != null) {
                now.units.put(u.output(), rec);
                built++;
            }
        }
        report(diags);
        // Outputs of units that no longer exist (deleted sources, changed configuration).
        for (Map.Entry<String, BuildState.Unit> e : old.units.entrySet()) {
            if (now.units.containsKey(e.getKey()) || units.stream().anyMatch(u -> u.output().equals(e.getKey()))) continue;
            try {
                if (Files.deleteIfExists(out.resolve(e.getKey()))) getLog().info("Removed stale " + out.resolve(e.getKey()));
                for (String x : e.getValue().extras) Files.deleteIfExists(Path.of(x));
            } catch (IOException ex) {
                getLog().warn("cannot remove stale " + e.getKey() + ": " + ex.getMessage());
            }
        }
        try {
            now.save(stateFile);
        } catch (IOException e) {
            getLog().warn("cannot save the incremental build state: " + e.getMessage());
        }
        int errors = diags.errorCount() + (failOnWarning ? diags.warningCount() : 0);
        if (errors > 0) {
            List<String> where = new ArrayList<>();
            for (Diagnostic d : diags.list()) {
                boolean counts = d.severity() == Diagnostic.Severity.ERROR || (failOnWarning && d.severity() == Diagnostic.Severity.WARNING);
                if (counts && d.pos() != null && where.size() < 10) where.add(d.pos().toString());
            }
            throw new MojoFailureException(errors + (errors == 1 ? " error" : " errors") + " in shader sources"
                    + (failOnWarning && diags.warningCount() > 0 ? " (warnings count as errors: failOnWarning)" : "")
                    + (where.isEmpty() ? "" : ": " + String.join(", ", where)));
        }
        if (built == 0) getLog().info("Shaders are up to date (" + upToDate + " binar" + (upToDate == 1 ? "y" : "ies") + ")");
        else getLog().info("Built " + built + " shader binar" + (built == 1 ? "y" : "ies") + ", " + upToDate + " up to date");
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

    /** One unit per main source, linked with the library sources of its directory. */
    private List<Unit> defaultUnits(Path src, BuildState old, BuildState now, Diagnostics diags) throws IOException {
        List<Path> all = sources(src);
        Map<Path, Boolean> isMain = new LinkedHashMap<>();
        for (Path p : all) {
            String key = p.toAbsolutePath().toString();
            String hash = BuildState.hash(p);
            String cached = old.sourceKinds.get(key);
            boolean main;
            if (cached != null && cached.startsWith(hash + " ")) {
                main = cached.endsWith("main");
            } else {
                main = definesMain(p, diags);
            }
            now.sourceKinds.put(key, hash + " " + (main ? "main" : "lib"));
            isMain.put(p, main);
        }
        List<Unit> units = new ArrayList<>();
        for (Path p : all) {
            if (!isMain.get(p)) continue;
            List<Path> inputs = new ArrayList<>(List.of(p));
            for (Path q : all) if (!isMain.get(q) && q.getParent().equals(p.getParent())) inputs.add(q);
            String rel = src.relativize(p).toString().replace(File.separatorChar, '/');
            units.add(new Unit(rel.substring(0, rel.lastIndexOf('.')) + ".shbin", inputs));
        }
        return units;
    }

    /** Whether a source defines main: (preprocessed and parsed, so #if and #include count). */
    private boolean definesMain(Path p, Diagnostics diags) {
        Diagnostics own = new Diagnostics();
        SourceFile f = Preprocessor.load(p, p.toString(), own);
        if (f == null) return false;
        Assembler.Result r = Assembler.assemble(f, options(), own);
        assembled.put(p, r);
        if (r.ok()) return r.object().isMain();
        // a broken source: treat it as a main source so that its errors are reported when it is built
        return true;
    }

    private List<Unit> explicitUnits(Path src) {
        List<Unit> units = new ArrayList<>();
        for (LinkUnit lu : linkUnits) {
            List<Path> inputs = new ArrayList<>();
            for (String s : lu.getSources()) {
                String l = s.toLowerCase(Locale.ROOT);
                inputs.add(l.endsWith(".vsh") || l.endsWith(".gsh") ? src.resolve(s) : project.getBasedir().toPath().resolve(s));
            }
            units.add(new Unit(lu.getOutput(), inputs));
        }
        return units;
    }

    private Assembler.Options options() {
        return new Assembler.Options(includePaths.stream().map(File::toPath).toList(), defines, false);
    }

    /** Assembles and links one unit; returns its state record, or null after reporting errors. */
    private BuildState.Unit build(Unit u, String fingerprint, Path out, Diagnostics diags) throws MojoExecutionException {
        getLog().info("Building " + u.output() + " from " + u.inputs().stream().map(p -> p.getFileName().toString()).toList());
        BuildState.Unit rec = new BuildState.Unit();
        rec.fingerprint = fingerprint;
        TreeSet<String> deps = new TreeSet<>();
        List<Linker.Input> objects = new ArrayList<>();
        int errorsBefore = diags.errorCount();
        for (Path p : u.inputs()) {
            deps.add(p.toAbsolutePath().normalize().toString());
            String l = p.toString().toLowerCase(Locale.ROOT);
            if (l.endsWith(".vsh") || l.endsWith(".gsh")) {
                Assembler.Result r = assembled.get(p);
                if (r != null) {
                    diags.addAll(r.diagnostics());
                } else {
                    SourceFile f = Preprocessor.load(p, p.toString(), diags);
                    if (f == null) continue;
                    r = Assembler.assemble(f, options(), diags);
                }
                for (Path dep : r.preprocessed().files()) deps.add(dep.toString());
                if (r.ok()) objects.add(new Linker.Input(p.toString(), r.object()));
            } else {
                try {
                    objects.add(new Linker.Input(p.toString(), DvojReader.read(Files.readAllBytes(p))));
                } catch (IOException e) {
                    diags.error(null, "cannot read '" + p + "': " + IoErrors.reason(e));
                } catch (FormatException e) {
                    diags.error(null, "invalid object file '" + p + "': " + e.getMessage());
                }
            }
        }
        if (diags.errorCount() > errorsBefore) return null;
        Linker.Result linked = Linker.link(objects, false, diags);
        if (linked == null) return null;
        Path target = out.resolve(u.output());
        OutputSet outs = new OutputSet(System.out);
        for (String d : deps) outs.input(Path.of(d));
        outs.add(target, linked.bytes());
        String base = u.output().replaceAll("\\.shbin$", "");
        List<Path> dirs = new ArrayList<>();
        dirs.add(target.toAbsolutePath().getParent());
        if (generateHeaders) {
            Path h = headerDirectory.toPath().resolve(base + ".h");
            outs.add(h, HeaderWriter.write(target.getFileName().toString(), linked).getBytes(StandardCharsets.UTF_8));
            rec.extras.add(h.toString());
            dirs.add(h.toAbsolutePath().getParent());
        }
        if (generateMaps) {
            Path m = mapDirectory.toPath().resolve(base + ".map");
            outs.add(m, MapFileWriter.write(target.getFileName().toString(), linked).getBytes(StandardCharsets.UTF_8));
            rec.extras.add(m.toString());
            dirs.add(m.toAbsolutePath().getParent());
        }
        try {
            for (Path d : dirs) Files.createDirectories(d);
            outs.commit();
        } catch (IOException e) {
            throw new MojoExecutionException("cannot create an output directory for " + u.output() + ": " + IoErrors.reason(e), e);
        } catch (OutputSet.OutputException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        for (String d : deps) rec.inputs.put(d, BuildState.hash(Path.of(d)));
        return rec;
    }

    private void report(Diagnostics diags) {
        for (Diagnostic d : diags.list()) {
            String text = DiagnosticPrinter.format(d).stripTrailing();
            switch (d.severity()) {
                case ERROR -> getLog().error(text);
                case WARNING -> getLog().warn(text);
                default -> getLog().info(text);
            }
        }
    }
}
