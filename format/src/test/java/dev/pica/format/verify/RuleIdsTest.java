package dev.pica.format.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.diag.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The rules findings carry (an editor's diagnostic code) are exactly those docs/verifier.md's
 * table lists, each with the -W options its warning rows name.
 */
class RuleIdsTest {
    @Test
    void everyRuleIsDocumentedWithItsWarningOptions() throws IOException {
        String doc = Files.readString(Path.of("../docs/verifier.md"));
        Map<String, TreeSet<String>> documented = new TreeMap<>();
        Matcher m = Pattern.compile("(?m)^\\| (F-[A-Z0-9]+) \\|.*\\| (error|warning|note) \\| (?:`([a-z0-9-]+)`)? *\\|$").matcher(doc);
        while (m.find()) {
            TreeSet<String> options = documented.computeIfAbsent(m.group(1), k -> new TreeSet<>());
            if (m.group(3) != null) options.add(m.group(3));
        }
        Map<String, TreeSet<String>> known = new TreeMap<>();
        for (Rule r : Rule.values()) {
            known.put(r.id, new TreeSet<>(r.warnings.stream().map(w -> w.option).toList()));
        }
        assertEquals(documented, known);
    }

    /** A rule says errors (or F-UNINIT's note) exactly when verifier.md's table has an error or note row for it. */
    @Test
    void theRulesThatSayErrorsAreThoseDocumentedSo() throws IOException {
        String doc = Files.readString(Path.of("../docs/verifier.md"));
        TreeSet<String> documented = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\| (F-[A-Z0-9]+) \\|.*\\| (error|note) \\| *\\|$").matcher(doc);
        while (m.find()) documented.add(m.group(1));
        TreeSet<String> known = new TreeSet<>();
        for (Rule r : Rule.values()) if (r.errors) known.add(r.id);
        assertEquals(documented, known);
    }

    @Test
    void idsAreDistinctAndWarningsBelongToOneRuleEach() {
        assertEquals(Rule.values().length, Arrays.stream(Rule.values()).map(r -> r.id).distinct().count());
        // F-JMP and F-BRK share the stale-entry warning; every other warning names one rule
        for (Warning w : Warning.values()) {
            long rules = Arrays.stream(Rule.values()).filter(r -> r.warnings.contains(w)).count();
            if (w == Warning.STALE_ENTRY) assertEquals(2, rules);
            else assertTrue(rules <= 1, w.option);
        }
    }
}
