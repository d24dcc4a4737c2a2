package dev.pica.format.shbin.bytes;

import dev.pica.format.shbin.FormatException;
import dev.pica.format.shbin.Layout;
import java.nio.charset.StandardCharsets;

/**
 * Bounds-checked little-endian reads over a byte array. Every read names the absolute file
 * offset in its error, so a corrupt binary yields "offset 0x..: what" and never an exception trace.
 */
public final class ByteSource {
    private final byte[] data;
    private final int base;
    private final int limit;

    public ByteSource(byte[] data) {
        this(data, 0, data.length);
    }

    private ByteSource(byte[] data, int base, int limit) {
        this.data = data;
        this.base = base;
        this.limit = limit;
    }

    /** A view whose offsets count from {@code at} (DVLP and DVLE offsets are relative to their magic). */
    public ByteSource slice(int at) throws FormatException {
        check(at, 0, "section start");
        return new ByteSource(data, base + at, limit);
    }

    public int base() {
        return base;
    }

    private void check(long at, long n, String what) throws FormatException {
        if (at < 0 || at + n > limit - base) {
            throw new FormatException(base + at, String.format(
                    "%s needs %d byte%s but the file ends at 0x%X", what, n, n == 1 ? "" : "s", limit));
        }
    }

    public int u8(int at, String what) throws FormatException {
        check(at, 1, what);
        return data[base + at] & 0xFF;
    }

    public int u16(int at, String what) throws FormatException {
        check(at, 2, what);
        int p = base + at;
        return (data[p] & 0xFF) | (data[p + 1] & 0xFF) << 8;
    }

    public int u32(int at, String what) throws FormatException {
        check(at, 4, what);
        int p = base + at;
        return (data[p] & 0xFF) | (data[p + 1] & 0xFF) << 8 | (data[p + 2] & 0xFF) << 16 | (data[p + 3] & 0xFF) << 24;
    }

    /** A header field of {@link Layout}, by its size; messages name it in words. */
    public int read(Layout.Field f) throws FormatException {
        // the name in words is made only for the message: words() runs a regular expression, which
        // made for every field read a twelfth of a warm SDK batch's samples (the linker reads its binary back)
        if (f.offset() < 0 || (long) f.offset() + f.size() > limit - base) check(f.offset(), f.size(), f.words());
        return switch (f.size()) {
            case 1 -> u8(f.offset(), null);
            case 2 -> u16(f.offset(), null);
            default -> u32(f.offset(), null);
        };
    }

    /** Checks that a table of {@code count} entries of {@code size} bytes at {@code at} lies inside the data. */
    public void table(int at, int count, int size, String what) throws FormatException {
        long off = Integer.toUnsignedLong(at);
        long n = Integer.toUnsignedLong(count);
        if (n > Integer.MAX_VALUE / Math.max(size, 1)) {
            throw new FormatException(base + off, what + " count " + n + " is impossible");
        }
        if (off > limit - base) {
            throw new FormatException(base, String.format("%s offset 0x%X lies outside the file (size 0x%X)",
                    what, base + off, limit));
        }
        check(off, n * size, what + " (" + n + " entries of " + size + " bytes)");
    }

    public void magic(int at, String expected) throws FormatException {
        check(at, 4, expected + " magic");
        for (int i = 0; i < 4; i++) {
            if (data[base + at + i] != expected.charAt(i)) {
                throw new FormatException(base + at, "expected magic '" + expected + "', found '" + printable(at) + "'");
            }
        }
    }

    private String printable(int at) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            int c = data[base + at + i] & 0xFF;
            sb.append(c >= 0x20 && c < 0x7F ? (char) c : String.format("\\x%02x", c));
        }
        return sb.toString();
    }

    /** A NUL-terminated string at {@code tableStart + offset}, which must end inside the table. */
    public String cstring(int tableStart, int tableSize, int offset, String what) throws FormatException {
        if (offset < 0 || offset >= tableSize) {
            throw new FormatException(base + tableStart, String.format(
                    "%s: string offset 0x%X is outside the string table (size 0x%X)", what, offset, tableSize));
        }
        int p = base + tableStart + offset;
        int end = base + tableStart + tableSize;
        for (int q = p; q < end; q++) {
            if (data[q] == 0) return new String(data, p, q - p, StandardCharsets.UTF_8);
        }
        throw new FormatException(p, what + ": string is not NUL-terminated inside its table");
    }
}
