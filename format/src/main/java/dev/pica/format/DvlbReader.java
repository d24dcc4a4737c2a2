package dev.pica.format;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a DVLB. Accepts files of other tools (picasso: DVLP version 0, empty label tables, no
 * line info); rejects anything whose offsets or counts leave the file, with the offset named.
 */
public final class DvlbReader {
    private DvlbReader() {}

    public static boolean looksLikeDvlb(byte[] data) {
        return data.length >= 4 && data[0] == 'D' && data[1] == 'V' && data[2] == 'L' && data[3] == 'B';
    }

    public static Dvlb read(byte[] data) throws FormatException {
        ByteSource b = new ByteSource(data);
        b.magic(0, "DVLB");
        int n = b.u32(4, "DVLE count");
        if (n <= 0 || n > Limits.DVLES) throw new FormatException(4, "DVLE count " + Integer.toUnsignedString(n) + " is not between 1 and " + Limits.DVLES);
        b.table(8, n, 4, "DVLE offset table");
        Dvlp program = readDvlp(b.slice(8 + 4 * n));
        List<Dvle> shaders = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int off = b.u32(8 + 4 * k, "DVLE offset");
            if (off < 0 || off >= data.length) {
                throw new FormatException(8 + 4 * k, "DVLE " + k + " offset 0x" + Integer.toHexString(off) + " lies outside the file");
            }
            if ((off & 3) != 0) throw new FormatException(8 + 4 * k, "DVLE " + k + " offset 0x" + Integer.toHexString(off) + " is not 4-aligned");
            shaders.add(readDvle(b.slice(off), program.codeSize()));
        }
        return new Dvlb(program, shaders);
    }

    static Dvlp readDvlp(ByteSource p) throws FormatException {
        p.magic(0, "DVLP");
        int version = p.u32(4, "DVLP version");
        int codeOff = p.u32(8, "code offset");
        int codeCount = p.u32(0xC, "code size");
        if (Integer.toUnsignedLong(codeCount) > Limits.CODE_WORDS) {
            throw new FormatException(p.base() + 0xC, "code size " + Integer.toUnsignedString(codeCount) + " exceeds " + Limits.CODE_WORDS + " words");
        }
        int[] code = Tables.readCode(p, codeOff, codeCount);
        List<OperandDescriptor> descs = Tables.readDescriptors(p, p.u32(0x10, "descriptor offset"), p.u32(0x14, "descriptor count"), 0x14);
        int lineOff = p.u32(0x18, "line table offset");
        int lineCount = p.u32(0x1C, "line count");
        int strOff = p.u32(0x20, "string table offset");
        int strSize = p.u32(0x24, "string table size");
        List<String> files = new ArrayList<>();
        List<LineInfo> lines = new ArrayList<>();
        if (strSize != 0) {
            p.table(strOff, strSize, 1, "DVLP string table");
            for (int at = 0; at < strSize; ) {
                String s = p.cstring(strOff, strSize, at, "DVLP string table");
                files.add(s);
                at += s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 1;
            }
        }
        if (lineCount != 0) {
            p.table(lineOff, lineCount, 8, "line table");
            for (int k = 0; k < lineCount; k++) {
                int e = lineOff + 8 * k;
                lines.add(new LineInfo(p.cstring(strOff, strSize, p.u32(e, "line file"), "line " + k), p.u32(e + 4, "line number")));
            }
        }
        return new Dvlp(version, code, descs, lines, files);
    }

    static Dvle readDvle(ByteSource e, int codeSize) throws FormatException {
        e.magic(0, "DVLE");
        int version = e.u16(4, "DVLE version");
        int type = e.u8(6, "shader type");
        if (type > 1) throw new FormatException(e.base() + 6, "shader type " + type + " is neither 0 (vertex) nor 1 (geometry)");
        int flags = e.u8(7, "flags");
        int main = e.u32(8, "main address");
        int end = e.u32(0xC, "end address");
        if (Integer.toUnsignedLong(main) >= Math.max(codeSize, 1) && codeSize > 0) {
            throw new FormatException(e.base() + 8, "main address " + Integer.toUnsignedString(main) + " lies outside the code (" + codeSize + " words)");
        }
        if (Integer.toUnsignedLong(end) > codeSize) {
            throw new FormatException(e.base() + 0xC, "end address " + Integer.toUnsignedString(end) + " lies past the code (" + codeSize + " words)");
        }
        int in = e.u16(0x10, "input mask");
        int out = e.u16(0x12, "output mask");
        GsMode gs = GsMode.unpack(e.u32(0x14, "GS mode"));
        int strOff = e.u32(0x38, "string table offset");
        int strSize = e.u32(0x3C, "string table size");
        e.table(strOff, strSize, 1, "DVLE string table");
        List<Constant> consts = Tables.readConstants(e, e.u32(0x18, "constant offset"), e.u32(0x1C, "constant count"));
        List<Label> labels = Tables.readLabels(e, e.u32(0x20, "label offset"), e.u32(0x24, "label count"), strOff, strSize, codeSize);
        List<OutputMap> outs = Tables.readOutputMaps(e, e.u32(0x28, "output map offset"), e.u32(0x2C, "output map count"));
        List<Uniform> unis = Tables.readUniforms(e, e.u32(0x30, "uniform offset"), e.u32(0x34, "uniform count"), strOff, strSize);
        return new Dvle(version, type, flags, main, end, in, out, gs, consts, labels, outs, unis);
    }
}
