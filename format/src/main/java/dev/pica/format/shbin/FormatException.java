package dev.pica.format.shbin;

/** A binary that cannot be read: names the byte offset and what was wrong there. */
public final class FormatException extends Exception {
    private final long offset;

    public FormatException(long offset, String message) {
        super(String.format("offset 0x%X: %s", offset, message));
        this.offset = offset;
    }

    public long offset() {
        return offset;
    }
}
