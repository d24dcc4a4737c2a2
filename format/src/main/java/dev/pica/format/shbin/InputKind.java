package dev.pica.format.shbin;


/**
 * What a file given to a tool is, from its bytes: a linked binary (DVLB), an object (DVOJ),
 * text (no NUL byte: sources are ASCII, UTF-8 or Shift-JIS), or other binary data. Every tool
 * asks this before reading, so a file of the wrong kind is one line naming what it is.
 */
public enum InputKind {
    DVLB, DVOJ, TEXT, BINARY;

    public static InputKind of(byte[] b) {
        if (DvlbReader.looksLikeDvlb(b)) return DVLB;
        if (DvojReader.looksLikeDvoj(b)) return DVOJ;
        return firstNul(b) < 0 ? TEXT : BINARY;
    }

    /** The offset of the first NUL byte, or -1. */
    public static int firstNul(byte[] b) {
        for (int i = 0; i < b.length; i++) if (b[i] == 0) return i;
        return -1;
    }

    /** Why bytes given as a source are not one (a binary, an object, data with a NUL byte), or null for text. */
    public static String notSourceText(byte[] b) {
        return switch (of(b)) {
            case DVLB -> "this is a linked shader binary (DVLB), not a source; picadis disassembles it";
            case DVOJ -> "this is an object file (DVOJ), not a source; picalink links it";
            case BINARY -> String.format("this is not a text file (NUL byte at offset 0x%X); sources are ASCII, UTF-8 or Shift-JIS text", firstNul(b));
            case TEXT -> null;
        };
    }
}
