package dev.pica.driver;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** picasso's .alias lines that name input registers, and only those. */
class InputAliasesTest {
    @Test
    void aliasesOfInputRegistersWithOrWithoutASwizzleOrComment() {
        String text = "; inputs\n.alias inpos v0\n.alias one kOne.xxxx\n  .alias nrm   v3.xyz ; the normal\n.alias tmp r2\n.alias big v16\n.alias inpos v5\n";
        // kOne is a constant, r2 a temporary, v16 no register; the first alias of a name counts
        assertEquals(Map.of("inpos", 0, "nrm", 3), InputAliases.of(text));
        assertEquals("[inpos, nrm]", InputAliases.of(text).keySet().toString());
    }
}
