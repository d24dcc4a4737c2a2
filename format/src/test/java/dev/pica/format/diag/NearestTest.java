package dev.pica.format.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestTest {
    @Test
    void distancesCountOneEditEach() {
        assertEquals(0, Nearest.distance("mov", "mov"));
        assertEquals(1, Nearest.distance("mv", "mov"));       // insertion
        assertEquals(1, Nearest.distance("movv", "mov"));     // deletion
        assertEquals(1, Nearest.distance("mob", "mov"));      // substitution
        assertEquals(1, Nearest.distance("--hedaer", "--header")); // neighbours swapped
        assertEquals(3, Nearest.distance("abc", ""));
    }

    @Test
    void onlyLikelyTyposAreSuggested() {
        List<String> options = List.of("--output", "--output-dir", "--header", "--help");
        assertEquals("--output", Nearest.of("--outptu", options));
        assertEquals("--header", Nearest.of("--hedaer", options));
        assertNull(Nearest.of("--verbose", options)); // too far from all of them
        assertNull(Nearest.of("--help", options));    // itself is not a suggestion
        assertEquals("mov", Nearest.of("mv", List.of("mov", "mova", "max")));
    }
}
