package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.format.shbin.DvojWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A DVOJ object read at the offsets docs/dvoj.md documents, with raw little-endian reads rather
 * than DvojReader, and every expected value derived by hand from the source: a mistake shared by
 * the writer and the reader (or a drift between the code and the document) shows here.
 */
class DvojLayoutTest {
    private static final String SOURCE = """
            #pragma bind_symbol(M, c0, c3)
            #pragma output_map(position, o0)
            def c90, 1, 0, 0, 0
            main:
                call sub
                mov o0, v0
                end
            endmain:
            """;

    private ByteBuffer b;

    private int u32(int at) {
        return b.getInt(at);
    }

    private int u16(int at) {
        return b.getShort(at) & 0xFFFF;
    }

    private String string(int offset) {
        int base = u32(0x50), at = base + offset;
        int end = at;
        while (b.get(end) != 0) end++;
        return new String(b.array(), at, end - at, StandardCharsets.UTF_8);
    }

    @Test
    void headerFieldsSitWhereTheDocumentSays() {
        Assembler.Result r = Asm.run("golden.vsh", SOURCE);
        assertEquals(true, r.ok(), Asm.printed(r));
        byte[] bytes = DvojWriter.write(r.object());
        b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("DVOJ", new String(bytes, 0, 4, StandardCharsets.US_ASCII));
        assertEquals(0x1002, u16(0x04));
        assertEquals(0, bytes[0x06]);                 // vertex
        assertEquals(0, bytes[0x07]);                 // no merged output maps
        assertEquals(0, u16(0x08));                   // no v register bound
        assertEquals(0b1, u16(0x0A));                 // o0 mapped
        assertEquals(0xFFFFFFFF, u32(0x0C));
        assertEquals(1, u32(0x14));                   // def c90
        assertEquals(2, u32(0x1C));                   // main, endmain
        assertEquals(4, u32(0x24));                   // call, mov, end + the NOP at endmain
        assertEquals(1, u32(0x2C));                   // one descriptor: mov's
        assertEquals(4, u32(0x34));                   // one line entry per word
        assertEquals(1, u32(0x3C));                   // one operand record
        assertEquals(1, u32(0x44));                   // position
        assertEquals(1, u32(0x4C));                   // M
        assertEquals("DVOX", new String(bytes, 0x58, 4, StandardCharsets.US_ASCII));
        assertEquals(1, u16(0x5C));
        assertEquals(0, u16(0x5E));
        assertEquals(0x40, u32(0x60));
        assertEquals(0b01, u32(0x64));                // main object, not -debug
        assertEquals(0, u32(0x68));                   // label 0 is main
        assertEquals(1, u32(0x6C));                   // label 1 is endmain
        assertEquals(0, u32(0x70));                   // no GS mode
        assertEquals("golden.vsh", string(u32(0x74)));
        assertEquals(1, u32(0x7C));                   // the call to sub
        assertEquals(1, u32(0x84));                   // one import
        assertEquals(1, u32(0x8C));                   // one constant origin
        assertEquals(0L, b.getLong(0x90));            // reserved

        int code = u32(0x20);
        assertEquals(0x90000000, u32(code));          // call, DST and NUM left to the linker
        assertEquals(0x4C000000, u32(code + 4));      // mov o0, v0: MOV 0x13, dst 0, src1 0, DESC 0
        assertEquals(0x88000000, u32(code + 8));      // end
        assertEquals(0x84000000, u32(code + 12));     // nop
        int labels = u32(0x18);
        assertEquals(0x00010000, u32(labels));        // {0x00010000 | id, address, length, name}
        assertEquals(0, u32(labels + 4));             // main at word 0
        assertEquals(0xFFFFFFFF, u32(labels + 8));    // no ret follows main
        assertEquals("main", string(u32(labels + 12)));
        assertEquals(0x00010001, u32(labels + 16));
        assertEquals(4, u32(labels + 20));            // endmain after the NOP
        assertEquals("endmain", string(u32(labels + 28)));
        int reloc = u32(0x78);
        assertEquals(0, u32(reloc));                  // word 0
        assertEquals(1, u32(reloc + 4));              // kind CALL
        assertEquals(0, u32(reloc + 8));              // import 0
        assertEquals("sub", string(u32(u32(0x80))));
        int rec = u32(0x38);
        assertEquals(1, u32(rec));                    // the record names word 1 (mov)
        assertEquals(0x36F, u32(rec + 4));            // mask xyzw, src1 xyzw (isa.md 5.2)
        assertEquals(0x3, u32(rec + 8));              // usedInfo of a one-source op
        int lines = u32(0x30);
        assertEquals("golden.vsh", string(u32(lines)));
        assertEquals(5, u32(lines + 4));              // call sub is on line 5
        int org = u32(0x88);
        assertEquals(3, u32(org + 4));                // def c90 on line 3
        int uni = u32(0x48);
        assertEquals("M", string(u32(uni)));
        assertEquals(0x10, u16(uni + 4));             // c0 = unified 0x10
        assertEquals(0x13, u16(uni + 6));             // c3
    }
}
