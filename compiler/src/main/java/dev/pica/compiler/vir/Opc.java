package dev.pica.compiler.vir;

/** The vertex unit's operations the back end emits, with how their sources feed their result. */
public enum Opc {
    ADD("add", 2, Shape.LANES), MUL("mul", 2, Shape.LANES), MAX("max", 2, Shape.LANES), MIN("min", 2, Shape.LANES),
    SGE("sge", 2, Shape.LANES), SLT("slt", 2, Shape.LANES), MAD("mad", 3, Shape.LANES), MOV("mov", 1, Shape.LANES),
    FLR("flr", 1, Shape.LANES),
    /** Scalar: the result of the source's first component, in every lane written. */
    RCP("rcp", 1, Shape.SCALAR), RSQ("rsq", 1, Shape.SCALAR), EX2("ex2", 1, Shape.SCALAR), LG2("lg2", 1, Shape.SCALAR),
    /** Dot products: one result in every lane written. */
    DP3("dp3", 2, Shape.DOT), DP4("dp4", 2, Shape.DOT), DPH("dph", 2, Shape.DOT),
    /** Sets cmp.x from the sources' first components and cmp.y from their second. */
    CMP("cmp", 2, Shape.FLAGS),
    /** Loads a0.x (and a0.y) from the source's first (second) component. */
    MOVA("mova", 1, Shape.FLAGS),
    NOP("nop", 0, Shape.FLAGS),
    /**
     * A geometry shader's SETEMIT and EMIT: the output registers become a vertex in slot
     * {@code cmpX}; {@code cmpY} bit 0 completes a triangle (prim), bit 1 inverts its winding (inv).
     */
    EMIT("emit", 0, Shape.FLAGS);

    public enum Shape { LANES, SCALAR, DOT, FLAGS }

    public final String mnemonic;
    public final int sources;
    public final Shape shape;

    Opc(String mnemonic, int sources, Shape shape) {
        this.mnemonic = mnemonic;
        this.sources = sources;
        this.shape = shape;
    }

    /** Components each source needs: a lane-wise op the result's width, a scalar op 1, DP3 3, DP4 4, DPH 3 then 4. */
    public int sourceWidth(int k, int resultWidth) {
        return switch (shape) {
            case LANES -> resultWidth;
            case SCALAR -> 1;
            case DOT -> this == DP3 || (this == DPH && k == 0) ? 3 : 4;
            case FLAGS -> this == CMP ? 2 : 1;
        };
    }
}
