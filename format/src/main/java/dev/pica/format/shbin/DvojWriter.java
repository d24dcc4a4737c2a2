package dev.pica.format.shbin;

import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.shbin.bytes.ByteSink;
import dev.pica.format.shbin.bytes.StringTable;
import dev.pica.format.shbin.bytes.Tables;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes a {@link Dvoj} in the layout of shbin-format.md 8.2-8.3. Deterministic. */
public final class DvojWriter {
    private DvojWriter() {}

    public static byte[] write(Dvoj o) {
        // String table: labels, uniforms, then the other strings once each in first-use order.
        StringTable strings = new StringTable();
        int[] labelNames = strings.addAll(o.labels(), Label::name);
        int[] uniformNames = strings.addAll(o.uniforms(), Uniform::name);
        Map<String, Integer> others = new LinkedHashMap<>();
        List<String> order = new ArrayList<>();
        order.add(o.sourceName());
        for (LineInfo l : o.lineInfo()) order.add(l.file());
        for (LineInfo l : o.constantOrigins()) order.add(l.file());
        order.addAll(o.imports());
        for (String s : order) others.put(s, strings.addOnce(s));
        byte[] stringBytes = strings.toByteArray();

        ByteSink s = new ByteSink();
        s.zeros(Layout.Dvoj.SIZE + Layout.Dvoj.EXTENSION_SIZE) // offset/count pairs are placed below, with their tables
                .put(Layout.Dvoj.MAGIC, "DVOJ").put(Layout.Dvoj.VERSION, Dvoj.VERSION).put(Layout.Dvoj.SHADER_TYPE, o.shaderType()).put(Layout.Dvoj.FLAGS, o.flags())
                .put(Layout.Dvoj.INPUT_MASK, o.inputMask()).put(Layout.Dvoj.OUTPUT_MASK, o.outputMask()).put(Layout.Dvoj.RESERVED, 0xFFFFFFFF)
                .put(Layout.Dvoj.EXT_MAGIC, "DVOX").put(Layout.Dvoj.EXT_MAJOR, Dvoj.EXT_MAJOR).put(Layout.Dvoj.EXT_MINOR, Dvoj.EXT_MINOR).put(Layout.Dvoj.EXT_SIZE, Layout.Dvoj.EXTENSION_SIZE)
                .put(Layout.Dvoj.EXT_FLAGS, (o.isMain() ? 1 : 0) | (o.debug() ? 2 : 0))
                .put(Layout.Dvoj.MAIN_LABEL, o.mainLabel()).put(Layout.Dvoj.ENDMAIN_LABEL, o.endmainLabel()).put(Layout.Dvoj.GS_BYTES, o.gsMode().packed())
                .put(Layout.Dvoj.SOURCE_NAME, others.get(o.sourceName()));

        place(s, Layout.Dvoj.CONSTANT_OFFSET, Layout.Dvoj.CONSTANT_COUNT, o.constants().size());
        for (Constant c : o.constants()) Tables.writeConstant(s, c);
        place(s, Layout.Dvoj.LABEL_OFFSET, Layout.Dvoj.LABEL_COUNT, o.labels().size());
        for (int k = 0; k < labelNames.length; k++) Tables.writeLabel(s, k, o.labels().get(k), labelNames[k]);
        place(s, Layout.Dvoj.CODE_OFFSET, Layout.Dvoj.CODE_COUNT, o.codeSize());
        for (int k = 0; k < o.codeSize(); k++) s.u32(o.codeWord(k));
        place(s, Layout.Dvoj.DESCRIPTOR_OFFSET, Layout.Dvoj.DESCRIPTOR_COUNT, o.descriptors().size());
        for (OperandDescriptor d : o.descriptors()) Tables.writeDescriptor(s, d);
        place(s, Layout.Dvoj.LINE_OFFSET, Layout.Dvoj.LINE_COUNT, o.lineInfo().size());
        for (LineInfo l : o.lineInfo()) s.entry(Layout.LineEntry.ENTRY, others.get(l.file()), l.line());
        place(s, Layout.Dvoj.RECORD_OFFSET, Layout.Dvoj.RECORD_COUNT, o.operandRecords().size());
        for (Dvoj.OperandRecord r : o.operandRecords()) s.entry(Layout.OperandRecordEntry.ENTRY, r.index(), r.descriptor(), r.usedInfo());
        place(s, Layout.Dvoj.OUTPUT_MAP_OFFSET, Layout.Dvoj.OUTPUT_MAP_COUNT, o.outputMaps().size());
        for (OutputMap m : o.outputMaps()) Tables.writeOutputMap(s, m);
        place(s, Layout.Dvoj.UNIFORM_OFFSET, Layout.Dvoj.UNIFORM_COUNT, o.uniforms().size());
        for (int k = 0; k < uniformNames.length; k++) Tables.writeUniform(s, o.uniforms().get(k), uniformNames[k]);
        place(s, Layout.Dvoj.RELOCATION_OFFSET, Layout.Dvoj.RELOCATION_COUNT, o.relocations().size());
        for (Dvoj.Relocation r : o.relocations()) s.entry(Layout.RelocationEntry.ENTRY, r.index(), r.kind(), r.importIndex());
        place(s, Layout.Dvoj.IMPORT_OFFSET, Layout.Dvoj.IMPORT_COUNT, o.imports().size());
        for (String i : o.imports()) s.u32(others.get(i));
        place(s, Layout.Dvoj.ORIGIN_OFFSET, Layout.Dvoj.ORIGIN_COUNT, o.constantOrigins().size());
        for (LineInfo l : o.constantOrigins()) s.entry(Layout.LineEntry.ENTRY, others.get(l.file()), l.line());
        place(s, Layout.Dvoj.STRING_OFFSET, Layout.Dvoj.STRING_SIZE, stringBytes.length);
        s.bytes(stringBytes).align4();
        return s.toByteArray();
    }

    /** Points an offset/count pair at the current position. */
    private static void place(ByteSink s, Layout.Field offset, Layout.Field count, int n) {
        s.put(offset, s.size()).put(count, n);
    }
}
