package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.compiler.front.GlslFrontEnd;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.shbin.DvojWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The cold start's warm-up (ColdStart, docs/performance.md): the built-in
 * module it runs the back end over, and a first compile that runs it while glslang compiles and
 * gives the object it gives without it.
 */
class WarmupTest {
    private static byte[] resource(String name) throws IOException {
        try (InputStream in = ColdStart.class.getResourceAsStream("warmup/" + name)) {
            if (in == null) throw new IOException("no resource " + name);
            return in.readAllBytes();
        }
    }

    /** warmup.spv is glslang's module of warmup.vert with the front end's options: a change of either shows here. */
    @Test
    void theBuiltInModuleIsGlslangsOfItsSource() throws Exception {
        String text = new String(resource("warmup.vert"), StandardCharsets.UTF_8);
        Diagnostics d = new Diagnostics();
        int[] words = GlslFrontEnd.compile(GlslSource.of("warmup.vert", text), CompileOptions.defaults(), true, d).spirv();
        assertTrue(d.list().isEmpty(), d.list().toString());
        ByteBuffer b = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int w : words) b.putInt(w);
        assertArrayEquals(b.array(), resource("warmup.spv"),
                "warmup.spv is stale: write it again (SpirvFixtures on a folder holding warmup.vert)");
    }

    /** It compiles without a diagnostic: a warm-up that stopped at an error would warm only part of the back end. */
    @Test
    void theBuiltInModuleCompilesCleanly() throws Exception {
        byte[] spv = resource("warmup.spv");
        int[] words = new int[spv.length / 4];
        ByteBuffer.wrap(spv).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
        CompileResult r = GlslCompiler.compileSpirv(words, GlslSource.of("warmup.vert", new String(resource("warmup.vert"), StandardCharsets.UTF_8)),
                CompileOptions.defaults());
        assertTrue(r.diagnostics().list().isEmpty(), r.diagnostics().list().toString());
        assertTrue(r.shader().object().code().length >= 6, "four dp4, a mov, end");
    }

    static final String SHADER = """
            #version 330 core
            #extension GL_ARB_separate_shader_objects : require
            #include "light.glsl"
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 normal;
            layout(location = 1) out vec4 colour;
            uniform mat4 projection;
            void main() {
                gl_Position = projection * vec4(position, 1.0);
                colour = lightColour * max(dot(normalize(normal), vec3(0.0, 0.0, 1.0)), 0.0);
            }
            """;

    /**
     * After ColdStart.prepare the next compile runs the back end over the built-in module on the
     * calling thread while glslang runs on its own: the include callback (glslang's thread, in
     * the middle of its compile) waits until a warm-up has ended, which happens only if they
     * overlap. The object and the diagnostics are the ones a compile without the warm-up gives.
     */
    @Test
    void theFirstCompileWarmsTheBackEndWhileGlslangRuns() throws Exception {
        boolean[] overlapped = new boolean[1];
        int before = ColdStart.WARM_UPS.get();
        Includer waiting = new Includer() {
            @Override
            public boolean exists(Path file) {
                return file.getFileName().toString().equals("light.glsl");
            }

            @Override
            public String read(Path file) {
                long end = System.nanoTime() + 20_000_000_000L;
                while (ColdStart.WARM_UPS.get() == before && System.nanoTime() < end) Thread.onSpinWait();
                overlapped[0] = ColdStart.WARM_UPS.get() > before;
                return "uniform vec4 lightColour;\n";
            }
        };
        ColdStart.prepare();
        CompileResult warmed = GlslCompiler.compile(GlslSource.of("lit.vert", SHADER), CompileOptions.defaults().withIncluder(waiting));
        assertTrue(overlapped[0], "no warm-up ended while glslang ran");
        overlapped[0] = false;
        CompileResult plain = GlslCompiler.compile(GlslSource.of("lit.vert", SHADER), CompileOptions.defaults().withIncluder(new Includer() {
            @Override
            public boolean exists(Path file) {
                return file.getFileName().toString().equals("light.glsl");
            }

            @Override
            public String read(Path file) {
                return "uniform vec4 lightColour;\n";
            }
        }));
        assertEquals(before + 1, ColdStart.WARM_UPS.get(), "one warm-up, taken by the first compile only");
        assertEquals(plain.diagnostics().list().toString(), warmed.diagnostics().list().toString());
        assertArrayEquals(DvojWriter.write(plain.shader().object()), DvojWriter.write(warmed.shader().object()));
        assertEquals(plain.shader().assembly(), warmed.shader().assembly());
    }
}
