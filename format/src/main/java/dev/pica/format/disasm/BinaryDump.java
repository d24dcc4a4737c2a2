package dev.pica.format.disasm;

import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.DvojReader;
import dev.pica.format.shbin.FormatException;
import dev.pica.format.shbin.Layout;
import dev.pica.format.shbin.LineInfo;
import dev.pica.format.shbin.Uniform;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Every header field and table entry of a DVLB or DVOJ with its absolute offset, as text or
 * JSON. The file is validated by the readers first, so the raw reads here stay in bounds.
 */
public final class BinaryDump {
    private BinaryDump() {}

    /** A section: a name, its offset, its fields and sub-sections. */
    public record Node(String name, long offset, List<Field> fields, List<Node> children) {
        Node(String name, long offset) {
            this(name, offset, new ArrayList<>(), new ArrayList<>());
        }

        Node field(long off, String n, Object v) {
            fields.add(new Field(off, n, v));
            return this;
        }
    }

    /** value is a Long (printed hex and decimal) or a String. */
    public record Field(long offset, String name, Object value) {}

    public static Node dump(byte[] data) throws FormatException {
        if (DvlbReader.looksLikeDvlb(data)) return dumpDvlb(data);
        if (DvojReader.looksLikeDvoj(data)) return dumpDvoj(data);
        throw new FormatException(0, "not a DVLB or DVOJ file (magic '" + new String(data, 0, Math.min(4, data.length), StandardCharsets.ISO_8859_1) + "')");
    }

    /** A little-endian unsigned number of {@code size} bytes (the reader has checked the file's bounds). */
    private static long value(byte[] d, int at, int size) {
        long v = 0;
        for (int i = size - 1; i >= 0; i--) v = v << 8 | d[at + i] & 0xFFL;
        return v;
    }

    private static long u32(byte[] d, int at) {
        return value(d, at, 4);
    }

    /** A field of a layout, header or table entry, at {@code base}. */
    private static long u32(byte[] d, int base, Layout.Field f) {
        return value(d, base + f.offset(), f.size());
    }

    private static long u16(byte[] d, int base, Layout.Field f) {
        return value(d, base + f.offset(), f.size());
    }

    /** Every field of a header layout at {@code base}: magics as text, numbers by their size. */
    private static void header(Node n, byte[] d, int base, java.util.List<Layout.Field> fields) {
        for (Layout.Field f : fields) {
            int at = base + f.offset();
            n.field(at, f.name(), f.name().equals("magic") ? magic(d, at) : (Object) value(d, at, f.size()));
        }
    }

    private static String magic(byte[] d, int at) {
        return new String(d, at, 4, StandardCharsets.ISO_8859_1);
    }

    private static String cstr(byte[] d, int at) {
        int e = at;
        while (e < d.length && d[e] != 0) e++;
        return new String(d, at, e - at, StandardCharsets.UTF_8);
    }

    static Node dumpDvlb(byte[] d) throws FormatException {
        Dvlb f = DvlbReader.read(d);
        Node root = new Node("DVLB", 0);
        int n = f.shaders().size();
        header(root, d, 0, java.util.List.of(Layout.Dvlb.MAGIC, Layout.Dvlb.DVLE_COUNT));
        for (int k = 0; k < n; k++) root.field(Layout.Dvlb.DVLE_OFFSETS + 4L * k, "dvleOffset[" + k + "]", u32(d, Layout.Dvlb.DVLE_OFFSETS + 4 * k));
        int p = Layout.Dvlb.DVLE_OFFSETS + 4 * n;
        Node dvlp = new Node("DVLP", p);
        root.children().add(dvlp);
        header(dvlp, d, p, Layout.Dvlp.FIELDS);
        int codeOff = p + (int) u32(d, p, Layout.Dvlp.CODE_OFFSET);
        Node code = new Node("code", codeOff);
        dvlp.children().add(code);
        List<OperandDescriptor> table = f.program().descriptors();
        SourcePrinter.Descriptors lookup = Disassembler.tableLookup(table);
        for (int k = 0; k < f.program().codeSize(); k++) {
            int w = f.program().codeWord(k);
            code.field(codeOff + 4L * k, String.format("[0x%03x]", k), String.format("0x%08x  %s", w, describe(k, w, lookup)));
        }
        int descOff = p + (int) u32(d, p, Layout.Dvlp.DESCRIPTOR_OFFSET);
        Node descs = new Node("operandDescriptors", descOff);
        dvlp.children().add(descs);
        for (int k = 0; k < table.size(); k++) {
            int v = table.get(k).value();
            descs.field(descOff + (long) Layout.DescriptorEntry.ENTRY.size() * k, "[" + k + "]", String.format("0x%08x used 0x%x  %s", v, table.get(k).usedInfo(), OperandDescriptors.describe(v)));
        }
        int lineOff = p + (int) u32(d, p, Layout.Dvlp.LINE_OFFSET);
        Node lines = new Node("lineTable", lineOff);
        dvlp.children().add(lines);
        for (int k = 0; k < f.program().lines().size(); k++) {
            LineInfo l = f.program().lines().get(k);
            lines.field(lineOff + (long) Layout.LineEntry.ENTRY.size() * k, String.format("[0x%03x]", k), l.file() + ":" + l.line());
        }
        int strOff = p + (int) u32(d, p, Layout.Dvlp.STRING_OFFSET);
        Node strs = new Node("strings", strOff);
        dvlp.children().add(strs);
        int at = 0;
        for (String s : f.program().files()) {
            strs.field(strOff + at, "+0x" + Integer.toHexString(at), s);
            at += s.getBytes(StandardCharsets.UTF_8).length + 1;
        }
        for (int k = 0; k < n; k++) root.children().add(dvle(d, (int) u32(d, Layout.Dvlb.DVLE_OFFSETS + 4 * k), k, f.shaders().get(k).constants()));
        return root;
    }

    private static String describe(int address, int word, SourcePrinter.Descriptors lookup) {
        return SourcePrinter.describe(address, word, lookup);
    }

    private static Node dvle(byte[] d, int e, int k, List<Constant> constants) {
        Node n = new Node("DVLE " + k, e);
        header(n, d, e, Layout.Dvle.FIELDS);
        int str = e + (int) u32(d, e, Layout.Dvle.STRING_OFFSET);
        tables(d, n, e + (int) u32(d, e, Layout.Dvle.CONSTANT_OFFSET), constants, e + (int) u32(d, e, Layout.Dvle.LABEL_OFFSET),
                (int) u32(d, e, Layout.Dvle.LABEL_COUNT), e + (int) u32(d, e, Layout.Dvle.OUTPUT_MAP_OFFSET), (int) u32(d, e, Layout.Dvle.OUTPUT_MAP_COUNT),
                e + (int) u32(d, e, Layout.Dvle.UNIFORM_OFFSET), (int) u32(d, e, Layout.Dvle.UNIFORM_COUNT), str);
        return n;
    }

    /** The tables DVLE and DVOJ share; constants come from the model the reader built. */
    private static void tables(byte[] d, Node n, int cOff, List<Constant> constants, int lOff, int lCount, int oOff, int oCount, int uOff, int uCount, int str) {
        Node c = new Node("constants", cOff);
        for (int k = 0; k < constants.size(); k++) c.field(cOff + (long) Layout.ConstantEntry.ENTRY.size() * k, "[" + k + "]", constants.get(k).describe());
        Node l = new Node("labels", lOff);
        for (int k = 0; k < lCount; k++) {
            int a = lOff + Layout.LabelEntry.ENTRY.size() * k;
            long len = u32(d, a, Layout.LabelEntry.LENGTH);
            l.field(a, "[" + k + "]", String.format("id 0x%08x addr 0x%03x length %s name %s", u32(d, a, Layout.LabelEntry.ID), u32(d, a, Layout.LabelEntry.ADDRESS),
                    len == 0xFFFFFFFFL ? "none" : String.valueOf(len), cstr(d, str + (int) u32(d, a, Layout.LabelEntry.NAME))));
        }
        Node o = new Node("outputMaps", oOff);
        for (int k = 0; k < oCount; k++) {
            int a = oOff + Layout.OutputMapEntry.ENTRY.size() * k;
            int type = (int) u16(d, a, Layout.OutputMapEntry.TYPE);
            OutputSemantic s = OutputSemantic.ofType(type);
            String sem = s != null ? s.spelling : "type " + type;
            o.field(a, "[" + k + "]", String.format("%s o%d mask 0x%x", sem, u16(d, a, Layout.OutputMapEntry.REGISTER), u16(d, a, Layout.OutputMapEntry.MASK)));
        }
        Node u = new Node("uniforms", uOff);
        for (int k = 0; k < uCount; k++) {
            int a = uOff + Layout.UniformEntry.ENTRY.size() * k;
            u.field(a, "[" + k + "]", String.format("%s %s-%s", cstr(d, str + (int) u32(d, a, Layout.UniformEntry.NAME)),
                    Uniform.registerName((int) u16(d, a, Layout.UniformEntry.FIRST)), Uniform.registerName((int) u16(d, a, Layout.UniformEntry.LAST))));
        }
        n.children().add(c);
        n.children().add(l);
        n.children().add(o);
        n.children().add(u);
    }

    static Node dumpDvoj(byte[] d) throws FormatException {
        Dvoj o = DvojReader.read(d);
        Node n = new Node("DVOJ", 0);
        header(n, d, 0, Layout.Dvoj.FIELDS);
        Node x = new Node("DVOX", Layout.Dvoj.SIZE);
        n.children().add(x);
        for (Layout.Field f : Layout.Dvoj.EXTENSION) {
            if (f == Layout.Dvoj.SOURCE_NAME) x.field(f.offset(), f.name(), o.sourceName());
            else header(x, d, 0, java.util.List.of(f));
        }
        int codeOff = (int) u32(d, 0, Layout.Dvoj.CODE_OFFSET);
        Node code = new Node("code", codeOff);
        java.util.Map<Integer, Integer> own = new java.util.HashMap<>();
        for (Dvoj.OperandRecord r : o.operandRecords()) own.put(r.index(), r.descriptor());
        for (int k = 0; k < o.codeSize(); k++) {
            int w = o.codeWord(k);
            LineInfo li = o.lineInfo().get(k);
            code.field(codeOff + 4L * k, String.format("[0x%03x]", k), String.format("0x%08x  %-32s %s:%d", w,
                    describe(k, w, (a, ww) -> own.getOrDefault(a, -1)), li.file(), li.line()));
        }
        n.children().add(code);
        Node recs = new Node("operandRecords", u32(d, 0, Layout.Dvoj.RECORD_OFFSET));
        for (int k = 0; k < o.operandRecords().size(); k++) {
            Dvoj.OperandRecord r = o.operandRecords().get(k);
            recs.field(u32(d, 0, Layout.Dvoj.RECORD_OFFSET) + (long) Layout.OperandRecordEntry.ENTRY.size() * k, "[" + k + "]", String.format("instruction 0x%03x descriptor 0x%08x used 0x%x", r.index(), r.descriptor(), r.usedInfo()));
        }
        n.children().add(recs);
        int str = (int) u32(d, 0, Layout.Dvoj.STRING_OFFSET);
        tables(d, n, (int) u32(d, 0, Layout.Dvoj.CONSTANT_OFFSET), o.constants(), (int) u32(d, 0, Layout.Dvoj.LABEL_OFFSET), o.labels().size(),
                (int) u32(d, 0, Layout.Dvoj.OUTPUT_MAP_OFFSET), o.outputMaps().size(), (int) u32(d, 0, Layout.Dvoj.UNIFORM_OFFSET), o.uniforms().size(), str);
        Node rel = new Node("relocations", u32(d, 0, Layout.Dvoj.RELOCATION_OFFSET));
        for (int k = 0; k < o.relocations().size(); k++) {
            Dvoj.Relocation r = o.relocations().get(k);
            rel.field(u32(d, 0, Layout.Dvoj.RELOCATION_OFFSET) + (long) Layout.RelocationEntry.ENTRY.size() * k, "[" + k + "]", String.format("instruction 0x%03x %s %s", r.index(), r.kind() == 1 ? "CALL" : "JUMP", o.imports().get(r.importIndex())));
        }
        n.children().add(rel);
        return n;
    }

    public static String text(Node root) {
        StringBuilder sb = new StringBuilder();
        text(root, 0, sb);
        return sb.toString();
    }

    private static void text(Node n, int depth, StringBuilder sb) {
        String ind = "  ".repeat(depth);
        sb.append(ind).append(n.name()).append(String.format(" @0x%04x%n", n.offset()));
        for (Field f : n.fields()) {
            String v = f.value() instanceof Long l ? String.format("0x%x (%d)", l, l) : String.valueOf(f.value());
            sb.append(ind).append(String.format("  0x%04x  %-22s %s%n", f.offset(), f.name(), v));
        }
        for (Node c : n.children()) text(c, depth + 1, sb);
    }

    public static String json(Node root) {
        StringBuilder sb = new StringBuilder();
        json(root, sb, 0);
        return sb.append('\n').toString();
    }

    private static void json(Node n, StringBuilder sb, int depth) {
        String ind = "  ".repeat(depth);
        sb.append("{\n").append(ind).append("  \"name\": ").append(quote(n.name())).append(",\n");
        sb.append(ind).append("  \"offset\": ").append(n.offset()).append(",\n");
        sb.append(ind).append("  \"fields\": [");
        for (int k = 0; k < n.fields().size(); k++) {
            Field f = n.fields().get(k);
            sb.append(k == 0 ? "\n" : ",\n").append(ind).append("    {\"offset\": ").append(f.offset()).append(", \"name\": ")
                    .append(quote(f.name())).append(", \"value\": ").append(f.value() instanceof Long l ? l.toString() : quote(String.valueOf(f.value()))).append('}');
        }
        sb.append(n.fields().isEmpty() ? "],\n" : "\n" + ind + "  ],\n");
        sb.append(ind).append("  \"children\": [");
        for (int k = 0; k < n.children().size(); k++) {
            sb.append(k == 0 ? "\n" : ",\n").append(ind).append("    ");
            json(n.children().get(k), sb, depth + 2);
        }
        sb.append(n.children().isEmpty() ? "]\n" : "\n" + ind + "  ]\n").append(ind).append('}');
    }

    /** A JSON string literal (RFC 8259 escapes); picasim's JSON output uses it too. */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"').toString();
    }
}
