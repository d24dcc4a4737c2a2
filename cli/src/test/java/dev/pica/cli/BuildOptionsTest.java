package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.WarningPolicy;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The options the three building tools (picasm, picacc, picalink) read alike from a parse: the
 * operands, -o, -I, -D, -w/-W, make's -M options and the diagnostics' format and colour, with
 * their values when not given, and which error a command line with two bad options gets.
 */
class BuildOptionsTest {
    private final PrintStream stderr = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private static Tool tool(String name) {
        return switch (name) {
            case "picasm" -> new Picasm();
            case "picacc" -> new Picacc();
            default -> new Picalink();
        };
    }

    /** The tool after {@code read} of the parse of {@code args}, as a run parses them. */
    private Tool read(String name, String... args) {
        Tool t = tool(name);
        t.err = stderr;
        CommandLine cl = Tools.commandLine(CommandSpecs.of(name), stderr, stderr);
        t.read(cl.parseArgs(args));
        return t;
    }

    /** The shared values, by tool: the fields each tool keeps them in. */
    private record Shared(List<Path> inputs, Path output, List<Path> includeDirs, List<String> defines, WarningPolicy warnings, MakeDepOptions deps) {
        static Shared of(Tool t) {
            if (t instanceof Picasm a) return new Shared(a.inputs, a.output, a.includeDirs, a.defines, a.warnings, a.deps);
            if (t instanceof Picacc c) return new Shared(c.inputs, c.output, c.includeDirs, c.defines, c.warnings, c.deps);
            Picalink l = (Picalink) t;
            return new Shared(l.inputs, l.output, l.includeDirs, l.defines, l.warnings, l.deps);
        }
    }

    /** What a policy does with a warning no -W option names: "error", "warning" or "silent". */
    private static String effect(WarningPolicy p) {
        Diagnostics d = new Diagnostics();
        d.policy(p);
        d.warning(Problem.GLSL, SourcePos.named("x", 1), "w");
        return d.hasErrors() ? "error" : d.list().isEmpty() ? "silent" : "warning";
    }

    @ParameterizedTest
    @ValueSource(strings = {"picasm", "picacc", "picalink"})
    void everySharedOptionIsRead(String name) {
        Tool t = read(name, "-o", "out.x", "-I", "inc1", "-Iinc2", "-D", "A=1", "-DB", "-Werror", "-MD", "-MF", "deps.d", "-MT", "t", "-MP",
                "-fdiagnostics-format=json", "a.src", "b.src");
        Shared s = Shared.of(t);
        assertEquals(List.of(Path.of("a.src"), Path.of("b.src")), s.inputs());
        assertEquals(Path.of("out.x"), s.output());
        assertEquals(List.of(Path.of("inc1"), Path.of("inc2")), s.includeDirs());
        assertEquals(List.of("A=1", "B"), s.defines());
        assertEquals("error", effect(s.warnings()));
        assertTrue(s.deps().md && !s.deps().mmd && s.deps().phony, name);
        assertEquals(Path.of("deps.d"), s.deps().file);
        assertEquals(List.of("t"), s.deps().targets);
        assertNotSame(stderr, t.err, "-fdiagnostics-format=json collects the diagnostics");
        assertEquals("silent", effect(Shared.of(read(name, "-w", "a.src")).warnings()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"picasm", "picacc", "picalink"})
    void valuesWhenNotGiven(String name) {
        Tool t = read(name, "a.src");
        Shared s = Shared.of(t);
        assertEquals(List.of(Path.of("a.src")), s.inputs());
        assertEquals(name.equals("picalink") ? Path.of("shader.shbin") : null, s.output());
        assertEquals(List.of(), s.includeDirs());
        assertEquals(List.of(), s.defines());
        assertEquals("warning", effect(s.warnings()));
        assertFalse(s.deps().wanted() || s.deps().phony || s.deps().file != null || !s.deps().targets.isEmpty() || !s.deps().quotedTargets.isEmpty(), name);
        assertNotSame(null, t.err);
    }

    /** A bad colour and an unknown -W: the colour is read first, so its error is the one said. */
    @ParameterizedTest
    @ValueSource(strings = {"picasm", "picacc", "picalink"})
    void theDiagnosticsStreamIsReadBeforeTheWarnings(String name) {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> read(name, "-fdiagnostics-color=sometimes", "-Wno-such-warning", "a.src"));
        assertTrue(e.getMessage().contains("-fdiagnostics-color"), e.getMessage());
        assertThrows(WarningPolicy.UnknownOption.class, () -> read(name, "-Wno-such-warning", "a.src"));
    }

    /** picacc's -fshader-stage is checked before the warnings: a stage it does not compile and an unknown -W say the stage. */
    @org.junit.jupiter.api.Test
    void picaccReadsTheStageBeforeTheWarnings() {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> read("picacc", "-fshader-stage=fragment", "-Wno-such-warning", "a.vert"));
        assertTrue(e.getMessage().contains("-fshader-stage"), e.getMessage());
        assertSame(WarningPolicy.UnknownOption.class, assertThrows(RuntimeException.class, () -> read("picacc", "-fshader-stage=vertex", "-Wno-such-warning", "a.vert")).getClass());
    }
}
