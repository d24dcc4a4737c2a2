package dev.pica.format.shbin;

import dev.pica.format.isa.Limits;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.shbin.bytes.ByteSource;
import dev.pica.format.shbin.bytes.Tables;
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
        b.magic(Layout.Dvlb.MAGIC.offset(), "DVLB");
        int n = b.read(Layout.Dvlb.DVLE_COUNT);
        if (n <= 0 || n > Limits.DVLES) throw new FormatException(Layout.Dvlb.DVLE_COUNT.offset(), "DVLE count " + Integer.toUnsignedString(n) + " is not between 1 and " + Limits.DVLES);
        b.table(Layout.Dvlb.DVLE_OFFSETS, n, 4, "DVLE offset table");
        Dvlp program = readDvlp(b.slice(Layout.Dvlb.DVLE_OFFSETS + 4 * n));
        List<Dvle> shaders = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int off = b.u32(Layout.Dvlb.DVLE_OFFSETS + 4 * k, "DVLE offset");
            if (off < 0 || off >= data.length) {
                throw new FormatException(8 + 4 * k, "DVLE " + k + " offset 0x" + Integer.toHexString(off) + " lies outside the file");
            }
            if ((off & 3) != 0) throw new FormatException(8 + 4 * k, "DVLE " + k + " offset 0x" + Integer.toHexString(off) + " is not 4-aligned");
            shaders.add(readDvle(b.slice(off), program.codeSize()));
        }
        return new Dvlb(program, shaders);
    }

    static Dvlp readDvlp(ByteSource p) throws FormatException {
        p.magic(Layout.Dvlp.MAGIC.offset(), "DVLP");
        int version = p.read(Layout.Dvlp.VERSION);
        int codeOff = p.read(Layout.Dvlp.CODE_OFFSET);
        int codeCount = p.read(Layout.Dvlp.CODE_COUNT);
        if (Integer.toUnsignedLong(codeCount) > Limits.CODE_WORDS) {
            throw new FormatException(p.base() + Layout.Dvlp.CODE_COUNT.offset(), "code size " + Integer.toUnsignedString(codeCount) + " exceeds " + Limits.CODE_WORDS + " words");
        }
        int[] code = Tables.readCode(p, codeOff, codeCount);
        List<OperandDescriptor> descs = Tables.readDescriptors(p, p.read(Layout.Dvlp.DESCRIPTOR_OFFSET), p.read(Layout.Dvlp.DESCRIPTOR_COUNT), Layout.Dvlp.DESCRIPTOR_COUNT.offset());
        int lineOff = p.read(Layout.Dvlp.LINE_OFFSET);
        int lineCount = p.read(Layout.Dvlp.LINE_COUNT);
        int strOff = p.read(Layout.Dvlp.STRING_OFFSET);
        int strSize = p.read(Layout.Dvlp.STRING_SIZE);
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
            p.table(lineOff, lineCount, Layout.LineEntry.ENTRY.size(), "line table");
            for (int k = 0; k < lineCount; k++) {
                int e = lineOff + Layout.LineEntry.ENTRY.size() * k;
                lines.add(new LineInfo(p.cstring(strOff, strSize, p.u32(e + Layout.LineEntry.FILE.offset(), "line file"), "line " + k),
                        p.u32(e + Layout.LineEntry.LINE.offset(), "line number")));
            }
        }
        return new Dvlp(version, code, descs, lines, files);
    }

    static Dvle readDvle(ByteSource e, int codeSize) throws FormatException {
        e.magic(Layout.Dvle.MAGIC.offset(), "DVLE");
        int version = e.read(Layout.Dvle.VERSION);
        int type = e.read(Layout.Dvle.SHADER_TYPE);
        if (type > 1) throw new FormatException(e.base() + Layout.Dvle.SHADER_TYPE.offset(), "shader type " + type + " is neither 0 (vertex) nor 1 (geometry)");
        int flags = e.read(Layout.Dvle.FLAGS);
        int main = e.read(Layout.Dvle.MAIN_ADDR);
        int end = e.read(Layout.Dvle.END_ADDR);
        if (Integer.toUnsignedLong(main) >= Math.max(codeSize, 1) && codeSize > 0) {
            throw new FormatException(e.base() + Layout.Dvle.MAIN_ADDR.offset(), "main address " + Integer.toUnsignedString(main) + " lies outside the code (" + codeSize + " words)");
        }
        if (Integer.toUnsignedLong(end) > codeSize) {
            throw new FormatException(e.base() + Layout.Dvle.END_ADDR.offset(), "end address " + Integer.toUnsignedString(end) + " lies past the code (" + codeSize + " words)");
        }
        int in = e.read(Layout.Dvle.INPUT_MASK);
        int out = e.read(Layout.Dvle.OUTPUT_MASK);
        GsMode gs = GsMode.unpack(e.u32(Layout.Dvle.GS_MODE.offset(), "GS mode"));
        int strOff = e.read(Layout.Dvle.STRING_OFFSET);
        int strSize = e.read(Layout.Dvle.STRING_SIZE);
        e.table(strOff, strSize, 1, "DVLE string table");
        List<Constant> consts = Tables.readConstants(e, e.read(Layout.Dvle.CONSTANT_OFFSET), e.read(Layout.Dvle.CONSTANT_COUNT));
        List<Label> labels = Tables.readLabels(e, e.read(Layout.Dvle.LABEL_OFFSET), e.read(Layout.Dvle.LABEL_COUNT), strOff, strSize, codeSize);
        int outsAt = e.read(Layout.Dvle.OUTPUT_MAP_OFFSET);
        List<OutputMap> outs = Tables.readOutputMaps(e, outsAt, e.read(Layout.Dvle.OUTPUT_MAP_COUNT));
        ContentChecks.outputRegisters(outs, e.base() + outsAt);
        List<Uniform> unis = Tables.readUniforms(e, e.read(Layout.Dvle.UNIFORM_OFFSET), e.read(Layout.Dvle.UNIFORM_COUNT), strOff, strSize);
        return new Dvle(version, type, flags, main, end, in, out, gs, consts, labels, outs, unis);
    }
}
