package dev.pica.compiler;

import dev.pica.compiler.front.NativeLibraries;

/**
 * A process that starts in order to compile (picacc's main) loads LWJGL and libshaderc on a
 * thread of its own while the main thread reads its command line and its input, where it loaded
 * them in turn before glslang could start (docs/performance.md, "picacc's cold start"). This class
 * has no static work of its own, so that the natives' thread starts first thing in main.
 */
public final class ColdStart {
    private ColdStart() {}

    /** Starts the natives' loading on a daemon thread; returns at once. */
    public static void prepare() {
        Thread t = new Thread(new Loader(), "picacc-natives");
        t.setDaemon(true);
        t.start();
    }

    /** A class, not a lambda: a lambda's call site is linked at run time, outside the class-data archive. */
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
}
