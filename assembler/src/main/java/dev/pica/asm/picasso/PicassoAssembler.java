package dev.pica.asm.picasso;

import dev.pica.format.Dvlb;
import dev.pica.format.DvlbWriter;
import dev.pica.format.Dvle;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
import java.nio.charset.StandardCharsets;
import dev.pica.format.Uniform;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The picasso drop-in's one entry point: picasso-dialect sources in, the .shbin and -h header
 * picasso 2.7.2 writes for them out, byte for byte; its diagnostics located, every error of
 * every file, and the verifier's findings as warnings (picasso checks no hazard, so a
 * program it accepts must still build here; docs/picasso-compat.md).
 */
public final class PicassoAssembler {
    private PicassoAssembler() {}

    /** The binary and header bytes (null on errors), and the build's model for tests. */
    public record Result(byte[] binary, byte[] header, PicassoBuild.Result build) {
        public boolean ok() {
            return binary != null;
        }
    }

    public static Result assemble(List<SourceFile> inputs, PicassoBuild.Options options, Diagnostics diags) {
        PicassoBuild b = new PicassoBuild(options, diags);
        for (SourceFile f : inputs) b.addFile(f);
        PicassoBuild.Result r = b.finish();
        if (r == null) return new Result(null, null, null);
        verify(r, diags);
        return new Result(DvlbWriter.write(r.binary(), DvlbWriter.Style.PICASSO), r.header().getBytes(StandardCharsets.UTF_8), r);
    }

    /** Each DVLE from its entry point; a finding in shared code is said once. */
    static void verify(PicassoBuild.Result r, Diagnostics diags) {
        Dvlb bin = r.binary();
        int n = bin.program().codeSize();
        SourcePos[] where = r.positions().toArray(new SourcePos[0]);
        String[] brief = new String[n];
        for (int k = 0; k < n; k++) brief[k] = where[k].fileName() + ":" + where[k].line();
        Set<String> said = new HashSet<>();
        for (int k = 0; k < bin.shaders().size(); k++) {
            Dvle d = bin.shaders().get(k);
            List<Uniform> supplied = new ArrayList<>(d.uniforms());
            supplied.addAll(r.supplied().get(k));
            Program p = new Program(bin.program().code(), Program.table(bin.program().descriptors()), d.shaderType() == Dvle.GEOMETRY,
                    List.of(new Program.Entry(d.mainAddr(), -1, "main")), d.endAddr(), new int[n], List.of("program"), where, brief,
                    d.outputMaps(), d.inputMask(), d.constants(), supplied, new BitSet(), new BitSet(), true);
            Diagnostics found = new Diagnostics();
            Verifier.verify(p, found);
            for (Diagnostic f : found.list()) {
                if (!said.add(f.pos() + " " + f.message())) continue;
                if (f.severity() == Diagnostic.Severity.ERROR) diags.warning(f.pos(), f.message());
                else diags.add(f);
            }
        }
    }
}
