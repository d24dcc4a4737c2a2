package dev.pica.asm;

import dev.pica.asm.ir.Item;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Nearest;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.OperandDescriptorPool;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.Fixups;
import dev.pica.format.shbin.Label;
import dev.pica.format.shbin.LineInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lays out the program IR (addresses, labels and their lengths, blocks), checks flow and
 * structure rules (sdk-dialect.md 11.3-11.4), encodes every word and builds the DVOJ object.
 */
final class CodeGenerator {

    private final Diagnostics diags;
    private final Declarations decls;
    private final boolean geometry;

    private final List<Item.Word> words = new ArrayList<>();
    private final List<SourcePos> wordPos = new ArrayList<>();
    private int[] target;
    private int[] num;
    private final Map<String, LabelInfo> labels = new LinkedHashMap<>();
    /** notes that follow the findings about the same words (the verifier's run comes after generation) */
    final List<Diagnostic> hints = new ArrayList<>();

    private static final class LabelInfo {
        final String name;
        final int address;
        final SourcePos pos;
        int length = Label.NO_RET;

        LabelInfo(String name, int address, SourcePos pos) {
            this.name = name;
            this.address = address;
            this.pos = pos;
        }
    }

    private static final class Block {
        final Item.Word opener;
        final int start;
        final String name;
        int elseAddr = -1;

        Block(Item.Word opener, int start, String name) {
            this.opener = opener;
            this.start = start;
            this.name = name;
        }

        boolean isLoop() {
            return opener instanceof Item.Loop;
        }
    }

    CodeGenerator(Diagnostics diags, Declarations decls, boolean geometry) {
        this.diags = diags;
        this.decls = decls;
        this.geometry = geometry;
    }

    Dvoj generate(List<Item> items, String sourceName, boolean debug) {
        List<Item> program = insertTrailingNop(items);
        layout(program);
        return encode(sourceName, debug);
    }

    /** Each code word's source position, in address order (the verifier's diagnostics point here). */
    List<SourcePos> positions() {
        List<SourcePos> out = new ArrayList<>(words.size());
        for (Item.Word w : words) out.add(w.pos());
        return out;
    }

    // ---- main / endmain ----

    private List<Item> insertTrailingNop(List<Item> items) {
        List<Item> out = new ArrayList<>(items.size() + 1);
        boolean seenMain = false;
        for (Item it : items) {
            if (it instanceof Item.Label l && l.name().equals("main")) seenMain = true;
            if (it instanceof Item.Label l && l.name().equals("endmain")) {
                if (!seenMain) diags.error(Problem.MAIN_LABEL, l.pos(), "'endmain' without 'main'");
                else out.add(new Item.Simple(Opcode.NOP, l.pos()));
            }
            out.add(it);
        }
        return out;
    }

    // ---- pass 1: addresses, labels, blocks ----

    private void layout(List<Item> program) {
        for (Item it : program) if (it instanceof Item.Word w) words.add(w);
        target = new int[words.size()];
        num = new int[words.size()];
        List<LabelInfo> pending = new ArrayList<>();
        Deque<Block> blocks = new ArrayDeque<>();
        int addr = 0;
        for (Item it : program) {
            if (it instanceof Item.Label l) {
                label(l, addr, pending);
            } else if (it instanceof Item.Ret) {
                for (LabelInfo li : pending) li.length = addr - li.address;
                pending.clear();
            } else if (it instanceof Item.Else e) {
                elsePart(e, blocks, addr);
            } else if (it instanceof Item.EndIf e) {
                endIf(e, blocks, addr);
            } else if (it instanceof Item.EndLoop e) {
                endLoop(e, blocks, addr);
            } else {
                Item.Word w = (Item.Word) it;
                if (w instanceof Item.Loop) {
                    blocks.push(new Block(w, addr, "loop"));
                } else if (isIf(w)) {
                    blocks.push(new Block(w, addr, mnemonic(w)));
                }
                addr++;
            }
        }
        for (Block b : blocks) diags.error(Problem.UNBALANCED_BLOCK, b.opener.pos(), "unclosed '" + b.name + "' block");
    }

    /** A label at addr; its length is set at the next ret. */
    private void label(Item.Label l, int addr, List<LabelInfo> pending) {
        LabelInfo old = labels.get(l.name());
        if (old != null) {
            diags.error(Problem.DUPLICATE_LABEL, l.pos(), "duplicate label '" + l.name() + "'");
            diags.note(old.pos, "previous definition of '" + l.name() + "' was here");
            return;
        }
        LabelInfo li = new LabelInfo(l.name(), addr, l.pos());
        labels.put(l.name(), li);
        pending.add(li);
    }

    /** An else at addr: the innermost open if's else-part starts here. */
    private void elsePart(Item.Else e, Deque<Block> blocks, int addr) {
        Block b = blocks.peek();
        if (b == null || b.isLoop() || b.elseAddr >= 0) {
            diags.error(Problem.UNBALANCED_BLOCK, e.pos(), "'else' without matching 'ifc/ifb'");
            return;
        }
        if (addr == b.start + 1) diags.error(Problem.BLOCK_LAYOUT, e.pos(), "empty '" + b.name + "' block");
        b.elseAddr = addr;
    }

    /** An endif at addr closes the innermost if: its target and length (of the else-part, if any). */
    private void endIf(Item.EndIf e, Deque<Block> blocks, int addr) {
        Block b = blocks.peek();
        if (b == null || b.isLoop()) {
            diags.error(Problem.UNBALANCED_BLOCK, e.pos(), "'endif' without matching 'ifc/ifb'");
            return;
        }
        blocks.pop();
        int idx = b.start;
        if (b.elseAddr >= 0) {
            if (addr == b.elseAddr) {
                // an empty else-part encodes as an IF without else (verifier.md policies)
                target[idx] = addr;
                num[idx] = 0;
                return;
            }
            target[idx] = b.elseAddr;
            num[idx] = addr - b.elseAddr;
            if (num[idx] > Limits.MAX_NUM) {
                diags.error(Problem.BLOCK_LAYOUT, b.opener.pos(), "'else' is " + num[idx] + " words long; at most " + Limits.MAX_NUM + " can be encoded");
            }
        } else {
            if (addr == b.start + 1) diags.error(Problem.BLOCK_LAYOUT, e.pos(), "empty '" + b.name + "' block");
            target[idx] = addr;
            num[idx] = 0;
        }
    }

    /** An endloop at addr closes the innermost loop: its last word is addr - 1. */
    private void endLoop(Item.EndLoop e, Deque<Block> blocks, int addr) {
        Block b = blocks.peek();
        if (b == null || !b.isLoop()) {
            diags.error(Problem.UNBALANCED_BLOCK, e.pos(), "'endloop' without matching 'loop'");
            return;
        }
        blocks.pop();
        if (addr == b.start + 1) {
            diags.error(Problem.BLOCK_LAYOUT, e.pos(), "empty 'loop' block");
        } else {
            // a jump or call whose target a block end discards, and two blocks ending on one
            // word, are the verifier's (F-LOST, F-SAME: on the paths that reach them)
            Item.Word last = words.get(addr - 1);
            if (isBreak(last)) {
                diags.error(Problem.BLOCK_LAYOUT, last.pos(), "'" + mnemonic(last) + "' cannot be the last instruction of a loop; add a nop");
            }
        }
        target[b.start] = addr - 1;
    }

    private static boolean isIf(Item.Word w) {
        return w.opcode().has(Opcode.Flag.IF);
    }

    private static boolean isBreak(Item.Word w) {
        return w.opcode().has(Opcode.Flag.BREAKS);
    }

    private static String mnemonic(Item.Word w) {
        if (w instanceof Item.Call) return "call";
        if (w instanceof Item.CondFlow c) return c.op().mnemonic;
        if (w instanceof Item.BoolFlow b) return b.op().mnemonic;
        if (w instanceof Item.Simple s) return s.op().mnemonic;
        if (w instanceof Item.Loop) return "loop";
        return "instruction";
    }

    // ---- pass 2: encoding ----

    private Dvoj encode(String sourceName, boolean debug) {
        InstructionEncoder enc = new InstructionEncoder(diags);
        int n = words.size();
        int[] code = new int[n];
        List<LineInfo> lines = new ArrayList<>(n);
        List<Dvoj.OperandRecord> records = new ArrayList<>();
        List<String> imports = new ArrayList<>();
        List<Dvoj.Relocation> relocs = new ArrayList<>();
        OperandDescriptorPool pool = new OperandDescriptorPool();
        List<int[]> handles = new ArrayList<>(); // {word index, pool handle}
        int limit = geometry ? Limits.CODE_WORDS : Limits.VERTEX_WORDS;
        if (n > limit) diags.error(Problem.PROGRAM_SIZE, words.get(limit).pos(), "program too long: " + n + " words (limit " + limit + ")");

        boolean hasMain = labels.containsKey("main");
        SourcePos tooMany = null, tooManyMad = null;
        for (int k = 0; k < n; k++) {
            Item.Word w = words.get(k);
            SourcePos p = w.pos();
            lines.add(new LineInfo(p.file() != null ? p.file().recordName() : p.fileName(), p.line()));
            Instruction ins = null;
            InstructionEncoder.Encoded e = null;
            if (w instanceof Item.Alu a) {
                e = enc.alu(a);
            } else if (w instanceof Item.Cmp c) {
                e = enc.cmp(c);
            } else if (w instanceof Item.Simple s) {
                ins = Instruction.simple(s.op());
            } else if (w instanceof Item.SetEmit s) {
                ins = Instruction.setemit(s.vtxId(), s.primEmit(), s.winding());
            } else if (w instanceof Item.Loop l) {
                ins = Instruction.regFlow(Opcode.LOOP, l.intReg(), dst(target[k], p), 0);
            } else if (w instanceof Item.Call c) {
                ins = Instruction.cond(Opcode.CALL, 0, 0, 0, 0, 0);
                ins = link(ins, k, p, c.label(), c.labelPos(), true, imports, relocs);
            } else if (w instanceof Item.CondFlow c) {
                ins = Instruction.cond(c.op(), c.refX(), c.refY(), c.condOp(), 0, 0);
                if (c.op() == Opcode.IFC) ins = ins.withTarget(dst(target[k], p), Math.min(num[k], Limits.MAX_NUM));
                else if (c.label() != null) ins = link(ins, k, p, c.label(), c.labelPos(), c.op() == Opcode.CALLC, imports, relocs);
            } else if (w instanceof Item.BoolFlow b) {
                ins = Instruction.regFlow(b.op(), b.bool(), 0, b.inverted() ? 1 : 0);
                if (b.op() == Opcode.IFU) ins = ins.withTarget(dst(target[k], p), Math.min(num[k], Limits.MAX_NUM));
                else ins = link(ins, k, p, b.label(), b.labelPos(), b.op() == Opcode.CALLU, imports, relocs);
            }
            if (e != null) {
                ins = e.instruction();
                records.add(new Dvoj.OperandRecord(k, e.descriptor(), e.usedInfo()));
                handles.add(new int[] {k, pool.add(e.descriptor(), e.usedInfo(), ins.op().isMad())});
                if (pool.overfull() && tooMany == null) tooMany = p;
                if (pool.madOverfull() && tooManyMad == null) tooManyMad = p;
            }
            code[k] = ins == null ? 0 : InstructionCodec.encode(ins);
        }
        if (tooMany != null) diags.error(Problem.DESCRIPTOR_LIMIT, tooMany, pool.overfullMessage());
        if (tooManyMad != null) diags.error(Problem.DESCRIPTOR_LIMIT, tooManyMad, pool.madOverfullMessage());
        List<OperandDescriptor> table = pool.finish();
        for (int[] h : handles) code[h[0]] = InstructionCodec.withDesc(code[h[0]], pool.finalIndex(h[1]));

        if (hasMain && !labels.containsKey("endmain")) diags.error(Problem.MAIN_LABEL, labels.get("main").pos, "missing 'endmain:' label");

        List<Label> labelTable = new ArrayList<>();
        int mainIdx = -1, endIdx = -1;
        for (LabelInfo li : labels.values()) {
            if (li.name.equals("main")) mainIdx = labelTable.size();
            if (li.name.equals("endmain")) endIdx = labelTable.size();
            labelTable.add(new Label(li.name, li.address, li.length));
        }
        decls.checkOutputContiguity();
        decls.checkDefinedVersusBound();
        List<Constant> consts = decls.constantList();
        List<LineInfo> origins = new ArrayList<>();
        for (Constant c : consts) {
            SourcePos p = decls.constantPos.get(c.unifiedIndex());
            origins.add(new LineInfo(p.file() != null ? p.file().recordName() : p.fileName(), p.line()));
        }
        return new Dvoj(geometry ? 1 : 0, decls.mergeOutputMaps ? 1 : 0, decls.inputMask, decls.outputMask,
                consts, labelTable, code, table, lines, records, decls.outputMaps, decls.uniforms,
                hasMain, debug, mainIdx, endIdx, decls.gsMode, sourceName, relocs, imports, origins);
    }

    /**
     * A DST value: an address beyond the 12-bit field is reported here (with the word's position)
     * and left 0, since the object is not written once there are errors. (A NUM beyond 8 bits was
     * reported with its block.)
     */
    private int dst(int address, SourcePos p) {
        String far = Fixups.addressProblem(address);
        if (far == null) return address;
        diags.error(Problem.JUMP_RANGE, p, far);
        return 0;
    }

    /** Resolves a call/jump target: a local label, or an import the linker resolves. */
    private Instruction link(Instruction ins, int k, SourcePos instructionPos, String label, SourcePos labelPos, boolean isCall,
                             List<String> imports, List<Dvoj.Relocation> relocs) {
        LabelInfo li = labels.get(label);
        if (li == null) {
            // a jump cannot leave its object, so a near miss among this file's labels is likely a typo
            String hint = isCall ? "" : Nearest.hint(label, labels.keySet());
            if (!hint.isEmpty()) hints.add(new Diagnostic(Diagnostic.Severity.NOTE, labelPos, "'" + label + "' is not defined in this file" + hint, Problem.UNDEFINED_LABEL));
            int idx = imports.indexOf(label);
            if (idx < 0) {
                idx = imports.size();
                imports.add(label);
            }
            relocs.add(new Dvoj.Relocation(k, isCall ? Dvoj.Relocation.CALL : Dvoj.Relocation.JUMP, idx));
            return ins;
        }
        String bad = isCall ? Fixups.callProblem(label, li.length) : null;
        if (bad != null) diags.error(Problem.JUMP_RANGE, labelPos, bad);
        int address = dst(li.address, instructionPos);
        return InstructionCodec.decode(Fixups.resolve(InstructionCodec.encode(ins), isCall, address, li.length));
    }
}
