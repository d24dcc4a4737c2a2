package dev.pica.asm.ir;

import dev.pica.format.diag.SourcePos;
import java.util.List;

/** One parsed source statement (a line may carry a label and a statement). */
public sealed interface Statement {
    SourcePos pos();

    record LabelDef(String name, SourcePos pos) implements Statement {}

    /** Any mnemonic with its operands; mnemonic is as written (classified case-insensitively later). */
    record Instr(String mnemonic, List<RawOperand> operands, SourcePos pos) implements Statement {}

    /**
     * A #pragma line. args is null when the pragma did not have the structured
     * {@code name(arg, ...)} shape; raw is the text after {@code #pragma}.
     */
    record Pragma(String name, List<RawOperand> args, String raw, SourcePos pos, SourcePos namePos) implements Statement {}
}
