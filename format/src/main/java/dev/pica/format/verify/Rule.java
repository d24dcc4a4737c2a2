package dev.pica.format.verify;

import dev.pica.format.diag.Warning;
import java.util.List;

/**
 * The verifier's rules, as docs/verifier.md's table lists them: each finding names one (its id is
 * the diagnostic's code in an editor and its SARIF ruleId). A rule is an error unless the finding
 * is one of its warning kinds, each with the {@code -W} option that controls it.
 */
public enum Rule {
    MOVA("F-MOVA", true),
    OUT2("F-OUT2", false, Warning.OUTPUT_TWICE),
    OUT0("F-OUT0", false, Warning.OUTPUT_UNWRITTEN),
    END("F-END", true, Warning.INFINITE_LOOP, Warning.VERIFIER_LIMIT),
    LOST("F-LOST", true),
    SAME("F-SAME", true),
    DEPTH("F-DEPTH", true),
    REC("F-REC", true),
    CALL4("F-CALL4", true),
    BRK("F-BRK", true, Warning.STALE_ENTRY),
    JMP("F-JMP", true, Warning.STALE_ENTRY),
    REACH("F-REACH", true),
    UNINIT("F-UNINIT", true, Warning.UNINITIALIZED, Warning.UNBOUND),
    GS("F-GS", false, Warning.EMIT),
    MOVAEND("F-MOVAEND", false, Warning.MOVA_LAST),
    TAIL("F-TAIL", false, Warning.AFTER_LAST_OUTPUT),
    IN("F-IN", false, Warning.NO_INPUT),
    AL96("F-AL96", false, Warning.RELATIVE_RANGE),
    MAP("F-MAP", false, Warning.UNMAPPED_OUTPUT);

    /** "F-OUT2": the id docs/verifier.md and the diagnostics use. */
    public final String id;
    /** The warnings this rule can give; every other finding of it is an error (or, F-UNINIT's cmp flags, a note). */
    public final List<Warning> warnings;
    /** Whether it has findings that are no warning (errors, F-UNINIT's note): their diagnostic id is {@link #errorId()}. */
    public final boolean errors;

    Rule(String id, boolean errors, Warning... warnings) {
        this.id = id;
        this.errors = errors;
        this.warnings = List.of(warnings);
    }

    /** The diagnostic id of its findings that are no warning: "verifier-depth" for F-DEPTH (docs/diagnostics.md). */
    public String errorId() {
        return dev.pica.format.diag.Diagnostic.ruleId(id);
    }
}
