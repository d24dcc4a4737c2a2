package dev.pica.format.isa;


/**
 * The one definition of the flow-control step (docs/spec/execution.md, "Sequencer"), read from
 * the emulator's shader interpreter: what CALL, IF and LOOP push, and what runs after each
 * word. After a word at {@code pc} the CALL stack is checked first (it may unwind up to three
 * levels, each return address compared again; a fourth unwind pops without moving the PC), then
 * the IF stack, then the LOOP stack, each against {@code pc + 1}; a later stack overrides the
 * address an earlier one set, and any of them overrides a target the word itself set.
 */
public final class FlowStep {
    private FlowStep() {}

    /** A taken CALL/CALLC/CALLU at {@code pc}: pushes {end = dst + num, return = pc + 1}; the word's target is dst. */
    public static void call(FlowStacks s, int pc, int dst, int num) {
        s.pushCall(dst, dst + num, pc + 1);
    }

    /** A true IFC/IFU at {@code pc}: pushes {else = dst, end = dst + num}; a false one jumps to dst. */
    public static void ifTrue(FlowStacks s, int pc, int dst, int num) {
        s.pushIf(pc + 1, dst, dst + num);
    }

    /** LOOP at {@code pc} over integer register {@code reg}: pushes {entry = pc + 1, end = dst + 1}. */
    public static void loop(FlowStacks s, int pc, int dst, int reg) {
        s.pushLoop(pc + 1, dst + 1, reg);
    }

    /**
     * The address of the next word after the word at {@code pc} ran: {@code target} if it set
     * one (a taken jump or call, a false if; -1 if none), unless a block ends at {@code pc + 1};
     * {@code breaking} for a taken BREAK/BREAKC (it ends the innermost loop as its end would,
     * without looping back). With no loop pending a break does nothing here, as in the emulator.
     */
    public static int next(FlowStacks s, int pc, int target, boolean breaking) {
        int nextPc = target >= 0 ? target : pc + 1;
        int compared = pc + 1;
        for (int k = 0; k < Limits.CALL_DEPTH && s.calls() > 0 && s.topCallEnd() == compared; k++) {
            if (k < Limits.CALL_DEPTH - 1) {
                nextPc = s.topCallReturn();
                compared = nextPc;
            }
            s.popCall();
        }
        if (s.ifs() > 0 && s.topIfElse() == pc + 1) {
            nextPc = s.topIfEnd();
            s.popIf();
        }
        if (s.loops() > 0 && (breaking || s.topLoopEnd() == pc + 1)) {
            s.stepLoop();
            if (!breaking && s.loopAgain()) {
                nextPc = s.topLoopEntry();
            } else {
                nextPc = s.topLoopEnd();
                s.popLoop();
            }
        }
        return nextPc;
    }
}
