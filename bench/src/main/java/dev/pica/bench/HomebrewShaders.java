package dev.pica.bench;

import dev.pica.asm.picasso.PicassoAssembler;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.isa.RegisterFile;
import dev.pica.sim.Bindings;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Vertex shaders written like public homebrew's, in picasso's dialect (the sources in
 * resources/dev/pica/bench/public-style-*.v.pica, written for these benchmarks): four-bone
 * skinning through {@code mova a0.x} per bone into a bone array ({@code public-style-skinning}),
 * per-vertex lighting with a specular power and fog ({@code public-style-lighting}), a normal
 * turned into a quaternion with a forward {@code jmpc} ({@code public-style-quatnormal}), and a
 * loop over lights reading {@code lightDir[aL]} ({@code public-style-lightloop}). Each comes with
 * its uniforms and vertices from fixed seeds: every float uniform and input lane in -2..2, bone
 * numbers 0-19 and weights 0..1, four lights. Inputs named by {@code .alias} (which the binary
 * does not keep) are named from the source, as the Maven plugin names them.
 */
final class HomebrewShaders {
    private HomebrewShaders() {}

    private static final Pattern ALIAS = Pattern.compile("(?m)^\\s*\\.alias\\s+(\\w+)\\s+v(\\d+)\\s*$");

    static final List<String> NAMES = List.of("public-style-skinning", "public-style-lighting", "public-style-quatnormal", "public-style-lightloop");

    /** The shader's source. */
    static String source(String name) throws IOException {
        try (InputStream in = HomebrewShaders.class.getResourceAsStream(name + ".v.pica")) {
            if (in == null) throw new IllegalArgumentException("no homebrew shader " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The shader's source assembled by the picasso drop-in: a .shbin's bytes. */
    static byte[] shbin(String name) throws IOException {
        PicassoAssembler.Outcome o = PicassoAssembler.assemble(List.of(SourceFile.ofString(name + ".v.pica", source(name))), PicassoBuild.Options.defaults());
        if (o.value() == null) throw new IllegalStateException(name + " does not assemble: " + o.diagnostics());
        return o.value().binary();
    }

    /** The simulator of the shader, its uniforms set. */
    static Simulator simulator(String name) throws Exception {
        Map<String, Integer> aliases = new LinkedHashMap<>();
        Matcher m = ALIAS.matcher(source(name));
        while (m.find()) aliases.put(m.group(1), Integer.parseInt(m.group(2)));
        Simulator sim = new Simulator(Shader.load(shbin(name)).withInputNames(aliases));
        SplittableRandom r = new SplittableRandom(name.hashCode());
        for (Map.Entry<String, Bindings.Range> e : sim.shader().bindings().named().entrySet()) {
            Bindings.Range range = e.getValue();
            if (range.file() == RegisterFile.FLOAT_UNIFORM) sim.uniform(e.getKey(), lanes(r, 4 * range.count()));
        }
        // four lights: count - 1, first aL, step
        if (name.equals("public-style-lightloop")) sim.uniformInt("lights", 3, 0, 1, 0);
        // the specular power: a shininess of 1..32
        if (name.equals("public-style-lighting")) sim.uniform("material", 0.5f, 0.5f, 0.5f, 12f);
        return sim;
    }

    /** The integer and bool uniforms {@link #simulator} sets, as the harness's input names them ("i0": "[3, 0, 1, 0]"). */
    static Map<String, String> otherUniforms(Simulator sim, String name) {
        if (!name.equals("public-style-lightloop")) return Map.of();
        return Map.of("i" + sim.shader().bindings().resolve("lights").first(), "[3, 0, 1, 0]");
    }

    /** {@code n} vertices: every input register's four lanes. */
    static Map<String, float[]> vertices(Simulator sim, String name, int n) {
        SplittableRandom r = new SplittableRandom(~name.hashCode());
        Map<String, float[]> in = new LinkedHashMap<>();
        for (Map.Entry<String, Bindings.Range> e : sim.shader().bindings().named().entrySet()) {
            if (e.getValue().file() != RegisterFile.INPUT) continue;
            float[] f = lanes(r, 4 * n);
            if (e.getKey().equalsIgnoreCase("inBone")) for (int k = 0; k < f.length; k++) f[k] = r.nextInt(20);
            if (e.getKey().equalsIgnoreCase("inWeight")) for (int k = 0; k < f.length; k++) f[k] = (float) r.nextDouble();
            in.put(e.getKey(), f);
        }
        return in;
    }

    /** Arrays for every entry of the output map, four lanes a vertex. */
    static Map<String, float[]> outputs(Simulator sim, int n) {
        Map<String, float[]> out = new LinkedHashMap<>();
        for (Bindings.Output o : sim.shader().bindings().outputs()) out.put("o" + o.register(), new float[Integer.bitCount(o.mask()) * n]);
        return out;
    }

    static float[] lanes(SplittableRandom r, int n) {
        float[] f = new float[n];
        for (int k = 0; k < n; k++) f[k] = (float) (r.nextDouble() * 4 - 2);
        return f;
    }
}
