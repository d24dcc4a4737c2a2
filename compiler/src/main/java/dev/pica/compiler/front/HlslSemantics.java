package dev.pica.compiler.front;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * glslang's SPIR-V of an HLSL vertex shader made to mean on a 3DS what the same GLSL means
 * (docs/glsl.md, "HLSL"), before the back end reads it; the back end itself knows no HLSL:
 * <ul>
 * <li>an output's semantic (SV_Position is gl_Position already; COLOR0, TEXCOORD0...: glslang's
 *     UserSemantic decorations, asked for with hlsl_functionality1) picks its Location from the
 *     output table, where glslang numbers outputs in declaration order; so does a geometry
 *     shader's input, which is a vertex shader's output (docs/glsl.md 12);</li>
 * <li>a square matrix read from a uniform is transposed where it is loaded: glslang represents an
 *     HLSL matrix with its rows as SPIR-V columns, and the back end holds a uniform matrix's SPIR-V
 *     rows in consecutive registers, so without the transpose register k would be HLSL column k;
 *     with it, register k is HLSL row k, as citro3d's C3D_FVUnifMtx4x4 uploads row k of a C3D_Mtx,
 *     and mul(m, v) computes what citro3d's Mtx_MultiplyFVec4 does;</li>
 * <li>names of flattened entry-point structs ({@code input.position}) keep their member name, the
 *     one an application or a test looks the input up by.</li>
 * </ul>
 */
final class HlslSemantics {
    private HlslSemantics() {}

    /** The output table's locations by HLSL semantic (upper case, a missing index read as 0). */
    static final Map<String, Integer> OUTPUT_LOCATIONS = Map.of(
            "NORMALQUAT0", 0, "COLOR0", 1, "TEXCOORD0", 2, "TEXCOORD0W0", 3, "TEXCOORD1", 4, "TEXCOORD2", 5, "VIEW0", 6);

    private static final int OP_NAME = 5, OP_DECORATE = 71, OP_DECORATE_STRING = 5632, OP_VARIABLE = 59, OP_TYPE_POINTER = 32,
            OP_TYPE_MATRIX = 24, OP_TYPE_VECTOR = 23, OP_LOAD = 61, OP_ACCESS_CHAIN = 65, OP_IN_BOUNDS_ACCESS_CHAIN = 66, OP_TRANSPOSE = 84;
    private static final int LOCATION = 30, USER_SEMANTIC = 5635, INPUT = 1, OUTPUT = 3, UNIFORM = 2, UNIFORM_CONSTANT = 0;
    private static final int OP_ENTRY_POINT = 15, GEOMETRY = 3;

    /** The semantic in its canonical spelling: upper case, with its index ("COLOR" is "COLOR0"). */
    static String canonical(String semantic) {
        String s = semantic.toUpperCase(Locale.ROOT);
        return Character.isDigit(s.charAt(s.length() - 1)) ? s : s + "0";
    }

    /**
     * @param problems receives what cannot be read with citro3d's rows yet (a non-square uniform
     *                 matrix: its transpose has no type in the module), reported by the caller as errors
     */
    static int[] apply(int[] words, List<String> problems) {
        List<int[]> ins = new ArrayList<>();
        for (int p = 5; p < words.length; ) {
            int n = words[p] >>> 16;
            if (n == 0 || p + n > words.length) return words; // malformed: the reader will say so
            int[] i = new int[n];
            System.arraycopy(words, p, i, 0, n);
            ins.add(i);
            p += n;
        }
        Map<Integer, String> semantic = new HashMap<>();
        Map<Integer, Integer> storage = new HashMap<>(); // pointer type -> storage class
        Map<Integer, Integer> resultType = new HashMap<>();
        Map<Integer, int[]> vectors = new HashMap<>();
        Set<Integer> squareMatrices = new HashSet<>();
        Set<Integer> matrices = new HashSet<>();
        Set<Integer> outputs = new HashSet<>();
        // a geometry shader's inputs are a vertex shader's outputs: located by the same table
        boolean geometry = false;
        for (int[] i : ins) {
            int op = i[0] & 0xFFFF;
            if (op == OP_ENTRY_POINT && i[1] == GEOMETRY) geometry = true;
        }
        for (int[] i : ins) {
            int op = i[0] & 0xFFFF;
            if (op == OP_DECORATE_STRING && i[2] == USER_SEMANTIC) semantic.put(i[1], string(i, 3));
            else if (op == OP_TYPE_POINTER) storage.put(i[1], i[2]);
            else if (op == OP_TYPE_VECTOR) vectors.put(i[1], i);
            else if (op == OP_TYPE_MATRIX) {
                matrices.add(i[1]);
                if (vectors.containsKey(i[2]) && vectors.get(i[2])[3] == i[3]) squareMatrices.add(i[1]);
            }
            else if (op == OP_VARIABLE) {
                resultType.put(i[2], i[1]);
                if (i[3] == OUTPUT || geometry && i[3] == INPUT) outputs.add(i[2]);
            } else if (op == OP_ACCESS_CHAIN || op == OP_IN_BOUNDS_ACCESS_CHAIN) resultType.put(i[2], i[1]);
        }
        int bound = words[3];
        List<int[]> out = new ArrayList<>();
        for (int[] i : ins) {
            int op = i[0] & 0xFFFF;
            if (op == OP_DECORATE && i[2] == LOCATION && outputs.contains(i[1]) && semantic.containsKey(i[1])) {
                Integer loc = OUTPUT_LOCATIONS.get(canonical(semantic.get(i[1])));
                if (loc != null) i[3] = loc;
            }
            if (op == OP_NAME) {
                String name = string(i, 2);
                if (name.contains(".")) i = named(i[1], name.substring(name.lastIndexOf('.') + 1));
            }
            if (op == OP_LOAD && matrices.contains(i[1])) {
                Integer ptr = resultType.get(i[3]);
                Integer sc = ptr == null ? null : storage.get(ptr);
                boolean uniform = sc != null && (sc == UNIFORM || sc == UNIFORM_CONSTANT);
                if (uniform && !squareMatrices.contains(i[1])) {
                    problems.add("a uniform matrix that is not square (float4x3, float3x4...) is not read with citro3d's rows yet: declare it float4x4 (or float3x3)");
                } else if (uniform) {
                    int loaded = bound++;
                    int result = i[2];
                    i[2] = loaded;
                    out.add(i);
                    out.add(new int[] {(4 << 16) | OP_TRANSPOSE, i[1], result, loaded});
                    continue;
                }
            }
            out.add(i);
        }
        int size = 5;
        for (int[] i : out) size += i.length;
        int[] result = new int[size];
        System.arraycopy(words, 0, result, 0, 5);
        result[3] = bound;
        int p = 5;
        for (int[] i : out) {
            System.arraycopy(i, 0, result, p, i.length);
            p += i.length;
        }
        return result;
    }

    private static String string(int[] i, int from) {
        byte[] b = new byte[(i.length - from) * 4];
        int n = 0;
        for (int k = from; k < i.length; k++) {
            for (int s = 0; s < 32; s += 8) {
                byte c = (byte) (i[k] >>> s);
                if (c == 0) return new String(b, 0, n, StandardCharsets.UTF_8);
                b[n++] = c;
            }
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }

    private static int[] named(int target, String name) {
        byte[] b = name.getBytes(StandardCharsets.UTF_8);
        int words = b.length / 4 + 1;
        int[] i = new int[2 + words];
        i[0] = (i.length << 16) | OP_NAME;
        i[1] = target;
        for (int k = 0; k < b.length; k++) i[2 + k / 4] |= (b[k] & 0xFF) << (8 * (k % 4));
        return i;
    }
}
