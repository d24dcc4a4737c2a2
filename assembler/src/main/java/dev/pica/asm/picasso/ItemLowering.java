package dev.pica.asm.picasso;

import dev.pica.asm.ir.Dst;
import dev.pica.asm.ir.Item;
import dev.pica.asm.ir.RegClass;
import dev.pica.asm.ir.Src;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.RegisterNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One picasso file's code as the assembler's IR (picasm's route to a DVOJ object): each word
 * picasso's model encoded becomes the {@link Item} the SDK dialect would write for it (the
 * operands its descriptor gives, the inverted form where the word's operands force it), block
 * and procedure boundaries become labels, ret, else, endif and endloop. The entry procedure
 * becomes main:/endmain:, other procedures labels closed by ret.
 */
final class ItemLowering {
    /** What one file's statements left, in source order. */
    sealed interface Piece permits Marker, Word, ProcEdge {}

    /** A label or block end, already an item. */
    record Marker(Item item) implements Piece {}

    /** The word at this index of the program, from the statement at pos. */
    record Word(int index, SourcePos pos) implements Piece {}

    /** Where a procedure starts or ends (which one is the entry is known only at the file's end). */
    record ProcEdge(String name, boolean start, SourcePos pos) implements Piece {}

    /** The label or procedure a flow word names, and where. */
    record Target(String name, SourcePos pos) {}

    private final List<Integer> words;
    private final int[] descriptors;
    private final Map<Integer, Target> targets;

    ItemLowering(List<Integer> words, int[] descriptors, Map<Integer, Target> targets) {
        this.words = words;
        this.descriptors = descriptors;
        this.targets = targets;
    }

    /** The pieces as items; entry is the procedure that becomes main (null: none, a .nodvle file). */
    List<Item> items(List<Piece> pieces, String entry) {
        List<Item> out = new ArrayList<>();
        for (Piece p : pieces) {
            if (p instanceof Marker m) {
                out.add(m.item());
            } else if (p instanceof Word w) {
                out.add(item(w.index(), w.pos()));
            } else {
                ProcEdge e = (ProcEdge) p;
                boolean isEntry = e.name().equals(entry);
                if (e.start()) {
                    if (isEntry) out.add(new Item.Label("main", e.pos()));
                    if (!isEntry || !e.name().equals("main")) out.add(new Item.Label(e.name(), e.pos()));
                } else {
                    out.add(isEntry ? new Item.Label("endmain", e.pos()) : new Item.Ret(e.pos()));
                }
            }
        }
        return out;
    }

    private Item item(int index, SourcePos pos) {
        Instruction i = InstructionCodec.decode(words.get(index));
        Opcode op = i.op();
        Target t = targets.get(index);
        String label = t == null ? null : t.name();
        SourcePos labelPos = t == null ? null : t.pos();
        switch (op.format) {
            case F0:
                return new Item.Simple(op, pos);
            case F4:
                return new Item.SetEmit(i.vtxId(), i.primEmit(), i.winding(), pos);
            case F2:
                return op == Opcode.CALL ? new Item.Call(label, labelPos, pos) : new Item.CondFlow(op, i.refX(), i.refY(), i.condOp(), label, labelPos, pos);
            case F3:
                // jmpu's NUM bit 0 inverts its test
                return op == Opcode.LOOP ? new Item.Loop(i.reg(), pos)
                        : new Item.BoolFlow(op, i.reg(), op.isJump() && (i.num() & 1) != 0, label, labelPos, pos);
            default:
                break;
        }
        dev.pica.format.isa.Operands o = dev.pica.format.isa.Operands.of(i, descriptors, 0);
        int mask = o.mask();
        if (mask == 0) mask = 0xF; // picasso writes no word without a component; as the disassembler prints one
        List<Src> srcs = new ArrayList<>();
        for (int n = 1; n <= o.count(); n++) srcs.add(src(o, n, pos));
        if (op == Opcode.CMP) return new Item.Cmp(i.cmpX(), i.cmpY(), srcs.get(0), srcs.get(1), pos);
        // an inverted-form word as the SDK dialect writes it (the encoder chooses the inverted form again from the operands)
        Opcode written = Opcode.ofMnemonic(o.sdkMnemonic());
        return new Item.Alu(written, op.has(Opcode.Flag.WRITES_A0) ? movaDst(mask, pos) : dst(i.dst(), mask, pos), srcs, pos);
    }

    private static Dst dst(int code, int mask, SourcePos pos) {
        RegisterFile f = RegisterFile.ofDestinationField(code);
        return new Dst(RegClass.of(f), code - f.fieldBase, mask, pos, RegisterNames.destination(code));
    }

    /** mova's destination: a0.x, a0.y or both, from the mask's x and y. */
    private static Dst movaDst(int mask, SourcePos pos) {
        int m = (mask & 0xC) == 0xC ? 0xC : (mask & 8) != 0 ? 0x8 : 0x4;
        return new Dst(RegClass.A0, 0, m, pos, "a0");
    }

    private static Src src(dev.pica.format.isa.Operands o, int n, SourcePos pos) {
        int code = o.code(n), idx = o.index(n);
        RegisterFile f = o.file(n);
        String text = RegisterNames.source(code) + (idx != 0 ? "[" + RegisterNames.INDEX.get(idx) + "]" : "");
        return new Src(RegClass.of(f), code - f.fieldBase, o.negated(n), o.selector(n), idx, pos, text);
    }
}
