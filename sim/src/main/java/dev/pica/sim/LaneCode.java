package dev.pica.sim;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The bytecode of an ALU word's arithmetic for {@link ProgramCompiler}: the plain IEEE operations
 * inline, and {@link PicaFloat}'s exact methods only when that result is NaN. Where the plain
 * result is not NaN it is the exact one (a NaN product or sum stays NaN to the end of a dot
 * product or MAD); they differ only where the result is NaN (0 * inf, and which NaN payload).
 * The hot path calls nothing because C2 stops inlining once a method and what it inlined reach 8000 bytes of
 * bytecode ({@code -XX:+PrintInlining}: "size > DesiredMethodLimit"): a long compiled method
 * otherwise made real calls of {@code PicaFloat.mul} from its middle on.
 */
final class LaneCode {
    private static final String FLOAT = "dev/pica/sim/PicaFloat";

    /** Pushes source slot {@code s}'s operand for result lane {@code k}; pushing it again gives the same value. */
    interface Sources {
        void push(int s, int k);
    }

    private final MethodVisitor mv;
    private final Sources src;
    /** two float locals for operands a comparison reads twice */
    private final int a, b;

    LaneCode(MethodVisitor mv, Sources src, int scratchA, int scratchB) {
        this.mv = mv;
        this.src = src;
        this.a = scratchA;
        this.b = scratchB;
    }

    /** Lane {@code k} of a LANES or MAD word into local {@code into}. */
    void lane(AluKind kind, int k, int into) {
        switch (kind) {
            case MOV -> {
                src.push(0, k);
                store(into);
            }
            case ADD -> checked(into, k, Opcodes.FADD, "add", "(FF)F");
            case MUL -> checked(into, k, Opcodes.FMUL, "mul", "(FF)F");
            case MAD -> {
                src.push(0, k);
                src.push(1, k);
                mv.visitInsn(Opcodes.FMUL);
                src.push(2, k);
                mv.visitInsn(Opcodes.FADD);
                store(into);
                Label ok = ifNotNan(into);
                for (int s = 0; s < 3; s++) src.push(s, k);
                exact(k == 0 ? "madX" : "mad", "(FFF)F", into, ok); // which NaN a product of two is depends on the lane
            }
            // s1 > s2 ? s1 : s2 (a NaN compares false: s2); MIN s1 < s2; SGE s1 >= s2 ? 1 : 0; SLT s1 < s2
            case MAX -> select(k, into, Opcodes.FCMPL, Opcodes.IFLE);
            case MIN -> select(k, into, Opcodes.FCMPG, Opcodes.IFGE);
            case SGE -> step(k, into, Opcodes.FCMPL, Opcodes.IFLT);
            case SLT -> step(k, into, Opcodes.FCMPG, Opcodes.IFGE);
            default -> {
                // FLR: Math.floor's intrinsic behind PicaFloat.floor, rare enough to call
                src.push(0, k);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, FLOAT, kind.lane, "(F)F", false);
                store(into);
            }
        }
    }

    /**
     * A dot product into {@code into}: products s2 * s1 lane by lane, summed from +0 in lane order,
     * DPH's fourth product s2.w; when NaN, {@link PicaFloat#mul} and {@link PicaFloat#dot} decide
     * which NaN (s2 first, as the emulator's interpreter).
     */
    void dot(AluKind kind, int into) {
        int n = kind == AluKind.DP3 ? 3 : 4;
        for (int k = 0; k < n; k++) {
            src.push(1, k);
            if (kind != AluKind.DPH || k != 3) {
                src.push(0, k);
                mv.visitInsn(Opcodes.FMUL);
            }
            // p0 + 0 (a -0 product sums to +0), then the sum so far + each next product
            if (k == 0) mv.visitInsn(Opcodes.FCONST_0);
            mv.visitInsn(Opcodes.FADD);
        }
        store(into);
        Label ok = ifNotNan(into);
        for (int k = 0; k < n; k++) {
            src.push(1, k);
            if (kind == AluKind.DPH && k == 3) mv.visitInsn(Opcodes.FCONST_1);
            else src.push(0, k);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, FLOAT, "mul", "(FF)F", false);
        }
        exact("dot", n == 3 ? "(FFF)F" : "(FFFF)F", into, ok);
    }

    /** A SCALAR word's value (of s1.x) into {@code into}: RCP and RSQ inline, EX2 and LG2 called. */
    void scalar(AluKind kind, int into) {
        src.push(0, 0);
        switch (kind) {
            case RCP -> {
                mv.visitInsn(Opcodes.FCONST_1);
                mv.visitInsn(Opcodes.SWAP);
                mv.visitInsn(Opcodes.FDIV);
            }
            case RSQ -> {
                // 1 / (float) sqrt(a); a negative a gives NaN here, the default NaN below
                mv.visitInsn(Opcodes.F2D);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Math", "sqrt", "(D)D", false);
                mv.visitInsn(Opcodes.D2F);
                mv.visitInsn(Opcodes.FCONST_1);
                mv.visitInsn(Opcodes.SWAP);
                mv.visitInsn(Opcodes.FDIV);
            }
            default -> {
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, FLOAT, kind.lane, "(F)F", false);
                store(into);
                return;
            }
        }
        store(into);
        Label ok = ifNotNan(into);
        src.push(0, 0);
        exact(kind.lane, "(F)F", into, ok);
    }

    /** ADD, MUL: the plain operation, the exact method when NaN. */
    private void checked(int into, int k, int op, String exact, String desc) {
        src.push(0, k);
        src.push(1, k);
        mv.visitInsn(op);
        store(into);
        Label ok = ifNotNan(into);
        src.push(0, k);
        src.push(1, k);
        exact(exact, desc, into, ok);
    }

    /** MAX, MIN: s1 if {@code cmp} of s1, s2 does not satisfy {@code toS2}, else s2. */
    private void select(int k, int into, int cmp, int toS2) {
        operands(k);
        mv.visitInsn(cmp);
        Label second = new Label(), done = new Label();
        mv.visitJumpInsn(toS2, second);
        mv.visitVarInsn(Opcodes.FLOAD, a);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(second);
        mv.visitVarInsn(Opcodes.FLOAD, b);
        mv.visitLabel(done);
        store(into);
    }

    /** SGE, SLT: 1, or 0 when {@code cmp} of s1, s2 satisfies {@code toZero}. */
    private void step(int k, int into, int cmp, int toZero) {
        src.push(0, k);
        src.push(1, k);
        mv.visitInsn(cmp);
        Label zero = new Label(), done = new Label();
        mv.visitJumpInsn(toZero, zero);
        mv.visitInsn(Opcodes.FCONST_1);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(zero);
        mv.visitInsn(Opcodes.FCONST_0);
        mv.visitLabel(done);
        store(into);
    }

    /** s1 and s2 into the scratch locals, then both pushed. */
    private void operands(int k) {
        src.push(0, k);
        mv.visitVarInsn(Opcodes.FSTORE, a);
        src.push(1, k);
        mv.visitVarInsn(Opcodes.FSTORE, b);
        mv.visitVarInsn(Opcodes.FLOAD, a);
        mv.visitVarInsn(Opcodes.FLOAD, b);
    }

    private void store(int into) {
        mv.visitVarInsn(Opcodes.FSTORE, into);
    }

    /** Jumps to the returned label when local {@code v} is not NaN (v == v); falls through to the slow path otherwise. */
    private Label ifNotNan(int v) {
        Label ok = new Label();
        mv.visitVarInsn(Opcodes.FLOAD, v);
        mv.visitVarInsn(Opcodes.FLOAD, v);
        mv.visitInsn(Opcodes.FCMPL);
        mv.visitJumpInsn(Opcodes.IFEQ, ok);
        return ok;
    }

    /** The slow path's end: PicaFloat's {@code method} on the pushed operands into {@code into}, then {@code ok}. */
    private void exact(String method, String desc, int into, Label ok) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, FLOAT, method, desc, false);
        store(into);
        mv.visitLabel(ok);
    }
}
