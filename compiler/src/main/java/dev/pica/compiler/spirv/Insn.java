package dev.pica.compiler.spirv;

/**
 * One SPIR-V instruction: its opcode, the operand words after the first, the GLSL position the
 * last OpLine before it gave (0 when none), and its place in the module.
 */
public record Insn(int opcode, int[] operands, int line, int column, int index) {
    public int word(int k) {
        return operands[k];
    }

    public int count() {
        return operands.length;
    }

    /** The literal string starting at operand {@code k} (nul-terminated UTF-8, little-endian words). */
    public String string(int k) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        for (int i = k; i < operands.length; i++) {
            int w = operands[i];
            for (int s = 0; s < 32; s += 8) {
                int c = (w >>> s) & 0xFF;
                if (c == 0) return b.toString(java.nio.charset.StandardCharsets.UTF_8);
                b.write(c);
            }
        }
        return b.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** How many operand words the string at {@code k} takes. */
    public int stringWords(int k) {
        for (int i = k; i < operands.length; i++) {
            int w = operands[i];
            if ((w & 0xFF000000) == 0 || (w & 0xFF0000) == 0 || (w & 0xFF00) == 0 || (w & 0xFF) == 0) return i - k + 1;
        }
        return operands.length - k;
    }
}
