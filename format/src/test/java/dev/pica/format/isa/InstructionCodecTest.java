package dev.pica.format.isa;

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

    /**
     * Spec words (isa.md section 12) decoded into their fields, with the expected values taken
     * from the source column and the register codes of isa.md 4 (v 0x00, r 0x10, c 0x20; o 0x00
     * as a destination, r 0x10), not from this codec: a mistake shared by encode and decode shows here.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        // word     | opcode | fields (name=value, all others 0)                 | source
        "0x0A020000 | DP4    | DST=16 SRC1=32 SRC2=0",                              // dp4 r0.x, c0, v0
        "0x20033800 | MUL    | DST=0 SRC1=51 SRC2=16",                              // mul o0, c19, r0
        "0x07049B80 | DP3    | DST=24 SRC1=73 SRC2=23",                             // dp3 r8, c41, r7
        "0x6A5C1100 | SGEI   | DST=18 IDX=3 SRC1=16 SRC2=34",                       // sge r2, r0, c0[aL+2]: SGEI, base c2
        "0x6E241B00 | SLTI   | DST=17 SRC1=16 SRC2=54",                             // slt r1, r0, c22
        "0xD2250480 | MADI   | DST=18 SRC1=18 SRC2=16 SRC3=36",                     // mad r2, r2, r0.x, c4
        "0xF4608220 | MAD    | DST=20 IDX=1 SRC1=16 SRC2=32 SRC3=17",               // mad r4, r0, c0[a0.x], r1
        "0xD4A11400 | MADI   | DST=20 IDX=2 SRC1=16 SRC2=17 SRC3=32",               // mad r4, r0, r1, c0[a0.y]
        "0x48011000 | MOVA   | SRC1=17",                                            // mova a0.x, r1
        "0xB8A20800 | CMP    | CMPX=0 CMPY=5 SRC1=32 SRC2=16",                      // cmp 0, 5, c0, r0
        "0x90004817 | CALL   | TARGET=18 NUM=23",                                   // call L (at 18, length 23)
        "0x9C001404 | IFU    | REG=0 TARGET=5 NUM=4",                               // ifb b0, else at 5, length 4
        "0x9C404400 | IFU    | REG=1 TARGET=17",                                    // ifb b1 ... endif at 17
        "0xA2403002 | IFC    | REFX=1 REFY=0 CONDOP=1 TARGET=12 NUM=2",             // ifc 1, 0, 1
        "0x95000001 | CALLC  | REFX=0 REFY=1 CONDOP=0 NUM=1",                       // callc 0, 1, 0, L at 0
        "0x98C00001 | CALLU  | REG=3 NUM=1",                                        // callb b3, L at 0
        "0xB3806400 | JMPC   | REFX=1 REFY=1 CONDOP=2 TARGET=25",                   // jpc 1, 1, 2, L = 25
        "0xB4806401 | JMPU   | REG=2 TARGET=25 NUM=1",                              // jpb !b2, L: NUM bit 0 inverts
        "0x8FC00000 | BREAKC | REFX=1 REFY=1 CONDOP=3",                             // breakc 1, 1, 3
        "0xA4407000 | LOOP   | REG=1 TARGET=28",                                    // loop i1, last body word 28
        "0xAD800000 | SETEMIT | VTXID=1 PRIMEMIT=1",                                // smf 0, 1, 1: winding 0, prim 1, vertex 1
        "0xAEC00000 | SETEMIT | VTXID=2 PRIMEMIT=1 WINDING=1",                      // smf 1, 1, 2
    })
    void specWordsDecodeToTheSourceFields(String word, String opcode, String fields) {
        Instruction i = InstructionCodec.decode(Integer.parseUnsignedInt(word.substring(2), 16));
        assertEquals(Opcode.valueOf(opcode), i.op(), word);
        java.util.Map<WordFormat.Field, Integer> expected = new java.util.EnumMap<>(WordFormat.Field.class);
        for (String kv : fields.trim().split(" +")) expected.put(WordFormat.Field.valueOf(kv.split("=")[0]), Integer.parseInt(kv.split("=")[1]));
        for (WordFormat.Field f : WordFormat.Field.values()) {
            if (f == WordFormat.Field.DESC) continue; // DESC is 0 in every spec word
            assertEquals(expected.getOrDefault(f, 0), i.get(f), word + " " + f);
        }
    }

    /** Values that do not fit their field are refused, never masked into another instruction. */
    @Test
    void outOfRangeFieldsAreRefused() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> InstructionCodec.encode(Instruction.cond(Opcode.CALL, 0, 0, 0, 4096, 1)));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> InstructionCodec.encode(Instruction.cond(Opcode.IFC, 0, 0, 0, 1, 256)));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> InstructionCodec.encode(Instruction.alu(Opcode.MAD, 16, 0, 0x20, 0x10, 0x11, 0))); // c in a 5-bit slot
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> InstructionCodec.encode(Instruction.regFlow(Opcode.LOOP, 4, 1, 0))); // i4 does not exist
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
