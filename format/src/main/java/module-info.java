/**
 * The shader formats and the facts about the hardware: the instruction set, register files,
 * float24, the DVOJ/DVLB models with their readers and writers, the disassembler, the verifier
 * and diagnostics (docs/api.md).
 */
module dev.pica.format {
    requires com.google.gson; // SarifLog and DiagnosticJson write with its streaming API
    exports dev.pica.format;
    exports dev.pica.format.diag;
    exports dev.pica.format.verify;
}
