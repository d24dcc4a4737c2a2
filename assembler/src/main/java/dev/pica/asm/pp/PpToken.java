package dev.pica.asm.pp;

import java.util.Set;

/**
 * A preprocessing token. {@code line}/{@code col} are the original source position (for
 * tokens made by macro expansion: the position of the macro use); {@code hide} is the C hide
 * set that stops recursive expansion.
 */
record PpToken(Kind kind, String text, int line, int col, boolean spaceBefore, Set<String> hide, boolean fromMacro) {
    enum Kind { IDENT, NUMBER, STRING, PUNCT, OTHER }

    /** This token as produced by a macro used at (l, c). */
    PpToken expandedAt(int l, int c, boolean space, Set<String> h) {
        return new PpToken(kind, text, l, c, space, h, true);
    }

    PpToken withSpace(boolean space) {
        return new PpToken(kind, text, line, col, space, hide, fromMacro);
    }

    boolean is(String s) {
        return (kind == Kind.PUNCT || kind == Kind.IDENT) && text.equals(s);
    }
}
