package dev.pica.compiler.random;

/**
 * The GLSL.std.450 functions the random programs call, each with its value in double (GLSL's
 * definition), the points where it jumps (where a float32 and a float24 evaluation may land on
 * different sides), and its error model: rounding errors as a relative perturbation of the
 * arguments of {@code backward} units of float24's precision (a dot product of n terms is the
 * exact dot product of arguments perturbed by n roundings), plus a forward bound
 * {@code abs + rel * |result|} for the approximations of the lowering (sin, exp2, ...).
 */
public enum Builtin {
    SIN("sin", Shape.MAP1, 2), COS("cos", Shape.MAP1, 2), TAN("tan", Shape.MAP1, 2),
    ASIN("asin", Shape.MAP1, 2), ACOS("acos", Shape.MAP1, 2), ATAN("atan", Shape.MAP1, 2),
    ATAN2("atan", Shape.MAP2, 2),
    POW("pow", Shape.MAP2, 4), EXP("exp", Shape.MAP1, 3), LOG("log", Shape.MAP1, 2),
    EXP2("exp2", Shape.MAP1, 2), LOG2("log2", Shape.MAP1, 2),
    SQRT("sqrt", Shape.MAP1, 3), INVERSESQRT("inversesqrt", Shape.MAP1, 2),
    ABS("abs", Shape.MAP1, 0), SIGN("sign", Shape.MAP1, 0), FLOOR("floor", Shape.MAP1, 0),
    CEIL("ceil", Shape.MAP1, 0), FRACT("fract", Shape.MAP1, 1), MOD("mod", Shape.MAP2, 4),
    MIN("min", Shape.MAP2, 0), MAX("max", Shape.MAP2, 0), CLAMP("clamp", Shape.MAP3, 0),
    MIX("mix", Shape.MAP3, 3), STEP("step", Shape.MAP2, 0), SMOOTHSTEP("smoothstep", Shape.MAP3, 6),
    LENGTH("length", Shape.REDUCE1, 6), DISTANCE("distance", Shape.REDUCE2, 7), DOT("dot", Shape.REDUCE2, 4),
    CROSS("cross", Shape.VEC3, 3), NORMALIZE("normalize", Shape.SAME1, 6), REFLECT("reflect", Shape.SAME2, 7),
    REFRACT("refract", Shape.REFRACT, 10), FACEFORWARD("faceforward", Shape.SAME3, 5),
    TRANSPOSE("transpose", Shape.MATRIX, 0);

    /** How a built-in's arguments and result are typed. */
    public enum Shape {
        /** genType f(genType) and so on, lane by lane */
        MAP1, MAP2, MAP3,
        /** float f(genType) / f(genType, genType) */
        REDUCE1, REDUCE2,
        /** vec3 cross(vec3, vec3) */
        VEC3,
        /** genType f(genType ...) over whole vectors */
        SAME1, SAME2, SAME3,
        /** genType refract(genType, genType, float) */
        REFRACT,
        /** matN transpose(matN) */
        MATRIX
    }

    public final String glslName;
    public final Shape shape;
    /** roundings, as a relative perturbation of each argument in units of float24's precision */
    public final int backward;
    Builtin(String glslName, Shape shape, int backward) {
        this.glslName = glslName;
        this.shape = shape;
        this.backward = backward;
    }

    /** GLSL's value of lane-wise functions, one lane. */
    static double lane(Builtin f, double a, double b, double c) {
        return switch (f) {
            case SIN -> Math.sin(a);
            case COS -> Math.cos(a);
            case TAN -> Math.tan(a);
            case ASIN -> Math.asin(a);
            case ACOS -> Math.acos(a);
            case ATAN -> Math.atan(a);
            case ATAN2 -> Math.atan2(a, b);
            case POW -> Math.pow(a, b);
            case EXP -> Math.exp(a);
            case LOG -> Math.log(a);
            case EXP2 -> Math.pow(2, a);
            case LOG2 -> Math.log(a) / Math.log(2);
            case SQRT -> Math.sqrt(a);
            case INVERSESQRT -> 1 / Math.sqrt(a);
            case ABS -> Math.abs(a);
            case SIGN -> Math.signum(a);
            case FLOOR -> Math.floor(a);
            case CEIL -> Math.ceil(a);
            case FRACT -> a - Math.floor(a);
            case MOD -> a - b * Math.floor(a / b);
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            case CLAMP -> Math.min(Math.max(a, b), c);
            case MIX -> a * (1 - c) + b * c;
            case STEP -> b < a ? 0 : 1;
            case SMOOTHSTEP -> {
                double t = Math.min(Math.max((c - a) / (b - a), 0), 1);
                yield t * t * (3 - 2 * t);
            }
            default -> throw new IllegalArgumentException(f + " is not lane-wise");
        };
    }

    /**
     * Whether an evaluation within errors {@code ea}, {@code eb} of {@code a}, {@code b} may jump
     * (floor at an integer, step at its edge, ...), one lane of a lane-wise function. Exact
     * arguments (no error: inputs, uniforms and constants are exact) never do.
     */
    static boolean jumps(Builtin f, double a, double b, double ea, double eb) {
        // atan(0, 0) is undefined, exact or not; on the cut (y = 0, x < 0) the result is +pi or
        // -pi by the sign of a zero y, which float24 and float32 need not share
        if (f == ATAN2 && (Math.hypot(a, b) <= ea + eb + Evaluator.NEAR || b < 0 && Math.abs(a) <= ea + Evaluator.NEAR)) return true;
        if (ea == 0 && eb == 0 && f != MOD) return false;
        return switch (f) {
            case SIGN -> Math.abs(a) <= ea + Evaluator.NEAR;
            case FLOOR, CEIL, FRACT -> nearInteger(a, ea);
            case MOD -> nearInteger(a / b, (ea + Math.abs(a / b) * eb) / Math.abs(b) + Math.abs(a / b) * 8 * Evaluator.DELTA);
            case STEP -> Math.abs(b - a) <= ea + eb + Evaluator.NEAR;
            // atan(y, x): the cut along x < 0, y = 0, and the origin
            case ATAN2 -> b < 0 && Math.abs(a) <= ea + Evaluator.NEAR;
            default -> false;
        };
    }

    static boolean nearInteger(double x, double e) {
        return Math.abs(x - Math.rint(x)) <= e + Evaluator.NEAR;
    }
}
