package dev.pica.bench;

import dev.pica.sim.SimulationException;
import dev.pica.sim.Simulator;
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
 * Vertices per second through {@link Simulator#runBatch} for {@link SimulatorBenchmark}'s shaders
 * and the skinning shader: a buffer of {@link #VERTICES} vertices (inputs and the outputs as
 * arrays) per operation, on 1 or 2 threads. The whole program is compiled; only the lanes the
 * output map names are computed (in the generated shaders most words feed nothing the output
 * reads; in the skinning shader every word does).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseG1GC"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SimulatorBatchBenchmark {
    static final int VERTICES = 1 << 16;

    /** a benchmark shader's words, the skinning shader ({@link SkinningShader}) or a homebrew-style one ({@link HomebrewShaders}) */
    @Param({"16", "128", "500", "skinning", "public-style-skinning", "public-style-lighting", "public-style-quatnormal", "public-style-lightloop"})
    public String program;

    @Param({"1", "2"})
    public int threads;

    private Simulator sim;
    private Map<String, float[]> inputs;
    private Map<String, float[]> outputs;

    @Setup
    public void setup() throws Exception {
        if (program.equals("skinning")) {
            sim = SkinningShader.uniforms(new Simulator(SimulatorBenchmark.shaderOf(SkinningShader.SOURCE)));
            inputs = SkinningShader.vertices(VERTICES);
            outputs = Map.of("position", new float[4 * VERTICES], "color", new float[4 * VERTICES], "texture0", new float[4 * VERTICES]);
            return;
        }
        if (HomebrewShaders.NAMES.contains(program)) {
            sim = HomebrewShaders.simulator(program);
            inputs = HomebrewShaders.vertices(sim, program, VERTICES);
            outputs = HomebrewShaders.outputs(sim, VERTICES);
            return;
        }
        sim = SimulatorBenchmark.simulatorFor(Integer.parseInt(program));
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
