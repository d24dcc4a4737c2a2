package dev.pica.asm.picasso;

import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.shbin.DvlbWriter;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
import java.nio.charset.StandardCharsets;
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

    /** The binary's bytes (null on errors), and the build's model. */
    public record Result(byte[] binary, PicassoBuild.Result build) {
        public boolean ok() {
            return binary != null;
        }

        /** picasso's -h header, or null on errors. */
        public byte[] header() {
            return build == null ? null : build.header().getBytes(StandardCharsets.UTF_8);
        }
    }

    /** A build's result (its bytes null after errors) and everything it said. */
    public record Outcome(Result result, Diagnostics diagnostics) implements dev.pica.format.diag.Outcome<Result> {
        @Override
        public Result value() {
            return result.ok() ? result : null;
        }
    }

    /** picasso's sources to picasso's bytes, as one picasso run (the library's entry point). */
    public static Outcome assemble(List<SourceFile> inputs, PicassoBuild.Options options) {
        Diagnostics d = new Diagnostics();
        Result r = assemble(inputs, options, d);
        return new Outcome(r, d);
    }

    public static Result assemble(List<SourceFile> inputs, PicassoBuild.Options options, Diagnostics diags) {
        return build(inputs, options, diags, true);
    }

    /** The same bytes without the verifier's run (picadis's rebuild check compares bytes only). */
    public static Result assembleUnverified(List<SourceFile> inputs, PicassoBuild.Options options, Diagnostics diags) {
        return build(inputs, options, diags, false);
    }

    private static Result build(List<SourceFile> inputs, PicassoBuild.Options options, Diagnostics diags, boolean verified) {
        PicassoBuild b = new PicassoBuild(options, diags);
        for (SourceFile f : inputs) b.addFile(f);
        PicassoBuild.Result r = b.finish();
        if (r == null) return new Result(null, null);
        if (verified) verify(r, diags);
        return new Result(DvlbWriter.write(r.binary(), DvlbWriter.Style.PICASSO), r);
    }

    /** Each DVLE from its entry point; a finding in shared code is said once. */
    static void verify(PicassoBuild.Result r, Diagnostics diags) {
        SourcePos[] where = r.positions().toArray(new SourcePos[0]);
        Set<String> said = new HashSet<>();
        for (int k = 0; k < r.binary().shaders().size(); k++) {
            Diagnostics found = new Diagnostics();
            Verifier.verify(Program.ofShader(r.binary(), k, where, r.supplied().get(k)), found);
            for (Diagnostic f : found.list()) {
                if (!said.add(f.pos() + " " + f.message())) continue;
                // picasso builds it: a hazard the drop-in reports but does not refuse
                if (f.severity() == Diagnostic.Severity.ERROR) diags.add(new Diagnostic(Diagnostic.Severity.WARNING, f.pos(), f.message(), Warning.HAZARD, f.path(), f.rule()));
                else diags.add(f);
            }
        }
    }
}
