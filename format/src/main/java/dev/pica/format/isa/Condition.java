package dev.pica.format.isa;

/**
 * How a format-2 word (BREAKC, CALLC, IFC, JMPC) combines its flag tests, by CONDOP (isa.md 7):
 * each flag is compared with its REF bit, and the results are combined (OR, AND) or only one is
 * tested (X, Y). The simulator decides with {@link #holds}, the verifier asks which flags a word
 * reads, picasso's printer and reader spell it.
 */
public enum Condition {
    /** 0: either flag matches */
    OR("||"),
    /** 1: both flags match */
    AND("&&"),
    /** 2: only cmp.x is tested */
    X(null),
    /** 3: only cmp.y is tested */
    Y(null);

    /** picasso's operator between the two tests; null for a one-flag test */
    public final String operator;

    Condition(String operator) {
        this.operator = operator;
    }

    private static final Condition[] BY_CODE = values();

    /** The condition of a CONDOP field (0-3). */
    public static Condition of(int condOp) {
        return BY_CODE[condOp];
    }

    /** The CONDOP field's value. */
    public int code() {
        return ordinal();
    }

    public boolean readsX() {
        return this != Y;
    }

    public boolean readsY() {
        return this != X;
    }

    /** Whether the condition holds for these flags and REF bits (a flag matches when it equals its REF bit). */
    public boolean holds(boolean cmpX, boolean cmpY, int refX, int refY) {
        return holds(code(), cmpX, cmpY, refX, refY);
    }

    /**
     * {@link #holds} for the condition of a CONDOP field (0-3): a switch on the code, which the JIT
     * folds where the code is a constant, as in the simulator's compiled programs (a switch on the
     * enum reads two arrays it does not fold).
     */
    public static boolean holds(int condOp, boolean cmpX, boolean cmpY, int refX, int refY) {
        boolean x = cmpX == (refX != 0), y = cmpY == (refY != 0);
        return switch (condOp) {
            case 0 -> x || y; // OR
            case 1 -> x && y; // AND
            case 2 -> x; // X
            default -> y; // Y
        };
    }

    /** picasso's spelling: "cmp.x && !cmp.y", "!cmp.x" (a flag tested against 0 is negated). */
    public String picassoText(int refX, int refY) {
        String x = (refX == 0 ? "!" : "") + "cmp.x", y = (refY == 0 ? "!" : "") + "cmp.y";
        return switch (this) {
            case X -> x;
            case Y -> y;
            default -> x + " " + operator + " " + y;
        };
    }
}
