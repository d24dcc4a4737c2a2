package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.shbin.Dvoj;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every verified encoding of isa.md section 12: the word with DESC = 0 and the instruction's own
 * descriptor (bits 30:0, before any table merge). Origins: S = seen in SDK-built binaries,
 * P = what picasso emits, C = this project's swap/macro choices.
 */
class IsaVectorTest {

    /** Assembles one ALU instruction inside a library object and returns {word with DESC 0, descriptor}. */
    private static int[] one(String line) {
        Dvoj o = Asm.ok(line + "\n");
        int w = o.codeWord(0);
        return new int[] {InstructionCodec.withDesc(w, 0), o.operandRecords().get(0).descriptor()};
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "dp4 r0.x, c0, v0 | 0x0A020000 | 0x0006C368",              // S
        "dp4 o0.x, c0, r0 | 0x08020800 | 0x0006C368",              // P
        "dp3 r8, c41, r7 | 0x07049B80 | 0x0006C36F",               // S
        "mov r0.xyz, r0.yxz | 0x4E010000 | 0x0000094E",            // S: no lane pruning
        "mov r0, v0 | 0x4E000000 | 0x0000036F",                    // P
        "mov r11, c95 | 0x4F67F000 | 0x0000036F",                  // S
        "mul o0, c19, r0 | 0x20033800 | 0x0006C36F",               // S
        "mul r2.z, r10.x, r10.x | 0x2241AD00 | 0x00000002",        // S
        "mul r2.y, r2.y, r10.x | 0x22412D00 | 0x00000AA4",         // S
        "add r2, -c4, r1 | 0x02424880 | 0x0006C37F",               // S: NEG1
        "add r1, c0, r1 | 0x02220880 | 0x0006C36F",                // P
        "add r1, c5, -r0.xxyz | 0x02225800 | 0x0001A36F",          // P: NEG2, SEL2 xxyz
        "add r1, r2, c3 | 0x02223900 | 0x0006C36F",                // C: swapped to add r1, c3, r2
        "sub r1, r2, r3 | 0x02212980 | 0x0006E36F",                // C: macro add r1, r2, -r3
        "slt r1, r0, c22 | 0x6E241B00 | 0x0006C36F",               // S: SLTI
        "sge r2, r0, c0[aL+2] | 0x6A5C1100 | 0x0006C36F",          // P: SGEI, IDX 3, base c2
        "dph r2, r0, c1 | 0x62441080 | 0x0006C36F",                // P: DPHI
        "dst r8, r0, c1 | 0x67041080 | 0x0006C36F",                // P: DSTI
        "max r9.x, c41.w, r8.x | 0x33249C00 | 0x00001FE8",         // S
        "min r9.x, c40.x, r6.x | 0x37248B00 | 0x00000008",         // S
        "flr r3, r3 | 0x2E613000 | 0x0000036F",                    // S
        "rcp r3.x, r5.x | 0x3A615000 | 0x00000008",                // S
        "rsq r15.y, r15.x | 0x3FE1F000 | 0x00000004",              // S
        "log r10.x, r8.x | 0x1B418000 | 0x00000008",               // S: LG2
        "exp r10.x, r10.x | 0x1741A000 | 0x00000008",              // S: EX2
        "mad r2.xy, r2.z, r11.xy, r11.zw | 0xF2246F60 | 0x5F85554C", // S
        "mad r2.xy, r2.z, r2.xy, r12.xy | 0xF2244B80 | 0x0A85554C",  // S
        "mad r2, r2, r0.x, c4 | 0xD2250480 | 0x0D80036F",          // S: MADI
        "mad r4, r0, c0[a0.x], r1 | 0xF4608220 | 0x0D86C36F",      // P: MAD, IDX 1 on src2
        "mad r4, r0, r1, c0[a0.y] | 0xD4A11400 | 0x0D86C36F",      // P: MADI, IDX 2 on src3
        "mad r1, c3, r2, r4 | 0xF1248E80 | 0x0D86C36F",            // C: swapped to mad r1, r2, c3, r4
        "mova a0.xy, r0 | 0x48010000 | 0x0000036C",                // P
        "mova a0.x, r1 | 0x48011000 | 0x00000368",                 // P
        "mova a0.y, r1.y | 0x48011000 | 0x00000AA4",               // P
        "cmp 0, 5, c0, r0 | 0xB8A20800 | 0x0006C360",              // P: mask 0 [choice]
        // c as second operand (issue 10; DMP samples write `cmp 2, 2, r3, CONST_0`): sources swapped,
        // comparisons mirrored. Fields by hand from isa.md 1c: 10111 cmpx cmpy idx src1(7) src2(5).
        "cmp 2, 2, r3, c0 | 0xBC820980 | 0x0006C360",              // cmpx=cmpy=4 (GT), src1=c0 0x20, src2=r3 0x13
        "cmp 2, 5, r3.yxzw, -c1 | 0xBC621980 | 0x0012C370",        // LT->GT, GE->LE; neg1 on c1, sel2 yxzw 0x4B
        "cmp 0, 1, r0, c4[a0.x] | 0xB82A4800 | 0x0006C360",        // EQ, NE stay; IDX 1 travels with c4 0x24
        "cmp 3, 4, v2, c95 | 0xBD47F100 | 0x0006C360",             // LE->GE(5), GT->LT(2); src1 c95 0x7F, src2 v2 0x02
    })
    void alu(String source, String word, String descriptor) {
        int[] r = one(source);
        assertEquals(Integer.parseUnsignedInt(word.substring(2), 16), r[0], () -> String.format("word 0x%08X", r[0]));
        assertEquals(Integer.parseUnsignedInt(descriptor.substring(2), 16), r[1], () -> String.format("descriptor 0x%08X", r[1]));
    }

    /** The swapped CMP forms decoded field by field: the mirror is in the word, not only in a round trip. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // source                 | cmpx | cmpy | idx | src1 | src2
        "cmp 2, 2, r3, c0         | 4    | 4    | 0   | 0x20 | 0x13", // LT -> GT
        "cmp 3, 5, r3, c1         | 5    | 3    | 0   | 0x21 | 0x13", // LE -> GE, GE -> LE
        "cmp 4, 0, r3, c2         | 2    | 0    | 0   | 0x22 | 0x13", // GT -> LT, EQ stays
        "cmp 1, 1, v1, c3[a0.y]   | 1    | 1    | 2   | 0x23 | 0x01", // NE stays, IDX 2 with c3
        "cmp 2, 2, c0, r3         | 2    | 2    | 0   | 0x20 | 0x13", // c first: nothing to swap
    })
    void cmpWithConstantSecondSwapsAndMirrors(String source, int x, int y, int idx, String s1, String s2) {
        dev.pica.format.isa.Instruction i = InstructionCodec.decode(one(source)[0]);
        assertEquals(dev.pica.format.isa.Opcode.CMP, i.op());
        assertEquals(x, i.cmpX(), "cmpx");
        assertEquals(y, i.cmpY(), "cmpy");
        assertEquals(idx, i.idx(), "idx");
        assertEquals(Integer.decode(s1), i.src1(), "src1");
        assertEquals(Integer.decode(s2), i.src2(), "src2");
    }

    /** Emits n NOPs. */
    private static String nops(int n) {
        return "nop\n".repeat(n);
    }

    private static int wordAt(String source, int address) {
        return Asm.ok(source).codeWord(address);
    }

    @org.junit.jupiter.api.Test
    void callToSubroutineAtZeroOfLength18() { // S: 0x90000012
        String src = "L:\n" + nops(18) + "ret\nmain:\ncall L\nend\nendmain:\n";
        assertEquals(0x90000012, wordAt(src, 18));
    }

    @org.junit.jupiter.api.Test
    void callToSubroutineAt18OfLength23() { // S: 0x90004817
        String src = "f1:\n" + nops(18) + "ret\nL:\n" + nops(23) + "ret\nmain:\ncall L\nend\nendmain:\n";
        assertEquals(0x90004817, wordAt(src, 41));
    }

    @org.junit.jupiter.api.Test
    void ifbElse() { // S: ifb b0 at P, else at 5 of length 4 -> 0x9C001404
        // if at 3, then-part word 4, else-part words 5..8
        String src = nops(3) + "ifb b0\nnop\nelse\n" + nops(4) + "endif\nnop\n";
        assertEquals(0x9C001404, wordAt(src, 3));
    }

    @org.junit.jupiter.api.Test
    void ifbWithoutElse() { // P: end at 17 -> 0x9C404400
        String src = nops(10) + "ifb b1\n" + nops(6) + "endif\nnop\n";
        assertEquals(0x9C404400, wordAt(src, 10));
    }

    @org.junit.jupiter.api.Test
    void ifcElse() { // P: ifc 1, 0, 1 with else at 12 of length 2 -> 0xA2403002
        String src = nops(5) + "ifc 1, 0, 1\n" + nops(6) + "else\n" + nops(2) + "endif\nnop\n";
        assertEquals(0xA2403002, wordAt(src, 5));
    }

    @org.junit.jupiter.api.Test
    void callcCallbJpcJpb() {
        String sub = "L:\nnop\nret\n";
        assertEquals(0x95000001, wordAt(sub + "callc 0, 1, 0, L\nnop\n", 1)); // P
        assertEquals(0x98C00001, wordAt(sub + "callb b3, L\nnop\n", 1));      // P
        String far = nops(24) + "L:\nnop\n"; // jump at 0, L at 25
        assertEquals(0xB3806400, wordAt("jpc 1, 1, 2, L\n" + far, 0));        // P
        assertEquals(0xB4806401, wordAt("jpb !b2, L\n" + far, 0));            // P
        assertEquals(0xB4C03C00, wordAt("jpb b3, L\n" + nops(14) + "L:\nnop\n", 0)); // P
    }

    @org.junit.jupiter.api.Test
    void breakcLoopAndSimple() {
        assertEquals(0x8FC00000, wordAt("loop i0\nbreakc 1, 1, 3\nnop\nendloop\n", 1)); // P
        assertEquals(0xA4005000, wordAt(nops(10) + "loop i0\n" + nops(10) + "endloop\n", 10)); // P: last body word 20
        assertEquals(0xA4407000, wordAt(nops(10) + "loop i1\n" + nops(18) + "endloop\n", 10)); // P: last body word 28
        assertEquals(0x84000000, wordAt("nop\n", 0));
        assertEquals(0x88000000, wordAt("end\n", 0));
        assertEquals(0x80000000, wordAt("loop i0\nbreak\nnop\nendloop\n", 1));
    }

    @org.junit.jupiter.api.Test
    void geometryInstructions() {
        String gs = "#pragma gs_assemble_as_geometry_shader\n";
        assertEquals(0xA8000000, wordAt(gs + "vout\n", 0));
        assertEquals(0xA8000000, wordAt(gs + "emit\n", 0));
        assertEquals(0xAC000000, wordAt(gs + "smf 0, 0, 0\n", 0));
        assertEquals(0xAD800000, wordAt(gs + "smf 0, 1, 1\n", 0));
        assertEquals(0xAEC00000, wordAt(gs + "smf 1, 1, 2\n", 0));
        assertEquals(0xAD800000, wordAt(gs + "setemit 1, prim\n", 0));
        assertEquals(0xAEC00000, wordAt(gs + "setemit 2, prim, inv\n", 0));
    }
}
