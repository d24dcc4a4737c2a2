package dev.pica.format.shbin;

import dev.pica.format.isa.OperandDescriptor;
import java.util.List;

/**
 * An assembled object (shbin-format.md section 8): the public DVOJ header and this project's
 * DVOX extension. Addresses are object-relative.
 *
 * @param code           words encoded for base address 0; DESC fields index {@code descriptors}
 * @param descriptors    the object-local operand-descriptor table
 * @param lineInfo       one entry per code word ("block 1")
 * @param operandRecords one entry per descriptor-carrying instruction ("block 2")
 * @param mainLabel      index of label 'main' in {@code labels}, or -1
 * @param endmainLabel   index of label 'endmain', or -1
 * @param constantOrigins one source position per constant, same order
 */
public record Dvoj(int shaderType, int flags, int inputMask, int outputMask,
                   List<Constant> constants, List<Label> labels, int[] code,
                   List<OperandDescriptor> descriptors, List<LineInfo> lineInfo,
                   List<OperandRecord> operandRecords, List<OutputMap> outputMaps, List<Uniform> uniforms,
                   boolean isMain, boolean debug, int mainLabel, int endmainLabel, GsMode gsMode,
                   String sourceName, List<Relocation> relocations, List<String> imports,
                   List<LineInfo> constantOrigins) {

    public static final int VERSION = 0x1002;
    public static final int EXT_MAJOR = 1;
    public static final int EXT_MINOR = 0;

    public Dvoj {
        constants = List.copyOf(constants);
        labels = List.copyOf(labels);
        code = code.clone();
        descriptors = List.copyOf(descriptors);
        lineInfo = List.copyOf(lineInfo);
        operandRecords = List.copyOf(operandRecords);
        outputMaps = List.copyOf(outputMaps);
        uniforms = List.copyOf(uniforms);
        relocations = List.copyOf(relocations);
        imports = List.copyOf(imports);
        constantOrigins = List.copyOf(constantOrigins);
    }

    @Override
    public int[] code() {
        return code.clone();
    }

    public int codeWord(int i) {
        return code[i];
    }

    public int codeSize() {
        return code.length;
    }

    // a record compares an array component by identity: two equal objects must be equal
    @Override
    public boolean equals(Object o) {
        return o instanceof Dvoj d && shaderType == d.shaderType && flags == d.flags && inputMask == d.inputMask && outputMask == d.outputMask
                && constants.equals(d.constants) && labels.equals(d.labels) && java.util.Arrays.equals(code, d.code)
                && descriptors.equals(d.descriptors) && lineInfo.equals(d.lineInfo) && operandRecords.equals(d.operandRecords)
                && outputMaps.equals(d.outputMaps) && uniforms.equals(d.uniforms) && isMain == d.isMain && debug == d.debug
                && mainLabel == d.mainLabel && endmainLabel == d.endmainLabel && java.util.Objects.equals(gsMode, d.gsMode)
                && java.util.Objects.equals(sourceName, d.sourceName) && relocations.equals(d.relocations) && imports.equals(d.imports)
                && constantOrigins.equals(d.constantOrigins);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(shaderType, flags, inputMask, outputMask, constants, labels, java.util.Arrays.hashCode(code), descriptors,
                lineInfo, operandRecords, outputMaps, uniforms, isMain, debug, mainLabel, endmainLabel, gsMode, sourceName, relocations, imports,
                constantOrigins);
    }

    @Override
    public String toString() {
        return "Dvoj[" + sourceName + ", " + code.length + " words, " + labels.size() + " labels, main=" + isMain + "]";
    }

    /** One descriptor-carrying instruction: its index, own descriptor (bits 30:0) and usedInfo. */
    public record OperandRecord(int index, int descriptor, int usedInfo) {}

    /** Kind 1 = CALL (DST and NUM from the symbol), kind 2 = JUMP (DST only). */
    public record Relocation(int index, int kind, int importIndex) {
        public static final int CALL = 1;
        public static final int JUMP = 2;
    }
}
