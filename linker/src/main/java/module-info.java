/** The linker: DVOJ objects in, a DVLB out (docs/api.md). */
module dev.pica.linker {
    requires transitive dev.pica.format;

    exports dev.pica.link;
}
