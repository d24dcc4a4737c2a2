package dev.pica.integration;

import dev.pica.link.Linker;
import dev.pica.link.testing.LibctruModel;
import dev.pica.link.testing.LinkHelper;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.format.disasm.BinaryDump;
import dev.pica.format.disasm.Disassembler;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.DvojReader;
import dev.pica.format.shbin.DvojWriter;
import dev.pica.format.shbin.FormatException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Boundary values in every header and table word of real files (issue 15: fuzzing found
 * disassembler crashes on end and label addresses past the code, which coverage guidance alone
 * had missed): reading, dumping and disassembling give a FormatException naming the offset, or
 * work; nothing else escapes.
 */
class CorruptBinaryTest {
    private static final int[] BOUNDARY = {0, 1, 2, 3, -1, 0x7FFFFFFF, 0x80000000, 0xFFFF, 0x10000, 511, 512, 513, 4095, 4096, 4097, 127, 128};

    private static final String VS = "#pragma bind_symbol(M, c0, c3)\n#pragma output_map(position, o0)\n#pragma output_map(color, o1)\n"
            + "def c90, 1, 0, 0.5, 2\ndefi i0, 2, 0, 1\ndefb b1, true\nsub:\n    mul r1, r0, c90.y\n    ret\nmain:\n    m4x4 r0, v0, c0\n"
            + "    call sub\n    ifb b1\n        add r0, r0, c90\n    else\n        mov r0, -r1\n    endif\n    loop i0\n        add r2, r2, c90.z\n    endloop\n"
            + "    mov o0, r0\n    mov o1, r2\n    end\nendmain:\nndmain:\n";
    private static final String GS = "#pragma gs_assemble_as_geometry_shader\n#pragma output_map(position, o0)\ncorner:\n    mov o0, r0\n    ret\n"
            + "main:\n    mov r0, v0\n    call corner\n    smf 0, 0, 0\n    vout\n    end\nendmain:\n";
    private static final String LIB = "lib_sub:\n    dp4 r3.x, r0, c4\n    ret\nend_lib:\n";

    private static byte[] withWord(byte[] b, int at, int v) {
        byte[] c = b.clone();
        ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putInt(at, v);
        return c;
    }

    private static void readAll(byte[] data, String what) {
        try {
            BinaryDump.text(BinaryDump.dump(data));
            if (DvojReader.looksLikeDvoj(data)) {
                Disassembler.ofObject(DvojReader.read(data));
                return;
            }
            Dvlb f = DvlbReader.read(data);
            for (int k = 0; k < f.shaders().size(); k++) Disassembler.ofShader(f, k, "x");
            Disassembler.split(f, "x");
        } catch (FormatException e) {
            assertTrue(e.getMessage().startsWith("offset 0x"), what + ": " + e.getMessage());
        } catch (RuntimeException e) {
            fail(what + ": " + e, e);
        }
    }

    private static void mutateEveryWord(byte[] b, String name) {
        for (int at = 0; at + 4 <= b.length; at += 4) {
            for (int v : BOUNDARY) readAll(withWord(b, at, v), name + " word 0x" + Integer.toHexString(at) + " = 0x" + Integer.toHexString(v));
            int size = b.length, words = b.length / 4;
            readAll(withWord(b, at, size), name + " word 0x" + Integer.toHexString(at) + " = size");
            readAll(withWord(b, at, words), name + " word 0x" + Integer.toHexString(at) + " = size/4");
        }
    }

    @Test
    void linkedFilesWithBoundaryValues() {
        mutateEveryWord(LinkHelper.link("vs.vsh", VS, "lib.vsh", LIB), "vs+lib");
        mutateEveryWord(LinkHelper.link("vs.vsh", VS, "gs.gsh", GS, "lib.vsh", LIB), "vs+gs+lib");
    }

    @Test
    void objectsWithBoundaryValues() {
        for (String[] s : List.of(new String[] {"vs.vsh", VS}, new String[] {"gs.gsh", GS}, new String[] {"lib.vsh", LIB})) {
            mutateEveryWord(DvojWriter.write(LinkHelper.object(s[0], s[1])), s[0]);
        }
    }

    /**
     * Issue 15.3: 13% of links of mutated objects used to give a .shbin that breaks the loader
     * contract, with exit 0. Every object the reader accepts now links (or gets link errors) into
     * a file that passes the contract check and loads in the libctru model.
     */
    @Test
    void acceptedMutantObjectsLinkIntoLoadableFiles() {
        byte[] vs = DvojWriter.write(LinkHelper.object("vs.vsh", VS));
        dev.pica.format.shbin.Dvoj lib = LinkHelper.object("lib.vsh", LIB);
        java.util.SplittableRandom r = new java.util.SplittableRandom(15);
        int accepted = 0, linked = 0;
        for (int n = 0; n < 4000; n++) {
            byte[] m = vs.clone();
            if (n % 2 == 0) {
                int at = r.nextInt(m.length / 4) * 4;
                m = withWord(m, at, r.nextBoolean() ? BOUNDARY[r.nextInt(BOUNDARY.length)] : r.nextInt());
            } else {
                for (int k = 1 + r.nextInt(3); k > 0; k--) m[r.nextInt(m.length)] = (byte) r.nextInt(256);
            }
            dev.pica.format.shbin.Dvoj o;
            try {
                o = DvojReader.read(m);
            } catch (FormatException e) {
                continue;
            }
            accepted++;
            dev.pica.format.diag.Diagnostics d = new dev.pica.format.diag.Diagnostics();
            Linker.Result res = Linker.link(List.of(new Linker.Input("vs.o", o), new Linker.Input("lib.o", lib)), false, d);
            if (res == null) continue;
            linked++;
            try {
                new LibctruModel(res.bytes());
            } catch (RuntimeException e) {
                fail("mutant " + n + " linked into a file the loader rejects: " + e, e);
            }
        }
        assertTrue(accepted > 100 && linked > 100, accepted + " accepted, " + linked + " linked");
    }

    /** The two crashes the fuzzer found, as minimal reproducers: now errors naming the field's offset. */
    @Test
    void endAndLabelAddressesPastTheCode() throws Exception {
        byte[] b = LinkHelper.link("vs.vsh", VS);
        Dvlb f = DvlbReader.read(b);
        int code = f.program().codeSize();
        int dvle = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(8);
        expect(withWord(b, dvle + 0xC, code + 1), String.format("offset 0x%X: end address %d lies past the code (%d words)", dvle + 0xC, code + 1, code));
        int labels = dvle + ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(dvle + 0x20);
        expect(withWord(b, labels + 4, code + 7), String.format("offset 0x%X: label 'sub' address %d lies past the code (%d words)", labels + 4, code + 7, code));
        expect(withWord(b, labels + 8, code + 1), String.format("offset 0x%X: label 'sub' length %d runs past the code (%d words)", labels + 8, code + 1, code));
    }

    /**
     * Issue 48 item 5: one flipped byte makes output map entry 1 name o8193. The readers refuse it
     * with the register field's offset (DvlbReader, so picasim, picadbg, picadis --dump and the
     * Simulator API alike; the loader contract); before, picasim and picadbg died indexing past
     * their arrays, picadis --dump printed o8193 and the Simulator gave zeros.
     */
    @Test
    void anOutputRegisterPastO15IsRefusedWithItsOffset() throws Exception {
        byte[] b = corruptOutputRegister(LinkHelper.link("vs.vsh", VS));
        int field = outputRegisterField(b);
        String message = String.format("offset 0x%X: output map 1 names o8193 (o0-o15 exist)", field);
        expect(b, message);
        for (org.junit.jupiter.api.function.Executable read : List.<org.junit.jupiter.api.function.Executable>of(
                () -> BinaryDump.dump(b), () -> dev.pica.sim.Shader.load(b))) {
            org.junit.jupiter.api.Assertions.assertEquals(message, org.junit.jupiter.api.Assertions.assertThrows(FormatException.class, read).getMessage());
        }
        java.nio.file.Path file = java.nio.file.Files.createTempFile("o8193", ".shbin");
        try {
            java.nio.file.Files.write(file, b);
            org.junit.jupiter.api.Assertions.assertEquals(message, org.junit.jupiter.api.Assertions.assertThrows(FormatException.class, () -> dev.pica.sim.Simulator.load(file)).getMessage());
        } finally {
            java.nio.file.Files.delete(file);
        }
        IllegalStateException contract = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> dev.pica.format.shbin.LoaderContract.check(b));
        assertTrue(contract.getMessage().endsWith(message), contract.getMessage());
        // o15 is the last register there is: still read
        DvlbReader.read(withWord(b, field & ~3, ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(field & ~3) & 0xFFFF | 15 << 16));
    }

    /** The file offset of output map entry 1's register field (DVLE 0). */
    static int outputRegisterField(byte[] b) {
        ByteBuffer w = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int dvle = w.getInt(dev.pica.format.shbin.Layout.Dvlb.DVLE_OFFSETS);
        return dvle + w.getInt(dvle + dev.pica.format.shbin.Layout.Dvle.OUTPUT_MAP_OFFSET.offset()) + 8 + 2;
    }

    /** Entry 1's register (o1) with bit 5 of its high byte flipped: o8193. */
    static byte[] corruptOutputRegister(byte[] linked) {
        byte[] b = linked.clone();
        b[outputRegisterField(b) + 1] ^= 0x20;
        return b;
    }

    private static void expect(byte[] data, String message) {
        try {
            DvlbReader.read(data);
            fail("accepted: " + message);
        } catch (FormatException e) {
            org.junit.jupiter.api.Assertions.assertEquals(message, e.getMessage());
        }
    }
}
