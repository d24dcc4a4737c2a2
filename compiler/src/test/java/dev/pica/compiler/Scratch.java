package dev.pica.compiler;

import dev.pica.format.diag.DiagnosticPrinter;
import java.nio.file.Files;
import java.nio.file.Path;

/** Prints what a GLSL file compiles to (a development aid: java -cp ... Scratch file.vert). */
final class Scratch {
    public static void main(String[] args) throws Exception {
        for (String a : args) {
            CompileResult r = GlslCompiler.compile(GlslSource.of(Path.of(a).getFileName().toString(), Files.readString(Path.of(a))), CompileOptions.defaults());
            r.diagnostics().list().forEach(d -> System.out.print(DiagnosticPrinter.format(d)));
            if (r.ok()) {
                System.out.println(r.value().assembly());
                System.out.println("words: " + r.value().object().code().length);
            }
        }
    }
}
