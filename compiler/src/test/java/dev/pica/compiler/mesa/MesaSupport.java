package dev.pica.compiler.mesa;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Opens the Mesa context for a test: on CI (CI=true) a machine without it fails the test, naming
 * the packages; elsewhere a machine without libEGL skips it, and one with libEGL that cannot give
 * the context fails.
 */
public class MesaSupport {
    /** The context of a test class that extends this one: opened before its tests, on their thread, and closed after. */
    protected static MesaVertexRunner mesa;

    @BeforeAll
    static void openMesa() {
        mesa = open();
    }

    @AfterAll
    static void closeMesa() {
        if (mesa != null) mesa.close();
        mesa = null;
    }

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
