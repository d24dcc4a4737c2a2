package dev.pica.maven;

import dev.pica.driver.LinkUnits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which binaries a build produces from which inputs: the explicit link units, then (unless turned
 * off) the default units. SDK-dialect sources: one unit per source that defines main: and belongs
 * to no explicit unit, linked with the library sources (no main:) of its directory. picasso
 * sources, as devkitPro's 3ds_rules name and group them ({@link LinkUnits#picassoUnits}):
 * {@code foo.v.pica} (with {@code foo.g.pica} beside it, if any) makes {@code foo.shbin}, and
 * {@code foo.shlist} makes {@code foo.shbin} from the sources it lists, which make no binary of
 * their own; each is its own program, built as one picasso run. GLSL: each source is a main;
 * {@code foo.vert} with {@code foo.geom} beside it makes one {@code foo.shbin} of both
 * ({@link LinkUnits#glslPartner}).
 * Pure: the mojo supplies the facts.
 */
final class UnitPlan {
    /**
     * A binary to build: its output path (relative to outputDirectory), its inputs in order, and
     * whether they are all picasso sources (then built as picasso builds them).
     */
    record Unit(String output, List<Path> inputs, boolean explicit) {
        boolean picasso() {
            return inputs.stream().allMatch(UnitPlan::isPicasso);
        }
    }

    final List<Unit> units = new ArrayList<>();
    /** Problems that stop the build (two units writing one file). */
    final List<String> errors = new ArrayList<>();
    /** Sources that end up in no binary. */
    final List<Path> unused = new ArrayList<>();
    /** Why a picasso source is in no default unit (LinkUnits' reason), for those of {@link #unused} it knows. */
    final Map<Path, String> reasons = new HashMap<>();

    static boolean isPicasso(Path p) {
        return p.getFileName().toString().endsWith(".pica");
    }

    static boolean isShaderList(Path p) {
        return LinkUnits.isShaderList(p);
    }

    /**
     * @param sourceDir the shader source directory (default outputs are named relative to it)
     * @param sources   every included source and .shlist, sorted
     * @param isMain    whether each SDK-dialect source defines main: (a source that failed to
     *                  assemble is classified by whether its text has a main: label)
     * @param shlists   the sources each .shlist names, resolved against its directory
     * @param explicit  the configured link units, inputs resolved
     */
    static UnitPlan make(Path sourceDir, List<Path> sources, Map<Path, Boolean> isMain, Map<Path, List<Path>> shlists,
                         List<Unit> explicit, boolean defaults) {
        UnitPlan plan = new UnitPlan();
        Map<String, Unit> byOutput = new LinkedHashMap<>();
        Set<Path> inExplicit = new HashSet<>();
        for (Unit u : explicit) {
            if (byOutput.putIfAbsent(u.output(), u) != null) plan.errors.add("two link units write " + u.output());
            for (Path p : u.inputs()) inExplicit.add(norm(p));
        }
        plan.units.addAll(explicit);
        Set<Path> used = new HashSet<>(inExplicit);
        if (defaults) {
            // picasso sources and lists as devkitPro's rules group them (LinkUnits.picassoUnits):
            // a list's members belong to its unit only
            Set<Path> all = new HashSet<>();
            List<Path> picassoInputs = new ArrayList<>();
            for (Path p : sources) {
                all.add(norm(p));
                if ((isShaderList(p) || isPicasso(p)) && !inExplicit.contains(norm(p))) picassoInputs.add(p);
            }
            LinkUnits.PicassoPlan picasso = LinkUnits.picassoUnits(picassoInputs, shlists, q -> all.contains(norm(q)));
            Map<Path, List<Path>> picassoUnits = new HashMap<>();
            for (LinkUnits.PicassoUnit u : picasso.units()) picassoUnits.put(norm(u.namedBy()), u.sources());
            for (LinkUnits.Skipped k : picasso.skipped()) {
                if (k.elsewhere()) used.add(norm(k.input()));
                else plan.reasons.put(k.input(), k.reason());
            }
            for (Path p : sources) {
                String name = p.getFileName().toString();
                List<Path> inputs;
                String stem;
                if (picassoUnits.containsKey(norm(p))) {
                    inputs = picassoUnits.get(norm(p));
                    stem = LinkUnits.picassoBinaryName(p).replaceAll("\\.shbin$", "");
                } else if (inExplicit.contains(norm(p)) || isPicasso(p) || isShaderList(p) || !isMain.getOrDefault(p, false)) {
                    continue;
                } else {
                    // foo.vert with foo.geom beside it: one binary of both (LinkUnits.glslPartner)
                    Path partner = LinkUnits.glslPartner(p, q -> all.contains(norm(q)) && !inExplicit.contains(norm(q)));
                    if (partner != null && name.endsWith(".geom")) continue;
                    stem = name.substring(0, name.lastIndexOf('.'));
                    inputs = new ArrayList<>(List.of(p));
                    if (partner != null) inputs.add(partner);
                    List<Path> beside = new ArrayList<>();
                    for (Path q : sources) if (q.getParent().equals(p.getParent())) beside.add(q);
                    inputs.addAll(LinkUnits.libraries(p, beside, q -> isMain.getOrDefault(q, false)));
                }
                String rel = sourceDir.relativize(p).toString().replace(java.io.File.separatorChar, '/');
                String dir = rel.contains("/") ? rel.substring(0, rel.lastIndexOf('/') + 1) : "";
                String output = dir + stem + ".shbin";
                Unit u = new Unit(output, inputs, false);
                Unit clash = byOutput.putIfAbsent(output, u);
                if (clash != null) {
                    plan.errors.add((clash.explicit() ? "link unit " + output : "the default binary " + output + " of " + shown(sourceDir, clash))
                            + " and the default binary of " + rel + " write the same file;"
                            + (clash.explicit() ? " name the unit's output differently, or list " + rel + " in it" : " rename one of them"));
                    continue;
                }
                plan.units.add(u);
                used.add(norm(p));
                for (Path q : inputs) used.add(norm(q));
            }
        }
        for (Path p : sources) if (!used.contains(norm(p))) plan.unused.add(p);
        return plan;
    }

    private static Path norm(Path p) {
        return p.toAbsolutePath().normalize();
    }

    private static String shown(Path sourceDir, Unit u) {
        return sourceDir.relativize(u.inputs().isEmpty() ? sourceDir : u.inputs().get(0)).toString().replace(java.io.File.separatorChar, '/');
    }
}
