package dev.pica.compiler.vir;

import java.util.List;

/** The structured program: straight-line instructions at the leaves, the hardware's blocks above them. */
public sealed interface Node {
    /** equals and hashCode written out, as a record's would be, for the reason Operand.Temp gives. */
    record Inst(VInst inst) implements Node {
        @Override
        public boolean equals(Object o) {
            return o instanceof Inst i && java.util.Objects.equals(inst, i.inst);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(inst);
        }
    }

    /** IFC (a CMP evaluated right before it) or IFU. */
    record If(Cond cond, List<Node> then, List<Node> otherwise, int line) implements Node {}

    /**
     * LOOP over an integer register: the body runs {@code count} times (1-256); aL runs from start
     * by step. {@code counter}: the GLSL variable aL holds in the body (the debugger's map), or null.
     */
    record Loop(int count, int start, int step, List<Node> body, int line, String counter) implements Node {
        public Loop(int count, int start, int step, List<Node> body, int line) {
            this(count, start, step, body, line, null);
        }

        /** The same loop around another body. */
        public Loop withBody(List<Node> b) {
            return new Loop(count, start, step, b, line, counter);
        }
    }

    /** BREAKC (a CMP right before it). */
    record Break(Cond cond, int line) implements Node {}

    /** A {@code break} or {@code continue} the translator has not yet turned into hardware flow (never reaches the emitter). */
    record Jump(boolean isBreak, int line) implements Node {}

    /** A condition: the flags a CMP sets, or a bool uniform. */
    sealed interface Cond {
        /** Negation. */
        Cond not();
    }

    /**
     * The CMP {@code cmp} evaluated right before the consumer (flags never live across other
     * code), and the test of its flags: refX, refY and the condition operator (0 or, 1 and, 2 x, 3 y).
     */
    record Flags(VInst cmp, int refX, int refY, int condOp) implements Cond {
        @Override
        public Cond not() {
            // De Morgan: not(x and y) = (not x) or (not y); a single flag flips its reference
            return switch (condOp) {
                case 0 -> new Flags(cmp, 1 - refX, 1 - refY, 1);
                case 1 -> new Flags(cmp, 1 - refX, 1 - refY, 0);
                case 2 -> new Flags(cmp, 1 - refX, refY, 2);
                default -> new Flags(cmp, refX, 1 - refY, 3);
            };
        }
    }

    record BoolUniform(int register, boolean negated) implements Cond {
        @Override
        public Cond not() {
            return new BoolUniform(register, !negated);
        }
    }
}
