package dev.pica.lsp.analysis;

import dev.pica.driver.LinkUnits;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.isa.syntax.Dialect;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The other sources a source is built with, as the build groups them ({@link LinkUnits}): an SDK
 * source that defines {@code main:} is linked with the libraries of its folder, and a library
 * with every main source there (and so with the other libraries); a picasso source is built with
 * the sources of each {@code .shlist} that names it (a list in its folder or the one above), or
 * else with its devkitPro partner ({@code foo.v.pica} with {@code foo.g.pica}).
 */
public final class Companions {
    /** a main source by its text, as the Maven plugin classifies a source that does not assemble */
    static final Pattern MAIN_LABEL = Pattern.compile("(?m)^\\s*main\\s*:");

    private Companions() {}

    /**
     * @param text a file's text as the editor holds it, or as on disk; null if unreadable
     * @return the sources built with {@code self}, without it, in a stable order
     */
    public static List<Path> of(Path self, Function<Path, String> text) {
        if (self == null || self.getParent() == null) return List.of();
        Set<Path> out = new LinkedHashSet<>();
        if (Dialect.ofFileName(self.toString()) == Dialect.PICASSO) {
            for (List<Path> unit : picassoUnits(self)) out.addAll(unit);
        } else {
            List<Path> beside = sdkSourcesBeside(self);
            java.util.function.Predicate<Path> definesMain = p -> {
                String t = text.apply(p);
                return t != null && MAIN_LABEL.matcher(t).find();
            };
            if (definesMain.test(self)) out.addAll(LinkUnits.libraries(self, beside, definesMain));
            else if (beside.stream().anyMatch(p -> !p.equals(self) && definesMain.test(p))) out.addAll(beside);
        }
        out.remove(self);
        return List.copyOf(out);
    }

    /** The SDK-dialect sources of a source's folder, itself included, sorted. */
    static List<Path> sdkSourcesBeside(Path self) {
        List<Path> beside = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(self.getParent())) {
            for (Path p : ds) {
                String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                if ((n.endsWith(".vsh") || n.endsWith(".gsh")) && Files.isRegularFile(p)) beside.add(p.toAbsolutePath().normalize());
            }
        } catch (IOException e) {
            return List.of();
        }
        beside.sort(null);
        return beside;
    }

    /**
     * Each picasso run a source is part of, its sources in the build's order: the sources of every
     * {@code .shlist} in its folder or the one above that names it (those that exist; a list's
     * member belongs to the list's unit only), or else its devkitPro unit ({@link LinkUnits#picassoUnit}).
     */
    public static List<List<Path>> picassoUnits(Path self) {
        Path me = self.toAbsolutePath().normalize();
        List<List<Path>> units = new ArrayList<>();
        for (Path list : listsNear(me)) {
            List<Path> sources = LinkUnits.readShaderList(list, new Diagnostics()).sources();
            if (!sources.contains(me)) continue;
            List<Path> present = new ArrayList<>();
            for (Path p : sources) if (Files.isRegularFile(p) && !present.contains(p)) present.add(p);
            units.add(present);
        }
        if (units.isEmpty()) units.add(LinkUnits.picassoUnit(me, Files::isRegularFile));
        return units;
    }

    private static List<Path> listsNear(Path self) {
        List<Path> lists = new ArrayList<>();
        Path dir = self.getParent();
        for (int up = 0; up < 2 && dir != null; up++, dir = dir.getParent()) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.shlist")) {
                for (Path p : ds) if (Files.isRegularFile(p)) lists.add(p);
            } catch (IOException e) {
                // an unreadable folder has no lists we can read
            }
        }
        lists.sort(null);
        return lists;
    }
}
