package dev.pica.format.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Warning;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The verifier's work is bounded whatever the program (issue 39 item 6): counted in steps, never
 * timed, on programs built to make it explode (jumps into and out of nested blocks and
 * procedures, conditional calls back into them, loops with unknown counts), up to the 4096
 * words of program memory. A program that reaches a bound is told so by a verifier-limit warning.
 */
class VerifierCostTest {

    private static boolean limited(Diagnostics d) {
        return d.list().stream().anyMatch(x -> x.option() == Warning.VERIFIER_LIMIT);
    }

    @Test
    void everyAdversarialProgramStaysWithinTheBound() {
        int limited = 0;
        for (AdversarialPrograms.Shape shape : AdversarialPrograms.Shape.values()) {
            for (int size : new int[] {24, 300, 4096}) {
                Program p = AdversarialPrograms.program(size, size, shape);
                Diagnostics d = new Diagnostics();
                long steps = Verifier.steps(p, d);
                assertTrue(steps <= Verifier.MAX_STEPS, shape + ", " + size + " words: " + steps + " steps, bound " + Verifier.MAX_STEPS);
                if (limited(d)) limited++;
            }
        }
        assertTrue(limited > 0, "no program reached a limit: the generators no longer test the bound");
    }

    @Test
    void aProgramBeyondTheStateLimitIsToldSo() {
        Program p = AdversarialPrograms.program(1, 64, AdversarialPrograms.Shape.TANGLE);
        assertTrue(Verifier.explore(p).get(0).truncated());
        Diagnostics d = new Diagnostics();
        Verifier.verify(p, d);
        assertTrue(d.list().stream().anyMatch(x -> x.option() == Warning.VERIFIER_LIMIT
                && x.message().equals("control flow too complex to verify completely (more than 65536 states)")), d.list().toString());
    }

    @Test
    void theIssuesProgramIsExploredCompletely() {
        // 16,638 states: within every bound, so every finding is there with its path (it took 7 s before the bounds)
        Program p = AdversarialPrograms.issueProgram();
        assertFalse(Verifier.explore(p).get(0).truncated());
        Diagnostics d = new Diagnostics();
        assertTrue(Verifier.steps(p, d) <= Verifier.MAX_STEPS);
        List<Diagnostic> findings = d.list();
        assertFalse(limited(d), findings.toString());
        // it names no uniform, so its raw reads of c73 and b1 are the application's to upload by number (verifier.md), not -Wunbound
        assertEquals(25, findings.size());
        assertTrue(findings.stream().anyMatch(x -> x.message().startsWith("recursive call: the subroutine at adversarial.vsh:1 is already active; path: ")),
                findings.toString());
    }

    @Test
    void theBoundStaysSmall() {
        // well under a second on the project's machine: the adversarial programs take 2 to 4 million steps, 0.1 to 0.2 s warm (docs/performance.md)
        assertTrue(Verifier.MAX_STEPS < 12_000_000L, "bound " + Verifier.MAX_STEPS);
    }
}
