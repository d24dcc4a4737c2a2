package dev.pica.compiler;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Outcome;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@link GlslCompiler#compile} returns: the compiled shader (null exactly after errors),
 * every diagnostic of the run, and the files read (also after errors, for a depfile).
 */
public record CompileResult(CompiledShader shader, Diagnostics diagnostics, List<Path> filesRead) implements Outcome<CompiledShader> {
    public CompileResult {
        filesRead = List.copyOf(filesRead);
    }

    @Override
    public CompiledShader value() {
        return shader;
    }
}
