package dev.pica.asm;

import dev.pica.asm.ir.Declaration;
import dev.pica.asm.ir.Dst;
import dev.pica.asm.ir.Item;
import dev.pica.asm.ir.RegClass;
import dev.pica.asm.ir.Src;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.RegisterNames;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.OutputMap;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The assembler's IR as SDK-dialect source lines, each with the position of what it stands for
 * (picasm -E on a picasso source shows what is assembled this way). Assembling the lines gives
 * the same object: a test holds the two routes together.
 */
final class IrPrinter {
    private IrPrinter() {}

    record Line(String text, SourcePos pos) {}

    static Line declaration(Declaration d) {
        if (d instanceof Declaration.Binding b) {
            String comps = b.components() == 0xF ? "" : "." + OutputMap.maskText(b.components());
            return new Line("#pragma bind_symbol(" + b.name() + comps + ", " + b.cls().name(b.first()) + ", " + b.cls().name(b.last()) + ")", b.pos());
        }
        if (d instanceof Declaration.OutputMapping o) {
            return new Line("#pragma output_map(" + o.semantic().spelling + ", o" + o.register() + "." + OutputMap.maskText(o.mask()) + ")", o.pos());
        }
        if (d instanceof Declaration.Definition def) {
            Constant c = def.constant();
            return new Line(switch (c.type()) {
                case Constant.FLOAT -> String.format("def c%d, 0x%06X, 0x%06X, 0x%06X, 0x%06X", c.index(), c.x(), c.y(), c.z(), c.w());
                case Constant.INT -> "defi i" + c.index() + ", " + c.x() + ", " + c.y() + ", " + c.z() + ", " + c.w();
                default -> "defb b" + c.index() + ", " + c.x();
            }, def.pos());
        }
        if (d instanceof Declaration.GeometryData g) {
            return new Line(switch (g.mode().mode()) {
                case 0 -> "#pragma gs_data_mode(0)";
                case 1 -> "#pragma gs_data_mode(1, " + g.mode().variableCount() + ")";
                default -> "#pragma gs_data_mode(2, c" + g.mode().fixedStart() + ", " + g.mode().fixedCount() + ")";
            }, g.pos());
        }
        return new Line("#pragma gs_merge_output_maps", d.pos());
    }

    static Line item(Item it) {
        return new Line(text(it), it.pos());
    }

    private static String text(Item it) {
        if (it instanceof Item.Label l) return l.name() + ":";
        if (it instanceof Item.Ret) return "ret";
        if (it instanceof Item.Else) return "else";
        if (it instanceof Item.EndIf) return "endif";
        if (it instanceof Item.EndLoop) return "endloop";
        if (it instanceof Item.Simple s) return s.op().mnemonic;
        if (it instanceof Item.SetEmit e) return "smf " + e.winding() + ", " + e.primEmit() + ", " + e.vtxId();
        if (it instanceof Item.Call c) return "call " + c.label();
        if (it instanceof Item.Loop l) return "loop i" + l.intReg();
        if (it instanceof Item.CondFlow c) {
            return c.op().mnemonic + " " + c.refX() + ", " + c.refY() + ", " + c.condOp() + (c.label() != null ? ", " + c.label() : "");
        }
        if (it instanceof Item.BoolFlow b) {
            return b.op().mnemonic + " " + (b.inverted() ? "!" : "") + "b" + b.bool() + (b.label() != null ? ", " + b.label() : "");
        }
        if (it instanceof Item.Cmp c) return "cmp " + c.cmpX() + ", " + c.cmpY() + ", " + src(c.s1()) + ", " + src(c.s2());
        Item.Alu a = (Item.Alu) it;
        // an inverted opcode the operands force is written by its own name (dphi, madi)
        String mnemonic = a.op().plain() != null ? a.op().hardwareName() : a.op().mnemonic;
        return mnemonic + " " + dst(a.dst()) + ", " + a.srcs().stream().map(IrPrinter::src).collect(Collectors.joining(", "));
    }

    private static String dst(Dst d) {
        if (d.cls() == RegClass.A0) return d.mask() == 0xC ? "a0.xy" : d.mask() == 0x8 ? "a0.x" : "a0.y";
        return d.regName() + (d.mask() == 0xF ? "" : "." + OperandDescriptors.maskText(d.mask()));
    }

    private static String src(Src s) {
        String sel = OperandDescriptors.shortSelectorText(s.sel());
        return (s.neg() ? "-" : "") + s.regName() + (s.idx() != 0 ? "[" + RegisterNames.INDEX.get(s.idx()) + "]" : "")
                + (sel.equals("xyzw") ? "" : "." + sel);
    }

    /** A source's lines: geometry (null: a vertex shader) is where it says it is a geometry shader. */
    static List<Line> lines(SourcePos geometry, List<Declaration> declarations, List<Item> items) {
        List<Line> out = new java.util.ArrayList<>();
        if (geometry != null) out.add(new Line("#pragma gs_assemble_as_geometry_shader", geometry));
        for (Declaration d : declarations) out.add(declaration(d));
        for (Item it : items) out.add(item(it));
        return out;
    }
}
