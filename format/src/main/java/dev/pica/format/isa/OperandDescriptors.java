package dev.pica.format.isa;

/** Operand-descriptor fields (isa.md section 5.1). */
public final class OperandDescriptors {
    private OperandDescriptors() {}

    /** The descriptor bits covered by usedInfo {@code u} (shbin-format.md 4.3, F(u)). */
    public static int careMask(int used) {
        int m = 0;
        if ((used & 1) != 0) m |= 0x0000000F;
        if ((used & 2) != 0) m |= 0x00001FF0;
        if ((used & 4) != 0) m |= 0x003FE000;
        if ((used & 8) != 0) m |= 0x7FC00000;
        return m;
    }

    public static int build(int mask, boolean neg1, int sel1, boolean neg2, int sel2, boolean neg3, int sel3) {
        return (mask & 0xF) | (neg1 ? 1 << 4 : 0) | (sel1 & 0xFF) << 5 | (neg2 ? 1 << 13 : 0) | (sel2 & 0xFF) << 14
                | (neg3 ? 1 << 22 : 0) | (sel3 & 0xFF) << 23;
    }

    public static int mask(int d) {
        return d & 0xF;
    }

    /** Negate flag of source n (1-3). */
    public static boolean neg(int d, int n) {
        return switch (n) {
            case 1 -> (d & 1 << 4) != 0;
            case 2 -> (d & 1 << 13) != 0;
            default -> (d & 1 << 22) != 0;
        };
    }

    /** Selector of source n (1-3). */
    public static int sel(int d, int n) {
        return switch (n) {
            case 1 -> d >>> 5 & 0xFF;
            case 2 -> d >>> 14 & 0xFF;
            default -> d >>> 23 & 0xFF;
        };
    }

    /** Selector to letters, always four (e.g. 0x1B to "xyzw"). */
    public static String selectorText(int sel) {
        char[] c = new char[4];
        for (int lane = 0; lane < 4; lane++) c[lane] = "xyzw".charAt(sel >>> (6 - 2 * lane) & 3);
        return new String(c);
    }

    /** Shortest swizzle text that pads back to {@code sel} (trailing repeats of the last letter dropped). */
    public static String shortSelectorText(int sel) {
        String s = selectorText(sel);
        int n = 4;
        while (n > 1 && s.charAt(n - 1) == s.charAt(n - 2)) n--;
        return s.substring(0, n);
    }

    /** "mask xyz  src1 yxzz src2 -xyzw src3 xxxx": every field of a descriptor value. */
    public static String describe(int d) {
        return String.format("mask %-4s src1 %s%s src2 %s%s src3 %s%s", maskText(d & 0xF),
                neg(d, 1) ? "-" : "", selectorText(sel(d, 1)), neg(d, 2) ? "-" : "", selectorText(sel(d, 2)),
                neg(d, 3) ? "-" : "", selectorText(sel(d, 3)));
    }

    /** Destination mask (bit 3 = x) to letters in xyzw order. */
    public static String maskText(int mask) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < 4; c++) if ((mask & (8 >> c)) != 0) sb.append("xyzw".charAt(c));
        return sb.toString();
    }
}
