package dev.pica.cli;

import dev.pica.driver.OutputSet;
import dev.pica.format.diag.DiagnosticCollector;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Nearest;
import dev.pica.format.diag.Problem;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/** Shared picocli setup: exit codes 0/1/2, usage errors on stderr, bugs as exit 3 with a trace. */
final class Tools {
    private Tools() {}

    /** Parses {@code args} against the tool's model, answers --help/--version, else runs it. */
    static int execute(String name, Tool command, PrintStream out, PrintStream err, String... args) {
        if (args.length == 1 && HelpTexts.isVersionOption(name, args[0])) {
            out.println(CommandSpecs.version(name));
            out.flush();
            return 0;
        }
        if (args.length == 1 && HelpTexts.isHelpOption(name, args[0])) {
            // the text picocli rendered at build time, when it is the one it would render now
            String text = HelpTexts.cached(name, CommandLine.Help.Ansi.AUTO.enabled());
            if (text != null) {
                out.print(text);
                out.flush();
                return 0;
            }
        }
        // the commonest command lines (FILE -o OUT, a batch's --output-dir DIR FILE...) read without
        // building picocli's model: that is 8% of a cold run's CPU (docs/performance.md); every other
        // one goes through picocli, and every one when -Dpicocli.trimQuotes asks picocli to unquote
        command.words = List.of(args);
        if (System.getProperty("picocli.trimQuotes") == null && command.readPlain(args)) {
            // no colour option in a plain command line: diagnostics coloured as -fdiagnostics-color=auto
            command.err = CommandSpecs.styled(dev.pica.format.diag.DiagnosticStyle.When.AUTO, command.err);
            return call(name, command, err);
        }
        // picocli registers converters for java.sql and java.time types by reflection; no option
        // uses them, and loading those modules is a measurable part of start-up
        if (System.getProperty("picocli.converters.excludes") == null) {
            System.setProperty("picocli.converters.excludes", "java\\.sql\\..*,java\\.time\\..*");
        }
        // picocli's factory looks for Groovy's Closure class once: a failing Class.forName that
        // searches every jar of the class path (19 here), 8 ms of a cold picasm's 96 ms of CPU
        if (System.getProperty("picocli.disable.closures") == null) System.setProperty("picocli.disable.closures", "true");
        CommandSpec spec = CommandSpecs.of(name);
        if (!spec.optionsMap().containsKey("-h")) {
            for (String a : args) {
                if (a.equals("--")) break;
                // picasso's -h names a header file; printing help and exiting 0 would fake a build
                if (a.equals("-h")) {
                    return commandLineError(name, "-h is not an option of " + name + "; use --help for help (C headers: picalink --header FILE, or -h FILE)",
                            command.words, err, false);
                }
            }
        }
        CommandLine cl = commandLine(spec, out, err);
        cl.setExecutionStrategy(new Run(name, command, err));
        return cl.execute(withAttachedColorValues(args));
    }

    /** An operand picocli takes as it is: not empty, no option ('-') and no argument file ('@'). */
    static boolean plainOperand(String a) {
        return !a.isEmpty() && a.charAt(0) != '-' && a.charAt(0) != '@';
    }

    /** A batch's command line as {@link #plainBatch} reads it. */
    record PlainBatch(List<Path> operands, Path outputDir, boolean each) {}

    /**
     * {@code --output-dir DIR} once, {@code --each} at most once where {@code each} is allowed, and
     * one or more plain operands, in any order, and nothing else: the command line of a batch, read
     * without building picocli's model (docs/performance.md); null for anything else.
     */
    static PlainBatch plainBatch(String[] args, boolean eachAllowed) {
        List<Path> operands = new ArrayList<>(args.length);
        Path dir = null;
        boolean each = false;
        try {
            for (int k = 0; k < args.length; k++) {
                String a = args[k];
                if (a.equals("--output-dir") && dir == null && k + 1 < args.length && plainOperand(args[k + 1])) {
                    dir = Path.of(args[++k]);
                } else if (a.equals("--each") && eachAllowed && !each) {
                    each = true;
                } else if (plainOperand(a)) {
                    operands.add(Path.of(a));
                } else {
                    return null;
                }
            }
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
        return dir == null || operands.isEmpty() ? null : new PlainBatch(operands, dir, each);
    }

    /**
     * GCC's -fdiagnostics-color takes its value only attached (=WHEN) and means always alone; picocli
     * would take the next argument (a file) as the value, so the bare form is spelt out first.
     */
    private static String[] withAttachedColorValues(String[] args) {
        String[] out = args.clone();
        for (int k = 0; k < out.length; k++) {
            if (out[k].equals("--")) break;
            if (out[k].equals("-fdiagnostics-color") || out[k].equals("--color")) out[k] += "=always";
        }
        return out;
    }

    /** Help or version if asked for, else the command; a bug is exit 3 with its trace. */
    private record Run(String name, Tool command, PrintStream err) implements CommandLine.IExecutionStrategy {
        @Override
        public int execute(ParseResult parsed) {
            Integer help = CommandLine.executeHelpRequest(parsed);
            if (help != null) return help;
            command.words = parsed.expandedArgs();
            try {
                command.read(parsed);
            } catch (dev.pica.format.diag.WarningPolicy.UnknownOption e) {
                return commandLineError(name, e.getMessage(), parsed.expandedArgs(), err, true);
            }
            return Tools.call(name, command, err);
        }
    }

    /** Runs a command that has read its options: its log written, a bug exit 3 with its trace on {@code err}. */
    private static int call(String name, Tool command, PrintStream err) {
        try {
            int code;
            try {
                code = command.call();
            } catch (OutOfMemoryError e) {
                code = outOfMemory(name, name, command.diagnostics());
            }
            if (command.diagnostics() instanceof dev.pica.format.diag.DiagnosticCollector c) code = Math.max(code, writeSarif(name, c, command.words));
            return code;
        } catch (RuntimeException | Error bug) {
            err.println(name + ": internal error (please report): " + bug);
            bug.printStackTrace(err);
            return 3;
        }
    }

    /**
     * An input beyond what the heap holds (a source is read whole, about twice its size in memory)
     * is said as an error of the run, not a crash: what the heap holds and how to give it more.
     * The allocation that failed is garbage by now, so there is room to say it. {@code where}: the
     * tool (the run's error), or the input a batch's unit was building (that unit's error).
     */
    private static int outOfMemory(String name, String where, PrintStream err) {
        long mib = Runtime.getRuntime().maxMemory() >> 20;
        DiagnosticPrinter.error(err, Problem.OUT_OF_MEMORY, where, "out of memory: the inputs need more than the " + mib + " MiB the Java heap may use"
                + " (a source is read whole, about twice its size); give it more, as PICA_JAVA_OPTS=-Xmx1g " + name + " ...");
        return 1;
    }

    /**
     * The SARIF log or JSON array of a run: on standard error, or into its file (an output like any
     * other: all or nothing, never over a file the command line names).
     */
    private static int writeSarif(String name, dev.pica.format.diag.DiagnosticCollector c, List<String> words) {
        String log = c.kind() == dev.pica.format.diag.DiagnosticCollector.Kind.JSON ? dev.pica.format.diag.DiagnosticJson.of(c.diagnostics())
                : dev.pica.format.diag.SarifLog.of(name, dev.pica.driver.ToolchainVersion.TEXT, c.diagnostics(), java.nio.file.Path.of(""),
                        dev.pica.format.diag.SarifLog.rootOf(CommandSpecs.sarifRoot(words), java.nio.file.Path.of("")));
        byte[] bytes = log.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (c.file() == null) {
            c.underneath().write(bytes, 0, bytes.length);
            c.underneath().flush();
            return 0;
        }
        OutputSet outs = new OutputSet(c.underneath()).add(c.file(), bytes);
        for (String w : words) {
            if (w.startsWith("-")) continue;
            try {
                outs.input(java.nio.file.Path.of(w));
            } catch (java.nio.file.InvalidPathException notAPath) {
                // no file to keep
            }
        }
        return commit(outs, name, c.underneath());
    }

    /** A tool's command line as every run sets it up (also what renders the build-time help texts). */
    static CommandLine commandLine(CommandSpec spec, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(spec);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setUnmatchedOptionsArePositionalParams(false);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler((e, args) -> usageError(spec.name(), e, args, err));
        // colours on a terminal as before, decided once: picocli's AUTO asks again for every text
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.AUTO.enabled() ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF));
        cl.setHelpFactory(Tools::help);
        return cl;
    }

    /** picocli's help, with each option's value after the separator users type (CommandSpecs.valueSeparator). */
    private static CommandLine.Help help(CommandSpec spec, CommandLine.Help.ColorScheme scheme) {
        return new CommandLine.Help(spec, scheme) {
            @Override
            public CommandLine.Help.IParamLabelRenderer parameterLabelRenderer() {
                CommandLine.Help.IParamLabelRenderer picocli = super.parameterLabelRenderer();
                return new CommandLine.Help.IParamLabelRenderer() {
                    /** the separator of the label rendered last: picocli asks for it right after rendering a short-only option */
                    private String last = "=";

                    @Override
                    public CommandLine.Help.Ansi.Text renderParameterLabel(CommandLine.Model.ArgSpec arg, CommandLine.Help.Ansi ansi,
                                                                          java.util.List<CommandLine.Help.Ansi.IStyle> styles) {
                        CommandLine.Help.Ansi.Text label = picocli.renderParameterLabel(arg, ansi, styles);
                        String plain = label.plainString(), sep = CommandSpecs.valueSeparator(arg);
                        // picocli gives the value of an option named only by one letter (-I) a column of its own
                        if (arg instanceof CommandLine.Model.OptionSpec o && java.util.Arrays.stream(o.names()).allMatch(n -> n.length() == 2)) sep = "";
                        last = sep;
                        // picocli puts its '=' first ("=DIR", or "[=WHEN]" for an optional value)
                        if (plain.startsWith("=")) return ansi.new Text(sep, scheme).concat(scheme.apply(plain.substring(1), styles));
                        if (plain.startsWith("[=") && plain.endsWith("]")) {
                            return ansi.new Text(sep.isBlank() ? sep + "[" : "[" + sep, scheme)
                                    .concat(scheme.apply(plain.substring(2, plain.length() - 1), styles)).concat("]");
                        }
                        return label;
                    }

                    @Override
                    public String separator() {
                        return last;
                    }
                };
            }
        };
    }

    /**
     * A command line the tool cannot run, as GNU tools report it: one line naming the problem (an
     * unknown option first, with the nearest real one), one pointing to --help; exit 2.
     */
    private static int usageError(String tool, CommandLine.ParameterException e, String[] args, PrintStream err) {
        String message = e.getMessage();
        List<String> unmatched = e.getCommandLine().getUnmatchedArguments();
        for (String a : unmatched) {
            if (a.startsWith("-") && a.length() > 1) {
                String option = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                // a one-letter option is one edit from every other: no hint for those
                String hint = option.length() <= 2 ? "" : Nearest.hint(option, e.getCommandLine().getCommandSpec().optionsMap().keySet());
                message = "unknown option '" + option + "'" + hint;
                break;
            }
        }
        if (message.equals(e.getMessage()) && !unmatched.isEmpty()) message = "unexpected argument '" + unmatched.get(0) + "'";
        ParseResult partial = e.getCommandLine().getParseResult();
        return commandLineError(tool, lowerFirst(message), partial != null ? partial.expandedArgs() : List.of(args), err, true);
    }

    /**
     * A command line the tool refuses: said in the SARIF or JSON log the run asked for (read from
     * its words, @files expanded, before any --), as every later error would be, and as text too
     * if that log cannot be written; else as text, with a pointer to --help when {@code tryHelp}.
     * Exit status 2.
     */
    private static int commandLineError(String tool, String message, List<String> words, PrintStream err, boolean tryHelp) {
        DiagnosticCollector log = CommandSpecs.collector(CommandSpecs.requestedFormat(words), err, tool, tool);
        if (log == null) {
            if (tryHelp) return usage(tool, message, err);
            DiagnosticPrinter.error(err, Problem.USAGE, tool, message);
            return 2;
        }
        DiagnosticPrinter.error(log, Problem.USAGE, tool, message);
        if (writeSarif(tool, log, words) != 0) DiagnosticPrinter.error(err, Problem.USAGE, tool, message);
        return 2;
    }

    /** The message and a pointer to --help; exit status 2. */
    private static int usage(String tool, String message, PrintStream err) {
        DiagnosticPrinter.error(err, Problem.USAGE, tool, message);
        err.println("Try '" + tool + " --help' for more information.");
        err.flush();
        return 2;
    }

    /** picocli's messages start with a capital; GCC's diagnostics do not. */
    private static String lowerFirst(String m) {
        return m.isEmpty() || m.length() > 1 && Character.isUpperCase(m.charAt(1)) ? m : Character.toLowerCase(m.charAt(0)) + m.substring(1);
    }

    /** Checks before any work that an output set can be written: 0, or 1 after saying why not. */
    static int check(OutputSet outs, String tool, PrintStream err) {
        try {
            outs.check();
            return 0;
        } catch (OutputSet.OutputException e) {
            DiagnosticPrinter.error(err, Problem.OUTPUT_ERROR, tool, e.getMessage());
            return 1;
        }
    }

    /** Writes an output set, all or nothing: 0, or 1 after saying why not. */
    static int commit(OutputSet outs, String tool, PrintStream err) {
        try {
            outs.commit();
            return 0;
        } catch (OutputSet.OutputException e) {
            DiagnosticPrinter.error(err, Problem.OUTPUT_ERROR, tool, e.getMessage());
            return 1;
        }
    }

    /** An --output-dir is made if missing (as javac -d makes its directory); false after reporting why it cannot be. */
    static boolean makeOutputDir(java.nio.file.Path dir, String tool, PrintStream err) {
        if (dir == null) return true;
        try {
            java.nio.file.Files.createDirectories(dir);
            return true;
        } catch (java.io.IOException e) {
            DiagnosticPrinter.error(err, Problem.OUTPUT_ERROR, tool, "cannot create directory '" + dir + "': " + dev.pica.format.diag.IoErrors.reason(e));
            return false;
        }
    }

    /** How many inputs are "-" (a loop: a stream here loads some fifty classes into every run). */
    static int stdinCount(java.util.List<Path> inputs) {
        int n = 0;
        for (Path p : inputs) if (OutputSet.isStdio(p)) n++;
        return n;
    }

    /** FILE.ext for FILE.other (or FILE without a dot). */
    static Path withExtension(Path p, String ext) {
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return p.resolveSibling((dot > 0 ? n.substring(0, dot) : n) + ext);
    }

    /** A file name without its extension; "stdin" for -. */
    static String stem(Path p) {
        if (OutputSet.isStdio(p)) return "stdin";
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    /** A pool thread's standard output and error for its jobs, captured in memory. */
    private static final class Capture {
        final java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream(), e = new java.io.ByteArrayOutputStream();
        final PrintStream out = new PrintStream(o, true), err = new PrintStream(e, true);
    }

    /** Work on its own output streams, for {@link #runInOrder}. */
    interface Job {
        int run(PrintStream out, PrintStream err);
    }

    /** A batch's unit: the job and the input it builds, which its errors of the run (out of memory) are filed under. */
    record Unit(String input, Job job) {}

    /** Runs tasks on {@code threads} threads; the results in task order ({@link dev.pica.driver.Parallel#inOrder}). */
    static <T> java.util.List<T> inParallel(int threads, java.util.List<java.util.concurrent.Callable<T>> tasks) {
        try {
            return dev.pica.driver.Parallel.inOrder(threads, tasks);
        } catch (InterruptedException x) {
            throw new IllegalStateException(x);
        }
    }

    /**
     * A batch: jobs run in parallel, each job's standard output and error printed in job order
     * (as if run one after another); the exit status is the worst one. When the run writes one
     * SARIF or JSON document, each job's diagnostics join it, in job order. A unit that runs out of
     * memory is that unit's error; the others still build and are reported.
     */
    static int runInOrder(String tool, int threads, java.util.List<Unit> jobs, PrintStream out, PrintStream err) {
        java.util.List<java.util.concurrent.Callable<Object[]>> tasks = new java.util.ArrayList<>();
        // one pair of capturing streams per pool thread, emptied before each job: two PrintStreams
        // (encoder, buffers) made per job were a twentieth of a batch's time
        ThreadLocal<Capture> captures = ThreadLocal.withInitial(Capture::new);
        for (Unit j : jobs) {
            tasks.add(() -> {
                Capture c = captures.get();
                c.o.reset();
                c.e.reset();
                PrintStream jobErr = c.err;
                if (err instanceof DiagnosticCollector dc) jobErr = dc.collectorOver(jobErr);
                int code;
                try {
                    code = j.job().run(c.out, jobErr);
                } catch (OutOfMemoryError e) {
                    code = outOfMemory(tool, j.input(), jobErr);
                }
                jobErr.flush();
                c.out.flush();
                c.err.flush();
                return new Object[] {code, c.o.toByteArray(), c.e.toByteArray(), jobErr};
            });
        }
        int status = 0;
        for (Object[] r : inParallel(threads, tasks)) {
            out.writeBytes((byte[]) r[1]);
            err.writeBytes((byte[]) r[2]);
            if (err instanceof DiagnosticCollector c) c.addAll(((DiagnosticCollector) r[3]).diagnostics());
            status = Math.max(status, (int) r[0]);
        }
        out.flush();
        err.flush();
        return status;
    }
}
