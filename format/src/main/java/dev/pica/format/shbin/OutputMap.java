package dev.pica.format.shbin;

/** An output-map entry: semantic type, o register, component mask with x = bit 0. */
public record OutputMap(int type, int register, int mask) {
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
