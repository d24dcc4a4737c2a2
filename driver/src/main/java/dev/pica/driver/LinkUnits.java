package dev.pica.driver;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which sources a program is built from by default. SDK dialect: a source that defines
 * {@code main:} with the libraries among its companions (the SDK-dialect sources beside it that
 * do not define {@code main:}). picasso dialect, as devkitPro's 3ds_rules group them:
 * {@code foo.v.pica} with {@code foo.g.pica} beside it, one picasso run. The Maven plugin's default
 * units and the language server's link-level findings both ask these rules, so the editor
 * verifies what the build links.
 */
public final class LinkUnits {
    private LinkUnits() {}

    /** Whether a path names a picasso-dialect source (picasso sources are grouped by devkitPro's rules instead). */
    public static boolean isPicasso(Path p) {
        return p.getFileName().toString().endsWith(".pica");
    }

    /**
     * The libraries of {@code main}, in the order of {@code companions}: the SDK-dialect sources
     * other than main itself that do not define {@code main:}.
     */
    public static List<Path> libraries(Path main, List<Path> companions, Predicate<Path> definesMain) {
        List<Path> out = new ArrayList<>();
        for (Path q : companions) {
            if (q.equals(main) || isPicasso(q) || q.getFileName().toString().endsWith(".shlist") || definesMain.test(q)) continue;
            out.add(q);
        }
        return out;
    }

    /**
     * A GLSL geometry shader's vertex shader by devkitPro's pairing ({@code %.shbin: %.v.pica
     * %.g.pica}, here {@code foo.vert} with {@code foo.geom} beside it: one binary, DVLE 0 the
     * vertex shader and DVLE 1 the geometry shader, as picacc links them): for {@code foo.geom},
     * {@code foo.vert} when it exists; for {@code foo.vert}, {@code foo.geom} when it exists; else
     * null. A lone {@code foo.geom} makes a binary of its own (libctru uploads a geometry shader's
     * code from its own DVLP, {@code shaderProgramUploadDvle}, so the two may come from two files).
     */
    public static Path glslPartner(Path source, Predicate<Path> exists) {
        String name = source.getFileName().toString();
        String other = name.endsWith(".vert") ? ".geom" : name.endsWith(".geom") ? ".vert" : null;
        if (other == null) return null;
        Path q = source.resolveSibling(name.substring(0, name.length() - 5) + other);
        return exists.test(q) ? q : null;
    }

    /** What a .shlist names: every source in order, and those of them that do not exist. */
    public record ShaderList(List<Path> sources, List<Path> missing) {}

    /**
     * The sources a .shlist names, as devkitPro's rule reads one ({@code $(shell cat LIST)}):
     * whitespace-separated paths relative to the list's folder, in order. A path that does not
     * exist is an error at its line and column and stays in the list (its unit is not built); an
     * empty or unreadable list is an error too. The plugin and {@code picalink --each} read lists here.
     */
    public static ShaderList readShaderList(Path list, Diagnostics d) {
        List<Path> sources = new ArrayList<>(), missing = new ArrayList<>();
        String text;
        try {
            text = Files.readString(list, StandardCharsets.UTF_8);
        } catch (IOException e) {
            d.error(Problem.IO_ERROR, SourcePos.named(list.toString(), 0), "cannot read: " + IoErrors.reason(e));
            return new ShaderList(sources, missing);
        }
        Path dir = list.getParent() != null ? list.getParent() : Path.of("");
        String[] lines = text.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            Matcher m = WORD.matcher(lines[n]);
            while (m.find()) {
                Path p = dir.resolve(m.group()).normalize();
                sources.add(p);
                if (!Files.isRegularFile(p)) {
                    d.error(Problem.SOURCE_LIST, SourcePos.named(list.toString(), n + 1).withColumn(m.start() + 1), "'" + m.group() + "' does not exist (paths in a .shlist are relative to its folder)");
                    missing.add(p);
                }
            }
        }
        if (sources.isEmpty()) d.error(Problem.SOURCE_LIST, SourcePos.named(list.toString(), 0), "the list names no sources");
        return new ShaderList(sources, missing);
    }

    private static final Pattern WORD = Pattern.compile("\\S+");

    /** The binary devkitPro names for a picasso unit's first source or list: foo.v.pica, foo.g.pica, foo.shlist -> foo.shbin. */
    public static String picassoBinaryName(Path first) {
        String name = first.getFileName().toString();
        for (String ext : new String[] {".v.pica", ".g.pica", ".shlist", ".pica"}) {
            if (name.endsWith(ext)) return name.substring(0, name.length() - ext.length()) + ".shbin";
        }
        return name + ".shbin";
    }

    /** A binary devkitPro's rules build: the file it is named after (foo.v.pica or foo.shlist) and its sources in order. */
    public record PicassoUnit(Path namedBy, List<Path> sources) {
        /** foo.shbin */
        public String binaryName() {
            return picassoBinaryName(namedBy);
        }
    }

    /**
     * An input that makes no binary of its own, and why; {@code elsewhere} when it is built as part of
     * another unit (a member of a list), false when it ends up in no binary at all.
     */
    public record Skipped(Path input, String reason, boolean elsewhere) {}

    /** The picasso units of a set of inputs, in the order of their first input, and the inputs that make none. */
    public record PicassoPlan(List<PicassoUnit> units, List<Skipped> skipped) {}

    /**
     * The units devkitPro's 3ds_rules build from picasso inputs (devkitarm-rules, 3ds_rules:
     * {@code %.shbin: %.v.pica %.g.pica}, then {@code %.shbin: %.v.pica}, then
     * {@code %.shbin: %.shlist} with the list's words relative to its folder; the 3ds template's
     * Makefile feeds them every {@code *.v.pica} and {@code *.shlist} of its shader folders):
     * <ul>
     * <li>{@code foo.v.pica} makes foo.shbin, with {@code foo.g.pica} after it when that file exists
     *     beside it (make's first rule applies whenever its prerequisites exist, given or not);</li>
     * <li>{@code foo.g.pica} given with its {@code foo.v.pica} beside it asks for that pair; alone it
     *     makes nothing (devkitPro has no rule for a geometry shader without its vertex shader);</li>
     * <li>{@code foo.shlist} makes foo.shbin from the sources it lists ({@code lists});</li>
     * <li>a source a given list names belongs to that list's unit only (the shared-procedure files
     *     of a list make no program of their own);</li>
     * <li>a plain {@code foo.pica} outside every list makes nothing (no rule of devkitPro's builds one).</li>
     * </ul>
     * A unit asked for twice is built once. {@code lists} holds each given list's sources (as
     * {@link #readShaderList} reads them, missing ones included); {@code exists} says whether a
     * file is there beside an input.
     */
    public static PicassoPlan picassoUnits(List<Path> inputs, java.util.Map<Path, List<Path>> lists, Predicate<Path> exists) {
        java.util.Map<Path, Path> listOf = new java.util.HashMap<>();
        for (Path list : inputs) {
            if (!isShaderList(list)) continue;
            for (Path member : lists.getOrDefault(list, List.of())) listOf.putIfAbsent(key(member), list);
        }
        List<PicassoUnit> units = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        java.util.Set<Path> planned = new java.util.HashSet<>();
        for (Path p : inputs) {
            String name = p.getFileName().toString();
            Path list = listOf.isEmpty() ? null : listOf.get(key(p));
            if (isShaderList(p)) {
                if (planned.add(key(p))) units.add(new PicassoUnit(p, lists.getOrDefault(p, List.of())));
            } else if (!isPicasso(p)) {
                continue;
            } else if (list != null) {
                skipped.add(new Skipped(p, "built as part of " + list + ", which lists it", true));
            } else if (name.endsWith(".v.pica") || name.endsWith(".g.pica")) {
                String stem = name.substring(0, name.length() - ".v.pica".length());
                Path v = p.resolveSibling(stem + ".v.pica");
                if (name.endsWith(".g.pica") && !exists.test(v)) {
                    skipped.add(new Skipped(p, "a geometry shader is built with the vertex shader " + stem + ".v.pica beside it"
                            + " (devkitPro's rule %.shbin: %.v.pica %.g.pica), and there is none", false));
                    continue;
                }
                List<Path> unit = picassoUnit(v, q -> q.equals(p) || exists.test(q));
                if (planned.add(key(v))) units.add(new PicassoUnit(v, unit));
            } else {
                skipped.add(new Skipped(p, "devkitPro's rules build foo.v.pica (with foo.g.pica beside it) and foo.shlist, not a plain .pica:"
                        + " name it " + name.substring(0, name.length() - ".pica".length()) + ".v.pica or list it in a .shlist", false));
            }
        }
        return new PicassoPlan(units, skipped);
    }

    /** Whether a path names a picasso source list. */
    public static boolean isShaderList(Path p) {
        return p.getFileName().toString().endsWith(".shlist");
    }

    private static Path key(Path p) {
        return p.toAbsolutePath().normalize();
    }

    /**
     * The picasso unit a source belongs to: for {@code foo.v.pica} or {@code foo.g.pica}, foo.v.pica
     * followed by foo.g.pica when both exist, in that order; otherwise just the source itself.
     */
    public static List<Path> picassoUnit(Path source, Predicate<Path> exists) {
        String name = source.getFileName().toString();
        String stem = name.endsWith(".v.pica") ? name.substring(0, name.length() - 7) : name.endsWith(".g.pica") ? name.substring(0, name.length() - 7) : null;
        if (stem == null) return List.of(source);
        Path v = source.resolveSibling(stem + ".v.pica"), g = source.resolveSibling(stem + ".g.pica");
        boolean hasV = v.equals(source) || exists.test(v), hasG = g.equals(source) || exists.test(g);
        return hasV && hasG ? List.of(v, g) : List.of(source);
    }
}
