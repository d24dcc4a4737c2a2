package dev.pica.driver;

import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.LineInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names picasso's {@code .alias} gives input registers ({@code .alias inpos v0}): a binary
 * does not keep them (only {@code .in} names reach its uniform table), so they are read from
 * the sources where those are at hand: the sources of a build in memory, or those a
 * {@code -debug} binary's line table names. picasim and picadbg accept them as input names.
 */
public final class InputAliases {
    private InputAliases() {}

    private static final Pattern ALIAS = Pattern.compile("^\\s*\\.alias\\s+([A-Za-z_][A-Za-z0-9_]*)\\s+[vV]([0-9]{1,2})(?:\\.[xyzw]{1,4})?\\s*(?:;.*)?$");

    /** A source text's {@code .alias NAME vN} lines: name to input register, in order. */
    public static Map<String, Integer> of(String text) {
        Map<String, Integer> names = new LinkedHashMap<>();
        for (String line : text.split("\n", -1)) {
            Matcher m = ALIAS.matcher(line.stripTrailing());
            if (m.matches() && Integer.parseInt(m.group(2)) < 16) names.putIfAbsent(m.group(1), Integer.parseInt(m.group(2)));
        }
        return names;
    }

    /** The aliases of these source files (those that cannot be read are skipped). */
    public static Map<String, Integer> ofFiles(List<Path> sources) {
        Map<String, Integer> names = new LinkedHashMap<>();
        for (Path p : sources) {
            try {
                of(Files.readString(p, StandardCharsets.ISO_8859_1)).forEach(names::putIfAbsent);
            } catch (IOException e) {
                // a source that is not at hand names nothing
            }
        }
        return names;
    }

    /**
     * The aliases of the sources a binary's line table names (a {@code -debug} build), each
     * looked for as recorded, then in {@code dir} (the binary's folder); empty without a line table.
     */
    public static Map<String, Integer> ofLineTable(Dvlb binary, Path dir) {
        Set<Path> files = new LinkedHashSet<>();
        Set<String> seen = new LinkedHashSet<>();
        for (LineInfo li : binary.program().lines()) {
            if (li == null || li.file() == null || !seen.add(li.file())) continue;
            Path p = Path.of(li.file());
            if (Files.isRegularFile(p)) files.add(p);
            else if (dir != null && Files.isRegularFile(dir.resolve(li.file()))) files.add(dir.resolve(li.file()));
            else if (dir != null && Files.isRegularFile(dir.resolve(p.getFileName()))) files.add(dir.resolve(p.getFileName()));
        }
        return ofFiles(List.copyOf(files));
    }
}
