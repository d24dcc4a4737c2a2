package dev.pica.asm.ir;

import dev.pica.format.RegisterFile;

/** Register files of the shader unit (sdk-dialect.md section 5). */
public enum RegClass {
    V(RegisterFile.INPUT), O(RegisterFile.OUTPUT), R(RegisterFile.TEMPORARY), C(RegisterFile.FLOAT_UNIFORM), I(RegisterFile.INT_UNIFORM),
    B(RegisterFile.BOOL_UNIFORM), A0('a', 1), AL('a', 1);

    public final char letter;
    public final int count;

    RegClass(char letter, int count) {
        this.letter = letter;
        this.count = count;
    }

    /** A file of format's model: its letter and size from there. */
    RegClass(RegisterFile file) {
        this(file.letter, file.count);
    }

    /** The register file of format's model (a0 and aL have none: null). */
    public RegisterFile file() {
        return switch (this) {
            case V -> RegisterFile.INPUT;
            case O -> RegisterFile.OUTPUT;
            case R -> RegisterFile.TEMPORARY;
            case C -> RegisterFile.FLOAT_UNIFORM;
            case I -> RegisterFile.INT_UNIFORM;
            case B -> RegisterFile.BOOL_UNIFORM;
            default -> null;
        };
    }

    /** The class of a register file of format's model. */
    public static RegClass of(RegisterFile file) {
        for (RegClass c : values()) if (c.file() == file) return c;
        throw new IllegalArgumentException(file.toString());
    }

    public String name(int n) {
        return switch (this) {
            case A0 -> "a0";
            case AL -> "aL";
            default -> String.valueOf(letter) + n;
        };
    }
}
