package dev.pica.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class InstructionCodecTest {
    /** Every verified word of isa.md section 12 decodes and re-encodes to itself. */
    @Test
    void specWordsRoundTrip() {
        int[] words = {0x0A020000, 0x08020800, 0x07049B80, 0x4E010000, 0x4E000000, 0x4F67F000, 0x20033800,
            0x2241AD00, 0x22412D00, 0x02424880, 0x02220880, 0x02225800, 0x02223900, 0x02212980, 0x6E241B00,
            0x6A5C1100, 0x62441080, 0x67041080, 0x33249C00, 0x37248B00, 0x2E613000, 0x3A615000, 0x3FE1F000,
            0x1B418000, 0x1741A000, 0xF2246F60, 0xF2244B80, 0xD2250480, 0xF4608220, 0xD4A11400, 0xF1248E80,
            0x48010000, 0x48011000, 0xB8A20800, 0x90000012, 0x90004817, 0x9C001404, 0x9C404400, 0xA2403002,
            0x95000001, 0x98C00001, 0xB3806400, 0xB4806401, 0xB4C03C00, 0x8FC00000, 0xA4005000, 0xA4407000,
            0x84000000, 0x88000000, 0x80000000, 0xA8000000, 0xAC000000, 0xAD800000, 0xAEC00000};
        for (int w : words) assertEquals(w, InstructionCodec.encode(InstructionCodec.decode(w)), Integer.toHexString(w));
    }

    @Test
    void aliasedOpcodes() {
        assertEquals(Opcode.MAD, Opcode.ofWord(0xF2246F60)); // top six bits 0x3C
        assertEquals(Opcode.MADI, Opcode.ofWord(0xD2250480));
        assertEquals(Opcode.CMP, Opcode.ofWord(0xB8A20800)); // 0x2E
        assertEquals(Opcode.CMP, Opcode.ofWord(0xBC000000)); // 0x2F: CMPX top bit
        assertNull(InstructionCodec.decode(0x10 << 26));
    }

    /** decode(encode(i)) == i for random field values of every form. */
    @Test
    void randomInstructionsRoundTrip() {
        SplittableRandom r = new SplittableRandom(42);
        for (int n = 0; n < 20000; n++) {
            Opcode op = Opcode.values()[r.nextInt(Opcode.values().length)];
            Instruction i = switch (op.format) {
                case F0 -> Instruction.simple(op);
                case F1 -> Instruction.alu(op, r.nextInt(32), r.nextInt(4), r.nextInt(128), r.nextInt(32), 0, r.nextInt(128));
                case F1U -> Instruction.alu(op, r.nextInt(32), r.nextInt(4), r.nextInt(128), 0, 0, r.nextInt(128));
                case F1I -> Instruction.alu(op, r.nextInt(32), r.nextInt(4), r.nextInt(32), r.nextInt(128), 0, r.nextInt(128));
                case F1C -> Instruction.cmp(r.nextInt(8), r.nextInt(8), r.nextInt(4), r.nextInt(128), r.nextInt(32), r.nextInt(128));
                case F2 -> Instruction.cond(op, r.nextInt(2), r.nextInt(2), r.nextInt(4), r.nextInt(4096), r.nextInt(256));
                case F3 -> Instruction.regFlow(op, r.nextInt(op == Opcode.LOOP ? 4 : 16), r.nextInt(4096), r.nextInt(256));
                case F4 -> Instruction.setemit(r.nextInt(4), r.nextInt(2), r.nextInt(2));
                case F5 -> Instruction.alu(op, r.nextInt(32), r.nextInt(4), r.nextInt(32), r.nextInt(128), r.nextInt(32), r.nextInt(32));
                case F5I -> Instruction.alu(op, r.nextInt(32), r.nextInt(4), r.nextInt(32), r.nextInt(32), r.nextInt(128), r.nextInt(32));
            };
            assertEquals(i, InstructionCodec.decode(InstructionCodec.encode(i)));
        }
    }

    @Test
    void descriptorPoolFollowsTheSdkRule() {
        // shbin-format.md 4.3: mov r11, c95 (used 3) then mul r2, c19, r2 (used 7) share one entry
        OperandDescriptorPool p = new OperandDescriptorPool();
        int a = p.add(0x36F, 3, false);
        int b = p.add(0x6C36F, 7, false);
        int m = p.add(0x0D80036F, 0xF, true); // a MAD's own entry moves to the front
        var t = p.finish();
        assertEquals(2, t.size());
        assertEquals(new OperandDescriptor(0x8D80036F, 0xF), t.get(0));
        assertEquals(new OperandDescriptor(0x8006C36F, 7), t.get(1));
        assertEquals(1, p.finalIndex(a));
        assertEquals(1, p.finalIndex(b));
        assertEquals(0, p.finalIndex(m));
    }

    @Test
    void bit31OnlyOnTheFirst32Entries() {
        OperandDescriptorPool p = new OperandDescriptorPool();
        for (int k = 0; k < 40; k++) p.add(k << 5 | 0xF, 3, false);
        var t = p.finish();
        assertEquals(0x80000000, t.get(31).value() & 0x80000000);
        assertEquals(0, t.get(32).value() & 0x80000000);
    }
}
