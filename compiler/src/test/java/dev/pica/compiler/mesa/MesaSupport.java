package dev.pica.compiler.mesa;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opens the Mesa context for a test: on CI (CI=true) a machine without it fails the test, naming
 * the packages; elsewhere a machine without libEGL skips it, and one with libEGL that cannot give
 * the context fails.
 */
public final class MesaSupport {
    private MesaSupport() {}

    public static MesaVertexRunner open() {
        try {
            return MesaVertexRunner.open();
        } catch (MesaVertexRunner.UnavailableException e) {
            if (!"true".equals(System.getenv("CI"))) assumeTrue(!e.noLibEgl(), "Mesa reference skipped: " + e.getMessage());
            return fail("the Mesa reference (EGL surfaceless, OpenGL 4.5 core on llvmpipe) is not available: " + e.getMessage()
                    + "; Debian: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri (.ci/run does)", e);
        }
    }
}
