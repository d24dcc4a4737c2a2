package dev.pica.format.shbin;

/** A label table entry: name, word address, length to the next 'ret' (0xFFFFFFFF if none). */
public record Label(String name, int address, int length) {
    public static final int NO_RET = 0xFFFFFFFF;
}
