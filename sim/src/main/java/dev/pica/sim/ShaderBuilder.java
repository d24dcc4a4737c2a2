package dev.pica.sim;

import java.nio.file.Path;
import java.util.List;

/**
 * Builds shader sources into a linked binary for {@link Shader#build}: a service the simulator
 * finds at run time ({@link java.util.ServiceLoader}), provided by {@code dev.pica.driver}, so that
 * the simulator depends on the format alone and never on the assembler, the GLSL compiler or
 * LWJGL (docs/architecture.md). A test that builds sources puts {@code dev.pica:pica-driver} on
 * its class path beside {@code pica-sim}.
 */
public interface ShaderBuilder {
    /**
     * Builds the inputs in order as picalink links them (GLSL {@code .vert}, SDK-dialect
     * {@code .vsh}/{@code .gsh}, picasso {@code .pica} sources and objects), in memory.
     *
     * @return the linked binary's bytes
     * @throws ShaderBuildException after any error, with every diagnostic of the build
     */
    byte[] build(List<Path> inputs) throws ShaderBuildException;

    /** One source given as text, named (the name's extension says its language; it is also the name in messages). */
    byte[] build(String name, String text) throws ShaderBuildException;
}
