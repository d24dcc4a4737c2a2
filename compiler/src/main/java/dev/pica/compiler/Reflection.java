package dev.pica.compiler;

import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterFile;
import java.util.List;

/**
 * What a compiled shader asks of the application: which registers each uniform takes and how to
 * upload it, which v register each input is, which semantic each output carries (docs/glsl.md).
 * The same names are in the object's uniform table, so libctru, citro3d and picasim find them.
 */
public record Reflection(List<Uniform> uniforms, List<Input> inputs, List<Output> outputs, Geometry geometry) {
    public Reflection {
        uniforms = List.copyOf(uniforms);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }

    /** A vertex shader's reflection (no geometry). */
    public Reflection(List<Uniform> uniforms, List<Input> inputs, List<Output> outputs) {
        this(uniforms, inputs, outputs, null);
    }

    /**
     * What a geometry shader asks of the host (docs/glsl.md, "Geometry shaders"): the DVLE's
     * point mode, the GLSL input primitive ("points", "lines", "triangles"...) and its vertex
     * count, the registers each vertex brings (what the vertex shader's outputs o0, o1, ... hold,
     * named: {@code gl_Position} then the inputs by location, and their locations, -1 for
     * gl_Position), and the stride to give
     * libctru's {@code shaderProgramSetGsh(program, dvle, stride)}: vertices times registers.
     */
    public record Geometry(String inputPrimitive, int verticesPerPrimitive, List<String> vertexRegisters, List<Integer> vertexLocations, int maxVertices) {
        public Geometry {
            vertexRegisters = List.copyOf(vertexRegisters);
            vertexLocations = List.copyOf(vertexLocations);
        }

        /** Input registers per invocation: what shaderProgramSetGsh's stride must be (at most 16). */
        public int stride() {
            return verticesPerPrimitive * vertexRegisters.size();
        }
    }

    /** How the host fills a uniform's registers. */
    public enum UniformKind {
        /** float, vecN or an array of them: one c register per element, components from x. */
        FLOAT,
        /** matCxR (or an array of them): R consecutive c registers per matrix, each holding a ROW, as citro3d's C3D_FVUnifMtx* upload a C3D_Mtx. */
        MATRIX_ROWS,
        /** int, ivecN, uint...: float values in c registers (integers are floats on the 3DS, exact up to 2^24 in float32 and 2^17 in float24). */
        INT_AS_FLOAT,
        /** bool: one b register. */
        BOOL
    }

    /** A uniform: its GLSL name, the register file (c or b), the first register and how many it takes. */
    public record Uniform(String name, RegisterFile file, int first, int count, UniformKind kind, String glslType) {}

    /**
     * An input: its GLSL name and its v register (its layout location), how many components it
     * has, and how many registers it takes (a matCxR takes C from its location on, one a column).
     */
    public record Input(String name, int register, int components, int registers) {
        public Input(String name, int register, int components) {
            this(name, register, components, 1);
        }
    }

    /**
     * An output: its GLSL location (-1 for gl_Position), the semantic, the o register and the
     * lanes mapped (x = bit 0).
     */
    public record Output(String name, int location, OutputSemantic semantic, int register, int mask) {}

    /** The uniform of this name, or null. */
    public Uniform uniform(String name) {
        for (Uniform u : uniforms) if (u.name.equals(name)) return u;
        return null;
    }

    /** The input of this name, or null. */
    public Input input(String name) {
        for (Input i : inputs) if (i.name.equals(name)) return i;
        return null;
    }
}
