package dev.pica.compiler.spirv;

/** SPIR-V words that break the binary's layout: the word index and what is wrong. */
public final class SpirvFormatException extends Exception {
    public final int word;

    public SpirvFormatException(int word, String message) {
        super("SPIR-V word " + word + ": " + message);
        this.word = word;
    }
}
