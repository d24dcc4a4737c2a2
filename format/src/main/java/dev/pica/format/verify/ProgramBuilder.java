package dev.pica.format.verify;

import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A {@link Program} written word by word, for tests and tools that check words no assembler
 * would write (a foreign binary's): one object named after {@code file}, word k at line k+1 of
 * it, main at word 0 and running to the last word unless told otherwise, no imports, register
 * supply checked. Not thread-safe; {@link #build()} may be called again after more words.
 */
public final class ProgramBuilder {
    private final String file;
    private final List<Integer> code = new ArrayList<>();
    private final List<Integer> descriptors = new ArrayList<>();
    private boolean geometry;
    private int main;
    private int mainEnd = -1;
    private final List<OutputMap> outputs = new ArrayList<>();
    private int inputMask;
    private final List<Constant> constants = new ArrayList<>();
    private final List<Uniform> uniforms = new ArrayList<>();

    /** @param file the source name positions and witness paths give ("w.vsh": w.vsh:1, w.vsh:2...) */
    public ProgramBuilder(String file) {
        this.file = file;
    }

    /** Appends instructions, encoded as the hardware reads them. */
    public ProgramBuilder add(Instruction... words) {
        for (Instruction i : words) code.add(InstructionCodec.encode(i));
        return this;
    }

    /** Appends raw words (an invalid encoding too). */
    public ProgramBuilder addWords(int... words) {
        for (int w : words) code.add(w);
        return this;
    }

    /** Appends operand descriptors to the table (OperandDescriptors.build gives their words). */
    public ProgramBuilder descriptors(int... values) {
        for (int v : values) descriptors.add(v);
        return this;
    }

    public ProgramBuilder geometry(boolean g) {
        this.geometry = g;
        return this;
    }

    /** Where main starts and where it ends (endAddr); by default word 0 and the end of the code. */
    public ProgramBuilder main(int start, int end) {
        this.main = start;
        this.mainEnd = end;
        return this;
    }

    public ProgramBuilder outputs(List<OutputMap> maps) {
        outputs.addAll(maps);
        return this;
    }

    /** The input registers the shader declares (bit k: v k); 0 leaves input reads unchecked. */
    public ProgramBuilder inputMask(int mask) {
        this.inputMask = mask;
        return this;
    }

    public ProgramBuilder constants(List<Constant> cs) {
        constants.addAll(cs);
        return this;
    }

    public ProgramBuilder uniforms(List<Uniform> us) {
        uniforms.addAll(us);
        return this;
    }

    public Program build() {
        int n = code.size();
        int[] words = new int[n];
        SourcePos[] where = new SourcePos[n];
        String[] brief = new String[n];
        for (int k = 0; k < n; k++) {
            words[k] = code.get(k);
            where[k] = SourcePos.named(file, k + 1);
            brief[k] = file + ":" + (k + 1);
        }
        int[] table = descriptors.stream().mapToInt(Integer::intValue).toArray();
        String object = (file.lastIndexOf('.') > 0 ? file.substring(0, file.lastIndexOf('.')) : file) + ".o";
        return new Program(words, table, geometry, List.of(new Program.Entry(main, -1, "main")), mainEnd < 0 ? n : mainEnd, new int[n],
                List.of(object), where, brief, outputs, inputMask, constants, uniforms, new BitSet(), new BitSet(), true);
    }
}
