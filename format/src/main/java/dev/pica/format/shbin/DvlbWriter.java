package dev.pica.format.shbin;

import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.shbin.bytes.ByteSink;
import dev.pica.format.shbin.bytes.StringTable;
import dev.pica.format.shbin.bytes.Tables;
import java.util.HashMap;
import java.util.Map;

/** Writes a {@link Dvlb} exactly as the SDK linker (or picasso) lays it out (shbin-format.md sections 1-5). */
public final class DvlbWriter {
    private DvlbWriter() {}

    /** The two layouts differ in one field: picasso writes 0 as the offset of an empty DVLP string table. */
    public enum Style { SDK, PICASSO }

    public static byte[] write(Dvlb f) {
        return write(f, Style.SDK);
    }

    public static byte[] write(Dvlb f, Style style) {
        byte[] dvlp = writeDvlp(f.program(), style);
        byte[][] dvles = new byte[f.shaders().size()][];
        for (int k = 0; k < dvles.length; k++) dvles[k] = writeDvle(f.shaders().get(k));
        ByteSink s = new ByteSink();
        s.zeros(Layout.Dvlb.DVLE_OFFSETS).put(Layout.Dvlb.MAGIC, "DVLB").put(Layout.Dvlb.DVLE_COUNT, dvles.length);
        int at = Layout.Dvlb.DVLE_OFFSETS + 4 * dvles.length + dvlp.length;
        for (byte[] d : dvles) {
            s.u32(at);
            at += d.length;
        }
        s.bytes(dvlp);
        for (byte[] d : dvles) s.bytes(d);
        return s.toByteArray();
    }

    /** The DVLP including its string table and padding to 4 bytes. */
    static byte[] writeDvlp(Dvlp p, Style style) {
        StringTable strings = new StringTable();
        Map<String, Integer> fileOffsets = new HashMap<>();
        // every name of the list is written, a repeated one again; the line table refers to the first
        for (String f : p.files()) fileOffsets.putIfAbsent(f, strings.add(f));
        int codeOff = Layout.Dvlp.SIZE;
        int descOff = codeOff + 4 * p.codeSize();
        int lineOff = descOff + Layout.DescriptorEntry.ENTRY.size() * p.descriptors().size();
        int strOff = lineOff + Layout.LineEntry.ENTRY.size() * p.lines().size();
        ByteSink s = new ByteSink();
        s.zeros(Layout.Dvlp.SIZE).put(Layout.Dvlp.MAGIC, "DVLP").put(Layout.Dvlp.VERSION, p.version())
                .put(Layout.Dvlp.CODE_OFFSET, codeOff).put(Layout.Dvlp.CODE_COUNT, p.codeSize())
                .put(Layout.Dvlp.DESCRIPTOR_OFFSET, descOff).put(Layout.Dvlp.DESCRIPTOR_COUNT, p.descriptors().size())
                .put(Layout.Dvlp.LINE_OFFSET, lineOff).put(Layout.Dvlp.LINE_COUNT, p.lines().size())
                .put(Layout.Dvlp.STRING_OFFSET, style == Style.PICASSO && strings.size() == 0 ? 0 : strOff).put(Layout.Dvlp.STRING_SIZE, strings.size());
        for (int k = 0; k < p.codeSize(); k++) s.u32(p.codeWord(k));
        for (OperandDescriptor d : p.descriptors()) Tables.writeDescriptor(s, d);
        for (LineInfo l : p.lines()) {
            Integer off = fileOffsets.get(l.file());
            if (off == null) throw new IllegalArgumentException("line table names a file missing from the string table: " + l.file());
            s.entry(Layout.LineEntry.ENTRY, off, l.line());
        }
        s.bytes(strings.toByteArray()).align4();
        return s.toByteArray();
    }

    static byte[] writeDvle(Dvle e) {
        StringTable strings = new StringTable();
        int[] labelNames = strings.addAll(e.labels(), Label::name);
        int[] uniformNames = strings.addAll(e.uniforms(), Uniform::name);
        int constOff = Layout.Dvle.SIZE;
        int labelOff = constOff + Layout.ConstantEntry.ENTRY.size() * e.constants().size();
        int outOff = labelOff + Layout.LabelEntry.ENTRY.size() * e.labels().size();
        int uniOff = outOff + Layout.OutputMapEntry.ENTRY.size() * e.outputMaps().size();
        int strOff = uniOff + Layout.UniformEntry.ENTRY.size() * e.uniforms().size();
        ByteSink s = new ByteSink();
        s.zeros(Layout.Dvle.SIZE).put(Layout.Dvle.MAGIC, "DVLE").put(Layout.Dvle.VERSION, e.version())
                .put(Layout.Dvle.SHADER_TYPE, e.shaderType()).put(Layout.Dvle.FLAGS, e.flags())
                .put(Layout.Dvle.MAIN_ADDR, e.mainAddr()).put(Layout.Dvle.END_ADDR, e.endAddr())
                .put(Layout.Dvle.INPUT_MASK, e.inputMask()).put(Layout.Dvle.OUTPUT_MASK, e.outputMask())
                .put(new Layout.Field(Layout.Dvle.GS_MODE.offset(), 4, "gs"), e.gsMode().packed()) // four GS bytes at once
                .put(Layout.Dvle.CONSTANT_OFFSET, constOff).put(Layout.Dvle.CONSTANT_COUNT, e.constants().size())
                .put(Layout.Dvle.LABEL_OFFSET, labelOff).put(Layout.Dvle.LABEL_COUNT, e.labels().size())
                .put(Layout.Dvle.OUTPUT_MAP_OFFSET, outOff).put(Layout.Dvle.OUTPUT_MAP_COUNT, e.outputMaps().size())
                .put(Layout.Dvle.UNIFORM_OFFSET, uniOff).put(Layout.Dvle.UNIFORM_COUNT, e.uniforms().size())
                .put(Layout.Dvle.STRING_OFFSET, strOff).put(Layout.Dvle.STRING_SIZE, strings.size());
        for (Constant c : e.constants()) Tables.writeConstant(s, c);
        for (int k = 0; k < labelNames.length; k++) Tables.writeLabel(s, k, e.labels().get(k), labelNames[k]);
        for (OutputMap o : e.outputMaps()) Tables.writeOutputMap(s, o);
        for (int k = 0; k < uniformNames.length; k++) Tables.writeUniform(s, e.uniforms().get(k), uniformNames[k]);
        s.bytes(strings.toByteArray()).align4();
        return s.toByteArray();
    }
}
