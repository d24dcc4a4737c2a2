package dev.pica.bench;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.link.Linker;
import dev.pica.sim.Result;
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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Vertices per second through the simulator for the 16-, 128- and 500-word benchmark shaders of
 * {@link ToolchainBenchmark} (matrix products, mads, ifs on uniforms half of them true, calls),
 * one {@code Simulator.run} per vertex as a JUnit test or picasim makes it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// G1, the JVM's default and what picasim and a JUnit run get: under ParallelGC this benchmark
// swings between 1.8 M and 9.5 M vertices/s from one iteration to the next (its young-generation sizing)
@Fork(value = 2, jvmArgsAppend = {"-XX:+UseG1GC"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class SimulatorBenchmark {
    /** a benchmark shader's words, or a homebrew-style shader ({@link HomebrewShaders}) */
    @Param({"16", "128", "500", "public-style-skinning", "public-style-lighting", "public-style-quatnormal", "public-style-lightloop"})
    public String words;

    private Simulator sim;
    private Map<String, float[]> vertex;

    @Setup
    public void setup() throws Exception {
        if (HomebrewShaders.NAMES.contains(words)) {
            sim = HomebrewShaders.simulator(words);
            // one vertex, as a test's Map.of(...) gives it
            Map<String, float[]> one = new java.util.HashMap<>();
            HomebrewShaders.vertices(sim, words, 1).forEach(one::put);
            vertex = Map.copyOf(one);
        } else {
            sim = simulatorFor(Integer.parseInt(words));
            vertex = Map.of("pos", new float[] {0.25f, -1.5f, 3f});
        }
        // words executed per vertex, to turn vertices/s into words/s
        System.out.printf("%n%s shader: %d words executed per vertex%n", words, sim.run(vertex).steps());
    }

    @Benchmark
    public Result vertex() throws SimulationException {
        return sim.run(vertex);
    }

    /** The generated benchmark shader of {@code words} words, assembled, linked and given its uniforms. */
    static Simulator simulatorFor(int words) throws Exception {
        Simulator sim = new Simulator(shaderOf(ToolchainBenchmark.shader(words)));
        sim.uniform("M", new float[][] {{1, 0, 0, 0.5f}, {0, 1, 0, -0.25f}, {0, 0, 1, 2}, {0, 0, 0, 1}});
        for (int c = 0; c < 86; c++) sim.uniform("U[" + c + "]", c * 0.5f, -c, 1f / (c + 1), 3);
        for (int b = 0; b < 16; b++) sim.uniformBool("F[" + b + "]", b % 2 == 0);
        return sim;
    }

    /** An SDK-dialect source assembled and linked alone: its first entry. */
    static Shader shaderOf(String source) throws Exception {
        return Shader.of(DvlbReader.read(shbinOf(source)), 0);
    }

    /** An SDK-dialect source assembled and linked alone: the .shbin's bytes. */
    static byte[] shbinOf(String source) throws Exception {
        Assembler.Result r = Assembler.assemble(SourceFile.ofString("bench.vsh", source), Assembler.Options.defaults());
        if (!r.ok()) throw new IllegalStateException("the benchmark shader does not assemble");
        return Linker.link(List.of(new Linker.Input("bench.o", r.object())), false, new Diagnostics()).bytes();
    }
}
