package dev.pica.format.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** CONDOP as isa.md 7 describes it: 0 OR, 1 AND, 2 cmp.x only, 3 cmp.y only, each flag compared with its REF bit. */
class ConditionTest {
    @Test
    void truthTable() {
        // ifc 1, 0, 1 (picasso: cmp.x && !cmp.y): holds for x = true, y = false only
        assertTrue(Condition.of(1).holds(true, false, 1, 0));
        assertFalse(Condition.of(1).holds(true, true, 1, 0));
        assertFalse(Condition.of(1).holds(false, false, 1, 0));
        // OR with both REF 1: either flag set
        assertTrue(Condition.of(0).holds(false, true, 1, 1));
        assertFalse(Condition.of(0).holds(false, false, 1, 1));
        // one-flag tests ignore the other flag
        assertTrue(Condition.of(2).holds(true, false, 1, 1));
        assertFalse(Condition.of(2).holds(false, true, 1, 1));
        assertTrue(Condition.of(3).holds(true, false, 0, 0));
        assertEquals(Condition.Y, Condition.of(3));
        assertTrue(Condition.X.readsX());
        assertFalse(Condition.X.readsY());
        assertTrue(Condition.AND.readsY());
    }

    @Test
    void picassoSpelling() {
        assertEquals("cmp.x && !cmp.y", Condition.AND.picassoText(1, 0));
        assertEquals("!cmp.x || cmp.y", Condition.OR.picassoText(0, 1));
        assertEquals("!cmp.x", Condition.X.picassoText(0, 1));
        assertEquals("cmp.y", Condition.Y.picassoText(1, 1));
    }
}
