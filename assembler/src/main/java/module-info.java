/** The assembler of both dialects: one source to one DVOJ object, and picasso's drop-in build (docs/api.md). */
module dev.pica.assembler {
    requires transitive dev.pica.format;
    requires dev.pica.grammar;

    exports dev.pica.asm;
    exports dev.pica.asm.pp;
    exports dev.pica.asm.picasso;
}
