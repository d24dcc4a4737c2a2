/**
 * The build driver over the assembler, the GLSL compiler and the linker: what picalink, the Maven
 * plugin and picals call (docs/api.md). It also builds sources in memory for the simulator's
 * {@code Shader.build} (a service the simulator finds at run time, so that the simulator itself
 * depends on the format alone).
 */
module dev.pica.driver {
    requires transitive dev.pica.assembler;
    requires transitive dev.pica.linker;
    requires transitive dev.pica.compiler;
    requires dev.pica.sim;

    exports dev.pica.driver;

    provides dev.pica.sim.ShaderBuilder with dev.pica.driver.InMemoryBuild;
}
