package dev.pica.bench;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.verify.AdversarialPrograms;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
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
 * The verifier on programs built to make its work explode (issue 39 item 6): nested ifc blocks
 * with jumps into and out of them, procedures that jump into each other and are called back
 * with callc, loops with unknown counts, all mixed, from 64 words to the 4096 of program memory;
 * and the issue's 17-line program. VerifierCostTest holds the same programs to a bound of steps.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
public class AdversarialVerifierBenchmark {

    @State(Scope.Benchmark)
    public static class Generated {
        @Param({"TANGLE", "PROCEDURES", "LOOPS", "MIXED"})
        public AdversarialPrograms.Shape shape;

        @Param({"64", "4096"})
        public int words;

        Program program;

        @Setup
        public void setup() {
            program = AdversarialPrograms.program(words, words, shape);
        }
    }

    @State(Scope.Benchmark)
    public static class Issue {
        final Program program = AdversarialPrograms.issueProgram();
    }

    @Benchmark
    public Object generated(Generated s) {
        Diagnostics d = new Diagnostics();
        Verifier.verify(s.program, d);
        return d;
    }

    @Benchmark
    public Object issueProgram(Issue s) {
        Diagnostics d = new Diagnostics();
        Verifier.verify(s.program, d);
        return d;
    }
}
