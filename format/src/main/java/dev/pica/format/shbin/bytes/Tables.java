package dev.pica.format.shbin.bytes;

import dev.pica.format.isa.Limits;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.FormatException;
import dev.pica.format.shbin.Label;
import dev.pica.format.shbin.Layout.ConstantEntry;
import dev.pica.format.shbin.Layout.DescriptorEntry;
import dev.pica.format.shbin.Layout.LabelEntry;
import dev.pica.format.shbin.Layout.OutputMapEntry;
import dev.pica.format.shbin.Layout.UniformEntry;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.List;

/** Readers and writers of the table entries DVOJ and DVLE share (shbin-format.md 5.3-5.6). */
public final class Tables {
    private Tables() {}

    public static void writeConstant(ByteSink s, Constant c) {
        switch (c.type()) {
            case Constant.FLOAT -> s.entry(ConstantEntry.ENTRY, c.type(), c.index(), c.x(), c.y(), c.z(), c.w());
            // an integer's four bytes in x's place, a bool's 0 or 1 in x
            case Constant.INT -> s.entry(ConstantEntry.ENTRY, c.type(), c.index(), c.x() & 0xFF | (c.y() & 0xFF) << 8 | (c.z() & 0xFF) << 16 | c.w() << 24, 0, 0, 0);
            default -> s.entry(ConstantEntry.ENTRY, c.type(), c.index(), c.x(), 0, 0, 0);
        }
    }

    public static List<Constant> readConstants(ByteSource b, int off, int count) throws FormatException {
        b.table(off, count, ConstantEntry.ENTRY.size(), "constant table");
        List<Constant> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int p = off + ConstantEntry.ENTRY.size() * k;
            int type = b.u16(p + ConstantEntry.TYPE.offset(), "constant type");
            int index = b.u16(p + ConstantEntry.INDEX.offset(), "constant register");
            int limit = switch (type) {
                case Constant.FLOAT -> RegisterFile.FLOAT_UNIFORM.count;
                case Constant.INT -> RegisterFile.INT_UNIFORM.count;
                case Constant.BOOL -> RegisterFile.BOOL_UNIFORM.count;
                default -> throw new FormatException(b.base() + p, "constant " + k + " has unknown type " + type);
            };
            if (index >= limit) {
                throw new FormatException(b.base() + p + ConstantEntry.INDEX.offset(), "constant " + k + " register index " + index + " out of range");
            }
            int x = p + ConstantEntry.X.offset();
            if (type == Constant.INT) {
                out.add(new Constant(type, index, b.u8(x, "int"), b.u8(x + 1, "int"), b.u8(x + 2, "int"), b.u8(x + 3, "int")));
            } else if (type == Constant.BOOL) {
                out.add(new Constant(type, index, b.u32(x, "bool"), 0, 0, 0));
            } else {
                out.add(new Constant(type, index, b.u32(x, "x"), b.u32(p + ConstantEntry.Y.offset(), "y"), b.u32(p + ConstantEntry.Z.offset(), "z"),
                        b.u32(p + ConstantEntry.W.offset(), "w")));
            }
        }
        return out;
    }

    public static void writeOutputMap(ByteSink s, OutputMap o) {
        s.entry(OutputMapEntry.ENTRY, o.type(), o.register(), o.mask(), 0);
    }

    public static List<OutputMap> readOutputMaps(ByteSource b, int off, int count) throws FormatException {
        b.table(off, count, OutputMapEntry.ENTRY.size(), "output-map table");
        List<OutputMap> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int p = off + OutputMapEntry.ENTRY.size() * k;
            out.add(new OutputMap(b.u16(p + OutputMapEntry.TYPE.offset(), "output type"), b.u16(p + OutputMapEntry.REGISTER.offset(), "output register"),
                    b.u16(p + OutputMapEntry.MASK.offset(), "output mask")));
        }
        return out;
    }

    /** Label entries; names are written by the caller's string table, offsets given in order. */
    public static void writeLabel(ByteSink s, int id, Label l, int nameOffset) {
        s.entry(LabelEntry.ENTRY, 0x00010000 | id, l.address(), l.length(), nameOffset);
    }

    /** Labels point into the code or at its end; a subroutine's length stays inside it. */
    public static List<Label> readLabels(ByteSource b, int off, int count, int strOff, int strSize, int codeSize) throws FormatException {
        b.table(off, count, LabelEntry.ENTRY.size(), "label table");
        List<Label> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int p = off + LabelEntry.ENTRY.size() * k;
            String name = b.cstring(strOff, strSize, b.u32(p + LabelEntry.NAME.offset(), "label name"), "label " + k);
            int address = b.u32(p + LabelEntry.ADDRESS.offset(), "label address");
            int length = b.u32(p + LabelEntry.LENGTH.offset(), "label length");
            if (Integer.toUnsignedLong(address) > codeSize) {
                throw new FormatException(b.base() + p + LabelEntry.ADDRESS.offset(), "label '" + name + "' address " + Integer.toUnsignedString(address)
                        + " lies past the code (" + codeSize + " words)");
            }
            if (length != Label.NO_RET && Integer.toUnsignedLong(address) + Integer.toUnsignedLong(length) > codeSize) {
                throw new FormatException(b.base() + p + LabelEntry.LENGTH.offset(), "label '" + name + "' length " + Integer.toUnsignedString(length)
                        + " runs past the code (" + codeSize + " words)");
            }
            out.add(new Label(name, address, length));
        }
        return out;
    }

    public static void writeUniform(ByteSink s, Uniform u, int nameOffset) {
        s.entry(UniformEntry.ENTRY, nameOffset, u.first(), u.last());
    }

    public static void writeDescriptor(ByteSink s, OperandDescriptor d) {
        s.entry(DescriptorEntry.ENTRY, d.value(), d.usedInfo(), 0);
    }

    public static List<Uniform> readUniforms(ByteSource b, int off, int count, int strOff, int strSize) throws FormatException {
        b.table(off, count, UniformEntry.ENTRY.size(), "uniform table");
        List<Uniform> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int p = off + UniformEntry.ENTRY.size() * k;
            String name = b.cstring(strOff, strSize, b.u32(p + UniformEntry.NAME.offset(), "uniform name"), "uniform " + k);
            out.add(new Uniform(name, b.u16(p + UniformEntry.FIRST.offset(), "uniform first"), b.u16(p + UniformEntry.LAST.offset(), "uniform last")));
        }
        return out;
    }

    /** @param countField where the count was read (named when the count is impossible) */
    public static List<OperandDescriptor> readDescriptors(ByteSource b, int off, int count, int countField) throws FormatException {
        if (Integer.toUnsignedLong(count) > Limits.DESCRIPTORS) {
            throw new FormatException(b.base() + countField, "operand-descriptor count " + Integer.toUnsignedString(count) + " exceeds " + Limits.DESCRIPTORS);
        }
        b.table(off, count, DescriptorEntry.ENTRY.size(), "operand-descriptor table");
        List<OperandDescriptor> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int p = off + DescriptorEntry.ENTRY.size() * k;
            out.add(new OperandDescriptor(b.u32(p + DescriptorEntry.VALUE.offset(), "descriptor"), b.u16(p + DescriptorEntry.USED.offset(), "usedInfo")));
        }
        return out;
    }

    public static int[] readCode(ByteSource b, int off, int count) throws FormatException {
        b.table(off, count, 4, "code");
        int[] code = new int[count];
        for (int k = 0; k < count; k++) code[k] = b.u32(off + 4 * k, "code word");
        return code;
    }
}
