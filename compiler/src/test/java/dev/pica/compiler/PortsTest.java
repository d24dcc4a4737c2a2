package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pica.format.diag.Diagnostic;
import dev.pica.format.shbin.DvlbWriter;
import dev.pica.link.Linker;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The ports (issue 45 item 5): sixteen public vertex shaders, hand-written in picasso's dialect,
 * ported to GLSL (resources/ports, each port's header names its original). For each, the original
 * was built with the picasso drop-in and run by picasim on 48 seeded vertices outside the tree
 * (the originals stay out of the repository; ports.tsv names them by repository, path and commit):
 * NAME.input.json holds the uniforms by name and the vertices, NAME.expected.json the original's
 * outputs. The port is compiled, linked and run on the same input; every lane of every semantic
 * both programs write must agree within {@link #agree}'s bound. docs/performance.md has the sizes.
 */
class PortsTest {
    /** Components of each semantic that the GPU reads (libctru's DVLE_GenerateOutmap, docs/glsl.md 3). */
    static final Map<String, Integer> COMPONENTS = Map.of("position", 4, "normalquat", 4, "color", 4, "texcoord0", 2,
            "texcoord0w", 1, "texcoord1", 2, "texcoord2", 2, "view", 3);

    record Port(String name, String repository, String path, String commit, String licence, int originalWords) {}

    static List<Port> ports() {
        List<Port> ports = new ArrayList<>();
        for (String line : resource("ports.tsv").split("\n")) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.split("\t");
            ports.add(new Port(f[0], f[1], f[2], f[3], f[4], Integer.parseInt(f[5].trim())));
        }
        return ports;
    }

    /** The compiled port: its binary (linked as picalink links it) and its code words. */
    record Built(byte[] binary, int words) {}

    /** Each port compiled once per run (glslang and the back end are the test's cost; both tests read the result). */
    private static final Map<String, Object> BUILT = new java.util.concurrent.ConcurrentHashMap<>();

    static Built build(String name) {
        Object b = BUILT.computeIfAbsent(name, n -> {
            try {
                return compile(n);
            } catch (org.opentest4j.TestAbortedException e) {
                return e;
            }
        });
        if (b instanceof org.opentest4j.TestAbortedException e) throw e;
        return (Built) b;
    }

    private static Built compile(String name) {
        Path file = resourcePath(name + ".vert");
        GlslSource src;
        try {
            src = GlslSource.read(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CompileResult r = GlslCompiler.compile(src, CompileOptions.defaults());
        // glslang accepts every port (they are valid GLSL 3.30-4.50): an error here is something the
        // back end does not do yet, which the run shows as a skipped port with the message
        assumeTrue(r.shader() != null, name + " does not compile yet:\n" + messages(r.diagnostics().list()));
        var diags = new dev.pica.format.diag.Diagnostics();
        Linker.Result linked = Linker.link(List.of(new Linker.Input(name, r.shader().object())), false, diags);
        if (linked == null || diags.hasErrors()) fail(name + " did not link:\n" + messages(diags.list()));
        return new Built(DvlbWriter.write(linked.dvlb()), linked.dvlb().program().code().length);
    }

    @TestFactory
    Stream<DynamicTest> eachPortAgreesWithItsOriginal() {
        return ports().stream().map(p -> DynamicTest.dynamicTest(p.name(), () -> agreesWithOriginal(p.name())));
    }

    static void agreesWithOriginal(String name) throws Exception {
        Simulator sim = new Simulator(Shader.load(build(name).binary()));
        Map<String, Object> input = Json.object(resource(name + ".input.json"));
        Map<String, Object> expected = Json.object(resource(name + ".expected.json"));
        Map<String, Object> uniforms = Json.map(input.get("uniforms"));
        for (Map.Entry<String, Object> u : uniforms.entrySet()) {
            if (sim.shader().bindings().resolve(u.getKey()) == null) continue; // a uniform the port never reads has no register
            List<Object> v = Json.list(u.getValue());
            if (!v.isEmpty() && v.get(0) instanceof List<?>) sim.uniform(u.getKey(), Json.rows(v));
            else sim.uniform(u.getKey(), Json.floats(v));
        }
        List<Object> vertices = Json.list(input.get("vertices"));
        List<Object> outputs = Json.list(expected.get("vertices"));
        assertEquals(vertices.size(), outputs.size());
        int lanes = 0;
        for (int k = 0; k < vertices.size(); k++) {
            Map<String, float[]> in = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : Json.map(vertices.get(k)).entrySet()) in.put(e.getKey(), Json.floats(Json.list(e.getValue())));
            Result got = sim.run(in);
            Map<String, Object> want = Json.map(Json.map(outputs.get(k)).get("outputs"));
            for (Map.Entry<String, Object> e : want.entrySet()) {
                float[] w = Json.floats(Json.list(e.getValue()));
                float[] g = got.output(e.getKey());
                int n = COMPONENTS.get(e.getKey());
                assertTrue(g.length >= n, name + " vertex " + k + ": " + e.getKey() + " has " + g.length + " lanes, the GPU reads " + n);
                for (int c = 0; c < n; c++) {
                    assertTrue(agree(w[c], g[c]), name + " vertex " + k + " " + e.getKey() + "[" + c + "]: original " + w[c] + ", port " + g[c] + " (input " + Json.text(vertices.get(k)) + ")");
                    lanes++;
                }
            }
        }
        assertTrue(lanes > 0, name + ": no lane compared");
    }

    /**
     * Two lanes agree when they differ by at most 2^-14 of the larger magnitude (or of 1 below 1):
     * four float24 steps (2^-16 each). Both programs run in the emulator's precision (float32 with the
     * PICA's rules); what differs is the order of the operations (a MAD where the original has MUL
     * and ADD, rsq then rcp where it has rcp of rsq) and float24 constants rounded where picasso
     * truncates, each worth a few float32 steps; 2^-14 leaves room for those and for nothing a wrong
     * program would do.
     */
    static boolean agree(float expected, float got) {
        if (Float.isNaN(expected) || Float.isNaN(got)) return Float.isNaN(expected) && Float.isNaN(got);
        double scale = Math.max(1.0, Math.max(Math.abs(expected), Math.abs(got)));
        return Math.abs((double) expected - got) <= 0x1p-14 * scale;
    }

    /**
     * Ports still over 1.25x of their original, with what costs the words: reported in the table
     * (docs/performance.md) and left out of the per-port bound until the back end catches up.
     */
    static final Map<String, String> KNOWN_OVER = Map.of(); // m3ds_3d was, at 91 words of 70; 85 since 29 Nov 2026

    /**
     * The size goal of item 5: the compiled programs (every word of the linked code, the NOP at
     * endmain: included) at most the originals at the median, none over 1.25x. Prints the table
     * docs/performance.md keeps; a port that does not compile yet is listed, not counted.
     */
    @Test
    void portsAreAsShortAsTheOriginals() {
        List<Double> ratios = new ArrayList<>();
        StringBuilder table = new StringBuilder("| port | original | words | compiled | ratio |\n|---|---|---|---|---|\n");
        List<String> over = new ArrayList<>();
        List<String> notYet = new ArrayList<>();
        for (Port p : ports()) {
            int words;
            try {
                words = build(p.name()).words();
            } catch (org.opentest4j.TestAbortedException e) {
                notYet.add(p.name());
                table.append("| ").append(p.name()).append(" | ").append(p.repository()).append(" `").append(p.path()).append("` | ")
                        .append(p.originalWords()).append(" | not yet | |\n");
                continue;
            }
            double ratio = (double) words / p.originalWords();
            ratios.add(ratio);
            table.append("| ").append(p.name()).append(" | ").append(p.repository()).append(" `").append(p.path()).append("` | ")
                    .append(p.originalWords()).append(" | ").append(words).append(" | ").append(String.format("%.2f", ratio)).append(" |\n");
            if (ratio > 1.25 && !KNOWN_OVER.containsKey(p.name())) over.add(p.name() + " " + words + "/" + p.originalWords());
        }
        assumeTrue(!ratios.isEmpty(), "no port compiles yet");
        List<Double> sorted = new ArrayList<>(ratios);
        sorted.sort(null);
        double median = (sorted.get((sorted.size() - 1) / 2) + sorted.get(sorted.size() / 2)) / 2;
        System.out.println(table.append("median ratio ").append(String.format("%.3f", median)).append(" over ").append(ratios.size())
                .append(" ports; not compiled yet: ").append(notYet).append("; known over 1.25x: ").append(KNOWN_OVER.keySet()));
        assertTrue(median <= 1.0, "median compiled/original " + median);
        assertTrue(over.isEmpty(), "over 1.25x: " + over);
    }

    static String messages(List<Diagnostic> list) {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : list) sb.append(dev.pica.format.diag.DiagnosticPrinter.format(d)).append('\n');
        return sb.toString();
    }

    static Path resourcePath(String name) {
        try {
            return Path.of(PortsTest.class.getResource("/ports/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no test resource ports/" + name, e);
        }
    }

    static String resource(String name) {
        try {
            return Files.readString(resourcePath(name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The little JSON the fixtures use (objects, arrays, numbers, strings), read without a library. */
    static final class Json {
        private final String s;
        private int at;

        private Json(String s) {
            this.s = s;
        }

        static Map<String, Object> object(String text) {
            Json j = new Json(text);
            Object v = j.value();
            j.blank();
            if (j.at != text.length()) throw new IllegalArgumentException("JSON: text after the value at " + j.at);
            return map(v);
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> map(Object o) {
            return (Map<String, Object>) o;
        }

        @SuppressWarnings("unchecked")
        static List<Object> list(Object o) {
            return (List<Object>) o;
        }

        static float[] floats(List<Object> l) {
            float[] f = new float[l.size()];
            for (int i = 0; i < f.length; i++) f[i] = ((Number) l.get(i)).floatValue();
            return f;
        }

        static float[][] rows(List<Object> l) {
            float[][] r = new float[l.size()][];
            for (int i = 0; i < r.length; i++) r[i] = floats(list(l.get(i)));
            return r;
        }

        static String text(Object o) {
            if (o instanceof Map<?, ?> m) {
                StringBuilder sb = new StringBuilder("{");
                m.forEach((k, v) -> sb.append(sb.length() > 1 ? ", " : "").append(k).append(": ").append(text(v)));
                return sb.append('}').toString();
            }
            if (o instanceof List<?> l) {
                StringBuilder sb = new StringBuilder("[");
                for (Object v : l) sb.append(sb.length() > 1 ? ", " : "").append(text(v));
                return sb.append(']').toString();
            }
            return String.valueOf(o);
        }

        private void blank() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) at++;
        }

        private Object value() {
            blank();
            char c = s.charAt(at);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                at++;
                blank();
                if (s.charAt(at) == '}') {
                    at++;
                    return m;
                }
                while (true) {
                    blank();
                    String k = string();
                    blank();
                    expect(':');
                    m.put(k, value());
                    blank();
                    if (s.charAt(at++) == '}') return m;
                }
            }
            if (c == '[') {
                List<Object> l = new ArrayList<>();
                at++;
                blank();
                if (s.charAt(at) == ']') {
                    at++;
                    return l;
                }
                while (true) {
                    l.add(value());
                    blank();
                    if (s.charAt(at++) == ']') return l;
                }
            }
            if (c == '"') return string();
            int start = at;
            while (at < s.length() && "+-0123456789.eE".indexOf(s.charAt(at)) >= 0) at++;
            if (start == at) throw new IllegalArgumentException("JSON: unexpected '" + c + "' at " + at);
            return Double.parseDouble(s.substring(start, at));
        }

        private String string() {
            expect('"');
            int start = at;
            while (s.charAt(at) != '"') at++;
            return s.substring(start, at++);
        }

        private void expect(char c) {
            if (s.charAt(at++) != c) throw new IllegalArgumentException("JSON: expected '" + c + "' at " + (at - 1));
        }
    }
}
