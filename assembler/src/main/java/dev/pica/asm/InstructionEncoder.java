package dev.pica.asm;

import dev.pica.asm.ir.Item;
import dev.pica.asm.ir.RegClass;
import dev.pica.asm.ir.Src;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.WordFormat;
import java.util.List;

/**
 * Encodes ALU instructions: operand placement, inverted forms and swaps (isa.md section 6), the
 * instruction's own descriptor (isa.md 5.2). DESC stays 0; the descriptor table assigns it.
 */
final class InstructionEncoder {
    private final Diagnostics diags;

    InstructionEncoder(Diagnostics diags) {
        this.diags = diags;
    }

    /** An encoded instruction with its own descriptor value and usedInfo (0 for none). */
    record Encoded(Instruction instruction, int descriptor, int usedInfo) {}

    Encoded alu(Item.Alu a) {
        List<Src> s = a.srcs();
        if (!commonChecks(s)) return null;
        Opcode op = a.op();
        int mask = a.dst().mask();
        int dst = op.has(Opcode.Flag.WRITES_A0) ? 0 : a.dst().code(); // MOVA's destination is its mask
        switch (op.format) {
            case F1U -> {
                return place(op, dst, mask, s.get(0));
            }
            case F1, F1I -> {
                Src s1 = s.get(0), s2 = s.get(1);
                if (op.format == WordFormat.F1I) {
                    // dphi/dsti/sgei/slti written explicitly: keep the written order.
                    if (s1.wide()) return tooManyWide(s1);
                    return place(op, dst, mask, s1, s2);
                }
                if (!s2.wide()) return place(op, dst, mask, s1, s2);
                if (s1.wide()) return tooManyWide(s2);
                if (op.hasInvertedForm()) return place(op.inverted(), dst, mask, s1, s2);
                // Commutative: move the wide operand into the 7-bit slot [choice, isa.md 6].
                if (!op.has(Opcode.Flag.COMMUTATIVE)) return tooManyWide(s2);
                return place(op, dst, mask, s2, s1);
            }
            case F5, F5I -> {
                Src s1 = s.get(0), s2 = s.get(1), s3 = s.get(2);
                int wide = (s1.wide() ? 1 : 0) + (s2.wide() ? 1 : 0) + (s3.wide() ? 1 : 0);
                if (wide > 1) return tooManyWide(s3.wide() ? s3 : s2);
                if (op == Opcode.MADI || s3.wide()) {
                    if (s1.wide() || s2.wide()) return tooManyWide(s1.wide() ? s1 : s2);
                    return place(Opcode.MADI, dst, mask, s1, s2, s3);
                }
                // the wide operand of a product goes to src2, the wide slot of MAD
                return s1.wide() ? place(Opcode.MAD, dst, mask, s2, s1, s3) : place(Opcode.MAD, dst, mask, s1, s2, s3);
            }
            default -> throw new IllegalStateException("not an ALU opcode: " + op);
        }
    }

    /** The word with its sources in slot order; IDX is the index of the one in the format's wide slot. */
    private static Encoded place(Opcode op, int dst, int mask, Src... slots) {
        int idx = slots[op.format.wideSource() - 1].idx();
        Src s1 = slots[0], s2 = slots.length > 1 ? slots[1] : null, s3 = slots.length > 2 ? slots[2] : null;
        Instruction i = Instruction.alu(op, dst, idx, s1.code(), s2 == null ? 0 : s2.code(), s3 == null ? 0 : s3.code(), 0);
        return done(i, op, mask, s1, s2, s3);
    }

    Encoded cmp(Item.Cmp c) {
        if (!commonChecks(List.of(c.s1(), c.s2()))) return null;
        if (c.s2().wide()) {
            if (c.s1().wide()) return tooManyWide(c.s2());
            // Format 1c reads c only in SRC1 and has no inverted form: swap the sources and mirror
            // each comparison (s1 < s2 is s2 > s1), as the SDK assembler accepted `cmp m, m, r3, c0`.
            Instruction i = Instruction.cmp(mirror(c.cmpX()), mirror(c.cmpY()), c.s2().idx(), c.s2().code(), c.s1().code(), 0);
            return done(i, Opcode.CMP, 0, c.s2(), c.s1(), null);
        }
        Instruction i = Instruction.cmp(c.cmpX(), c.cmpY(), c.s1().idx(), c.s1().code(), c.s2().code(), 0);
        return done(i, Opcode.CMP, 0, c.s1(), c.s2(), null);
    }

    /** The comparison with its operands exchanged: EQ, NE stay; LT<->GT, LE<->GE (isa.md section 7 codes). */
    static int mirror(int cmpOp) {
        return switch (cmpOp) {
            case 2 -> 4;
            case 3 -> 5;
            case 4 -> 2;
            case 5 -> 3;
            default -> cmpOp;
        };
    }

    private boolean commonChecks(List<Src> s) {
        Src v = null, idx = null;
        int constants = 0;
        for (Src x : s) {
            if (x.cls() == RegClass.V) {
                if (v != null && v.num() != x.num()) {
                    diags.error(Problem.TWO_INPUT_REGISTERS, x.pos(), "two different input registers in one instruction: '" + v.regName() + "', '" + x.regName() + "'");
                    return false;
                }
                v = x;
            }
            if (x.idx() != 0) {
                if (idx != null) {
                    diags.error(Problem.RELATIVE_ADDRESSING, x.pos(), "relative addressing only applies to one c operand");
                    return false;
                }
                idx = x;
            }
            if (x.cls() == RegClass.C && ++constants > 1) {
                diags.error(Problem.TWO_CONSTANT_REGISTERS, x.pos(), "only one constant register can be read here: '" + x.text() + "'");
                return false;
            }
        }
        return true;
    }

    private Encoded tooManyWide(Src at) {
        diags.error(at.cls() == RegClass.C ? Problem.TWO_CONSTANT_REGISTERS : Problem.RELATIVE_ADDRESSING, at.pos(), at.cls() == RegClass.C
                ? "only one constant register can be read here: '" + at.text() + "'"
                : "relative addressing only applies to one c operand");
        return null;
    }

    private static Encoded done(Instruction i, Opcode op, int mask, Src s1, Src s2, Src s3) {
        int d = OperandDescriptors.build(mask,
                s1 != null && s1.neg(), s1 == null ? 0 : s1.sel(),
                s2 != null && s2.neg(), s2 == null ? 0 : s2.sel(),
                s3 != null && s3.neg(), s3 == null ? 0 : s3.sel());
        return new Encoded(i, d, op.usedInfo());
    }

}
