package dev.pica.bench;

import dev.pica.format.DvlbReader;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.asm.Assembler;
import dev.pica.link.Linker;
import dev.pica.sim.Shader;
import dev.pica.sim.SimulationException;
import dev.pica.sim.Simulator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Vertices per second through {@link Simulator#runBatch} for {@link SimulatorBenchmark}'s shaders:
 * a buffer of {@link #VERTICES} vertices (inputs and the position output as arrays) per
 * operation, on 1 or 2 threads. The whole program is compiled; only the lanes the output map
 * names are computed (in these generated shaders most words feed nothing the output reads).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseG1GC"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SimulatorBatchBenchmark {
    static final int VERTICES = 1 << 16;

    @Param({"16", "128", "500"})
    public int words;

    @Param({"1", "2"})
    public int threads;

    private Simulator sim;
    private Map<String, float[]> inputs;
    private Map<String, float[]> outputs;

    @Setup
    public void setup() throws Exception {
        Assembler.Result r = Assembler.assemble(SourceFile.ofString("bench.vsh", ToolchainBenchmark.shader(words)), Assembler.Options.defaults());
        if (!r.ok()) throw new IllegalStateException("the benchmark shader does not assemble");
        byte[] shbin = Linker.link(List.of(new Linker.Input("bench.o", r.object())), false, new Diagnostics()).bytes();
        sim = new Simulator(Shader.of(DvlbReader.read(shbin), 0));
        sim.uniform("M", new float[][] {{1, 0, 0, 0.5f}, {0, 1, 0, -0.25f}, {0, 0, 1, 2}, {0, 0, 0, 1}});
        for (int c = 0; c < 86; c++) sim.uniform("U[" + c + "]", c * 0.5f, -c, 1f / (c + 1), 3);
        for (int b = 0; b < 16; b++) sim.uniformBool("F[" + b + "]", b % 2 == 0);
        float[] pos = new float[3 * VERTICES];
        for (int v = 0; v < VERTICES; v++) {
            pos[3 * v] = v * 0.25f;
            pos[3 * v + 1] = -1.5f + v % 7;
            pos[3 * v + 2] = 3f / (v + 1);
        }
        inputs = Map.of("pos", pos);
        outputs = Map.of("position", new float[4 * VERTICES]);
    }

    @Benchmark
    @OperationsPerInvocation(VERTICES)
    public Object batch() throws SimulationException {
        sim.runBatch(VERTICES, inputs, outputs, threads);
        return outputs;
    }
}
