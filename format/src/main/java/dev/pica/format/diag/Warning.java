package dev.pica.format.diag;

/**
 * Every kind of warning the toolchain gives, with the {@code -W} name that controls it (GCC's
 * and Clang's names where they have one for the same thing) and its group: on by default (a
 * hazard to the program or a text read other than written, what {@code -Wall} names), or only
 * with {@code -Wextra} (stylistic: the program does what it says). A warning names its option
 * when printed ({@code [-Wuninitialized]}); {@code -Wno-NAME} turns it off, {@code -Werror=NAME}
 * makes it an error. docs/diagnostics.md lists them with their sources and why each is in its group.
 */
public enum Warning {
    UNKNOWN_PRAGMAS("unknown-pragmas"),
    /** a malformed {@code #pragma GCC diagnostic}, or one naming no warning (GCC's name) */
    PRAGMAS("pragmas"),
    /** picasso reads the text other than it says (an expression in a constant, an output register as a source); the bytes follow picasso */
    PICASSO_MISREAD("picasso-misread"),
    /** a float constant beyond float24's range becomes infinity or zero */
    FLOAT24_RANGE("float24-range"),
    /** an output register or component that no output_map/.out names is written: the value goes nowhere */
    UNMAPPED_OUTPUT("unmapped-output", Group.EXTRA),
    RESERVED_REGISTER("reserved-register"),
    OUTPUT_MAP("output-map"),
    /** the same value defined twice for one register: the program is the same without the second */
    DUPLICATE_DEFINITION("duplicate-definition", Group.EXTRA),
    COMMENT("comment"),
    MACRO_REDEFINED("macro-redefined"),
    EXTRA_TOKENS("extra-tokens"),
    /** a picasso line marker without a number is ignored, as picasso ignores it (a '#' line read as a comment) */
    LINE_MARKER("line-marker", Group.EXTRA),
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
    /** Whether it is on by default ({@code -Wall}) or only with {@code -Wextra}. */
    public final Group group;

    /** GCC's warning groups: the default set is {@code -Wall}'s, {@code -Wextra} adds the stylistic ones. */
    public enum Group { ALL, EXTRA }

    Warning(String option) {
        this(option, Group.ALL);
    }

    Warning(String option, Group group) {
        this.option = option;
        this.group = group;
    }

    /** The warning an option names, or null. */
    public static Warning ofOption(String name) {
        for (Warning w : values()) if (w.option.equals(name)) return w;
        return null;
    }
}
