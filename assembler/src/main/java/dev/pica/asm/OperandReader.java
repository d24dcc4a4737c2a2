package dev.pica.asm;

import dev.pica.asm.ir.Dst;
import dev.pica.asm.ir.RawOperand;
import dev.pica.asm.ir.RegClass;
import dev.pica.asm.ir.Src;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Nearest;
import dev.pica.format.diag.Problem;
import dev.pica.format.isa.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Gives written operands their meaning for one slot, reporting every misuse (sdk-dialect.md 6, 11.2). */
final class OperandReader {
    private final Diagnostics diags;
    private final boolean geometry;

    /** the file's macro names: what an unknown word in an operand was likely meant to be */
    private final List<String> macroNames;

    OperandReader(Diagnostics diags, boolean geometry, List<String> macroNames) {
        this.macroNames = macroNames;
        this.diags = diags;
        this.geometry = geometry;
    }

    /** A register with its offsets folded in, its index register and its suffixes. */
    record Resolved(RegClass cls, int num, String indexReg, List<RawOperand.Suffix> suffixes) {}

    /** Resolves the register part of an operand; null after reporting an error. */
    Resolved register(RawOperand o) {
        if (o.isNumber()) {
            diags.error(Problem.OPERAND_KIND, o.pos(), "syntax error near '" + o.number() + "': expected a register");
            return null;
        }
        Registers.Name n = Registers.parse(o.base());
        if (n == null) {
            diags.error(Problem.UNKNOWN_REGISTER, o.pos(), "syntax error near '" + o.base() + "': not a register (undefined macro?)" + Nearest.hint(o.base(), macroNames));
            return null;
        }
        int usable = n.cls() == RegClass.O ? Limits.outputs(geometry) : n.cls().count;
        if (n.num() >= usable) {
            diags.error(Problem.REGISTER_RANGE, o.pos(), n.cls().file() != null ? n.cls().file().notValid(o.base(), usable) : "register out of range: '" + o.base() + "'");
            return null;
        }
        int num = Math.max(n.num(), 0);
        long offset = 0;
        String idx = null;
        List<RawOperand.Suffix> suffixes = new ArrayList<>();
        for (RawOperand.Part p : o.parts()) {
            if (p instanceof RawOperand.Offset off) {
                if (!suffixes.isEmpty()) {
                    diags.error(Problem.RELATIVE_ADDRESSING, off.pos(), "cannot apply '[" + off.text() + "]' to an operand that already has a suffix");
                    return null;
                }
                if (off.value() == Integer.MIN_VALUE) return null; // already reported
                offset += off.value();
                if (off.indexRegister() != null) {
                    if (idx != null) {
                        diags.error(Problem.RELATIVE_ADDRESSING, off.pos(), "relative addressing only applies to one c operand");
                        return null;
                    }
                    idx = off.indexRegister();
                }
            } else {
                suffixes.add((RawOperand.Suffix) p);
            }
        }
        if (n.num() < 0 && idx == null) {
            diags.error(Problem.RELATIVE_ADDRESSING, o.pos(), "syntax error near 'c': a bare 'c' needs an index register, as in c[a0.x+8]");
            return null;
        }
        if (idx != null && n.cls() != RegClass.C) {
            diags.error(Problem.RELATIVE_ADDRESSING, o.pos(), "relative addressing only applies to one c operand");
            return null;
        }
        long total = num + offset;
        int limit = n.cls() == RegClass.O ? Limits.outputs(geometry) : n.cls().count;
        if (total < 0 || total >= limit) {
            diags.error(Problem.REGISTER_RANGE, o.pos(), "register offset out of range: '" + o.text() + "'");
            return null;
        }
        return new Resolved(n.cls(), (int) total, idx, suffixes);
    }

    /** A source operand (v, r or c; swizzle; negation; index register on c). */
    Src src(RawOperand o) {
        if (o.bang()) {
            diags.error(Problem.SYNTAX, o.pos(), "syntax error near '!'");
            return null;
        }
        Resolved r = register(o);
        if (r == null) return null;
        if (r.cls() != RegClass.V && r.cls() != RegClass.R && r.cls() != RegClass.C) {
            diags.error(Problem.OPERAND_KIND, o.pos(), "invalid register class for this operand: '" + o.text() + "'");
            return null;
        }
        int[] lanes = {0, 1, 2, 3};
        for (RawOperand.Suffix s : r.suffixes()) {
            int[] sw = swizzle(s.letters());
            if (sw == null) {
                diags.error(Problem.SWIZZLE, s.pos(), "invalid swizzle '" + s.letters() + "'");
                return null;
            }
            int[] composed = new int[4];
            for (int i = 0; i < 4; i++) composed[i] = lanes[sw[i]];
            lanes = composed;
        }
        int sel = lanes[0] << 6 | lanes[1] << 4 | lanes[2] << 2 | lanes[3];
        int idx = r.indexReg() == null ? 0 : Registers.indexCode(r.indexReg());
        return new Src(r.cls(), r.num(), o.negated(), sel, idx, o.pos(), o.text());
    }

    /** A destination (o or r; mask). */
    Dst dst(RawOperand o) {
        if (o.negations() > 0) {
            diags.error(Problem.OPERAND_KIND, o.pos(), "destination cannot be negated");
            return null;
        }
        Resolved r = register(o);
        if (r == null) return null;
        if (r.cls() != RegClass.O && r.cls() != RegClass.R) {
            diags.error(Problem.OPERAND_KIND, o.pos(), "invalid destination register '" + o.text() + "'");
            return null;
        }
        if (r.suffixes().size() > 1) {
            diags.error(Problem.SWIZZLE, r.suffixes().get(1).pos(), "cannot apply '." + r.suffixes().get(1).letters() + "' to an operand that already has a suffix");
            return null;
        }
        int mask = 0xF;
        if (r.suffixes().size() == 1) {
            RawOperand.Suffix s = r.suffixes().get(0);
            Integer m = mask(s.letters());
            if (m == null) {
                diags.error(Problem.SWIZZLE, s.pos(), "invalid destination mask '" + s.letters() + "'");
                return null;
            }
            mask = m;
        }
        return new Dst(r.cls(), r.num(), mask, o.pos(), o.text());
    }

    /** The mova destination: a0, a0.x, a0.y, a0.xy; returns the mask (x = bit 3, y = bit 2). */
    Dst movaDst(RawOperand o) {
        if (o.negations() > 0) {
            diags.error(Problem.OPERAND_KIND, o.pos(), "destination cannot be negated");
            return null;
        }
        Registers.Name n = o.base() == null ? null : Registers.parse(o.base());
        if (n == null || n.cls() != RegClass.A0 || o.parts().size() > 1
                || (o.parts().size() == 1 && !(o.parts().get(0) instanceof RawOperand.Suffix))) {
            diags.error(Problem.OPERAND_KIND, o.pos(), "invalid destination register '" + o.text() + "'");
            return null;
        }
        int mask = 0xC;
        if (o.parts().size() == 1) {
            String l = ((RawOperand.Suffix) o.parts().get(0)).letters().toLowerCase(Locale.ROOT);
            mask = switch (l) {
                case "x" -> 0x8;
                case "y" -> 0x4;
                case "xy" -> 0xC;
                default -> -1;
            };
            if (mask < 0) {
                diags.error(Problem.SWIZZLE, o.parts().get(0).pos(), "invalid destination mask '" + l + "'");
                return null;
            }
        }
        return new Dst(RegClass.A0, 0, mask, o.pos(), o.text());
    }

    /** A plain register of one class without suffix (def targets, loop, ifb ...), with offsets. */
    Integer plainRegister(RawOperand o, RegClass cls) {
        if (o.negations() > 0 || o.bang() || o.plus()) {
            diags.error(Problem.OPERAND_KIND, o.pos(), "invalid register class for this operand: '" + o.text() + "'");
            return null;
        }
        Resolved r = register(o);
        if (r == null) return null;
        if (r.cls() != cls) {
            diags.error(Problem.OPERAND_KIND, o.pos(), "invalid register class for this operand: '" + o.text() + "'");
            return null;
        }
        if (!r.suffixes().isEmpty()) {
            diags.error(Problem.SWIZZLE, r.suffixes().get(0).pos(), "syntax error near '." + r.suffixes().get(0).letters() + "'");
            return null;
        }
        return r.num();
    }

    /** An integer in [min, max]; message names the operand, kind the problem it is when it is not one. */
    Integer integer(RawOperand o, int min, int max, Problem kind, String badMessagePrefix) {
        if (!o.isNumber() || o.bang()) {
            diags.error(kind, o.pos(), badMessagePrefix + " '" + o.text() + "'");
            return null;
        }
        Long v = Literals.parseInt(o.number());
        if (v == null) {
            diags.error(Problem.INVALID_NUMBER, o.pos(), "invalid number '" + o.text() + "'");
            return null;
        }
        long s = o.negated() ? -v : v;
        if (s < min || s > max) {
            diags.error(kind, o.pos(), badMessagePrefix + " '" + o.text() + "'");
            return null;
        }
        return (int) s;
    }

    /** A label name. */
    String label(RawOperand o) {
        if (!o.isBareIdentifier()) {
            diags.error(Problem.OPERAND_KIND, o.pos(), "syntax error near '" + o.text() + "': expected a label");
            return null;
        }
        return o.base();
    }

    /** Swizzle letters to lanes (padded with the last letter); null if invalid. */
    static int[] swizzle(String letters) {
        if (letters.isEmpty() || letters.length() > 4) return null;
        int[] lanes = new int[4];
        for (int i = 0; i < 4; i++) {
            char c = Character.toLowerCase(letters.charAt(Math.min(i, letters.length() - 1)));
            int v = "xyzw".indexOf(c);
            if (v < 0) return null;
            lanes[i] = v;
        }
        return lanes;
    }

    /** Mask letters (distinct, in xyzw order) to the descriptor mask; null if invalid. */
    static Integer mask(String letters) {
        int mask = 0;
        int last = -1;
        for (int i = 0; i < letters.length(); i++) {
            int v = "xyzw".indexOf(Character.toLowerCase(letters.charAt(i)));
            if (v < 0 || v <= last) return null;
            last = v;
            mask |= 8 >> v;
        }
        return letters.isEmpty() ? null : mask;
    }
}
