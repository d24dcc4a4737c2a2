package dev.pica.format.verify;

import dev.pica.format.diag.Warning;
import java.util.List;

/**
 * The verifier's rules, as docs/verifier.md's table lists them: each finding names one (its id is
 * the diagnostic's code in an editor and its SARIF ruleId). A rule is an error unless the finding
 * is one of its warning kinds, each with the {@code -W} option that controls it.
 */
public enum Rule {
    MOVA("F-MOVA"),
    OUT2("F-OUT2", Warning.OUTPUT_TWICE),
    OUT0("F-OUT0", Warning.OUTPUT_UNWRITTEN),
    END("F-END", Warning.INFINITE_LOOP, Warning.VERIFIER_LIMIT),
    LOST("F-LOST"),
    SAME("F-SAME"),
    DEPTH("F-DEPTH"),
    REC("F-REC"),
    CALL4("F-CALL4"),
    BRK("F-BRK", Warning.STALE_ENTRY),
    JMP("F-JMP", Warning.STALE_ENTRY),
    REACH("F-REACH"),
    UNINIT("F-UNINIT", Warning.UNINITIALIZED, Warning.UNBOUND),
    GS("F-GS", Warning.EMIT),
    MOVAEND("F-MOVAEND", Warning.MOVA_LAST),
    TAIL("F-TAIL", Warning.AFTER_LAST_OUTPUT),
    IN("F-IN", Warning.NO_INPUT),
    AL96("F-AL96", Warning.RELATIVE_RANGE),
    MAP("F-MAP", Warning.UNMAPPED_OUTPUT);

    /** "F-OUT2": the id docs/verifier.md and the diagnostics use. */
    public final String id;
    /** The warnings this rule can give; every other finding of it is an error (or, F-UNINIT's cmp flags, a note). */
    public final List<Warning> warnings;

    Rule(String id, Warning... warnings) {
        this.id = id;
        this.warnings = List.of(warnings);
    }
}
