package dev.pica.cli;

import dev.pica.format.diag.WarningPolicy;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.ParseResult;

/**
 * A tool that builds from sources (picasm, picacc, picalink): the options they read alike, with
 * each one's value when it is not given ({@link #read} and {@link #readPlain} start from these).
 * A tool's {@code read} takes {@link #readInputsAndOutput} first and {@link #readWarningsAndDepfiles}
 * last, its own options between: the diagnostics' stream is read before any option that can be
 * refused, and the warnings after the tool's own checks, so a command line with two bad options
 * gets the same error from each tool (BuildOptionsTest).
 */
abstract class BuildTool extends Tool {
    List<Path> inputs = List.of();
    Path output;
    List<Path> includeDirs = List.of();
    List<String> defines = List.of();
    WarningPolicy warnings = WarningPolicy.DEFAULT;
    MakeDepOptions deps = MakeDepOptions.NONE;

    BuildTool(String name) {
        super(name);
    }

    /** The diagnostics' format and colour, the operands, -o, -I and -D. */
    final void readInputsAndOutput(ParseResult r) {
        err = CommandSpecs.diagnosticStream(r, err);
        inputs = CommandSpecs.operandValues(r, inputs);
        output = r.matchedOptionValue("-o", output);
        includeDirs = r.matchedOptionValue("-I", includeDirs);
        defines = r.matchedOptionValue("-D", defines);
    }

    /** -w and the -W options, and make's -M options. */
    final void readWarningsAndDepfiles(ParseResult r) {
        warnings = CommandSpecs.warnings(r, r.hasMatchedOption("-w"));
        deps = new MakeDepOptions(r);
    }
}
