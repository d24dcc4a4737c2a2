package dev.pica.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.pica.asm.Assembler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The library keeps no shared mutable state (the Maven plugin declares threadSafe = true and a
 * batch build may use every core): the examples built by four threads at once, many times over,
 * give the bytes of a build on one thread.
 */
class ConcurrencyTest {
    private static final List<List<String>> LINKS = List.of(List.of("sky.vsh"), List.of("lighting.vsh"),
            List.of("skinning.vsh", "transform_lib.vsh"), List.of("billboard.vsh", "particle.gsh"));

    private static byte[] build(List<String> names) {
        BuildSession s = new BuildSession(Assembler.Options.defaults(), dev.pica.format.diag.WarningPolicy.DEFAULT, () -> new byte[0]);
        List<Path> in = new ArrayList<>();
        for (String n : names) in.add(Examples.dir().resolve(n));
        BuildSession.Linked l = s.link(in, false);
        if (!l.ok()) throw new AssertionError(names + " did not build");
        return l.binary();
    }

    @Test
    void parallelBuildsGiveTheSameBytes() throws Exception {
        List<byte[]> expected = new ArrayList<>();
        for (List<String> link : LINKS) expected.add(build(link));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<byte[]>> runs = new ArrayList<>();
            for (int n = 0; n < 200; n++) {
                List<String> link = LINKS.get(n % LINKS.size());
                runs.add(pool.submit(() -> build(link)));
            }
            for (int n = 0; n < runs.size(); n++) assertArrayEquals(expected.get(n % LINKS.size()), runs.get(n).get(), "run " + n);
        } finally {
            pool.shutdown();
        }
    }
}
