package dev.pica.format.diag;

/**
 * Every kind of warning the toolchain gives, with the {@code -W} name that controls it (GCC's
 * and Clang's names where they have one for the same thing). A warning names its option when
 * printed ({@code [-Wuninitialized]}); {@code -Wno-NAME} turns it off, {@code -Werror=NAME}
 * makes it an error. docs/diagnostics.md lists them with their sources.
 */
public enum Warning {
    UNKNOWN_PRAGMAS("unknown-pragmas"),
    /** picasso reads the text other than it says (an expression in a constant, an output register as a source); the bytes follow picasso */
    PICASSO_MISREAD("picasso-misread"),
    /** a float constant beyond float24's range becomes infinity or zero */
    FLOAT24_RANGE("float24-range"),
    /** an output register or component that no output_map/.out names is written: the value goes nowhere */
    UNMAPPED_OUTPUT("unmapped-output"),
    RESERVED_REGISTER("reserved-register"),
    OUTPUT_MAP("output-map"),
    DUPLICATE_DEFINITION("duplicate-definition"),
    COMMENT("comment"),
    MACRO_REDEFINED("macro-redefined"),
    EXTRA_TOKENS("extra-tokens"),
    LINE_MARKER("line-marker"),
    PADDING_NOP("padding-nop"),
    /** a verifier error that picasso builds anyway (the drop-in keeps picasso's leniency) */
    HAZARD("hazard"),
    /** F-OUT2 */
    OUTPUT_TWICE("output-twice"),
    /** F-OUT0 */
    OUTPUT_UNWRITTEN("output-unwritten"),
    /** F-UNINIT, temporaries */
    UNINITIALIZED("uninitialized"),
    /** F-UNINIT, inputs and uniforms nothing supplies */
    UNBOUND("unbound"),
    /** F-GS */
    EMIT("emit"),
    /** F-JMP and F-BRK warnings */
    STALE_ENTRY("stale-entry"),
    /** F-END: a path that loops forever */
    INFINITE_LOOP("infinite-loop"),
    /** F-MOVAEND: mova right before the instruction executed last (the SDK: may hang the GPU) */
    MOVA_LAST("mova-last"),
    /** F-TAIL: an instruction other than nop between the last output write and end */
    AFTER_LAST_OUTPUT("after-last-output"),
    /** F-IN: a path to end that reads no input register */
    NO_INPUT("unread-inputs"),
    /** F-AL96: c[n + aL] whose index can reach 96 or more */
    RELATIVE_RANGE("relative-range"),
    /** the verifier stopped at its state limit */
    VERIFIER_LIMIT("verifier-limit");

    /** The name after -W. */
    public final String option;

    Warning(String option) {
        this.option = option;
    }

    /** The warning an option names, or null. */
    public static Warning ofOption(String name) {
        for (Warning w : values()) if (w.option.equals(name)) return w;
        return null;
    }
}
