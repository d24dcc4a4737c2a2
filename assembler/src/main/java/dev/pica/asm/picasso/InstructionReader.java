package dev.pica.asm.picasso;

import dev.pica.asm.ir.RegClass;
import dev.pica.asm.picasso.Block.Kind;
import dev.pica.asm.picasso.Operands.Reg;
import dev.pica.asm.picasso.Operands.Src;
import dev.pica.asm.picasso.PicassoBuild.Reloc;
import dev.pica.asm.picasso.PicassoLine.Operand;
import dev.pica.asm.picasso.PicassoLine.Term;
import dev.pica.format.diag.Nearest;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.isa.Condition;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.syntax.PicassoSpelling;
import java.util.List;
import java.util.Locale;

/** Reads one instruction line as picasso 2.7.2 selects it (its mnemonics, operand checks and
 * inverted forms), pools its descriptor and emits its word. */
final class InstructionReader {
    final PicassoBuild build;
    final PicassoLine.Statement st;
    final Args a;
    final SourcePos at;

    InstructionReader(PicassoBuild build, PicassoLine.Statement st) {
        this.build = build;
        this.st = st;
        this.a = new Args(build, st);
        this.at = st.namePos();
    }

    void read() {
        int errorsBefore = build.diags.errorCount();
        Opcode op = PicassoSpelling.ofMnemonic(st.name());
        if (op == null) {
            build.diags.error(Problem.UNKNOWN_INSTRUCTION, at, "unknown instruction '" + st.name() + "'" + Nearest.hint(st.name().toLowerCase(Locale.ROOT), PicassoSpelling.mnemonics()));
            return;
        }
        switch (op) {
            case NOP, END, EMIT, BREAK -> simple(op);
            case ADD, DP3, DP4, DPH, DST, MUL, SGE, SLT, MAX, MIN -> two(op, op.inverted());
            case EX2, LG2, LITP, FLR, RCP, RSQ, MOV -> one(op);
            case MOVA -> mova();
            case CMP -> cmp();
            case MAD -> mad();
            case SETEMIT -> setemit();
            case CALL -> call();
            case LOOP -> loop();
            case BREAKC, CALLC, IFC, JMPC -> cond(op);
            default -> bool(op); // CALLU, IFU, JMPU
        }
        // a block whose opening instruction has an error is still open: its .end closes it, with no
        // further error ("instruction outside a .proc block", ".end without an open block")
        if ((op == Opcode.LOOP || op == Opcode.IFC || op == Opcode.IFU) && build.diags.errorCount() > errorsBefore
                && (build.stack.isEmpty() || build.stack.peek().at != at)) {
            build.stack.push(Block.broken(op == Opcode.LOOP ? Block.Kind.FOR : Block.Kind.IF, build.words.size(), st.name(), at));
        }
    }

    void simple(Opcode op) {
        if (a.done(0)) build.emit(InstructionCodec.encode(Instruction.simple(op)), at);
    }

    Src src(int k) {
        Operand o = a.operand(k, "source register");
        if (o == null) return null;
        Src s = build.operands.register(o, true);
        if (s == null) return null;
        if (s.reg().cls() == RegClass.O) {
            // picasso writes the register number alone: a source field's 0-15 are the inputs
            Reg in = new Reg(RegClass.V, s.reg().num(), s.reg().sel(), s.reg().neg());
            build.diags.warning(Warning.PICASSO_MISREAD, o.pos(), "'" + o.text() + "' is output register o" + s.reg().num()
                    + ", which a shader cannot read: picasso encodes its number, so " + st.name() + " reads input v" + s.reg().num());
            return new Src(in, s.idx());
        }
        if (s.reg().cls() != RegClass.V && s.reg().cls() != RegClass.R && s.reg().cls() != RegClass.C) {
            build.diags.error(Problem.OPERAND_KIND, o.pos(), "'" + o.text() + "' cannot be read by " + st.name() + " (v, r or c registers)");
            return null;
        }
        return s;
    }

    Src dst(int k) {
        Operand o = a.operand(k, "destination register");
        if (o == null) return null;
        Src s = build.operands.register(o, false);
        if (s == null) return null;
        if (s.reg().cls() == RegClass.V && s.idx() == 0) {
            // picasso writes the register number alone: a destination field's 0-15 are the outputs
            if (!Character.isUpperCase(o.base().charAt(0))) build.diags.warning(Warning.PICASSO_MISREAD, o.pos(), "'" + o.text() + "' is input register v" + s.reg().num()
                    + ", which a shader cannot write: picasso encodes its number, so " + st.name() + " writes output o" + s.reg().num());
            s = new Src(new Reg(RegClass.O, s.reg().num(), s.reg().sel(), s.reg().neg()), 0);
        }
        if (s.reg().cls() != RegClass.O && s.reg().cls() != RegClass.R) {
            build.diags.error(Problem.OPERAND_KIND, o.pos(), "'" + o.text() + "' cannot be written (o or r registers)");
            return null;
        }
        if (s.reg().neg()) {
            build.diags.error(Problem.OPERAND_KIND, o.pos(), "a destination cannot be negated");
            return null;
        }
        if (!inOrder(s.reg().sel())) {
            // picasso's maskFromSwizzling warns too: a mask names lanes, it does not move them
            build.diags.warning(Warning.PICASSO_MISREAD, o.pos(), "'" + o.text() + "': a destination mask is a set of lanes, so its order says nothing: "
                    + st.name() + " writes ." + OperandDescriptors.maskText(Operands.destMask(s.reg().sel())) + " in place");
        }
        return s;
    }

    /** Whether a selector's lanes name components in xyzw order (repeats allowed), as a mask is written. */
    static boolean inOrder(int sel) {
        for (int lane = 1; lane < 4; lane++) if ((sel >> 6 - 2 * lane & 3) < (sel >> 8 - 2 * lane & 3)) return false;
        return true;
    }

    boolean narrow(Src s, int arg, int k) {
        if (s.wide()) {
            build.diags.error(Problem.OPERAND_KIND, a.pos(arg), "'" + a.text(arg) + "' cannot be " + ordinal(k) + " operand of " + st.name()
                    + (s.idx() != 0 ? " (no relative addressing there)" : " (only v and r registers fit there)"));
            return false;
        }
        return true;
    }

    String ordinal(int k) {
        return switch (k) {
            case 1 -> "the first source";
            case 2 -> "the second source";
            default -> "the third source";
        };
    }

    /** The hardware reads at most one input register per instruction (isa.md 5). */
    boolean oneInput(Src... ss) {
        int v = -1;
        for (Src s : ss) {
            if (s.reg().cls() != RegClass.V) continue;
            if (v >= 0 && v != s.reg().num()) {
                build.diags.error(Problem.TWO_INPUT_REGISTERS, at, "one instruction cannot read two different input registers (v" + v + " and v" + s.reg().num() + ")");
                return false;
            }
            v = s.reg().num();
        }
        return true;
    }

    void two(Opcode op, Opcode inv) {
        Src d = dst(0), s1 = src(1), s2 = src(2);
        if (!a.done(3) || d == null || s1 == null || s2 == null) return;
        boolean inverted = inv != null && !s1.wide() && s2.reg().cls() == RegClass.C;
        if (inverted ? !narrow(s1, 1, 1) : !narrow(s2, 2, 2)) return;
        if (!oneInput(s1, s2)) return;
        Integer desc = build.descriptors.index(op, descriptor(Operands.destMask(d.reg().sel()), s1.reg(), s2.reg()), DescriptorPool.MASK_D12, at, build.diags);
        if (desc == null) return;
        build.emit(InstructionCodec.encode(Instruction.alu(inverted ? inv : op, d.reg().code(), inverted ? s2.idx() : s1.idx(),
                s1.reg().code(), s2.reg().code(), 0, desc)), at);
    }

    void one(Opcode op) {
        Src d = dst(0), s1 = src(1);
        if (!a.done(2) || d == null || s1 == null) return;
        Integer desc = build.descriptors.index(op, descriptor(Operands.destMask(d.reg().sel()), s1.reg()), DescriptorPool.MASK_D1, at, build.diags);
        if (desc == null) return;
        build.emit(InstructionCodec.encode(Instruction.alu(op, d.reg().code(), s1.idx(), s1.reg().code(), 0, 0, desc)), at);
    }

    void mova() {
        Operand t = a.operand(0, "a0.x, a0.y or a0.xy");
        Src s1 = src(1);
        if (!a.done(2) || t == null || s1 == null) return;
        // picasso also takes its older names: a0 (a0.x), a1 (a0.y), a01 (a0.xy)
        int mask = PicassoSpelling.movaMask(t.text());
        if (mask < 0) {
            build.diags.error(Problem.OPERAND_KIND, t.pos(), "mova writes a0.x, a0.y or a0.xy, not '" + t.text() + "'");
            return;
        }
        Integer desc = build.descriptors.index(Opcode.MOVA, descriptor(mask, s1.reg()), DescriptorPool.MASK_D1, at, build.diags);
        if (desc == null) return;
        build.emit(InstructionCodec.encode(Instruction.alu(Opcode.MOVA, 0, s1.idx(), s1.reg().code(), 0, 0, desc)), at);
    }

    void cmp() {
        Src s1 = src(0);
        Integer cx = compare(1), cy = compare(2);
        Src s2 = src(3);
        if (!a.done(4) || s1 == null || cx == null || cy == null || s2 == null) return;
        if (!narrow(s2, 3, 2) || !oneInput(s1, s2)) return;
        Integer desc = build.descriptors.index(Opcode.CMP, descriptor(0, s1.reg(), s2.reg()), DescriptorPool.MASK_12, at, build.diags);
        if (desc == null) return;
        build.emit(InstructionCodec.encode(Instruction.cmp(cx, cy, s1.idx(), s1.reg().code(), s2.reg().code(), desc)), at);
    }

    Integer compare(int k) {
        String w = a.word(k, "comparison (eq, ne, lt, le, gt, ge)");
        if (w == null) return null;
        int c = PicassoSpelling.COMPARISONS.indexOf(w.toLowerCase(Locale.ROOT));
        if (c < 0) {
            build.diags.error(Problem.INVALID_CONDITION, a.pos(k), "'" + w + "' is not a comparison (eq, ne, lt, le, gt, ge)");
            return null;
        }
        return c;
    }

    void mad() {
        Src d = dst(0), s1 = src(1), s2 = src(2), s3 = src(3);
        if (!a.done(4) || d == null || s1 == null || s2 == null || s3 == null) return;
        if (!narrow(s1, 1, 1)) return;
        boolean inverted = !s2.wide() && (s3.reg().cls() == RegClass.C || s3.idx() != 0);
        if (inverted ? !narrow(s2, 2, 2) : !narrow(s3, 3, 3)) return;
        if (!oneInput(s1, s2, s3)) return;
        Integer desc = build.descriptors.index(Opcode.MAD, descriptor(Operands.destMask(d.reg().sel()), s1.reg(), s2.reg(), s3.reg()), DescriptorPool.MASK_D123, at, build.diags);
        if (desc == null) return;
        desc = build.descriptors.madIndex(desc, at, build.diags);
        if (desc == null) return;
        build.emit(InstructionCodec.encode(Instruction.alu(inverted ? Opcode.MADI : Opcode.MAD, d.reg().code(), inverted ? s3.idx() : s2.idx(),
                s1.reg().code(), s2.reg().code(), s3.reg().code(), desc)), at);
    }

    void setemit() {
        Integer vtx = a.intArg(0, 0, 2, "vertex id 0-2");
        boolean prim = false, inv = false;
        if (a.count() > 1) {
            for (Term t : a.arg(1).terms()) {
                String f = t.text().toLowerCase(Locale.ROOT);
                if (f.equals("prim") || f.equals("primitive")) prim = true;
                else if (f.equals("inv") || f.equals("invert")) inv = true;
                // picasso prints an error for an unknown flag but goes on without it and exits 0
                else build.diags.warning(Warning.PICASSO_MISREAD, t.pos(), "unknown setemit flag '" + t.text() + "' (prim, inv): picasso ignores it");
            }
        }
        if (!a.done(2) || vtx == null) return;
        DvleData dv = build.dvleData();
        if (!dv.geometry) {
            dv.geometry = true;
            dv.compatGeometry = true;
        }
        build.emit(InstructionCodec.encode(new Instruction(Opcode.SETEMIT, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, vtx, prim ? 1 : 0, inv ? 1 : 0)), at);
    }

    String target(int k, String what) {
        String t = a.word(k, what);
        if (t == null) return null;
        if (!Operands.validIdentifier(t)) {
            build.diags.error(Problem.OPERAND_KIND, a.pos(k), "'" + t + "' is not a " + what);
            return null;
        }
        return t;
    }

    void call() {
        String p = target(0, "procedure name");
        if (!a.done(1) || p == null) return;
        build.procRelocs.add(new Reloc(build.words.size(), p, a.pos(0)));
        build.flowTargets.put(build.words.size(), new ItemLowering.Target(p, a.pos(0)));
        build.emit(InstructionCodec.encode(Instruction.cond(Opcode.CALL, 0, 0, 0, 0, 0)), at);
    }

    void loop() {
        Operand o = a.operand(0, "integer uniform");
        if (!a.done(1) || o == null) return;
        Src s = build.operands.register(o, false);
        if (s == null) return;
        if (s.reg().cls() != RegClass.I) {
            build.diags.error(Problem.OPERAND_KIND, o.pos(), "for takes an integer uniform (i0-i3), not '" + o.text() + "'");
            return;
        }
        build.open(new Block(Kind.FOR, build.words.size(), st.name(), at));
        build.emit(InstructionCodec.encode(Instruction.regFlow(Opcode.LOOP, s.reg().num(), 0, 0)), at);
    }

    void cond(Opcode op) {
        int[] c = condition();
        String label = null;
        if (op == Opcode.CALLC || op == Opcode.JMPC) {
            label = target(1, op == Opcode.CALLC ? "procedure name" : "label name");
            if (!a.done(2)) return;
        } else if (!a.done(1)) {
            return;
        }
        if (c == null || (op == Opcode.CALLC || op == Opcode.JMPC) && label == null) return;
        if (op == Opcode.CALLC) build.procRelocs.add(new Reloc(build.words.size(), label, a.pos(1)));
        if (op == Opcode.JMPC) build.labelRelocs.add(new Reloc(build.words.size(), label, a.pos(1)));
        if (op == Opcode.IFC) build.open(new Block(Kind.IF, build.words.size(), st.name(), at));
        if (label != null) build.flowTargets.put(build.words.size(), new ItemLowering.Target(label, a.pos(1)));
        build.emit(InstructionCodec.encode(Instruction.cond(op, c[0], c[1], c[2], 0, 0)), at);
    }

    /** "cmp.x", "!cmp.y", "cmp.x && !cmp.y", "cmp.x || cmp.y": refX, refY, condition op. */
    int[] condition() {
        if (a.count() == 0) {
            build.diags.error(Problem.INVALID_CONDITION, at, st.name() + " needs a condition (cmp.x, cmp.y, && or ||)");
            return null;
        }
        List<Term> ts = a.arg(0).terms();
        int refX = 1, refY = 1;
        int first = -1, second = -1, op = -1;
        for (int k = 0; k < ts.size(); k++) {
            Term t = ts.get(k);
            if (t instanceof PicassoLine.Logic l && k == 1 && ts.size() == 3) {
                op = (l.text().startsWith("&") ? Condition.AND : Condition.OR).code();
                continue;
            }
            int flag = t instanceof Operand o && !o.negated() && !o.brackets() && o.base().equalsIgnoreCase("cmp") && o.suffix() != null
                    ? List.of("x", "y").indexOf(o.suffix().toLowerCase(Locale.ROOT)) : -1;
            if (flag < 0 || k == 1 || ts.size() == 2) {
                build.diags.error(Problem.INVALID_CONDITION, t.pos(), "expected cmp.x or cmp.y (with ! to negate) joined by && or ||, not '" + t.text() + "'");
                return null;
            }
            if (((Operand) t).bangs() % 2 == 1) {
                if (flag == 0) refX ^= 1;
                else refY ^= 1;
            }
            if (first < 0) first = flag;
            else second = flag;
        }
        if (second >= 0 && first == second) {
            build.diags.error(Problem.INVALID_CONDITION, a.pos(0), "the condition tests cmp." + (first == 0 ? "x" : "y") + " twice");
            return null;
        }
        if (second < 0) op = (first == 0 ? Condition.X : Condition.Y).code();
        return new int[] {refX, refY, op};
    }

    void bool(Opcode op) {
        Operand o = a.operand(0, "bool uniform");
        if (o == null) return;
        boolean negate = o.bangs() % 2 == 1;
        if (o.bangs() > 0 && op != Opcode.JMPU) {
            build.diags.error(Problem.OPERAND_KIND, o.pos(), st.name() + " cannot negate its bool (only jmpu can)");
            return;
        }
        Src s = build.operands.register(new Operand(o.negated(), 0, o.base(), o.brackets(), o.index(), o.suffix(), o.suffixPos(), o.pos(), o.text()), false);
        String label = null;
        if (op != Opcode.IFU) {
            label = target(1, op == Opcode.CALLU ? "procedure name" : "label name");
            if (!a.done(2)) return;
        } else if (!a.done(1)) {
            return;
        }
        if (s == null || op != Opcode.IFU && label == null) return;
        if (s.reg().cls() != RegClass.B) {
            build.diags.error(Problem.OPERAND_KIND, o.pos(), st.name() + " takes a bool uniform (b0-b15), not '" + o.text() + "'");
            return;
        }
        if (op == Opcode.CALLU) build.procRelocs.add(new Reloc(build.words.size(), label, a.pos(1)));
        if (op == Opcode.JMPU) build.labelRelocs.add(new Reloc(build.words.size(), label, a.pos(1)));
        if (op == Opcode.IFU) build.open(new Block(Kind.IF, build.words.size(), st.name(), at));
        if (label != null) build.flowTargets.put(build.words.size(), new ItemLowering.Target(label, a.pos(1)));
        build.emit(InstructionCodec.encode(Instruction.regFlow(op, s.reg().num(), 0, negate ? 1 : 0)), at);
    }

    // ---------------------------------------------------------------- operand build.descriptors

    /** A descriptor value of a destination mask and up to three sources (absent ones 0, as picasso leaves them). */
    static int descriptor(int mask, Reg... s) {
        return OperandDescriptors.build(mask, s.length > 0 && s[0].neg(), s.length > 0 ? s[0].sel() : 0, s.length > 1 && s[1].neg(),
                s.length > 1 ? s[1].sel() : 0, s.length > 2 && s[2].neg(), s.length > 2 ? s[2].sel() : 0);
    }
}
