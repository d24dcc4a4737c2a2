package dev.pica.compiler.random;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One generated vertex shader: its declarations, functions and main body, printed as GLSL 4.50,
 * and the input and uniform values to run it on.
 *
 * <p>Value ranges (what keeps every built-in in its domain, with the wrappers the generator puts
 * around arguments): inputs' lanes are multiples of 1/256 in [-2, 2]; an index input's lanes are
 * integers 0 to the array length - 1; float uniforms and matrices' lanes multiples of 1/256 in
 * [-1.5, 1.5]; constants multiples of 1/8 in [-4, 4]. All are exact in float24 (16-bit mantissa) and
 * float32, so the inputs carry no rounding error of their own.
 */
public record RandomProgram(long seed, List<Input> inputs, List<Uniform> uniforms, List<String> bools, List<Ast.Function> functions,
        List<Ast.Stmt> main, List<Output> outputs) {

    /** A vertex input at a location; an index input holds small integers for dynamic indexing. */
    public record Input(String name, int location, GlslType type, int indexRange) {}

    /** A float uniform: a scalar, vector or matrix, or an array of {@code length} vec4 (length 0: not an array). */
    public record Uniform(String name, GlslType type, int length) {}

    /** An output of the 3DS table (docs/glsl.md): gl_Position (location -1) or {@code layout(location = N) out}. */
    public record Output(String name, int location, GlslType type, String semantic) {}

    /** The 3DS output table: location, type, semantic as the simulator names it. */
    public static final List<Output> TABLE = List.of(
            new Output("normalquat", 0, GlslType.VEC4, "normalquat"),
            new Output("color", 1, GlslType.VEC4, "color"),
            new Output("texcoord0", 2, GlslType.VEC2, "texcoord0"),
            new Output("texcoord0w", 3, GlslType.FLOAT, "texcoord0w"),
            new Output("texcoord1", 4, GlslType.VEC2, "texcoord1"),
            new Output("texcoord2", 5, GlslType.VEC2, "texcoord2"),
            new Output("view", 6, GlslType.VEC3, "view"));

    public static final Output POSITION = new Output("gl_Position", -1, GlslType.VEC4, "position");

    /** The shader's text. */
    public String glsl() {
        StringBuilder sb = new StringBuilder("#version 450 core\n// random program, seed ").append(seed).append("\n\n");
        for (Input in : inputs) sb.append("layout(location = ").append(in.location).append(") in ").append(in.type.glsl).append(' ').append(in.name).append(";\n");
        for (Uniform u : uniforms) {
            sb.append("uniform ").append(u.type.glsl).append(' ').append(u.name);
            if (u.length > 0) sb.append('[').append(u.length).append(']');
            sb.append(";\n");
        }
        for (String b : bools) sb.append("uniform bool ").append(b).append(";\n");
        for (Output o : outputs) {
            if (o.location >= 0) sb.append("layout(location = ").append(o.location).append(") out ").append(o.type.glsl).append(' ').append(o.name).append(";\n");
        }
        sb.append('\n');
        for (Ast.Function f : functions) f.glsl(sb);
        sb.append("void main() {\n");
        for (Ast.Stmt s : main) s.glsl(sb, "    ");
        return sb.append("}\n").toString();
    }

    /** Inputs and uniforms for {@code vertices} vertices. */
    public record Instance(int vertices, Map<String, float[]> attributes, Map<String, float[]> uniforms, Map<String, Boolean> bools) {
        /** The attributes by location, four lanes a vertex, for Mesa. */
        public Map<Integer, float[]> byLocation(RandomProgram p) {
            Map<Integer, float[]> m = new LinkedHashMap<>();
            for (Input in : p.inputs) m.put(in.location, attributes.get(in.name));
            return m;
        }

        /** Every uniform for Mesa: floats as GLSL values, bools as 0 or 1. */
        public Map<String, float[]> glUniforms() {
            Map<String, float[]> m = new LinkedHashMap<>(uniforms);
            for (Map.Entry<String, Boolean> b : bools.entrySet()) m.put(b.getKey(), new float[] {b.getValue() ? 1 : 0});
            return m;
        }
    }

    public Instance sample(Random r, int vertices) {
        Map<String, float[]> attributes = new LinkedHashMap<>();
        for (Input in : inputs) {
            float[] lanes = new float[4 * vertices];
            for (int k = 0; k < lanes.length; k++) {
                lanes[k] = in.indexRange > 0 ? r.nextInt(in.indexRange) : grid(r, 2, 256);
            }
            attributes.put(in.name, lanes);
        }
        Map<String, float[]> values = new LinkedHashMap<>();
        for (Uniform u : uniforms) {
            float[] v = new float[u.length > 0 ? 4 * u.length : u.type.lanes()];
            for (int k = 0; k < v.length; k++) v[k] = grid(r, 1.5, 256);
            values.put(u.name, v);
        }
        Map<String, Boolean> b = new LinkedHashMap<>();
        for (String name : bools) b.put(name, r.nextBoolean());
        return new Instance(vertices, attributes, values, b);
    }

    /** A multiple of 1/steps in [-limit, limit]. */
    static float grid(Random r, double limit, int steps) {
        int n = (int) Math.round(limit * steps);
        return (float) (r.nextInt(2 * n + 1) - n) / steps;
    }
}
