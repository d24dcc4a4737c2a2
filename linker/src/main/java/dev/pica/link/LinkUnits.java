package dev.pica.link;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which SDK-dialect sources a program is linked from by default: a source that defines
 * {@code main:} with the libraries among its companions (the SDK-dialect sources beside it that
 * do not define {@code main:}). The Maven plugin's default units and the language server's
 * link-level findings both ask this rule, so the editor verifies what the build links.
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
}
