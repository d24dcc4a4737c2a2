package dev.pica.asm.picasso;

import dev.pica.format.diag.SourcePos;

/** An open .proc, for, ifu/ifc or .constfa block of a picasso file, closed by .end. */
final class Block {
    enum Kind { PROC, FOR, IF, ARRAY }

    final Kind kind;
    final int pos;
    /** the procedure's or array's name; for FOR and IF, the mnemonic as written (for, ifu, ifc) */
    final String name;
    final SourcePos at;
    /** opened by an instruction with an error: no word to patch, only an .end to match */
    final boolean broken;
    int elsePos; // 0 = no .else yet
    /** the last block directly inside this one that an .end closed, and that .end (which block lacks its .end) */
    Block lastClosedInside;
    SourcePos lastClosedBy;

    Block(Kind kind, int pos, String name, SourcePos at) {
        this(kind, pos, name, at, false);
    }

    private Block(Kind kind, int pos, String name, SourcePos at, boolean broken) {
        this.kind = kind;
        this.pos = pos;
        this.name = name;
        this.at = at;
        this.broken = broken;
    }

    static Block broken(Kind kind, int pos, String name, SourcePos at) {
        return new Block(kind, pos, name, at, true);
    }

    /** How a message names it: ".proc 'main'", "ifu block", ".constfa array". */
    String described() {
        return switch (kind) {
            case ARRAY -> ".constfa array";
            case PROC -> ".proc '" + name + "'";
            default -> name + " block";
        };
    }
}
