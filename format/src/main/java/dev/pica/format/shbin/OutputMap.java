package dev.pica.format.shbin;

/** An output-map entry: semantic type, o register, component mask with x = bit 0. */
public record OutputMap(int type, int register, int mask) {
    // equals and hashCode written out (the generated record's hash): a record's own link through
    // invokedynamic, whose method-handle classes no archive holds; Program.sameFindingsAs compares
    // these in every batch (performance.md, issue 48 item 6)
    @Override
    public boolean equals(Object o) {
        return o instanceof OutputMap m && m.type == type && m.register == register && m.mask == mask;
    }

    @Override
    public int hashCode() {
        return (type * 31 + register) * 31 + mask;
    }

    /** The mask as letters in xyzw order (x = bit 0). */
    public String maskText() {
        return maskText(mask);
    }

    /** An output-table mask (x = bit 0) as letters in xyzw order. */
    public static String maskText(int mask) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < 4; c++) if ((mask & 1 << c) != 0) sb.append("xyzw".charAt(c));
        return sb.toString();
    }
}
