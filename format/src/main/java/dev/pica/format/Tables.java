package dev.pica.format;

import java.util.ArrayList;
import java.util.List;

/** Readers and writers of the table entries DVOJ and DVLE share (shbin-format.md 5.3-5.6). */
final class Tables {
    private Tables() {}

    static void writeConstant(ByteSink s, Constant c) {
        s.u16(c.type()).u16(c.index());
        switch (c.type()) {
            case Constant.FLOAT -> s.u32(c.x()).u32(c.y()).u32(c.z()).u32(c.w());
            case Constant.INT -> s.u8(c.x()).u8(c.y()).u8(c.z()).u8(c.w()).zeros(12);
            default -> s.u32(c.x()).zeros(12);
        }
    }

    static List<Constant> readConstants(ByteSource b, int off, int count) throws FormatException {
        b.table(off, count, 20, "constant table");
        List<Constant> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int p = off + 20 * k;
            int type = b.u16(p, "constant type");
            int index = b.u16(p + 2, "constant register");
            int limit = switch (type) {
                case Constant.FLOAT -> 96;
                case Constant.INT -> 4;
                case Constant.BOOL -> 16;
                default -> throw new FormatException(b.base() + p, "constant " + k + " has unknown type " + type);
            };
            if (index >= limit) {
                throw new FormatException(b.base() + p + 2, "constant " + k + " register index " + index + " out of range");
            }
            if (type == Constant.INT) {
                out.add(new Constant(type, index, b.u8(p + 4, "int"), b.u8(p + 5, "int"), b.u8(p + 6, "int"), b.u8(p + 7, "int")));
            } else if (type == Constant.BOOL) {
                out.add(new Constant(type, index, b.u32(p + 4, "bool"), 0, 0, 0));
            } else {
                out.add(new Constant(type, index, b.u32(p + 4, "x"), b.u32(p + 8, "y"), b.u32(p + 12, "z"), b.u32(p + 16, "w")));
            }
        }
        return out;
    }

    static void writeOutputMap(ByteSink s, OutputMap o) {
        s.u16(o.type()).u16(o.register()).u16(o.mask()).u16(0);
    }

    static List<OutputMap> readOutputMaps(ByteSource b, int off, int count) throws FormatException {
        b.table(off, count, 8, "output-map table");
        List<OutputMap> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int p = off + 8 * k;
            out.add(new OutputMap(b.u16(p, "output type"), b.u16(p + 2, "output register"), b.u16(p + 4, "output mask")));
        }
        return out;
    }

    /** Label entries; names are written by the caller's string table, offsets given in order. */
    static void writeLabel(ByteSink s, int id, Label l, int nameOffset) {
        s.u32(0x00010000 | id).u32(l.address()).u32(l.length()).u32(nameOffset);
    }

    /** Labels point into the code or at its end; a subroutine's length stays inside it. */
    static List<Label> readLabels(ByteSource b, int off, int count, int strOff, int strSize, int codeSize) throws FormatException {
        b.table(off, count, 16, "label table");
        List<Label> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int p = off + 16 * k;
            String name = b.cstring(strOff, strSize, b.u32(p + 12, "label name"), "label " + k);
            int address = b.u32(p + 4, "label address");
            int length = b.u32(p + 8, "label length");
            if (Integer.toUnsignedLong(address) > codeSize) {
                throw new FormatException(b.base() + p + 4, "label '" + name + "' address " + Integer.toUnsignedString(address)
                        + " lies past the code (" + codeSize + " words)");
            }
            if (length != Label.NO_RET && Integer.toUnsignedLong(address) + Integer.toUnsignedLong(length) > codeSize) {
                throw new FormatException(b.base() + p + 8, "label '" + name + "' length " + Integer.toUnsignedString(length)
                        + " runs past the code (" + codeSize + " words)");
            }
            out.add(new Label(name, address, length));
        }
        return out;
    }

    static List<Uniform> readUniforms(ByteSource b, int off, int count, int strOff, int strSize) throws FormatException {
        b.table(off, count, 8, "uniform table");
        List<Uniform> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int p = off + 8 * k;
            String name = b.cstring(strOff, strSize, b.u32(p, "uniform name"), "uniform " + k);
            out.add(new Uniform(name, b.u16(p + 4, "uniform first"), b.u16(p + 6, "uniform last")));
        }
        return out;
    }

    /** @param countField where the count was read (named when the count is impossible) */
    static List<OperandDescriptor> readDescriptors(ByteSource b, int off, int count, int countField) throws FormatException {
        if (Integer.toUnsignedLong(count) > Limits.DESCRIPTORS) {
            throw new FormatException(b.base() + countField, "operand-descriptor count " + Integer.toUnsignedString(count) + " exceeds " + Limits.DESCRIPTORS);
        }
        b.table(off, count, 8, "operand-descriptor table");
        List<OperandDescriptor> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            out.add(new OperandDescriptor(b.u32(off + 8 * k, "descriptor"), b.u16(off + 8 * k + 4, "usedInfo")));
        }
        return out;
    }

    static int[] readCode(ByteSource b, int off, int count) throws FormatException {
        b.table(off, count, 4, "code");
        int[] code = new int[count];
        for (int k = 0; k < count; k++) code[k] = b.u32(off + 4 * k, "code word");
        return code;
    }
}
