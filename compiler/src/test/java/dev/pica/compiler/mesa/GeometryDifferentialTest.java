package dev.pica.compiler.mesa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.compiler.random.ProgramGenerator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Random geometry shaders ({@link GeometryCampaign}) compiled by picacc and run in the simulator's
 * geometry unit draw the triangles Mesa's geometry stage draws, each within the evaluator's bound,
 * and the verifier finds nothing in any of them (docs/glsl.md 12.3). 70 programs by default (52 s at a load of 16 on two cores); by
 * hand: {@code -Dpica.mesa.geometry.programs=2000 -Dpica.mesa.geometry.seed=0}.
 */
class GeometryDifferentialTest {
    private static GeometryCampaign.Report report;

    /**
     * The vertex shaders' tolerated refusals, the register limit (a body inlined once per emitted
     * vertex, whose values spirv-opt computes once and keeps for the later copies, can need more
     * than r0-r15: an error at its line, as for any program), and ?: on a bool uniform (refused
     * by design so far, as MesaDifferentialTest's NOT_YET says), which spirv-opt's if-conversion
     * writes for an if on a bool uniform in an inlined body.
     */
    static final java.util.List<String> TOLERATED = java.util.stream.Stream.concat(MesaDifferentialTest.TOLERATED.stream(),
            java.util.stream.Stream.of("too many values live at once", "?: on a bool uniform")).toList();

    @BeforeAll
    static void run() {
        int programs = Integer.getInteger("pica.mesa.geometry.programs", 70);
        long seed = Long.getLong("pica.mesa.geometry.seed", 0);
        ProgramGenerator all = ProgramGenerator.without(MesaDifferentialTest.NOT_YET);
        // bodies of depth 2 (the vertex shaders' campaign: 3): each is inlined once per emitted vertex
        int depth = Integer.getInteger("pica.mesa.geometry.depth", 2);
        report = new GeometryCampaign(new ProgramGenerator(all.features(), all.builtins(), depth)).run(seed, programs);
        System.out.println("Mesa geometry comparison: " + report.summary());
        report.refusals.forEach((k, v) -> System.out.println("  refused " + v[0] + "x (first seed " + v[1] + "): " + k));
        report.crashes.forEach((k, v) -> System.out.println("  crashed " + v[0] + "x (first seed " + v[1] + "): " + k));
        report.mismatches.stream().limit(20).forEach(m -> System.out.println("  " + m));
    }

    @Test
    void compilerNeverThrows() {
        assertTrue(report.crashes.isEmpty(), () -> "picacc threw:\n" + report.crashes.entrySet().stream()
                .map(e -> e.getValue()[0] + "x (first seed " + e.getValue()[1] + "): " + e.getKey()).collect(Collectors.joining("\n")));
    }

    @Test
    void trianglesAgreeWithMesaAndTheExactValues() {
        assertTrue(report.failures.isEmpty(), () -> String.join("\n", report.failures.stream().limit(20).toList()));
        assertTrue(report.mismatches.isEmpty(), () -> report.mismatches.size() + " programs differ:\n" + String.join("\n", report.mismatches.stream().limit(30).toList()));
        String untolerated = report.refusals.entrySet().stream().filter(e -> TOLERATED.stream().noneMatch(e.getKey()::contains))
                .map(e -> e.getValue()[0] + "x (seed " + e.getValue()[1] + "): " + e.getKey()).collect(Collectors.joining("\n"));
        assertEquals("", untolerated, "picacc refused geometry shaders it should compile");
        // a body inlined once per emitted vertex meets the descriptor and register limits more often than a vertex shader: half at least compile
        assertTrue(report.compiled * 2 >= report.programs, report::summary);
        assertTrue(report.trianglesCompared > 0, report::summary);
    }

    @Test
    void verifierSilentOnEveryCompiledProgram() {
        assertTrue(report.compiled > 0, report::summary);
        assertEquals("", String.join("\n", report.findings.stream().limit(30).toList()), report.findings.size() + " verifier findings in compiled programs");
    }
}
