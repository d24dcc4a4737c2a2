package dev.pica.bench;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.disasm.Disassembler;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.Dvoj;
import dev.pica.link.Linker;
import java.util.List;
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
 * In-process cost of each stage on generated vertex shaders of a given size (words); batches are
 * in {@link BatchBenchmark}. Run with bench/run; results as JMH JSON in bench/target.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-XX:+UseParallelGC"})
// 10 s: the 500-word assemble reaches its steady state after 6 to 8 (C2 compiles the parser late)
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
public class ToolchainBenchmark {
    @Param({"16", "128", "500"})
    public int words;

    private SourceFile source;
    private Dvoj object;
    private byte[] binary;

    /** A vertex shader of about n words: matrix macros, mads, flow control, a subroutine. */
    static String shader(int n) {
        // a clean program (every register it reads is bound, defined or written first): the verifier
        // has nothing to report, as in a finished shader
        StringBuilder sb = new StringBuilder("#pragma bind_symbol(M, c0, c3)\n#pragma bind_symbol(U, c4, c89)\n#pragma bind_symbol(F, b0, b15)\n"
                + "#pragma bind_symbol(pos, v0)\n#pragma output_map(position, o0)\n"
                + "def c90, 1, 0.5, 0.25, 2\nsub:\n  mul r1, r1, c90.y\n  ret\nmain:\n"
                + "  mov r1, c90\n  mov r2, c90\n  mov r3, c90\n  mov r4, c90\n");
        String[] sw = {"x", "y", "z", "w", "xy", "yx", "zw", "wzyx"};
        int w = 6;
        for (int k = 0; w < n - 4; k++) {
            switch (k % 6) {
                case 0 -> { sb.append("  m4x4 r0, v0, c0\n"); w += 4; }
                case 1 -> { sb.append("  mad r2.").append(sw[k % 4]).append(", r0.").append(sw[k % 8]).append(", c90, r1\n"); w++; }
                case 2 -> { sb.append("  ifb b").append(k % 16).append("\n    add r3, -r2.").append(sw[k % 8]).append(", c").append(k % 90).append("\n  endif\n"); w += 2; }
                case 3 -> { sb.append("  call sub\n  nop\n"); w += 2; }
                case 4 -> { sb.append("  dp3 r4.x, r3, c").append(k % 90).append("\n"); w++; }
                default -> { sb.append("  max r5, r4.x, r2\n"); w++; }
            }
        }
        return sb.append("  mov o0, r0\n  end\nendmain:\n").toString();
    }

    @Setup
    public void setup() {
        source = SourceFile.ofString("bench.vsh", shader(words));
        Assembler.Result r = Assembler.assemble(source, Assembler.Options.defaults());
        if (!r.ok()) throw new IllegalStateException("the benchmark shader does not assemble");
        object = r.object();
        binary = Linker.link(List.of(new Linker.Input("bench.o", object)), false, new Diagnostics()).bytes();
    }

    @Benchmark
    public Object assemble() {
        return Assembler.assemble(source, Assembler.Options.defaults()).object();
    }

    @Benchmark
    public Object link() {
        return Linker.link(List.of(new Linker.Input("bench.o", object)), false, new Diagnostics()).bytes();
    }

    @Benchmark
    public Object disassemble() throws Exception {
        return Disassembler.split(DvlbReader.read(binary), "bench");
    }
}
