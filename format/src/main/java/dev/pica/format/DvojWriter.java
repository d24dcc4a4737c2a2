package dev.pica.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes a {@link Dvoj} in the layout of shbin-format.md 8.2-8.3. Deterministic. */
public final class DvojWriter {
    private DvojWriter() {}

    public static byte[] write(Dvoj o) {
        // String table: labels, uniforms, then the other strings once each in first-use order.
        ByteSink strings = new ByteSink();
        int[] labelNames = new int[o.labels().size()];
        for (int k = 0; k < labelNames.length; k++) {
            labelNames[k] = strings.size();
            strings.cstring(o.labels().get(k).name());
        }
        int[] uniformNames = new int[o.uniforms().size()];
        for (int k = 0; k < uniformNames.length; k++) {
            uniformNames[k] = strings.size();
            strings.cstring(o.uniforms().get(k).name());
        }
        Map<String, Integer> others = new LinkedHashMap<>();
        List<String> order = new ArrayList<>();
        order.add(o.sourceName());
        for (LineInfo l : o.lineInfo()) order.add(l.file());
        for (LineInfo l : o.constantOrigins()) order.add(l.file());
        order.addAll(o.imports());
        for (String s : order) {
            if (!others.containsKey(s)) {
                others.put(s, strings.size());
                strings.cstring(s);
            }
        }
        byte[] stringBytes = strings.toByteArray();

        ByteSink s = new ByteSink();
        s.bytes(new byte[] {'D', 'V', 'O', 'J'}).u16(Dvoj.VERSION).u8(o.shaderType()).u8(o.flags())
                .u16(o.inputMask()).u16(o.outputMask()).u32(0xFFFFFFFF);
        s.zeros(Dvoj.HEADER_SIZE - s.size()); // offset/count pairs, patched below
        s.bytes(new byte[] {'D', 'V', 'O', 'X'}).u16(Dvoj.EXT_MAJOR).u16(Dvoj.EXT_MINOR).u32(Dvoj.EXT_SIZE)
                .u32((o.isMain() ? 1 : 0) | (o.debug() ? 2 : 0))
                .u32(o.mainLabel()).u32(o.endmainLabel()).u32(o.gsMode().packed())
                .u32(others.get(o.sourceName()));
        s.zeros(Dvoj.HEADER_SIZE + Dvoj.EXT_SIZE - s.size());

        place(s, 0x10, o.constants().size());
        for (Constant c : o.constants()) Tables.writeConstant(s, c);
        place(s, 0x18, o.labels().size());
        for (int k = 0; k < labelNames.length; k++) Tables.writeLabel(s, k, o.labels().get(k), labelNames[k]);
        place(s, 0x20, o.codeSize());
        for (int k = 0; k < o.codeSize(); k++) s.u32(o.codeWord(k));
        place(s, 0x28, o.descriptors().size());
        for (OperandDescriptor d : o.descriptors()) s.u32(d.value()).u16(d.usedInfo()).u16(0);
        place(s, 0x30, o.lineInfo().size());
        for (LineInfo l : o.lineInfo()) s.u32(others.get(l.file())).u32(l.line());
        place(s, 0x38, o.operandRecords().size());
        for (Dvoj.OperandRecord r : o.operandRecords()) s.u32(r.index()).u32(r.descriptor()).u32(r.usedInfo());
        place(s, 0x40, o.outputMaps().size());
        for (OutputMap m : o.outputMaps()) Tables.writeOutputMap(s, m);
        place(s, 0x48, o.uniforms().size());
        for (int k = 0; k < uniformNames.length; k++) {
            Uniform u = o.uniforms().get(k);
            s.u32(uniformNames[k]).u16(u.first()).u16(u.last());
        }
        place(s, 0x78, o.relocations().size());
        for (Dvoj.Relocation r : o.relocations()) s.u32(r.index()).u32(r.kind()).u32(r.importIndex());
        place(s, 0x80, o.imports().size());
        for (String i : o.imports()) s.u32(others.get(i));
        place(s, 0x88, o.constantOrigins().size());
        for (LineInfo l : o.constantOrigins()) s.u32(others.get(l.file())).u32(l.line());
        place(s, 0x50, stringBytes.length);
        s.bytes(stringBytes).align4();
        return s.toByteArray();
    }

    /** Fills the offset/count pair at {@code field} with the current position. */
    private static void place(ByteSink s, int field, int count) {
        s.putU32(field, s.size());
        s.putU32(field + 4, count);
    }
}
