package dev.pica.format.isa.syntax;

import java.util.List;

/**
 * The statements other than instructions, each list once: the SDK dialect's pragmas and picasso's
 * directives. The assemblers' "did you mean" and picals' completion read them.
 */
public final class Directives {
    private Directives() {}

    /** The SDK dialect's {@code #pragma} names (sdk-dialect.md). */
    public static final List<String> SDK_PRAGMAS = List.of("bind_symbol", "output_map", "gs_assemble_as_geometry_shader", "gs_data_mode", "gs_merge_output_maps");

    /** picasso's directives, without their '.' (picasso-compat.md). */
    public static final List<String> PICASSO = List.of("proc", "else", "end", "alias", "fvec", "ivec", "bool", "constf", "consti",
            "constfa", "setf", "seti", "setb", "in", "out", "entry", "nodvle", "gsh");
}
