package dev.pica.asm;

import dev.pica.asm.ir.LoweredFile;
import dev.pica.asm.ir.PicassoLowering;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.asm.pp.ColumnMap;
import dev.pica.asm.pp.PreprocessedSource;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A picasso-dialect source on its way to a DVOJ object: picasso's model of the one file
 * (allocation, padding NOPs, checks) lowered to the assembler's IR, every item and declaration
 * at the picasso statement it comes from, so the shared pipeline's diagnostics, line table and
 * verifier findings name the .pica file.
 */
final class PicassoObject {
    private PicassoObject() {}

    /** The file in the IR, after the companions of its run (their uniforms and procedures count); null on errors. */
    static LoweredFile lower(SourceFile file, List<Path> companions, Diagnostics diags) {
        PicassoBuild b = new PicassoBuild(PicassoBuild.Options.defaults(), diags);
        for (Path c : companions) {
            // their own diagnostics are reported where they are assembled themselves
            try {
                b.addFileQuietly(new SourceFile(c.toString(), c, Files.readAllBytes(c)));
            } catch (IOException e) {
                // reported when that file is read for itself
            }
        }
        b.addFile(file);
        return PicassoLowering.lowerLastFile(b);
    }

    /** picasm -E: the lowered file as SDK-dialect lines, each pointing at its picasso statement. */
    static PreprocessedSource printed(SourceFile file, LoweredFile l) {
        List<PreprocessedSource.Line> out = new ArrayList<>();
        for (IrPrinter.Line line : IrPrinter.lines(l.geometry() ? l.geometryPos() : null, l.declarations(), l.items())) {
            SourcePos p = line.pos();
            int n = Math.max(1, line.text().length());
            out.add(new PreprocessedSource.Line(line.text(), file, null, Math.max(1, p.line()), ColumnMap.constant(n, Math.max(1, p.line()), Math.max(1, p.column()))));
        }
        return new PreprocessedSource(out, files(file), List.of(file.name()));
    }

    /** What callers that list the files read get for a picasso source (it has no preprocessed text). */
    static PreprocessedSource unpreprocessed(SourceFile file) {
        return new PreprocessedSource(List.of(), files(file), List.of(file.name()));
    }

    private static List<Path> files(SourceFile file) {
        return file.path() != null ? List.of(file.path().toAbsolutePath().normalize()) : List.of();
    }
}
