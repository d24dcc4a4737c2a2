package dev.pica.format.diag;

/**
 * The kinds of diagnostic that no {@code -W} option controls: every error that is not a verifier
 * finding, and the few warnings and notes shown whatever the options. Each has a stable id in the
 * name space of the warning options (a warning's id is its option name, a verifier error's
 * "verifier-" and its rule); docs/diagnostics.md's "Diagnostic ids" table describes each, and a
 * test holds the two together. A kind is one shape of message, whichever tool or dialect says it.
 */
public enum Problem {
    // the SDK dialect's preprocessor
    UNTERMINATED_COMMENT("unterminated-comment"),
    INVALID_CHARACTER("invalid-character"),
    UNBALANCED_CONDITIONAL("unbalanced-conditional"),
    ERROR_DIRECTIVE("error-directive"),
    UNKNOWN_DIRECTIVE("unknown-directive"),
    MACRO_DEFINITION("macro-definition"),
    MACRO_ARGUMENTS("macro-arguments"),
    MACRO_EXPANSION("macro-expansion"),
    INCLUDE_SYNTAX("include-syntax"),
    MISSING_INCLUDE("missing-include"),
    INCLUDE_DEPTH("include-depth"),
    IF_EXPRESSION("if-expression"),
    // text
    SYNTAX("syntax"),
    INVALID_NUMBER("invalid-number"),
    DIALECT_MIXUP("dialect-mixup"),
    // instructions and their operands
    UNKNOWN_INSTRUCTION("unknown-instruction"),
    OPERAND_COUNT("operand-count"),
    UNKNOWN_REGISTER("unknown-register"),
    REGISTER_RANGE("register-range"),
    OPERAND_KIND("operand-kind"),
    SWIZZLE("swizzle"),
    RELATIVE_ADDRESSING("relative-addressing"),
    TWO_INPUT_REGISTERS("two-input-registers"),
    TWO_CONSTANT_REGISTERS("two-constant-registers"),
    GEOMETRY_ONLY("geometry-only"),
    EXPANSION_OPERANDS("expansion-operands"),
    INVALID_CONDITION("invalid-condition"),
    CONSTANT_VALUE("constant-value"),
    // declarations
    INVALID_PRAGMA("invalid-pragma"),
    DIRECTIVE_ARGUMENTS("directive-arguments"),
    UNKNOWN_SEMANTIC("unknown-semantic"),
    INVALID_OUTPUT_MAP("invalid-output-map"),
    REDEFINITION("redefinition"),
    DUPLICATE_LABEL("duplicate-label"),
    INVALID_NAME("invalid-name"),
    OUT_OF_REGISTERS("out-of-registers"),
    // blocks, labels and the program
    UNBALANCED_BLOCK("unbalanced-block"),
    BLOCK_LAYOUT("block-layout"),
    OUTSIDE_PROC("outside-proc"),
    UNDEFINED_LABEL("undefined-label"),
    MAIN_LABEL("main-label"),
    JUMP_RANGE("jump-range"),
    PROGRAM_SIZE("program-size"),
    DESCRIPTOR_LIMIT("descriptor-limit"),
    NO_SHADER("no-shader"),
    // files
    IO_ERROR("io-error"),
    WRONG_FILE_KIND("wrong-file-kind"),
    INVALID_BINARY("invalid-binary"),
    SOURCE_LIST("source-list"),
    UNUSED_INPUT("unused-input", Diagnostic.Severity.WARNING),
    // the command line and the run
    USAGE("usage"),
    OUT_OF_MEMORY("out-of-memory"),
    OUTPUT_ERROR("output-error"),
    NOT_LINKED("not-linked"),
    REBUILD("rebuild"),
    SIMULATION("simulation"),
    // the GLSL compiler (picacc)
    GLSL("glsl"),
    GLSL_UNSUPPORTED("glsl-unsupported"),
    SHADER_INTERFACE("shader-interface"),
    REGISTER_PRESSURE("register-pressure"),
    COMPILER_INTERNAL("compiler-internal");

    /** The stable id: SARIF's ruleId, the JSON "id", the anchor in docs/diagnostics.md. */
    public final String id;
    /** What it is when nothing changes it (a SARIF rule's defaultConfiguration.level): an error but for the kinds said as warnings. */
    final Diagnostic.Severity severity;

    Problem(String id) {
        this(id, Diagnostic.Severity.ERROR);
    }

    Problem(String id, Diagnostic.Severity severity) {
        this.id = id;
        this.severity = severity;
    }
}
