package dev.pica.format.shbin;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.WordFormat;
import java.util.List;

/**
 * The meaning checks shared by the object reader and the linked-file contract: what picasm
 * enforces on source, restated on words and table entries so that a crafted object cannot make
 * picalink write a file the 3DS loader (libctru, citro3d) mis-reads.
 */
final class ContentChecks {
    private ContentChecks() {}

    /**
     * Every word decodes; an instruction reads at most one distinct v register (isa.md 6).
     *
     * @return the decoded words, for the caller's further checks (decoded once)
     */
    static Instruction[] code(int[] code, int codeOffset) throws FormatException {
        Instruction[] decoded = new Instruction[code.length];
        for (int k = 0; k < code.length; k++) {
            int at = codeOffset + 4 * k;
            Instruction i = InstructionCodec.decode(code[k]);
            decoded[k] = i;
            if (i == null) throw new FormatException(at, String.format("code word %d (0x%08X) has an unused opcode", k, code[k]));
            int v = -1;
            for (int n = 1; n <= i.op().format.sources(); n++) {
                int s = i.get(WordFormat.sourceField(n));
                if (RegisterFile.ofSourceField(s) != RegisterFile.INPUT) continue;
                if (v >= 0 && v != s) throw new FormatException(at, "code word " + k + " reads two different input registers v" + v + " and v" + s);
                v = s;
            }
        }
        return decoded;
    }

    /**
     * Output map entries name o0-o15, a known semantic and at least one component; only o0-o6 may
     * carry a fixed semantic (libctru's outmap has 7 entries; sdk-dialect E-D10), and a geometry
     * shader has only o0-o6.
     */
    static void outputMaps(List<OutputMap> maps, int tableOffset, boolean geometry) throws FormatException {
        outputRegisters(maps, tableOffset);
        for (int k = 0; k < maps.size(); k++) {
            OutputMap m = maps.get(k);
            int at = tableOffset + 8 * k;
            OutputSemantic sem = OutputSemantic.ofType(m.type());
            if (sem == null) throw new FormatException(at, "output map " + k + " has unknown semantic " + m.type());
            if (m.register() >= Limits.SEMANTIC_OUTPUTS && geometry) throw new FormatException(at + 2, "output map " + k + " names o" + m.register() + " in a geometry shader (o0-o6 exist)");
            if (m.register() >= Limits.SEMANTIC_OUTPUTS && sem != OutputSemantic.GENERIC) {
                throw new FormatException(at + 2, "output map " + k + " gives o" + m.register() + " a fixed semantic (only o0-o6 can carry one)");
            }
            if (m.mask() < 1 || m.mask() > 15) throw new FormatException(at + 4, "output map " + k + " has component mask 0x" + Integer.toHexString(m.mask()));
        }
    }

    /**
     * Output map entries name o0-o15: what every reader of a linked file checks too (a register
     * past o15 is no output any loader or simulator can give; issue 48: picasim and picadbg
     * indexed past their arrays, picadis --dump printed o8192). {@code tableOffset} is the
     * table's offset in the file, so that the error names the entry's register field.
     */
    static void outputRegisters(List<OutputMap> maps, int tableOffset) throws FormatException {
        for (int k = 0; k < maps.size(); k++) {
            int reg = maps.get(k).register();
            if (reg >= RegisterFile.OUTPUT.count) throw new FormatException(tableOffset + 8 * k + 2, "output map " + k + " names o" + reg + " (o0-o15 exist)");
        }
    }

    /** Uniforms span first..last of one register file (v, c, i or b). */
    static void uniforms(List<Uniform> unis, int tableOffset) throws FormatException {
        for (int k = 0; k < unis.size(); k++) {
            Uniform u = unis.get(k);
            int at = tableOffset + 8 * k;
            String a = Uniform.registerName(u.first()), b = Uniform.registerName(u.last());
            if (a.startsWith("?") || b.startsWith("?") || a.charAt(0) != b.charAt(0) || u.first() > u.last()) {
                throw new FormatException(at + 4, "uniform '" + u.name() + "' names registers " + a + ".." + b);
            }
        }
    }
}
