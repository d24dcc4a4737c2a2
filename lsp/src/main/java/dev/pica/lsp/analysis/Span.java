package dev.pica.lsp.analysis;

/**
 * Where something stands on one line of a document: the line 0-based, the columns in UTF-16
 * units (as an editor and LSP count them), {@code end} exclusive.
 */
public record Span(int line, int start, int end) {
    public static Span of(SymbolIndex.Token t) {
        return new Span(t.line(), t.col(), t.end());
    }

    public static Span of(SymbolIndex.Definition d) {
        return new Span(d.line(), d.col(), d.end());
    }
}
