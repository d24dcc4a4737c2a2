package dev.pica.format.shbin;

import java.util.List;

/** One shader entry of a DVLB (shbin-format.md section 5). Addresses are DVLP word indices. */
public record Dvle(int version, int shaderType, int flags, int mainAddr, int endAddr, int inputMask, int outputMask,
                   GsMode gsMode, List<Constant> constants, List<Label> labels, List<OutputMap> outputMaps,
                   List<Uniform> uniforms) {
    public static final int VERSION = 0x1002;
    public static final int VERTEX = 0;
    public static final int GEOMETRY = 1;

    public Dvle {
        constants = List.copyOf(constants);
        labels = List.copyOf(labels);
        outputMaps = List.copyOf(outputMaps);
        uniforms = List.copyOf(uniforms);
    }
}
