package dev.pica.bench;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.shbin.Dvoj;
import dev.pica.link.Linker;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The batch path: N small shaders (16 words), each assembled and linked to its own binary, as
 * `picalink --each` does once the JVM is warm, on one thread or on a pool of two (the machine's
 * cores). The score is per batch; docs/performance.md divides it by N.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-XX:+UseParallelGC"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class BatchBenchmark {
    @Param({"1", "10", "100", "1000"})
    public int batch;

    @Param({"1", "2"})
    public int threads;

    private final List<SourceFile> smalls = new ArrayList<>();
    private ExecutorService pool;

    @Setup
    public void setup() {
        for (int k = 0; k < batch; k++) smalls.add(SourceFile.ofString("s" + k + ".vsh", ToolchainBenchmark.shader(16).replace("c90, 1,", "c90, " + (k % 7) + ",")));
        pool = Executors.newFixedThreadPool(threads);
    }

    @TearDown
    public void tearDown() {
        pool.shutdown();
    }

    private static int build(SourceFile f) {
        Dvoj o = Assembler.assemble(f, Assembler.Options.defaults()).object();
        return Linker.link(List.of(new Linker.Input("s.o", o)), false, new Diagnostics()).bytes().length;
    }

    @Benchmark
    public int assembleAndLinkEach() throws Exception {
        int bytes = 0;
        if (threads == 1) {
            for (SourceFile f : smalls) bytes += build(f);
            return bytes;
        }
        List<Future<Integer>> done = new ArrayList<>();
        for (SourceFile f : smalls) done.add(pool.submit(() -> build(f)));
        for (Future<Integer> d : done) bytes += d.get();
        return bytes;
    }
}
