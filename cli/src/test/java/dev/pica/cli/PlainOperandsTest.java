package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The operands a tool's command line gives, taken off picocli's stack in runs
 * (CommandSpecs.operands), against picocli reading them one by one as it does without the
 * consumer: the same operands in the same order, the same option values, the same error.
 */
class PlainOperandsTest {
    /** What a parse gave: the operands, each matched option with its value, or the error. */
    private static String parse(CommandSpec spec, boolean consumer, String... args) {
        try {
            CommandLine.ParseResult r = new CommandLine(spec).parseArgs(args);
            List<Path> operands = consumer ? CommandSpecs.operandValues(r, List.of()) : r.matchedPositionalValue(0, List.of());
            StringBuilder b = new StringBuilder("operands " + operands);
            for (OptionSpec o : r.matchedOptions()) {
                Object value = o.getValue();
                b.append(' ').append(o.longestName()).append('=').append(value);
            }
            return b.toString();
        } catch (CommandLine.ParameterException e) {
            return "error " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** The tool's model with picocli's own reading of the operands. */
    private static CommandSpec withoutConsumer(String tool) {
        CommandSpec spec = CommandSpecs.of(tool);
        PositionalParamSpec operands = spec.positionalParameters().get(0);
        spec.remove(operands);
        spec.addPositional(PositionalParamSpec.builder(operands).parameterConsumer(null).build());
        return spec;
    }

    private static void assertSame(String tool, String... args) {
        String expected = parse(withoutConsumer(tool), false, args);
        String actual = parse(CommandSpecs.of(tool), true, args);
        assertEquals(expected, actual, () -> tool + " " + String.join(" ", args));
    }

    @ParameterizedTest
    @ValueSource(strings = {"picasm", "picalink", "picasso"})
    void shapes(String tool) {
        assertTrue(CommandSpecs.of(tool).positionalParameters().get(0).parameterConsumer() != null);
        for (OptionSpec o : CommandSpecs.of(tool).options()) {
            for (String name : o.names()) assertTrue(name.startsWith("-"), "an option name without '-' would be taken as an operand: " + name);
        }
        String[][] lines = {
            {"a.v.pica"}, {"a.v.pica", "b.v.pica", "c.v.pica"}, {"-o", "x.o", "a.vsh", "b.vsh"}, {"a.vsh", "-o", "x.o", "b.vsh"},
            {"a.vsh", "b.vsh", "-o", "x.o"}, {"-"}, {"a.vsh", "-", "b.vsh"}, {"--", "-a.vsh", "b.vsh", "--", "-"}, {"a.vsh", "--", "-x"},
            {""}, {"a.vsh", "", "b.vsh"}, {"a.vsh", "-5", "b.vsh"}, {"a.vsh", "-1.5e3"}, {"a.vsh", "-q", "b.vsh"}, {"a.vsh", "--nope=1"},
            {}, {"-o", "x.o"}, {"-o"}, {"a.vsh", "-o"}, {"a.vsh", "-Wall", "b.vsh", "-Werror", "c.vsh"}, {"x y.vsh", "@notafile"},
            {"a.vsh", "-j", "2", "b.vsh"}, {"a.vsh", "-j2"}, {"--each", "a.v.pica", "--output-dir", "d", "b.v.pica"},
            {"-fdiagnostics-format=sarif", "a.vsh", "b.vsh"}, {"a.vsh", "-I", "inc", "-Dx=1", "b.vsh"}, {"a.vsh", "--help"}, {"-V", "a"},
            {"a.vsh", "-MD", "b.vsh", "-MF", "d.d"}, {"-h", "h.h", "a.v.pica"}, {"-", "-"}, {"a\u0000b"},
        };
        for (String[] l : lines) assertSame(tool, l);
    }

    /** -Dpicocli.trimQuotes: picocli unquotes each operand by its own rules, so it reads them all itself. */
    @ParameterizedTest
    @ValueSource(strings = {"picasm", "picalink", "picasso"})
    void quotesTrimmedAlike(String tool) {
        System.setProperty("picocli.trimQuotes", "");
        try {
            assertTrue(CommandSpecs.of(tool).positionalParameters().get(0).parameterConsumer() == null);
            assertSame(tool, "\"a.vsh\"", "\"b c.vsh\"", "\"d.vsh\"");
            assertSame(tool, "a.vsh", "\"-o\"", "\"x\"", "-o", "\"y.o\"");
            assertSame(tool, "\"a.vsh", "b.vsh\"", "\"\"");
        } finally {
            System.clearProperty("picocli.trimQuotes");
        }
    }

    /** Random command lines over operands, options with and without values, "--", "-" and things picocli calls numbers. */
    @ParameterizedTest
    @ValueSource(strings = {"picasm", "picalink", "picasso"})
    void randomLines(String tool) {
        String[] words = {"a.v.pica", "b.vsh", "c.gsh", "-", "--", "-o", "out", "-j", "2", "-j0", "-q", "--each", "--output-dir", "d", "-I", "inc",
            "-D", "X=1", "-Wall", "-Wno-", "-Werror", "-fdiagnostics-format=json", "-5", "-0x10", "", "x y", "-MD", "-MF", "-MT", "t", "--dialect",
            "picasso", "-h", "-n", "-v", "--no-verify", "-g"};
        Random rnd = new Random(35);
        for (int k = 0; k < 3000; k++) {
            List<String> args = new ArrayList<>();
            int n = rnd.nextInt(9);
            for (int i = 0; i < n; i++) args.add(words[rnd.nextInt(words.length)]);
            assertSame(tool, args.toArray(new String[0]));
        }
    }
}
