package dev.pica.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which binaries a build produces from which inputs: the explicit link units, then (unless turned
 * off) one default unit per source that defines main: and belongs to no explicit unit, linked
 * with the library sources (no main:) of its directory. Pure: the mojo supplies the facts.
 */
final class UnitPlan {
    /** A binary to build: its output path (relative to outputDirectory) and its inputs in link order. */
    record Unit(String output, List<Path> inputs, boolean explicit) {}

    final List<Unit> units = new ArrayList<>();
    /** Problems that stop the build (two units writing one file). */
    final List<String> errors = new ArrayList<>();
    /** Sources that end up in no binary. */
    final List<Path> unused = new ArrayList<>();

    /**
     * @param sourceDir the shader source directory (default outputs are named relative to it)
     * @param sources   every included source, sorted
     * @param isMain    whether each source defines main: (a source that failed to assemble is
     *                  classified by whether its text has a main: label)
     * @param explicit  the configured link units, inputs resolved
     */
    static UnitPlan make(Path sourceDir, List<Path> sources, Map<Path, Boolean> isMain, List<Unit> explicit, boolean defaults) {
        UnitPlan plan = new UnitPlan();
        Map<String, Unit> byOutput = new LinkedHashMap<>();
        Set<Path> inExplicit = new HashSet<>();
        for (Unit u : explicit) {
            if (byOutput.putIfAbsent(u.output(), u) != null) plan.errors.add("two link units write " + u.output());
            for (Path p : u.inputs()) inExplicit.add(p.toAbsolutePath().normalize());
        }
        plan.units.addAll(explicit);
        Set<Path> used = new HashSet<>(inExplicit);
        if (defaults) {
            for (Path p : sources) {
                if (!isMain.getOrDefault(p, false) || inExplicit.contains(p.toAbsolutePath().normalize())) continue;
                List<Path> inputs = new ArrayList<>(List.of(p));
                for (Path q : sources) if (!isMain.getOrDefault(q, false) && q.getParent().equals(p.getParent())) inputs.add(q);
                String rel = sourceDir.relativize(p).toString().replace(java.io.File.separatorChar, '/');
                String output = rel.substring(0, rel.lastIndexOf('.')) + ".shbin";
                Unit u = new Unit(output, inputs, false);
                Unit clash = byOutput.putIfAbsent(output, u);
                if (clash != null) {
                    plan.errors.add("link unit " + output + " and the default binary of " + rel + " write the same file;"
                            + " name the unit's output differently, or list " + rel + " in it");
                    continue;
                }
                plan.units.add(u);
                for (Path q : inputs) used.add(q.toAbsolutePath().normalize());
            }
        }
        for (Path p : sources) if (!used.contains(p.toAbsolutePath().normalize())) plan.unused.add(p);
        return plan;
    }
}
