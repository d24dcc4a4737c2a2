/**
 * The shader formats and the facts about the hardware (docs/api.md): the instruction set
 * ({@code isa}, its spellings in {@code isa.syntax}), the DVOJ/DVLB models with their readers and
 * writers ({@code shbin}; their byte-level helpers in {@code shbin.bytes}, not exported), the
 * disassembler ({@code disasm}), the verifier and diagnostics.
 */
module dev.pica.format {
    requires com.google.gson; // SarifLog and DiagnosticJson write with its streaming API
    exports dev.pica.format.diag;
    exports dev.pica.format.disasm;
    exports dev.pica.format.isa;
    exports dev.pica.format.isa.syntax;
    exports dev.pica.format.shbin;
    exports dev.pica.format.verify;
}
