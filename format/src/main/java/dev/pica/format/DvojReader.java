package dev.pica.format;

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
        b.magic(0, "DVOJ");
        int version = b.u16(4, "version");
        if (version != Dvoj.VERSION) {
            throw new FormatException(4, String.format("unsupported DVOJ version 0x%04X (expected 0x%04X)", version, Dvoj.VERSION));
        }
        int type = b.u8(6, "shader type");
        if (type > 1) throw new FormatException(6, "shader type " + type + " is neither 0 (vertex) nor 1 (geometry)");
        int flags = b.u8(7, "flags");
        int inputMask = b.u16(8, "input mask");
        int outputMask = b.u16(0xA, "output mask");
        b.magic(0x58, "DVOX");
        int major = b.u16(0x5C, "extension major version");
        if (major != Dvoj.EXT_MAJOR) throw new FormatException(0x5C, "unsupported DVOX major version " + major);
        int extSize = b.u32(0x60, "extension size");
        if (extSize < Dvoj.EXT_SIZE) throw new FormatException(0x60, "extension header size " + extSize + " is below 0x40");
        int extFlags = b.u32(0x64, "extension flags");
        int strOff = b.u32(0x50, "string table offset");
        int strSize = b.u32(0x54, "string table size");
        b.table(strOff, strSize, 1, "string table");

        int codeOff = b.u32(0x20, "code offset");
        int codeCount = b.u32(0x24, "code size");
        int[] code = Tables.readCode(b, codeOff, codeCount);
        if (codeCount > Limits.CODE_WORDS) throw new FormatException(0x24, "code size " + codeCount + " exceeds " + Limits.CODE_WORDS + " words");
        ContentChecks.code(code, codeOff);

        List<Constant> constants = Tables.readConstants(b, b.u32(0x10, "constant offset"), b.u32(0x14, "constant count"));
        List<Label> labels = Tables.readLabels(b, b.u32(0x18, "label offset"), b.u32(0x1C, "label count"), strOff, strSize, codeCount);
        List<OperandDescriptor> descs = Tables.readDescriptors(b, b.u32(0x28, "descriptor offset"), b.u32(0x2C, "descriptor count"), 0x2C);

        int lineOff = b.u32(0x30, "line info offset");
        int lineCount = b.u32(0x34, "line info count");
        b.table(lineOff, lineCount, 8, "line info");
        if (lineCount != codeCount) {
            throw new FormatException(0x34, "line info has " + lineCount + " entries for " + codeCount + " code words");
        }
        List<LineInfo> lines = readLines(b, lineOff, lineCount, strOff, strSize, "line info");

        int recOff = b.u32(0x38, "operand record offset");
        int recCount = b.u32(0x3C, "operand record count");
        b.table(recOff, recCount, 12, "operand records");
        List<Dvoj.OperandRecord> records = new ArrayList<>(recCount);
        int prev = -1;
        for (int k = 0; k < recCount; k++) {
            int p = recOff + 12 * k;
            int idx = b.u32(p, "operand record index");
            if (idx <= prev || idx >= codeCount) {
                throw new FormatException(p, "operand record " + k + " names instruction " + Integer.toUnsignedString(idx)
                        + " (must ascend and be below " + codeCount + ")");
            }
            Opcode op = Opcode.ofWord(code[idx]);
            if (op == null || !op.hasDescriptor()) {
                throw new FormatException(p, "operand record " + k + " names instruction " + idx + ", which takes no descriptor");
            }
            prev = idx;
            int used = b.u32(p + 8, "usedInfo");
            if (used < 0 || used > 0xF) throw new FormatException(p + 8, "operand record " + k + " usedInfo " + used + " is not 4 bits");
            records.add(new Dvoj.OperandRecord(idx, b.u32(p + 4, "descriptor"), used));
        }
        boolean[] hasRecord = new boolean[codeCount];
        for (Dvoj.OperandRecord r : records) hasRecord[r.index()] = true;
        for (int k = 0; k < codeCount; k++) {
            if (Opcode.ofWord(code[k]).hasDescriptor() && !hasRecord[k]) {
                throw new FormatException(codeOff + 4 * k, "code word " + k + " takes an operand descriptor but has no operand record");
            }
        }
        List<OutputMap> outs = Tables.readOutputMaps(b, b.u32(0x40, "output map offset"), b.u32(0x44, "output map count"));
        ContentChecks.outputMaps(outs, b.u32(0x40, "output map offset"), type == 1);
        List<Uniform> unis = Tables.readUniforms(b, b.u32(0x48, "uniform offset"), b.u32(0x4C, "uniform count"), strOff, strSize);
        ContentChecks.uniforms(unis, b.u32(0x48, "uniform offset"));

        int mainLabel = labelIndex(b, 0x68, labels.size(), "main");
        int endLabel = labelIndex(b, 0x6C, labels.size(), "endmain");
        if (mainLabel >= 0 && labels.get(mainLabel).address() >= codeCount) {
            throw new FormatException(0x68, "'main' label points past the last instruction (" + codeCount + " words)");
        }
        if (mainLabel >= 0 && endLabel >= 0 && labels.get(endLabel).address() < labels.get(mainLabel).address()) {
            throw new FormatException(0x6C, "'endmain' label lies before 'main'");
        }
        GsMode gs = GsMode.unpack(b.u32(0x70, "GS mode"));
        String source = b.cstring(strOff, strSize, b.u32(0x74, "source name"), "source name");

        int impOff = b.u32(0x80, "import offset");
        int impCount = b.u32(0x84, "import count");
        b.table(impOff, impCount, 4, "import table");
        List<String> imports = new ArrayList<>(impCount);
        for (int k = 0; k < impCount; k++) {
            imports.add(b.cstring(strOff, strSize, b.u32(impOff + 4 * k, "import name"), "import " + k));
        }
        int relOff = b.u32(0x78, "relocation offset");
        int relCount = b.u32(0x7C, "relocation count");
        b.table(relOff, relCount, 12, "relocation table");
        List<Dvoj.Relocation> relocs = new ArrayList<>(relCount);
        for (int k = 0; k < relCount; k++) {
            int p = relOff + 12 * k;
            int idx = b.u32(p, "relocation index");
            int kind = b.u32(p + 4, "relocation kind");
            int imp = b.u32(p + 8, "relocation import");
            if (idx < 0 || idx >= codeCount) throw new FormatException(p, "relocation " + k + " names instruction " + Integer.toUnsignedString(idx) + " outside the code");
            if (kind != Dvoj.Relocation.CALL && kind != Dvoj.Relocation.JUMP) throw new FormatException(p + 4, "relocation " + k + " has unknown kind " + kind);
            if (imp < 0 || imp >= impCount) throw new FormatException(p + 8, "relocation " + k + " names import " + Integer.toUnsignedString(imp) + " of " + impCount);
            Opcode op = Opcode.ofWord(code[idx]);
            boolean fits = kind == Dvoj.Relocation.CALL ? op != null && op.isCall() : op != null && op.isJump();
            if (!fits) throw new FormatException(p, "relocation " + k + " of kind " + kind + " applies to a word that is not a " + (kind == 1 ? "call" : "jump"));
            relocs.add(new Dvoj.Relocation(idx, kind, imp));
        }
        boolean[] relocated = new boolean[codeCount];
        for (Dvoj.Relocation r : relocs) relocated[r.index()] = true;
        for (int k = 0; k < codeCount; k++) {
            Instruction i = InstructionCodec.decode(code[k]);
            Opcode op = i.op();
            boolean flow = op.isCall() || op.isJump() || op == Opcode.IFU || op == Opcode.IFC || op == Opcode.LOOP;
            if (!flow || relocated[k]) continue;
            long end = (long) i.target() + (op.isJump() ? 0 : op == Opcode.LOOP ? 1 : i.num());
            if (i.target() > codeCount || end > codeCount) {
                throw new FormatException(codeOff + 4 * k, "code word " + k + " (" + op.mnemonic + ") targets word " + i.target()
                        + (op.isJump() ? "" : " length " + i.num()) + ", past the object's code (" + codeCount + " words)");
            }
        }
        int orgOff = b.u32(0x88, "constant origin offset");
        int orgCount = b.u32(0x8C, "constant origin count");
        b.table(orgOff, orgCount, 8, "constant origins");
        if (orgCount != constants.size()) {
            throw new FormatException(0x8C, "constant origin count " + orgCount + " differs from constant count " + constants.size());
        }
        List<LineInfo> origins = readLines(b, orgOff, orgCount, strOff, strSize, "constant origin");
        return new Dvoj(type, flags, inputMask, outputMask, constants, labels, code, descs, lines, records, outs, unis,
                (extFlags & 1) != 0, (extFlags & 2) != 0, mainLabel, endLabel, gs, source, relocs, imports, origins);
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
            int p = off + 8 * k;
            out.add(new LineInfo(b.cstring(strOff, strSize, b.u32(p, what + " file"), what + " " + k), b.u32(p + 4, what + " line")));
        }
        return out;
    }
}
