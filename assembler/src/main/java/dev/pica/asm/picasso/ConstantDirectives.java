package dev.pica.asm.picasso;

import dev.pica.asm.ir.RegClass;
import dev.pica.asm.picasso.Block.Kind;
import dev.pica.asm.picasso.Operands.Reg;
import dev.pica.asm.picasso.Operands.Src;
import dev.pica.asm.picasso.PicassoLine.Operand;
import dev.pica.asm.picasso.PicassoLine.Term;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.isa.Float24;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.shbin.Constant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** picasso's constants: .constf, .consti, .constfa arrays, .setf, .seti and .setb, allocated as picasso allocates them. */
final class ConstantDirectives {
    private final PicassoBuild build;

    ConstantDirectives(PicassoBuild build) {
        this.build = build;
    }

    List<int[]> arrayValues;

    int arraySize;

    String arrayName;

    SourcePos arrayPos;

    void constant(Args a, UniformType type) {
        DvleData d = build.dvleData();
        PicassoLine.Tuple t = a.tuple(0);
        if (!a.done(1) || t == null) return;
        String name = t.name();
        if (name == null || !Operands.validIdentifier(name)) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, t.pos(), "expected a constant name before '('");
            return;
        }
        int[] v = values(t, type);
        if (v == null) return;
        if (build.names.defined(name, t.pos())) return;
        int pos = (d.gsSpace() ? build.gsPools : build.vsPools).of(type).allocLocal(1);
        if (pos < 0) {
            build.diags.error(Problem.OUT_OF_REGISTERS, t.pos(), "no room for constant '" + name + "' among the free registers");
            return;
        }
        if (d.constants.size() >= PicassoBuild.MAX_CONSTANTS) {
            build.diags.error(Problem.OUT_OF_REGISTERS, t.pos(), "too many constants in one shader (" + PicassoBuild.MAX_CONSTANTS + ")");
            return;
        }
        d.constants.add(type == UniformType.FVEC ? new Constant(Constant.FLOAT, pos - RegisterFile.FLOAT_UNIFORM.picassoBase, v[0], v[1], v[2], v[3])
                : new Constant(Constant.INT, pos - RegisterFile.INT_UNIFORM.picassoBase, v[0], v[1], v[2], v[3]));
        d.constantPos.add(t.pos());
        build.aliases.put(name, Operands.regAt(pos));
    }

    /**
     * A value picasso reads only the front of (C's atof/atoi stop at the first character that does
     * not continue the number): a warning saying what it becomes. A float's trailing 'f' is no loss.
     */
    void misread(PicassoLine.Value x, int end, String number, String becomes) {
        String text = x.text();
        String rest = text.substring(end).trim();
        if (rest.isEmpty() || end > 0 && rest.equalsIgnoreCase("f") && number.matches(".*[0-9.]")) return;
        build.diags.warning(Warning.PICASSO_MISREAD, x.pos(), end == 0
                ? "picasso reads '" + text + "' as 0: it does not start with a number"
                : "picasso reads only '" + number + "' of '" + text + "' (an expression is not evaluated): the value is " + becomes);
    }

    /** Four values: f24 for fvec (C's atof, stored to float, truncated), bytes for ivec (picasso keeps the low 8 bits). */
    int[] values(PicassoLine.Tuple t, UniformType type) {
        if (t.values().size() > 4) {
            // picasso reads its fourth value up to the ')': "4.0, 5.0" reads as 4.0
            build.diags.warning(Warning.PICASSO_MISREAD, t.values().get(4).pos(), "picasso reads four values; '" + t.values().get(4).text() + "' and any after it are ignored");
        } else if (t.values().size() < 4) {
            build.diags.error(Problem.CONSTANT_VALUE, t.pos(), "expected four values in '" + t.text() + "', found " + t.values().size());
            return null;
        }
        int[] v = new int[4];
        for (int k = 0; k < 4; k++) {
            PicassoLine.Value x = t.values().get(k);
            String text = x.text();
            if (type == UniformType.FVEC) {
                // as picasso: C's atof into a float, then to float24
                CNumbers.Prefix read = CNumbers.atof(text);
                v[k] = Float24.fromFloat(read.toFloat());
                String number = text.substring(0, read.end()).trim();
                misread(x, read.end(), number, Float24.toDecimal(v[k]));
                String loss = read.end() > 0 ? Float24.conversionLoss(number) : null;
                if (loss != null) build.diags.warning(Warning.FLOAT24_RANGE, x.pos(), "'" + number + "' is beyond float24's range and " + loss);
                // f32tof24 saturates a NaN's exponent and drops its mantissa (isa.md 11.2)
                if (Double.isNaN(read.value())) build.diags.warning(Warning.FLOAT24_RANGE, x.pos(), "'" + number
                        + "' has no float24 form: picasso stores it as " + ((v[k] & 0x800000) != 0 ? "-" : "+") + "infinity");
            } else {
                // as picasso: C's atoi, the low 8 bits kept
                CNumbers.IntPrefix read = CNumbers.strtol(text, 10);
                int n = (int) read.value();
                v[k] = n & 0xFF;
                misread(x, read.end(), text.substring(0, read.end()).trim(), Integer.toString(v[k]));
                if (read.end() == text.length() && (n < -128 || n > 255)) {
                    build.diags.warning(Warning.PICASSO_MISREAD, x.pos(), "picasso keeps the low 8 bits of " + text + ": the value is " + v[k]);
                }
            }
        }
        return v;
    }

    void constfa(PicassoLine.Statement st, Args a) {
        boolean inArray = !build.stack.isEmpty() && build.stack.peek().kind == Kind.ARRAY;
        if (!inArray) {
            Operand o = a.operand(0, "array name");
            if (!a.done(1) || o == null) return;
            if (!o.brackets() || o.suffix() != null || o.negated() || o.bangs() > 0) {
                build.diags.error(Problem.DIRECTIVE_ARGUMENTS, o.pos(), "expected 'name[]' or 'name[size]'");
                return;
            }
            int size = -1;
            if (o.index() != null) {
                Integer n = o.index().register() == null ? build.operands.atoi(o.index().offset(), o.index().pos(), "the array size", 1) : null;
                if (n == null || n <= 0) {
                    // still an (unsized) array, so its uses raise no further errors
                    build.diags.error(Problem.DIRECTIVE_ARGUMENTS, o.index().pos(), "array size must be a positive number" + Operands.atoiNote(o.index()));
                } else {
                    size = n;
                }
            }
            arrayName = o.base();
            arraySize = size;
            arrayValues = new ArrayList<>();
            arrayPos = o.pos();
            build.open(new Block(Kind.ARRAY, build.words.size(), arrayName, st.namePos()));
            return;
        }
        PicassoLine.Tuple t = a.tuple(0);
        if (!a.done(1) || t == null) return;
        if (t.name() != null) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, t.pos(), "an array element is written '(x, y, z, w)'");
            return;
        }
        if (arraySize >= 0 && arrayValues.size() == arraySize) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, t.pos(), "more elements than the " + arraySize + " declared for '" + arrayName + "'");
            return;
        }
        int[] v = values(t, UniformType.FVEC);
        if (v == null) return;
        arrayValues.add(v);
    }

    void endArray() {
        DvleData d = build.dvleData();
        if (build.names.defined(arrayName, arrayPos)) return;
        int size = Math.max(arrayValues.size(), arraySize);
        if (size == 0) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, arrayPos, "array '" + arrayName + "' has no elements");
            return;
        }
        int pos = (d.gsSpace() ? build.gsPools : build.vsPools).fvec.allocLocal(size);
        if (pos < 0) {
            build.diags.error(Problem.OUT_OF_REGISTERS, arrayPos, "no room for constant array '" + arrayName + "' among the free registers");
            return;
        }
        if (d.constants.size() + size > PicassoBuild.MAX_CONSTANTS) {
            build.diags.error(Problem.OUT_OF_REGISTERS, arrayPos, "too many constants in one shader (" + PicassoBuild.MAX_CONSTANTS + ")");
            return;
        }
        for (int k = 0; k < size; k++) {
            int[] v = k < arrayValues.size() ? arrayValues.get(k) : new int[4]; // picasso pads with zeros
            d.constants.add(new Constant(Constant.FLOAT, pos + k - RegisterFile.FLOAT_UNIFORM.picassoBase, v[0], v[1], v[2], v[3]));
            d.constantPos.add(arrayPos);
        }
        build.aliases.put(arrayName, Operands.regAt(pos));
        build.rows.put(arrayName, size);
    }

    void set(Args a, UniformType type) {
        DvleData d = build.dvleData();
        PicassoLine.Tuple t = a.tuple(0);
        if (!a.done(1) || t == null) return;
        Reg r = t.name() == null ? null : build.operands.namedRegister(t.name(), t.pos());
        if (r == null) {
            if (t.name() == null) build.diags.error(Problem.DIRECTIVE_ARGUMENTS, t.pos(), "expected a register before '('");
            return;
        }
        RegClass want = type == UniformType.FVEC ? RegClass.C : RegClass.I;
        if (r.cls() != want) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, t.pos(), "'" + t.name() + "' is not " + (type == UniformType.FVEC ? "a float uniform (c0-c95)" : "an integer uniform (i0-i3)"));
            return;
        }
        int[] v = values(t, type);
        if (v == null) return;
        if (d.constants.size() >= PicassoBuild.MAX_CONSTANTS) {
            build.diags.error(Problem.OUT_OF_REGISTERS, t.pos(), "too many constants in one shader (" + PicassoBuild.MAX_CONSTANTS + ")");
            return;
        }
        d.constants.add(new Constant(type == UniformType.FVEC ? Constant.FLOAT : Constant.INT, r.num(), v[0], v[1], v[2], v[3]));
        d.constantPos.add(t.pos());
    }

    void setb(Args a) {
        DvleData d = build.dvleData();
        Operand reg;
        String value;
        SourcePos valuePos;
        if (a.count() == 2 && a.arg(0).terms().size() == 1 && a.arg(1).terms().size() == 1) {
            // ".setb b1, true": picasso splits at blanks and reads "b1," as a register number
            // followed by text it ignores; a name ("flag,") it cannot read
            Term first = a.arg(0).terms().get(0);
            if (!(first instanceof Operand o && o.base().matches("[bB][0-9]+") && !o.brackets() && o.suffix() == null && !o.negated())) {
                build.diags.error(Problem.DIRECTIVE_ARGUMENTS, a.arg(1).pos(), ".setb takes its register and value separated by a blank: picasso reads '"
                        + a.arg(0).text() + ",' as a register name and rejects it");
                return;
            }
            reg = o;
            value = a.arg(1).terms().get(0).text();
            valuePos = a.arg(1).pos();
        } else {
            reg = a.spaceOperand(0, "bool register");
            value = a.spaceWord(1, "value");
            valuePos = a.spacePos(1);
            if (!a.spaceDone(2) || reg == null || value == null) return;
        }
        Src s = build.operands.register(reg, false);
        if (s == null) return;
        if (s.reg().cls() != RegClass.B) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, reg.pos(), "'" + reg.text() + "' is not a bool uniform (b0-b15)");
            return;
        }
        Boolean v = switch (value.toLowerCase(Locale.ROOT)) {
            case "true", "on", "1" -> true;
            case "false", "off", "0" -> false;
            default -> null;
        };
        if (v == null) {
            build.diags.error(Problem.CONSTANT_VALUE, valuePos, "'" + value + "' is not a bool value (true, false, on, off, 1, 0)");
            return;
        }
        if (d.constants.size() >= PicassoBuild.MAX_CONSTANTS) {
            build.diags.error(Problem.OUT_OF_REGISTERS, reg.pos(), "too many constants in one shader (" + PicassoBuild.MAX_CONSTANTS + ")");
            return;
        }
        d.constants.add(new Constant(Constant.BOOL, s.reg().num(), v ? 1 : 0, 0, 0, 0));
        d.constantPos.add(reg.pos());
    }
}
