package dev.pica.lsp;

import dev.pica.lsp.analysis.Completion;
import dev.pica.lsp.analysis.SemanticTokenList;
import dev.pica.lsp.analysis.SymbolIndex;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.SemanticTokensLegend;
import org.eclipse.lsp4j.SymbolKind;

/** The protocol's names for what the analysis finds: symbol and completion kinds, the semantic-token legend. */
final class ProtocolKinds {
    private ProtocolKinds() {}

    static final SemanticTokensLegend LEGEND = new SemanticTokensLegend(SemanticTokenList.TYPES, SemanticTokenList.MODIFIERS);

    /** How the outline and workspace symbols show a declaration. */
    static SymbolKind symbol(SymbolIndex.Kind k) {
        return switch (k) {
            case LABEL, PROCEDURE -> SymbolKind.Function;
            case MACRO, CONSTANT -> SymbolKind.Constant;
            case UNIFORM, ALIAS -> SymbolKind.Variable;
            case INPUT, OUTPUT -> SymbolKind.Field;
        };
    }

    /** How completion shows a word of the language, or a declared name. */
    static CompletionItemKind completion(Completion.Kind k) {
        if (k instanceof Completion.Declared d) return completion(d.kind());
        return switch ((Completion.Word) k) {
            case KEYWORD -> CompletionItemKind.Keyword;
            case OUTPUT_SEMANTIC -> CompletionItemKind.EnumMember;
            case SWIZZLE -> CompletionItemKind.Property;
            case REGISTER -> CompletionItemKind.Variable;
        };
    }

    private static CompletionItemKind completion(SymbolIndex.Kind k) {
        return switch (k) {
            case LABEL, PROCEDURE -> CompletionItemKind.Function;
            case MACRO, CONSTANT -> CompletionItemKind.Constant;
            case UNIFORM, ALIAS -> CompletionItemKind.Variable;
            case INPUT, OUTPUT -> CompletionItemKind.Field;
        };
    }
}
