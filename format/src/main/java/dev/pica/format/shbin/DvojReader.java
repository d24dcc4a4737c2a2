package dev.pica.format.shbin;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.shbin.bytes.ByteSource;
import dev.pica.format.shbin.bytes.Tables;
import java.util.ArrayList;
import java.util.List;

/** Reads and validates a DVOJ object; every inconsistency is a {@link FormatException} with its offset. */
public final class DvojReader {
    private DvojReader() {}

    public static boolean looksLikeDvoj(byte[] data) {
        return data.length >= 4 && data[0] == 'D' && data[1] == 'V' && data[2] == 'O' && data[3] == 'J';
    }

    public static Dvoj read(byte[] data) throws FormatException {
        ByteSource b = new ByteSource(data);
        b.magic(Layout.Dvoj.MAGIC.offset(), "DVOJ");
        int version = b.read(Layout.Dvoj.VERSION);
        if (version != Dvoj.VERSION) {
            throw new FormatException(Layout.Dvoj.VERSION.offset(), String.format("unsupported DVOJ version 0x%04X (expected 0x%04X)", version, Dvoj.VERSION));
        }
        int type = b.read(Layout.Dvoj.SHADER_TYPE);
        if (type > 1) throw new FormatException(Layout.Dvoj.SHADER_TYPE.offset(), "shader type " + type + " is neither 0 (vertex) nor 1 (geometry)");
        int flags = b.read(Layout.Dvoj.FLAGS);
        int inputMask = b.read(Layout.Dvoj.INPUT_MASK);
        int outputMask = b.read(Layout.Dvoj.OUTPUT_MASK);
        b.magic(Layout.Dvoj.EXT_MAGIC.offset(), "DVOX");
        int major = b.read(Layout.Dvoj.EXT_MAJOR);
        if (major != Dvoj.EXT_MAJOR) throw new FormatException(Layout.Dvoj.EXT_MAJOR.offset(), "unsupported DVOX major version " + major);
        int extSize = b.read(Layout.Dvoj.EXT_SIZE);
        if (extSize < Layout.Dvoj.EXTENSION_SIZE) throw new FormatException(Layout.Dvoj.EXT_SIZE.offset(), "extension header size " + extSize + " is below 0x40");
        int extFlags = b.read(Layout.Dvoj.EXT_FLAGS);
        int strOff = b.read(Layout.Dvoj.STRING_OFFSET);
        int strSize = b.read(Layout.Dvoj.STRING_SIZE);
        b.table(strOff, strSize, 1, "string table");

        int codeOff = b.read(Layout.Dvoj.CODE_OFFSET);
        int codeCount = b.read(Layout.Dvoj.CODE_COUNT);
        int[] code = Tables.readCode(b, codeOff, codeCount);
        if (codeCount > Limits.CODE_WORDS) throw new FormatException(Layout.Dvoj.CODE_COUNT.offset(), "code size " + codeCount + " exceeds " + Limits.CODE_WORDS + " words");
        Instruction[] decoded = ContentChecks.code(code, codeOff);

        List<Constant> constants = Tables.readConstants(b, b.read(Layout.Dvoj.CONSTANT_OFFSET), b.read(Layout.Dvoj.CONSTANT_COUNT));
        List<Label> labels = Tables.readLabels(b, b.read(Layout.Dvoj.LABEL_OFFSET), b.read(Layout.Dvoj.LABEL_COUNT), strOff, strSize, codeCount);
        List<OperandDescriptor> descs = Tables.readDescriptors(b, b.read(Layout.Dvoj.DESCRIPTOR_OFFSET), b.read(Layout.Dvoj.DESCRIPTOR_COUNT), Layout.Dvoj.DESCRIPTOR_COUNT.offset());

        int lineOff = b.read(Layout.Dvoj.LINE_OFFSET);
        int lineCount = b.read(Layout.Dvoj.LINE_COUNT);
        b.table(lineOff, lineCount, Layout.LineEntry.ENTRY.size(), "line info");
        if (lineCount != codeCount) {
            throw new FormatException(Layout.Dvoj.LINE_COUNT.offset(), "line info has " + lineCount + " entries for " + codeCount + " code words");
        }
        List<LineInfo> lines = readLines(b, lineOff, lineCount, strOff, strSize, "line info");

        List<Dvoj.OperandRecord> records = readRecords(b, code, codeOff);
        List<OutputMap> outs = Tables.readOutputMaps(b, b.read(Layout.Dvoj.OUTPUT_MAP_OFFSET), b.read(Layout.Dvoj.OUTPUT_MAP_COUNT));
        ContentChecks.outputMaps(outs, b.read(Layout.Dvoj.OUTPUT_MAP_OFFSET), type == 1);
        List<Uniform> unis = Tables.readUniforms(b, b.read(Layout.Dvoj.UNIFORM_OFFSET), b.read(Layout.Dvoj.UNIFORM_COUNT), strOff, strSize);
        ContentChecks.uniforms(unis, b.read(Layout.Dvoj.UNIFORM_OFFSET));

        int mainLabel = labelIndex(b, Layout.Dvoj.MAIN_LABEL.offset(), labels.size(), "main");
        int endLabel = labelIndex(b, Layout.Dvoj.ENDMAIN_LABEL.offset(), labels.size(), "endmain");
        if (mainLabel >= 0 && labels.get(mainLabel).address() >= codeCount) {
            throw new FormatException(Layout.Dvoj.MAIN_LABEL.offset(), "'main' label points past the last instruction (" + codeCount + " words)");
        }
        if (mainLabel >= 0 && endLabel >= 0 && labels.get(endLabel).address() < labels.get(mainLabel).address()) {
            throw new FormatException(Layout.Dvoj.ENDMAIN_LABEL.offset(), "'endmain' label lies before 'main'");
        }
        GsMode gs = GsMode.unpack(b.read(Layout.Dvoj.GS_BYTES));
        String source = b.cstring(strOff, strSize, b.read(Layout.Dvoj.SOURCE_NAME), "source name");

        List<String> imports = readImports(b, strOff, strSize);
        List<Dvoj.Relocation> relocs = readRelocations(b, code, imports.size());
        checkTargets(decoded, relocs, codeOff);
        int orgOff = b.read(Layout.Dvoj.ORIGIN_OFFSET);
        int orgCount = b.read(Layout.Dvoj.ORIGIN_COUNT);
        b.table(orgOff, orgCount, Layout.LineEntry.ENTRY.size(), "constant origins");
        if (orgCount != constants.size()) {
            throw new FormatException(Layout.Dvoj.ORIGIN_COUNT.offset(), "constant origin count " + orgCount + " differs from constant count " + constants.size());
        }
        List<LineInfo> origins = readLines(b, orgOff, orgCount, strOff, strSize, "constant origin");
        return new Dvoj(type, flags, inputMask, outputMask, constants, labels, code, descs, lines, records, outs, unis,
                (extFlags & 1) != 0, (extFlags & 2) != 0, mainLabel, endLabel, gs, source, relocs, imports, origins);
    }

    /** The operand records: ascending, one per word that takes a descriptor, usedInfo 4 bits. */
    private static List<Dvoj.OperandRecord> readRecords(ByteSource b, int[] code, int codeOff) throws FormatException {
        int codeCount = code.length;
        int recOff = b.read(Layout.Dvoj.RECORD_OFFSET);
        int recCount = b.read(Layout.Dvoj.RECORD_COUNT);
        b.table(recOff, recCount, Layout.OperandRecordEntry.ENTRY.size(), "operand records");
        List<Dvoj.OperandRecord> records = new ArrayList<>(recCount);
        int prev = -1;
        for (int k = 0; k < recCount; k++) {
            int p = recOff + Layout.OperandRecordEntry.ENTRY.size() * k;
            int idx = b.u32(p + Layout.OperandRecordEntry.INSTRUCTION.offset(), "operand record index");
            if (idx <= prev || idx >= codeCount) {
                throw new FormatException(p, "operand record " + k + " names instruction " + Integer.toUnsignedString(idx)
                        + " (must ascend and be below " + codeCount + ")");
            }
            Opcode op = Opcode.ofWord(code[idx]);
            if (op == null || !op.hasDescriptor()) {
                throw new FormatException(p, "operand record " + k + " names instruction " + idx + ", which takes no descriptor");
            }
            prev = idx;
            int usedAt = p + Layout.OperandRecordEntry.USED.offset();
            int used = b.u32(usedAt, "usedInfo");
            if (used < 0 || used > 0xF) throw new FormatException(usedAt, "operand record " + k + " usedInfo " + used + " is not 4 bits");
            records.add(new Dvoj.OperandRecord(idx, b.u32(p + Layout.OperandRecordEntry.DESCRIPTOR.offset(), "descriptor"), used));
        }
        boolean[] hasRecord = new boolean[codeCount];
        for (Dvoj.OperandRecord r : records) hasRecord[r.index()] = true;
        for (int k = 0; k < codeCount; k++) {
            if (Opcode.ofWord(code[k]).hasDescriptor() && !hasRecord[k]) {
                throw new FormatException(codeOff + 4 * k, "code word " + k + " takes an operand descriptor but has no operand record");
            }
        }
        return records;
    }

    /** The import table's names. */
    private static List<String> readImports(ByteSource b, int strOff, int strSize) throws FormatException {
        int impOff = b.read(Layout.Dvoj.IMPORT_OFFSET);
        int impCount = b.read(Layout.Dvoj.IMPORT_COUNT);
        b.table(impOff, impCount, 4, "import table");
        List<String> imports = new ArrayList<>(impCount);
        for (int k = 0; k < impCount; k++) {
            imports.add(b.cstring(strOff, strSize, b.u32(impOff + 4 * k, "import name"), "import " + k));
        }
        return imports;
    }

    /** The relocations: each names a call or jump word of the code and one of the imports. */
    private static List<Dvoj.Relocation> readRelocations(ByteSource b, int[] code, int impCount) throws FormatException {
        int codeCount = code.length;
        int relOff = b.read(Layout.Dvoj.RELOCATION_OFFSET);
        int relCount = b.read(Layout.Dvoj.RELOCATION_COUNT);
        b.table(relOff, relCount, Layout.RelocationEntry.ENTRY.size(), "relocation table");
        List<Dvoj.Relocation> relocs = new ArrayList<>(relCount);
        for (int k = 0; k < relCount; k++) {
            int p = relOff + Layout.RelocationEntry.ENTRY.size() * k;
            int kindAt = p + Layout.RelocationEntry.KIND.offset(), impAt = p + Layout.RelocationEntry.IMPORT.offset();
            int idx = b.u32(p + Layout.RelocationEntry.INSTRUCTION.offset(), "relocation index");
            int kind = b.u32(kindAt, "relocation kind");
            int imp = b.u32(impAt, "relocation import");
            if (idx < 0 || idx >= codeCount) throw new FormatException(p, "relocation " + k + " names instruction " + Integer.toUnsignedString(idx) + " outside the code");
            if (kind != Dvoj.Relocation.CALL && kind != Dvoj.Relocation.JUMP) throw new FormatException(kindAt, "relocation " + k + " has unknown kind " + kind);
            if (imp < 0 || imp >= impCount) throw new FormatException(impAt, "relocation " + k + " names import " + Integer.toUnsignedString(imp) + " of " + impCount);
            Opcode op = Opcode.ofWord(code[idx]);
            boolean fits = kind == Dvoj.Relocation.CALL ? op != null && op.isCall() : op != null && op.isJump();
            if (!fits) throw new FormatException(p, "relocation " + k + " of kind " + kind + " applies to a word that is not a " + (kind == 1 ? "call" : "jump"));
            relocs.add(new Dvoj.Relocation(idx, kind, imp));
        }
        return relocs;
    }

    /** Every call, jump, if and loop the linker does not relocate stays inside the object's code. */
    private static void checkTargets(Instruction[] decoded, List<Dvoj.Relocation> relocs, int codeOff) throws FormatException {
        int codeCount = decoded.length;
        boolean[] relocated = new boolean[codeCount];
        for (Dvoj.Relocation r : relocs) relocated[r.index()] = true;
        for (int k = 0; k < codeCount; k++) {
            Instruction i = decoded[k];
            Opcode op = i.op();
            if (!op.hasCodeAddress() || relocated[k]) continue;
            long end = Fixups.reach(i);
            if (i.target() > codeCount || end > codeCount) {
                throw new FormatException(codeOff + 4 * k, "code word " + k + " (" + op.mnemonic + ") targets word " + i.target()
                        + (op.isJump() ? "" : " length " + i.num()) + ", past the object's code (" + codeCount + " words)");
            }
        }
    }

    private static int labelIndex(ByteSource b, int at, int count, String what) throws FormatException {
        int v = b.u32(at, what + " label index");
        if (v != -1 && (v < 0 || v >= count)) {
            throw new FormatException(at, "'" + what + "' label index " + Integer.toUnsignedString(v) + " is outside the label table (" + count + " labels)");
        }
        return v;
    }

    private static List<LineInfo> readLines(ByteSource b, int off, int count, int strOff, int strSize, String what) throws FormatException {
        List<LineInfo> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int p = off + Layout.LineEntry.ENTRY.size() * k;
            out.add(new LineInfo(b.cstring(strOff, strSize, b.u32(p + Layout.LineEntry.FILE.offset(), what + " file"), what + " " + k),
                    b.u32(p + Layout.LineEntry.LINE.offset(), what + " line")));
        }
        return out;
    }
}
