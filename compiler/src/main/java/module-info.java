/**
 * The GLSL compiler: GLSL vertex shaders through glslang (LWJGL's shaderc) to SPIR-V, and our
 * back end from SPIR-V to a DVOJ object (docs/architecture.md, docs/glsl.md).
 */
module dev.pica.compiler {
    requires transitive dev.pica.format;
    requires dev.pica.assembler;
    requires org.lwjgl;
    requires org.lwjgl.shaderc;

    exports dev.pica.compiler;
}
