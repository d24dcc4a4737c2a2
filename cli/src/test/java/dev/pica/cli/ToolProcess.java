package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A tool run in its own JVM, as make and a shell run it: its exit status, standard output and standard error. */
final class ToolProcess {
    private ToolProcess() {}

    record Run(int code, byte[] out, String err) {
        String outText() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    /** The java command line of tool {@code main} (a class of dev.pica.cli) with {@code args}. */
    static List<String> command(String main, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                "-Xshare:auto", "-cp", System.getProperty("java.class.path"), "dev.pica.cli." + main));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Runs {@code cmd} in {@code dir} with {@code stdin} (or nothing) as its input. */
    static Run run(Path dir, byte[] stdin, List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).start();
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        try (var in = p.getOutputStream()) {
            if (stdin != null) in.write(stdin);
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "tool did not finish");
        return new Run(p.exitValue(), out.get(), new String(err.get(), StandardCharsets.UTF_8));
    }

    /** Runs tool {@code main} in {@code dir} with no input. */
    static Run run(Path dir, String main, String... args) throws Exception {
        return run(dir, null, command(main, args));
    }

    private static byte[] readAll(InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }
}
