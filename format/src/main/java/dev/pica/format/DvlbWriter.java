package dev.pica.format;

import java.util.HashMap;
import java.util.Map;

/** Writes a {@link Dvlb} exactly as the SDK linker lays it out (shbin-format.md sections 1-5). */
public final class DvlbWriter {
    private DvlbWriter() {}

    public static byte[] write(Dvlb f) {
        byte[] dvlp = writeDvlp(f.program());
        byte[][] dvles = new byte[f.shaders().size()][];
        for (int k = 0; k < dvles.length; k++) dvles[k] = writeDvle(f.shaders().get(k));
        ByteSink s = new ByteSink();
        s.bytes(new byte[] {'D', 'V', 'L', 'B'}).u32(dvles.length);
        int at = 8 + 4 * dvles.length + dvlp.length;
        for (byte[] d : dvles) {
            s.u32(at);
            at += d.length;
        }
        s.bytes(dvlp);
        for (byte[] d : dvles) s.bytes(d);
        return s.toByteArray();
    }

    /** The DVLP including its string table and padding to 4 bytes. */
    static byte[] writeDvlp(Dvlp p) {
        ByteSink strings = new ByteSink();
        Map<String, Integer> fileOffsets = new HashMap<>();
        for (String f : p.files()) {
            fileOffsets.putIfAbsent(f, strings.size());
            strings.cstring(f);
        }
        int codeOff = 0x28;
        int descOff = codeOff + 4 * p.codeSize();
        int lineOff = descOff + 8 * p.descriptors().size();
        int strOff = lineOff + 8 * p.lines().size();
        ByteSink s = new ByteSink();
        s.bytes(new byte[] {'D', 'V', 'L', 'P'}).u32(p.version())
                .u32(codeOff).u32(p.codeSize())
                .u32(descOff).u32(p.descriptors().size())
                .u32(lineOff).u32(p.lines().size())
                .u32(strOff).u32(strings.size());
        for (int k = 0; k < p.codeSize(); k++) s.u32(p.codeWord(k));
        for (OperandDescriptor d : p.descriptors()) s.u32(d.value()).u16(d.usedInfo()).u16(0);
        for (LineInfo l : p.lines()) {
            Integer off = fileOffsets.get(l.file());
            if (off == null) throw new IllegalArgumentException("line table names a file missing from the string table: " + l.file());
            s.u32(off).u32(l.line());
        }
        s.bytes(strings.toByteArray()).align4();
        return s.toByteArray();
    }

    static byte[] writeDvle(Dvle e) {
        ByteSink strings = new ByteSink();
        int[] labelNames = new int[e.labels().size()];
        for (int k = 0; k < labelNames.length; k++) {
            labelNames[k] = strings.size();
            strings.cstring(e.labels().get(k).name());
        }
        int[] uniformNames = new int[e.uniforms().size()];
        for (int k = 0; k < uniformNames.length; k++) {
            uniformNames[k] = strings.size();
            strings.cstring(e.uniforms().get(k).name());
        }
        int constOff = 0x40;
        int labelOff = constOff + 20 * e.constants().size();
        int outOff = labelOff + 16 * e.labels().size();
        int uniOff = outOff + 8 * e.outputMaps().size();
        int strOff = uniOff + 8 * e.uniforms().size();
        ByteSink s = new ByteSink();
        s.bytes(new byte[] {'D', 'V', 'L', 'E'}).u16(e.version()).u8(e.shaderType()).u8(e.flags())
                .u32(e.mainAddr()).u32(e.endAddr()).u16(e.inputMask()).u16(e.outputMask())
                .u32(e.gsMode().packed())
                .u32(constOff).u32(e.constants().size())
                .u32(labelOff).u32(e.labels().size())
                .u32(outOff).u32(e.outputMaps().size())
                .u32(uniOff).u32(e.uniforms().size())
                .u32(strOff).u32(strings.size());
        for (Constant c : e.constants()) Tables.writeConstant(s, c);
        for (int k = 0; k < labelNames.length; k++) Tables.writeLabel(s, k, e.labels().get(k), labelNames[k]);
        for (OutputMap o : e.outputMaps()) Tables.writeOutputMap(s, o);
        for (int k = 0; k < uniformNames.length; k++) {
            Uniform u = e.uniforms().get(k);
            s.u32(uniformNames[k]).u16(u.first()).u16(u.last());
        }
        s.bytes(strings.toByteArray()).align4();
        return s.toByteArray();
    }
}
