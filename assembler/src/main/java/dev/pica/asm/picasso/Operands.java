package dev.pica.asm.picasso;

import dev.pica.asm.ir.RegClass;
import dev.pica.asm.picasso.PicassoLine.Operand;
import dev.pica.format.diag.Nearest;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.isa.RegisterFile;
import java.util.Locale;

/**
 * Reads picasso's operands as picasso 2.7.2 does (docs/picasso-compat.md): names declared in the
 * file, registers (their numbers through C's strtoll), offsets and counts (C's atoi), swizzles
 * and masks, with a warning wherever picasso reads the text other than it says.
 */
final class Operands {
    private final PicassoBuild build;

    Operands(PicassoBuild build) {
        this.build = build;
    }

    /** A register as an alias or operand names it: class, index, selector (x in bits 7:6), negation. */
    record Reg(RegClass cls, int num, int sel, boolean neg) {
        /** The register's number in picasso's numbering (outputs by their destination code). */
        int code() {
            RegisterFile f = cls.file();
            return (cls == RegClass.O ? f.fieldBase : f.picassoBase) + num;
        }
    }

    record Src(Reg reg, int idx) {
        boolean wide() {
            return reg.cls() == RegClass.C || idx != 0;
        }
    }

    static final int DEFAULT_SEL = 0x1B; // xyzw

    /** The register of a picasso register number (uniform allocation results). */
    static Reg regAt(int pos) {
        RegisterFile f = RegisterFile.ofPicasso(pos);
        if (f == null) f = RegisterFile.BOOL_UNIFORM; // past b15: as picasso, a bool number out of range
        return new Reg(RegClass.of(f), pos - f.picassoBase, DEFAULT_SEL, false);
    }

    // ---------------------------------------------------------------- registers

    static boolean validIdentifier(String s) {
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = Character.isLetter(c) && c < 128 || c == '_' || c == '$' || i > 0 && c >= '0' && c <= '9';
            if (!ok) return false;
        }
        return true;
    }

    static boolean looksLikeRegister(String s) {
        return s.length() > 1 && RegisterFile.LETTERS.indexOf(Character.toLowerCase(s.charAt(0))) >= 0 && Character.isDigit(s.charAt(1));
    }

    /**
     * A count or offset as picasso reads it, with C's atoi: decimal digits at the front, the rest
     * ignored ("0x4" is 0, "4x" is 4); a warning where that is not what the text says, unless
     * the value is below {@code min} (the caller's error then).
     */
    int atoi(String text, SourcePos pos, String what, int min) {
        int n = CNumbers.atoi(text);
        if (n >= min && !CNumbers.digits(text)) {
            build.diags.warning(Warning.PICASSO_MISREAD, pos, "picasso reads " + what + " '" + text + "' as " + n + " (C's atoi: decimal digits only, the rest ignored)");
        }
        return n;
    }

    /** Why a size that looks positive is not: picasso reads "0x4" with atoi as 0. */
    static String atoiNote(PicassoLine.Index ix) {
        String t = ix == null ? null : ix.offset();
        return t == null || CNumbers.digits(t) ? "" : " (picasso reads '" + t + "' with C's atoi, as " + CNumbers.atoi(t) + ")";
    }

    /**
     * A number as picasso's parseInt reads it, with C's strtoll in base 0 (0x hexadecimal, 0
     * octal): null when it has no digits or lies outside min..max (the caller's error); a warning
     * when text after the number is ignored.
     */
    Integer strtoll(String text, SourcePos pos, int min, int max) {
        CNumbers.IntPrefix read = CNumbers.strtol(text, 0);
        if (read.end() == 0 || read.value() < min || read.value() > max) return null;
        if (read.end() < text.length()) {
            build.diags.warning(Warning.PICASSO_MISREAD, pos, "picasso reads '" + text + "' as " + read.value() + " (C's strtoll: '" + text.substring(read.end()) + "' ignored)");
        }
        return (int) read.value();
    }

    /** A register named without swizzle or index (.setf c10(...)). */
    Reg namedRegister(String name, SourcePos pos) {
        Src s = register(new Operand(false, 0, name, false, null, null, null, pos, name), false);
        return s == null ? null : s.reg();
    }

    /**
     * Resolves an operand: an alias (swizzles compose, negations cancel) or a register, then
     * the [offset] or [index+offset], then the swizzle. Null after reporting an error.
     */
    Src register(Operand o, boolean indexAllowed) {
        if (o.bangs() > 0) {
            build.diags.error(Problem.OPERAND_KIND, o.pos(), "'!' only negates a condition or a jmpu bool");
            return null;
        }
        int offset = 0, idx = 0;
        if (o.brackets()) {
            PicassoLine.Index ix = o.index();
            if (ix == null) {
                build.diags.error(Problem.RELATIVE_ADDRESSING, o.pos(), "empty [] in '" + o.text() + "'");
                return null;
            }
            if (ix.register() != null) {
                idx = switch (ix.register().toLowerCase(Locale.ROOT)) {
                    case "a0.x", "a0" -> 1;
                    case "a0.y", "a1" -> 2;
                    case "al", "a2", "lcnt" -> 3;
                    default -> -1;
                };
                if (idx < 0) {
                    build.diags.error(Problem.RELATIVE_ADDRESSING, ix.pos(), "'" + ix.register() + "' is not an index register (a0.x, a0.y, aL)");
                    return null;
                }
                if (!indexAllowed) {
                    build.diags.error(Problem.RELATIVE_ADDRESSING, ix.pos(), "an index register is not allowed in this operand");
                    return null;
                }
            }
            if (ix.offset() != null) {
                int n = atoi(ix.offset(), ix.pos(), "the offset", 0);
                if (n < 0) {
                    build.diags.error(Problem.RELATIVE_ADDRESSING, ix.pos(), "register offset '" + ix.offset() + "' must be a number from 0 up");
                    return null;
                }
                offset = n;
            }
        }
        Reg base = build.aliases.get(o.base());
        if (base == null) {
            base = plainRegister(o);
            if (base == null) return null;
        }
        Integer rows = build.rows.get(o.base());
        if (rows != null && idx == 0 && offset >= rows) {
            // picasso adds the offset unchecked and reads the register after the array: another name's, or none
            build.diags.error(Problem.REGISTER_RANGE, o.index().pos(), "index " + offset + " is past the end of '" + o.base() + "', which has " + rows + " row"
                    + (rows == 1 ? " (" + o.base() + "[0])" : "s (" + o.base() + "[0] to " + o.base() + "[" + (rows - 1) + "])"));
            return null;
        }
        int num = base.num() + offset;
        RegClass cls = base.cls();
        if (num >= limit(cls)) {
            build.diags.error(Problem.REGISTER_RANGE, o.pos(), "'" + o.text() + "' is beyond " + cls.name(limit(cls) - 1));
            return null;
        }
        if (idx != 0 && cls != RegClass.C) {
            build.diags.error(Problem.RELATIVE_ADDRESSING, o.pos(), "relative addressing applies to float uniforms (c registers) only");
            return null;
        }
        int sel = base.sel();
        if (o.suffix() != null) {
            Integer written = selector(o.suffix(), o.suffixPos());
            if (written == null) return null;
            // the written swizzle picks lanes of the alias's swizzle
            int combined = 0;
            for (int lane = 0; lane < 4; lane++) {
                int comp = written >> 6 - 2 * lane & 3;
                combined |= (sel >> 6 - 2 * comp & 3) << 6 - 2 * lane;
            }
            sel = combined;
        }
        return new Src(new Reg(cls, num, sel, base.neg() ^ o.negated()), idx);
    }

    /** Register file sizes; naming an o register makes the file's DVLE, as picasso's register reader does. */
    int limit(RegClass cls) {
        return cls == RegClass.O ? build.dvleData().maxOutput() : cls.count;
    }

    Reg plainRegister(Operand o) {
        String b = o.base();
        if (!looksLikeRegister(b)) {
            if (build.unknownNames.contains(b)) return null; // its directive's error said it
            build.diags.error(Problem.UNKNOWN_REGISTER, o.pos(), "'" + b + "' is neither a register nor a name declared in this file" + Nearest.hint(b, new java.util.TreeSet<>(build.aliases.keySet())));
            return null;
        }
        // picasso reads the number with strtoll(base 0) and ignores what follows it: "r1x" is r1,
        // "c010" (octal) is c8, "c0x10" is c16
        String digits = b.substring(1);
        CNumbers.IntPrefix read = CNumbers.strtol(digits, 0);
        if (read.end() == 0 || read.value() < 0 || read.value() > 255) {
            build.diags.error(Problem.UNKNOWN_REGISTER, o.pos(), "'" + b + "' is not a register");
            return null;
        }
        int n = (int) read.value();
        // the text means this number when it is plain decimal digits of the same value ("r01" is r1 either way)
        boolean meansIt = CNumbers.digits(digits) && CNumbers.decimalIs(digits, n);
        if (!meansIt) {
            build.diags.warning(Warning.PICASSO_MISREAD, o.pos(), "picasso reads '" + b + "' as " + b.charAt(0) + n
                    + " (its number as C's strtoll reads it" + (read.end() < digits.length() ? ", '" + digits.substring(read.end()) + "' ignored" : "") + ")");
        }
        if (Character.isUpperCase(b.charAt(0))) {
            // picasso accepts an upper-case letter but adds the file's base only for a lower-case
            // one: "R1" is code 1, which a source field reads as v1 and a destination as o1
            if (n >= RegisterFile.FLOAT_UNIFORM.fieldBase + RegisterFile.FLOAT_UNIFORM.count) {
                build.diags.error(Problem.UNKNOWN_REGISTER, o.pos(), "'" + b + "' is not a register (picasso reads it as code " + n + ", beyond every register file)");
                return null;
            }
            RegClass raw = n < RegisterFile.TEMPORARY.fieldBase ? RegClass.V : n < RegisterFile.FLOAT_UNIFORM.fieldBase ? RegClass.R : RegClass.C;
            int num = n - raw.file().fieldBase;
            build.diags.warning(Warning.PICASSO_MISREAD, o.pos(), "picasso knows register letters in lower case only: it reads '" + b + "' as code " + n
                    + ", " + raw.name(num) + (raw == RegClass.V ? " as a source and o" + num + " as a destination" : ""));
            return new Reg(raw, num, DEFAULT_SEL, false);
        }
        RegClass cls = switch (b.charAt(0)) {
            case 'o' -> RegClass.O;
            case 'v' -> RegClass.V;
            case 'r' -> RegClass.R;
            case 'c' -> RegClass.C;
            case 'i' -> RegClass.I;
            default -> RegClass.B;
        };
        if (n >= limit(cls)) {
            build.diags.error(Problem.REGISTER_RANGE, o.pos(), cls.file().notValid(b, limit(cls)));
            return null;
        }
        return new Reg(cls, n, DEFAULT_SEL, false);
    }

    /**
     * A swizzle or mask: one to four letters of one alphabet (xyzw, rgba or stpq), the last
     * repeated to fill four lanes; x in bits 7:6. picasso also takes mixed alphabets ("xyzq").
     */
    Integer selector(String letters, SourcePos pos) {
        if (letters.isEmpty() || letters.length() > 4) {
            build.diags.error(Problem.SWIZZLE, pos, "'" + letters + "' is not a swizzle (one to four of x, y, z, w)");
            return null;
        }
        String alphabet = null;
        int sel = 0, comp = 0, lane = 0;
        for (; lane < letters.length(); lane++) {
            char c = Character.toLowerCase(letters.charAt(lane));
            String set = "xyzw".indexOf(c) >= 0 ? "xyzw" : "rgba".indexOf(c) >= 0 ? "rgba" : "stpq".indexOf(c) >= 0 ? "stpq" : null;
            if (set == null) {
                build.diags.error(Problem.SWIZZLE, pos, "'" + letters + "' is not a swizzle: '" + letters.charAt(lane) + "' is none of xyzw, rgba, stpq");
                return null;
            }
            if (alphabet != null && !alphabet.equals(set)) {
                build.diags.error(Problem.SWIZZLE, pos, "'" + letters + "' mixes the " + alphabet + " and " + set + " alphabets");
                return null;
            }
            alphabet = set;
            comp = set.indexOf(c);
            sel |= comp << 6 - 2 * lane;
        }
        for (; lane < 4; lane++) sel |= comp << 6 - 2 * lane;
        return sel;
    }

    /** The components a selector names, x = bit 0 (an output map's mask). */
    static int componentSet(int sel) {
        int m = 0;
        for (int lane = 0; lane < 4; lane++) m |= 1 << (sel >> 6 - 2 * lane & 3);
        return m;
    }

    /** The components as a destination mask: x = bit 3 (isa.md 5). */
    static int destMask(int sel) {
        int m = 0;
        for (int lane = 0; lane < 4; lane++) m |= 8 >> (sel >> 6 - 2 * lane & 3);
        return m;
    }
}
