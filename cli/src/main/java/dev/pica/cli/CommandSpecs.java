package dev.pica.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The tools' picocli models, built in code. picocli's annotations are read by reflection through
 * proxy classes on every start, about 60 ms of a run that takes 200 (docs/performance.md); the
 * model built here is the same one, so parsing, help and messages do not change.
 */
final class CommandSpecs {
    private CommandSpecs() {}

    static final String VERSION = dev.pica.driver.ToolchainVersion.TEXT;

    /** The model of a tool by name. */
    static CommandSpec of(String tool) {
        CommandSpec spec = switch (tool) {
            case "picasm" -> Picasm.spec();
            case "picacc" -> Picacc.spec();
            case "picalink" -> Picalink.spec();
            case "picadis" -> Picadis.spec();
            case "picasso" -> Picasso.spec();
            case "picasim" -> Picasim.spec();
            case "picadbg" -> picadbg();
            case "picals" -> picals();
            default -> throw new IllegalArgumentException(tool);
        };
        // the synopsis as GCC and binutils write it; the options follow, each with its value
        spec.usageMessage().customSynopsis(synopsis(tool));
        return spec;
    }

    private static String[] synopsis(String tool) {
        return switch (tool) {
            case "picasm" -> new String[] {"@|bold picasm|@ [OPTIONS] FILE -o OUT.o", "       @|bold picasm|@ [OPTIONS] FILE... [--output-dir DIR]"};
            case "picacc" -> new String[] {"@|bold picacc|@ [OPTIONS] -c FILE... [-o OUT.o]", "       @|bold picacc|@ [OPTIONS] -S FILE... [-o OUT.vsh]",
                    "       @|bold picacc|@ [OPTIONS] FILE... [OBJECT.o...] -o OUT.shbin"};
            case "picalink" -> new String[] {"@|bold picalink|@ [OPTIONS] INPUT... -o OUT.shbin", "       @|bold picalink|@ [OPTIONS] --each INPUT... [--output-dir DIR]"};
            case "picadis" -> new String[] {"@|bold picadis|@ [OPTIONS] FILE [-o DIR]"};
            case "picasso" -> new String[] {"@|bold picasso|@ [OPTIONS] -o OUT.shbin FILE..."};
            case "picasim" -> new String[] {"@|bold picasim|@ [OPTIONS] SHADER.shbin [--set NAME=VALUE]... [--input FILE.json]"};
            case "picadbg" -> new String[] {"@|bold picadbg|@ (started by an editor; speaks the Debug Adapter Protocol on standard input and output)"};
            case "picals" -> new String[] {"@|bold picals|@ [--stdio] (started by an editor; speaks the Language Server Protocol on standard input and output)"};
            default -> throw new IllegalArgumentException(tool);
        };
    }

    /**
     * How an option's value is shown in --help, as users type it: {@code -I DIR}, {@code -MF FILE},
     * {@code -WNAME}, but {@code --output=FILE} and {@code -fdiagnostics-format=FORMAT}, whose
     * value can only follow an '='.
     */
    static String valueSeparator(ArgSpec arg) {
        if (!(arg instanceof OptionSpec o)) return "";
        for (String n : o.names()) if (n.startsWith("--") || n.startsWith("-f") || n.equals("-std")) return "=";
        return o.names().length == 1 && o.names()[0].equals("-W") ? "" : " ";
    }

    /**
     * picadbg's page: the debug adapter (dev.pica.debug.Picadbg, its own main) takes no options
     * but these; what it is told comes in the protocol's launch request, described here.
     */
    private static CommandSpec picadbg() {
        CommandSpec s = command("picadbg", version("picadbg"),
                "A Debug Adapter Protocol server for PICA200 shaders: VS Code, Neovim (nvim-dap), Helix and other editors start it and "
                        + "talk to it over standard input and output. It runs the shader as picasim does, a word at a time: line, conditional, "
                        + "function (label) and instruction breakpoints; next, step in, step out, step back and reverse continue (by replaying "
                        + "the deterministic run); registers, inputs, outputs and uniforms by name, each settable; evaluate. "
                        + "The launch request's arguments: program (a .shbin, or a source, picasso unit or .shlist, built in memory with line "
                        + "information), entry (a DVLE index or main label), input (a JSON file in picasim's --input shape) or inputs (the same "
                        + "object inline), stopOnEntry, maxSteps, includeDirs, defines, cwd. See docs/editors.md.",
                "0:the client disconnected", "2:an unknown option");
        s.addOption(flag("print the version and exit", "--version", "-v"));
        s.addOption(flag("print this help and exit", "--help", "-h"));
        return s;
    }

    /**
     * picals' page: the language server (dev.pica.lsp.Picals, its own main, which prints the same
     * options) is told the rest by its client, in initializationOptions.
     */
    private static CommandSpec picals() {
        CommandSpec s = command("picals", version("picals"),
                "A Language Server Protocol server for PICA200 shaders (.vsh/.gsh and .pica, .shlist units as picalink --each builds them): "
                        + "VS Code, Neovim, Helix and other editors start it and talk to it over standard input and output. Diagnostics as picasm "
                        + "and the verifier give them (witness paths as related locations), hover, completion, definition, references, rename, "
                        + "document and workspace symbols, semantic tokens, formatting. initializationOptions: {\"includeDirs\": [...], "
                        + "\"defines\": [...]} and the warning options picasm takes. See docs/editors.md.",
                "0:the client asked it to exit", "2:an unknown option");
        s.addOption(flag("use standard input and output (what clients pass; the only transport)", "--stdio"));
        s.addOption(flag("print the version and exit", "--version", "-v"));
        s.addOption(flag("print this help and exit", "--help", "-h"));
        return s;
    }

    /** A command with its description, version line and exit codes ("0:what it means"). */
    static CommandSpec command(String name, String version, String description, String... exitCodes) {
        // no ${...} variables in the texts: interpolating them is a tenth of --help's time
        CommandSpec spec = CommandSpec.create().name(name).version(version).interpolateVariables(false);
        Map<String, String> codes = new LinkedHashMap<>();
        for (String c : exitCodes) {
            int colon = c.indexOf(':');
            codes.put(c.substring(0, colon), c.substring(colon + 1));
        }
        spec.usageMessage().description(description).sortOptions(false).exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
        return spec;
    }

    /** A tool's version line (what --version prints). */
    static String version(String tool) {
        // picasso 2.7.2 prints PACKAGE_STRING " - Built on " __DATE__ __TIME__ (picasso_frontend.cpp's
        // case 'v'; configure.ac's AC_INIT makes PACKAGE_STRING "picasso 2.7.2"): a script reading the
        // first two words sees picasso's, the dialect reproduced
        if (tool.equals("picasso")) return "picasso 2.7.2 - pica toolchain " + VERSION + " (compatible drop-in)";
        if (tool.equals("picals")) return tool + " " + VERSION + " (pica toolchain; SDK and picasso dialects)";
        if (tool.equals("picadbg")) return tool + " " + VERSION + " (PICA200 shader toolchain, debug adapter; runs shaders as picasim does)";
        if (tool.equals("picacc")) return tool + " " + VERSION + " (PICA200 shader toolchain, GLSL compiler; glslang through LWJGL's shaderc)";
        if (tool.equals("picasim")) return tool + " " + VERSION + " (PICA200 shader toolchain, simulator; runs DVLB binaries as the Azahar emulator's interpreter)";
        return tool + " " + VERSION + " (PICA200 shader toolchain; SDK dialect .vsh/.gsh and picasso dialect .pica)";
    }

    /** An option without a value. */
    static OptionSpec flag(String description, String... names) {
        return OptionSpec.builder(names).type(boolean.class).description(description).build();
    }

    /** An option with one value of {@code type}; the last one given wins. */
    static OptionSpec option(Class<?> type, String label, String description, String... names) {
        OptionSpec.Builder b = OptionSpec.builder(names).type(type).paramLabel(label).description(description);
        // a label listing the values ("sdk|picasso") is what shell completion offers, as written
        if (label.matches("[a-z0-9-]+(\\|[a-z0-9-]+)+")) b.completionCandidates(List.of(label.split("\\|")));
        return b.build();
    }

    /** A repeatable option: every value, in order, as a list of {@code element}. */
    static OptionSpec repeatable(Class<?> element, String label, String description, String... names) {
        return OptionSpec.builder(names).type(List.class).auxiliaryTypes(element).paramLabel(label).description(description).build();
    }

    /** GCC's warning options: -w is each tool's own flag; -W takes a name (docs/diagnostics.md). */
    static OptionSpec warningOption() {
        return OptionSpec.builder("-W").type(List.class).auxiliaryTypes(String.class).paramLabel("NAME").hideParamSyntax(true)
                .description("-WNAME / -Wno-NAME turn one kind of warning on or off, -Wextra adds the stylistic ones (-Wall: the default set), "
                        + "-Werror makes warnings errors (-Werror=NAME one kind); every warning names its kind, as [-Wuninitialized]").build();
    }

    /** The run's warning policy from -w and the -W values; an unknown name is a usage error (exit 2). */
    static dev.pica.format.diag.WarningPolicy warnings(picocli.CommandLine.ParseResult r, boolean noWarnings) {
        return dev.pica.format.diag.WarningPolicy.of(noWarnings, r.matchedOptionValue("-W", List.of()));
    }

    /** What every building tool ends its options with: make's dependency files, the diagnostics' colours and format, help and version. */
    static void addBuildTail(CommandSpec s) {
        MakeDepOptions.addTo(s);
        addColorOptions(s);
        addHelp(s);
    }

    /** GCC's colour options: -fdiagnostics-color[=never|always|auto] (alone: always; --color too) and -fno-diagnostics-color. */
    static void addColorOptions(CommandSpec s) {
        s.addOption(OptionSpec.builder("-fdiagnostics-color", "--color").type(String.class).arity("0..1").fallbackValue("always").paramLabel("WHEN")
                .completionCandidates(List.of("never", "always", "auto"))
                .description("colour diagnostics: never, always, or auto (default: when standard error is a terminal, TERM is not dumb and NO_COLOR is unset; "
                        + "GCC_COLORS sets the colours as for GCC)").build());
        s.addOption(flag("never colour diagnostics", "-fno-diagnostics-color"));
        s.addOption(OptionSpec.builder("-fdiagnostics-format").type(String.class).paramLabel("FORMAT").completionCandidates(List.of("text", "json", "json-file", "sarif", "sarif-stderr", "sarif-file"))
                .description("text (default); json (GCC's JSON array on standard error at the end; json-stderr too) or json-file "
                + "(FIRST-INPUT.gcc.json in the current directory); sarif-stderr (one SARIF 2.1.0 log on standard error; sarif too) or sarif-file "
                + "(FIRST-INPUT.sarif), as GCC").build());
        s.addOption(OptionSpec.builder("--sarif-root").type(java.nio.file.Path.class).paramLabel("DIR")
                .description("the repository root a SARIF log's URIs are relative to (default: the nearest directory upward that holds .git, "
                        + "else the current one)").build());
    }

    /**
     * The --sarif-root a command line gives (its last), read from its words as they are, before
     * any --; null if none. A command line picocli refused is read the same way.
     */
    static java.nio.file.Path sarifRoot(List<String> args) {
        String root = null;
        for (int k = 0; k < args.size(); k++) {
            String a = args.get(k);
            if (a.equals("--")) break;
            if (a.startsWith("--sarif-root=")) root = a.substring("--sarif-root=".length());
            else if (a.equals("--sarif-root") && k + 1 < args.size()) root = args.get(++k);
        }
        try {
            return root == null || root.isEmpty() ? null : java.nio.file.Path.of(root);
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }

    /**
     * Standard error as this run prints diagnostics on it: coloured as the options, the
     * environment and the launcher (which tells whether it is a terminal) say.
     */
    static java.io.PrintStream diagnosticStream(picocli.CommandLine.ParseResult r, java.io.PrintStream err) {
        // the last of the colour options wins, as in GCC
        String when = "auto";
        for (String a : r.expandedArgs()) { // @files expanded, as picocli read them
            if (a.equals("--")) break;
            if (a.equals("-fno-diagnostics-color")) when = "never";
            else if (a.startsWith("-fdiagnostics-color=")) when = a.substring("-fdiagnostics-color=".length());
            else if (a.startsWith("--color=")) when = a.substring("--color=".length());
        }
        dev.pica.format.diag.DiagnosticStyle.When w;
        try {
            w = dev.pica.format.diag.DiagnosticStyle.When.valueOf(when.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(r.commandSpec().commandLine(),
                    "invalid argument '" + when + "' to '-fdiagnostics-color'; valid arguments are never, always and auto");
        }
        String format = r.matchedOptionValue("-fdiagnostics-format", "text");
        java.nio.file.Path root = r.matchedOptionValue("--sarif-root", null);
        if (root != null && !java.nio.file.Files.isDirectory(root)) {
            throw new picocli.CommandLine.ParameterException(r.commandSpec().commandLine(), "--sarif-root '" + root + "' is not a directory");
        }
        Object given = r.commandSpec().positionalParameters().isEmpty() ? null : r.commandSpec().positionalParameters().get(0).getValue();
        List<Object> in = new java.util.ArrayList<>();
        if (given instanceof List<?> l) in.addAll(l);
        else if (given != null) in.add(given);
        // the first input as given names the -file document
        if (!format.equals("text")) {
            dev.pica.format.diag.DiagnosticCollector c = collector(format, err, in.isEmpty() ? r.commandSpec().name() : String.valueOf(in.get(0)), r.commandSpec().name());
            if (c == null) {
                throw new picocli.CommandLine.ParameterException(r.commandSpec().commandLine(),
                        "invalid argument '" + format + "' to '-fdiagnostics-format'; valid arguments are text, json, json-stderr, json-file, sarif, sarif-stderr and sarif-file");
            }
            return c;
        }
        return styled(w, err);
    }

    /**
     * The collector of a -fdiagnostics-format other than text, over standard error; null for an
     * unknown format. {@code named}: what the -file document is named after (the first input, or
     * the tool, which also stands for an input without a file name such as /).
     */
    static dev.pica.format.diag.DiagnosticCollector collector(String format, java.io.PrintStream err, String named, String tool) {
        dev.pica.format.diag.DiagnosticCollector.Kind sarif = dev.pica.format.diag.DiagnosticCollector.Kind.SARIF, json = dev.pica.format.diag.DiagnosticCollector.Kind.JSON;
        switch (format) {
            case "sarif", "sarif-stderr", "json", "json-stderr" -> {
                return new dev.pica.format.diag.DiagnosticCollector(err, null, format.startsWith("sarif") ? sarif : json);
            }
            case "sarif-file", "json-file" -> {
                java.nio.file.Path base = java.nio.file.Path.of(named).getFileName();
                String first = base == null ? tool : base.toString();
                boolean isSarif = format.startsWith("sarif");
                return new dev.pica.format.diag.DiagnosticCollector(err, java.nio.file.Path.of((first.equals("-") ? "stdin" : first) + (isSarif ? ".sarif" : ".gcc.json")),
                        isSarif ? sarif : json);
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * The -fdiagnostics-format a command line asks for, read from its words as they are (for a
     * command line picocli refused: its error goes into the log the run asked for); "text" if none.
     */
    static String requestedFormat(List<String> args) {
        String format = "text";
        for (int k = 0; k < args.size(); k++) {
            String a = args.get(k);
            if (a.equals("--")) break;
            if (a.startsWith("-fdiagnostics-format=")) format = a.substring("-fdiagnostics-format=".length());
            else if (a.equals("-fdiagnostics-format") && k + 1 < args.size()) format = args.get(++k);
        }
        return format;
    }

    /** Standard error coloured as {@code w}, the environment and the launcher (which tells whether it is a terminal) say. */
    static java.io.PrintStream styled(dev.pica.format.diag.DiagnosticStyle.When w, java.io.PrintStream err) {
        boolean terminal = "true".equals(System.getProperty("pica.stderr.tty"));
        return dev.pica.format.diag.DiagnosticStyle.of(w, terminal, System.getenv()).on(err);
    }

    /** One or more positional parameters of paths, as a list ({@link #operandValues} reads it). */
    static PositionalParamSpec operands(String label, String description) {
        PositionalParamSpec.Builder b = PositionalParamSpec.builder().index("0..*").arity("1..*").required(true).type(List.class)
                .auxiliaryTypes(java.nio.file.Path.class).paramLabel(label).description(description);
        // -Dpicocli.trimQuotes (read as picocli reads it): picocli unquotes each operand by rules of its own
        String trim = System.getProperty("picocli.trimQuotes");
        if (!("".equals(trim) || Boolean.parseBoolean(trim))) b.parameterConsumer(new PlainOperands());
        return b.build();
    }

    /**
     * Takes a run of operands off picocli's stack at once: the one picocli found to be an operand,
     * then each following argument that does not start with '-' (no option's name does, and a tool
     * has no subcommands, so picocli would read each as an operand too). picocli's own reading of a
     * list costs two thrown NumberFormatExceptions per argument (it asks whether each is a negative
     * number), a fifth of a 1,000-file batch's time before its first unit (docs/performance.md).
     * Whatever starts with '-', "--" and what follows it included, is left to picocli, which hands
     * each operand among them back here.
     */
    private static final class PlainOperands implements picocli.CommandLine.IParameterConsumer {
        @Override
        public void consumeParameters(java.util.Stack<String> args, ArgSpec spec, CommandSpec command) {
            List<Object> values = spec.getValue();
            if (values == null) {
                values = new java.util.ArrayList<>();
                spec.setValue(values);
            }
            values.add(path(args.pop(), spec, command));
            while (!args.isEmpty() && !args.peek().startsWith("-")) values.add(path(args.pop(), spec, command));
        }

        private static java.nio.file.Path path(String arg, ArgSpec spec, CommandSpec command) {
            try {
                return java.nio.file.Path.of(arg);
            } catch (java.nio.file.InvalidPathException e) {
                // picocli's words for a value its converter refused
                throw new picocli.CommandLine.ParameterException(command.commandLine(), "Invalid value for positional parameter at index 0..* ("
                        + spec.paramLabel() + "): cannot convert '" + arg + "' to " + java.nio.file.Path.class + " (" + e + ")");
            }
        }
    }

    /** The operands {@link #operands} read, in order, or {@code otherwise} when there were none. */
    static List<java.nio.file.Path> operandValues(picocli.CommandLine.ParseResult r, List<java.nio.file.Path> otherwise) {
        List<java.nio.file.Path> given = r.commandSpec().positionalParameters().get(0).getValue();
        return given == null || given.isEmpty() ? otherwise : given;
    }

    /** A tool's help option names: --help, and picasso's -? (-h is no help here: picasso's names a header file). */
    static String[] helpNames(String tool) {
        return tool.equals("picasso") ? new String[] {"-?", "--help"} : new String[] {"--help"};
    }

    /** A tool's version option names: -V and --version; picasso's -v. */
    static String[] versionNames(String tool) {
        return new String[] {tool.equals("picasso") ? "-v" : "-V", "--version"};
    }

    /** The help and version options under {@link #helpNames} and {@link #versionNames} (picasso lists version first). */
    static void addHelp(CommandSpec spec) {
        OptionSpec help = OptionSpec.builder(helpNames(spec.name())).usageHelp(true).description("print this help and exit").build();
        OptionSpec version = OptionSpec.builder(versionNames(spec.name())).versionHelp(true).description("print the version and exit").build();
        boolean versionFirst = spec.name().equals("picasso");
        spec.addOption(versionFirst ? version : help);
        spec.addOption(versionFirst ? help : version);
    }
}
