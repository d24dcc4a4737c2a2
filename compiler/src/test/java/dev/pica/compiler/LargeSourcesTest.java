package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.compiler.front.GlslFrontEnd;
import dev.pica.format.diag.Diagnostics;
import org.junit.jupiter.api.Test;

/**
 * Sources glslang takes a lot of memory or stack for: what the fuzz target glslCompileAnyText
 * (docs/fuzzing.md) found. Each gets a result or a diagnostic; none may throw or kill the JVM.
 */
class LargeSourcesTest {
    private static final String SHADER = "#version 450 core\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n";

    /** LWJGL's CharSequence overloads encode on a 64 KB thread-local stack: a longer source threw OutOfMemoryError. */
    @Test
    void aSourceOver64KiBCompiles() {
        String comment = "// " + "a comment line of a generated header, long enough to matter ".repeat(1200) + "\n";
        assertTrue(comment.length() > 70_000);
        CompileResult r = GlslCompiler.compile(GlslSource.of("big.vert", comment + SHADER), CompileOptions.defaults());
        assertTrue(r.ok(), r.diagnostics().list().toString());
        // and through the preprocessor alone (picacc -E), and with a -D of that size
        assertNotNull(GlslCompiler.preprocess(GlslSource.of("big.vert", comment + SHADER), CompileOptions.defaults()).text());
        CompileOptions longMacro = CompileOptions.defaults().withDefines(java.util.List.of("LONG=" + "1.0 + ".repeat(12_000) + "1.0"));
        assertTrue(GlslCompiler.compile(GlslSource.of("big.vert", SHADER), longMacro).ok());
    }

    /**
     * glslang recurses once per operator of a chain: 3,000 terms (9 KB) overflowed the 512 KB stack
     * of the calling thread here, and the JVM died of SIGSEGV in native code. glslang now runs on a
     * thread of its own whose stack is large enough whatever thread calls it.
     */
    @Test
    void aLongOperatorChainNeedsNoStackOfTheCaller() throws Exception {
        String chain = "#version 450 core\nlayout(location = 0) in vec4 p;\nvoid main() { float x = p.x" + "+p.x".repeat(3000) + "; gl_Position = vec4(x); }\n";
        GlslFrontEnd.Output[] out = new GlslFrontEnd.Output[1];
        Diagnostics diags = new Diagnostics();
        Thread small = new Thread(null, () -> out[0] = GlslFrontEnd.compile(GlslSource.of("chain.vert", chain), CompileOptions.defaults(), true, diags),
                "small-stack", 512 << 10);
        small.start();
        small.join();
        assertNotNull(out[0].spirv(), diags.list().toString());
        assertTrue(diags.list().isEmpty(), diags.list().toString());
        assertNull(out[0].preprocessed());
    }
}
