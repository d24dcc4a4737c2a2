/** The simulator: runs a shader of a DVLB on the host (docs/api.md). */
module dev.pica.sim {
    requires transitive dev.pica.format;
    requires org.objectweb.asm;

    exports dev.pica.sim;

    // Shader.build: sources are built by dev.pica.driver when it is present (docs/architecture.md)
    uses dev.pica.sim.ShaderBuilder;
}
