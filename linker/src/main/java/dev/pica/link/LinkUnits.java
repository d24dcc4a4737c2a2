package dev.pica.link;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

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

    /** A source a .shlist names: its path (resolved against the list's folder) and where the list names it. */
    public record ListedSource(Path path, String word, int line, int column) {}

    /**
     * The sources a .shlist names, as devkitPro's rule reads one ({@code $(shell cat LIST)}):
     * whitespace-separated paths relative to the list's folder, in order.
     */
    public static List<ListedSource> shaderList(Path list, String text) {
        List<ListedSource> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        Path dir = list.toAbsolutePath().getParent();
        for (int n = 0; n < lines.length; n++) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\S+").matcher(lines[n]);
            while (m.find()) out.add(new ListedSource(dir.resolve(m.group()).normalize(), m.group(), n + 1, m.start() + 1));
        }
        return out;
    }

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
