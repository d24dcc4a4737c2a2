package dev.pica.debug;

import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.Label;
import dev.pica.format.shbin.LineInfo;
import dev.pica.sim.Shader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The binary's line table read both ways: the source position of a word, and the words a source
 * line became (the first word of each run of words on that line, where a breakpoint stops), with
 * the file names it records resolved to paths an editor names. Labels give frames their names.
 */
final class LineTable {
    private final Shader shader;
    private final List<Path> bases;
    /** resolved file -> line -> the first word of each run on that line */
    private final Map<Path, TreeMap<Integer, List<Integer>>> words = new LinkedHashMap<>();
    private final Map<String, Path> resolved = new LinkedHashMap<>();

    LineTable(Shader shader, List<Path> bases) {
        this.shader = shader;
        this.bases = bases;
        LineInfo previous = null;
        int n = Math.min(shader.binary().program().lines().size(), shader.binary().program().codeSize());
        for (int pc = 0; pc < n; pc++) {
            LineInfo li = shader.line(pc);
            if (li != null && li.line() > 0 && !li.equals(previous)) {
                words.computeIfAbsent(path(li.file()), f -> new TreeMap<>()).computeIfAbsent(li.line(), l -> new ArrayList<>()).add(pc);
            }
            previous = li;
        }
    }

    boolean hasLines() {
        return !words.isEmpty();
    }

    /** The path a recorded file name stands for: as it is if it exists, else against each base folder. */
    Path path(String file) {
        return resolved.computeIfAbsent(file, f -> {
            Path p = Path.of(f);
            if (!p.isAbsolute()) {
                for (Path b : bases) if (Files.exists(b.resolve(f))) return b.resolve(f).toAbsolutePath().normalize();
            }
            return p.toAbsolutePath().normalize();
        });
    }

    /** The source position of a word, or null. */
    LineInfo position(int pc) {
        LineInfo li = shader.line(pc);
        return li == null || li.line() <= 0 ? null : li;
    }

    /** A line's words, the line moved to the next one with code when it has none: {line, words...}, or null. */
    Map.Entry<Integer, List<Integer>> wordsAt(Path source, int line) {
        TreeMap<Integer, List<Integer>> lines = linesOf(source);
        return lines == null ? null : lines.ceilingEntry(line);
    }

    private TreeMap<Integer, List<Integer>> linesOf(Path source) {
        Path want = source.toAbsolutePath().normalize();
        TreeMap<Integer, List<Integer>> lines = words.get(want);
        if (lines != null) return lines;
        for (Map.Entry<Path, TreeMap<Integer, List<Integer>>> e : words.entrySet()) {
            try {
                if (Files.exists(want) && Files.exists(e.getKey()) && Files.isSameFile(want, e.getKey())) return e.getValue();
            } catch (java.io.IOException x) {
                // unreadable: compared by name below
            }
        }
        // a binary built elsewhere: its recorded names may be relative to another folder
        for (Map.Entry<Path, TreeMap<Integer, List<Integer>>> e : words.entrySet()) {
            if (e.getKey().getFileName().equals(want.getFileName())) return e.getValue();
        }
        return null;
    }

    /** The entry's labels, by address. */
    List<Label> labels() {
        Dvle d = shader.dvle();
        List<Label> l = new ArrayList<>(d.labels());
        l.sort((a, b) -> Integer.compare(a.address(), b.address()));
        return l;
    }

    /**
     * The name of the routine a word lies in: the nearest label at or before it, else its address.
     * An SDK routine's end label ({@code endfoo} after {@code foo}) names no routine.
     */
    String routine(int pc) {
        List<Label> all = labels();
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Label l : all) names.add(l.name());
        String name = null;
        for (Label l : all) {
            boolean endMarker = l.name().startsWith("end") && names.contains(l.name().substring(3));
            if (l.address() <= pc && !endMarker) name = l.name();
        }
        return name != null ? name : String.format("word %d", pc);
    }
}
