package dev.pica.format.shbin;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.Opcode;

/**
 * Setting a call's or jump's target: one rule for the assembler's local labels and the linker's
 * relocations (the role of LLVM MC's fixups). A call takes its NUM from the label's length (words
 * to the first ret); a jump keeps the NUM it has.
 */
public final class Fixups {
    private Fixups() {}

    /** What is wrong with calling a label of this length, in words, or null. */
    public static String callProblem(String label, int length) {
        if (length == Label.NO_RET) return "call target '" + label + "' has no following 'ret'";
        if (length == 0) return "subroutine '" + label + "' is empty";
        if (Integer.toUnsignedLong(length) > Limits.MAX_NUM) {
            return "'" + label + "' is " + Integer.toUnsignedString(length) + " words long; at most " + Limits.MAX_NUM + " can be encoded";
        }
        return null;
    }

    /** What is wrong with a target address (the DST field has 12 bits), or null. */
    public static String addressProblem(long address) {
        return address > Limits.MAX_ADDRESS ? "code address " + address + " out of range" : null;
    }

    /** The word with DST = address and, for a call, NUM = the label's length. */
    public static int resolve(int word, boolean call, int address, int labelLength) {
        return InstructionCodec.withTarget(word, address, call ? labelLength & 0xFF : InstructionCodec.num(word));
    }

    /**
     * One past the last word a flow instruction's DST/NUM covers: a jump's target, a LOOP's last
     * body word + 1, a call's or IF's target + NUM (the LOOP body ends at DST inclusive, isa.md 8).
     */
    public static long reach(Instruction i) {
        Opcode op = i.op();
        return (long) i.target() + (op.isJump() ? 0 : op.has(Opcode.Flag.LOOP) ? 1 : i.num());
    }
}
