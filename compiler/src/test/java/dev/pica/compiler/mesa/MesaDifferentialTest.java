package dev.pica.compiler.mesa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.compiler.random.ProgramGenerator;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Random programs compiled by picacc and run in the simulator agree with Mesa's llvmpipe running
 * the same GLSL, and the verifier finds nothing in any of them (docs/glsl.md, "Measured against
 * Mesa"). 1,000 programs by default; a campaign by hand:
 * {@code mvn -pl compiler verify -Dtest=MesaDifferentialTest -Dpica.mesa.programs=100000 -Dpica.mesa.seed=0}
 * ({@code -Dpica.mesa.skip=45938} leaves seeds out).
 * {@code -Dpica.mesa.off=LOOPS,TAN} switches features and built-ins off (names of
 * {@link ProgramGenerator.Feature} and {@link dev.pica.compiler.random.Builtin}).
 */
class MesaDifferentialTest {
    /**
     * What the compiler does not take yet, switched off in the generator until it does (names of
     * {@link ProgramGenerator.Feature}): nothing now. Bool uniforms in ?:, && and || and breaks,
     * breaks nested in two ifs and paths that read no input compile; swizzled writes, refused
     * once ("value used before it is defined"), have compiled since OpUndef is read as zero.
     */
    static final String NOT_YET = "";

    /**
     * Refusals that do not fail the test (up to 1 in 100 programs), printed with their counts:
     * the operand-descriptor and code limits (errors a user gets too). Any other refusal fails (the
     * NullPointerException of a null vector constant and the 'value used before it is defined' of a global OpUndef are
     * fixed: EndToEndTest; bool uniforms as values, in ?:, && and || and breaks compile).
     */
    static final List<String> TOLERATED = List.of("operand descriptors", "words where a vertex shader holds");

    private static Campaign.Report report;

    @BeforeAll
    static void run() {
        int programs = Integer.getInteger("pica.mesa.programs", 1000);
        long seed = Long.getLong("pica.mesa.seed", 0);
        String off = System.getProperty("pica.mesa.off", NOT_YET);
        int every = Integer.getInteger("pica.mesa.progress", 0);
        String seeds = System.getProperty("pica.mesa.seeds", "");
        Campaign campaign = new Campaign(ProgramGenerator.without(off));
        // -Dpica.mesa.skip=45938: seeds left out of a range (Mesa's llvmpipe crashes the JVM on that one, docs/glsl.md 7.1)
        java.util.Set<Long> skip = java.util.Arrays.stream(System.getProperty("pica.mesa.skip", "").split(",")).filter(x -> !x.isBlank())
                .map(String::trim).map(Long::valueOf).collect(Collectors.toSet());
        report = seeds.isEmpty() ? campaign.run(java.util.stream.LongStream.range(seed, seed + programs).filter(x -> !skip.contains(x)).toArray(), System.out, every)
                : campaign.run(java.util.Arrays.stream(seeds.split(",")).mapToLong(Long::parseLong).toArray(), System.out, every);
        System.out.println("Mesa comparison: " + report.summary() + (off.isEmpty() ? "" : "; off: " + off));
        report.refusals.forEach((k, v) -> System.out.println("  refused " + v[0] + "x (first seed " + v[1] + "): " + k));
        report.crashes.forEach((k, v) -> System.out.println("  crashed " + v[0] + "x (first seed " + v[1] + "): " + k));
        report.mismatchedPrograms.values().stream().limit(20).forEach(m -> System.out.println("  " + m));
        int shrink = Integer.getInteger("pica.mesa.shrink", 5);
        if (shrink > 0 && !report.mismatchedPrograms.isEmpty()) writeShrunk(new Campaign(ProgramGenerator.without(off)), shrink);
        if (shrink > 0) {
            new Campaign(ProgramGenerator.without(off)).shrinkCompileProblems(report, 300)
                    .forEach((k, p) -> System.out.println("shrunk '" + k + "' (seed " + p.seed() + "):\n" + p.glsl()));
        }
    }

    /** Shrinks mismatched programs and writes each as a regression file under target/mesa-regressions (for src/test/resources/mesa-regressions). */
    private static void writeShrunk(Campaign campaign, int most) {
        java.nio.file.Path dir = java.nio.file.Path.of("target", "mesa-regressions");
        try {
            java.nio.file.Files.createDirectories(dir);
            for (var e : campaign.shrink(report, most, 400).entrySet()) {
                Campaign.Mismatch first = report.mismatchedPrograms.get(e.getKey());
                var in = report.instances.get(e.getKey());
                String text = Regression.write(e.getValue(), in, first.vertex(), first.toString());
                java.nio.file.Files.writeString(dir.resolve("seed" + e.getKey() + ".vert"), text);
                System.out.println("shrunk seed " + e.getKey() + " -> " + dir.resolve("seed" + e.getKey() + ".vert") + ":\n" + text);
            }
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }

    @Test
    void compilerNeverThrows() {
        assertTrue(report.crashes.isEmpty(), () -> "picacc threw on " + report.crashes.values().stream().mapToLong(c -> c[0]).sum() + " programs:\n"
                + report.crashes.entrySet().stream().map(e -> e.getValue()[0] + "x (first seed " + e.getValue()[1] + "): " + e.getKey()).collect(Collectors.joining("\n")));
    }

    @Test
    void compiledProgramsAgreeWithMesa() {
        assertTrue(report.failures.isEmpty(), () -> report.failures.size() + " failures:\n" + report.failures.stream().limit(20).collect(Collectors.joining("\n")));
        assertTrue(report.mismatchedPrograms.isEmpty(), () -> report.mismatchedPrograms.size() + " programs differ from Mesa beyond the bound (first lane of each):\n"
                + report.mismatchedPrograms.values().stream().limit(30).map(Object::toString).collect(Collectors.joining("\n")));
        String untolerated = report.refusals.entrySet().stream().filter(e -> TOLERATED.stream().noneMatch(e.getKey()::contains))
                .map(MesaDifferentialTest::counted).collect(Collectors.joining("\n"));
        assertEquals("", untolerated, "picacc refused programs it should compile");
        // at most 1 in 100: the operand-descriptor limits refused 184 of seeds 0-999 (and 18% from seed 60000) until the back end's
        // second try (docs/glsl.md 6), none since; a program past 512 words or past the limits on both tries may still be
        assertTrue(report.refused() * 100 <= report.programs, () -> "picacc refused " + report.refused() + " of " + report.programs + " programs: "
                + report.refusals.entrySet().stream().map(MesaDifferentialTest::counted).collect(Collectors.joining("; ")));
        assertTrue(report.verticesCompared * 2 >= report.verticesCompared + report.verticesUnstable, report::summary);
    }

    /** A refusal with its count and first seed. */
    private static String counted(java.util.Map.Entry<String, long[]> e) {
        return e.getValue()[0] + "x (seed " + e.getValue()[1] + "): " + e.getKey();
    }

    @Test
    void verifierSilentOnEveryCompiledProgram() {
        assertTrue(report.compiled > 0, report::summary);
        assertEquals("", String.join("\n", report.findings.stream().limit(30).toList()), report.findings.size() + " verifier findings in compiled programs");
    }
}
