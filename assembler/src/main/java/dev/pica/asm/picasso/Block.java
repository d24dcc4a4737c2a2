package dev.pica.asm.picasso;

import dev.pica.format.diag.SourcePos;

/** An open .proc, for, ifu/ifc or .constfa block of a picasso file, closed by .end. */
final class Block {
    enum Kind { PROC, FOR, IF, ARRAY }

    final Kind kind;
    final int pos;
    final String name;
    final SourcePos at;
    int elsePos; // 0 = no .else yet

    Block(Kind kind, int pos, String name, SourcePos at) {
        this.kind = kind;
        this.pos = pos;
        this.name = name;
        this.at = at;
    }
}
