package dev.pica.compiler.random;

import dev.pica.compiler.random.Ast.*;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * Seeded random GLSL vertex shaders: expressions over the built-ins, swizzles, constructors,
 * matrix products, if/else, loops with break, functions, constant and dynamic indexing of uniform
 * arrays and bool uniforms, writing gl_Position and some outputs of the 3DS table. The same seed
 * and settings give the same program.
 *
 * <p>Arguments are kept in their built-ins' domains by wrappers the program itself computes (so
 * the evaluator and both GPUs see them): asin/acos take clamp(x, -0.9375, 0.9375), tan
 * clamp(x, -1.25, 1.25), exp/exp2 clamp(x, -4, 4), log/log2/sqrt/inversesqrt abs(x) + 0.125
 * (or x * x + 0.125), pow abs(x) + 0.25 to the clamp(y, -2, 2), mod's divisor and a division's
 * abs(y) + 0.5, refract's eta a constant in [0.25, 1]; clamp and smoothstep edges are constants in
 * order. The value ranges of inputs and uniforms are {@link RandomProgram}'s.
 */
public final class ProgramGenerator {
    /** What a program may contain besides the built-ins: each can be switched off while the compiler lacks it. */
    public enum Feature {
        DIVISION, MATRICES, VECTOR_MATRIX, MATRIX_CONSTRUCTORS, SWIZZLES, SWIZZLE_WRITES, CONSTRUCTORS,
        IF_ELSE, LOOPS, BREAKS, NESTED_LOOPS, FUNCTIONS, CONST_INDEX, LOOP_INDEX, INPUT_INDEX,
        /** bool uniforms as an if's whole condition */
        BOOL_UNIFORMS,
        /** bool uniforms in a ?: */
        BOOL_SELECT,
        /** bool uniforms in && and || with comparisons */
        BOOL_LOGIC,
        /** bool uniforms in a break's condition */
        BOOL_BREAK,
        /** if (c) break; inside an if inside a loop (a break nested in two ifs) */
        NESTED_BREAKS,
        /** && and || of comparisons */
        LOGIC,
        SELECT, OUTPUTS_IN_BRANCHES, SCALAR_INPUTS,
        /** programs where some path reads no input (off: gl_Position adds an input at the top level) */
        INPUTLESS
    }

    private final Set<Feature> features;
    private final Set<Builtin> builtins;
    private final int depth;

    public ProgramGenerator(Set<Feature> features, Set<Builtin> builtins, int depth) {
        this.features = EnumSet.copyOf(features);
        this.builtins = builtins.isEmpty() ? EnumSet.noneOf(Builtin.class) : EnumSet.copyOf(builtins);
        this.depth = depth;
    }

    /** Everything on. */
    public static ProgramGenerator all() {
        return new ProgramGenerator(EnumSet.allOf(Feature.class), EnumSet.allOf(Builtin.class), 3);
    }

    /**
     * Everything but the features and built-ins named in {@code off} (comma-separated names of
     * {@link Feature} or {@link Builtin} constants, case-insensitive).
     */
    public static ProgramGenerator without(String off) {
        EnumSet<Feature> f = EnumSet.allOf(Feature.class);
        EnumSet<Builtin> b = EnumSet.allOf(Builtin.class);
        for (String word : off.split("[,\\s]+")) {
            if (word.isEmpty()) continue;
            String w = word.toUpperCase(Locale.ROOT);
            boolean found = false;
            for (Feature x : Feature.values()) if (x.name().equals(w)) { f.remove(x); found = true; }
            for (Builtin x : Builtin.values()) if (x.name().equals(w)) { b.remove(x); found = true; }
            if (!found) throw new IllegalArgumentException("'" + word + "' is neither a feature " + EnumSet.allOf(Feature.class) + " nor a built-in " + EnumSet.allOf(Builtin.class));
        }
        return new ProgramGenerator(f, b, 3);
    }

    public Set<Feature> features() {
        return features;
    }

    public Set<Builtin> builtins() {
        return builtins;
    }

    public RandomProgram generate(long seed) {
        return new Run(seed).program();
    }

    private boolean on(Feature f) {
        return features.contains(f);
    }

    private boolean on(Builtin b) {
        return builtins.contains(b);
    }

    /** One program's generation: the names in scope and the declarations made so far. */
    private final class Run {
        final long seed;
        final Random r;
        final List<RandomProgram.Input> inputs = new ArrayList<>();
        final List<RandomProgram.Uniform> uniforms = new ArrayList<>();
        final List<String> bools = new ArrayList<>();
        final List<Function> functions = new ArrayList<>();
        /** what expressions may read here: inputs, plain uniforms, locals or parameters */
        List<Var> scope = new ArrayList<>();
        /** enclosing loops' counters and trip counts */
        final List<For> loops = new ArrayList<>();
        final List<RandomProgram.Uniform> arrays = new ArrayList<>();
        RandomProgram.Input indexInput;
        int names;
        boolean inFunction;

        Run(long seed) {
            this.seed = seed;
            this.r = new Random(seed);
        }

        RandomProgram program() {
            int nIn = 1 + r.nextInt(3);
            for (int k = 0; k < nIn; k++) {
                GlslType t = on(Feature.SCALAR_INPUTS) ? pick(GlslType.VEC4, GlslType.VEC4, GlslType.VEC3, GlslType.VEC2, GlslType.FLOAT) : GlslType.VEC4;
                RandomProgram.Input in = new RandomProgram.Input("in" + k, k, t, 0);
                inputs.add(in);
                scope.add(new Var(in.name(), t));
            }
            if (on(Feature.CONST_INDEX) || on(Feature.LOOP_INDEX) || on(Feature.INPUT_INDEX)) {
                int nArr = r.nextInt(3);
                for (int k = 0; k < nArr; k++) {
                    RandomProgram.Uniform u = new RandomProgram.Uniform("arr" + k, GlslType.VEC4, 3 + r.nextInt(4));
                    uniforms.add(u);
                    arrays.add(u);
                }
                if (!arrays.isEmpty() && on(Feature.INPUT_INDEX) && r.nextBoolean()) {
                    int range = arrays.stream().mapToInt(RandomProgram.Uniform::length).min().orElseThrow();
                    indexInput = new RandomProgram.Input("idx", nIn, GlslType.VEC4, range);
                    inputs.add(indexInput);
                }
            }
            if (on(Feature.BOOL_UNIFORMS) || on(Feature.BOOL_SELECT) || on(Feature.BOOL_BREAK)) {
                int nb = r.nextInt(3);
                for (int k = 0; k < nb; k++) bools.add("b" + k);
            }
            if (on(Feature.FUNCTIONS)) {
                int nf = r.nextInt(3);
                for (int k = 0; k < nf; k++) functions.add(function("f" + k));
            }
            List<Stmt> main = new ArrayList<>();
            List<RandomProgram.Output> outputs = new ArrayList<>();
            outputs.add(RandomProgram.POSITION);
            List<RandomProgram.Output> table = new ArrayList<>(RandomProgram.TABLE);
            java.util.Collections.shuffle(table, r);
            int nOut = r.nextInt(4);
            for (int k = 0; k < nOut; k++) outputs.add(table.get(k));
            outputs.sort(java.util.Comparator.comparingInt(RandomProgram.Output::location));
            int nLocals = 1 + r.nextInt(3);
            for (int k = 0; k < nLocals; k++) main.add(declare(depth));
            int nFlow = r.nextInt(3);
            for (int k = 0; k < nFlow; k++) {
                Stmt s = flow(0);
                if (s != null) main.add(s);
            }
            for (RandomProgram.Output o : outputs) {
                if (o.location() < 0 && !on(Feature.INPUTLESS)) {
                    RandomProgram.Input first = inputs.get(0);
                    Expr read = new Var(first.name(), first.type());
                    if (first.type() != GlslType.VEC4) read = new Construct(GlslType.VEC4, first.type() == GlslType.FLOAT ? List.of(read) : List.of(read, randomConstant(GlslType.vec(4 - first.type().rows))));
                    main.add(new Assign(new Var(o.name(), o.type()), null, new Bin(Op.ADD, GlslType.VEC4, expr(o.type(), depth), read)));
                    continue;
                }
                if (on(Feature.IF_ELSE) && on(Feature.OUTPUTS_IN_BRANCHES) && r.nextInt(6) == 0) {
                    Var target = new Var(o.name(), o.type());
                    main.add(new If(cond(Feature.IF_ELSE), List.of(new Assign(target, null, expr(o.type(), depth))), List.of(new Assign(target, null, expr(o.type(), depth)))));
                } else {
                    main.add(new Assign(new Var(o.name(), o.type()), null, expr(o.type(), depth)));
                }
            }
            return new RandomProgram(seed, inputs, uniforms, bools, functions, main, outputs);
        }

        Function function(String name) {
            GlslType result = vecType();
            List<Var> params = new ArrayList<>();
            int np = 1 + r.nextInt(2);
            List<Var> outer = scope;
            scope = new ArrayList<>();
            for (Var v : outer) if (isUniform(v.name())) scope.add(v);
            for (int k = 0; k < np; k++) {
                Var p = new Var(name + "p" + k, vecType());
                params.add(p);
                scope.add(p);
            }
            inFunction = true;
            List<Stmt> body = new ArrayList<>();
            if (r.nextBoolean()) body.add(declare(2));
            body.add(new Return(expr(result, 2)));
            inFunction = false;
            scope = outer;
            return new Function(name, result, params, body);
        }

        boolean isUniform(String name) {
            for (RandomProgram.Uniform u : uniforms) if (u.name().equals(name)) return true;
            return false;
        }

        Declare declare(int d) {
            GlslType t = vecType();
            Var v = new Var("t" + names++, t);
            Declare decl = new Declare(v, expr(t, d));
            scope.add(v);
            return decl;
        }

        List<Var> locals() {
            List<Var> l = new ArrayList<>();
            for (Var v : scope) if (v.name().startsWith("t")) l.add(v);
            return l;
        }

        /** An if/else or a loop assigning locals, or null when neither is on or there is no local. */
        Stmt flow(int nesting) {
            List<Var> locals = locals();
            if (locals.isEmpty()) return null;
            boolean loop = on(Feature.LOOPS) && (!on(Feature.IF_ELSE) || r.nextBoolean()) && (loops.isEmpty() || on(Feature.NESTED_LOOPS));
            if (!loop && !on(Feature.IF_ELSE)) return null;
            if (loop) {
                int trips = 1 + r.nextInt(4);
                String counter = "i" + loops.size();
                For placeholder = new For(counter, trips, List.of());
                loops.add(placeholder);
                List<Stmt> body = new ArrayList<>();
                int n = 1 + r.nextInt(2);
                for (int k = 0; k < n; k++) body.add(assign(locals, true));
                if (nesting < 1 && r.nextInt(4) == 0) {
                    Stmt inner = flow(nesting + 1);
                    if (inner != null) body.add(inner);
                }
                if (on(Feature.BREAKS) && r.nextBoolean()) body.add(r.nextInt(body.size() + 1), new BreakIf(cond(Feature.BOOL_BREAK)));
                loops.remove(loops.size() - 1);
                return new For(counter, trips, body);
            }
            List<Stmt> then = new ArrayList<>(), otherwise = new ArrayList<>();
            then.add(assign(locals, false));
            if (nesting < 1 && r.nextInt(4) == 0) {
                Stmt inner = flow(nesting + 1);
                if (inner != null) then.add(inner);
            }
            if (r.nextInt(3) > 0) otherwise.add(assign(locals, false));
            if (on(Feature.NESTED_BREAKS) && !loops.isEmpty() && r.nextInt(3) == 0) {
                List<Stmt> arm = otherwise.isEmpty() || r.nextBoolean() ? then : otherwise;
                arm.add(r.nextInt(arm.size() + 1), new BreakIf(cond(Feature.BOOL_BREAK)));
            }
            return new If(cond(Feature.IF_ELSE), then, otherwise);
        }

        Stmt assign(List<Var> locals, boolean inLoop) {
            Var target = locals.get(r.nextInt(locals.size()));
            GlslType t = target.type();
            if (on(Feature.SWIZZLE_WRITES) && t.vector() && r.nextInt(3) == 0) {
                int n = 1 + r.nextInt(t.rows - 1);
                List<Integer> lanes = new ArrayList<>();
                for (int k = 0; k < t.rows; k++) lanes.add(k);
                java.util.Collections.shuffle(lanes, r);
                int[] chosen = lanes.subList(0, n).stream().mapToInt(Integer::intValue).toArray();
                return new Assign(target, chosen, expr(GlslType.vec(n), depth - 1));
            }
            if (inLoop && r.nextBoolean()) {
                // t = t * 0.5 + e: a recurrence that stays in range however many times it runs
                return new Assign(target, null, new Bin(Op.ADD, t, new Bin(Op.MUL, t, target, constant(GlslType.FLOAT, 0.5)), expr(t, depth - 1)));
            }
            return new Assign(target, null, expr(t, depth - 1));
        }

        /** A condition where bool uniforms may stand: an if's (IF), a ?:'s (SELECT) or a break's (BREAK), as the features allow. */
        Cond cond(Feature where) {
            return cond(where, true);
        }

        private Cond cond(Feature where, boolean whole) {
            int k = r.nextInt(10);
            boolean boolHere = whole ? on(where == Feature.IF_ELSE ? Feature.BOOL_UNIFORMS : where) : on(Feature.BOOL_LOGIC);
            if (k < 2 && !bools.isEmpty() && boolHere) {
                Cond b = new BoolUniform(bools.get(r.nextInt(bools.size())));
                return r.nextBoolean() ? new Not(b) : b;
            }
            if (k == 2 && on(Feature.LOGIC)) return new Logic(r.nextBoolean(), cond(where, false), cond(where, false));
            return new Compare(CmpOp.values()[r.nextInt(4)], expr(GlslType.FLOAT, 2), expr(GlslType.FLOAT, 1));
        }

        GlslType vecType() {
            return GlslType.vec(1 + r.nextInt(4));
        }

        @SafeVarargs
        final <T> T pick(T... options) {
            return options[r.nextInt(options.length)];
        }

        Const constant(GlslType t, double v) {
            double[] lanes = new double[t.lanes()];
            java.util.Arrays.fill(lanes, v);
            return new Const(t, lanes);
        }

        Const randomConstant(GlslType t) {
            double[] lanes = new double[t.lanes()];
            for (int k = 0; k < lanes.length; k++) lanes[k] = (r.nextInt(65) - 32) / 8.0;
            return new Const(t, lanes);
        }

        Expr expr(GlslType t, int d) {
            if (d <= 0 || r.nextInt(6) == 0) return leaf(t);
            for (int attempt = 0; attempt < 8; attempt++) {
                Expr e = switch (r.nextInt(12)) {
                    case 0, 1 -> arithmetic(t, d);
                    case 2, 3, 4, 5 -> builtin(t, d);
                    case 6 -> {
                        if (!on(Feature.SWIZZLES)) yield null;
                        int from = Math.max(t.rows, 2 + r.nextInt(3));
                        yield new Swizzle(expr(GlslType.vec(from), d - 1), lanes(t.rows, from));
                    }
                    case 7 -> construct(t, d);
                    case 8 -> matrixProduct(t, d);
                    case 9 -> index(t);
                    case 10 -> on(Feature.SELECT) ? new Select(cond(Feature.BOOL_SELECT), expr(t, d - 1), expr(t, d - 1)) : null;
                    default -> userCall(t, d);
                };
                if (e != null) return e;
            }
            return leaf(t);
        }

        int[] lanes(int n, int from) {
            int[] l = new int[n];
            for (int k = 0; k < n; k++) l[k] = r.nextInt(from);
            return l;
        }

        Expr leaf(GlslType t) {
            if (r.nextInt(5) == 0) return randomConstant(t);
            if (r.nextInt(4) == 0) return uniform(t);
            List<Var> fits = new ArrayList<>();
            for (Var v : scope) if (v.type() == t || on(Feature.SWIZZLES) && v.type().vector() && t.cols == 1 || on(Feature.CONSTRUCTORS) && v.type() == GlslType.FLOAT) fits.add(v);
            if (fits.isEmpty()) {
                Expr ix = index(t);
                return ix != null ? ix : randomConstant(t);
            }
            Var v = fits.get(r.nextInt(fits.size()));
            if (v.type() == t) return v;
            if (v.type() == GlslType.FLOAT) return new Construct(t, List.of(v));
            return new Swizzle(v, lanes(t.rows, v.type().rows));
        }

        Expr arithmetic(GlslType t, int d) {
            int k = r.nextInt(on(Feature.DIVISION) ? 5 : 4);
            if (k == 3) return new Neg(expr(t, d - 1));
            Expr a = expr(t, d - 1);
            Expr b = expr(t.vector() && r.nextInt(3) == 0 ? GlslType.FLOAT : t, d - 1);
            if (k == 4) return new Bin(Op.DIV, t, a, positive(b, 0.5));
            return new Bin(Op.values()[k], t, a, b);
        }

        /** |x| + c, or x * x + c: positive, at least c. */
        Expr positive(Expr x, double c) {
            GlslType t = x.type();
            Expr base = on(Builtin.ABS) && r.nextBoolean() ? new Call(Builtin.ABS, t, List.of(x)) : new Bin(Op.MUL, t, x, x);
            return new Bin(Op.ADD, t, base, constant(GlslType.FLOAT, c));
        }

        /** x limited to [lo, hi], or null when neither clamp nor min and max are on. */
        Expr bounded(Expr x, double lo, double hi) {
            GlslType t = x.type();
            if (on(Builtin.CLAMP)) return new Call(Builtin.CLAMP, t, List.of(x, constant(GlslType.FLOAT, lo), constant(GlslType.FLOAT, hi)));
            if (on(Builtin.MIN) && on(Builtin.MAX)) {
                return new Call(Builtin.MIN, t, List.of(new Call(Builtin.MAX, t, List.of(x, constant(GlslType.FLOAT, lo))), constant(GlslType.FLOAT, hi)));
            }
            return null;
        }

        Expr builtin(GlslType t, int d) {
            List<Builtin> fits = new ArrayList<>();
            for (Builtin b : builtins) {
                boolean ok = switch (b.shape) {
                    case MAP1, MAP2, MAP3 -> t.cols == 1;
                    case REDUCE1, REDUCE2 -> t == GlslType.FLOAT;
                    case VEC3 -> t == GlslType.VEC3;
                    case SAME1, SAME2, SAME3, REFRACT -> t.vector();
                    case MATRIX -> false;
                };
                if (ok) fits.add(b);
            }
            if (fits.isEmpty()) return null;
            Builtin b = fits.get(r.nextInt(fits.size()));
            int e = d - 1;
            return switch (b) {
                case SIN, COS, ATAN, ABS, SIGN, FLOOR, CEIL, FRACT -> call(b, t, expr(t, e));
                case TAN -> wrap1(b, t, bounded(expr(t, e), -1.25, 1.25));
                case ASIN, ACOS -> wrap1(b, t, bounded(expr(t, e), -0.9375, 0.9375));
                case EXP, EXP2 -> wrap1(b, t, bounded(expr(t, e), -4, 4));
                case LOG, LOG2, SQRT, INVERSESQRT -> call(b, t, positive(expr(t, e), 0.125));
                case POW -> {
                    Expr y = bounded(expr(t, e), -2, 2);
                    yield y == null ? null : call(b, t, positive(expr(t, e), 0.25), y);
                }
                case MOD -> call(b, t, expr(t, e), positive(expr(scalarOr(t), e), 0.5));
                case MIN, MAX -> call(b, t, expr(t, e), expr(scalarOr(t), e));
                case ATAN2 -> call(b, t, expr(t, e), expr(t, e));
                case STEP -> call(b, t, expr(scalarOr(t), e), expr(t, e));
                case CLAMP -> {
                    double lo = (r.nextInt(33) - 24) / 8.0, hi = lo + (1 + r.nextInt(24)) / 8.0;
                    GlslType edge = scalarOr(t);
                    yield call(b, t, expr(t, e), constant(edge, lo), constant(edge, hi));
                }
                case MIX -> call(b, t, expr(t, e), expr(t, e), expr(scalarOr(t), e));
                case SMOOTHSTEP -> {
                    double lo = (r.nextInt(33) - 16) / 8.0, hi = lo + (1 + r.nextInt(24)) / 8.0;
                    GlslType edge = scalarOr(t);
                    yield call(b, t, constant(edge, lo), constant(edge, hi), expr(t, e));
                }
                case LENGTH -> call(b, t, expr(vecType(), e));
                case DISTANCE, DOT -> {
                    GlslType v = vecType();
                    yield call(b, t, expr(v, e), expr(v, e));
                }
                case CROSS -> call(b, t, expr(t, e), expr(t, e));
                case NORMALIZE -> call(b, t, expr(t, e));
                case REFLECT -> call(b, t, expr(t, e), unit(expr(t, e)));
                case REFRACT -> call(b, t, unit(expr(t, e)), unit(expr(t, e)), new Const(GlslType.FLOAT, new double[] {(2 + r.nextInt(7)) / 8.0}));
                case FACEFORWARD -> call(b, t, expr(t, e), expr(t, e), expr(t, e));
                case TRANSPOSE -> null;
            };
        }

        Expr unit(Expr x) {
            return on(Builtin.NORMALIZE) ? new Call(Builtin.NORMALIZE, x.type(), List.of(x)) : x;
        }

        GlslType scalarOr(GlslType t) {
            return r.nextInt(3) == 0 ? GlslType.FLOAT : t;
        }

        Expr wrap1(Builtin b, GlslType t, Expr arg) {
            return arg == null ? null : call(b, t, arg);
        }

        Expr call(Builtin b, GlslType t, Expr... args) {
            return new Call(b, t, List.of(args));
        }

        Expr construct(GlslType t, int d) {
            if (!on(Feature.CONSTRUCTORS) || t == GlslType.FLOAT) return null;
            if (r.nextInt(4) == 0) return new Construct(t, List.of(expr(GlslType.FLOAT, d - 1)));
            List<Expr> parts = new ArrayList<>();
            int left = t.rows;
            while (left > 0) {
                int n = 1 + r.nextInt(left);
                parts.add(expr(GlslType.vec(n), d - 1));
                left -= n;
            }
            return new Construct(t, parts);
        }

        Expr matrixProduct(GlslType t, int d) {
            if (!on(Feature.MATRICES) || !t.vector()) return null;
            Expr m = matrix(GlslType.mat(t.rows), d - 1);
            if (on(Feature.VECTOR_MATRIX) && r.nextInt(3) == 0) return new Bin(Op.MUL, t, expr(t, d - 1), m);
            return new Bin(Op.MUL, t, m, expr(t, d - 1));
        }

        Expr matrix(GlslType m, int d) {
            int k = d <= 0 ? 0 : r.nextInt(5);
            if (k == 1 && on(Builtin.TRANSPOSE)) return new Call(Builtin.TRANSPOSE, m, List.of(matrix(m, d - 1)));
            if (k == 2) return new Bin(Op.MUL, m, matrix(m, d - 1), matrix(m, d - 1));
            if (k == 3 && on(Feature.MATRIX_CONSTRUCTORS)) {
                List<Expr> cols = new ArrayList<>();
                for (int c = 0; c < m.cols; c++) cols.add(expr(GlslType.vec(m.rows), d - 1));
                return new Construct(m, cols);
            }
            if (inFunction) {
                for (Var v : scope) if (v.type() == m) return v;
            }
            return uniform(m);
        }

        /** A uniform of this type: one already declared (mostly) or a new one. */
        Var uniform(GlslType t) {
            List<Var> have = new ArrayList<>();
            for (RandomProgram.Uniform u : uniforms) if (u.length() == 0 && u.type() == t) have.add(new Var(u.name(), t));
            if (!have.isEmpty() && r.nextInt(3) > 0) return have.get(r.nextInt(have.size()));
            RandomProgram.Uniform u = new RandomProgram.Uniform("u" + uniforms.size(), t, 0);
            uniforms.add(u);
            return new Var(u.name(), t);
        }

        Expr index(GlslType t) {
            if (arrays.isEmpty()) return null;
            RandomProgram.Uniform a = arrays.get(r.nextInt(arrays.size()));
            List<IndexBy> ways = new ArrayList<>();
            if (on(Feature.CONST_INDEX)) ways.add(new ConstIndex(r.nextInt(a.length())));
            if (on(Feature.LOOP_INDEX) && !inFunction) {
                for (For l : loops) if (l.trips() <= a.length()) ways.add(new LoopIndex(l.counter(), r.nextInt(a.length() - l.trips() + 1)));
            }
            if (indexInput != null && !inFunction) ways.add(new InputIndex(indexInput.name(), r.nextInt(4)));
            if (ways.isEmpty()) return null;
            Expr e = new Index(a.name(), a.length(), ways.get(r.nextInt(ways.size())));
            if (t == GlslType.VEC4) return e;
            if (!on(Feature.SWIZZLES)) return null;
            return new Swizzle(e, lanes(t.rows, 4));
        }

        Expr userCall(GlslType t, int d) {
            if (inFunction) return null;
            List<Function> fits = new ArrayList<>();
            for (Function f : functions) if (f.result() == t) fits.add(f);
            if (fits.isEmpty()) return null;
            Function f = fits.get(r.nextInt(fits.size()));
            List<Expr> args = new ArrayList<>();
            for (Var p : f.params()) args.add(expr(p.type(), d - 1));
            return new UserCall(f, args);
        }
    }
}
