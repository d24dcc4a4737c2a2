package dev.pica.format.shbin;

import dev.pica.format.isa.OperandDescriptor;
import java.util.List;

/**
 * The shared program block of a DVLB (shbin-format.md section 3).
 *
 * @param version u32 at +0x04 (0x1002 as the SDK writes it; picasso writes 0)
 * @param lines   the optional debug line table, file names from {@code files}
 * @param files   the string table: NUL-terminated source names in order
 */
public record Dvlp(int version, int[] code, List<OperandDescriptor> descriptors, List<LineInfo> lines, List<String> files) {
    public static final int VERSION = 0x1002;

    public Dvlp {
        code = code.clone();
        descriptors = List.copyOf(descriptors);
        lines = List.copyOf(lines);
        files = List.copyOf(files);
    }

    @Override
    public int[] code() {
        return code.clone();
    }

    public int codeSize() {
        return code.length;
    }

    public int codeWord(int i) {
        return code[i];
    }

    // a record compares an array component by identity: two equal programs must be equal
    @Override
    public boolean equals(Object o) {
        return o instanceof Dvlp d && version == d.version && java.util.Arrays.equals(code, d.code) && descriptors.equals(d.descriptors)
                && lines.equals(d.lines) && files.equals(d.files);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(version, java.util.Arrays.hashCode(code), descriptors, lines, files);
    }

    @Override
    public String toString() {
        return "Dvlp[version=" + version + ", code=" + java.util.Arrays.toString(code) + ", descriptors=" + descriptors + ", lines=" + lines + ", files=" + files + "]";
    }
}
