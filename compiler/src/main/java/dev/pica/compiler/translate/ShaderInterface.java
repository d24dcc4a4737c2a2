package dev.pica.compiler.translate;

import dev.pica.compiler.Reflection;
import dev.pica.compiler.vir.VReg;
import dev.pica.format.isa.OutputSemantic;
import java.util.ArrayList;
import java.util.List;

/** The registers the shader's inputs, uniforms and outputs take (the 3DS contract, docs/glsl.md). */
public final class ShaderInterface {
    public final List<Reflection.Uniform> uniforms = new ArrayList<>();
    public final List<Reflection.Input> inputs = new ArrayList<>();
    public final List<Out> outputs = new ArrayList<>();
    /** A geometry shader's input layout (null for a vertex shader): its outputs are written at each emit, not at the end. */
    public Reflection.Geometry geometry;

    /** An output: what the reflection says of it, the variable that holds its value until the end, its declaration's line. */
    public record Out(Reflection.Output output, VReg value, int line) {}

    /**
     * The GLSL output locations (docs/glsl.md; the same numbers as spirv-to-pica200 for 0-5):
     * 0 normalquat, 1 color, 2 texcoord0, 3 texcoord0w, 4 texcoord1, 5 texcoord2, 6 view.
     */
    public static final OutputSemantic[] LOCATIONS = {
        OutputSemantic.QUATERNION, OutputSemantic.COLOR, OutputSemantic.TEXTURE0, OutputSemantic.TEXTURE0W,
        OutputSemantic.TEXTURE1, OutputSemantic.TEXTURE2, OutputSemantic.VIEW,
    };

    /**
     * Locations 8-15: a vertex shader's data for a geometry shader (pica.glsl's PICA_GENERIC0-7),
     * each in a register of its own with the generic semantic, which libctru's
     * DVLE_GenerateOutmap counts among the vertex shader's outputs but maps to nothing.
     */
    public static final int GENERIC_FIRST = 8, GENERIC_LAST = 15;

    /** The table as an error message prints it. */
    public static String table() {
        StringBuilder s = new StringBuilder("the output locations are");
        for (int k = 0; k < LOCATIONS.length; k++) {
            s.append(k == 0 ? " " : ", ").append(k).append(' ').append(LOCATIONS[k].picassoSpelling)
                    .append(" (").append(glslType(LOCATIONS[k].components)).append(')');
        }
        return s.append("; gl_Position is the position; a vertex shader's data for a geometry shader takes ").append(GENERIC_FIRST).append('-').append(GENERIC_LAST)
                .append(" (float to vec4)").toString();
    }

    static String glslType(int n) {
        return n == 1 ? "float" : "vec" + n;
    }

    public Reflection reflection() {
        List<Reflection.Output> outs = new ArrayList<>();
        for (Out o : outputs) outs.add(o.output());
        return new Reflection(uniforms, inputs, outs, geometry);
    }
}
