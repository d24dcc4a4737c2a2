package dev.pica.format;

/**
 * The flow-control unit of one shader invocation (docs/spec/execution.md, "Sequencer"): the CALL,
 * IF and LOOP stacks, the loop counter aL, and the one rule for what runs after each word. A
 * push onto a full stack discards its oldest entry. After a word at {@code pc} ran, the CALL
 * stack is checked first (it may unwind up to three levels, each return address compared
 * again; a fourth unwind pops without moving the PC), then the IF stack, then the LOOP stack,
 * each against {@code pc + 1}; a later stack overrides the PC an earlier one set, and any of
 * them overrides a jump target set by the word itself.
 *
 * <p>Mutable, for one invocation on one thread.
 */
public final class Sequencer {
    private final int[] callEnd = new int[Limits.CALL_DEPTH], callReturn = new int[Limits.CALL_DEPTH];
    private final int[] ifElse = new int[Limits.IF_DEPTH], ifEnd = new int[Limits.IF_DEPTH];
    private final int[] loopEntry = new int[Limits.LOOP_DEPTH], loopEnd = new int[Limits.LOOP_DEPTH],
            loopCount = new int[Limits.LOOP_DEPTH], loopStep = new int[Limits.LOOP_DEPTH], loopSavedAL = new int[Limits.LOOP_DEPTH];
    private int calls, ifs, loops;
    private int aL;

    /** Empty stacks and aL = 0, as at the start of an invocation. */
    public void reset() {
        calls = ifs = loops = 0;
        aL = 0;
    }

    public int aL() {
        return aL;
    }

    /** A taken CALL/CALLC/CALLU at {@code pc}: pushes {end = dst + num, return = pc + 1}; the word's target is dst. */
    public void call(int pc, int dst, int num) {
        int k = slot(callEnd, callReturn, null, null, null, calls, Limits.CALL_DEPTH);
        callEnd[k] = dst + num;
        callReturn[k] = pc + 1;
        if (calls < Limits.CALL_DEPTH) calls++;
    }

    /** A true IFC/IFU: pushes {else = dst, end = dst + num}; a false one jumps to dst (the caller's target). */
    public void ifTrue(int dst, int num) {
        int k = slot(ifElse, ifEnd, null, null, null, ifs, Limits.IF_DEPTH);
        ifElse[k] = dst;
        ifEnd[k] = dst + num;
        if (ifs < Limits.IF_DEPTH) ifs++;
    }

    /**
     * LOOP at {@code pc} with the integer register's bytes x (count), y (start), z (step): aL = y,
     * pushes {entry = pc + 1, end = dst + 1, count = x, step = z, saved aL = y}.
     */
    public void loop(int pc, int dst, int x, int y, int z) {
        aL = y & 0xFF;
        int k = slot(loopEntry, loopEnd, loopCount, loopStep, loopSavedAL, loops, Limits.LOOP_DEPTH);
        loopEntry[k] = pc + 1;
        loopEnd[k] = dst + 1;
        loopCount[k] = x & 0xFF;
        loopStep[k] = z & 0xFF;
        // the emulator saves aL after setting it, so a nested loop's exit restores its own start
        loopSavedAL[k] = aL;
        if (loops < Limits.LOOP_DEPTH) loops++;
    }

    /** The index to write a new top at; when the stack is full its oldest entry is dropped first. */
    private static int slot(int[] a, int[] b, int[] c, int[] d, int[] e, int n, int depth) {
        if (n < depth) return n;
        shift(a);
        shift(b);
        if (c != null) {
            shift(c);
            shift(d);
            shift(e);
        }
        return depth - 1;
    }

    private static void shift(int[] a) {
        System.arraycopy(a, 1, a, 0, a.length - 1);
    }

    /**
     * The address of the next word after the word at {@code pc} ran: {@code target} if it set
     * one (a taken jump or call, a false if; -1 if none), unless a block ends at {@code pc + 1};
     * {@code breaking} for a taken BREAK/BREAKC (it fires the innermost loop as its end would,
     * without looping back). With no loop to leave a break does nothing, as in the emulator.
     */
    public int next(int pc, int target, boolean breaking) {
        int nextPc = target >= 0 ? target : pc + 1;
        int compared = pc + 1;
        for (int k = 0; k < Limits.CALL_DEPTH && calls > 0 && callEnd[calls - 1] == compared; k++) {
            if (k < Limits.CALL_DEPTH - 1) {
                nextPc = callReturn[calls - 1];
                compared = nextPc;
            }
            calls--;
        }
        if (ifs > 0 && ifElse[ifs - 1] == pc + 1) {
            nextPc = ifEnd[ifs - 1];
            ifs--;
        }
        if (loops > 0 && (loopEnd[loops - 1] == pc + 1 || breaking)) {
            int top = loops - 1;
            aL += loopStep[top];
            if (!breaking && loopCount[top]-- != 0) {
                nextPc = loopEntry[top];
            } else {
                nextPc = loopEnd[top];
                if (loops > 1) aL = loopSavedAL[top];
                loops--;
            }
        }
        return nextPc;
    }

    /** The innermost pending loop's {entry, end} addresses, or null: where a runaway program is stuck. */
    public int[] innermostLoop() {
        return loops == 0 ? null : new int[] {loopEntry[loops - 1], loopEnd[loops - 1]};
    }
}
