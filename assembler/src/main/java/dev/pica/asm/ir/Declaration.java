package dev.pica.asm.ir;

import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.GsMode;

/**
 * What a source declares besides its code, in either dialect: the SDK's pragmas and def lines
 * and picasso's directives both lower to these, and {@code Declarations} checks them alike.
 */
public sealed interface Declaration {
    SourcePos pos();

    /**
     * A name bound to registers first..last of one file (bind_symbol, picasso's uniforms).
     *
     * @param components the components a float uniform covers, x = bit 0
     * @param namePos where the name is written, for a second binding of it
     * @param registerPos where the first register is written, for messages about it
     */
    record Binding(String name, int components, RegClass cls, int first, int last, SourcePos pos, SourcePos namePos, SourcePos registerPos)
            implements Declaration {}

    /** An output register's semantic (output_map, .out); mask x = bit 0 as the DVLE stores it. */
    record OutputMapping(OutputSemantic semantic, int register, int mask, SourcePos pos, SourcePos registerPos) implements Declaration {}

    /** A constant register's value (def, defi, defb, .constf, .consti, .setb's constants). */
    record Definition(Constant constant, SourcePos pos) implements Declaration {}

    /** A geometry shader's input mode (gs_data_mode, .gsh's variable and fixed modes). */
    record GeometryData(GsMode mode, SourcePos pos) implements Declaration {}

    /** A geometry shader that merges its vertex shader's output maps (gs_merge_output_maps, .gsh point). */
    record MergeOutputMaps(SourcePos pos) implements Declaration {}
}
