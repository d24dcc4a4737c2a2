package dev.pica.compiler.vir;

import java.util.Arrays;

/**
 * One instruction on virtual registers. It writes the components {@code mask} (bit k =
 * component k) of {@code dst}, or, when {@code output >= 0}, lanes {@code mask} of that o
 * register; {@code kill} says the write starts a new value of {@code dst} (a later partial
 * write of the same value does not). Mutable by the passes of one compilation.
 */
public final class VInst {
    public Opc op;
    public VReg dst;
    public int mask;
    public int output = -1;
    public boolean kill = true;
    public Operand[] src;
    /** CMP's comparison of the x and y lanes (0-5 = eq, ne, lt, le, gt, ge). */
    public int cmpX, cmpY;
    /** The GLSL line (0: none). */
    public int line;

    public VInst(Opc op, VReg dst, int mask, int line, Operand... src) {
        this.op = op;
        this.dst = dst;
        this.mask = mask;
        this.line = line;
        this.src = src;
    }

    public static VInst cmp(int modeX, int modeY, Operand a, Operand b, int line) {
        VInst i = new VInst(Opc.CMP, null, 0, line, a, b);
        i.cmpX = modeX;
        i.cmpY = modeY;
        return i;
    }

    /** How many components of the result this instruction writes. */
    public int width() {
        return Integer.bitCount(mask);
    }

    @Override
    public String toString() {
        String d = output >= 0 ? "o" + output + "/" + mask : dst == null ? "-" : dst + "/" + mask + (kill ? "" : "+");
        return op.mnemonic + " " + d + " " + Arrays.toString(src) + (line > 0 ? " @" + line : "");
    }
}
