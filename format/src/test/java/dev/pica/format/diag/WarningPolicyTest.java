package dev.pica.format.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** GCC's warning options: the groups, a kind named alone beating a group, -w over everything. */
class WarningPolicyTest {
    private static WarningPolicy of(String... values) {
        return WarningPolicy.of(false, List.of(values));
    }

    @Test
    void theDefaultSetIsWallAndExtraAddsTheStylisticKinds() {
        for (Warning w : Warning.values()) {
            assertEquals(w.group == Warning.Group.ALL, WarningPolicy.DEFAULT.shows(w), w.option);
            assertEquals(w.group == Warning.Group.ALL, of("all").shows(w), w.option);
            assertTrue(of("extra").shows(w), w.option);
            assertTrue(WarningPolicy.EVERY.shows(w), w.option);
            assertEquals(w.group == Warning.Group.EXTRA, of("no-all", "extra").shows(w), w.option);
        }
        assertFalse(WarningPolicy.DEFAULT.shows(Warning.UNMAPPED_OUTPUT));
        assertTrue(WarningPolicy.DEFAULT.shows(Warning.UNINITIALIZED));
    }

    @Test
    void aKindNamedAloneWinsOverAGroupInEitherOrder() {
        assertFalse(of("extra", "no-unmapped-output").shows(Warning.UNMAPPED_OUTPUT));
        assertFalse(of("no-unmapped-output", "extra").shows(Warning.UNMAPPED_OUTPUT));
        assertTrue(of("unmapped-output", "no-extra").shows(Warning.UNMAPPED_OUTPUT));
        assertTrue(of("uninitialized", "no-all").shows(Warning.UNINITIALIZED));
        assertFalse(of("no-all").shows(Warning.EMIT));
        // between two settings of one kind the later wins
        assertTrue(of("no-emit", "emit").shows(Warning.EMIT));
        assertFalse(of("emit", "no-emit").shows(Warning.EMIT));
    }

    @Test
    void werrorOfAKindTurnsItOnAndWSilencesEverything() {
        WarningPolicy p = of("error=unmapped-output");
        assertTrue(p.shows(Warning.UNMAPPED_OUTPUT));
        assertTrue(p.isError(Warning.UNMAPPED_OUTPUT));
        assertFalse(p.isError(Warning.EMIT));
        assertTrue(of("error", "no-error=emit").isError(Warning.UNINITIALIZED));
        assertFalse(of("error", "no-error=emit").isError(Warning.EMIT));
        WarningPolicy quiet = WarningPolicy.of(true, List.of("extra", "error=emit"));
        for (Warning w : Warning.values()) assertFalse(quiet.shows(w), w.option);
        assertFalse(quiet.shows(null));
    }

    @Test
    void anUnknownNameSaysTheNearestOne() {
        assertEquals("unknown warning option '-Wextar'; did you mean '-Wextra'?",
                assertThrows(WarningPolicy.UnknownOption.class, () -> of("extar")).getMessage());
        assertEquals("unknown warning option '-Werror=unmaped-output'; did you mean '-Werror=unmapped-output'?",
                assertThrows(WarningPolicy.UnknownOption.class, () -> of("error=unmaped-output")).getMessage());
    }
}
