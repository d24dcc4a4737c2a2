package dev.pica.asm;

import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.asm.pp.ColumnMap;
import dev.pica.asm.pp.PreprocessedSource;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.util.ArrayList;
import java.util.List;

/**
 * A picasso-dialect source on its way to a DVOJ object: picasso's model of the one file
 * (allocation, padding NOPs, checks) translated to SDK-dialect lines whose every character
 * points back at the picasso statement, so the shared pipeline's diagnostics, line table and
 * verifier findings name the .pica file.
 */
final class PicassoObject {
    private PicassoObject() {}

    static PreprocessedSource translate(SourceFile file, List<java.nio.file.Path> companions, Diagnostics diags) {
        PicassoBuild b = new PicassoBuild(PicassoBuild.Options.defaults(), diags);
        for (java.nio.file.Path c : companions) {
            // their own diagnostics are reported where they are assembled themselves
            try {
                b.addFileQuietly(new SourceFile(c.toString(), c, java.nio.file.Files.readAllBytes(c)));
            } catch (java.io.IOException e) {
                // reported when that file is read for itself
            }
        }
        b.addFile(file);
        List<PicassoBuild.SdkLine> lines = b.translateLastFile();
        if (lines == null) return null;
        List<PreprocessedSource.Line> out = new ArrayList<>();
        for (PicassoBuild.SdkLine l : lines) {
            SourcePos p = l.pos();
            int n = Math.max(1, l.text().length());
            out.add(new PreprocessedSource.Line(l.text(), file, null, Math.max(1, p.line()), ColumnMap.constant(n, Math.max(1, p.line()), Math.max(1, p.column()))));
        }
        return new PreprocessedSource(out, files(file), List.of(file.name()));
    }

    /** What callers that list the files read get when the translation failed. */
    static PreprocessedSource untranslated(SourceFile file) {
        return new PreprocessedSource(List.of(), files(file), List.of(file.name()));
    }

    private static List<java.nio.file.Path> files(SourceFile file) {
        return file.path() != null ? List.of(file.path().toAbsolutePath().normalize()) : List.of();
    }
}
