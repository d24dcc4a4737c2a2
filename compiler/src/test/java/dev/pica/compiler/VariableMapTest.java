package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.sim.Simulator;
import dev.pica.sim.Stepper;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The debugger's variable map (picacc -g): every value it shows, at every word of a run in the
 * simulator, is the value the GLSL variable has there by a Java model of the source (float32,
 * within float24's rounding); -g changes no word of the program.
 */
class VariableMapTest {
    static final String SOURCE = """
            #version 450 core
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 normal;
            layout(location = 1) out vec4 colour;
            uniform mat4 projection;
            uniform vec3 light;

            float shade(vec3 n, vec3 l) {
                return max(dot(n, l), 0.0);
            }

            void main() {
                vec3 n = normalize(normal);
                float s = 0.0;
                for (int i = 0; i < 4; i++) {
                    s += shade(n, light) * 0.25;
                    n = n.yzx;
                }
                gl_Position = projection * vec4(position, 1.0);
                colour = vec4(s, s, s, 1.0);
            }
            """;

    static final float[] NORMAL = {1, 2, 2}, LIGHT = {0.6f, 0.8f, 0};

    /** n after {@code k} rotations. */
    private static float[] n(int k) {
        float[] v = {NORMAL[0] / 3, NORMAL[1] / 3, NORMAL[2] / 3};
        for (int j = 0; j < k; j++) v = new float[] {v[1], v[2], v[0]};
        return v;
    }

    /** s after {@code k} passes. */
    private static float s(int k) {
        float s = 0;
        for (int j = 0; j < k; j++) {
            float[] v = n(j);
            s += Math.max(v[0] * LIGHT[0] + v[1] * LIGHT[1] + v[2] * LIGHT[2], 0) * 0.25f;
        }
        return s;
    }

    private static float[] read(Stepper st, VariableMap.Span span) {
        if (span.location().equals("aL")) return new float[] {st.aL()};
        String loc = span.location();
        float[] reg = st.lanes('r', Integer.parseInt(loc.substring(1, loc.indexOf('.'))));
        String lanes = loc.substring(loc.indexOf('.') + 1);
        float[] v = new float[lanes.length()];
        for (int k = 0; k < v.length; k++) v[k] = reg[("xyzw").indexOf(lanes.charAt(k))];
        return v;
    }

    @Test
    void everyValueShownAtEveryWordIsTheVariablesValueThere() throws Exception {
        CompiledShader c = Shaders.compile(SOURCE, CompileOptions.defaults().withDebugLines(true));
        VariableMap map = c.variables();
        assertEquals(Set.of("n", "s", "i"), names(map), map.text());
        assertEquals("vec3", map.variables().stream().filter(v -> v.name().equals("n")).findFirst().orElseThrow().type());
        Simulator sim = Shaders.simulator(c).uniform("projection", EndToEndTest.IDENTITY).uniform("light", LIGHT[0], LIGHT[1], LIGHT[2], 0);
        Stepper st = sim.start(Map.of("position", new float[] {1, 2, 3}, "normal", NORMAL));
        Set<String> seen = new HashSet<>();
        int checked = 0;
        while (!st.ended()) {
            Map<String, float[]> shown = new java.util.HashMap<>();
            for (Map.Entry<VariableMap.Variable, VariableMap.Span> e : map.at(st.pc())) shown.put(e.getKey().name(), read(st, e.getValue()));
            seen.addAll(shown.keySet());
            String where = "word " + st.pc() + " " + shown.keySet() + "\n" + map.text() + c.assembly();
            if (shown.containsKey("i")) {
                // in the loop's body: n has turned i times, s has i or (after its add) i + 1 terms
                int i = (int) shown.get("i")[0];
                assertTrue(i >= 0 && i < 4, where);
                if (shown.containsKey("n")) assertArrayEquals(n(i), shown.get("n"), 1e-4f, where);
                if (shown.containsKey("s")) {
                    float v = shown.get("s")[0];
                    assertTrue(Math.abs(v - s(i)) < 1e-4 || Math.abs(v - s(i + 1)) < 1e-4, where + " s = " + v);
                }
                checked++;
            } else if (shown.containsKey("s")) {
                // before the loop s is 0, after it the sum of four terms
                float v = shown.get("s")[0];
                assertTrue(v == 0 || Math.abs(v - s(4)) < 1e-4, where + " s = " + v);
                checked++;
            } else if (shown.containsKey("n")) {
                assertArrayEquals(n(0), shown.get("n"), 1e-4f, where);
                checked++;
            }
            st.step();
        }
        assertEquals(Set.of("n", "s", "i"), seen);
        assertTrue(checked > 10, "words checked: " + checked);
        assertArrayEquals(new float[] {s(4), s(4), s(4), 1}, st.result().output("color"), 1e-4f);
    }

    static final String HELPER = """
            #version 450 core
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 normal;
            layout(location = 1) out vec4 colour;
            uniform vec3 light;

            float shade(vec3 n, vec3 l) {
                float d = dot(n, l);
                float lit = max(d, 0.0) * 0.5;
                return lit + 0.25;
            }

            void main() {
                vec3 n = normalize(normal);
                float a = shade(n, light);
                float b = shade(n.yzx, light);
                gl_Position = vec4(position, 1.0);
                colour = vec4(a, b, a * b, 1.0);
            }
            """;

    /**
     * A function inlined twice: its locals (d, lit) in each copy, and what main stores from each
     * call (a, b), are the values the source gives them, at every word they are shown. The light
     * makes the two calls differ and d negative in the second, so that d is not max(d, 0), lit not
     * what the function returns, and a not b.
     */
    @Test
    void theLocalsOfAnInlinedFunctionAndWhatItsCallsReturnAreNamedInEachCopy() throws Exception {
        CompiledShader c = Shaders.compile(HELPER, CompileOptions.defaults().withDebugLines(true));
        VariableMap map = c.variables();
        // n = (1, 2, 2) / 3, n.yzx = (2, 2, 1) / 3, light (-1, 0, 1): d = 1/3 then -1/3
        float d1 = 1f / 3, d2 = -1f / 3, lit1 = d1 * 0.5f, lit2 = 0, a = lit1 + 0.25f, b = lit2 + 0.25f;
        Map<String, float[]> allowed = Map.of("d", new float[] {d1, d2}, "lit", new float[] {lit1, lit2}, "a", new float[] {a}, "b", new float[] {b});
        Stepper st = Shaders.simulator(c).uniform("light", -1, 0, 1, 0).start(Map.of("position", new float[] {1, 2, 3}, "normal", NORMAL));
        Set<String> seen = new HashSet<>();
        while (!st.ended()) {
            for (Map.Entry<VariableMap.Variable, VariableMap.Span> e : map.at(st.pc())) {
                String name = e.getKey().name();
                float[] v = read(st, e.getValue());
                seen.add(name);
                String where = name + " = " + java.util.Arrays.toString(v) + " at word " + st.pc() + "\n" + map.text() + c.assembly();
                if (name.equals("n")) {
                    assertArrayEquals(n(0), v, 1e-4f, where);
                    continue;
                }
                boolean one = false;
                for (float x : allowed.get(name)) one |= Math.abs(v[0] - x) < 1e-4;
                assertTrue(one, where);
            }
            st.step();
        }
        assertEquals(Set.of("n", "d", "lit", "a", "b"), seen, map.text());
        assertArrayEquals(new float[] {a, b, a * b, 1}, st.result().output("color"), 1e-4f);
    }

    /**
     * A geometry shader's loop that the compiler unrolls (examples/devkitpro/shaders/particle.geom): corner is
     * corners[k] while vertex k is made, and shown nowhere else; in each pass the array's elements
     * are all placed at once, so a later pass's corner is in a register before that pass begins.
     */
    @Test
    void anUnrolledLoopsVariableIsEachPassesValueInThatPassOnly() throws Exception {
        CompiledShader c = Shaders.compile(GlslSource.read(java.nio.file.Path.of("../examples/devkitpro/shaders/particle.geom")), CompileOptions.defaults().withDebugLines(true));
        VariableMap map = c.variables();
        float[][] corners = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
        Stepper st = Shaders.simulator(c).uniform("projection", EndToEndTest.IDENTITY).startGeometry(List.<float[][]>of(new float[][] {{1, 2, 3, 1}, {0.5f, 0.5f, 0.5f, 1}, {2, 0, 0, 0}}));
        int shown = 0;
        Set<Integer> passes = new HashSet<>();
        while (!st.ended()) {
            for (Map.Entry<VariableMap.Variable, VariableMap.Span> e : map.at(st.pc())) {
                if (!e.getKey().name().equals("corner")) continue;
                int k = st.emissions().size();
                assertArrayEquals(corners[k], read(st, e.getValue()), 0f, "word " + st.pc() + " before emit " + k + "\n" + map.text() + c.assembly());
                passes.add(k);
                shown++;
            }
            st.step();
        }
        assertEquals(Set.of(0, 1, 2, 3), passes, map.text());
        assertTrue(shown > 20, "words showing corner: " + shown);
    }

    private static Set<String> names(VariableMap m) {
        Set<String> s = new HashSet<>();
        for (VariableMap.Variable v : m.variables()) s.add(v.name());
        return s;
    }

    @Test
    void debugInformationChangesNoWordAndIsEmptyWithoutIt() {
        CompiledShader plain = Shaders.compile(SOURCE), debug = Shaders.compile(SOURCE, CompileOptions.defaults().withDebugLines(true));
        assertArrayEquals(plain.object().code(), debug.object().code());
        assertEquals(plain.assembly(), debug.assembly());
        assertTrue(plain.variables().variables().isEmpty());
    }

    /**
     * Random programs (the Mesa comparison's generator, seeds 0-39; seeds 0-999 by hand: 711 compiled, the same words for all, 772 variables named): -g compiles whatever compiles
     * without it, to the same words, with every span inside the program and on an r register or aL.
     */
    @Test
    void randomProgramsCompileToTheSameWordsWithAMapOfTheirOwnWords() {
        dev.pica.compiler.random.ProgramGenerator g = dev.pica.compiler.random.ProgramGenerator.all();
        int compiled = 0, named = 0;
        for (long seed = 0; seed < 40; seed++) {
            String text = g.generate(seed).glsl();
            CompileResult plain = GlslCompiler.compile(GlslSource.of("random.vert", text), CompileOptions.defaults());
            CompileResult debug = GlslCompiler.compile(GlslSource.of("random.vert", text), CompileOptions.defaults().withDebugLines(true));
            assertEquals(plain.ok(), debug.ok(), "seed " + seed);
            if (!plain.ok()) continue;
            compiled++;
            assertArrayEquals(plain.value().object().code(), debug.value().object().code(), "seed " + seed);
            int words = debug.value().object().codeSize();
            for (VariableMap.Variable v : debug.value().variables().variables()) {
                named++;
                for (VariableMap.Span span : v.spans()) assertTrue(span.end() <= words, "seed " + seed + ": " + v);
            }
            assertEquals(debug.value().variables(), VariableMap.parse(debug.value().variables().text()), "seed " + seed);
        }
        assertTrue(compiled > 20 && named > 20, compiled + " compiled, " + named + " variables named");
    }

    @Test
    void theTextFormReadsBackAndSaysWhichLineIsWrong() {
        VariableMap m = Shaders.compile(SOURCE, CompileOptions.defaults().withDebugLines(true)).variables();
        assertEquals(m, VariableMap.parse(m.text()));
        assertEquals(m.variables().get(0).spans().get(0).first() + 7, m.shifted(7).variables().get(0).spans().get(0).first());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VariableMap.parse(VariableMap.HEADER + "\nn vec3 3 9 r16.xyz\n"));
        assertEquals("line 2: not a location: 'r16.xyz'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> VariableMap.parse("n vec3 3 9 r1.xyz\n"));
        assertTrue(e.getMessage().startsWith("line 1: not a variable map"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> VariableMap.parse(VariableMap.HEADER + "\nn vec3 9 3 r1.xyz\n"));
        assertEquals("line 2: an empty span 9-3", e.getMessage());
    }
}
