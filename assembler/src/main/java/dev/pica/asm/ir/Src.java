package dev.pica.asm.ir;

import dev.pica.format.diag.SourcePos;

/**
 * A resolved source operand: register, negation, 8-bit selector (lane x in bits 7:6) and the
 * IDX code of its index register (0 none, 1 a0.x, 2 a0.y, 3 aL).
 */
public record Src(RegClass cls, int num, boolean neg, int sel, int idx, SourcePos pos, String text) {
    /** Needs the 7-bit slot: a c register or a relatively addressed one. */
    public boolean wide() {
        return cls == RegClass.C || idx != 0;
    }

    /** The source field code (isa.md 4). */
    public int code() {
        if (cls != RegClass.V && cls != RegClass.R && cls != RegClass.C) throw new IllegalStateException("not a source register: " + cls);
        return cls.file().fieldBase + num;
    }

    public Src withSel(int s) {
        return new Src(cls, num, neg, s, idx, pos, text);
    }

    public Src withNeg(boolean n) {
        return new Src(cls, num, n, sel, idx, pos, text);
    }

    /** The same operand on register number num + k (matrix rows). */
    public Src row(int k) {
        return new Src(cls, num + k, neg, sel, idx, pos, text);
    }

    public String regName() {
        return cls.name(num);
    }
}
