package dev.pica.compiler;

import dev.pica.format.shbin.Dvoj;
import java.nio.file.Path;
import java.util.List;

/**
 * A compiled vertex shader: the DVOJ object (picalink links it like any other), the SDK-dialect
 * assembly it was assembled from (what {@code -S} writes: picasm assembles it to the same
 * object), every file read (the source and its includes, for -MD), the reflection, and with
 * {@code -g} where each GLSL variable of main is word by word (empty without -g).
 */
public record CompiledShader(Dvoj object, String assembly, List<Path> filesRead, Reflection reflection, VariableMap variables) {
    public CompiledShader {
        filesRead = List.copyOf(filesRead);
        if (variables == null) variables = VariableMap.EMPTY;
    }
}
