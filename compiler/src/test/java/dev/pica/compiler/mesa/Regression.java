package dev.pica.compiler.mesa;

import dev.pica.compiler.random.Evaluator;
import dev.pica.compiler.random.GlslType;
import dev.pica.compiler.random.RandomProgram;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A shrunk mismatch as a self-contained file: the GLSL, and in comments after {@code #version}
 * the one vertex's inputs, the uniforms and each output lane's bound, so that
 * {@link MesaRegressionTest} runs it on picacc + the simulator and on Mesa without the generator.
 */
public record Regression(String glsl, Map<String, float[]> inputs, Map<Integer, float[]> byLocation, Map<String, float[]> uniforms,
        Map<String, RandomProgram.Uniform> uniformTypes, Map<String, Boolean> bools, Map<String, double[]> bounds) {

    /** The file for vertex {@code v} of a program and its instance, with what was found. */
    public static String write(RandomProgram p, RandomProgram.Instance in, int v, String found) {
        String text = p.glsl();
        int eol = text.indexOf('\n');
        StringBuilder sb = new StringBuilder(text.substring(0, eol + 1));
        sb.append("// Mesa regression, shrunk from random program ").append(p.seed()).append(": ").append(found).append('\n');
        for (RandomProgram.Input i : p.inputs()) {
            float[] all = in.attributes().get(i.name());
            sb.append("// input ").append(i.name()).append(' ').append(i.location()).append(" =").append(values(all, 4 * v, 4)).append('\n');
        }
        for (RandomProgram.Uniform u : p.uniforms()) {
            float[] all = in.uniforms().get(u.name());
            sb.append("// uniform ").append(u.name()).append(' ').append(u.type().glsl).append(u.length() > 0 ? "[" + u.length() + "]" : "")
                    .append(" =").append(values(all, 0, all.length)).append('\n');
        }
        for (String b : p.bools()) sb.append("// bool ").append(b).append(" = ").append(in.bools().get(b)).append('\n');
        Evaluator.Outputs exact = new Evaluator(p, in).run(v);
        for (Map.Entry<String, Evaluator.V> e : exact.values().entrySet()) {
            sb.append("// bound ").append(e.getKey()).append(" =");
            for (double b : e.getValue().e()) sb.append(' ').append(String.format(Locale.ROOT, "%.6g", b + Evaluator.NEAR));
            sb.append('\n');
        }
        return sb.append(text.substring(eol + 1)).toString();
    }

    private static String values(float[] a, int from, int n) {
        StringBuilder sb = new StringBuilder();
        for (int k = from; k < from + n; k++) sb.append(' ').append(a[k]);
        return sb.toString();
    }

    public static Regression read(String glsl) {
        Map<String, float[]> inputs = new LinkedHashMap<>(), uniforms = new LinkedHashMap<>();
        Map<Integer, float[]> byLocation = new LinkedHashMap<>();
        Map<String, Boolean> bools = new LinkedHashMap<>();
        Map<String, double[]> bounds = new LinkedHashMap<>();
        Map<String, RandomProgram.Uniform> uniformTypes = new LinkedHashMap<>();
        for (String line : glsl.lines().toList()) {
            if (!line.startsWith("// ")) continue;
            String[] w = line.substring(3).split("\\s+");
            switch (w[0]) {
                case "input" -> {
                    float[] v = floats(w, 4);
                    inputs.put(w[1], v);
                    byLocation.put(Integer.parseInt(w[2]), v);
                }
                case "uniform" -> {
                    uniforms.put(w[1], floats(w, 4));
                    int bracket = w[2].indexOf('[');
                    String type = bracket < 0 ? w[2] : w[2].substring(0, bracket);
                    int length = bracket < 0 ? 0 : Integer.parseInt(w[2].substring(bracket + 1, w[2].length() - 1));
                    GlslType t = java.util.Arrays.stream(GlslType.values()).filter(x -> x.glsl.equals(type)).findFirst().orElseThrow();
                    uniformTypes.put(w[1], new RandomProgram.Uniform(w[1], t, length));
                }
                case "bool" -> bools.put(w[1], Boolean.parseBoolean(w[3]));
                case "bound" -> {
                    double[] b = new double[w.length - 3];
                    for (int k = 0; k < b.length; k++) b[k] = Double.parseDouble(w[3 + k]);
                    bounds.put(w[1], b);
                }
                default -> { }
            }
        }
        return new Regression(glsl, inputs, byLocation, uniforms, uniformTypes, bools, bounds);
    }

    private static float[] floats(String[] w, int from) {
        float[] v = new float[w.length - from];
        for (int k = 0; k < v.length; k++) v[k] = Float.parseFloat(w[from + k]);
        return v;
    }
}
