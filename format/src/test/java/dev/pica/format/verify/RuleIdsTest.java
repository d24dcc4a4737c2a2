package dev.pica.format.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The rule ids findings carry (an editor's diagnostic code) are exactly the rules docs/verifier.md lists. */
class RuleIdsTest {
    @Test
    void everyRuleIsDocumentedAndEveryDocumentedRuleIsKnown() throws IOException {
        String doc = Files.readString(Path.of("../docs/verifier.md"));
        TreeSet<String> documented = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\| (F-[A-Z0-9]+) \\|").matcher(doc);
        while (m.find()) documented.add(m.group(1));
        assertEquals(documented, new TreeSet<>(Verifier.RULES));
    }

    @Test
    void findingKeysMapToTheirRules() {
        assertEquals("F-OUT0", Verifier.ruleOf("F-OUT0n3"));
        assertEquals("F-MOVAEND", Verifier.ruleOf("F-MOVAEND"));
        assertEquals("F-MOVA", Verifier.ruleOf("F-MOVA17"));
        assertEquals("F-UNINIT", Verifier.ruleOf("F-UNINITr2@5"));
        assertEquals("F-AL96", Verifier.ruleOf("F-AL96?"));
        assertEquals("F-END", Verifier.ruleOf("F-ENDloop"));
        assertTrue(Verifier.ruleOf("F-GSs4").equals("F-GS"));
        assertNull(Verifier.ruleOf("something else"));
    }
}
