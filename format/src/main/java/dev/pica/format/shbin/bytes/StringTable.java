package dev.pica.format.shbin.bytes;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A string table as the DVLE, DVLP and DVOJ blocks hold one (docs/spec/shbin-format.md): names as
 * NUL-terminated bytes one after another, each referred to by its offset from the table's start.
 */
public final class StringTable {
    private final ByteSink bytes = new ByteSink();
    private final Map<String, Integer> once = new HashMap<>();

    /** Appends a name (again if it is already there) and returns its offset. */
    public int add(String s) {
        int at = bytes.size();
        bytes.cstring(s);
        return at;
    }

    /** The offset of a name, appended the first time it is asked for. */
    public int addOnce(String s) {
        Integer at = once.get(s);
        if (at == null) {
            at = add(s);
            once.put(s, at);
        }
        return at;
    }

    /** Appends the name of each item in order: the offsets, one per item. */
    public <T> int[] addAll(List<T> items, Function<T, String> name) {
        int[] at = new int[items.size()];
        for (int k = 0; k < at.length; k++) at[k] = add(name.apply(items.get(k)));
        return at;
    }

    public int size() {
        return bytes.size();
    }

    public byte[] toByteArray() {
        return bytes.toByteArray();
    }
}
