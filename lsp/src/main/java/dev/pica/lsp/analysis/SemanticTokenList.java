package dev.pica.lsp.analysis;

import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.isa.syntax.Mnemonics;
import java.util.ArrayList;
import java.util.List;

/**
 * The semantic tokens of a text (LSP's relative encoding), so that themes colour what the
 * toolchain knows: mnemonics and directives as keywords, registers as variables, labels and
 * procedures as functions, macros, and declared names (uniforms, constants, inputs, outputs,
 * aliases) as properties, their declarations marked.
 */
public final class SemanticTokenList {
    public static final List<String> TYPES = List.of("keyword", "variable", "function", "macro", "property");
    public static final List<String> MODIFIERS = List.of("declaration");
    private static final int KEYWORD = 0, VARIABLE = 1, FUNCTION = 2, MACRO = 3, PROPERTY = 4;
    /** the address registers, which no register file holds */
    private static final java.util.Set<String> ADDRESS_REGISTERS = java.util.Set.of("a0", "aL", "lcnt");

    private SemanticTokenList() {}

    public static List<Integer> of(SymbolIndex ix, Dialect dialect) {
        boolean picasso = dialect == Dialect.PICASSO;
        List<Integer> data = new ArrayList<>();
        int lastLine = 0, lastCol = 0;
        for (SymbolIndex.Token t : ix.tokens()) {
            int type = -1, mods = 0;
            SymbolIndex.Definition d = t.afterDot() ? null : ix.definition(t.text());
            boolean start = ix.isStatementStart(t);
            if (start && Mnemonics.of(t.text()) != null && d == null) {
                type = KEYWORD;
            } else if (t.afterDot() && picasso && isDirectiveName(ix, t)) {
                type = KEYWORD;
            } else if (!picasso && afterHash(ix, t)) {
                type = KEYWORD;
            } else if (d != null) {
                type = switch (d.kind()) {
                    case LABEL, PROCEDURE -> FUNCTION;
                    case MACRO -> MACRO;
                    default -> PROPERTY;
                };
                if (d.line() == t.line() && d.col() == t.col()) mods = 1;
            } else if (!t.afterDot() && (RegisterFile.isRegister(t.text()) || ADDRESS_REGISTERS.contains(t.text()))) {
                type = VARIABLE;
            }
            if (type < 0) continue;
            int dl = t.line() - lastLine, dc = dl == 0 ? t.col() - lastCol : t.col();
            data.add(dl);
            data.add(dc);
            data.add(t.end() - t.col());
            data.add(type);
            data.add(mods);
            lastLine = t.line();
            lastCol = t.col();
        }
        return data;
    }

    /** picasso's ".proc", ".fvec", ...: a name right after the '.' that starts a statement. */
    private static boolean isDirectiveName(SymbolIndex ix, SymbolIndex.Token t) {
        String before = ix.line(t.line()).substring(0, t.col() - 1);
        int colon = before.lastIndexOf(':');
        return (colon < 0 ? before : before.substring(colon + 1)).isBlank();
    }

    /** "#include", "# pragma", and the pragma's name. */
    private static boolean afterHash(SymbolIndex ix, SymbolIndex.Token t) {
        String before = ix.line(t.line()).substring(0, t.col()).strip();
        return before.equals("#") || before.matches("#\\s*pragma");
    }
}
