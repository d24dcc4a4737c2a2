package dev.pica.cli;

import dev.pica.format.diag.DiagnosticPrinter;
import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;

/** Shared picocli setup: exit codes 0/1/2, usage errors on stderr, bugs as exit 3 with a trace. */
final class Tools {
    private Tools() {}

    static int execute(Object command, PrintStream out, PrintStream err, String... args) {
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setUnmatchedOptionsArePositionalParams(false);
        cl.setExecutionExceptionHandler((ex, c, parse) -> {
            err.println(c.getCommandName() + ": internal error (please report): " + ex);
            ex.printStackTrace(err);
            return 3;
        });
        String name = cl.getCommandName();
        if (!cl.getCommandSpec().optionsMap().containsKey("-h")) {
            for (String a : args) {
                if (a.equals("--")) break;
                // picasso's -h names a header file; printing help and exiting 0 would fake a build
                if (a.equals("-h")) {
                    DiagnosticPrinter.error(err, name, "-h is not an option of " + name
                            + "; use --help for help (C headers: picalink --header FILE, or -h FILE)");
                    return 2;
                }
            }
        }
        return cl.execute(args);
    }

    /** An --output-dir is made if missing (as javac -d makes its directory); false after reporting why it cannot be. */
    static boolean makeOutputDir(java.nio.file.Path dir, String tool, PrintStream err) {
        if (dir == null) return true;
        try {
            java.nio.file.Files.createDirectories(dir);
            return true;
        } catch (java.io.IOException e) {
            DiagnosticPrinter.error(err, tool, "cannot create directory '" + dir + "': " + dev.pica.format.IoErrors.reason(e));
            return false;
        }
    }
}
