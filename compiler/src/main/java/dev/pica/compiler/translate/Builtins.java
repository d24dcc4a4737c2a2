package dev.pica.compiler.translate;

import dev.pica.compiler.spirv.Type;
import dev.pica.compiler.translate.Translator.Cmp;
import dev.pica.compiler.translate.Translator.CmpPair;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VReg;
import dev.pica.format.diag.Problem;
import java.util.Arrays;
import java.util.List;

/**
 * GLSL's built-in functions (GLSL.std.450) and the operations the vertex unit lacks, expanded
 * into its instructions. RCP, RSQ, EX2 and LG2 are scalar: a vecN takes N of them. The error
 * bound of each expansion is measured and tabled in docs/glsl.md.
 */
final class Builtins {
    private final Translator t;

    Builtins(Translator t) {
        this.t = t;
    }

    private Operand emit(Opc op, int w, Operand... s) {
        return t.emit(op, w, s);
    }

    static Operand k(float... v) {
        return Operand.constant(v);
    }

    static Operand splatK(float v, int n) {
        float[] f = new float[n];
        Arrays.fill(f, v);
        return Operand.constant(f);
    }

    /** Both operands constant: the result folded (in float32; the pool rounds it to float24), else null. */
    static Operand fold(Opc op, Operand a, Operand b) {
        if (!a.isConst() || !b.isConst()) return null;
        float[] r = new float[a.width()];
        for (int i = 0; i < r.length; i++) {
            float x = a.constValue(i), y = b.constValue(i);
            r[i] = switch (op) {
                case ADD -> x + y;
                case MUL -> x * y;
                case MAX -> Math.max(x, y);
                case MIN -> Math.min(x, y);
                case SGE -> x >= y ? 1f : 0f;
                case SLT -> x < y ? 1f : 0f;
                default -> Float.NaN;
            };
            if (Float.isNaN(r[i])) return null;
        }
        return Operand.constant(r);
    }

    static Boolean compareConst(int mode, float x, float y) {
        return switch (mode) {
            case 0 -> x == y;
            case 1 -> x != y;
            case 2 -> x < y;
            case 3 -> x <= y;
            case 4 -> x > y;
            default -> x >= y;
        };
    }

    /** An operation applied to each component through a scalar instruction (RCP, RSQ, EX2, LG2). */
    Operand scalarEach(Opc op, Operand x) {
        if (x.width() == 1) return emit(op, 1, x);
        VReg r = t.reg(x.width(), null);
        for (int k = 0; k < x.width(); k++) {
            // the same component twice (x.xx) needs one instruction
            int first = -1;
            for (int j = 0; j < k; j++) if (x.comps()[j] == x.comps()[k]) first = j;
            if (first >= 0) continue;
            int mask = 0;
            for (int j = k; j < x.width(); j++) if (x.comps()[j] == x.comps()[k]) mask |= 1 << j;
            t.emitInto(op, r, mask, k == 0, x.component(k));
        }
        return Operand.temp(r);
    }

    Operand dot(Operand a, Operand b) {
        int n = Math.max(a.width(), b.width());
        a = a.splat(n);
        b = b.splat(n);
        return switch (n) {
            case 1 -> emit(Opc.MUL, 1, a, b);
            case 2 -> {
                Operand p = emit(Opc.MUL, 2, a, b);
                yield emit(Opc.ADD, 1, p.component(0), p.component(1));
            }
            case 3 -> emit(Opc.DP3, 1, a, b);
            default -> emit(Opc.DP4, 1, a, b);
        };
    }

    /** dot(row, v) into component {@code comp} of {@code r}. */
    void dotInto(VReg r, int comp, boolean kill, Operand row, Operand v) {
        int n = row.width();
        if (n >= 3) {
            t.emitInto(n == 4 ? Opc.DP4 : Opc.DP3, r, 1 << comp, kill, row, v);
        } else {
            Operand d = dot(row, v);
            t.emitInto(Opc.MOV, r, 1 << comp, kill, d.splat(r.width));
        }
    }

    /** A comparison as data: 1.0 where it holds, 0.0 elsewhere (SGE/SLT; equality takes two of them). */
    Operand compareData(int mode, Operand a, Operand b) {
        int w = a.width();
        Operand f = fold(mode == 2 || mode == 5 ? (mode == 2 ? Opc.SLT : Opc.SGE) : mode == 4 ? Opc.SLT : Opc.SGE, mode == 4 || mode == 3 ? b : a, mode == 4 || mode == 3 ? a : b);
        if (f != null && mode >= 2) return f;
        return switch (mode) {
            case 2 -> emit(Opc.SLT, w, a, b);
            case 5 -> emit(Opc.SGE, w, a, b);
            case 4 -> emit(Opc.SLT, w, b, a);
            case 3 -> emit(Opc.SGE, w, b, a);
            case 0 -> emit(Opc.MUL, w, emit(Opc.SGE, w, a, b), emit(Opc.SGE, w, b, a));
            default -> emit(Opc.ADD, w, emit(Opc.SLT, w, a, b), emit(Opc.SLT, w, b, a));
        };
    }

    Operand boolData(Object v) {
        if (v instanceof Cmp c) return compareData(c.mode(), c.a(), c.b());
        CmpPair p = (CmpPair) v;
        Operand x = boolData(p.x()), y = boolData(p.y());
        return emit(p.and() ? Opc.MUL : Opc.MAX, 1, x, y);
    }

    /** c ? a : b for c 1.0 or 0.0: a*c + b*(1-c), exact. */
    Operand select(Operand c, Operand a, Operand b) {
        int w = a.width();
        Operand notC = emit(Opc.ADD, w, splatK(1f, w), c.negate());
        if (Ops.allZero(b)) return emit(Opc.MUL, w, a, c);
        if (Ops.allZero(a)) return emit(Opc.MUL, w, b, notC);
        Operand bPart = emit(Opc.MUL, w, b, notC);
        return emit(Opc.MAD, w, a, c, bPart);
    }

    /** Rounding toward zero: floor, plus one where x is negative and not whole. */
    Operand trunc(Operand x) {
        int w = x.width();
        Operand f = emit(Opc.FLR, w, x);
        Operand fr = emit(Opc.ADD, w, x, f.negate());
        Operand pos = emit(Opc.SLT, w, splatK(0f, w), fr);
        Operand neg = emit(Opc.SLT, w, x, splatK(0f, w));
        Operand q = emit(Opc.MUL, w, pos, neg);
        return emit(Opc.ADD, w, f, q);
    }

    Operand reciprocal(Operand b) {
        if (b.isConst()) {
            float[] r = new float[b.width()];
            for (int k = 0; k < r.length; k++) r[k] = 1f / b.constValue(k);
            return Operand.constant(r);
        }
        return scalarEach(Opc.RCP, b);
    }

    Operand divide(Operand a, Operand b) {
        int w = Math.max(a.width(), b.width());
        if (Ops.allOne(a.splat(w)) && !b.isConst()) return reciprocal(b).splat(w);
        a = a.splat(w);
        Operand r = reciprocal(b).splat(w);
        Operand f = fold(Opc.MUL, a, r);
        return f != null ? f : emit(Opc.MUL, w, a, r);
    }

    /**
     * a/b on integers held as floats: the quotient, nudged by half a step of 1/|b| toward its
     * true value before rounding, so that RCP's error never drops a whole quotient (exact while
     * |a| and |b| stay below 2^12; docs/glsl.md).
     */
    Operand intDivide(Operand a, Operand b) {
        int w = Math.max(a.width(), b.width());
        a = a.splat(w);
        Operand rb = reciprocal(b).splat(w);
        Operand d = emit(Opc.MUL, w, a, rb);
        Operand half = halfStep(rb, w);
        // trunc(d + sign(d) * half)
        Operand pos = emit(Opc.SLT, w, splatK(0f, w), d);
        Operand neg = emit(Opc.SLT, w, d, splatK(0f, w));
        Operand sign = emit(Opc.ADD, w, pos, neg.negate());
        Operand nudged = emit(Opc.MAD, w, sign, half, d);
        return trunc(nudged);
    }

    private Operand halfStep(Operand rb, int w) {
        if (rb.isConst()) {
            float[] h = new float[w];
            for (int k = 0; k < w; k++) h[k] = Math.abs(rb.constValue(k)) * 0.5f;
            return Operand.constant(h);
        }
        Operand abs = emit(Opc.MAX, w, rb, rb.negate());
        return emit(Opc.MUL, w, abs, splatK(0.5f, w));
    }

    /** GLSL's mod: a - b*floor(a/b) (integers: the quotient nudged as in {@link #intDivide}). */
    Operand mod(Operand a, Operand b, boolean integer) {
        int w = Math.max(a.width(), b.width());
        a = a.splat(w);
        b = b.splat(w);
        Operand rb = reciprocal(b).splat(w);
        Operand d = emit(Opc.MUL, w, a, rb);
        if (integer) d = emit(Opc.ADD, w, d, halfStep(rb, w));
        Operand f = emit(Opc.FLR, w, d);
        return emit(Opc.MAD, w, b.negate(), f, a);
    }

    /** a - b*trunc(a/b). */
    Operand rem(Operand a, Operand b, boolean integer) {
        int w = Math.max(a.width(), b.width());
        a = a.splat(w);
        b = b.splat(w);
        Operand q = integer ? intDivide(a, b) : trunc(divide(a, b));
        return emit(Opc.MAD, w, b.negate(), q, a);
    }

    Operand anyAll(Operand v, boolean all) {
        int n = v.width();
        if (n == 1) return v;
        Operand s = dot(v, splatK(1f, n));
        return all ? emit(Opc.SGE, 1, s, k(n)) : emit(Opc.SLT, 1, k(0f), s);
    }

    /** v[i] with i chosen at run time: a one-hot vector of (i >= k) - (i >= k+1) dotted with v. */
    Operand dynamicComponent(Operand v, Operand i) {
        int n = v.width();
        float[] lo = new float[n], hi = new float[n];
        for (int k = 0; k < n; k++) {
            lo[k] = k;
            hi[k] = k + 1;
        }
        Operand a = emit(Opc.SGE, n, i.splat(n), Operand.constant(lo));
        Operand b = emit(Opc.SGE, n, i.splat(n), Operand.constant(hi));
        Operand e = emit(Opc.ADD, n, a, b.negate());
        return dot(v, e);
    }

    private Operand abs(Operand x) {
        return emit(Opc.MAX, x.width(), x, x.negate());
    }

    private Operand sign(Operand x) {
        int w = x.width();
        Operand pos = emit(Opc.SLT, w, splatK(0f, w), x);
        Operand neg = emit(Opc.SLT, w, x, splatK(0f, w));
        return emit(Opc.ADD, w, pos, neg.negate());
    }

    private Operand fract(Operand x) {
        Operand f = emit(Opc.FLR, x.width(), x);
        return emit(Opc.ADD, x.width(), x, f.negate());
    }

    /** e^x as EX2(x log2(e)). */
    private Operand exp(Operand x) {
        return scalarEach(Opc.EX2, emit(Opc.MUL, x.width(), x, splatK((float) (1 / Math.log(2)), x.width())));
    }

    /** ln(x) as LG2(x) ln(2). */
    private Operand log(Operand x) {
        return emit(Opc.MUL, x.width(), scalarEach(Opc.LG2, x), splatK((float) Math.log(2), x.width()));
    }

    /** tanh: (e^2x - 1) / (e^2x + 1) on x clamped to [-10, 10] (tanh(10) is 1 in float32; e^2x would overflow to inf / inf beyond). */
    private Operand tanh(Operand x) {
        int w = x.width();
        Operand e = exp(emit(Opc.MUL, w, clamp(x, splatK(-10f, w), splatK(10f, w)), splatK(2f, w)));
        return divide(emit(Opc.ADD, w, e, splatK(-1f, w)), emit(Opc.ADD, w, e, splatK(1f, w)));
    }

    private Operand sqrt(Operand x) {
        // x * rsq(x): sqrt(0) = 0 * inf, which the PICA200's MUL makes 0
        Operand r = scalarEach(Opc.RSQ, x);
        return emit(Opc.MUL, x.width(), x, r);
    }

    private static final double HALF_PI = Math.PI / 2;

    /**
     * sin(2*pi*q) from the triangle wave w = 1 - 4|fract(q + phase) - 0.5| in [-1, 1], which
     * folds every angle into [-pi/2, pi/2], then an odd Taylor polynomial of degree 9 in w
     * (its truncation error at w = 1 is below 4e-6, under float24's resolution).
     */
    private Operand sinCycles(Operand x, float phase) {
        int w = x.width();
        Operand q = emit(Opc.MAD, w, x, splatK((float) (1 / (2 * Math.PI)), w), splatK(phase, w));
        Operand fr = fract(q);
        Operand c = emit(Opc.ADD, w, fr, splatK(-0.5f, w));
        Operand a = abs(c);
        Operand tri = emit(Opc.MAD, w, a, splatK(-4f, w), splatK(1f, w));
        Operand t2 = emit(Opc.MUL, w, tri, tri);
        double h = HALF_PI;
        float c1 = (float) h, c3 = (float) (-Math.pow(h, 3) / 6), c5 = (float) (Math.pow(h, 5) / 120),
                c7 = (float) (-Math.pow(h, 7) / 5040), c9 = (float) (Math.pow(h, 9) / 362880);
        Operand p = emit(Opc.MAD, w, t2, splatK(c9, w), splatK(c7, w));
        p = emit(Opc.MAD, w, t2, p, splatK(c5, w));
        p = emit(Opc.MAD, w, t2, p, splatK(c3, w));
        p = emit(Opc.MAD, w, t2, p, splatK(c1, w));
        return emit(Opc.MUL, w, p, tri);
    }

    private Operand sin(Operand x) {
        return sinCycles(x, 0.25f);
    }

    private Operand cos(Operand x) {
        return sinCycles(x, 0.5f);
    }

    /**
     * atan(x) for any x: z = min(|x|, 1/|x|) in [0, 1], a minimax polynomial of degree 9 in z
     * (Abramowitz and Stegun 4.4.49 form, error below 1e-5), pi/2 - p where |x| > 1, the sign of x.
     */
    private Operand atan(Operand x) {
        int w = x.width();
        Operand ax = abs(x);
        Operand inv = scalarEach(Opc.RCP, ax);
        Operand z = emit(Opc.MIN, w, ax, inv);
        Operand big = emit(Opc.SLT, w, splatK(1f, w), ax);
        return emit(Opc.MUL, w, fromAxis(atanUnit(z), big), sign(x));
    }

    /** atan(z) for z in [0, 1]: z times a polynomial in z^2. */
    private Operand atanUnit(Operand z) {
        int w = z.width();
        Operand z2 = emit(Opc.MUL, w, z, z);
        // coefficients of atan(z)/z in z^2 on [0, 1]
        float a1 = 0.9998660f, a3 = -0.3302995f, a5 = 0.1801410f, a7 = -0.0851330f, a9 = 0.0208351f;
        Operand p = emit(Opc.MAD, w, z2, splatK(a9, w), splatK(a7, w));
        p = emit(Opc.MAD, w, z2, p, splatK(a5, w));
        p = emit(Opc.MAD, w, z2, p, splatK(a3, w));
        p = emit(Opc.MAD, w, z2, p, splatK(a1, w));
        return emit(Opc.MUL, w, p, z);
    }

    /** pi/2 - r where {@code big} is 1.0, r where it is 0.0. */
    private Operand fromAxis(Operand r, Operand big) {
        int w = r.width();
        Operand diff = emit(Opc.MAD, w, r, splatK(-2f, w), splatK((float) HALF_PI, w));
        return emit(Opc.MAD, w, big, diff, r);
    }

    /**
     * atan(y, x) from the magnitudes alone: atan(min(|x|, |y|) / max(|x|, |y|)) in [0, pi/4],
     * pi/2 minus it where |y| > |x|, pi minus that where x < 0, and y's sign (y = 0 counts as
     * positive). No quotient y/x: with x = -0 (a negated constant 0, or ceil of a value in
     * (-1, 0), computed as -FLR(-x)) RCP gives -inf where GLSL's atan(y, -0) is +-pi/2 by y alone
     * (the C standard's atan2, which Mesa follows, IEEE 754-2008 9.2.1).
     */
    private Operand atan2(Operand y, Operand x) {
        int w = Math.max(y.width(), x.width());
        y = y.splat(w);
        x = x.splat(w);
        Operand ax = abs(x), ay = abs(y);
        Operand lo = emit(Opc.MIN, w, ax, ay);
        Operand hi = emit(Opc.MAX, w, ax, ay);
        Operand z = emit(Opc.MUL, w, lo, scalarEach(Opc.RCP, hi));
        Operand big = emit(Opc.SLT, w, ax, ay);
        Operand a = fromAxis(atanUnit(z), big);
        Operand xNeg = emit(Opc.SLT, w, x, splatK(0f, w));
        Operand back = emit(Opc.MAD, w, a, splatK(-2f, w), splatK((float) Math.PI, w));
        a = emit(Opc.MAD, w, xNeg, back, a);
        Operand yNeg = emit(Opc.SLT, w, y, splatK(0f, w));
        // s = 1 - 2*yNeg: +1 or -1
        Operand s = emit(Opc.MAD, w, yNeg, splatK(-2f, w), splatK(1f, w));
        return emit(Opc.MUL, w, a, s);
    }

    /** asin(x) = atan2(x, sqrt(1 - x^2)). */
    private Operand asin(Operand x) {
        int w = x.width();
        Operand one = emit(Opc.MAD, w, x.negate(), x, splatK(1f, w));
        Operand root = sqrt(emit(Opc.MAX, w, one, splatK(0f, w)));
        return atan2(x, root);
    }

    private Operand pow(Operand x, Operand y) {
        int w = Math.max(x.width(), y.width());
        x = x.splat(w);
        y = y.splat(w);
        Operand l = scalarEach(Opc.LG2, x);
        Operand p = emit(Opc.MUL, w, l, y);
        return scalarEach(Opc.EX2, p);
    }

    private Operand length(Operand v) {
        if (v.width() == 1) return abs(v);
        Operand d = dot(v, v);
        Operand r = emit(Opc.RSQ, 1, d);
        return emit(Opc.MUL, 1, d, r);
    }

    /**
     * roundEven: f = floor(x + 0.5), less one where x was halfway (f - x = 0.5) and f is odd
     * (f - 2 floor(f / 2) = 1): 2.5 is 2, 3.5 is 4, -2.5 is -2.
     */
    private Operand roundEven(Operand x) {
        int w = x.width();
        Operand f = emit(Opc.FLR, w, emit(Opc.ADD, w, x, splatK(0.5f, w)));
        Operand tie = emit(Opc.SGE, w, emit(Opc.ADD, w, f, x.negate()), splatK(0.5f, w));
        Operand half = emit(Opc.FLR, w, emit(Opc.MUL, w, f, splatK(0.5f, w)));
        Operand odd = emit(Opc.MAD, w, half, splatK(-2f, w), f);
        return emit(Opc.MAD, w, tie.negate(), odd, f);
    }

    private Operand normalize(Operand v) {
        if (v.width() == 1) return sign(v);
        Operand d = dot(v, v);
        Operand r = emit(Opc.RSQ, 1, d);
        return emit(Opc.MUL, v.width(), v, r.splat(v.width()));
    }

    private Operand clamp(Operand x, Operand lo, Operand hi) {
        int w = x.width();
        return emit(Opc.MIN, w, emit(Opc.MAX, w, x, lo.splat(w)), hi.splat(w));
    }

    private Operand mix(Operand a, Operand b, Operand s) {
        int w = Math.max(a.width(), b.width());
        a = a.splat(w);
        b = b.splat(w);
        Operand d = emit(Opc.ADD, w, b, a.negate());
        return emit(Opc.MAD, w, s.splat(w), d, a);
    }

    private Operand smoothstep(Operand e0, Operand e1, Operand x) {
        int w = x.width();
        e0 = e0.splat(w);
        e1 = e1.splat(w);
        Operand num = emit(Opc.ADD, w, x, e0.negate());
        Operand range = divide(num, emit(Opc.ADD, w, e1, e0.negate()));
        Operand c = clamp(range, splatK(0f, w), splatK(1f, w));
        Operand poly = emit(Opc.MAD, w, c, splatK(-2f, w), splatK(3f, w));
        Operand c2 = emit(Opc.MUL, w, c, c);
        return emit(Opc.MUL, w, c2, poly);
    }

    Object glslStd(int fn, Object[] args, Type result) {
        if (fn == 33 || fn == 34) return determinantOrInverse(fn == 34, Ops.mat(t, args[0]));
        if (fn == 35 || fn == 36) {
            // modf (the whole part through a pointer) and modfStruct: trunc(x), and x minus it (exact)
            Operand x = t.scalarOrVector(args[0]);
            Operand whole = trunc(x);
            Operand fraction = emit(Opc.ADD, x.width(), x, whole.negate());
            if (fn == 36) return new Translator.Agg(List.of(fraction, whole));
            Ops.store(t, (Translator.Ptr) args[1], whole);
            return fraction;
        }
        Operand a = args.length > 0 ? t.scalarOrVector(args[0]) : null;
        Operand b = args.length > 1 ? t.scalarOrVector(args[1]) : null;
        Operand c = args.length > 2 ? t.scalarOrVector(args[2]) : null;
        int w = a == null ? 1 : a.width();
        return switch (fn) {
            case 1 -> emit(Opc.FLR, w, emit(Opc.ADD, w, a, splatK(0.5f, w))); // Round: halves up (GLSL lets round pick)
            case 2 -> roundEven(a);
            case 3 -> trunc(a);
            case 4, 5 -> abs(a);
            case 6, 7 -> sign(a);
            case 8 -> emit(Opc.FLR, w, a);
            case 9 -> emit(Opc.FLR, w, a.negate()).negate();
            case 10 -> fract(a);
            case 11 -> emit(Opc.MUL, w, a, splatK((float) (Math.PI / 180), w));
            case 12 -> emit(Opc.MUL, w, a, splatK((float) (180 / Math.PI), w));
            case 13 -> sin(a);
            case 14 -> cos(a);
            case 15 -> {
                Operand s = sin(a), co = cos(a);
                yield emit(Opc.MUL, w, s, scalarEach(Opc.RCP, co));
            }
            case 16 -> asin(a);
            case 17 -> emit(Opc.ADD, w, splatK((float) HALF_PI, w), asin(a).negate());
            case 18 -> atan(a);
            case 25 -> atan2(a, b);
            case 26 -> pow(a, b);
            case 27 -> exp(a);
            case 28 -> log(a);
            case 19 -> emit(Opc.MUL, w, emit(Opc.ADD, w, exp(a), exp(a.negate()).negate()), splatK(0.5f, w)); // sinh
            case 20 -> emit(Opc.MUL, w, emit(Opc.ADD, w, exp(a), exp(a.negate())), splatK(0.5f, w)); // cosh
            case 21 -> tanh(a);
            case 22 -> { // asinh: sign(x) log(|x| + sqrt(x x + 1))
                Operand x = abs(a);
                yield emit(Opc.MUL, w, sign(a), log(emit(Opc.ADD, w, x, sqrt(emit(Opc.MAD, w, x, x, splatK(1f, w))))));
            }
            case 23 -> log(emit(Opc.ADD, w, a, sqrt(emit(Opc.MAD, w, a, a, splatK(-1f, w))))); // acosh: log(x + sqrt(x x - 1))
            case 24 -> emit(Opc.MUL, w, log(divide(emit(Opc.ADD, w, splatK(1f, w), a), emit(Opc.ADD, w, splatK(1f, w), a.negate()))), splatK(0.5f, w)); // atanh
            case 29 -> scalarEach(Opc.EX2, a);
            case 30 -> scalarEach(Opc.LG2, a);
            case 31 -> sqrt(a);
            case 32 -> scalarEach(Opc.RSQ, a);
            case 37, 38, 39, 79 -> minMax(Opc.MIN, a, b);
            case 40, 41, 42, 80 -> minMax(Opc.MAX, a, b);
            case 43, 44, 45, 81 -> clamp(a, b, c);
            case 46 -> mix(a, b, c);
            case 48 -> {
                int n = Math.max(a.width(), b.width());
                yield emit(Opc.SGE, n, b.splat(n), a.splat(n));
            }
            case 49 -> smoothstep(a, b, c);
            case 50 -> emit(Opc.MAD, w, a, b.splat(w), c.splat(w));
            case 66 -> length(a);
            case 67 -> length(emit(Opc.ADD, Math.max(a.width(), b.width()), a.splat(Math.max(a.width(), b.width())), b.splat(Math.max(a.width(), b.width())).negate()));
            case 68 -> cross(a, b);
            case 69 -> normalize(a);
            case 70 -> {
                // faceforward(N, I, Nref): dot(Nref, I) < 0 ? N : -N
                Operand d = dot(c, b);
                Operand neg = emit(Opc.SLT, 1, d, k(0f));
                Operand f = emit(Opc.MAD, 1, neg, k(2f), k(-1f));
                yield emit(Opc.MUL, w, a, f.splat(w));
            }
            case 71 -> {
                // reflect(I, N) = I - 2 dot(N, I) N
                Operand d = dot(b, a);
                Operand m2 = emit(Opc.MUL, 1, d, k(-2f));
                yield emit(Opc.MAD, w, b, m2.splat(w), a);
            }
            case 72 -> refract(a, b, c);
            default -> throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "the built-in function " + name(fn) + " is not supported by the PICA200 back end");
        };
    }

    private Operand minMax(Opc op, Operand a, Operand b) {
        int w = Math.max(a.width(), b.width());
        Operand f = fold(op, a.splat(w), b.splat(w));
        return f != null ? f : emit(op, w, a.splat(w), b.splat(w));
    }

    /** cross(a, b): MUL and MAD on swizzles. */
    private Operand cross(Operand a, Operand b) {
        Operand p = emit(Opc.MUL, 3, a.swizzle(2, 0, 1), b.swizzle(1, 2, 0));
        return emit(Opc.MAD, 3, a.swizzle(1, 2, 0), b.swizzle(2, 0, 1), p.negate());
    }

    /**
     * determinant(M) or inverse(M) of a mat2, mat3 or mat4, from the vectors V that hold it (its
     * rows or its columns: det(M^T) = det(M) and inverse(M^T) = inverse(M)^T, so one expansion
     * serves both, the inverse held the other way). With V the columns: a mat3's inverse has the
     * rows cross(V1, V2), cross(V2, V0), cross(V0, V1) over det = dot(V0, cross(V1, V2)); a mat4's
     * is Lengyel's expansion into 3D cross products (Foundations of Game Engine Development 1,
     * 1.7.5): a-d the columns' xyz, x-w their w, s = a x b, t = c x d, u = y a - x b, v = w c - z d,
     * det = s.v + t.u. One reciprocal (RCP) for the whole inverse.
     */
    private Object determinantOrInverse(boolean inverse, Translator.Mat m) {
        List<Operand> v = m.vecs();
        int n = v.size();
        if (m.rowCount() != m.columnCount() || n < 2 || n > 4) throw new CompileError(Problem.COMPILER_INTERNAL, t.line(), "determinant or inverse of a matrix that is not square");
        switch (n) {
            case 2 -> {
                Operand a = v.get(0).component(0), b = v.get(0).component(1), c = v.get(1).component(0), d = v.get(1).component(1);
                Operand det = emit(Opc.MAD, 1, a, d, emit(Opc.MUL, 1, b, c).negate());
                if (!inverse) return det;
                Operand k = emit(Opc.RCP, 1, det).splat(2);
                // (a b; c d)^-1 = (d -b; -c a) / det, the same way round whether V are rows or columns
                return new Translator.Mat(List.of(emit(Opc.MUL, 2, Ops.gather(t, List.of(d, b.negate())), k),
                        emit(Opc.MUL, 2, Ops.gather(t, List.of(c.negate(), a)), k)), m.rows());
            }
            case 3 -> {
                Operand x0 = cross(v.get(1), v.get(2)), x1 = cross(v.get(2), v.get(0)), x2 = cross(v.get(0), v.get(1));
                Operand det = emit(Opc.DP3, 1, v.get(0), x0);
                if (!inverse) return det;
                Operand k = emit(Opc.RCP, 1, det).splat(3);
                return new Translator.Mat(List.of(emit(Opc.MUL, 3, x0, k), emit(Opc.MUL, 3, x1, k), emit(Opc.MUL, 3, x2, k)), !m.rows());
            }
            default -> {
                Operand a = v.get(0).swizzle(0, 1, 2), b = v.get(1).swizzle(0, 1, 2), c = v.get(2).swizzle(0, 1, 2), d = v.get(3).swizzle(0, 1, 2);
                Operand x = v.get(0).component(3), y = v.get(1).component(3), z = v.get(2).component(3), w = v.get(3).component(3);
                Operand s = cross(a, b), tt = cross(c, d);
                Operand u = emit(Opc.MAD, 3, a, y.splat(3), emit(Opc.MUL, 3, b, x.splat(3)).negate());
                Operand vv = emit(Opc.MAD, 3, c, w.splat(3), emit(Opc.MUL, 3, d, z.splat(3)).negate());
                Operand det = emit(Opc.ADD, 1, emit(Opc.DP3, 1, s, vv), emit(Opc.DP3, 1, tt, u));
                if (!inverse) return det;
                Operand k = emit(Opc.RCP, 1, det).splat(3);
                s = emit(Opc.MUL, 3, s, k);
                tt = emit(Opc.MUL, 3, tt, k);
                u = emit(Opc.MUL, 3, u, k);
                vv = emit(Opc.MUL, 3, vv, k);
                Operand r0 = emit(Opc.MAD, 3, tt, y.splat(3), cross(b, vv));
                Operand r1 = emit(Opc.MAD, 3, tt, x.negate().splat(3), cross(vv, a));
                Operand r2 = emit(Opc.MAD, 3, s, w.splat(3), cross(d, u));
                Operand r3 = emit(Opc.MAD, 3, s, z.negate().splat(3), cross(u, c));
                List<Operand> out = new java.util.ArrayList<>();
                Operand[] r = {r0, r1, r2, r3};
                Operand[] last = {emit(Opc.DP3, 1, b, tt).negate(), emit(Opc.DP3, 1, a, tt), emit(Opc.DP3, 1, d, s).negate(), emit(Opc.DP3, 1, c, s)};
                for (int i = 0; i < 4; i++) out.add(Ops.gather(t, List.of(r[i].component(0), r[i].component(1), r[i].component(2), last[i])));
                return new Translator.Mat(out, !m.rows());
            }
        }
    }

    /** refract(I, N, eta): k = 1 - eta^2 (1 - dot(N,I)^2); 0 where k < 0, else eta I - (eta dot(N,I) + sqrt(k)) N. */
    private Operand refract(Operand i, Operand n, Operand eta) {
        int w = i.width();
        Operand d = dot(n, i);
        Operand d2 = emit(Opc.MUL, 1, d, d);
        Operand oneMinus = emit(Opc.ADD, 1, k(1f), d2.negate());
        Operand e2 = emit(Opc.MUL, 1, eta, eta);
        Operand kk = emit(Opc.MAD, 1, e2.negate(), oneMinus, k(1f));
        Operand ok = emit(Opc.SGE, 1, kk, k(0f));
        Operand root = sqrt(emit(Opc.MAX, 1, kk, k(0f)));
        Operand f = emit(Opc.MAD, 1, eta, d, root);
        Operand ei = emit(Opc.MUL, w, i, eta.splat(w));
        Operand r = emit(Opc.MAD, w, n, f.negate().splat(w), ei);
        return emit(Opc.MUL, w, r, ok.splat(w));
    }

    private static String name(int fn) {
        return switch (fn) {
            case 19 -> "sinh";
            case 20 -> "cosh";
            case 21 -> "tanh";
            case 22 -> "asinh";
            case 23 -> "acosh";
            case 24 -> "atanh";
            case 33 -> "determinant";
            case 34 -> "inverse";
            case 35, 36 -> "modf";
            case 51, 52, 53 -> "frexp/ldexp";
            default -> "#" + fn + " of GLSL.std.450";
        };
    }
}
