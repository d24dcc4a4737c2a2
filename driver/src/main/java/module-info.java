/** The build driver over the assembler and the linker: what picalink, the Maven plugin and picals call (docs/api.md). */
module dev.pica.driver {
    requires transitive dev.pica.assembler;
    requires transitive dev.pica.linker;

    exports dev.pica.driver;
}
