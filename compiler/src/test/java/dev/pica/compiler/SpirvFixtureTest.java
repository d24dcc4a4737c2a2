package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.compiler.spirv.SpirvFormatException;
import dev.pica.compiler.spirv.SpirvModule;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.sim.Result;
import dev.pica.sim.Simulator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The back end on committed SPIR-V (compiler/src/test/resources/spirv: NAME.spv with glslang's
 * NAME.spvasm beside it, written by {@link SpirvFixtures}): no native library is loaded here.
 */
class SpirvFixtureTest {
    static byte[] bytes(String resource) throws IOException {
        try (InputStream in = SpirvFixtureTest.class.getResourceAsStream("/spirv/" + resource)) {
            if (in == null) throw new IOException("no fixture " + resource);
            return in.readAllBytes();
        }
    }

    static int[] words(String name) throws IOException {
        byte[] b = bytes(name + ".spv");
        int[] w = new int[b.length / 4];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(w);
        return w;
    }

    static CompiledShader compile(String name) throws IOException {
        GlslSource src = GlslSource.of(name + ".vert", new String(bytes(name + ".vert"), StandardCharsets.UTF_8));
        CompileResult r = GlslCompiler.compileSpirv(words(name), src, CompileOptions.defaults());
        if (!r.ok()) {
            StringBuilder s = new StringBuilder();
            r.diagnostics().list().forEach(d -> s.append(DiagnosticPrinter.format(d)));
            fail(s.toString());
        }
        return r.value();
    }

    @ParameterizedTest
    @ValueSource(strings = {"projection", "loop_and_bool", "break_loop", "early_return"})
    void theReaderAgreesWithTheDisassembly(String name) throws Exception {
        SpirvModule m = SpirvModule.read(words(name));
        String asm = new String(bytes(name + ".spvasm"), StandardCharsets.UTF_8);
        Matcher bound = Pattern.compile("; Bound: (\\d+)").matcher(asm);
        assertEquals(true, bound.find());
        assertEquals(Integer.parseInt(bound.group(1)), m.bound);
        long names = asm.lines().filter(l -> l.contains("OpName %")).count();
        assertEquals(names, m.names.size());
        long labels = asm.lines().filter(l -> l.contains("= OpLabel")).count();
        assertEquals(labels, m.functions.values().stream().mapToLong(f -> f.blocks.size()).sum());
        assertNotNull(compile(name).object());
    }

    @Test
    void projection() throws Exception {
        Result r = Shaders.simulator(compile("projection")).uniform("projection", 2, 0, 0, 1, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1)
                .run(Map.of("position", new float[] {1, 2, 3, 1}));
        assertArrayEquals(new float[] {3, 6, 12, 1}, r.output("position"), 1e-4f);
    }

    @Test
    void loopAndBoolPinsTint() throws Exception {
        CompiledShader c = compile("loop_and_bool");
        assertEquals(20, c.reflection().uniform("tint").first());
    }

    @Test
    void breakAndContinueInAUniformCountLoop() throws Exception {
        CompiledShader c = compile("break_loop");
        Simulator s = Shaders.simulator(c);
        for (float x : new float[] {0.25f, 1f, 2f}) {
            for (int count : new int[] {0, 2, 5, 40}) {
                Result r = s.uniform("limit", 3, 0, 0, 0).uniform("count", count, 0, 0, 0)
                        .run(Map.of("position", new float[] {0, 0, 0, 1}, "x", new float[] {x}));
                float acc = 0;
                for (int i = 0; i < count; i++) {
                    if (acc > 3) break;
                    if (x > 1.5f) continue;
                    acc += x;
                }
                float[] want = x < 0.5f ? new float[] {acc, 0, 0, 1} : new float[] {0, acc, 1, 1};
                assertArrayEquals(want, r.output("color"), 1e-3f, "x " + x + " count " + count + "\n" + c.assembly());
            }
        }
    }

    @Test
    void earlyReturnsFromNestedIfs() throws Exception {
        CompiledShader c = compile("early_return");
        Simulator s = Shaders.simulator(c);
        float[][] ps = {{0.5f, 0.25f, -1, 1}, {0.25f, 0.5f, -1, 1}, {-0.5f, 0.25f, 1, 1}, {0.5f, 0.25f, 1, 1}};
        for (float[] p : ps) {
            float[] want;
            if (p[2] <= 0) want = p[0] >= p[1] ? new float[] {1, p[0], 0, 0} : new float[] {0, 1, p[1], 0};
            else want = -p[0] >= p[1] ? new float[] {p[2], 0, 1, 0} : new float[] {0, p[2], 0, 1};
            assertArrayEquals(want, s.run(Map.of("position", p)).output("normalquat"), 1e-4f, c.assembly());
        }
    }

    /** Truncated or corrupted words: a SpirvFormatException or diagnostics, never another exception. */
    @Test
    void corruptWordsNeverThrow() throws Exception {
        Random rnd = new Random(45);
        for (String name : new String[] {"projection", "break_loop", "early_return"}) {
            int[] w = words(name);
            GlslSource src = GlslSource.of(name + ".vert", new String(bytes(name + ".vert"), StandardCharsets.UTF_8));
            for (int n = 0; n < w.length; n += Math.max(1, w.length / 40)) tryRead(java.util.Arrays.copyOf(w, n), src);
            for (int k = 0; k < 150; k++) {
                int[] x = w.clone();
                int at = 5 + rnd.nextInt(x.length - 5);
                x[at] = switch (rnd.nextInt(3)) {
                    case 0 -> rnd.nextInt();
                    case 1 -> x[at] ^ (1 << rnd.nextInt(32));
                    default -> rnd.nextInt(64);
                };
                tryRead(x, src);
            }
        }
    }

    /**
     * A vector of 268,435,459 components (one bit of a fixture's OpTypeVector flipped: the SPIR-V
     * fuzz target's timeout) made the translator build operands of that width for minutes; a
     * count past SPIR-V's 2-4 (matrix columns too) or an array past 4,096 elements is now the reader's error.
     */
    @Test
    void typeCountsOutOfRangeAreRefusedByTheReader() throws Exception {
        GlslSource src = GlslSource.of("projection.vert", new String(bytes("projection.vert"), StandardCharsets.UTF_8));
        for (int[] change : new int[][] {{dev.pica.compiler.spirv.Op.TypeVector, 3, 0x10000003}, {dev.pica.compiler.spirv.Op.TypeMatrix, 3, 5},
                {dev.pica.compiler.spirv.Op.TypeVector, 3, 1}}) {
            int[] w = words("projection");
            int at = 5;
            while (at < w.length && (w[at] & 0xFFFF) != change[0]) at += w[at] >>> 16;
            assertTrue(at < w.length, "no opcode " + change[0]);
            w[at + change[1]] = change[2];
            SpirvFormatException e = assertThrows(SpirvFormatException.class, () -> SpirvModule.read(w));
            assertTrue(e.getMessage().contains(Integer.toUnsignedString(change[2]) + " as a "), e.getMessage());
            CompileResult r = GlslCompiler.compileSpirv(w, src, CompileOptions.defaults());
            assertTrue(!r.ok() && r.diagnostics().list().get(0).message().contains("cannot be read"), r.diagnostics().list().toString());
        }
    }

    private static void tryRead(int[] words, GlslSource src) {
        try {
            SpirvModule.read(words);
        } catch (SpirvFormatException e) {
            return;
        }
        GlslCompiler.compileSpirv(words, src, CompileOptions.defaults());
    }
}
