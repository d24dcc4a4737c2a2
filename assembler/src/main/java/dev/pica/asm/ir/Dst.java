package dev.pica.asm.ir;

import dev.pica.format.diag.SourcePos;

/** A resolved destination: o/r register (a0 for mova) and write mask (bit 3 = x ... bit 0 = w). */
public record Dst(RegClass cls, int num, int mask, SourcePos pos, String text) {
    public int code() {
        // o and r have destination codes (isa.md 4); mova's a0 has none: its DST field is 0
        return cls == RegClass.O || cls == RegClass.R ? cls.file().fieldBase + num : 0;
    }

    public Dst withMask(int m) {
        return new Dst(cls, num, m, pos, text);
    }

    public String regName() {
        return cls.name(num);
    }
}
