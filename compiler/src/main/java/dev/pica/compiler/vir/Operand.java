package dev.pica.compiler.vir;

import java.util.Arrays;

/**
 * A source operand: a base (a virtual register, an input, a float uniform with an optional
 * index register, or a constant vector), which component of the base each component of the
 * operand is, and a negation. Swizzles and negations are free on PICA200 sources, so they are
 * folded here and never cost an instruction.
 */
public record Operand(Base base, int[] comps, boolean negated) {
    public Operand {
        if (comps.length < 1 || comps.length > 4) throw new IllegalArgumentException("width " + comps.length);
    }

    /** What an operand reads. */
    public sealed interface Base {}

    // equals and hashCode are written out (as a record's would be) in the records below: a
    // record's own link through invokedynamic (ObjectMethods), which spins method-handle classes on
    // the first call of every process, 14 ms of a cold picacc's CPU (docs/performance.md)

    public record Temp(VReg reg) implements Base {
        @Override
        public boolean equals(Object o) {
            return o instanceof Temp t && java.util.Objects.equals(reg, t.reg);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(reg);
        }
    }

    public record Input(int register) implements Base {
        @Override
        public boolean equals(Object o) {
            return o instanceof Input i && register == i.register;
        }

        @Override
        public int hashCode() {
            return Integer.hashCode(register);
        }
    }

    /**
     * c{@code register}, indexed by {@code index} when an array is indexed at run time: A0X holds
     * {@code indexValue} (a MOVA loads it right before the reader), AL is a counted loop's counter.
     */
    public record Uniform(int register, Index index, Operand indexValue) implements Base {
        public Uniform(int register) {
            this(register, Index.NONE, null);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Uniform u && register == u.register && index == u.index && java.util.Objects.equals(indexValue, u.indexValue);
        }

        @Override
        public int hashCode() {
            return (Integer.hashCode(register) * 31 + java.util.Objects.hashCode(index)) * 31 + java.util.Objects.hashCode(indexValue);
        }
    }

    /** A constant vector, pooled into a c register by the emitter (rounded to the nearest float24). */
    public record Const(float[] values) implements Base {
        @Override
        public boolean equals(Object o) {
            return o instanceof Const c && Arrays.equals(values, c.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }

    public enum Index { NONE, A0X, AL }

    public int width() {
        return comps.length;
    }

    public static Operand of(Base b, int width) {
        int[] c = new int[width];
        for (int i = 0; i < width; i++) c[i] = i;
        return new Operand(b, c, false);
    }

    public static Operand temp(VReg r) {
        return of(new Temp(r), r.width);
    }

    public static Operand constant(float... values) {
        return of(new Const(values.clone()), values.length);
    }

    /** Component {@code k} alone. */
    public Operand component(int k) {
        return new Operand(base, new int[] {comps[k]}, negated);
    }

    /** The components {@code picks} of this operand, in that order. */
    public Operand swizzle(int... picks) {
        int[] c = new int[picks.length];
        for (int i = 0; i < picks.length; i++) c[i] = comps[picks[i]];
        return new Operand(base, c, negated);
    }

    /** This scalar repeated {@code n} times (GLSL's implicit scalar-to-vector broadcast). */
    public Operand splat(int n) {
        if (comps.length == n) return this;
        int[] c = new int[n];
        Arrays.fill(c, comps[0]);
        return new Operand(base, c, negated);
    }

    public Operand negate() {
        return new Operand(base, comps, !negated);
    }

    public boolean isConst() {
        return base instanceof Const;
    }

    /** The value of component k of a constant operand (negation applied). */
    public float constValue(int k) {
        float v = ((Const) base).values[comps[k]];
        return negated ? -v : v;
    }

    /** Whether it reads a c register (a uniform or a pooled constant): one such operand per instruction. */
    public boolean wide() {
        return base instanceof Uniform || base instanceof Const;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Operand p && base.equals(p.base) && Arrays.equals(comps, p.comps) && negated == p.negated;
    }

    @Override
    public int hashCode() {
        return base.hashCode() * 31 + Arrays.hashCode(comps) + (negated ? 1 : 0);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(negated ? "-" : "");
        s.append(base).append('.');
        for (int c : comps) s.append("xyzw".charAt(c));
        return s.toString();
    }
}
