package dev.pica.sim;

import dev.pica.format.isa.Opcode;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What an ALU word computes (docs/spec/execution.md, "Arithmetic"): the opcodes of the kind (an
 * inverted form shares its plain form's kind), how many source slots it reads, its shape, the
 * {@link PicaFloat} function of one lane where it has one, and {@link #run}, the {@link Machine}
 * method that computes it on fetched sources. The interpreter calls {@code run}; compiled runs
 * call it on the constant, which the JIT inlines.
 */
enum AluKind {
    ADD(Shape.LANES, 2, "add", Opcode.ADD) { void run(Machine m, int d, int k, int x) { m.add(d, k, x); } },
    MUL(Shape.LANES, 2, "mul", Opcode.MUL) { void run(Machine m, int d, int k, int x) { m.mul(d, k, x); } },
    MAD(Shape.MAD, 3, "mad", Opcode.MAD, Opcode.MADI) { void run(Machine m, int d, int k, int x) { m.mad(d, k, x); } },
    FLR(Shape.LANES, 1, "floor", Opcode.FLR) { void run(Machine m, int d, int k, int x) { m.flr(d, k, x); } },
    MAX(Shape.LANES, 2, "max", Opcode.MAX) { void run(Machine m, int d, int k, int x) { m.max(d, k, x); } },
    MIN(Shape.LANES, 2, "min", Opcode.MIN) { void run(Machine m, int d, int k, int x) { m.min(d, k, x); } },
    SGE(Shape.LANES, 2, "sge", Opcode.SGE, Opcode.SGEI) { void run(Machine m, int d, int k, int x) { m.sge(d, k, x); } },
    SLT(Shape.LANES, 2, "slt", Opcode.SLT, Opcode.SLTI) { void run(Machine m, int d, int k, int x) { m.slt(d, k, x); } },
    MOV(Shape.LANES, 1, null, Opcode.MOV) { void run(Machine m, int d, int k, int x) { m.mov(d, k, x); } },
    DP3(Shape.DOT, 2, null, Opcode.DP3) { void run(Machine m, int d, int k, int x) { m.dp3(d, k, x); } },
    DP4(Shape.DOT, 2, null, Opcode.DP4) { void run(Machine m, int d, int k, int x) { m.dp4(d, k, x); } },
    DPH(Shape.DOT, 2, null, Opcode.DPH, Opcode.DPHI) { void run(Machine m, int d, int k, int x) { m.dph(d, k, x); } },
    RCP(Shape.SCALAR, 1, "rcp", Opcode.RCP) { void run(Machine m, int d, int k, int x) { m.rcp(d, k, x); } },
    RSQ(Shape.SCALAR, 1, "rsq", Opcode.RSQ) { void run(Machine m, int d, int k, int x) { m.rsq(d, k, x); } },
    EX2(Shape.SCALAR, 1, "ex2", Opcode.EX2) { void run(Machine m, int d, int k, int x) { m.ex2(d, k, x); } },
    LG2(Shape.SCALAR, 1, "lg2", Opcode.LG2) { void run(Machine m, int d, int k, int x) { m.lg2(d, k, x); } },
    MOVA(Shape.ADDRESS, 1, null, Opcode.MOVA) { void run(Machine m, int d, int k, int x) { m.mova(d, k, x); } },
    CMP(Shape.COMPARE, 2, null, Opcode.CMP) { void run(Machine m, int d, int k, int x) { m.cmp(d, k, x); } };

    /** How a kind's lanes relate to its sources. */
    enum Shape {
        /** lane i of the result from lane i of each source ({@link #lane}; MOV copies) */
        LANES,
        /** s1 * s2 + s3 per lane ({@link PicaFloat#mad}) */
        MAD,
        /** one sum of products to every written lane */
        DOT,
        /** {@link #lane} of s1's lane x to every written lane */
        SCALAR,
        /** a0.x, a0.y from s1's lanes x, y */
        ADDRESS,
        /** cmp.x, cmp.y from s1 and s2's lanes x, y */
        COMPARE
    }

    final Shape shape;
    final int sources;
    /** the {@code float (float[, float])} method of {@link PicaFloat} that computes one lane, or null */
    final String lane;
    final List<Opcode> opcodes;

    AluKind(Shape shape, int sources, String lane, Opcode... opcodes) {
        this.shape = shape;
        this.sources = sources;
        this.lane = lane;
        this.opcodes = List.of(opcodes);
    }

    /** Computes the word on the sources already fetched into {@code m}'s slots: destination (as in {@link DecodedWords}), mask, CMP's operators. */
    abstract void run(Machine m, int dst, int mask, int aux);

    /** Whether the kind writes a register (MOVA and CMP write a0 and cmp). */
    boolean writesRegister() {
        return shape != Shape.ADDRESS && shape != Shape.COMPARE;
    }

    private static final Map<Opcode, AluKind> BY_OPCODE = new EnumMap<>(Opcode.class);
    static {
        for (AluKind k : values()) for (Opcode op : k.opcodes) BY_OPCODE.put(op, k);
    }

    /** The kind an opcode computes, or null for a word that is not one of these ALU instructions. */
    static AluKind of(Opcode op) {
        return BY_OPCODE.get(op);
    }
}
