package dev.pica.format.shbin.bytes;

import dev.pica.format.shbin.Layout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable little-endian byte buffer for the writers. */
public final class ByteSink {
    private byte[] data = new byte[256];
    private int size;

    public int size() {
        return size;
    }

    private void ensure(int extra) {
        if (size + extra > data.length) data = Arrays.copyOf(data, Math.max(data.length * 2, size + extra));
    }

    public ByteSink u8(int v) {
        ensure(1);
        data[size++] = (byte) v;
        return this;
    }

    public ByteSink u16(int v) {
        ensure(2);
        data[size++] = (byte) v;
        data[size++] = (byte) (v >>> 8);
        return this;
    }

    public ByteSink u32(int v) {
        ensure(4);
        data[size++] = (byte) v;
        data[size++] = (byte) (v >>> 8);
        data[size++] = (byte) (v >>> 16);
        data[size++] = (byte) (v >>> 24);
        return this;
    }

    public ByteSink bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, data, size, b.length);
        size += b.length;
        return this;
    }

    /** A NUL-terminated string; names are ASCII in practice, UTF-8 otherwise. */
    public ByteSink cstring(String s) {
        bytes(s.getBytes(StandardCharsets.UTF_8));
        return u8(0);
    }

    public ByteSink zeros(int n) {
        ensure(n);
        size += n; // the array is zero-filled and never shrinks
        return this;
    }

    public ByteSink align4() {
        return zeros((4 - (size & 3)) & 3);
    }

    /** Writes a header field of {@link Layout} at its offset (the header was reserved with zeros). */
    public ByteSink put(Layout.Field f, int v) {
        for (int i = 0; i < f.size(); i++) data[f.offset() + i] = (byte) (v >>> (8 * i));
        return this;
    }

    /** Appends one table entry: each value with its field's size, in the entry's field order. */
    public ByteSink entry(Layout.Entry e, int... values) {
        if (values.length != e.fields().size()) throw new IllegalArgumentException(e.name() + " has " + e.fields().size() + " fields");
        for (int k = 0; k < values.length; k++) {
            switch (e.fields().get(k).size()) {
                case 1 -> u8(values[k]);
                case 2 -> u16(values[k]);
                default -> u32(values[k]);
            }
        }
        return this;
    }

    /** Writes a 4-character magic field. */
    public ByteSink put(Layout.Field f, String magic) {
        for (int i = 0; i < 4; i++) data[f.offset() + i] = (byte) magic.charAt(i);
        return this;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(data, size);
    }
}
