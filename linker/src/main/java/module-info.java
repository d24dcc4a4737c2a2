/** The linker: DVOJ objects in, a DVLB out (docs/api.md). */
module dev.pica.linker {
    requires transitive dev.pica.format;

    exports dev.pica.link;
    // a link that skips the verifier's run over a DVLE: the driver's alone (Linker's entries all verify)
    exports dev.pica.link.internal to dev.pica.driver;
}
