package dev.pica.bench;

import dev.pica.asm.Assembler;
import dev.pica.driver.BuildSession;
import dev.pica.driver.OutputSet;
import dev.pica.format.diag.WarningPolicy;
import dev.pica.format.shbin.DvojWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The warm per-file path of the command-line tools, from a file on disk to a file on disk, as
 * `picasm FILE -o OUT` (read, preprocess, assemble, early verifier run, write the object through
 * an OutputSet) and `picalink FILE -o OUT` (the same, then link, the authoritative verifier run,
 * the loader contract, write the binary) do it, on one moderate shader (the 128-word benchmark
 * shader: matrix macros, mads, flow control, a subroutine). A regression of the per-file cost
 * shows here before it shows in a whole-process timing (bench/compare).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class PerFileBenchmark {
    private Path dir, source, object, binary;

    @Setup
    public void setup() throws IOException, OutputSet.OutputException {
        dir = Files.createTempDirectory("pica-bench");
        source = dir.resolve("shader.vsh");
        Files.writeString(source, ToolchainBenchmark.shader(128));
        object = dir.resolve("shader.o");
        binary = dir.resolve("shader.shbin");
        if (picasm() == 0 || picalink() == 0) throw new IllegalStateException("the benchmark shader does not build");
    }

    @TearDown
    public void tearDown() throws IOException {
        for (Path p : List.of(source, object, binary)) Files.deleteIfExists(p);
        Files.deleteIfExists(dir);
    }

    private static BuildSession session() {
        return new BuildSession(Assembler.Options.defaults(), WarningPolicy.DEFAULT, () -> new byte[0]);
    }

    /** picasm FILE -o OUT: the object's size, 0 on failure. */
    @Benchmark
    public int picasm() throws OutputSet.OutputException {
        BuildSession.Loaded l = session().load(source);
        if (!l.ok()) return 0;
        byte[] bytes = DvojWriter.write(l.object());
        new OutputSet(OutputStream.nullOutputStream()).add(object, bytes).inputs(l.files()).commit();
        return bytes.length;
    }

    /** picalink FILE -o OUT: the binary's size, 0 on failure. */
    @Benchmark
    public int picalink() throws OutputSet.OutputException {
        BuildSession.Linked r = session().link(List.of(source), false);
        if (!r.ok()) return 0;
        new OutputSet(OutputStream.nullOutputStream()).add(binary, r.binary()).input(source).commit();
        return r.binary().length;
    }
}
