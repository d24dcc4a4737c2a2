package dev.pica.sim;

import static dev.pica.sim.DecodedWords.*;

import dev.pica.format.isa.Limits;
import java.util.Arrays;
import java.util.BitSet;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Compiles a shader's straight runs of ALU words to JVM bytecode: one static method per run, a
 * sequence of {@link Machine#fetch} calls and calls of each word's {@link AluKind#run} with each word's fields as
 * constants, which the JIT inlines and folds (no decoding or dispatch left per word). What an
 * instruction computes stays in Machine; flow control, block ends and everything else stay in
 * the interpreter, which runs a compiled run whenever it reaches the word it starts at.
 */
final class BlockCompiler {
    private BlockCompiler() {}

    /** The compiled runs of one shader. */
    interface Runs {
        /** Runs the run that starts at {@code start} (one of {@link Compiled#length}'s nonzero entries). */
        void run(Machine m, int start);
    }

    /**
     * The runs and, per word, the length of the run starting there (0: none), and whether its
     * last word is one a block can end at (then the sequencer's step follows it).
     */
    record Compiled(Runs runs, int[] length, boolean[] endsBlock) {}

    /** Longest run in one method: HotSpot does not compile methods over 8000 bytes of bytecode. */
    private static final int MAX_RUN = 64;
    /** Words per second-level dispatch method (the first level switches on pc >>> 6). */
    private static final int CHUNK = 64;

    private static boolean straight(int kind) {
        return kind == NOP || DecodedWords.sources(kind) > 0;
    }

    /**
     * The straight runs of the binary's {@code codeWords} words (those past them, zeros a program
     * reaches only by running off its code, are left to the interpreter: compiling all 512 words
     * of program memory made four of five methods out of words no program runs).
     */
    static Compiled compile(DecodedWords words, int entry, int codeWords) {
        int[] w = words.w;
        int n = Math.min(codeWords, Limits.CODE_WORDS - 1); // the last word of memory runs as END
        // where control can arrive other than from the word before: the entry, flow targets and
        // block ends, and the word after anything that is not a straight ALU word
        BitSet starts = new BitSet(n);
        starts.set(entry);
        for (int pc = 0; pc < n; pc++) {
            int p = pc * STRIDE, kind = w[p + KIND];
            if (!straight(kind) || w[p + ENDS] != 0) starts.set(pc + 1);
            if (kind >= BREAK && kind <= LOOP) {
                int t = w[p + TARGET];
                for (int a : new int[] {t, t + w[p + NUM], t + 1}) if (a < n) starts.set(a);
            }
        }
        int[] length = new int[Limits.CODE_WORDS];
        boolean[] endsBlock = new boolean[Limits.CODE_WORDS];
        String name = "dev/pica/sim/CompiledRuns";
        Bytecode.Out cw = Bytecode.start(name, "dev/pica/sim/BlockCompiler$Runs");
        int[] keys = new int[n];
        int count = 0;
        for (int pc = starts.nextSetBit(0); pc >= 0 && pc < n; pc = starts.nextSetBit(pc + 1)) {
            int len = 0;
            while (pc + len < n && len < MAX_RUN && straight(w[(pc + len) * STRIDE + KIND])) {
                len++;
                // a word a block can end at closes the run: the sequencer decides what follows it
                if (w[(pc + len - 1) * STRIDE + ENDS] != 0) {
                    endsBlock[pc] = true;
                    break;
                }
            }
            if (len == 0) continue;
            if (len == MAX_RUN && !endsBlock[pc]) starts.set(pc + len); // the rest of a long run is a run of its own
            length[pc] = len;
            keys[count++] = pc;
            MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "run" + pc, "(Ldev/pica/sim/Machine;)V", null, null);
            mv.visitCode();
            for (int k = pc; k < pc + len; k++) word(mv, w, k * STRIDE);
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        keys = Arrays.copyOf(keys, count);
        // two levels of tableswitch (64 words a chunk): constant time, and every method stays
        // far below the size HotSpot compiles, whatever the program's length
        int chunks = Math.max(1, (n + CHUNK - 1) / CHUNK); // one, empty, for a binary without code
        boolean[] used = new boolean[chunks];
        for (int k : keys) used[k / CHUNK] = true;
        for (int c = 0; c < chunks; c++) {
            if (!used[c]) continue;
            int from = c * CHUNK;
            dispatch(cw, name, Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "chunk" + c, 0, 0, CHUNK,
                    k -> length[from + k] > 0 ? "run" + (from + k) : null, "(Ldev/pica/sim/Machine;)V");
        }
        dispatch(cw, name, Opcodes.ACC_PUBLIC, "run", 1, 6, chunks, c -> used[c] ? "chunk" + c : null, "(Ldev/pica/sim/Machine;I)V");
        return new Compiled((Runs) Bytecode.instance(cw, "the compiled runs"), length, endsBlock);
    }

    /**
     * A method {@code (Machine m, int pc)} that switches on {@code pc >>> shift} (or, with shift
     * 0, {@code pc & (cases - 1)}) and calls the static method {@code callee} names for each case
     * (null: nothing to run), passing m, and pc when the callee takes it.
     */
    private static void dispatch(Bytecode.Out cw, String owner, int access, String name, int mVar, int shift, int cases,
                                 java.util.function.IntFunction<String> callee, String calleeDesc) {
        MethodVisitor mv = cw.visitMethod(access, name, "(Ldev/pica/sim/Machine;I)V", null, null);
        mv.visitCode();
        int pcVar = mVar + 1;
        Label none = new Label();
        Label[] at = new Label[cases];
        for (int k = 0; k < cases; k++) at[k] = callee.apply(k) == null ? none : new Label();
        mv.visitVarInsn(Opcodes.ILOAD, pcVar);
        if (shift > 0) {
            push(mv, shift);
            mv.visitInsn(Opcodes.IUSHR);
        } else {
            push(mv, cases - 1);
            mv.visitInsn(Opcodes.IAND);
        }
        mv.visitTableSwitchInsn(0, cases - 1, none, at);
        for (int k = 0; k < cases; k++) {
            if (at[k] == none) continue;
            mv.visitLabel(at[k]);
            mv.visitVarInsn(Opcodes.ALOAD, mVar);
            if (calleeDesc.contains(";I)")) mv.visitVarInsn(Opcodes.ILOAD, pcVar);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, callee.apply(k), calleeDesc, false);
            mv.visitInsn(Opcodes.RETURN);
        }
        mv.visitLabel(none);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** m.fetch(slot, base, sel, neg, rel) for each source, then the kind's own method (dst, mask, aux). */
    private static void word(MethodVisitor mv, int[] w, int p) {
        int kind = w[p + KIND];
        if (kind == NOP) return;
        int rel = w[p + REL];
        for (int s = 0, n = DecodedWords.sources(kind); s < n; s++) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            push(mv, s);
            push(mv, w[p + SRC + s]);
            push(mv, w[p + SEL + s]);
            push(mv, (w[p + NEG] & 1 << s) != 0 ? 1 : 0);
            push(mv, rel >>> 2 == s + 1 ? rel & 3 : 0);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "dev/pica/sim/Machine", "fetch", "(IIIZI)V", false);
        }
        // AluKind.X.run(m, dst, mask, aux): a constant receiver, so the JIT inlines X's own run
        AluKind alu = DecodedWords.alu(kind);
        mv.visitFieldInsn(Opcodes.GETSTATIC, "dev/pica/sim/AluKind", alu.name(), "Ldev/pica/sim/AluKind;");
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        push(mv, w[p + DST]);
        push(mv, w[p + MASK]);
        push(mv, w[p + AUX]);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "dev/pica/sim/AluKind", "run", "(Ldev/pica/sim/Machine;III)V", false);
    }

    private static void push(MethodVisitor mv, int v) {
        Bytecode.push(mv, v);
    }
}
