package dev.pica.format.verify;

import java.util.Arrays;

/**
 * The verifier's abstract stack entries, packed in longs: a CALL entry (return address, target,
 * end, loops open when it was pushed), an IF entry (start, else, end, loops open) and a LOOP entry
 * (start, last body word, count, whether a later pass, int register). Addresses take 13 bits (a
 * PC is at most 4096); NONE marks "return to the caller". The stacks are arrays, bottom first.
 */
final class StackEntry {
    private StackEntry() {}

    static final int NONE = 0x1FFF;

    static long callEntry(int ret, int dst, int end, int loops) {
        return ret | (long) dst << 13 | (long) end << 26 | (long) loops << 39;
    }

    static int callRet(long e) { return (int) (e & 0x1FFF); }
    static int callDst(long e) { return (int) (e >>> 13 & 0x1FFF); }
    static int callEnd(long e) { return (int) (e >>> 26 & 0x1FFF); }
    static int pushedAtLoops(long e) { return (int) (e >>> 39 & 0x7); }

    static long ifEntry(int start, int els, int end, int loops) {
        return start | (long) els << 13 | (long) end << 26 | (long) loops << 39;
    }

    static int ifStart(long e) { return (int) (e & 0x1FFF); }
    static int ifElse(long e) { return (int) (e >>> 13 & 0x1FFF); }
    static int ifEnd(long e) { return (int) (e >>> 26 & 0x1FFF); }

    static long loopEntry(int start, int last, int count, boolean later, int reg) {
        return start | (long) last << 13 | (long) count << 26 | (later ? 1L : 0L) << 35 | (long) reg << 36;
    }

    static int loopStart(long e) { return (int) (e & 0x1FFF); }
    static int loopLast(long e) { return (int) (e >>> 13 & 0x1FFF); }
    static int loopCount(long e) { return (int) (e >>> 26 & 0x1FF); }
    static boolean loopLater(long e) { return (e >>> 35 & 1) != 0; }
    static int loopReg(long e) { return (int) (e >>> 36 & 0x3); }

    static long[] push(long[] stack, long e, int depth) {
        if (stack.length < depth) {
            long[] s = Arrays.copyOf(stack, stack.length + 1);
            s[stack.length] = e;
            return s;
        }
        long[] s = new long[depth]; // full: the hardware discards the oldest entry
        System.arraycopy(stack, 1, s, 0, depth - 1);
        s[depth - 1] = e;
        return s;
    }

    static long[] pop(long[] stack) {
        return Arrays.copyOf(stack, stack.length - 1);
    }
}
