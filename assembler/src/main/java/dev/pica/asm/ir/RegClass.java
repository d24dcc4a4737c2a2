package dev.pica.asm.ir;

import dev.pica.format.isa.RegisterFile;

/** Register files of the shader unit (sdk-dialect.md section 5), as the IR names them. */
public enum RegClass {
    V(RegisterFile.INPUT), O(RegisterFile.OUTPUT), R(RegisterFile.TEMPORARY), C(RegisterFile.FLOAT_UNIFORM), I(RegisterFile.INT_UNIFORM),
    B(RegisterFile.BOOL_UNIFORM), A0(null), AL(null);

    public final char letter;
    public final int count;
    /** the file of format's model; null for a0 and aL, which are not register files */
    private final RegisterFile file;

    RegClass(RegisterFile file) {
        this.file = file;
        this.letter = file == null ? 'a' : file.letter;
        this.count = file == null ? 1 : file.count;
    }

    /** The register file of format's model (a0 and aL have none: null). */
    public RegisterFile file() {
        return file;
    }

    /** The class of a register file of format's model. */
    public static RegClass of(RegisterFile file) {
        for (RegClass c : values()) if (c.file == file) return c;
        throw new IllegalArgumentException(String.valueOf(file));
    }

    public String name(int n) {
        return switch (this) {
            case A0 -> "a0";
            case AL -> "aL";
            default -> file.spell(n);
        };
    }
}
