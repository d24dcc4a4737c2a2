package dev.pica.compiler;

import java.nio.file.Path;
import java.util.List;

/**
 * How to compile: built with {@link #defaults()} and the withers.
 *
 * @param includeDirs   -I directories, searched in order after the including file's folder
 * @param defines       -D definitions, "NAME" or "NAME=VALUE", in order
 * @param optimize      -O (the default) or -O0: the back end's optimisations (MAD fusion,
 *                      copy coalescing, matrix-product reassociation); glslang's SPIR-V is always
 *                      optimised by spirv-opt, which the back end needs (inlined calls, SSA)
 * @param debugLines    -g: the object is marked as built for debugging (the line table to the
 *                      GLSL lines is always written, as picasm always writes one)
 * @param includer      where included files are read (the disk, or an editor's buffers)
 * @param forcedVersion glslang's forced version and profile ("450core", "310es"...), or null:
 *                      the source's own {@code #version}. GLSL ES 1.00 and 3.00 are refused by
 *                      glslang for SPIR-V, so such sources compile with a forced "450core"
 */
public record CompileOptions(List<Path> includeDirs, List<String> defines, boolean optimize, boolean debugLines,
                             Includer includer, String forcedVersion) {
    public CompileOptions {
        includeDirs = List.copyOf(includeDirs);
        defines = List.copyOf(defines);
        if (includer == null) includer = Includer.DISK;
    }

    /** No -I or -D, optimised, no -g, includes from the disk, the source's own version. */
    public static CompileOptions defaults() {
        return new CompileOptions(List.of(), List.of(), true, false, Includer.DISK, null);
    }

    public CompileOptions withIncludeDirs(List<Path> dirs) {
        return new CompileOptions(dirs, defines, optimize, debugLines, includer, forcedVersion);
    }

    public CompileOptions withDefines(List<String> d) {
        return new CompileOptions(includeDirs, d, optimize, debugLines, includer, forcedVersion);
    }

    /** -O (true) or -O0 (false). */
    public CompileOptions withOptimize(boolean o) {
        return new CompileOptions(includeDirs, defines, o, debugLines, includer, forcedVersion);
    }

    /** -g. */
    public CompileOptions withDebugLines(boolean g) {
        return new CompileOptions(includeDirs, defines, optimize, g, includer, forcedVersion);
    }

    public CompileOptions withIncluder(Includer i) {
        return new CompileOptions(includeDirs, defines, optimize, debugLines, i, forcedVersion);
    }

    /** glslang's forced version and profile, as glslc's -std= spells it ("450core", "310es"), or null. */
    public CompileOptions withForcedVersion(String versionProfile) {
        return new CompileOptions(includeDirs, defines, optimize, debugLines, includer, versionProfile);
    }

    /** A GLSL ES source (#version 100 or 300 es), read as 450 core, as glslang needs for SPIR-V. */
    public CompileOptions withEs() {
        return withForcedVersion("450core");
    }
}
