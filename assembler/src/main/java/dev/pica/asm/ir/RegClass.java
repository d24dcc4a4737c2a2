package dev.pica.asm.ir;

import dev.pica.format.RegisterFile;

/** Register files of the shader unit (sdk-dialect.md section 5). */
public enum RegClass {
    V('v', 16), O('o', 16), R('r', 16), C('c', 96), I('i', 4), B('b', 16), A0('a', 1), AL('a', 1);

    public final char letter;
    public final int count;

    RegClass(char letter, int count) {
        this.letter = letter;
        this.count = count;
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

    public String name(int n) {
        return switch (this) {
            case A0 -> "a0";
            case AL -> "aL";
            default -> String.valueOf(letter) + n;
        };
    }
}
