package dev.pica.asm.ir;

import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.Opcode;
import java.util.List;

/**
 * The assembler's immutable program IR after macro expansion: machine instructions (one word
 * each) and the markers that emit no word (labels, ret, else, endif, endloop).
 */
public sealed interface Item {
    SourcePos pos();

    /** Emits exactly one word. */
    sealed interface Word extends Item {
        /** The opcode this word encodes to (the checks ask its flags). */
        default Opcode opcode() {
            if (this instanceof Alu a) return a.op();
            if (this instanceof Simple s) return s.op();
            if (this instanceof CondFlow c) return c.op();
            if (this instanceof BoolFlow b) return b.op();
            if (this instanceof Cmp) return Opcode.CMP;
            if (this instanceof SetEmit) return Opcode.SETEMIT;
            if (this instanceof Call) return Opcode.CALL;
            return Opcode.LOOP;
        }
    }

    /**
     * ALU instruction. op is the written form: a plain opcode (the encoder chooses the inverted
     * form) or, for dphi/dsti/sgei/slti/madi, the inverted opcode that the source forces.
     */
    record Alu(Opcode op, Dst dst, List<Src> srcs, SourcePos pos) implements Word {}

    record Cmp(int cmpX, int cmpY, Src s1, Src s2, SourcePos pos) implements Word {}

    /** NOP, END, BREAK, EMIT. */
    record Simple(Opcode op, SourcePos pos) implements Word {}

    record SetEmit(int vtxId, int primEmit, int winding, SourcePos pos) implements Word {}

    /** BREAKC, CALLC, JMPC, IFC: condition in refX/refY/condOp; label null for BREAKC and IFC. */
    record CondFlow(Opcode op, int refX, int refY, int condOp, String label, SourcePos labelPos, SourcePos pos) implements Word {}

    /** CALLU, IFU, JMPU: b register; inverted only for JMPU; label null for IFU. */
    record BoolFlow(Opcode op, int bool, boolean inverted, String label, SourcePos labelPos, SourcePos pos) implements Word {}

    record Call(String label, SourcePos labelPos, SourcePos pos) implements Word {}

    record Loop(int intReg, SourcePos pos) implements Word {}

    record Label(String name, SourcePos pos) implements Item {}

    record Ret(SourcePos pos) implements Item {}

    record Else(SourcePos pos) implements Item {}

    record EndIf(SourcePos pos) implements Item {}

    record EndLoop(SourcePos pos) implements Item {}
}
