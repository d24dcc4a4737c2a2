package dev.pica.format.isa;

/**
 * The CALL, IF and LOOP stacks of the flow-control unit as {@link FlowStep} reads and writes
 * them. The simulator keeps concrete stacks ({@link Sequencer}); the verifier keeps abstract
 * ones (loop counts it may not know), so the step is written once over this view.
 */
public interface FlowStacks {
    int calls();

    /** The top CALL entry's end address (DST + NUM). */
    int topCallEnd();

    int topCallReturn();

    void popCall();

    /** Pushes {end, return}; {@code dst} for holders that also track where the subroutine starts. */
    void pushCall(int dst, int end, int ret);

    int ifs();

    int topIfElse();

    int topIfEnd();

    void popIf();

    /** Pushes {else, end}; {@code start} is the first word of the if-part. */
    void pushIf(int start, int els, int end);

    int loops();

    int topLoopEntry();

    int topLoopEnd();

    /** Pushes {entry, end} with the count, start and step of integer register {@code intRegister}, and sets aL. */
    void pushLoop(int entry, int end, int intRegister);

    /** The innermost loop reached its end or a break: aL += its step. */
    void stepLoop();

    /** Whether the innermost loop runs again (its count, before decrementing it, is not 0); decrements it. */
    boolean loopAgain();

    /** Leaves the innermost loop (restoring the aL saved when it started if another loop is pending). */
    void popLoop();
}
