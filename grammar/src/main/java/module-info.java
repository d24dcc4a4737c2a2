/** The ANTLR grammars of both dialects; only the assembler reads them. */
module dev.pica.grammar {
    requires transitive org.antlr.antlr4.runtime;

    exports dev.pica.grammar to dev.pica.assembler;
}
