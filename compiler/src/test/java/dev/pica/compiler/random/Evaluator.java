package dev.pica.compiler.random;

import dev.pica.compiler.random.Ast.*;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Runs a random program in double precision, one vertex at a time, and carries with every lane a
 * bound on how far a float24 evaluation (the 3DS, or the simulator's FLOAT24 mode) and a float32
 * one (Mesa) can each be from this exact value. The bound is a running error analysis:
 *
 * <ul>
 *   <li>each operation rounds: its arguments count as perturbed by {@code backward x DELTA}
 *       relative, DELTA = 2^-16 (float24 truncates to a 16-bit mantissa, so one operation's
 *       relative error is below 2^-16) + 2^-22 (float32's 2^-23 twice, for Mesa);
 *   <li>the errors of the arguments (and that perturbation) go through the function: for each
 *       argument lane, the result's change when that lane moves by its error either way, summed
 *       over the lanes (first order);
 *   <li>the lowering's approximations (sin, exp2, ...) add {@code abs + rel * |result|}, the
 *       built-in's measured bound ({@link #MESA_FORWARD}, {@link #PICA_FORWARD});
 *   <li>where a result can jump within the error of its arguments (floor at an integer, step at
 *       its edge, a comparison of nearly equal values, refract at total internal reflection,
 *       normalize of a vector shorter than its error, atan at its cut), or a value is not finite or
 *       beyond 1e6 in magnitude, the vertex is <em>unstable</em>: two correct evaluations may
 *       disagree, so it is not compared.
 * </ul>
 */
public final class Evaluator {
    /** one operation's relative error: float24's truncation plus float32's rounding on Mesa's side, twice */
    public static final double DELTA = 0x1p-16 + 0x1p-22;
    /** what counts as zero for the jump tests, beyond the errors */
    public static final double NEAR = 0x1p-20;
    /** values beyond this are out of the generator's ranges: the vertex is not compared */
    static final double LIMIT = 1e6;

    /**
     * Mesa's approximation error per built-in beyond its roundings, {abs, rel}: llvmpipe 22.3.6's
     * worst error against double over 4,096 points of the generator's domain of each (the
     * harness's own test measures them again), times 1.5. asin and acos are NIR's polynomial
     * (4e-4); the others are close to float32's rounding.
     */
    public static final Map<Builtin, double[]> MESA_FORWARD = new EnumMap<>(Builtin.class);

    /**
     * The 3DS lowering's approximation error per built-in beyond its roundings, {abs, rel}: what
     * picacc's polynomials and the unit's RCP/RSQ/EX2/LG2 add, measured over the same domains
     * (docs/glsl.md section 7).
     */
    public static final Map<Builtin, double[]> PICA_FORWARD = new EnumMap<>(Builtin.class);

    static {
        for (Builtin b : Builtin.values()) {
            MESA_FORWARD.put(b, new double[] {0, 0});
            PICA_FORWARD.put(b, new double[] {0, 0});
        }
        MESA_FORWARD.put(Builtin.SIN, new double[] {1e-7, 0});
        MESA_FORWARD.put(Builtin.COS, new double[] {1e-7, 0});
        MESA_FORWARD.put(Builtin.TAN, new double[] {0, 3e-7});
        MESA_FORWARD.put(Builtin.ASIN, new double[] {6e-4, 0});
        MESA_FORWARD.put(Builtin.ACOS, new double[] {6e-4, 0});
        MESA_FORWARD.put(Builtin.ATAN, new double[] {4e-6, 0});
        MESA_FORWARD.put(Builtin.ATAN2, new double[] {4e-6, 0});
        MESA_FORWARD.put(Builtin.EXP, new double[] {0, 6e-7});
        MESA_FORWARD.put(Builtin.EXP2, new double[] {0, 4e-7});
        MESA_FORWARD.put(Builtin.POW, new double[] {0, 6e-7});
        MESA_FORWARD.put(Builtin.LOG, new double[] {4e-7, 0});
        MESA_FORWARD.put(Builtin.LOG2, new double[] {4e-7, 0});
        for (Builtin b : List.of(Builtin.SIN, Builtin.COS, Builtin.ASIN, Builtin.ACOS, Builtin.ATAN, Builtin.ATAN2)) PICA_FORWARD.put(b, new double[] {2e-4, 0});
        PICA_FORWARD.put(Builtin.TAN, new double[] {2e-4, 4e-4});
        for (Builtin b : List.of(Builtin.EXP, Builtin.EXP2, Builtin.POW)) PICA_FORWARD.put(b, new double[] {0, 8 * DELTA});
        for (Builtin b : List.of(Builtin.LOG, Builtin.LOG2)) PICA_FORWARD.put(b, new double[] {8 * DELTA, 8 * DELTA});
        for (Builtin b : List.of(Builtin.SQRT, Builtin.INVERSESQRT, Builtin.NORMALIZE, Builtin.LENGTH, Builtin.DISTANCE)) PICA_FORWARD.put(b, new double[] {0, 4 * DELTA});
        // 1 - eta^2 (1 - dot^2) cancels near total internal reflection, and sqrt amplifies what is left
        PICA_FORWARD.put(Builtin.REFRACT, new double[] {2e-4, 0});
    }

    /** Both sides' approximation errors of a built-in: the bound on their difference adds them. */
    static double[] forward(Builtin b) {
        double[] m = MESA_FORWARD.get(b), p = PICA_FORWARD.get(b);
        return new double[] {m[0] + p[0], m[1] + p[1]};
    }

    /** A value: its type, lanes (a matrix column by column) and each lane's error bound. */
    public record V(GlslType type, double[] v, double[] e) {
        static V exact(GlslType t, double[] v) {
            return new V(t, v, new double[v.length]);
        }
    }

    /** Thrown when a vertex's result may legitimately differ between two correct evaluations. */
    public static final class Unstable extends RuntimeException {
        Unstable(String why) {
            super(why, null, false, false);
        }
    }

    /** One vertex's outputs: per output name, its value and error bound. */
    public record Outputs(Map<String, V> values) {}

    private final RandomProgram program;
    private final RandomProgram.Instance instance;
    private final Map<String, Function> functions = new HashMap<>();
    /** inputs, uniforms, main's locals and outputs: what a function body sees besides its parameters */
    private Map<String, V> globals;

    public Evaluator(RandomProgram program, RandomProgram.Instance instance) {
        this.program = program;
        this.instance = instance;
        for (Function f : program.functions()) functions.put(f.name(), f);
    }

    /** Vertex {@code n}'s outputs; throws {@link Unstable} when it must not be compared. */
    public Outputs run(int n) {
        Map<String, V> env = new HashMap<>();
        for (RandomProgram.Input in : program.inputs()) {
            float[] lanes = instance.attributes().get(in.name());
            double[] v = new double[in.type().lanes()];
            for (int k = 0; k < v.length; k++) v[k] = lanes[4 * n + k];
            env.put(in.name(), V.exact(in.type(), v));
        }
        for (RandomProgram.Uniform u : program.uniforms()) {
            if (u.length() > 0) continue;
            float[] f = instance.uniforms().get(u.name());
            double[] v = new double[f.length];
            for (int k = 0; k < v.length; k++) v[k] = f[k];
            env.put(u.name(), V.exact(u.type(), v));
        }
        globals = env;
        Frame frame = new Frame(env);
        exec(main(), frame);
        Map<String, V> out = new LinkedHashMap<>();
        for (RandomProgram.Output o : program.outputs()) {
            V v = env.get(o.name());
            if (v == null) throw new IllegalStateException("the program does not write " + o.name());
            out.put(o.name(), v);
        }
        return new Outputs(out);
    }

    private List<Stmt> main() {
        return program.main();
    }

    private static final class Frame {
        final Map<String, V> vars;
        final Map<String, Integer> counters = new HashMap<>();
        V returned;

        Frame(Map<String, V> vars) {
            this.vars = vars;
        }
    }

    private enum Flow { NEXT, BREAK, RETURN }

    private Flow exec(List<Stmt> body, Frame f) {
        for (Stmt s : body) {
            Flow flow = exec(s, f);
            if (flow != Flow.NEXT) return flow;
        }
        return Flow.NEXT;
    }

    private Flow exec(Stmt s, Frame f) {
        if (s instanceof Declare d) {
            f.vars.put(d.var().name(), eval(d.init(), f));
        } else if (s instanceof Assign a) {
            {
                V value = eval(a.value(), f);
                if (a.lanes() == null) {
                    f.vars.put(a.target().name(), value);
                } else {
                    V old = f.vars.get(a.target().name());
                    double[] v = old.v().clone(), e = old.e().clone();
                    for (int k = 0; k < a.lanes().length; k++) {
                        v[a.lanes()[k]] = value.v()[k];
                        e[a.lanes()[k]] = value.e()[k];
                    }
                    f.vars.put(a.target().name(), new V(old.type(), v, e));
                }
            }
        } else if (s instanceof If i) {
            return exec(test(i.cond(), f) ? i.then() : i.otherwise(), f);
        } else if (s instanceof For l) {
            {
                for (int k = 0; k < l.trips(); k++) {
                    f.counters.put(l.counter(), k);
                    Flow flow = exec(l.body(), f);
                    if (flow == Flow.BREAK) break;
                    if (flow == Flow.RETURN) return flow;
                }
                f.counters.remove(l.counter());
            }
        } else if (s instanceof BreakIf b) {
            if (test(b.cond(), f)) return Flow.BREAK;
        } else if (s instanceof Return r) {
            f.returned = eval(r.value(), f);
            return Flow.RETURN;
        }
        return Flow.NEXT;
    }

    private boolean test(Cond c, Frame f) {
        if (c instanceof BoolUniform b) return instance.bools().get(b.name());
        if (c instanceof Not n) return !test(n.a(), f);
        if (c instanceof Logic l) return l.and() ? test(l.a(), f) && test(l.b(), f) : test(l.a(), f) || test(l.b(), f);
        {
                Compare cmp = (Compare) c;
                V a = eval(cmp.a(), f), b = eval(cmp.b(), f);
                double d = a.v()[0] - b.v()[0];
                // the comparison itself rounds nothing, but its operands carry their errors
                boolean exact = a.e()[0] == 0 && b.e()[0] == 0;
                if (!exact && Math.abs(d) <= a.e()[0] + b.e()[0] + NEAR) throw new Unstable("a comparison of " + a.v()[0] + " and " + b.v()[0] + " within their errors");
                return switch (cmp.op()) {
                    case LT -> d < 0;
                    case LE -> d <= 0;
                    case GT -> d > 0;
                    case GE -> d >= 0;
                };
        }
    }

    V eval(Expr x, Frame f) {
        if (x instanceof Var v) return lookup(v.name(), f);
        if (x instanceof Const c) return V.exact(c.type(), c.values());
        if (x instanceof Neg n) {
            V a = eval(n.a(), f);
            double[] v = a.v().clone();
            for (int k = 0; k < v.length; k++) v[k] = -v[k];
            return new V(a.type(), v, a.e());
        }
        if (x instanceof Swizzle s) {
            V a = eval(s.a(), f);
            double[] v = new double[s.lanes().length], e = new double[v.length];
            for (int k = 0; k < v.length; k++) {
                v[k] = a.v()[s.lanes()[k]];
                e[k] = a.e()[s.lanes()[k]];
            }
            return new V(s.type(), v, e);
        }
        if (x instanceof Construct c) {
            double[] v = new double[c.type().lanes()], e = new double[v.length];
            if (c.parts().size() == 1 && c.parts().get(0).type() == GlslType.FLOAT && v.length > 1) {
                V a = eval(c.parts().get(0), f);
                java.util.Arrays.fill(v, a.v()[0]);
                java.util.Arrays.fill(e, a.e()[0]);
            } else {
                int k = 0;
                for (Expr p : c.parts()) {
                    V a = eval(p, f);
                    System.arraycopy(a.v(), 0, v, k, a.v().length);
                    System.arraycopy(a.e(), 0, e, k, a.e().length);
                    k += a.v().length;
                }
            }
            return new V(c.type(), v, e);
        }
        if (x instanceof Index i) {
            int k;
            if (i.by() instanceof ConstIndex c) k = c.k();
            else if (i.by() instanceof LoopIndex l) k = f.counters.get(l.counter()) + l.offset();
            else k = (int) lookup(((InputIndex) i.by()).input(), f).v()[((InputIndex) i.by()).lane()];
            if (k < 0 || k >= i.length()) throw new IllegalStateException(i.glsl() + " out of range: " + k);
            float[] all = instance.uniforms().get(i.array());
            double[] v = new double[4];
            for (int j = 0; j < 4; j++) v[j] = all[4 * k + j];
            return V.exact(GlslType.VEC4, v);
        }
        if (x instanceof Select s) return test(s.cond(), f) ? eval(s.a(), f) : eval(s.b(), f);
        if (x instanceof UserCall u) {
            Map<String, V> env = new HashMap<>();
            for (int k = 0; k < u.args().size(); k++) env.put(u.fn().params().get(k).name(), eval(u.args().get(k), f));
            Frame callee = new Frame(env);
            if (exec(u.fn().body(), callee) != Flow.RETURN) throw new IllegalStateException(u.fn().name() + " returns nothing");
            return callee.returned;
        }
        if (x instanceof Bin b) return binary(b, eval(b.a(), f), eval(b.b(), f));
        Call c = (Call) x;
        V[] args = new V[c.args().size()];
        for (int k = 0; k < args.length; k++) args[k] = eval(c.args().get(k), f);
        return call(c.fn(), c.type(), args);
    }

    private V lookup(String name, Frame f) {
        V val = f.vars.get(name);
        if (val == null) val = globals.get(name);
        if (val == null) throw new IllegalStateException("no value for " + name);
        return val;
    }

    private static V binary(Bin b, V a, V c) {
        GlslType ta = a.type(), tc = c.type();
        if (b.op() == Op.MUL && (ta.matrix() || tc.matrix())) {
            int n = ta.matrix() ? ta.rows : tc.rows;
            // each result lane a dot product of n terms
            return apply(b.type(), x -> matmul(ta, tc, x[0], x[1]), new V[] {a, c}, n, 0, 0);
        }
        int k = b.op() == Op.DIV ? 3 : 1;
        return apply(b.type(), x -> {
            int lanes = Math.max(x[0].length, x[1].length);
            double[] r = new double[lanes];
            for (int i = 0; i < lanes; i++) {
                double p = x[0][x[0].length == 1 ? 0 : i], q = x[1][x[1].length == 1 ? 0 : i];
                r[i] = switch (b.op()) {
                    case ADD -> p + q;
                    case SUB -> p - q;
                    case MUL -> p * q;
                    case DIV -> p / q;
                };
            }
            return r;
        }, new V[] {a, c}, k, 0, 0);
    }

    /** GLSL's products: matrices column-major, m[c][r] at c * rows + r. */
    static double[] matmul(GlslType ta, GlslType tb, double[] a, double[] b) {
        if (ta.matrix() && tb.matrix()) {
            int n = ta.rows;
            double[] r = new double[n * n];
            for (int c = 0; c < n; c++) for (int row = 0; row < n; row++) {
                double s = 0;
                for (int k = 0; k < n; k++) s += a[k * n + row] * b[c * n + k];
                r[c * n + row] = s;
            }
            return r;
        }
        if (ta.matrix()) { // m * v: sum over columns
            int n = ta.rows;
            double[] r = new double[n];
            for (int row = 0; row < n; row++) {
                double s = 0;
                for (int c = 0; c < n; c++) s += a[c * n + row] * b[c];
                r[row] = s;
            }
            return r;
        }
        int n = tb.rows; // v * m: v dotted with each column
        double[] r = new double[n];
        for (int c = 0; c < n; c++) {
            double s = 0;
            for (int row = 0; row < n; row++) s += a[row] * b[c * n + row];
            r[c] = s;
        }
        return r;
    }

    private static V call(Builtin fn, GlslType type, V[] args) {
        double[] fw = forward(fn);
        // the lowering's roundings also count forward, on the result: a polynomial such as
        // smoothstep's t * t * (3 - 2t) rounds values as large as its result where its slope is 0
        fw = new double[] {fw[0], fw[1] + fn.backward * DELTA};
        switch (fn.shape) {
            case MAP1, MAP2, MAP3 -> {
                int lanes = type.lanes();
                // jumps: each lane's arguments with their errors and this built-in's roundings
                for (int i = 0; i < lanes; i++) {
                    double a = lane(args, 0, i), b = args.length > 1 ? lane(args, 1, i) : 0;
                    // the arguments' own errors: the built-in's roundings come after its jump
                    double ea = laneErr(args, 0, i, 0), eb = args.length > 1 ? laneErr(args, 1, i, 0) : 0;
                    if (Builtin.jumps(fn, a, b, ea, eb)) throw new Unstable(fn.glslName + " may jump at " + a + ", " + b);
                }
                return apply(type, x -> {
                    double[] r = new double[lanes];
                    for (int i = 0; i < lanes; i++) {
                        r[i] = Builtin.lane(fn, at(x, 0, i), x.length > 1 ? at(x, 1, i) : 0, x.length > 2 ? at(x, 2, i) : 0);
                    }
                    return r;
                }, args, fn.backward, fw[0], fw[1]);
            }
            case REDUCE1 -> {
                if (fn == Builtin.LENGTH) checkNotTiny(args[0], fn);
                return apply(type, x -> new double[] {Math.sqrt(dot(x[0], x[0]))}, args, fn.backward, fw[0], fw[1]);
            }
            case REDUCE2 -> {
                if (fn == Builtin.DOT) return apply(type, x -> new double[] {dot(x[0], x[1])}, args, fn.backward, fw[0], fw[1]);
                V diff = apply(args[0].type(), x -> sub(x[0], x[1]), args, 1, 0, 0);
                checkNotTiny(diff, fn);
                return apply(type, x -> {
                    double[] d = sub(x[0], x[1]);
                    return new double[] {Math.sqrt(dot(d, d))};
                }, args, fn.backward, fw[0], fw[1]);
            }
            case VEC3 -> {
                return apply(type, x -> new double[] {
                    x[0][1] * x[1][2] - x[0][2] * x[1][1], x[0][2] * x[1][0] - x[0][0] * x[1][2], x[0][0] * x[1][1] - x[0][1] * x[1][0]}, args, fn.backward, fw[0], fw[1]);
            }
            case SAME1 -> {
                checkNotTiny(args[0], fn);
                return apply(type, x -> scale(x[0], 1 / Math.sqrt(dot(x[0], x[0]))), args, fn.backward, fw[0], fw[1]);
            }
            case SAME2 -> { // reflect(I, N) = I - 2 dot(N, I) N
                return apply(type, x -> sub(x[0], scale(x[1], 2 * dot(x[1], x[0]))), args, fn.backward, fw[0], fw[1]);
            }
            case SAME3 -> { // faceforward(N, I, Nref) = dot(Nref, I) < 0 ? N : -N
                V d = apply(GlslType.FLOAT, x -> new double[] {dot(x[2], x[1])}, args, fn.backward, 0, 0);
                if (Math.abs(d.v()[0]) <= d.e()[0] + NEAR) throw new Unstable("faceforward at dot(Nref, I) = " + d.v()[0]);
                boolean keep = d.v()[0] < 0;
                return apply(type, x -> keep ? x[0].clone() : scale(x[0], -1), args, 0, 0, 0);
            }
            case REFRACT -> { // k = 1 - eta^2 (1 - dot(N, I)^2); k < 0 ? 0 : eta I - (eta dot(N, I) + sqrt(k)) N
                V k = apply(GlslType.FLOAT, x -> new double[] {refractK(x)}, args, fn.backward, 0, 0);
                if (Math.abs(k.v()[0]) <= k.e()[0] + NEAR) throw new Unstable("refract at k = " + k.v()[0]);
                if (k.v()[0] < 0) return V.exact(type, new double[type.lanes()]);
                return apply(type, x -> {
                    double d = dot(x[1], x[0]), eta = x[2][0], kk = refractK(x);
                    if (kk < 0) return new double[x[0].length];
                    return sub(scale(x[0], eta), scale(x[1], eta * d + Math.sqrt(kk)));
                }, args, fn.backward, fw[0], fw[1]);
            }
            case MATRIX -> {
                int n = type.rows;
                return apply(type, x -> {
                    double[] r = new double[n * n];
                    for (int c = 0; c < n; c++) for (int row = 0; row < n; row++) r[c * n + row] = x[0][row * n + c];
                    return r;
                }, args, 0, 0, 0);
            }
        }
        throw new IllegalStateException(fn.toString());
    }

    private static double refractK(double[][] x) {
        double d = dot(x[1], x[0]), eta = x[2][0];
        return 1 - eta * eta * (1 - d * d);
    }

    private static void checkNotTiny(V v, Builtin fn) {
        double len = Math.sqrt(dot(v.v(), v.v())), err = 0;
        for (double e : v.e()) err += e;
        if (len <= 4 * err + 1e-3) throw new Unstable(fn.glslName + " of a vector of length " + len + " (error " + err + ")");
    }

    private static double lane(V[] args, int a, int i) {
        return args[a].v()[args[a].v().length == 1 ? 0 : i];
    }

    private static double laneErr(V[] args, int a, int i, int backward) {
        int j = args[a].v().length == 1 ? 0 : i;
        return args[a].e()[j] + backward * DELTA * Math.abs(args[a].v()[j]);
    }

    private static double at(double[][] x, int a, int i) {
        return x[a][x[a].length == 1 ? 0 : i];
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int k = 0; k < a.length; k++) s += a[k] * b[k];
        return s;
    }

    static double[] sub(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int k = 0; k < a.length; k++) r[k] = a[k] - b[k];
        return r;
    }

    static double[] scale(double[] a, double s) {
        double[] r = new double[a.length];
        for (int k = 0; k < a.length; k++) r[k] = a[k] * s;
        return r;
    }

    interface Fn {
        double[] apply(double[][] x);
    }

    /**
     * The value of {@code f} at the arguments, and its error bound: each argument lane's error
     * (plus {@code backward} roundings of it) pushed through f by moving that lane either way,
     * summed over lanes, plus the forward bound {@code abs + rel |r|}.
     */
    static V apply(GlslType type, Fn f, V[] args, int backward, double abs, double rel) {
        double[][] x = new double[args.length][];
        for (int a = 0; a < args.length; a++) x[a] = args[a].v();
        double[] r = f.apply(x);
        double[] e = new double[r.length];
        for (int a = 0; a < args.length; a++) {
            double[] keep = x[a];
            for (int j = 0; j < keep.length; j++) {
                double ej = args[a].e()[j] + backward * DELTA * Math.abs(keep[j]);
                if (ej == 0) continue;
                double[] moved = keep.clone();
                double[] most = new double[r.length];
                for (int sign = -1; sign <= 1; sign += 2) {
                    moved[j] = keep[j] + sign * ej;
                    x[a] = moved;
                    double[] r2 = f.apply(x);
                    for (int i = 0; i < r.length; i++) most[i] = Math.max(most[i], Math.abs(r2[i] - r[i]));
                }
                x[a] = keep;
                for (int i = 0; i < r.length; i++) e[i] += most[i];
            }
        }
        for (int i = 0; i < r.length; i++) {
            if (!Double.isFinite(r[i]) || !Double.isFinite(e[i]) || Math.abs(r[i]) > LIMIT) throw new Unstable("a value out of range: " + r[i] + " +- " + e[i]);
            e[i] += abs + rel * Math.abs(r[i]);
        }
        return new V(type, r, e);
    }
}
