package dev.pica.format.verify;

import static dev.pica.format.verify.StackEntry.*;

import dev.pica.format.isa.FlowStacks;
import dev.pica.format.isa.Limits;

/**
 * A state's stacks as {@link dev.pica.format.isa.FlowStep} reads and writes them (copied, the state's arrays
 * stay untouched). Loop counts are the verifier's abstraction: a known count in its first
 * pass or a later one, or unknown; whether a loop runs again is decided by the caller
 * ({@code again}) and recorded, so each possible decision becomes its own successor.
 */
final class AbstractStacks implements FlowStacks {
    /** each int register's loop count (ProgramFacts), for the entries loops push */
    private final int[] loopCounts;
    long[] calls, ifs, loops;
    final boolean again;
    int callPops;
    boolean ifPopped, loopDecided;

    AbstractStacks(int[] loopCounts, long[] calls, long[] ifs, long[] loops, boolean again) {
        this.loopCounts = loopCounts;
        this.calls = calls;
        this.ifs = ifs;
        this.loops = loops;
        this.again = again;
    }

    @Override public int calls() { return calls.length; }
    @Override public int topCallEnd() { return callEnd(calls[calls.length - 1]); }
    @Override public int topCallReturn() { return callRet(calls[calls.length - 1]); }

    @Override
    public void popCall() {
        calls = pop(calls);
        callPops++;
    }

    @Override
    public void pushCall(int dst, int end, int ret) {
        calls = push(calls, callEntry(ret, dst, end, loops.length), Limits.CALL_DEPTH);
    }

    @Override public int ifs() { return ifs.length; }
    @Override public int topIfElse() { return ifElse(ifs[ifs.length - 1]); }
    @Override public int topIfEnd() { return ifEnd(ifs[ifs.length - 1]); }

    @Override
    public void popIf() {
        ifs = pop(ifs);
        ifPopped = true;
    }

    @Override
    public void pushIf(int start, int els, int end) {
        ifs = push(ifs, ifEntry(start, els, end, loops.length), Limits.IF_DEPTH);
    }

    @Override public int loops() { return loops.length; }
    @Override public int topLoopEntry() { return loopStart(loops[loops.length - 1]); }
    @Override public int topLoopEnd() { return loopLast(loops[loops.length - 1]) + 1; }

    @Override
    public void pushLoop(int entry, int end, int intRegister) {
        loops = push(loops, loopEntry(entry, end - 1, loopCounts[intRegister], false, intRegister), Limits.LOOP_DEPTH);
    }

    @Override
    public void stepLoop() {
        // aL is not part of the verifier's state
    }

    @Override
    public boolean loopAgain() {
        loopDecided = true;
        if (again) {
            long top = loops[loops.length - 1];
            loops = loops.clone();
            loops[loops.length - 1] = loopEntry(loopStart(top), loopLast(top), loopCount(top), true, loopReg(top));
        }
        return again;
    }

    @Override
    public void popLoop() {
        loops = pop(loops);
    }
}
