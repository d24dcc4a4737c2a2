package dev.pica.format.isa;


/**
 * The concrete flow-control state of one shader invocation: the CALL, IF and LOOP stacks with
 * their real loop counts, and aL. A push onto a full stack discards its oldest entry (the
 * emulator's circular buffers). The step itself is {@link FlowStep}'s.
 *
 * <p>Mutable, for one invocation on one thread.
 */
public final class Sequencer implements FlowStacks {
    private final int[] callEnd = new int[Limits.CALL_DEPTH], callReturn = new int[Limits.CALL_DEPTH];
    private final int[] ifElse = new int[Limits.IF_DEPTH], ifEnd = new int[Limits.IF_DEPTH];
    private final int[] loopEntry = new int[Limits.LOOP_DEPTH], loopEnd = new int[Limits.LOOP_DEPTH],
            loopCount = new int[Limits.LOOP_DEPTH], loopStep = new int[Limits.LOOP_DEPTH], loopSavedAL = new int[Limits.LOOP_DEPTH];
    private final int[] intRegisters;
    private int calls, ifs, loops;
    private int aL;

    /** @param intRegisters i0-i3 as 16 bytes (x, y, z, w each), read when a LOOP starts */
    public Sequencer(int[] intRegisters) {
        this.intRegisters = intRegisters;
    }

    /** Empty stacks and aL = 0, as at the start of an invocation. */
    public void reset() {
        calls = ifs = loops = 0;
        aL = 0;
    }

    public int aL() {
        return aL;
    }

    /** The innermost pending loop's {entry, end} addresses, or null: where a runaway program is stuck. */
    public int[] innermostLoop() {
        return loops == 0 ? null : new int[] {loopEntry[loops - 1], loopEnd[loops - 1]};
    }

    /** Call-stack entry k (0 the oldest, {@link #calls()} - 1 the newest): where its routine ends and returns to. */
    public int callEnd(int k) { return callEnd[k]; }
    public int callReturn(int k) { return callReturn[k]; }
    /** IF-stack entry k: its ELSE and end addresses. */
    public int ifElse(int k) { return ifElse[k]; }
    public int ifEnd(int k) { return ifEnd[k]; }
    /** LOOP-stack entry k: its first and end addresses and the iterations it has left. */
    public int loopEntry(int k) { return loopEntry[k]; }
    public int loopEnd(int k) { return loopEnd[k]; }
    public int loopCount(int k) { return loopCount[k]; }

    @Override public int calls() { return calls; }
    @Override public int topCallEnd() { return callEnd[calls - 1]; }
    @Override public int topCallReturn() { return callReturn[calls - 1]; }
    @Override public void popCall() { calls--; }

    @Override
    public void pushCall(int dst, int end, int ret) {
        int k = calls < Limits.CALL_DEPTH ? calls++ : drop(callEnd, callReturn);
        callEnd[k] = end;
        callReturn[k] = ret;
    }

    @Override public int ifs() { return ifs; }
    @Override public int topIfElse() { return ifElse[ifs - 1]; }
    @Override public int topIfEnd() { return ifEnd[ifs - 1]; }
    @Override public void popIf() { ifs--; }

    @Override
    public void pushIf(int start, int els, int end) {
        int k = ifs < Limits.IF_DEPTH ? ifs++ : drop(ifElse, ifEnd);
        ifElse[k] = els;
        ifEnd[k] = end;
    }

    @Override public int loops() { return loops; }
    @Override public int topLoopEntry() { return loopEntry[loops - 1]; }
    @Override public int topLoopEnd() { return loopEnd[loops - 1]; }

    /** i[reg] = bytes (x count, y start, z step): aL = y, and the emulator saves aL after setting it. */
    @Override
    public void pushLoop(int entry, int end, int intRegister) {
        int r = intRegister * 4;
        aL = intRegisters[r + 1] & 0xFF;
        int k = loops < Limits.LOOP_DEPTH ? loops++ : drop(loopEntry, loopEnd, loopCount, loopStep, loopSavedAL);
        loopEntry[k] = entry;
        loopEnd[k] = end;
        loopCount[k] = intRegisters[r] & 0xFF;
        loopStep[k] = intRegisters[r + 2] & 0xFF;
        loopSavedAL[k] = aL;
    }

    @Override public void stepLoop() { aL += loopStep[loops - 1]; }
    @Override public boolean loopAgain() { return loopCount[loops - 1]-- != 0; }

    @Override
    public void popLoop() {
        if (loops > 1) aL = loopSavedAL[loops - 1];
        loops--;
    }

    /** Discards the oldest entry of a full stack: the index the new top goes to. */
    private static int drop(int[]... columns) {
        for (int[] c : columns) System.arraycopy(c, 1, c, 0, c.length - 1);
        return columns[0].length - 1;
    }
}
