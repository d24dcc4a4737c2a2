package dev.pica.build;

import dev.pica.format.IoErrors;
import dev.pica.format.diag.Diagnostics;
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
            d.error(SourcePos.named(list.toString(), 0), "cannot read: " + IoErrors.reason(e));
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
                    d.error(SourcePos.named(list.toString(), n + 1).withColumn(m.start() + 1), "'" + m.group() + "' does not exist (paths in a .shlist are relative to its folder)");
                    missing.add(p);
                }
            }
        }
        if (sources.isEmpty()) d.error(SourcePos.named(list.toString(), 0), "the list names no sources");
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
