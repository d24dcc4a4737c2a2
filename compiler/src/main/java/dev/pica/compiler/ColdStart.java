package dev.pica.compiler;

import dev.pica.compiler.front.NativeLibraries;
import dev.pica.format.shbin.DvojWriter;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A process that starts in order to compile (picacc's main) does two things at once where it
 * would do them in turn (docs/performance.md, "picacc's cold start"): LWJGL and libshaderc load
 * on a thread of their own while the main thread reads its command line and its input, and the
 * process's first compile, while glslang runs on its thread, runs the back end over a built-in
 * module ({@code warmup/warmup.spv}) on the calling thread, so that the shader's own translation
 * after glslang finds the back end's classes linked and its call sites resolved. Nothing of the
 * warm-up reaches a compile's result: its object and diagnostics are dropped, and the back end
 * keeps no state between compiles. This class has no static work of its own, so that the
 * natives' thread starts first thing in main.
 */
public final class ColdStart {
    private ColdStart() {}

    /** Whether the process's next compile warms the back end (set by {@link #prepare}, taken by one compile). */
    private static final AtomicBoolean WARM_UP = new AtomicBoolean();
    /** Warm-ups run to their end in this process (WarmupTest waits for one inside glslang's run). */
    static final AtomicInteger WARM_UPS = new AtomicInteger();

    /** Starts the natives' loading on a daemon thread and has the next compile warm the back end; returns at once. */
    public static void prepare() {
        WARM_UP.set(true);
        Thread t = new Thread(new Loader(), "picacc-natives");
        t.setDaemon(true);
        t.start();
    }

    /** The warm-up for the compile that asks first after {@link #prepare}, else null. */
    static Runnable takeWarmUp() {
        return WARM_UP.getAndSet(false) ? new BackEndWarmup() : null;
    }

    /** Classes, not lambdas: a lambda's call site is linked at run time, outside the class-data archive. */
    private static final class Loader implements Runnable {
        @Override
        public void run() {
            try {
                NativeLibraries.load();
            } catch (Throwable e) {
                // the compile that needs the natives meets it again, or is thrown the LinkageError load kept
            }
        }
    }

    /** The back end once over the built-in module; whatever it throws is dropped (a warm-up never fails a compile). */
    private static final class BackEndWarmup implements Runnable {
        @Override
        public void run() {
            try {
                String text;
                byte[] spv;
                try (InputStream v = ColdStart.class.getResourceAsStream("warmup/warmup.vert");
                     InputStream w = ColdStart.class.getResourceAsStream("warmup/warmup.spv")) {
                    if (v == null || w == null) return;
                    text = new String(v.readAllBytes(), StandardCharsets.UTF_8);
                    spv = w.readAllBytes();
                }
                int[] words = new int[spv.length / 4];
                ByteBuffer.wrap(spv).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
                CompileResult r = GlslCompiler.compileSpirv(words, GlslSource.of("warmup.vert", text), CompileOptions.defaults());
                if (r.shader() != null) DvojWriter.write(r.shader().object());
                WARM_UPS.incrementAndGet();
            } catch (Throwable e) {
                // only the speed-up is lost
            }
        }
    }
}
