package dev.pica.link;

import dev.pica.link.testing.RetailSky;
import dev.pica.link.testing.LibctruModel;
import dev.pica.link.testing.LinkHelper;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Whole-file golden tests. Each expected file is derived by hand from shbin-format.md (layout
 * sections 1-5, descriptor rule 4.3, link rules 8.5), commented field by field. Public: the
 * integration tests' round trip reads its sources.
 */
public class GoldenDvlbTest {

    /** The SDK-built sky.shbin of shbin-format.md section 6, all 448 bytes. */
    @Test
    void skyMatchesTheSdkBuiltFile() throws Exception {
        byte[] expected = LinkHelper.hex("""
                44 56 4c 42  01 00 00 00  b0 00 00 00             // DVLB, 1 DVLE, at 0xB0
                44 56 4c 50  02 10 00 00                          // DVLP, version 0x1002
                28 00 00 00  0d 00 00 00                          // code at +0x28, 13 words
                5c 00 00 00  08 00 00 00                          // descriptors at +0x5C, 8
                9c 00 00 00  00 00 00 00                          // line table at +0x9C, 0
                9c 00 00 00  08 00 00 00                          // strings at +0x9C, 8 bytes
                01 00 02 0a  02 10 02 0a  03 20 02 0a  04 30 02 0a  // dp4 r0.x..w, cN, v0 (DESC 1-4)
                05 00 01 4e  06 38 03 20  86 40 03 22  06 50 22 4e  // mov r0.xyz,r0.yxz; mul o0; mul r0; mov r1,c5
                87 48 42 02  80 04 25 d2  06 20 21 4c               // add r2,-c4,r1; MADI (DESC 0); mov o1,r2
                00 00 00 88  00 00 00 84                          // end; nop appended at endmain:
                6f 03 80 8d 0f 00 00 00   68 c3 06 80 07 00 00 00 // #0 MADI's entry first (mad-used), #1
                64 c3 06 80 07 00 00 00   62 c3 06 80 07 00 00 00 // #2, #3
                61 c3 06 80 07 00 00 00   4e 09 00 80 03 00 00 00 // #4, #5 mov r0.xyz (no pruning)
                6f c3 06 80 07 00 00 00   7f c3 06 80 07 00 00 00 // #6 shared by mul/mov, #7 -c4
                73 6b 79 2e 76 73 68 00                           // "sky.vsh"
                44 56 4c 45  02 10 00 00                          // DVLE, version, vertex, flags 0
                00 00 00 00  0d 00 00 00                          // main 0, endmain 13
                03 00 03 00  00 00 00 00                          // inputs v0 v1, outputs o0 o1, GS bytes
                40 00 00 00 02 00 00 00  68 00 00 00 02 00 00 00  // constants, labels
                88 00 00 00 02 00 00 00  98 00 00 00 05 00 00 00  // output maps, uniforms
                c0 00 00 00 4d 00 00 00                           // strings, 77 bytes
                02 00 13 00  00 00 3f 00 00 00 bf 00 00 00 3f 00 00 00 3f 00   // c19 = (1, -1, 1, 1)
                02 00 14 00  01 01 37 00 01 01 37 00 01 01 37 00 01 01 37 00   // c20 = 1/255 truncated
                00 00 01 00  00 00 00 00  ff ff ff ff  00 00 00 00 // label 0 main @0, no ret, name 0
                01 00 01 00  0d 00 00 00  ff ff ff ff  05 00 00 00 // label 1 endmain @13, name 5
                00 00 00 00 0f 00 00 00  02 00 01 00 0f 00 00 00  // position o0 xyzw; color o1 xyzw
                0d 00 00 00 00 00 00 00  1b 00 00 00 01 00 01 00  // aPosition.xyz v0; aColor.xyzw v1
                27 00 00 00 10 00 13 00  35 00 00 00 14 00 14 00  // WORLDVIEWPROJ c0-c3; CURRENT_COLOR c4
                43 00 00 00 15 00 15 00                           // FOG_COLOR c5
                6d 61 69 6e 00 65 6e 64 6d 61 69 6e 00             // main, endmain
                61 50 6f 73 69 74 69 6f 6e 2e 78 79 7a 00          // aPosition.xyz
                61 43 6f 6c 6f 72 2e 78 79 7a 77 00                // aColor.xyzw
                57 4f 52 4c 44 56 49 45 57 50 52 4f 4a 00          // WORLDVIEWPROJ
                43 55 52 52 45 4e 54 5f 43 4f 4c 4f 52 00          // CURRENT_COLOR
                46 4f 47 5f 43 4f 4c 4f 52 00  00 00 00            // FOG_COLOR, padding to 0x1C0
                """);
        byte[] actual = LinkHelper.link("sky.vsh", RetailSky.SOURCE);
        assertEquals(448, expected.length);
        // the SDK-built file's SHA-256: README and .ci/run claim it for examples/sky.vsh too
        assertEquals(RetailSky.SHA256, java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(expected)));
        assertArrayEquals(expected, actual, LinkHelper.dump(actual));

        LibctruModel m = new LibctruModel(actual);
        assertEquals(0, m.uniformRegister(0, "WORLDVIEWPROJ"));
        assertEquals(5, m.uniformRegister(0, "FOG_COLOR"));
        assertEquals(-16, m.uniformRegister(0, "aPosition.xyz")); // inputs come back negative
        assertEquals(-1, m.uniformRegister(0, "aPosition"));       // looked up with its suffix only
        assertEquals(2, m.shaders.get(0).outmapData[0]);
        assertEquals(0x03020100, m.shaders.get(0).outmapData[1]);
        assertEquals(0x0B0A0908, m.shaders.get(0).outmapData[2]);
        // c19 = (1, -1, 1, 1) uploaded as three words (isa.md 11.5)
        int[] c19 = m.shaders.get(0).float24Uniforms.get(0);
        assertEquals(19, c19[0]);
        assertEquals((0x3F0000 << 8) | (0x3F0000 >>> 16), c19[1]);
    }

    public static final String LIB = """
            double:
                add r0, r0, r0
                ret
            """;
    public static final String A = """
            #pragma bind_symbol(pos, v0)
            #pragma output_map(position, o0)
            main:
                mov r0, v0
                call double
                mov o0, r0
                end
            endmain:
            """;
    public static final String B = """
            #pragma bind_symbol(scale, c0)
            #pragma output_map(position, o0)
            def c1, 1.0, 0.5, 0, -2
            main:
                mul r0, c0, v0
                call double
                mov o0, r0
                end
            endmain:
            """;

    /** Two vertex DVLEs sharing a library object: a.o b.o lib.o. */
    @Test
    void twoMainsShareOneLibrary() {
        byte[] expected = LinkHelper.hex("""
                44 56 4c 42  02 00 00 00  80 00 00 00  18 01 00 00 // DVLB, 2 DVLEs at 0x80 and 0x118
                44 56 4c 50  02 10 00 00  28 00 00 00  0b 00 00 00 // DVLP at 0x10; 11 code words
                54 00 00 00  01 00 00 00  5c 00 00 00  00 00 00 00 // 1 descriptor at +0x54; no lines
                5c 00 00 00  14 00 00 00                          // strings at +0x5C, 20 bytes
                00 00 00 4e                 // 0  a: mov r0, v0          (DESC 0)
                01 28 00 90                 // 1  a: call double -> DST 10, NUM 1 (relocated import)
                00 00 01 4c                 // 2  a: mov o0, r0
                00 00 00 88  00 00 00 84    // 3  end, 4 nop; a.endmain = 5
                00 00 02 22                 // 5  b: mul r0, c0, v0
                01 28 00 90                 // 6  b: call double
                00 00 01 4c                 // 7  b: mov o0, r0
                00 00 00 88  00 00 00 84    // 8  end, 9 nop; b.endmain = 10
                00 08 01 02                 // 10 lib: add r0, r0, r0 (placed after all main objects)
                6f c3 06 80 07 00 00 00     // one entry: mov (used 3) first, filled in by mul (used 7)
                61 2e 76 73 68 00  62 2e 76 73 68 00  6c 69 62 2e 76 73 68 00 // a.vsh b.vsh lib.vsh
                // DVLE 0 (a) at 0x80
                44 56 4c 45  02 10 00 00  00 00 00 00  05 00 00 00 // main 0, endmain 5
                01 00 01 00  00 00 00 00                          // inputs v0, outputs o0
                40 00 00 00 00 00 00 00  40 00 00 00 03 00 00 00  // no constants; 3 labels
                70 00 00 00 01 00 00 00  78 00 00 00 01 00 00 00  // 1 output map; 1 uniform
                80 00 00 00 18 00 00 00                           // 24 bytes of strings
                00 00 01 00 00 00 00 00 ff ff ff ff 00 00 00 00   // main @0
                01 00 01 00 05 00 00 00 ff ff ff ff 05 00 00 00   // endmain @5
                02 00 01 00 0a 00 00 00 01 00 00 00 0d 00 00 00   // double @10, length 1 (library label)
                00 00 00 00 0f 00 00 00                           // position o0
                14 00 00 00 00 00 00 00                           // pos v0 (name at 20)
                6d 61 69 6e 00 65 6e 64 6d 61 69 6e 00 64 6f 75 62 6c 65 00 70 6f 73 00
                // DVLE 1 (b) at 0x118
                44 56 4c 45  02 10 00 00  05 00 00 00  0a 00 00 00 // main 5, endmain 10
                00 00 01 00  00 00 00 00                          // no inputs bound, outputs o0
                40 00 00 00 01 00 00 00  54 00 00 00 03 00 00 00  // 1 constant; 3 labels
                84 00 00 00 01 00 00 00  8c 00 00 00 01 00 00 00  // 1 output map; 1 uniform
                94 00 00 00 1a 00 00 00                           // 26 bytes of strings
                02 00 01 00 00 00 3f 00 00 00 3e 00 00 00 00 00 00 00 c0 00 // c1 = (1, 0.5, 0, -2)
                00 00 01 00 05 00 00 00 ff ff ff ff 00 00 00 00   // main @5
                01 00 01 00 0a 00 00 00 ff ff ff ff 05 00 00 00   // endmain @10
                02 00 01 00 0a 00 00 00 01 00 00 00 0d 00 00 00   // double @10
                00 00 00 00 0f 00 00 00                           // position o0
                14 00 00 00 10 00 10 00                           // scale c0
                6d 61 69 6e 00 65 6e 64 6d 61 69 6e 00 64 6f 75 62 6c 65 00 73 63 61 6c 65 00 00 00
                """);
        byte[] actual = LinkHelper.link("a.vsh", A, "b.vsh", B, "lib.vsh", LIB);
        assertArrayEquals(expected, actual, LinkHelper.dump(actual));
        LibctruModel m = new LibctruModel(actual);
        assertEquals(2, m.numDvle);
        assertEquals(5, m.shaders.get(1).mainOffset);
        assertEquals(0, m.uniformRegister(1, "scale"));
        assertEquals(-1, m.uniformRegister(0, "scale"));
    }

    public static final String VS = """
            #pragma output_map(generic, o0)
            main:
                mov o0, v0
                end
            endmain:
            """;
    public static final String GS = """
            #pragma gs_assemble_as_geometry_shader
            #pragma gs_data_mode(2, c8, 3)
            #pragma gs_merge_output_maps
            #pragma output_map(position, o0)
            main:
                mov o0, v0
                smf 0, 0, 0
                vout
                end
            endmain:
            """;

    /** A vertex + geometry shader pair: vs.o gs.o. */
    @Test
    void vertexAndGeometryPair() {
        byte[] expected = LinkHelper.hex("""
                44 56 4c 42  02 00 00 00  70 00 00 00  e8 00 00 00 // 2 DVLEs at 0x70, 0xE8
                44 56 4c 50  02 10 00 00  28 00 00 00  08 00 00 00 // 8 code words
                48 00 00 00  01 00 00 00  50 00 00 00  00 00 00 00 // 1 descriptor
                50 00 00 00  0e 00 00 00                          // 14 bytes of strings
                00 00 00 4c  00 00 00 88  00 00 00 84             // vs: mov o0, v0; end; nop
                00 00 00 4c  00 00 00 ac  00 00 00 a8             // gs: mov o0, v0; smf 0,0,0; vout
                00 00 00 88  00 00 00 84                          // gs: end; nop
                6f 03 00 80 03 00 00 00                           // mov's entry, used 3
                76 73 2e 76 73 68 00  67 73 2e 67 73 68 00  00 00  // vs.vsh gs.gsh, padding
                // DVLE 0: vertex
                44 56 4c 45  02 10 00 00  00 00 00 00  03 00 00 00
                00 00 01 00  00 00 00 00
                40 00 00 00 00 00 00 00  40 00 00 00 02 00 00 00
                60 00 00 00 01 00 00 00  68 00 00 00 00 00 00 00
                68 00 00 00 0d 00 00 00
                00 00 01 00 00 00 00 00 ff ff ff ff 00 00 00 00
                01 00 01 00 03 00 00 00 ff ff ff ff 05 00 00 00
                09 00 00 00 0f 00 00 00                           // generic (9) o0
                6d 61 69 6e 00 65 6e 64 6d 61 69 6e 00 00 00 00
                // DVLE 1: geometry, merge flag, fixed mode from c8 with 3 vertices
                44 56 4c 45  02 10 01 01  03 00 00 00  08 00 00 00 // type 1, flags 1; main 3, endmain 8
                00 00 01 00  02 08 00 03                          // GS bytes: mode 2, start c8, 0, count 3
                40 00 00 00 00 00 00 00  40 00 00 00 02 00 00 00
                60 00 00 00 01 00 00 00  68 00 00 00 00 00 00 00
                68 00 00 00 0d 00 00 00
                00 00 01 00 03 00 00 00 ff ff ff ff 00 00 00 00
                01 00 01 00 08 00 00 00 ff ff ff ff 05 00 00 00
                00 00 00 00 0f 00 00 00                           // position o0
                6d 61 69 6e 00 65 6e 64 6d 61 69 6e 00 00 00 00
                """);
        byte[] actual = LinkHelper.link("vs.vsh", VS, "gs.gsh", GS);
        assertArrayEquals(expected, actual, LinkHelper.dump(actual));
        LibctruModel m = new LibctruModel(actual);
        assertEquals(1, m.shaders.get(1).type);
        assertEquals(1, m.shaders.get(1).mergeOutmaps);
        assertEquals(2, m.shaders.get(1).gshMode);
        assertEquals(8, m.shaders.get(1).gshFixedVtxStart);
        assertEquals(3, m.shaders.get(1).gshFixedVtxNum);
        assertEquals(1, m.shaders.get(0).outmapData[0]);        // generic still counts the register
        assertEquals(0x1F1F1F1F, m.shaders.get(0).outmapData[1]); // but maps nothing
    }
}
