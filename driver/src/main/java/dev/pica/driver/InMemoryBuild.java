package dev.pica.driver;

import dev.pica.asm.Assembler;
import dev.pica.compiler.CompileResult;
import dev.pica.compiler.GlslCompiler;
import dev.pica.compiler.GlslSource;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Outcome;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.WarningPolicy;
import dev.pica.format.shbin.Dvoj;
import dev.pica.link.Linker;
import dev.pica.sim.ShaderBuildException;
import dev.pica.sim.ShaderBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulator's {@code Shader.build}: sources built in memory as picalink builds them (a
 * {@link BuildSession} with default options), nothing written. Found by the simulator as a
 * service, so a test of a GLSL shader needs no build step and the simulator no compiler.
 */
public final class InMemoryBuild implements ShaderBuilder {
    @Override
    public byte[] build(List<Path> inputs) throws ShaderBuildException {
        BuildSession session = new BuildSession(Assembler.Options.defaults(), WarningPolicy.DEFAULT, null);
        session.inputOrder(inputs);
        BuildSession.Linked l = session.link(inputs, false);
        List<Diagnostic> all = new ArrayList<>();
        for (BuildSession.Loaded in : l.inputs()) all.addAll(in.diagnostics().list());
        all.addAll(l.diagnostics().list());
        if (!l.ok()) throw failed(all);
        return l.binary();
    }

    @Override
    public byte[] build(String name, String text) throws ShaderBuildException {
        Diagnostics d = new Diagnostics();
        Dvoj object;
        if (BuildSession.isGlslName(name)) {
            CompileResult r = GlslCompiler.compile(GlslSource.of(name, text), BuildSession.compileOptions(Assembler.Options.defaults()));
            dev.pica.compiler.CompiledShader c = take(r, d);
            object = c == null ? null : c.object();
        } else {
            object = take(Assembler.assemble(SourceFile.ofString(name, text), Assembler.Options.defaults()), d);
        }
        if (object == null) throw failed(d.list());
        Linker.Outcome l = Linker.link(List.of(new Linker.Input(name, object)), false);
        for (Diagnostic x : l.diagnostics().list()) d.add(x);
        if (!l.ok()) throw failed(d.list());
        return l.value().bytes();
    }

    private static <T> T take(Outcome<T> o, Diagnostics into) {
        for (Diagnostic x : o.diagnostics().list()) into.add(x);
        return o.value();
    }

    private static ShaderBuildException failed(List<Diagnostic> all) {
        StringBuilder s = new StringBuilder("the shader did not build:\n");
        for (Diagnostic x : all) s.append(DiagnosticPrinter.format(x));
        return new ShaderBuildException(s.toString(), all);
    }
}
