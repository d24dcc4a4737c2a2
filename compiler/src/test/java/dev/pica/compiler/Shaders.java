package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
import dev.pica.link.Linker;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.util.List;

/** Test helpers: compile GLSL, link the object alone, and run it in the simulator. */
final class Shaders {
    private Shaders() {}

    static CompiledShader compile(String glsl) {
        return compile(glsl, CompileOptions.defaults());
    }

    static CompiledShader compile(String glsl, CompileOptions options) {
        return compile(GlslSource.of("test.vert", glsl), options);
    }

    static CompiledShader compile(GlslSource source) {
        return compile(source, CompileOptions.defaults());
    }

    static CompiledShader compile(GlslSource source, CompileOptions options) {
        CompileResult r = GlslCompiler.compile(source, options);
        if (!r.ok()) {
            StringBuilder s = new StringBuilder();
            r.diagnostics().list().forEach(d -> s.append(DiagnosticPrinter.format(d)));
            fail("compile failed:\n" + s);
        }
        return r.value();
    }

    /** Errors as printed. */
    static String errors(String glsl) {
        CompileResult r = GlslCompiler.compile(GlslSource.of("test.vert", glsl), CompileOptions.defaults());
        StringBuilder s = new StringBuilder();
        r.diagnostics().list().forEach(d -> s.append(DiagnosticPrinter.format(d)));
        if (r.ok()) fail("expected errors, compiled:\n" + r.value().assembly());
        return s.toString();
    }

    static byte[] link(CompiledShader c) throws Exception {
        return link(List.of(c));
    }

    /** Linked in order (a vertex shader then its geometry shader: DVLE 0 and 1), each entry verified. */
    static byte[] link(List<CompiledShader> shaders) throws Exception {
        List<Linker.Input> in = new java.util.ArrayList<>();
        for (CompiledShader c : shaders) in.add(new Linker.Input("test" + in.size() + ".o", c.object()));
        CompiledShader c = shaders.get(shaders.size() - 1);
        Linker.Outcome l = Linker.link(in, false);
        if (!l.ok()) {
            StringBuilder s = new StringBuilder();
            l.diagnostics().list().forEach(d -> s.append(DiagnosticPrinter.format(d)));
            fail("link failed:\n" + s + "\n" + c.assembly());
        }
        // the verifier on the linked program: silent on compiled code
        for (int k = 0; k < shaders.size(); k++) {
            var v = Verifier.verify(Program.ofShader(dev.pica.format.shbin.DvlbReader.read(l.value().bytes()), k));
            if (!v.diagnostics().list().isEmpty()) {
                StringBuilder s = new StringBuilder();
                v.diagnostics().list().forEach(d -> s.append(DiagnosticPrinter.format(d)));
                fail("verifier findings on compiled code:\n" + s + "\n" + shaders.get(k).assembly());
            }
        }
        return l.value().bytes();
    }

    static Simulator simulator(CompiledShader c) throws Exception {
        return new Simulator(Shader.load(link(c)));
    }

    static int words(CompiledShader c) {
        return c.object().code().length;
    }
}
