package dev.pica.sim;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbWriter;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.Dvlp;
import dev.pica.format.shbin.FormatException;
import dev.pica.format.shbin.GsMode;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.List;

/**
 * Hand-assembled test programs: words from the ISA table's fields, descriptors from their bits,
 * written as a .shbin and read back, so the simulator sees what a loader would.
 */
final class Programs {
    static final int XYZW = 0x1B, XXXX = 0x00, YYYY = 0x55, ZZZZ = 0xAA, WWWW = 0xFF, YXZW = 0x4B;
    static final int MASK_ALL = 0xF, MASK_X = 0x8, MASK_Y = 0x4, MASK_XY = 0xC;

    static int v(int n) { return RegisterFile.INPUT.fieldBase + n; }
    static int r(int n) { return RegisterFile.TEMPORARY.fieldBase + n; }
    static int c(int n) { return RegisterFile.FLOAT_UNIFORM.fieldBase + n; }
    static int o(int n) { return RegisterFile.OUTPUT.fieldBase + n; }

    final List<Integer> code = new ArrayList<>();
    final List<Integer> descs = new ArrayList<>();
    final List<Constant> constants = new ArrayList<>();
    final List<OutputMap> outputs = new ArrayList<>();
    final List<Uniform> uniforms = new ArrayList<>();
    int type = Dvle.VERTEX;
    GsMode gs = GsMode.NONE;

    /** A descriptor index for mask and sources (negations false). */
    int desc(int mask, int sel1, int sel2, int sel3) {
        return desc(mask, false, sel1, false, sel2, false, sel3);
    }

    int desc(int mask, boolean n1, int sel1, boolean n2, int sel2, boolean n3, int sel3) {
        int d = OperandDescriptors.build(mask, n1, sel1, n2, sel2, n3, sel3);
        int k = descs.indexOf(d);
        if (k >= 0) return k;
        descs.add(d);
        return descs.size() - 1;
    }

    int here() {
        return code.size();
    }

    Programs word(Instruction i) {
        code.add(InstructionCodec.encode(i));
        return this;
    }

    Programs alu(Opcode op, int dst, int src1, int src2, int desc) {
        return word(Instruction.alu(op, dst, 0, src1, src2, 0, desc));
    }

    Programs aluIdx(Opcode op, int dst, int idx, int src1, int src2, int desc) {
        return word(Instruction.alu(op, dst, idx, src1, src2, 0, desc));
    }

    Programs mad(int dst, int src1, int src2, int src3, int desc) {
        return word(Instruction.alu(Opcode.MAD, dst, 0, src1, src2, src3, desc));
    }

    Programs op(Opcode op) {
        return word(Instruction.simple(op));
    }

    Programs flt(int reg, float x, float y, float z, float w) {
        constants.add(new Constant(Constant.FLOAT, reg, f24(x), f24(y), f24(z), f24(w)));
        return this;
    }

    Programs fltRaw(int reg, int x, int y, int z, int w) {
        constants.add(new Constant(Constant.FLOAT, reg, x, y, z, w));
        return this;
    }

    Programs integer(int reg, int x, int y, int z, int w) {
        constants.add(new Constant(Constant.INT, reg, x, y, z, w));
        return this;
    }

    Programs bool(int reg, boolean value) {
        constants.add(new Constant(Constant.BOOL, reg, value ? 1 : 0, 0, 0, 0));
        return this;
    }

    Programs out(int type, int reg, int mask) {
        outputs.add(new OutputMap(type, reg, mask));
        return this;
    }

    Programs uniform(String name, int firstUnified, int lastUnified) {
        uniforms.add(new Uniform(name, firstUnified, lastUnified));
        return this;
    }

    /** f24 of a value these tests only use with exact f24 values (small integers, halves, inf). */
    static int f24(float f) {
        if (Float.isInfinite(f)) return (f > 0 ? 0 : 0x800000) | 0x7F0000;
        return dev.pica.format.isa.Float24.fromFloat(f);
    }

    Shader shader() {
        int[] words = new int[code.size()];
        for (int k = 0; k < words.length; k++) words[k] = code.get(k);
        List<OperandDescriptor> d = new ArrayList<>();
        for (int x : descs) d.add(new OperandDescriptor(x, 0xF));
        int outMask = 0;
        for (OutputMap m : outputs) outMask |= 1 << m.register();
        Dvle e = new Dvle(Dvle.VERSION, type, 0, 0, words.length, 0, outMask, gs, constants, List.of(), outputs, uniforms);
        byte[] bytes = DvlbWriter.write(new Dvlb(new Dvlp(Dvlp.VERSION, words, d, List.of(), List.of()), List.of(e)));
        try {
            return Shader.load(bytes);
        } catch (FormatException x) {
            throw new AssertionError(x);
        }
    }

    Simulator simulator() {
        return new Simulator(shader());
    }
}
