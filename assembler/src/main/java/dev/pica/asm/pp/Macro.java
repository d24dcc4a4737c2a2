package dev.pica.asm.pp;

import dev.pica.format.diag.SourcePos;
import java.util.List;

/** A #define: params is null for object-like macros. */
record Macro(String name, List<String> params, List<PpToken> body, SourcePos defined) {
    boolean functionLike() {
        return params != null;
    }

    /** C's rule for a benign redefinition: same parameters, same tokens, same spacing. */
    boolean sameDefinition(Macro o) {
        if (!java.util.Objects.equals(params, o.params) || body.size() != o.body.size()) return false;
        for (int i = 0; i < body.size(); i++) {
            PpToken a = body.get(i), b = o.body.get(i);
            if (!a.text().equals(b.text()) || (i > 0 && a.spaceBefore() != b.spaceBefore())) return false;
        }
        return true;
    }
}
