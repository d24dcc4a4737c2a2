package dev.pica.format.shbin;

import java.util.List;

/**
 * The layouts of the binary formats (shbin-format.md 3-5, docs/dvoj.md), headers and table
 * entries, every field named once with its offset and size, as dexlib2's raw items do: the
 * readers, the writers and the dump all use these.
 */
public final class Layout {
    private Layout() {}

    /** A header field: offset from the header's start, size in bytes (1, 2 or 4), name as the dump prints it. */
    public record Field(int offset, int size, String name) {
        /** The name in words for messages: "codeOffset" is "code offset". */
        public String words() {
            return name.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static Field f(int offset, int size, String name) {
        return new Field(offset, size, name);
    }

    /** The DVLB header: magic, DVLE count, then one 4-byte DVLE offset per DVLE. */
    public static final class Dvlb {
        public static final Field MAGIC = f(0x00, 4, "magic");
        public static final Field DVLE_COUNT = f(0x04, 4, "dvleCount");
        public static final int DVLE_OFFSETS = 0x08;
    }

    /** The DVLP header (shbin-format.md 4). */
    public static final class Dvlp {
        public static final Field MAGIC = f(0x00, 4, "magic");
        public static final Field VERSION = f(0x04, 4, "version");
        public static final Field CODE_OFFSET = f(0x08, 4, "codeOffset");
        public static final Field CODE_COUNT = f(0x0C, 4, "codeWords");
        public static final Field DESCRIPTOR_OFFSET = f(0x10, 4, "opdescOffset");
        public static final Field DESCRIPTOR_COUNT = f(0x14, 4, "opdescCount");
        public static final Field LINE_OFFSET = f(0x18, 4, "lineOffset");
        public static final Field LINE_COUNT = f(0x1C, 4, "lineCount");
        public static final Field STRING_OFFSET = f(0x20, 4, "stringOffset");
        public static final Field STRING_SIZE = f(0x24, 4, "stringSize");
        public static final int SIZE = 0x28;
        public static final List<Field> FIELDS = List.of(MAGIC, VERSION, CODE_OFFSET, CODE_COUNT, DESCRIPTOR_OFFSET, DESCRIPTOR_COUNT,
                LINE_OFFSET, LINE_COUNT, STRING_OFFSET, STRING_SIZE);
    }

    /** The DVLE header (shbin-format.md 5). */
    public static final class Dvle {
        public static final Field MAGIC = f(0x00, 4, "magic");
        public static final Field VERSION = f(0x04, 2, "version");
        public static final Field SHADER_TYPE = f(0x06, 1, "shaderType");
        public static final Field FLAGS = f(0x07, 1, "flags");
        public static final Field MAIN_ADDR = f(0x08, 4, "mainAddr");
        public static final Field END_ADDR = f(0x0C, 4, "endAddr");
        public static final Field INPUT_MASK = f(0x10, 2, "inputMask");
        public static final Field OUTPUT_MASK = f(0x12, 2, "outputMask");
        public static final Field GS_MODE = f(0x14, 1, "gsMode");
        public static final Field GS_FIXED_START = f(0x15, 1, "gsFixedStart");
        public static final Field GS_VARIABLE_COUNT = f(0x16, 1, "gsVariableCount");
        public static final Field GS_FIXED_COUNT = f(0x17, 1, "gsFixedCount");
        public static final Field CONSTANT_OFFSET = f(0x18, 4, "constantOffset");
        public static final Field CONSTANT_COUNT = f(0x1C, 4, "constantCount");
        public static final Field LABEL_OFFSET = f(0x20, 4, "labelOffset");
        public static final Field LABEL_COUNT = f(0x24, 4, "labelCount");
        public static final Field OUTPUT_MAP_OFFSET = f(0x28, 4, "outputMapOffset");
        public static final Field OUTPUT_MAP_COUNT = f(0x2C, 4, "outputMapCount");
        public static final Field UNIFORM_OFFSET = f(0x30, 4, "uniformOffset");
        public static final Field UNIFORM_COUNT = f(0x34, 4, "uniformCount");
        public static final Field STRING_OFFSET = f(0x38, 4, "stringOffset");
        public static final Field STRING_SIZE = f(0x3C, 4, "stringSize");
        public static final int SIZE = 0x40;
        public static final List<Field> FIELDS = List.of(MAGIC, VERSION, SHADER_TYPE, FLAGS, MAIN_ADDR, END_ADDR, INPUT_MASK, OUTPUT_MASK,
                GS_MODE, GS_FIXED_START, GS_VARIABLE_COUNT, GS_FIXED_COUNT, CONSTANT_OFFSET, CONSTANT_COUNT, LABEL_OFFSET, LABEL_COUNT,
                OUTPUT_MAP_OFFSET, OUTPUT_MAP_COUNT, UNIFORM_OFFSET, UNIFORM_COUNT, STRING_OFFSET, STRING_SIZE);
    }

    /** The DVOJ header and its DVOX extension (docs/dvoj.md). */
    public static final class Dvoj {
        public static final Field MAGIC = f(0x00, 4, "magic");
        public static final Field VERSION = f(0x04, 2, "version");
        public static final Field SHADER_TYPE = f(0x06, 1, "shaderType");
        public static final Field FLAGS = f(0x07, 1, "flags");
        public static final Field INPUT_MASK = f(0x08, 2, "inputMask");
        public static final Field OUTPUT_MASK = f(0x0A, 2, "outputMask");
        public static final Field RESERVED = f(0x0C, 4, "reserved");
        public static final Field CONSTANT_OFFSET = f(0x10, 4, "constantOffset");
        public static final Field CONSTANT_COUNT = f(0x14, 4, "constantCount");
        public static final Field LABEL_OFFSET = f(0x18, 4, "labelOffset");
        public static final Field LABEL_COUNT = f(0x1C, 4, "labelCount");
        public static final Field CODE_OFFSET = f(0x20, 4, "codeOffset");
        public static final Field CODE_COUNT = f(0x24, 4, "codeCount");
        public static final Field DESCRIPTOR_OFFSET = f(0x28, 4, "opdescOffset");
        public static final Field DESCRIPTOR_COUNT = f(0x2C, 4, "opdescCount");
        public static final Field LINE_OFFSET = f(0x30, 4, "lineInfoOffset");
        public static final Field LINE_COUNT = f(0x34, 4, "lineInfoCount");
        public static final Field RECORD_OFFSET = f(0x38, 4, "operandRecordOffset");
        public static final Field RECORD_COUNT = f(0x3C, 4, "operandRecordCount");
        public static final Field OUTPUT_MAP_OFFSET = f(0x40, 4, "outputMapOffset");
        public static final Field OUTPUT_MAP_COUNT = f(0x44, 4, "outputMapCount");
        public static final Field UNIFORM_OFFSET = f(0x48, 4, "uniformOffset");
        public static final Field UNIFORM_COUNT = f(0x4C, 4, "uniformCount");
        public static final Field STRING_OFFSET = f(0x50, 4, "stringOffset");
        public static final Field STRING_SIZE = f(0x54, 4, "stringSize");
        public static final List<Field> FIELDS = List.of(MAGIC, VERSION, SHADER_TYPE, FLAGS, INPUT_MASK, OUTPUT_MASK, RESERVED,
                CONSTANT_OFFSET, CONSTANT_COUNT, LABEL_OFFSET, LABEL_COUNT, CODE_OFFSET, CODE_COUNT, DESCRIPTOR_OFFSET, DESCRIPTOR_COUNT,
                LINE_OFFSET, LINE_COUNT, RECORD_OFFSET, RECORD_COUNT, OUTPUT_MAP_OFFSET, OUTPUT_MAP_COUNT, UNIFORM_OFFSET, UNIFORM_COUNT,
                STRING_OFFSET, STRING_SIZE);
        public static final int SIZE = 0x58;

        public static final Field EXT_MAGIC = f(0x58, 4, "magic");
        public static final Field EXT_MAJOR = f(0x5C, 2, "major");
        public static final Field EXT_MINOR = f(0x5E, 2, "minor");
        public static final Field EXT_SIZE = f(0x60, 4, "size");
        public static final Field EXT_FLAGS = f(0x64, 4, "flags");
        public static final Field MAIN_LABEL = f(0x68, 4, "mainLabel");
        public static final Field ENDMAIN_LABEL = f(0x6C, 4, "endmainLabel");
        public static final Field GS_BYTES = f(0x70, 4, "gsBytes");
        public static final Field SOURCE_NAME = f(0x74, 4, "sourceName");
        public static final Field RELOCATION_OFFSET = f(0x78, 4, "relocationOffset");
        public static final Field RELOCATION_COUNT = f(0x7C, 4, "relocationCount");
        public static final Field IMPORT_OFFSET = f(0x80, 4, "importOffset");
        public static final Field IMPORT_COUNT = f(0x84, 4, "importCount");
        public static final Field ORIGIN_OFFSET = f(0x88, 4, "constantOriginOffset");
        public static final Field ORIGIN_COUNT = f(0x8C, 4, "constantOriginCount");
        public static final List<Field> EXTENSION = List.of(EXT_MAGIC, EXT_MAJOR, EXT_MINOR, EXT_SIZE, EXT_FLAGS, MAIN_LABEL,
                ENDMAIN_LABEL, GS_BYTES, SOURCE_NAME, RELOCATION_OFFSET, RELOCATION_COUNT, IMPORT_OFFSET, IMPORT_COUNT, ORIGIN_OFFSET,
                ORIGIN_COUNT);
        public static final int EXTENSION_SIZE = 0x40;
    }

    /** A table entry: its fields in the order writers write them, and its size. */
    public record Entry(String name, int size, List<Field> fields) {}

    /** A constant (shbin-format.md 5.3): type, register, then 16 bytes of value. */
    public static final class ConstantEntry {
        public static final Field TYPE = f(0x0, 2, "type");
        public static final Field INDEX = f(0x2, 2, "register");
        public static final Field X = f(0x4, 4, "x");
        public static final Field Y = f(0x8, 4, "y");
        public static final Field Z = f(0xC, 4, "z");
        public static final Field W = f(0x10, 4, "w");
        public static final Entry ENTRY = new Entry("constant", 20, List.of(TYPE, INDEX, X, Y, Z, W));
    }

    /** A label (shbin-format.md 5.4). */
    public static final class LabelEntry {
        public static final Field ID = f(0x0, 4, "id");
        public static final Field ADDRESS = f(0x4, 4, "address");
        public static final Field LENGTH = f(0x8, 4, "length");
        public static final Field NAME = f(0xC, 4, "name");
        public static final Entry ENTRY = new Entry("label", 16, List.of(ID, ADDRESS, LENGTH, NAME));
    }

    /** An output map (shbin-format.md 5.5). */
    public static final class OutputMapEntry {
        public static final Field TYPE = f(0x0, 2, "type");
        public static final Field REGISTER = f(0x2, 2, "register");
        public static final Field MASK = f(0x4, 2, "mask");
        public static final Field PAD = f(0x6, 2, "pad");
        public static final Entry ENTRY = new Entry("output map", 8, List.of(TYPE, REGISTER, MASK, PAD));
    }

    /** A uniform (shbin-format.md 5.6): name, first and last unified register. */
    public static final class UniformEntry {
        public static final Field NAME = f(0x0, 4, "name");
        public static final Field FIRST = f(0x4, 2, "first");
        public static final Field LAST = f(0x6, 2, "last");
        public static final Entry ENTRY = new Entry("uniform", 8, List.of(NAME, FIRST, LAST));
    }

    /** An operand descriptor (shbin-format.md 4.1). */
    public static final class DescriptorEntry {
        public static final Field VALUE = f(0x0, 4, "value");
        public static final Field USED = f(0x4, 2, "usedInfo");
        public static final Field PAD = f(0x6, 2, "pad");
        public static final Entry ENTRY = new Entry("operand descriptor", 8, List.of(VALUE, USED, PAD));
    }

    /** A line-table entry (DVLP and DVOJ line info): file name offset, line. */
    public static final class LineEntry {
        public static final Field FILE = f(0x0, 4, "file");
        public static final Field LINE = f(0x4, 4, "line");
        public static final Entry ENTRY = new Entry("line", 8, List.of(FILE, LINE));
    }

    /** A DVOJ operand record (docs/dvoj.md): instruction, its own descriptor, usedInfo. */
    public static final class OperandRecordEntry {
        public static final Field INSTRUCTION = f(0x0, 4, "instruction");
        public static final Field DESCRIPTOR = f(0x4, 4, "descriptor");
        public static final Field USED = f(0x8, 4, "usedInfo");
        public static final Entry ENTRY = new Entry("operand record", 12, List.of(INSTRUCTION, DESCRIPTOR, USED));
    }

    /** A DVOJ relocation (docs/dvoj.md): instruction, kind, import. */
    public static final class RelocationEntry {
        public static final Field INSTRUCTION = f(0x0, 4, "instruction");
        public static final Field KIND = f(0x4, 4, "kind");
        public static final Field IMPORT = f(0x8, 4, "import");
        public static final Entry ENTRY = new Entry("relocation", 12, List.of(INSTRUCTION, KIND, IMPORT));
    }
}
