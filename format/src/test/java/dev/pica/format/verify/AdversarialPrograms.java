package dev.pica.format.verify;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;

/**
 * Programs built to make the verifier's work explode (issue 39 item 6): nested if and loop
 * blocks whose conditions are data, jumps from anywhere to anywhere (into and out of blocks and
 * procedures), conditional calls back into procedures that jump out again, and reads and writes
 * that give every data-flow rule something to report. Words, not source, so no assembler check
 * keeps a shape out; a fixed seed gives the same program.
 */
public final class AdversarialPrograms {

    /** What a program is made of. */
    public enum Shape {
        /** the issue's 17-line shape: ifc blocks with jmpc into and out of them */
        TANGLE,
        /** procedures that jump into each other and into main, called back with callc; ifs, no loops */
        PROCEDURES,
        /** loops with unknown counts, breakc and jumps across loop bodies */
        LOOPS,
        /** every construct mixed */
        MIXED
    }

    private static final int[] DESCRIPTORS = {
        OperandDescriptors.build(0xF, false, 0x1B, false, 0x1B, false, 0x1B),
        OperandDescriptors.build(0x8, false, 0x00, true, 0x55, false, 0x1B),
        OperandDescriptors.build(0xC, false, 0x4E, false, 0xE4, false, 0x1B),
        OperandDescriptors.build(0x3, true, 0xAA, false, 0xFF, false, 0x1B),
    };

    private final Random random;
    private final Shape shape;
    private final int size;
    private final Instruction[] words;
    /** per word, whether it is a jump or call whose target is chosen once the layout is known */
    private final BitSet open = new BitSet();
    private final List<int[]> procedures = new ArrayList<>();
    private int at;

    private AdversarialPrograms(long seed, int size, Shape shape) {
        this.random = new Random(seed);
        this.shape = shape;
        this.size = size;
        this.words = new Instruction[size];
    }

    /** A vertex shader of exactly {@code size} words (at most 512) or a geometry shader beyond. */
    public static Program program(long seed, int size, Shape shape) {
        AdversarialPrograms g = new AdversarialPrograms(seed, size, shape);
        g.build();
        return g.toProgram();
    }

    /**
     * The issue's 17-line picasso program (procedure p11 jumps into main, whose nested ifc blocks
     * jmpc into and out of each other and callc p11 back), as picasso 2.7.2 and the drop-in
     * assemble it: 13 words, main at word 2, endAddr 14, no outputs, c73 and b1 unbound.
     */
    public static Program issueProgram() {
        int[] code = {0xb4400800, 0x84000000, 0x6f04f480, 0xa3003400, 0xb3001800, 0xa3803000, 0xa3002400, 0xb3c00000,
            0x84000000, 0xb3800000, 0x95800002, 0x84000000, 0x84000000};
        return new ProgramBuilder("adversarial.vsh").addWords(code).descriptors(0x0000236b).main(2, 14).build();
    }

    private void build() {
        int procWords = shape == Shape.TANGLE || shape == Shape.LOOPS ? 0 : size / 4;
        int mainEnd = size - procWords;
        at = 0;
        block(mainEnd - 1, 0);
        while (at < mainEnd - 1) put(alu());
        put(Instruction.simple(Opcode.END));
        // procedures after main: each a block of its own, ending in a word that is not flow control
        while (at < size) {
            int len = Math.min(size - at, 4 + random.nextInt(12));
            int start = at;
            if (len >= 3) block(start + len - 1, 0);
            while (at < start + len) put(alu());
            procedures.add(new int[] {start, len});
        }
        for (int pc = open.nextSetBit(0); pc >= 0; pc = open.nextSetBit(pc + 1)) words[pc] = resolve(pc, words[pc]);
    }

    /** Fills words up to (not including) end with nested constructs, at most depth deep. */
    private void block(int end, int depth) {
        while (at < end) {
            int room = end - at;
            int pick = random.nextInt(10);
            if (room >= 4 && depth < 10 && pick < 3 && shape != Shape.LOOPS) {
                int inner = at + 2 + random.nextInt(Math.min(room - 2, 12));
                int hasElse = random.nextBoolean() && inner + 2 <= end ? 1 + random.nextInt(Math.min(end - inner - 1, 4)) : 0;
                int ifAt = at;
                put(null);
                block(inner, depth + 1);
                words[ifAt] = Instruction.cond(Opcode.IFC, random.nextInt(2), random.nextInt(2), random.nextInt(4), inner, hasElse);
                int elseEnd = inner + hasElse;
                block(elseEnd, depth + 1);
            } else if (room >= 4 && depth < 6 && pick < 5 && (shape == Shape.LOOPS || shape == Shape.MIXED)) {
                int last = at + 2 + random.nextInt(Math.min(room - 3, 10));
                int loopAt = at;
                put(null);
                block(last + 1, depth + 1);
                words[loopAt] = Instruction.regFlow(Opcode.LOOP, random.nextInt(4), last, 0);
                if (at < end) put(alu()); // a word between nested block ends (F-SAME otherwise; sometimes not)
            } else if (pick < 7) {
                open.set(at);
                put(random.nextInt(3) == 0 ? Instruction.regFlow(Opcode.JMPU, random.nextInt(16), 0, random.nextInt(2))
                        : Instruction.cond(Opcode.JMPC, random.nextInt(2), random.nextInt(2), random.nextInt(4), 0, 0));
            } else if (pick < 8 && shape != Shape.TANGLE) {
                open.set(at);
                put(random.nextBoolean() ? Instruction.cond(Opcode.CALLC, random.nextInt(2), random.nextInt(2), random.nextInt(4), 0, 1)
                        : Instruction.cond(Opcode.BREAKC, random.nextInt(2), random.nextInt(2), random.nextInt(4), 0, 0));
            } else {
                put(alu());
            }
        }
    }

    /** Reads and writes of temporaries, outputs, a0 and cmp, in every lane mix the descriptors give. */
    private Instruction alu() {
        int desc = random.nextInt(DESCRIPTORS.length);
        return switch (random.nextInt(6)) {
            case 0 -> Instruction.alu(Opcode.MOV, random.nextInt(8), 0, 0x10 + random.nextInt(16), 0, 0, desc);
            case 1 -> Instruction.alu(Opcode.ADD, 0x10 + random.nextInt(16), 0, 0x10 + random.nextInt(16), random.nextInt(16), 0, desc);
            case 2 -> Instruction.alu(Opcode.MOVA, 0, 0, 0x10 + random.nextInt(16), 0, 0, desc);
            case 3 -> Instruction.cmp(random.nextInt(6), random.nextInt(6), 0, 0x20 + random.nextInt(96), 0x10 + random.nextInt(16), desc);
            case 4 -> Instruction.alu(Opcode.MUL, 0x10 + random.nextInt(16), 3, 0x20 + random.nextInt(96), 0x10 + random.nextInt(16), 0, desc);
            default -> Instruction.alu(Opcode.DP4, random.nextInt(8), 0, random.nextInt(16), 0x10 + random.nextInt(16), 0, desc);
        };
    }

    /** A jump's target anywhere (into or out of any block or procedure); a call's a procedure. */
    private Instruction resolve(int pc, Instruction i) {
        int target = random.nextInt(size);
        int num = i.num();
        if (i.op().isCall()) {
            if (procedures.isEmpty()) return Instruction.cond(Opcode.JMPC, i.refX(), i.refY(), i.condOp(), target, 0);
            int[] p = procedures.get(random.nextInt(procedures.size()));
            target = p[0];
            num = p[1];
        }
        if (i.op() == Opcode.BREAKC) return i;
        return i.op() == Opcode.JMPU ? Instruction.regFlow(Opcode.JMPU, i.reg(), target, num)
                : Instruction.cond(i.op(), i.refX(), i.refY(), i.condOp(), target, num);
    }

    private void put(Instruction i) {
        words[at++] = i;
    }

    private Program toProgram() {
        List<OutputMap> outputs = List.of(new OutputMap(0, 0, 0xF), new OutputMap(1, 1, 0xF), new OutputMap(2, 2, 0x3), new OutputMap(3, 3, 0xF));
        List<Constant> constants = List.of(new Constant(Constant.INT, 0, 3, 0, 1, 0), new Constant(Constant.BOOL, 0, 1, 0, 0, 0));
        List<Uniform> uniforms = List.of(new Uniform("m", 0x20, 0x7F), new Uniform("n", 0x71, 0x73), new Uniform("f", 0x79, 0x87));
        return new ProgramBuilder("adversarial.vsh").add(words).descriptors(DESCRIPTORS).geometry(size > 512)
                .outputs(outputs).inputMask(0xFFFF).constants(constants).uniforms(uniforms).build();
    }
}
