package dev.pica.lsp.analysis;

import dev.pica.format.isa.syntax.Mnemonics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Renaming a declared name (label, procedure, macro, uniform, constant, input, output, alias):
 * every use in the files that share it ({@link NameScopes#sharing}). A new name must be an
 * identifier that is neither a register nor a mnemonic, and must not be declared already. A
 * public name, the one the application looks up in the shader binary (bind_symbol's; picasso's
 * uniforms and .in), is never changed: a name declared only by one is refused, and a #define of
 * the same spelling is renamed with its uses while the public name stays, as clangd leaves
 * alone what code outside the project depends on.
 */
public final class Renames {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
    private static final Pattern REGISTER = Pattern.compile("(?i)[" + dev.pica.format.isa.RegisterFile.LETTERS + "][0-9]+|a0|al|lcnt");

    /** One replacement of a name's occurrence. */
    public record Edit(Span span, String newText) {}

    private Renames() {}

    /** The name at this position if it can be renamed, else null. */
    public static SymbolIndex.Token renameable(List<Includes.Indexed> files, int line, int col) {
        SymbolIndex.Token t = files.get(0).index().tokenAt(line, col);
        if (t == null || t.afterDot()) return null;
        for (Includes.Indexed f : files) if (f.index().definition(t.text()) != null) return t;
        return null;
    }

    /** Why this name cannot be the new one, or null if it can. */
    public static String refusal(List<Includes.Indexed> files, String newName) {
        if (!IDENTIFIER.matcher(newName).matches()) return "'" + newName + "' is not a name (letters, digits, '_' and '$', not starting with a digit)";
        if (REGISTER.matcher(newName).matches()) return "'" + newName + "' is a register";
        if (Mnemonics.of(newName) != null) return "'" + newName + "' is a mnemonic";
        for (Includes.Indexed f : files) if (f.index().definition(newName) != null) return "'" + newName + "' is already declared";
        return null;
    }

    /**
     * Why this name cannot be renamed at all, or null: every declaration of it is a public name
     * (the application looks it up), with no #define, label or alias of the same spelling to rename instead.
     */
    public static String publicRefusal(List<Includes.Indexed> files, String name) {
        boolean isPublic = false;
        for (Includes.Indexed f : files) {
            SymbolIndex.Definition d = f.index().definition(name);
            if (d == null) continue;
            if (!f.index().isPublic(d)) return null;
            isPublic = true;
        }
        if (!isPublic) return null;
        return "'" + name + "' is a public name: the shader binary records it and the application looks it up by this spelling"
                + " (bind_symbol, .fvec, .ivec, .bool, .in); renaming it would break the program that loads the shader."
                + " Change it here and in the application by hand";
    }

    /**
     * The edits by document URI, in the order of {@code files}; a file without the name has none.
     * A public name of the same spelling ({@link SymbolIndex#isPublicName}) is left as it is.
     */
    public static Map<String, List<Edit>> edit(List<Includes.Indexed> files, String oldName, String newName) {
        Map<String, List<Edit>> changes = new LinkedHashMap<>();
        for (Includes.Indexed f : files) {
            List<Edit> edits = new ArrayList<>();
            for (SymbolIndex.Token o : f.index().occurrences(oldName)) if (!f.index().isPublicName(o)) edits.add(new Edit(Span.of(o), newName));
            if (!edits.isEmpty()) changes.put(f.uri(), edits);
        }
        return changes;
    }
}
