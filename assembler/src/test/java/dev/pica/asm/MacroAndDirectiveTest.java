package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.Label;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Golden tests for macro instructions (sdk-dialect.md 10) and directives (section 7). */
class MacroAndDirectiveTest {
    /** Each word with DESC cleared, and each own descriptor, as "word/descriptor" hex pairs. */
    private static List<String> words(String src) {
        Dvoj o = Asm.ok(src);
        List<String> out = new ArrayList<>();
        int rec = 0;
        for (int k = 0; k < o.codeSize(); k++) {
            int w = o.codeWord(k);
            if (rec < o.operandRecords().size() && o.operandRecords().get(rec).index() == k) {
                out.add(String.format("%08X/%08X", InstructionCodec.withDesc(w, 0), o.operandRecords().get(rec++).descriptor()));
            } else {
                out.add(String.format("%08X", w));
            }
        }
        return out;
    }

    @Test
    void m4x4EncodesAsFourDp4WithTheRowInTheWideSlot() {
        // "m4x4 o0, v0, c0 encodes as four dp4 o0.?, c?, v0 words" (sdk-dialect.md 10)
        assertEquals(words("dp4 o0.x, c0, v0\ndp4 o0.y, c1, v0\ndp4 o0.z, c2, v0\ndp4 o0.w, c3, v0\n"), words("m4x4 o0, v0, c0\n"));
        assertEquals(words("dp4 r1.x, r0, c4\ndp4 r1.y, r0, c5\ndp4 r1.z, r0, c6\n"), words("m4x3 r1.xyz, r0, c4\n"));
        assertEquals(words("dp3 r1.x, r0, c4\ndp3 r1.y, r0, c5\ndp3 r1.z, r0, c6\ndp3 r1.w, r0, c7\n"), words("m3x4 r1, r0, c4\n"));
        assertEquals(words("dp3 r1.x, -v2.zyx, r4\ndp3 r1.y, -v2.zyx, r5\ndp3 r1.z, -v2.zyx, r6\n"), words("m3x3 r1, -v2.zyx, r4\n"));
        assertEquals(words("m4x4 o0, v0, c4\n"), words("#define VIEW c0\nm4x4 o0, v0, VIEW[4]\n"));
        assertEquals("08020000/0006C368", words("m4x4 o0, v0, c0\n").get(0)); // dp4 o0.x, c0, v0
    }

    @Test
    void nrmPowSub() {
        assertEquals(words("dp3 r1.w, r0, r0\nrsq r1.w, r1.w\nmul r1.xyz, r0, r1.w\n"), words("nrm r1, r0\n"));
        assertEquals(words("log r2.z, r0.x\nmul r2.z, r2.z, c3.w\nexp r2.xy, r2.z\n"), words("pow r2.xy, r0.x, c3.w\n"));
        assertEquals(words("add r1, r2, -r3\n"), words("sub r1, r2, r3\n"));
        assertEquals(words("add r1, r2, r3\n"), words("sub r1, r2, -r3\n")); // negations cancel
    }

    @Test
    void sincosMatchesTheSdkBinary() {
        // Word sequence and descriptors of an SDK-built binary (sdk-dialect.md 10):
        // mad descriptors 0x5F85554C / 0x0A85554C, mul d.z 0x00000002, mul d.y 0x00000AA4.
        List<String> w = words("sincos r2.xy, r10.x, r11, r12\n");
        assertEquals(List.of(
                "4F67F000/0000036F",   // mov r11, c95
                "4F87E000/0000036F",   // mov r12, c94
                "2241AD00/00000002",   // mul r2.z, r10.x, r10.x
                "F2246F60/5F85554C",   // mad r2.xy, r2.z, r11.xy, r11.zw
                "F2244B80/0A85554C",   // mad r2.xy, r2.z, r2.xy, r12.xy
                "F2244B80/5F85554C",   // mad r2.xy, r2.z, r2.xy, r12.zw
                "4F67D000/0000036F",   // mov r11, c93
                "F2244B60/0A85554C",   // mad r2.xy, r2.z, r2.xy, r11.xy
                "F2244B60/5F85554C",   // mad r2.xy, r2.z, r2.xy, r11.zw
                "22412D00/00000AA4"),  // mul r2.y, r2.y, r10.x
                w);
        Dvoj o = Asm.ok("sincos r2.x, r10.x, r11, r12\nsincos r3.xy, r10.y, r11, r12\n");
        assertEquals(9 + 10, o.codeSize()); // .x only drops the last mul
        assertEquals(List.of(
                new Constant(Constant.FLOAT, 93, 0xBE0000, 0xBC5555, 0x3F0000, 0x3F0000),
                new Constant(Constant.FLOAT, 94, 0xB56C16, 0xB2A01A, 0x3A5555, 0x381111),
                new Constant(Constant.FLOAT, 95, 0xA927E4, 0xA5AE64, 0x2FA01A, 0x2C71DE)), o.constants());
    }

    @Test
    void bindSymbolAndOutputMap() {
        Dvoj o = Asm.ok("""
                #pragma bind_symbol ( aPosition.xyz , v0 , v0 ) // blanks are free
                #pragma bind_symbol(Alpha.x, c38)
                #pragma bind_symbol(Shininess.y, c38)
                #pragma bind_symbol(Bones, c40, c75)
                #pragma bind_symbol(Count, i1)
                #pragma bind_symbol(Flag, b9)
                #pragma output_map(position, o0)
                #pragma output_map(texture0, o2.xy)
                #pragma output_map(texture1, o2.zw)
                #pragma output_map(color, o1)
                """);
        assertEquals(List.of(new Uniform("aPosition.xyz", 0, 0), new Uniform("Alpha.x", 0x36, 0x36), new Uniform("Shininess.y", 0x36, 0x36),
                new Uniform("Bones", 0x38, 0x5B), new Uniform("Count", 0x71, 0x71), new Uniform("Flag", 0x81, 0x81)), o.uniforms());
        assertEquals(List.of(new OutputMap(0, 0, 0xF), new OutputMap(3, 2, 0x3), new OutputMap(5, 2, 0xC), new OutputMap(2, 1, 0xF)), o.outputMaps());
        assertEquals(0x1, o.inputMask());
        assertEquals(0x7, o.outputMask());
    }

    /** A dotted name whose last part is no component mask is a name (a GLSL struct member picacc binds). */
    @Test
    void bindSymbolOfADottedName() {
        Dvoj o = Asm.ok("""
                #pragma bind_symbol(tint.color, c0)
                #pragma bind_symbol(tint.scale, c1)
                #pragma bind_symbol(sun.dir.xyz, c2)
                """);
        assertEquals(List.of(new Uniform("tint.color", 0x10, 0x10), new Uniform("tint.scale", 0x11, 0x11), new Uniform("sun.dir.xyz", 0x12, 0x12)), o.uniforms());
    }

    @Test
    void defLiteralForms() {
        Dvoj o = Asm.ok("""
                def c0, 1, 1., 1.5, .5
                def c1, -2.0e0, 1E-1, 0.25f, 0x3F0000
                def c0[2], -0x3F0000, +1, 0, -0
                defi i0, 255, -1, 3
                defi i3, 1, 2, 3, 4
                defb b0, true
                defb b1, FALSE
                defb b2, 1
                """);
        assertEquals(List.of(
                new Constant(Constant.FLOAT, 0, 0x3F0000, 0x3F0000, 0x3F8000, 0x3E0000),
                new Constant(Constant.FLOAT, 1, 0xC00000, 0x3B9999, 0x3D0000, 0x3F0000),
                new Constant(Constant.FLOAT, 2, 0xBF0000, 0x3F0000, 0x000000, 0x800000),
                new Constant(Constant.INT, 0, 255, 255, 3, 0),
                new Constant(Constant.INT, 3, 1, 2, 3, 4),
                new Constant(Constant.BOOL, 0, 1, 0, 0, 0),
                new Constant(Constant.BOOL, 1, 0, 0, 0, 0),
                new Constant(Constant.BOOL, 2, 1, 0, 0, 0)), o.constants());
    }

    @Test
    void labelsLengthsAndTrailingNop() {
        // shbin-format.md 5.4: f1@0 len 2, endf1@2 len 3, f2@2 len 3, endf2@5, main@5, endmain after the nop
        Dvoj o = Asm.ok("f1:\nnop\nnop\nret\nendf1:\nf2:\nnop\nnop\nnop\nret\nendf2:\nmain:\ncall f2\nnop\nend\nendmain:\n");
        assertEquals(List.of(new Label("f1", 0, 2), new Label("endf1", 2, 3), new Label("f2", 2, 3), new Label("endf2", 5, Label.NO_RET),
                new Label("main", 5, Label.NO_RET), new Label("endmain", 9, Label.NO_RET)), o.labels());
        assertEquals(0x84000000, o.codeWord(8)); // the appended nop
        assertEquals(0x90000803, o.codeWord(5)); // call f2: DST 2, NUM 3
        assertEquals(4, o.mainLabel());
        assertEquals(5, o.endmainLabel());
    }

    @Test
    void geometryPragmas() {
        Dvoj o = Asm.ok("#pragma gs_assemble_as_geometry_shader\n#pragma gs_data_mode(1, 4)\n#pragma gs_merge_output_maps\n");
        assertEquals(1, o.shaderType());
        assertEquals(1, o.flags());
        assertEquals(1, o.gsMode().mode());
        assertEquals(4, o.gsMode().variableCount());
    }

    @Test
    void importsAndRelocations() {
        // a reference object may jump to an import; the verifier rejects it where code runs it (main)
        Dvoj o = Asm.ok("s:\ncall far\nnop\njpb !b1, away\nnop\ncallc 1, 0, 1, far\nnop\nret\n");
        assertEquals(List.of("far", "away"), o.imports());
        assertEquals(List.of(new Dvoj.Relocation(0, 1, 0), new Dvoj.Relocation(2, 2, 1), new Dvoj.Relocation(4, 1, 0)), o.relocations());
        assertEquals(0xB4400001, o.codeWord(2)); // JMPU b1, DST 0, invert bit kept
    }

    @Test
    void swizzleComposition() {
        // #define T r5.zwxy then T.yx -> r5.wzzz (sdk-dialect.md 6)
        assertEquals(words("mov r0, r5.wzzz\n"), words("#define T r5.zwxy\nmov r0, T.yx\n"));
    }
}
