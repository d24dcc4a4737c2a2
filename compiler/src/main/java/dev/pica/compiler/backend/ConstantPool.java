package dev.pica.compiler.backend;

import dev.pica.compiler.translate.CompileError;
import dev.pica.format.diag.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * Float constants packed into the lanes of c registers from c95 down, each value once: an
 * operand reaches its values by swizzle, and a negated operand reads their magnitudes (negation
 * is free on sources). Values are rounded to the nearest float24 when stored.
 */
final class ConstantPool {
    /** A pooled register: its number and up to four float24 patterns. */
    static final class Slot {
        final int register;
        final List<Integer> values = new ArrayList<>(4);

        Slot(int register) {
            this.register = register;
        }
    }

    final List<Slot> slots = new ArrayList<>();
    private final int floor;

    /** @param floor the first register above the uniforms: constants may not go below it */
    ConstantPool(int floor) {
        this.floor = floor;
    }

    /** Where an operand's constant values live: the register, each value's lane, and whether the operand reads them negated. */
    record Placement(int register, int[] lanes, boolean negate) {}

    /** Places the values (float24 patterns) one operand needs, all in one register. */
    Placement place(int[] values, int line) {
        Placement a = find(values, false), b = find(negated(values), true);
        if (a != null && (b == null || cost(a) <= cost(b))) return commit(a, values);
        if (b != null) return commit(b, negated(values));
        int next = 95 - slots.size();
        if (next < floor) {
            throw new CompileError(Problem.SHADER_INTERFACE, line, "the constants do not fit: the uniforms take c0-c" + (floor - 1)
                    + " and the constants need more of the 96 float registers; use fewer distinct constants or smaller uniform arrays");
        }
        Slot s = new Slot(next);
        slots.add(s);
        return place(values, line);
    }

    private int cost(Placement p) {
        return p.register;
    }

    private Placement find(int[] values, boolean negate) {
        for (Slot s : slots) {
            List<Integer> missing = new ArrayList<>();
            for (int v : values) if (!s.values.contains(v) && !missing.contains(v)) missing.add(v);
            if (s.values.size() + missing.size() <= 4) return new Placement(s.register, null, negate);
        }
        return null;
    }

    private Placement commit(Placement p, int[] values) {
        Slot s = null;
        for (Slot x : slots) if (x.register == p.register()) s = x;
        int[] lanes = new int[values.length];
        for (int k = 0; k < values.length; k++) {
            int at = s.values.indexOf(values[k]);
            if (at < 0) {
                s.values.add(values[k]);
                at = s.values.size() - 1;
            }
            lanes[k] = at;
        }
        return new Placement(p.register(), lanes, p.negate());
    }

    private static int[] negated(int[] v) {
        int[] n = new int[v.length];
        for (int k = 0; k < v.length; k++) n[k] = (v[k] & 0x7FFFFF) == 0 ? 0 : v[k] ^ 0x800000;
        return n;
    }

    /** The nearest float24 to a float (ties to even); beyond the range infinity, below it zero (float24 has no denormals or -0). */
    static int nearest(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = bits >>> 31;
        if (Float.isNaN(f)) return 0x7FFFFF;
        int exp8 = (bits >>> 23) & 0xFF;
        int mant23 = bits & 0x7FFFFF;
        if (exp8 == 0) return 0;
        if (exp8 == 0xFF) return (sign << 23) | 0x7F0000;
        int e = exp8 - 127 + 63;
        int mant = mant23 >>> 7;
        int rest = mant23 & 0x7F;
        if (rest > 0x40 || (rest == 0x40 && (mant & 1) != 0)) {
            mant++;
            if (mant == 0x10000) {
                mant = 0;
                e++;
            }
        }
        if (e >= 0x7F) return (sign << 23) | 0x7F0000;
        if (e <= 0) return 0;
        return (sign << 23) | (e << 16) | mant;
    }
}
