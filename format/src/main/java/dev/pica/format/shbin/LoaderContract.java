package dev.pica.format.shbin;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.Opcode;
import dev.pica.format.shbin.bytes.ByteSource;

/**
 * What a DVLB must satisfy for libctru's and citro3d's loaders and the GPU: readable by
 * {@link DvlbReader}, entry and end inside the code, every descriptor index present, flow targets
 * inside the code, valid output maps and uniforms, one v register per instruction. The linker
 * checks its output against it before anything is written; a violation is a bug in this project.
 */
public final class LoaderContract {
    private LoaderContract() {}

    /** @throws IllegalStateException naming the first violation */
    public static void check(byte[] dvlb) {
        try {
            Dvlb f = DvlbReader.read(dvlb);
            Dvlp p = f.program();
            int n = p.codeSize();
            Instruction[] code = ContentChecks.code(p.code(), 0);
            for (int k = 0; k < n; k++) {
                Instruction i = code[k];
                if (i.op().hasDescriptor() && i.desc() >= p.descriptors().size()) {
                    throw new FormatException(0, "code word " + k + " names operand descriptor " + i.desc() + " of " + p.descriptors().size());
                }
                Opcode op = i.op();
                long end = Fixups.reach(i);
                if (op.hasCodeAddress() && (i.target() > n || end > n)) throw new FormatException(0, "code word " + k + " targets word " + i.target() + " of " + n);
            }
            for (int k = 0; k < f.shaders().size(); k++) {
                Dvle e = f.shaders().get(k);
                if (e.mainAddr() >= n || e.endAddr() > n || e.endAddr() < e.mainAddr()) {
                    throw new FormatException(0, "DVLE " + k + " main " + e.mainAddr() + " / end " + e.endAddr() + " outside the code (" + n + " words)");
                }
                // the tables' offsets in the file, for the messages (the reader has checked them)
                ByteSource dvle = new ByteSource(dvlb).slice(new ByteSource(dvlb).u32(Layout.Dvlb.DVLE_OFFSETS + 4 * k, "DVLE offset"));
                ContentChecks.outputMaps(e.outputMaps(), dvle.base() + dvle.read(Layout.Dvle.OUTPUT_MAP_OFFSET), e.shaderType() == 1);
                ContentChecks.uniforms(e.uniforms(), dvle.base() + dvle.read(Layout.Dvle.UNIFORM_OFFSET));
            }
        } catch (FormatException e) {
            throw new IllegalStateException("the linked file breaks the loader contract (please report): " + e.getMessage(), e);
        }
    }
}
