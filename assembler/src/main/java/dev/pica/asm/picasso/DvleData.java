package dev.pica.asm.picasso;

import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.Limits;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.List;

/** What one input file declares for its DVLE: entry point, shader type and geometry mode, inputs, outputs, uniforms, constants. */
final class DvleData {
    /** A uniform, input or hidden name as picasso allocated it: its register in picasso's numbering (c 0x20, i 0x80, b 0x88). */
    record UniformDecl(String name, int pos, int size, UniformType type, SourcePos at) {}

    final String fileName;
    String entry = "main";
    SourcePos entryPos;
    boolean nodvle, geometry, compatGeometry, merge;
    int inputMask, outputMask, outputUsed;
    int gsMode, gsFixedStart, gsVariableCount, gsFixedCount;
    final List<UniformDecl> uniforms = new ArrayList<>();
    final List<Constant> constants = new ArrayList<>();
    final List<OutputMap> outputs = new ArrayList<>();
    final List<Uniform> supplied = new ArrayList<>();
    final List<UniformDecl> hidden = new ArrayList<>();
    final List<SourcePos> constantPos = new ArrayList<>(), outputPos = new ArrayList<>();
    SourcePos gshPos;

    DvleData(String fileName) {
        this.fileName = fileName;
    }

    boolean gsSpace() {
        return geometry && !compatGeometry;
    }

    int maxOutput() {
        return Limits.outputs(geometry);
    }
}
