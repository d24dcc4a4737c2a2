package dev.pica.link.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A test-side model of what libctru does with a .shbin: DVLB_ParseFile, DVLE_GetUniformRegister,
 * DVLE_GenerateOutmap (libctru/source/gpu/shbin.c, devkitPro/libctru) and the constant handling
 * of shaderInstanceInit (libctru/source/gpu/shaderProgram.c). libctru validates nothing, so
 * this model asserts what libctru silently assumes: offsets inside the file and 4-aligned
 * (it divides every offset by 4), names NUL-terminated.
 */
public final class LibctruModel {
    public final int numDvle;
    public final int[] code;          // DVLP.codeData[0..codeSize)
    public final int[] opdesc;        // first u32 of each 8-byte entry
    public final List<Shader> shaders = new ArrayList<>();
    private final byte[] f;

    public static final class Shader {
        public int type, mergeOutmaps, mainOffset, endmainOffset;
        public int gshMode, gshFixedVtxStart, gshVariableVtxNum, gshFixedVtxNum;
        public int constBase, constCount, outBase, outCount, uniBase, uniCount, symBase;
        // DVLE_GenerateOutmap results
        public final int[] outmapData = new int[8];
        public int outmapMask, outmapMode, outmapClock;
        // shaderInstanceInit results
        public int boolUniforms, boolUniformMask, intUniformMask;
        public final int[] intUniforms = new int[4];
        public final List<int[]> float24Uniforms = new ArrayList<>(); // {id, w0, w1, w2}
    }

    public LibctruModel(byte[] file) {
        this.f = file;
        assertEquals("DVLB", new String(file, 0, 4, StandardCharsets.ISO_8859_1));
        numDvle = word(1);
        int dvlp = 2 + numDvle; // libctru assumes the DVLP right after the offset table
        assertEquals("DVLP", new String(file, dvlp * 4, 4, StandardCharsets.ISO_8859_1));
        int codeSize = word(dvlp + 3);
        int codeOff = aligned(word(dvlp + 2));
        code = new int[codeSize];
        for (int k = 0; k < codeSize; k++) code[k] = word(dvlp + codeOff / 4 + k);
        int opCount = word(dvlp + 5);
        int opOff = aligned(word(dvlp + 4));
        opdesc = new int[opCount];
        for (int k = 0; k < opCount; k++) opdesc[k] = word(dvlp + opOff / 4 + 2 * k);
        for (int i = 0; i < numDvle; i++) {
            int base = aligned(word(2 + i)) / 4;
            Shader s = new Shader();
            int w1 = word(base + 1);
            s.type = w1 >>> 16 & 0xFF;
            s.mergeOutmaps = w1 >>> 24 & 1;
            s.mainOffset = word(base + 2);
            s.endmainOffset = word(base + 3);
            if (s.type == 1) {
                int w5 = word(base + 5);
                s.gshMode = w5 & 0xFF;
                s.gshFixedVtxStart = w5 >>> 8 & 0xFF;
                s.gshVariableVtxNum = w5 >>> 16 & 0xFF;
                s.gshFixedVtxNum = w5 >>> 24;
            }
            s.constCount = word(base + 7);
            s.constBase = base * 4 + aligned(word(base + 6));
            s.outCount = word(base + 11);
            s.outBase = base * 4 + aligned(word(base + 10));
            s.uniCount = word(base + 13);
            s.uniBase = base * 4 + aligned(word(base + 12));
            s.symBase = base * 4 + aligned(word(base + 14));
            inside(s.constBase, 20 * s.constCount);
            inside(s.outBase, 8 * s.outCount);
            inside(s.uniBase, 8 * s.uniCount);
            generateOutmap(s);
            instanceInit(s);
            shaders.add(s);
        }
    }

    private int aligned(int off) {
        if ((off & 3) != 0) fail("offset 0x" + Integer.toHexString(off) + " is not 4-aligned; libctru would truncate it");
        return off;
    }

    private void inside(int at, int n) {
        assertTrue(at >= 0 && at + n <= f.length, "table at 0x" + Integer.toHexString(at) + " leaves the file");
    }

    public int word(int index) {
        int p = index * 4;
        inside(p, 4);
        return (f[p] & 0xFF) | (f[p + 1] & 0xFF) << 8 | (f[p + 2] & 0xFF) << 16 | (f[p + 3] & 0xFF) << 24;
    }

    private int u16(int p) {
        inside(p, 2);
        return (f[p] & 0xFF) | (f[p + 1] & 0xFF) << 8;
    }

    private String cstring(int p) {
        int e = p;
        while (true) {
            inside(e, 1);
            if (f[e] == 0) break;
            e++;
        }
        return new String(f, p, e - p, StandardCharsets.UTF_8);
    }

    /** DVLE_GetUniformRegister: first strcmp match; (s8)startReg - 0x10 as s8; -1 if none. */
    public int uniformRegister(int dvle, String name) {
        Shader s = shaders.get(dvle);
        for (int i = 0; i < s.uniCount; i++) {
            int e = s.uniBase + 8 * i;
            if (cstring(s.symBase + word(e / 4)).equals(name)) return (byte) ((byte) u16(e + 4) - 0x10);
        }
        return -1;
    }

    /** Words uploaded for a DVLE: a vertex shader gets only the first 512 (shaderProgramConfigure). */
    public int uploadedWords(int dvle) {
        return shaders.get(dvle).type == 0 ? Math.min(code.length, 512) : code.length;
    }

    private void generateOutmap(Shader s) {
        java.util.Arrays.fill(s.outmapData, 0x1F1F1F1F);
        s.outmapData[0] = 0;
        for (int i = 0; i < s.outCount; i++) {
            int e = s.outBase + 8 * i;
            int type = u16(e), regId = u16(e + 2), mask = f[e + 4] & 0xFF; // mask read as u8
            if ((s.outmapMask & 1 << regId) == 0) {
                s.outmapMask |= 1 << regId;
                s.outmapData[0]++;
            }
            int sem, num;
            switch (type) {
                case 0 -> { sem = 0x00; num = 4; }
                case 1 -> { sem = 0x04; num = 4; s.outmapClock |= 1 << 24; }
                case 2 -> { sem = 0x08; num = 4; s.outmapClock |= 1 << 1; }
                case 3 -> { sem = 0x0C; num = 2; s.outmapClock |= 1 << 8; s.outmapMode = 1; }
                case 4 -> { sem = 0x10; num = 1; s.outmapClock |= 1 << 16; s.outmapMode = 1; }
                case 5 -> { sem = 0x0E; num = 2; s.outmapClock |= 1 << 9; s.outmapMode = 1; }
                case 6 -> { sem = 0x16; num = 2; s.outmapClock |= 1 << 10; s.outmapMode = 1; }
                case 8 -> { sem = 0x12; num = 3; s.outmapClock |= 1 << 24; }
                default -> { continue; }
            }
            // libctru points at outmapData[regId + 1] for every entry but writes only here
            assertTrue(regId + 1 < 8, "o" + regId + " overflows libctru's outmap array");
            for (int j = 0, k = 0; j < 4 && k < num; j++) {
                if ((mask & 1 << j) != 0) {
                    s.outmapData[regId + 1] &= ~(0xFF << (j * 8));
                    s.outmapData[regId + 1] |= (sem++) << (j * 8);
                    k++;
                    if (type == 0 && k == 3) s.outmapClock |= 1;
                }
            }
        }
    }

    private void instanceInit(Shader s) {
        for (int i = 0; i < s.constCount; i++) {
            int e = s.constBase + 20 * i;
            int type = u16(e), id = u16(e + 2);
            int d0 = word(e / 4 + 1), d1 = word(e / 4 + 2), d2 = word(e / 4 + 3), d3 = word(e / 4 + 4);
            switch (type) {
                case 0 -> {
                    if (id < 16) {
                        s.boolUniformMask |= 1 << id;
                        s.boolUniforms = (d0 & 1) != 0 ? s.boolUniforms | 1 << id : s.boolUniforms & ~(1 << id);
                    }
                }
                case 1 -> {
                    if (id < 4) {
                        s.intUniforms[id] = d0;
                        s.intUniformMask |= 1 << id;
                    }
                }
                case 2 -> s.float24Uniforms.add(new int[] {id, d3 << 8 | d2 >>> 16, d2 << 16 | d1 >>> 8, d1 << 24 | d0});
                default -> { }
            }
        }
    }
}
