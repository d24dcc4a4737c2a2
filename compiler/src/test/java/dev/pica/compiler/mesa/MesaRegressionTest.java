package dev.pica.compiler.mesa;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pica.compiler.CompileOptions;
import dev.pica.compiler.CompileResult;
import dev.pica.compiler.GlslCompiler;
import dev.pica.compiler.GlslSource;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
import dev.pica.link.Linker;
import dev.pica.sim.Precision;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The random programs that once differed from Mesa, shrunk (src/test/resources/mesa-regressions):
 * each compiled, verified and run in the simulator at float24 and on Mesa, every output lane
 * within the bound written in the file.
 */
class MesaRegressionTest extends MesaSupport {
    static Stream<Path> regressions() throws IOException, URISyntaxException {
        return files("/mesa-regressions");
    }

    /** Shrunk programs of compiler bugs not fixed yet (known/, which may be empty or absent). */
    static Stream<Path> known() throws IOException, URISyntaxException {
        return files("/mesa-regressions/known");
    }

    private static Stream<Path> files(String resource) throws IOException, URISyntaxException {
        var url = MesaRegressionTest.class.getResource(resource);
        if (url == null) return Stream.empty();
        Path dir = Path.of(url.toURI());
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".vert")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("regressions")
    void agreesWithMesa(Path file) throws Exception {
        List<String> off = differences(file);
        assertTrue(off.isEmpty(), String.join("\n", off));
    }

    /** Each known bug run, and skipped while it still differs (a factory: none known is no test, not an error). */
    @TestFactory
    Stream<DynamicTest> knownBugsStillDiffer() throws Exception {
        return known().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            List<String> off;
            try {
                off = differences(file);
            } catch (AssertionError e) {
                off = List.of(e.getMessage());
            }
            assumeTrue(off.isEmpty(), "a known compiler bug, not fixed yet (move the file up to mesa-regressions/ once it passes): " + String.join("; ", off));
        }));
    }

    /** Each output lane where picacc + the simulator and Mesa differ beyond the file's bound. */
    private static List<String> differences(Path file) throws Exception {
        Regression r = Regression.read(Files.readString(file));
        CompileResult compiled = GlslCompiler.compile(GlslSource.of(file.getFileName().toString(), r.glsl()), CompileOptions.defaults());
        assertNotNull(compiled.shader(), () -> compiled.diagnostics().list().toString());
        Linker.Result linked = dev.pica.link.internal.Linking.linkUnverified(List.of(new Linker.Input("regression.o", compiled.shader().object())), false, new Diagnostics());
        assertTrue(Verifier.verify(Program.ofShader(linked.dvlb(), 0)).diagnostics().list().isEmpty(), "the verifier finds nothing");
        Shader shader = Shader.of(linked.dvlb(), 0);
        Simulator sim = new Simulator(shader).precision(Precision.FLOAT24);
        for (Map.Entry<String, float[]> u : r.uniforms().entrySet()) {
            if (shader.bindings().resolve(u.getKey()) != null) sim.uniform(u.getKey(), Campaign.registers(r.uniformTypes().get(u.getKey()), u.getValue()));
        }
        for (Map.Entry<String, Boolean> b : r.bools().entrySet()) {
            if (shader.bindings().resolve(b.getKey()) != null) sim.uniformBool(b.getKey(), b.getValue());
        }
        Map<String, float[]> inputs = new LinkedHashMap<>();
        for (Map.Entry<String, float[]> in : r.inputs().entrySet()) if (shader.bindings().resolve(in.getKey()) != null) inputs.put(in.getKey(), in.getValue());
        Map<String, float[]> glUniforms = new LinkedHashMap<>(r.uniforms());
        r.bools().forEach((k, v) -> glUniforms.put(k, new float[] {v ? 1 : 0}));
        MesaVertexRunner.Outputs m = mesa.run(r.glsl(), 1, r.byLocation(), glUniforms);
        var result = sim.run(inputs);
        List<String> off = new ArrayList<>();
        for (Map.Entry<String, double[]> b : r.bounds().entrySet()) {
            // "NAME@oN": Mesa's name of an output (a block member, VS_OUT.normal) and the simulator's register
            String key = b.getKey(), glName = key.contains("@") ? key.substring(0, key.indexOf('@')) : key;
            String semantic = key.contains("@") ? key.substring(key.indexOf('@') + 1) : key.equals("gl_Position") ? "position" : key;
            float[] s = result.output(semantic), g = m.lanes(glName, 0);
            for (int k = 0; k < g.length; k++) {
                if (!(Math.abs(s[k] - g[k]) <= b.getValue()[k])) off.add(b.getKey() + "[" + k + "]: picacc+sim " + s[k] + ", Mesa " + g[k] + ", bound " + b.getValue()[k]);
            }
        }
        return off;
    }
}
