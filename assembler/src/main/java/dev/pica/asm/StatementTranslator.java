package dev.pica.asm;

import dev.pica.asm.ir.Dst;
import dev.pica.asm.ir.Item;
import dev.pica.asm.ir.RawOperand;
import dev.pica.asm.ir.RegClass;
import dev.pica.asm.ir.Src;
import dev.pica.asm.ir.Statement;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Nearest;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.isa.syntax.Mnemonics;
import dev.pica.format.shbin.Constant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns parsed statements into the program IR: classifies mnemonics, reads operands for their
 * slots, expands macro instructions, and records declarations.
 */
final class StatementTranslator {
    private final Diagnostics diags;
    private final OperandReader ops;
    private final Declarations decls;
    private final boolean geometry;
    private final List<Item> items = new ArrayList<>();
    private SourcePos sincosUse;

    /** sincos's constant table (sdk-dialect.md section 10), raw f24 x, y, z, w of c93..c95. */
    static final int[][] SINCOS_CONSTANTS = {
        {0xBE0000, 0xBC5555, 0x3F0000, 0x3F0000},
        {0xB56C16, 0xB2A01A, 0x3A5555, 0x381111},
        {0xA927E4, 0xA5AE64, 0x2FA01A, 0x2C71DE},
    };

    StatementTranslator(Diagnostics diags, Declarations decls, boolean geometry, List<String> macroNames) {
        this.diags = diags;
        this.decls = decls;
        this.geometry = geometry;
        this.ops = new OperandReader(diags, geometry, macroNames);
    }

    List<Item> translate(List<Statement> statements) {
        for (Statement s : statements) {
            if (diags.saturated()) break;
            if (s instanceof Statement.LabelDef l) items.add(new Item.Label(l.name(), l.pos()));
            else if (s instanceof Statement.Pragma p) decls.pragma(p);
            else instruction((Statement.Instr) s);
        }
        if (sincosUse != null) addSincosConstants();
        return items;
    }

    private boolean count(Statement.Instr in, int n) {
        return count(in, n, n);
    }

    private boolean count(Statement.Instr in, int min, int max) {
        int k = in.operands().size();
        if (k < min || k > max) {
            diags.error(Problem.OPERAND_COUNT, in.pos(), Mnemonics.expects(in.mnemonic(), Dialect.SDK, min, max));
            return false;
        }
        return true;
    }

    private void instruction(Statement.Instr in) {
        String m = in.mnemonic().toLowerCase(Locale.ROOT);
        Opcode op = Opcode.ofMnemonic(m);
        if (op != null) {
            hardwareInstruction(op, m, in);
            return;
        }
        List<RawOperand> o = in.operands();
        SourcePos pos = in.pos();
        switch (m) {
            case "ret", "else", "endif", "endloop" -> {
                if (!count(in, 0)) return;
                items.add(switch (m) {
                    case "ret" -> new Item.Ret(pos);
                    case "else" -> new Item.Else(pos);
                    case "endif" -> new Item.EndIf(pos);
                    default -> new Item.EndLoop(pos);
                });
            }
            case "m4x4", "m4x3", "m3x4", "m3x3" -> matrix(m, in);
            case "nrm" -> nrm(in);
            case "pow" -> pow(in);
            case "sub" -> {
                if (!count(in, 3)) return;
                Src b = ops.src(o.get(2));
                alu(Opcode.ADD, ops.dst(o.get(0)), pos, ops.src(o.get(1)), b == null ? null : b.withNeg(!b.neg()));
            }
            case "sincos" -> sincos(in);
            case "def" -> def(in);
            case "defi" -> defi(in);
            case "defb" -> defb(in);
            default -> {
                diags.error(Problem.UNKNOWN_INSTRUCTION, pos, "unknown instruction '" + in.mnemonic() + "'" + Nearest.hint(m, SPELLINGS));
            }
        }
    }

    /** What a statement may start with besides the opcodes' mnemonics: block words, macro instructions, definitions. */
    private static final List<String> STATEMENTS = List.of("ret", "else", "endif", "endloop", "m4x4", "m4x3", "m3x4", "m3x3", "nrm", "pow",
            "sub", "sincos", "def", "defi", "defb");
    private static final java.util.Set<String> SPELLINGS = new java.util.TreeSet<>(Opcode.mnemonics());

    static {
        SPELLINGS.addAll(STATEMENTS);
    }

    /** An instruction the opcode table names: operands read by its word format and row. */
    private void hardwareInstruction(Opcode op, String m, Statement.Instr in) {
        int before = items.size();
        translateHardware(op, m, in);
        if (items.size() == before && diags.hasErrors()) {
            // a malformed ifc/ifb/loop still opens its block (its error is reported), so that its
            // else/endif/endloop match and no later line is misreported
            SourcePos pos = in.pos();
            if (op == Opcode.IFC) items.add(new Item.CondFlow(op, 0, 0, 0, null, null, pos));
            else if (op == Opcode.IFU) items.add(new Item.BoolFlow(op, 0, false, null, null, pos));
            else if (op == Opcode.LOOP) items.add(new Item.Loop(0, pos));
        }
    }

    private void translateHardware(Opcode op, String m, Statement.Instr in) {
        List<RawOperand> o = in.operands();
        SourcePos pos = in.pos();
        if (op.has(Opcode.Flag.GEOMETRY_ONLY) && !geometryOnly(m, pos)) return;
        switch (op.format) {
            case F1, F1I, F1U, F5, F5I -> {
                // the destination, then the sources the format's schema declares
                if (!count(in, op.format.writtenOperands())) return;
                Dst d = op.has(Opcode.Flag.WRITES_A0) ? ops.movaDst(o.get(0)) : ops.dst(o.get(0));
                Src[] srcs = new Src[op.format.sources()];
                for (int n = 0; n < srcs.length; n++) srcs[n] = ops.src(o.get(1 + n));
                alu(op, d, pos, srcs);
            }
            case F1C -> {
                if (!count(in, op.format.writtenOperands())) return;
                Integer x = ops.integer(o.get(0), 0, 5, Problem.INVALID_CONDITION, "invalid condition operand");
                Integer y = ops.integer(o.get(1), 0, 5, Problem.INVALID_CONDITION, "invalid condition operand");
                Src a = ops.src(o.get(2)), b = ops.src(o.get(3));
                if (x != null && y != null && a != null && b != null) items.add(new Item.Cmp(x, y, a, b, pos));
            }
            case F0 -> {
                if (!count(in, 0)) return;
                items.add(new Item.Simple(op, pos));
            }
            case F4 -> {
                if (!m.equals(op.mnemonic)) {
                    setemit(in, pos); // setemit VTX[, prim][, inv]
                    return;
                }
                if (!count(in, 3)) return; // smf WINDING, PRIM, VTX
                Integer wind = ops.integer(o.get(0), 0, 1, Problem.CONSTANT_VALUE, "invalid constant value");
                Integer prim = ops.integer(o.get(1), 0, 1, Problem.CONSTANT_VALUE, "invalid constant value");
                Integer vtx = ops.integer(o.get(2), 0, 2, Problem.CONSTANT_VALUE, "invalid constant value");
                if (wind != null && prim != null && vtx != null) items.add(new Item.SetEmit(vtx, prim, wind, pos));
            }
            case F2 -> {
                if (op == Opcode.CALL) {
                    if (!count(in, 1)) return;
                    String l = ops.label(o.get(0));
                    if (l != null) items.add(new Item.Call(l, o.get(0).pos(), pos));
                    return;
                }
                boolean target = op.isCall() || op.isJump(); // callc/jpc name a label; ifc/breakc do not
                if (!count(in, target ? 4 : 3)) return;
                int[] c = condition(o);
                String l = target ? ops.label(o.get(3)) : null;
                if (c != null && (l != null || !target)) items.add(new Item.CondFlow(op, c[0], c[1], c[2], l, target ? o.get(3).pos() : null, pos));
            }
            case F3 -> {
                if (op == Opcode.LOOP) {
                    if (!count(in, 1)) return;
                    Integer reg = ops.plainRegister(o.get(0), RegClass.I);
                    if (reg != null) items.add(new Item.Loop(reg, pos));
                    return;
                }
                boolean target = op.isCall() || op.isJump();
                if (!count(in, target ? 2 : 1)) return;
                RawOperand b = o.get(0);
                if (b.bang() && !op.isJump()) { // only jpb has an inverted form (NUM bit 0)
                    diags.error(Problem.OPERAND_KIND, b.pos(), "'" + m + "' cannot test an inverted boolean");
                    return;
                }
                Integer reg = boolReg(b);
                String l = target ? ops.label(o.get(1)) : null;
                if (reg != null && (l != null || !target)) {
                    items.add(new Item.BoolFlow(op, reg, b.bang(), l, target ? o.get(1).pos() : null, pos));
                }
            }
        }
    }

    private boolean geometryOnly(String m, SourcePos pos) {
        if (!geometry) {
            diags.error(Problem.GEOMETRY_ONLY, pos, "'" + m + "' is only allowed in a geometry shader");
            return false;
        }
        return true;
    }

    private void setemit(Statement.Instr in, SourcePos pos) {
        if (in.operands().isEmpty()) { // geometry was checked by the caller, from the opcode's flags
            count(in, 1, 3);
            return;
        }
        List<RawOperand> o = in.operands();
        Integer vtx = ops.integer(o.get(0), 0, 2, Problem.CONSTANT_VALUE, "invalid constant value");
        int prim = 0, inv = 0;
        for (int k = 1; k < o.size(); k++) {
            RawOperand f = o.get(k);
            String flag = f.isBareIdentifier() ? f.base().toLowerCase(Locale.ROOT) : "";
            if (flag.equals("prim") && prim == 0) prim = 1;
            else if (flag.equals("inv") && inv == 0) inv = 1;
            else {
                diags.error(Problem.OPERAND_KIND, f.pos(), "syntax error near '" + f.text() + "': expected 'prim' or 'inv'");
                return;
            }
        }
        if (vtx != null) items.add(new Item.SetEmit(vtx, prim, inv, pos));
    }

    private int[] condition(List<RawOperand> o) {
        Integer x = ops.integer(o.get(0), 0, 1, Problem.INVALID_CONDITION, "invalid condition operand");
        Integer y = ops.integer(o.get(1), 0, 1, Problem.INVALID_CONDITION, "invalid condition operand");
        Integer c = ops.integer(o.get(2), 0, 3, Problem.INVALID_CONDITION, "invalid condition operand");
        return x == null || y == null || c == null ? null : new int[] {x, y, c};
    }

    private Integer boolReg(RawOperand b) {
        RawOperand plain = new RawOperand(b.pos(), b.negations(), b.plus(), false, b.number(), b.base(), b.parts(), b.text());
        return ops.plainRegister(plain, RegClass.B);
    }

    private void alu(Opcode op, Dst d, SourcePos pos, Src... srcs) {
        if (d == null) return;
        for (Src s : srcs) if (s == null) return;
        items.add(new Item.Alu(op, d, List.of(srcs), pos));
    }

    // ---- macro instructions (sdk-dialect.md section 10) ----

    private void matrix(String m, Statement.Instr in) {
        if (!count(in, 3)) return;
        List<RawOperand> o = in.operands();
        Dst d = ops.dst(o.get(0));
        Src s = ops.src(o.get(1));
        RawOperand mo = o.get(2);
        OperandReader.Resolved mr = ops.register(mo);
        if (d == null || s == null || mr == null) return;
        int rows = m.charAt(3) - '0';
        Opcode dp = m.charAt(1) == '4' ? Opcode.DP4 : Opcode.DP3;
        int full = rows == 4 ? 0xF : 0xE;
        if (d.mask() != 0xF && d.mask() != full) {
            diags.error(Problem.EXPANSION_OPERANDS, d.pos(), "invalid destination mask '" + d.text() + "' for " + m + " (use no mask" + (rows == 3 ? " or .xyz)" : ")"));
            return;
        }
        if (mo.negations() > 0 || !mr.suffixes().isEmpty() || mr.indexReg() != null
                || !(mr.cls() == RegClass.C || mr.cls() == RegClass.R || mr.cls() == RegClass.V)) {
            diags.error(Problem.EXPANSION_OPERANDS, mo.pos(), "matrix operand '" + mo.text() + "' must be a plain v, r or c register");
            return;
        }
        if (mr.num() + rows - 1 >= mr.cls().count) {
            diags.error(Problem.REGISTER_RANGE, mo.pos(), "register offset out of range: '" + mo.text() + "' (" + m + " reads " + rows + " rows)");
            return;
        }
        if (s.cls() == RegClass.R && d.cls() == RegClass.R && s.num() == d.num()) {
            diags.error(Problem.EXPANSION_OPERANDS, s.pos(), m + " source '" + s.text() + "' is overwritten by its own result; use another register");
            return;
        }
        if (mr.cls() == RegClass.R && d.cls() == RegClass.R && d.num() >= mr.num() && d.num() < mr.num() + rows) {
            diags.error(Problem.EXPANSION_OPERANDS, d.pos(), m + " destination '" + d.text() + "' overlaps the matrix rows");
            return;
        }
        if (s.wide() && mr.cls() == RegClass.C) {
            diags.error(Problem.TWO_CONSTANT_REGISTERS, s.pos(), "only one constant register can be read here: '" + s.text() + "'");
            return;
        }
        if (s.cls() == RegClass.V && mr.cls() == RegClass.V && s.num() != mr.num()) {
            diags.error(Problem.TWO_INPUT_REGISTERS, mo.pos(), "two different input registers in one instruction: '" + s.regName() + "', 'v" + mr.num() + "'");
            return;
        }
        for (int k = 0; k < rows; k++) {
            Src row = new Src(mr.cls(), mr.num() + k, false, 0x1B, 0, mo.pos(), mo.text());
            items.add(new Item.Alu(dp, d.withMask(8 >> k), List.of(s, row), in.pos()));
        }
    }

    private void nrm(Statement.Instr in) {
        if (!count(in, 2)) return;
        Dst d = ops.dst(in.operands().get(0));
        Src s = ops.src(in.operands().get(1));
        if (d == null || s == null) return;
        if (d.cls() != RegClass.R || (d.mask() != 0xF && d.mask() != 0xE)) {
            diags.error(Problem.EXPANSION_OPERANDS, d.pos(), "invalid destination register '" + d.text() + "' for nrm (an r register, mask none or .xyz)");
            return;
        }
        if (s.wide()) {
            diags.error(Problem.TWO_CONSTANT_REGISTERS, s.pos(), "only one constant register can be read here: '" + s.text() + "' (nrm reads its source twice)");
            return;
        }
        Src dw = new Src(RegClass.R, d.num(), false, 0xFF, 0, d.pos(), d.regName() + ".w");
        items.add(new Item.Alu(Opcode.DP3, d.withMask(0x1), List.of(s, s), in.pos()));
        items.add(new Item.Alu(Opcode.RSQ, d.withMask(0x1), List.of(dw), in.pos()));
        items.add(new Item.Alu(Opcode.MUL, d.withMask(0xE), List.of(s, dw), in.pos()));
    }

    private static boolean singleComponent(RawOperand o) {
        int n = 0;
        for (RawOperand.Part p : o.parts()) if (p instanceof RawOperand.Suffix s) n = s.letters().length();
        return n == 1;
    }

    private void pow(Statement.Instr in) {
        if (!count(in, 3)) return;
        List<RawOperand> o = in.operands();
        Dst d = ops.dst(o.get(0));
        Src a = ops.src(o.get(1)), b = ops.src(o.get(2));
        if (d == null || a == null || b == null) return;
        if (d.cls() != RegClass.R) {
            diags.error(Problem.EXPANSION_OPERANDS, d.pos(), "invalid destination register '" + d.text() + "' for pow (an r register)");
            return;
        }
        for (RawOperand x : List.of(o.get(1), o.get(2))) {
            if (!singleComponent(x)) {
                diags.error(Problem.EXPANSION_OPERANDS, x.pos(), "invalid swizzle '" + x.text() + "': pow takes single-component sources");
                return;
            }
        }
        if (b.cls() == RegClass.R && b.num() == d.num()) {
            diags.error(Problem.EXPANSION_OPERANDS, b.pos(), "pow exponent '" + b.text() + "' lies in the destination register, which pow clobbers");
            return;
        }
        Src dz = new Src(RegClass.R, d.num(), false, 0xAA, 0, d.pos(), d.regName() + ".z");
        items.add(new Item.Alu(Opcode.LG2, d.withMask(0x2), List.of(a), in.pos()));
        items.add(new Item.Alu(Opcode.MUL, d.withMask(0x2), List.of(dz, b), in.pos()));
        items.add(new Item.Alu(Opcode.EX2, d, List.of(dz), in.pos()));
    }

    private void sincos(Statement.Instr in) {
        if (!count(in, 4)) return;
        List<RawOperand> o = in.operands();
        Dst d = ops.dst(o.get(0));
        Src s = ops.src(o.get(1));
        Dst t1 = ops.dst(o.get(2)), t2 = ops.dst(o.get(3));
        if (d == null || s == null || t1 == null || t2 == null) return;
        if (d.cls() != RegClass.R || (d.mask() != 0x8 && d.mask() != 0x4 && d.mask() != 0xC)) {
            diags.error(Problem.EXPANSION_OPERANDS, d.pos(), "invalid destination register '" + d.text() + "' for sincos (an r register with mask .x, .y or .xy)");
            return;
        }
        if (s.wide() || !singleComponent(o.get(1))) {
            diags.error(Problem.EXPANSION_OPERANDS, s.pos(), "sincos source '" + s.text() + "' must be a single component of a v or r register");
            return;
        }
        for (Dst t : List.of(t1, t2)) {
            if (t.cls() != RegClass.R || t.mask() != 0xF) {
                diags.error(Problem.EXPANSION_OPERANDS, t.pos(), "sincos temporary '" + t.text() + "' must be an r register without mask");
                return;
            }
        }
        if (t1.num() == t2.num() || t1.num() == d.num() || t2.num() == d.num()) {
            diags.error(Problem.EXPANSION_OPERANDS, t1.pos(), "sincos temporaries must differ from each other and from the destination");
            return;
        }
        if (s.cls() == RegClass.R && (s.num() == t1.num() || s.num() == t2.num() || (s.num() == d.num() && (s.sel() >> 6) != 3))) {
            diags.error(Problem.EXPANSION_OPERANDS, s.pos(), "sincos source '" + s.text() + "' is overwritten by the expansion");
            return;
        }
        if (sincosUse == null) sincosUse = in.pos();
        SourcePos p = in.pos();
        int m = d.mask();
        Src dz = new Src(RegClass.R, d.num(), false, 0xAA, 0, p, d.regName() + ".z");
        Src dxy = new Src(RegClass.R, d.num(), false, 0x15, 0, p, d.regName() + ".xy");
        Src t1r = new Src(RegClass.R, t1.num(), false, 0x1B, 0, p, t1.regName());
        Src t2r = new Src(RegClass.R, t2.num(), false, 0x1B, 0, p, t2.regName());
        Src c = new Src(RegClass.C, 95, false, 0x1B, 0, p, "c95");
        items.add(new Item.Alu(Opcode.MOV, t1, List.of(c), p));
        items.add(new Item.Alu(Opcode.MOV, t2, List.of(c.row(-1)), p));
        items.add(new Item.Alu(Opcode.MUL, d.withMask(0x2), List.of(s, s), p));
        items.add(new Item.Alu(Opcode.MAD, d.withMask(m), List.of(dz, t1r.withSel(0x15), t1r.withSel(0xBF)), p));
        items.add(new Item.Alu(Opcode.MAD, d.withMask(m), List.of(dz, dxy, t2r.withSel(0x15)), p));
        items.add(new Item.Alu(Opcode.MAD, d.withMask(m), List.of(dz, dxy, t2r.withSel(0xBF)), p));
        items.add(new Item.Alu(Opcode.MOV, t1, List.of(c.row(-2)), p));
        items.add(new Item.Alu(Opcode.MAD, d.withMask(m), List.of(dz, dxy, t1r.withSel(0x15)), p));
        items.add(new Item.Alu(Opcode.MAD, d.withMask(m), List.of(dz, dxy, t1r.withSel(0xBF)), p));
        if ((m & 0x4) != 0) {
            Src dy = new Src(RegClass.R, d.num(), false, 0x55, 0, p, d.regName() + ".y");
            items.add(new Item.Alu(Opcode.MUL, d.withMask(0x4), List.of(dy, s), p));
        }
    }

    private void addSincosConstants() {
        for (int k = 0; k < 3; k++) {
            int[] v = SINCOS_CONSTANTS[k];
            Constant c = new Constant(Constant.FLOAT, 93 + k, v[0], v[1], v[2], v[3]);
            int u = c.unifiedIndex();
            Constant old = decls.constants.get(u);
            if (decls.isBound(u) || (old != null && !old.sameValue(c))) {
                diags.error(Problem.EXPANSION_OPERANDS, sincosUse, "sincos needs c93-c95, which are already used");
                return;
            }
        }
        for (int k = 0; k < 3; k++) {
            int[] v = SINCOS_CONSTANTS[k];
            Constant c = new Constant(Constant.FLOAT, 93 + k, v[0], v[1], v[2], v[3]);
            if (!decls.constants.containsKey(c.unifiedIndex())) decls.constant(c, sincosUse);
        }
    }

    // ---- def / defi / defb ----

    private void def(Statement.Instr in) {
        if (!count(in, 5)) return;
        Integer reg = ops.plainRegister(in.operands().get(0), RegClass.C);
        int[] v = new int[4];
        boolean ok = reg != null;
        for (int k = 0; k < 4; k++) {
            RawOperand x = in.operands().get(k + 1);
            Integer f = x.isNumber() && !x.bang() && x.negations() <= 1 ? Literals.parseFloat24(x.number(), x.negated()) : null;
            if (f == null) {
                diags.error(Problem.CONSTANT_VALUE, x.pos(), "invalid constant value '" + x.text() + "'");
                ok = false;
            } else {
                v[k] = f;
                String loss = Literals.float24Loss(x.number(), x.negated());
                if (loss != null) diags.warning(Warning.FLOAT24_RANGE, x.pos(), "'" + x.text() + "' is beyond float24's range and " + loss);
            }
        }
        if (ok) decls.constant(new Constant(Constant.FLOAT, reg, v[0], v[1], v[2], v[3]), in.pos());
    }

    private void defi(Statement.Instr in) {
        if (!count(in, 4, 5)) return;
        Integer reg = ops.plainRegister(in.operands().get(0), RegClass.I);
        int[] v = new int[4];
        boolean ok = reg != null;
        for (int k = 1; k < in.operands().size(); k++) {
            Integer x = ops.integer(in.operands().get(k), -128, 255, Problem.CONSTANT_VALUE, "invalid constant value");
            if (x == null) ok = false;
            else v[k - 1] = x & 0xFF;
        }
        if (ok) decls.constant(new Constant(Constant.INT, reg, v[0], v[1], v[2], v[3]), in.pos());
    }

    private void defb(Statement.Instr in) {
        if (!count(in, 2)) return;
        Integer reg = ops.plainRegister(in.operands().get(0), RegClass.B);
        RawOperand x = in.operands().get(1);
        Integer v = null;
        if (x.isBareIdentifier()) {
            String l = x.base().toLowerCase(Locale.ROOT);
            v = l.equals("true") ? Integer.valueOf(1) : l.equals("false") ? Integer.valueOf(0) : null;
        } else if (x.isNumber() && x.negations() == 0 && (x.number().equals("0") || x.number().equals("1"))) {
            v = Integer.parseInt(x.number());
        }
        if (v == null) {
            diags.error(Problem.CONSTANT_VALUE, x.pos(), "invalid constant value '" + x.text() + "'");
            return;
        }
        if (reg != null) decls.constant(new Constant(Constant.BOOL, reg, v, 0, 0, 0), in.pos());
    }
}
