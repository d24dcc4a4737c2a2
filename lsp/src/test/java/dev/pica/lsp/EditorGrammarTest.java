package dev.pica.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.syntax.Mnemonics;
import dev.pica.format.isa.syntax.PicassoSpelling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The editor grammars' keyword lists (editors/vscode/syntaxes) against the vocabulary tables the
 * assemblers read: a mnemonic added to the ISA table or a dialect's spelling is highlighted, and
 * nothing is highlighted that the assembler would reject.
 */
class EditorGrammarTest {
    private static final Path SYNTAXES = Path.of("..").toAbsolutePath().normalize().resolve("editors/vscode/syntaxes");

    @Test
    void sdkMnemonicsAreTheSdkDialectsWords() throws Exception {
        String g = Files.readString(SYNTAXES.resolve("picasm.tmLanguage.json"));
        assertEquals(Mnemonics.sdkWords(), alternatives(g, "(?i)(?:^|(?<=:))\\\\s*("));
        Set<String> semantics = new TreeSet<>();
        for (OutputSemantic s : OutputSemantic.values()) semantics.add(s.spelling);
        assertEquals(semantics, alternatives(g, "(?<=\\\\()\\\\s*(position|", 9));
    }

    @Test
    void picassoMnemonicsAreTheOnesPicassoReads() throws Exception {
        String g = Files.readString(SYNTAXES.resolve("picasso.tmLanguage.json"));
        assertEquals(new TreeSet<>(PicassoSpelling.mnemonics()), alternatives(g, "(?i)(?:^|(?<=:))\\\\s*("));
        assertEquals(new TreeSet<>(PicassoSpelling.COMPARISONS), alternatives(g, "\\\\b(?:eq|", 3));
        Set<String> semantics = new TreeSet<>();
        for (OutputSemantic s : OutputSemantic.values()) {
            semantics.add(s.picassoSpelling);
            semantics.add(s.picassoShort);
        }
        assertEquals(semantics, alternatives(g, "|-)\\\\s+("));
    }

    /** The words of the one alternation that follows {@code prefix} in the grammar's JSON text. */
    private static Set<String> alternatives(String grammar, String prefix) {
        return alternatives(grammar, prefix, 0);
    }

    /** As above, the list starting {@code back} characters before the prefix's end (a prefix that holds its first word). */
    private static Set<String> alternatives(String grammar, String prefix, int back) {
        List<Integer> at = new ArrayList<>();
        for (int k = grammar.indexOf(prefix); k >= 0; k = grammar.indexOf(prefix, k + 1)) at.add(k);
        assertEquals(1, at.size(), "one list after " + prefix);
        int start = at.get(0) + prefix.length() - back;
        Matcher m = Pattern.compile("[a-z0-9|]+").matcher(grammar);
        assertTrue(m.find(start), prefix);
        return new TreeSet<>(List.of(m.group().split("\\|")));
    }
}
