package dev.pica.format.shbin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.shbin.bytes.ByteSink;
import dev.pica.format.shbin.bytes.Tables;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The layouts against the tables of docs/spec/shbin-format.md and docs/dvoj.md (offsets written
 * here from those pages, not from Layout), and the entries' bytes against the SDK's own.
 */
class LayoutTest {
    /** Fields in order, each starting where the one before ends, filling {@code size} bytes. */
    private static void tiles(List<Layout.Field> fields, int start, int size, String what) {
        int at = start;
        for (Layout.Field f : fields) {
            assertEquals(at, f.offset(), what + " " + f.name());
            at += f.size();
        }
        assertEquals(start + size, at, what + " size");
    }

    @Test
    void headersTileTheirSize() {
        tiles(Layout.Dvlp.FIELDS, 0, Layout.Dvlp.SIZE, "DVLP");
        tiles(Layout.Dvle.FIELDS, 0, Layout.Dvle.SIZE, "DVLE");
        tiles(Layout.Dvoj.FIELDS, 0, Layout.Dvoj.SIZE, "DVOJ");
        // the extension's reserved 8 bytes at 0x90 end it
        tiles(Layout.Dvoj.EXTENSION, Layout.Dvoj.SIZE, Layout.Dvoj.EXTENSION_SIZE - 8, "DVOX");
        for (Layout.Entry e : List.of(Layout.ConstantEntry.ENTRY, Layout.LabelEntry.ENTRY, Layout.OutputMapEntry.ENTRY, Layout.UniformEntry.ENTRY,
                Layout.DescriptorEntry.ENTRY, Layout.LineEntry.ENTRY, Layout.OperandRecordEntry.ENTRY, Layout.RelocationEntry.ENTRY)) {
            tiles(e.fields(), 0, e.size(), e.name());
        }
    }

    @Test
    void offsetsAsTheSpecificationGivesThem() {
        // shbin-format.md 3 and 5.1
        assertEquals(0x14, Layout.Dvlp.DESCRIPTOR_COUNT.offset());
        assertEquals(0x24, Layout.Dvlp.STRING_SIZE.offset());
        assertEquals(0x08, Layout.Dvle.MAIN_ADDR.offset());
        assertEquals(0x10, Layout.Dvle.INPUT_MASK.offset());
        assertEquals(2, Layout.Dvle.INPUT_MASK.size());
        assertEquals(0x17, Layout.Dvle.GS_FIXED_COUNT.offset());
        assertEquals(0x30, Layout.Dvle.UNIFORM_OFFSET.offset());
        // docs/dvoj.md: 3dbrew's header, then DVOX
        assertEquals(0x0A, Layout.Dvoj.OUTPUT_MASK.offset());
        assertEquals(0x38, Layout.Dvoj.RECORD_OFFSET.offset());
        assertEquals(0x70, Layout.Dvoj.GS_BYTES.offset());
        assertEquals(0x88, Layout.Dvoj.ORIGIN_OFFSET.offset());
        // 5.3-5.6: 20-, 16-, 8- and 8-byte entries
        assertEquals(List.of(20, 16, 8, 8), List.of(Layout.ConstantEntry.ENTRY.size(), Layout.LabelEntry.ENTRY.size(),
                Layout.OutputMapEntry.ENTRY.size(), Layout.UniformEntry.ENTRY.size()));
        assertEquals(0x4, Layout.UniformEntry.FIRST.offset());
        assertEquals(0x8, Layout.LabelEntry.LENGTH.offset());
    }

    private static byte[] hex(String spaced) {
        return HexFormat.of().parseHex(spaced.replaceAll("[ |]", ""));
    }

    @Test
    void entriesAsTheSdkWritesThem() {
        // shbin-format.md 5.3: c19 = (1, -1, 1, 1) in sky.shbin
        ByteSink s = new ByteSink();
        Tables.writeConstant(s, new Constant(Constant.FLOAT, 19, 0x3F0000, 0xBF0000, 0x3F0000, 0x3F0000));
        assertArrayEquals(hex("02 00 13 00 | 00 00 3f 00 | 00 00 bf 00 | 00 00 3f 00 | 00 00 3f 00"), s.toByteArray());
        // an integer's bytes x, y, z, w, then zeros; a bool's u32
        s = new ByteSink();
        Tables.writeConstant(s, new Constant(Constant.INT, 1, 3, 0, 1, 0xFF));
        Tables.writeConstant(s, new Constant(Constant.BOOL, 15, 1, 0, 0, 0));
        assertArrayEquals(hex("01 00 01 00 03 00 01 ff" + "00".repeat(12) + "00 00 0f 00 01 00 00 00" + "00".repeat(12)), s.toByteArray());
        // 5.4: label id 2 at 0x12, length 0x17, name at 9; 5.5 position in o0 with no mask; 5.6 WORLDVIEWPROJ c0-c3
        s = new ByteSink();
        Tables.writeLabel(s, 2, new Label("f2", 0x12, 0x17), 9);
        Tables.writeOutputMap(s, new OutputMap(0, 0, 0xF));
        Tables.writeUniform(s, new Uniform("WORLDVIEWPROJ", 0x10, 0x13), 0);
        Tables.writeDescriptor(s, new OperandDescriptor(0x8D80036F, 0xF));
        assertArrayEquals(hex("02 00 01 00 12 00 00 00 17 00 00 00 09 00 00 00" + "00 00 00 00 0f 00 00 00" + "00 00 00 00 10 00 13 00"
                + "6f 03 80 8d 0f 00 00 00"), s.toByteArray());
    }
}
