package dev.pica.asm.ir;

/** Register files of the shader unit (sdk-dialect.md section 5). */
public enum RegClass {
    V('v', 16), O('o', 16), R('r', 16), C('c', 96), I('i', 4), B('b', 16), A0('a', 1), AL('a', 1);

    public final char letter;
    public final int count;

    RegClass(char letter, int count) {
        this.letter = letter;
        this.count = count;
    }

    public String name(int n) {
        return switch (this) {
            case A0 -> "a0";
            case AL -> "aL";
            default -> String.valueOf(letter) + n;
        };
    }
}
