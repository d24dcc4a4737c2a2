package dev.pica.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine.ParseResult;

/**
 * One command-line tool: its streams, what it reads from a parse and what it does with it. The
 * tools extend this class rather than passing lambdas: a lambda's call site is linked on first
 * use, which in a cold JVM costs more than loading a class (docs/performance.md).
 */
abstract class Tool {
    /** The name its model, help text and diagnostics go by (picasm, picalink, ...). */
    final String name;
    InputStream in = System.in;
    PrintStream out = System.out;
    /** Where diagnostics go: standard error, or the collector -fdiagnostics-format puts in front of it. */
    PrintStream err = System.err;
    /** The command line's words (@files expanded): a -file log never replaces a file they name. */
    List<String> words = List.of();

    Tool(String name) {
        this.name = name;
    }

    /** Takes the option values of a parse. */
    abstract void read(ParseResult parsed);

    /**
     * Takes the option values of a command line so plain that no parse is needed, and says so;
     * false (the default) sends it through picocli.
     */
    boolean readPlain(String[] args) {
        return false;
    }

    /** Runs with them: the exit status. */
    abstract int call();

    /** The stream the command printed its diagnostics on (after read). */
    final PrintStream diagnostics() {
        return err;
    }

    /** Parses {@code args} and runs on these streams: the exit status (0, 1, 2; 3 for a bug). */
    final int execute(InputStream in, PrintStream out, PrintStream err, String... args) {
        this.in = in;
        this.out = out;
        this.err = err;
        return Tools.execute(name, this, out, err, args);
    }

    /** A launcher's entry: the process's streams, the exit status as the process's. */
    final void exit(String[] args) {
        System.exit(execute(System.in, System.out, System.err, args));
    }
}
