package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.format.diag.Diagnostic;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The first error of each source has the id of its kind (docs/diagnostics.md, "Diagnostic ids"):
 * the same mistake has the same id in either dialect, and each id names the mistake, not the
 * stage that found it.
 */
class ProblemIdsTest {
    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "a.vsh | #include \"nothere.h\" | missing-include",
        "a.vsh | #endif | unbalanced-conditional",
        "a.vsh | nop /* open | unterminated-comment",
        "a.vsh | #frob | unknown-directive",
        "a.vsh | #define | macro-definition",
        "a.vsh | #define F(a) a\\nmain:\\n mov r0, F(v0, v1)\\n end\\nendmain: | macro-arguments",
        "a.vsh | #if 1 +\\n#endif | if-expression",
        "a.vsh | main:\\n mov r0,, r1\\n end\\nendmain: | syntax",
        "a.vsh | main:\\n movv r0, v0\\n end\\nendmain: | unknown-instruction",
        "a.v.pica | .proc main\\n movv r0, v0\\n end\\n.end | unknown-instruction",
        "a.vsh | main:\\n mov r0\\n end\\nendmain: | operand-count",
        "a.v.pica | .proc main\\n mov r0\\n end\\n.end | operand-count",
        "a.vsh | main:\\n mov r0, aPos\\n end\\nendmain: | unknown-register",
        "a.v.pica | .proc main\\n mov r0, aPos\\n end\\n.end | unknown-register",
        "a.vsh | main:\\n mov r16, v0\\n end\\nendmain: | register-range",
        "a.v.pica | .proc main\\n mov r16, v0\\n end\\n.end | register-range",
        "a.vsh | main:\\n mov r0.xq, v0\\n end\\nendmain: | swizzle",
        "a.vsh | main:\\n add r0, v0, v1\\n end\\nendmain: | two-input-registers",
        "a.v.pica | .proc main\\n add r0, v0, v1\\n end\\n.end | two-input-registers",
        "a.vsh | main:\\n emit\\n end\\nendmain: | geometry-only",
        "a.vsh | #pragma output_map(positon, o0)\\nmain:\\n end\\nendmain: | unknown-semantic",
        "a.v.pica | .out p positon\\n.proc main\\n end\\n.end | unknown-semantic",
        "a.vsh | main:\\nl:\\nl:\\n end\\nendmain: | duplicate-label",
        "a.v.pica | .proc main\\n jmpu b0, nowhere\\n end\\n.end | undefined-label",
        "a.vsh | main:\\n ifb b0\\n end\\nendmain: | unbalanced-block",
        "a.v.pica | .proc main\\n ifu b0\\n end\\n.end | unbalanced-block",
        "a.vsh | main:\\n end | main-label",
        "a.v.pica | .fvex k\\n.proc main\\n end\\n.end | unknown-directive",
        "a.v.pica | mov r0, v0 | outside-proc",
        "a.vsh | .out p position\\n.proc main\\n end\\n.end | dialect-mixup",
        "a.vsh | main:\\n ifc 9, 0, 0\\n nop\\n endif\\n end\\nendmain: | invalid-condition",
    })
    void theFirstErrorHasItsKindsId(String name, String source, String id) {
        Assembler.Result r = Asm.run(name, source.replace("\\n", "\n") + "\n");
        Diagnostic first = r.diagnostics().list().stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).findFirst().orElseThrow();
        assertEquals(id, first.id(), Asm.printed(r));
    }
}
