package dev.pica.lsp.analysis;

import dev.pica.asm.Assembler;
import dev.pica.asm.picasso.PicassoAssembler;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.driver.LinkUnits;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.shbin.Dvoj;
import dev.pica.link.Linker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What the link adds for an SDK source that defines {@code main:} and calls or jumps to labels
 * it does not define: the source is linked with the libraries of its folder, as the Maven plugin's
 * default unit links it ({@link LinkUnits}), and the linker's findings (undefined labels,
 * hazards across objects seen by the verifier's authoritative run) come back with positions in
 * the files they concern. Findings the source's own assembly already reported are left out.
 */
final class LinkFindings {
    private LinkFindings() {}

    /**
     * @param text the open text of a file, or null to read it from disk
     * @return the link's findings, positioned in {@code main} or in the library sources
     */
    static List<Diagnostic> of(SourceFile main, Dvoj object, Diagnostics own, Assembler.Options options, Function<Path, String> text) {
        Path self = main.path();
        if (self == null || self.getParent() == null || !object.isMain() || object.imports().isEmpty()) return List.of();
        List<Path> beside = Companions.sdkSourcesBeside(self);
        Map<Path, Assembler.Result> assembled = new HashMap<>();
        Map<String, SourceFile> files = new HashMap<>();
        files.put(main.recordName(), main);
        for (Path p : beside) {
            if (p.equals(self)) continue;
            String t = text.apply(p);
            if (t == null) continue;
            String name = p.getFileName().toString();
            SourceFile f = new SourceFile(name, name, p, t.getBytes(StandardCharsets.UTF_8));
            assembled.put(p, Assembler.assemble(f, options.withDialect(Dialect.SDK)));
            files.put(name, f);
        }
        // a source that does not assemble is classified by its text, as the Maven plugin does
        List<Path> libs = LinkUnits.libraries(self, beside, p -> {
            Assembler.Result r = assembled.get(p);
            return r == null || (r.ok() ? r.object().isMain() : Companions.MAIN_LABEL.matcher(files.get(p.getFileName().toString()).text()).find());
        });
        // a library with errors stops the build's link too; its own errors show where it is opened
        for (Path p : libs) if (!assembled.get(p).ok()) return List.of();
        List<Linker.Input> inputs = new ArrayList<>();
        inputs.add(new Linker.Input(main.recordName(), object));
        for (Path p : libs) inputs.add(new Linker.Input(p.getFileName().toString(), assembled.get(p).object()));
        Diagnostics diags = new Diagnostics();
        Linker.link(inputs, false, diags);
        Set<String> said = new HashSet<>();
        for (Diagnostic d : own.list()) said.add(d.findingKey());
        // under the source's warning settings and diagnostic pragmas, as picalink reports them
        Diagnostics under = new Diagnostics();
        under.policy(own.policy());
        under.pragmasFrom(own);
        for (Diagnostic d : diags.list()) under.add(d);
        diags = under;
        Map<String, Diagnostic> out = new LinkedHashMap<>();
        for (Diagnostic d : diags.list()) {
            Diagnostic placed = placed(d, files);
            if (!said.contains(placed.findingKey())) out.putIfAbsent(placed.findingKey(), placed);
        }
        return List.copyOf(out.values());
    }

    /**
     * What the build adds for a picasso source built with others: the sources of each .shlist
     * that names it, or else the file devkitPro groups it with (foo.v.pica with foo.g.pica,
     * {@link LinkUnits#picassoUnit}), built as one picasso run, as the Maven plugin builds them
     * ({@link Companions#picassoUnits}), and that run's findings the source's own assembly did not
     * report (the drop-in reports hazards as warnings, so a finding is the same whatever its severity).
     */
    static List<Diagnostic> ofPicassoUnit(SourceFile self, Diagnostics own, Function<Path, String> text) {
        Path p = self.path();
        if (p == null) return List.of();
        Set<String> said = new HashSet<>();
        for (Diagnostic d : own.list()) said.add(d.placeAndMessage());
        Map<String, Diagnostic> out = new LinkedHashMap<>();
        for (List<Path> unit : Companions.picassoUnits(p)) {
            if (unit.size() < 2) continue;
            List<SourceFile> files = new ArrayList<>();
            for (Path q : unit) {
                if (q.equals(p.toAbsolutePath().normalize())) {
                    files.add(self);
                    continue;
                }
                String t = text.apply(q);
                if (t == null) {
                    files = null; // a member that cannot be read stops the build too
                    break;
                }
                String name = q.getFileName().toString();
                files.add(new SourceFile(name, name, q, t.getBytes(StandardCharsets.UTF_8)));
            }
            if (files == null) continue;
            Diagnostics diags = new Diagnostics();
            diags.policy(own.policy());
            PicassoAssembler.assemble(files, PicassoBuild.Options.defaults(), diags);
            for (Diagnostic d : diags.list()) if (!said.contains(d.placeAndMessage())) out.putIfAbsent(d.placeAndMessage(), d);
        }
        return List.copyOf(out.values());
    }

    /** The same finding located in the source file its object names (the linker knows names and lines only). */
    private static Diagnostic placed(Diagnostic d, Map<String, SourceFile> files) {
        List<SourcePos> path = new ArrayList<>();
        for (SourcePos s : d.path()) path.add(in(s, files));
        return new Diagnostic(d.severity(), d.pos() == null ? null : in(d.pos(), files), d.message(), d.option(), path, d.rule(), d.problem());
    }

    private static SourcePos in(SourcePos p, Map<String, SourceFile> files) {
        SourceFile f = p.file() == null ? files.get(p.fileName()) : p.file();
        return f == null ? p : SourcePos.of(f, p.line(), p.column(), p.includedFrom());
    }

}
