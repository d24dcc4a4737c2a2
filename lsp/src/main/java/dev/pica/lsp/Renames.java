package dev.pica.lsp;

import dev.pica.format.Mnemonics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;

/**
 * Renaming a declared name (label, procedure, macro, uniform, constant, input, output, alias):
 * every use in the file and the headers it includes. A new name must be an identifier that is
 * neither a register nor a mnemonic, and must not be declared already.
 */
final class Renames {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
    private static final Pattern REGISTER = Pattern.compile("(?i)[" + dev.pica.format.RegisterFile.LETTERS + "][0-9]+|a0|al|lcnt");

    private Renames() {}

    /** The name at this position if it can be renamed, else null. */
    static SymbolIndex.Token renameable(List<Includes.Indexed> files, int line, int col) {
        SymbolIndex.Token t = files.get(0).index().tokenAt(line, col);
        if (t == null || t.afterDot()) return null;
        for (Includes.Indexed f : files) if (f.index().definition(t.text()) != null) return t;
        return null;
    }

    /** Why this name cannot be the new one, or null if it can. */
    static String refusal(List<Includes.Indexed> files, String newName) {
        if (!IDENTIFIER.matcher(newName).matches()) return "'" + newName + "' is not a name (letters, digits, '_' and '$', not starting with a digit)";
        if (REGISTER.matcher(newName).matches()) return "'" + newName + "' is a register";
        if (Mnemonics.of(newName) != null) return "'" + newName + "' is a mnemonic";
        for (Includes.Indexed f : files) if (f.index().definition(newName) != null) return "'" + newName + "' is already declared";
        return null;
    }

    static WorkspaceEdit edit(List<Includes.Indexed> files, String oldName, String newName) {
        Map<String, List<TextEdit>> changes = new LinkedHashMap<>();
        for (Includes.Indexed f : files) {
            List<TextEdit> edits = new ArrayList<>();
            for (SymbolIndex.Token o : f.index().occurrences(oldName)) edits.add(new TextEdit(ShaderTextService.range(o.line(), o.col(), o.end()), newName));
            if (!edits.isEmpty()) changes.put(f.uri(), edits);
        }
        return new WorkspaceEdit(changes);
    }

    static Range range(SymbolIndex.Token t) {
        return ShaderTextService.range(t.line(), t.col(), t.end());
    }
}
