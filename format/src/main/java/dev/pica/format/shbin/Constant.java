package dev.pica.format.shbin;

import dev.pica.format.isa.Float24;
import dev.pica.format.isa.RegisterFile;

/**
 * A constant table entry (shbin-format.md 5.3). Float: x..w are f24 values; int: x..w are
 * the four bytes; bool: x is 0 or 1.
 */
public record Constant(int type, int index, int x, int y, int z, int w) {
    public static final int BOOL = 0;
    public static final int INT = 1;
    public static final int FLOAT = 2;

    // equals and hashCode written out (the generated record's hash), as OutputMap's
    @Override
    public boolean equals(Object o) {
        return o instanceof Constant c && c.type == type && c.index == index && c.x == x && c.y == y && c.z == z && c.w == w;
    }

    @Override
    public int hashCode() {
        return ((((type * 31 + index) * 31 + x) * 31 + y) * 31 + z) * 31 + w;
    }

    /** Unified register index (isa.md 4), the sort key of constant tables. */
    public int unifiedIndex() {
        return switch (type) {
            case FLOAT -> RegisterFile.FLOAT_UNIFORM.unifiedBase + index;
            case INT -> RegisterFile.INT_UNIFORM.unifiedBase + index;
            default -> RegisterFile.BOOL_UNIFORM.unifiedBase + index;
        };
    }

    public String registerName() {
        return switch (type) {
            case FLOAT -> "c" + index;
            case INT -> "i" + index;
            default -> "b" + index;
        };
    }

    /** "c19 = (1, -1, 1, 1)", "i0 = (2, 0, 1, 0)", "b3 = true". */
    public String describe() {
        return switch (type) {
            case FLOAT -> String.format("%s = (%s, %s, %s, %s)", registerName(), Float24.toText(x), Float24.toText(y), Float24.toText(z), Float24.toText(w));
            case INT -> String.format("%s = (%d, %d, %d, %d)", registerName(), x, y, z, w);
            default -> registerName() + " = " + (x != 0 ? "true" : "false");
        };
    }

    public boolean sameValue(Constant o) {
        return type == o.type && x == o.x && y == o.y && z == o.z && w == o.w;
    }
}
