package dev.pica.sim;

import dev.pica.format.isa.RegisterFile;
import java.util.BitSet;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What {@link ProgramCompiler}'s batch loop writes to trade with its {@link BatchRun}: each input
 * register's array, stride, start and lane count read once per chunk, each vertex's input lanes
 * read from those arrays, and each output register the batch takes whole ({@link
 * BatchRun#direct}) written from the lane locals into its array. Calls and a copy through the
 * unit's array per lane were half the time of a 30-word shader's batch (JFR).
 */
final class BatchCode {
    private static final String RUN = "dev/pica/sim/BatchRun";
    private static final int INPUTS = RegisterFile.INPUT.count, OUTPUTS = RegisterFile.OUTPUT.count;

    private final MethodVisitor mv;
    private final int io, vertex;
    private final IntSupplier newLocal;
    /** per input register: locals of its array, stride, start, lane count, this vertex's first float (0: not read) */
    private final int[] inArray = new int[INPUTS], inStride = new int[INPUTS], inStart = new int[INPUTS], inCount = new int[INPUTS], inAt = new int[INPUTS];
    /** per output register: the local of its array (0: no lane kept) */
    private final int[] outArray = new int[OUTPUTS];
    private final BitSet kept;

    /**
     * @param io the local holding the BatchRun, {@code vertex} the vertex's
     * @param inputs the input lanes (offsets from {@link DecodedWords#IN}) the program reads
     * @param kept the output lanes (array offsets) the program keeps, which it writes per vertex
     */
    BatchCode(MethodVisitor mv, int io, int vertex, IntSupplier newLocal, BitSet inputs, BitSet kept) {
        this.mv = mv;
        this.io = io;
        this.vertex = vertex;
        this.newLocal = newLocal;
        this.kept = kept;
        for (int o = inputs.nextSetBit(0); o >= 0; o = inputs.nextSetBit(o + 1)) inArray[o >>> 2] = -1;
        for (int r = 0; r < OUTPUTS; r++) if (!kept.get(DecodedWords.OUT + 4 * r, DecodedWords.OUT + 4 * r + 4).isEmpty()) outArray[r] = -1;
    }

    /** Before the loop: the arrays and their layout into locals. */
    void hoist() {
        for (int r = 0; r < INPUTS; r++) { // o has as many registers as v
            if (inArray[r] != 0) {
                inArray[r] = element("laneArray", "[[F", r, Opcodes.AALOAD, Opcodes.ASTORE);
                inStride[r] = element("laneStride", "[I", r, Opcodes.IALOAD, Opcodes.ISTORE);
                inStart[r] = element("laneStart", "[I", r, Opcodes.IALOAD, Opcodes.ISTORE);
                inCount[r] = element("laneCount", "[I", r, Opcodes.IALOAD, Opcodes.ISTORE);
                inAt[r] = newLocal.getAsInt();
            }
            if (outArray[r] != 0) outArray[r] = element("direct", "[[F", r, Opcodes.AALOAD, Opcodes.ASTORE);
        }
    }

    /** A local holding {@code io.field[index]}. */
    private int element(String field, String desc, int index, int load, int store) {
        int local = newLocal.getAsInt();
        mv.visitVarInsn(Opcodes.ALOAD, io);
        mv.visitFieldInsn(Opcodes.GETFIELD, RUN, field, desc);
        Bytecode.push(mv, index);
        mv.visitInsn(load);
        mv.visitVarInsn(store, local);
        return local;
    }

    /** At a vertex's start: where each input register's floats start. */
    void vertexStart() {
        for (int r = 0; r < INPUTS; r++) {
            if (inArray[r] == 0) continue;
            mv.visitVarInsn(Opcodes.ILOAD, vertex);
            mv.visitVarInsn(Opcodes.ILOAD, inStride[r]);
            mv.visitInsn(Opcodes.IMUL);
            mv.visitVarInsn(Opcodes.ILOAD, inStart[r]);
            mv.visitInsn(Opcodes.IADD);
            mv.visitVarInsn(Opcodes.ISTORE, inAt[r]);
        }
    }

    /**
     * Pushes input lane {@code offset} of the vertex: the given lane, or as the attribute loader
     * fills a lane not given (0, 0, 0, 1); an input not given (no array, count 0) reads 0.
     */
    void input(int offset) {
        int r = offset >>> 2, k = offset & 3;
        Label missing = new Label(), done = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, inCount[r]);
        Bytecode.push(mv, k);
        mv.visitJumpInsn(Opcodes.IF_ICMPLE, missing);
        mv.visitVarInsn(Opcodes.ALOAD, inArray[r]);
        mv.visitVarInsn(Opcodes.ILOAD, inAt[r]);
        Bytecode.push(mv, k);
        mv.visitInsn(Opcodes.IADD);
        mv.visitInsn(Opcodes.FALOAD);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(missing);
        if (k == 3) {
            // w is 1 for a given input, 0 for one not given (no array)
            Label none = new Label();
            mv.visitVarInsn(Opcodes.ALOAD, inArray[r]);
            mv.visitJumpInsn(Opcodes.IFNULL, none);
            mv.visitInsn(Opcodes.FCONST_1);
            mv.visitJumpInsn(Opcodes.GOTO, done);
            mv.visitLabel(none);
        }
        mv.visitInsn(Opcodes.FCONST_0);
        mv.visitLabel(done);
    }

    /**
     * At a vertex's end: each kept output register whose array the batch gave gets its kept lanes
     * (xyzw order) at vertex * their count; {@code laneLocal} gives a lane's local, or -1 for a
     * lane no word wrote (0).
     */
    void outputs(IntUnaryOperator laneLocal, int scratch) {
        for (int r = 0; r < OUTPUTS; r++) {
            if (outArray[r] == 0) continue;
            int base = DecodedWords.OUT + 4 * r;
            int n = kept.get(base, base + 4).cardinality();
            Label skip = new Label();
            mv.visitVarInsn(Opcodes.ALOAD, outArray[r]);
            mv.visitJumpInsn(Opcodes.IFNULL, skip);
            mv.visitVarInsn(Opcodes.ILOAD, vertex);
            Bytecode.push(mv, n);
            mv.visitInsn(Opcodes.IMUL);
            mv.visitVarInsn(Opcodes.ISTORE, scratch);
            int j = 0;
            for (int k = 0; k < 4; k++) {
                if (!kept.get(base + k)) continue;
                mv.visitVarInsn(Opcodes.ALOAD, outArray[r]);
                mv.visitVarInsn(Opcodes.ILOAD, scratch);
                Bytecode.push(mv, j++);
                mv.visitInsn(Opcodes.IADD);
                int local = laneLocal.applyAsInt(base + k);
                if (local < 0) mv.visitInsn(Opcodes.FCONST_0);
                else mv.visitVarInsn(Opcodes.FLOAD, local);
                mv.visitInsn(Opcodes.FASTORE);
            }
            mv.visitLabel(skip);
        }
    }
}
