package dev.pica.bench;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
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
 * The control-flow verifier alone (exploration, data flow, rules) on a geometry shader of a
 * given size, up to the 4096 words of program memory: ifs on uniforms, loops with a defi count,
 * calls to subroutines, emits.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-XX:+UseParallelGC"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class VerifierBenchmark {
    @Param({"512", "4096"})
    public int words;

    private Program program;

    /** A geometry shader of exactly n words (the trailing NOP included). */
    static String shader(int n) {
        StringBuilder sb = new StringBuilder("#pragma gs_assemble_as_geometry_shader\n#pragma output_map(position, o0)\n"
                + "#pragma bind_symbol(flags, b0, b7)\n#pragma bind_symbol(M, c0, c3)\ndefi i0, 3, 0, 1\n"
                + "sub:\n  mul r1, r1, c0\n  add r1, r1, c1\n  ret\nmain:\n  mov r0, v0\n  mov r1, v1\n  setemit 0\n");
        int w = 2 + 3;
        for (int k = 0; w < n - 16; k++) {
            switch (k % 5) {
                case 0 -> { sb.append("  ifb b").append(k % 8).append("\n    add r0, r0, r1\n  else\n    mul r0, r0, r1\n  endif\n"); w += 3; }
                case 1 -> { sb.append("  loop i0\n    add r2, r0, c2\n    mul r0, r2, c3\n  endloop\n"); w += 3; }
                case 2 -> { sb.append("  call sub\n  nop\n"); w += 2; }
                case 3 -> { sb.append("  dp4 r3.x, r0, c").append(k % 4).append("\n  max r3.y, r3.x, r1\n"); w += 2; }
                default -> { sb.append("  mov o0, r0\n  emit\n"); w += 2; }
            }
        }
        sb.append("  mov o0, r0\n  emit\n");
        w += 2;
        while (w < n - 2) {
            sb.append("  nop\n");
            w++;
        }
        return sb.append("  end\nendmain:\n").toString();
    }

    @Setup
    public void setup() {
        Assembler.Result r = Assembler.assemble(SourceFile.ofString("verify.gsh", shader(words)), Assembler.Options.unverified());
        if (!r.ok()) throw new IllegalStateException("the benchmark shader does not assemble");
        Dvoj o = r.object();
        program = Program.ofObject(o, List.of());
        Diagnostics d = new Diagnostics();
        Verifier.verify(program, d);
        if (d.errorCount() > 0 || o.codeSize() != words) throw new IllegalStateException("the benchmark shader has findings or the wrong size: " + o.codeSize());
    }

    @Benchmark
    public Object verify() {
        Diagnostics d = new Diagnostics();
        Verifier.verify(program, d);
        return d;
    }
}
