package dev.pica.format;

/**
 * The shader unit's register files (docs/spec/isa.md section 4): how each is spelled, how many
 * registers it has, where it starts in an instruction's register field, and where in the unified
 * numbering of the DVLE's uniform table (the index libctru's {@code DVLE_GetUniformRegister}
 * returns, plus 0x10).
 */
public enum RegisterFile {
    INPUT('v', 16, 0x00, 0x00),
    TEMPORARY('r', 16, 0x10, -1),
    FLOAT_UNIFORM('c', 96, 0x20, 0x10),
    INT_UNIFORM('i', 4, -1, 0x70),
    BOOL_UNIFORM('b', 16, -1, 0x78),
    /** in a destination field at 0x00, where sources have the inputs */
    OUTPUT('o', 16, 0x00, -1);

    /** the letter a register of this file is written with: v, r, c, i, b, o */
    public final char letter;
    public final int count;
    /** the first code of this file in a source (or, for o, destination) field; -1: not an operand */
    public final int fieldBase;
    /** the first unified index (DVLE uniform table); -1: never in that table */
    public final int unifiedBase;

    RegisterFile(char letter, int count, int fieldBase, int unifiedBase) {
        this.letter = letter;
        this.count = count;
        this.fieldBase = fieldBase;
        this.unifiedBase = unifiedBase;
    }

    /** The file a unified index falls in, or null (0x74-0x77, 0x88 and up name nothing). */
    public static RegisterFile ofUnified(int unified) {
        for (RegisterFile f : values()) {
            if (f.unifiedBase >= 0 && unified >= f.unifiedBase && unified < f.unifiedBase + f.count) return f;
        }
        return null;
    }

    /** Register n of this file as written: "c4", "b0". */
    public String spell(int n) {
        return letter + Integer.toString(n);
    }
}
