package dev.pica.lsp.analysis;

/**
 * One thing that may be written at a position: its label, what it is, a one-line detail, and
 * for a mnemonic its operand form as a snippet ({@code ${1:dst}}...) and what it computes
 * (Markdown); both null otherwise.
 */
public record Completion(String label, Kind kind, String detail, String snippet, String documentation) {
    /** What is offered: a word of the language, or a name the file and its headers declare (with its {@link SymbolIndex.Kind}). */
    public sealed interface Kind permits Word, Declared {}

    public enum Word implements Kind { KEYWORD, OUTPUT_SEMANTIC, SWIZZLE, REGISTER }

    public record Declared(SymbolIndex.Kind kind) implements Kind {}
}
