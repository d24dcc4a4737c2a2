package dev.pica.compiler;

import dev.pica.format.shbin.Dvoj;
import java.nio.file.Path;
import java.util.List;

/**
 * A compiled vertex shader: the DVOJ object (picalink links it like any other), the SDK-dialect
 * assembly it was assembled from (what {@code -S} writes: picasm assembles it to the same
 * object), every file read (the source and its includes, for -MD), and the reflection.
 */
public record CompiledShader(Dvoj object, String assembly, List<Path> filesRead, Reflection reflection) {
    public CompiledShader {
        filesRead = List.copyOf(filesRead);
    }
}
