package dev.pica.cli;

import dev.pica.driver.Depfile;
import dev.pica.driver.OutputSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/** GCC's options for make dependency files (-MD, -MMD, -MF, -MT, -MQ, -MP). */
final class MakeDepOptions {
    final boolean md;
    final boolean mmd;
    final Path file;
    final List<String> targets;
    final List<String> quotedTargets;
    final boolean phony;

    static void addTo(CommandSpec s) {
        s.addOption(CommandSpecs.flag("also write a make dependency file (OUT with extension .d, or -MF FILE)", "-MD"));
        s.addOption(CommandSpecs.flag("as -MD (there are no system include directories to leave out)", "-MMD"));
        s.addOption(CommandSpecs.option(Path.class, "FILE", "the dependency file's name", "-MF"));
        s.addOption(CommandSpecs.repeatable(String.class, "TARGET", "the rule's target, as written (repeatable; default OUT)", "-MT"));
        s.addOption(CommandSpecs.repeatable(String.class, "TARGET", "the rule's target, quoted for make (repeatable)", "-MQ"));
        s.addOption(CommandSpecs.flag("add an empty rule for each header, so that deleting one does not break make", "-MP"));
    }

    /** No dependency file asked for. */
    static final MakeDepOptions NONE = new MakeDepOptions();

    private MakeDepOptions() {
        md = mmd = phony = false;
        file = null;
        targets = quotedTargets = List.of();
    }

    MakeDepOptions(ParseResult r) {
        md = r.hasMatchedOption("-MD");
        mmd = r.hasMatchedOption("-MMD");
        file = r.matchedOptionValue("-MF", null);
        targets = r.matchedOptionValue("-MT", List.of());
        quotedTargets = r.matchedOptionValue("-MQ", List.of());
        phony = r.hasMatchedOption("-MP");
    }

    boolean wanted() {
        return md || mmd;
    }

    /** A usage mistake, or null. */
    String misuse() {
        if (!wanted() && (file != null || !targets.isEmpty() || !quotedTargets.isEmpty() || phony)) {
            return "-MF, -MT, -MQ and -MP need -MD or -MMD";
        }
        return null;
    }

    /** The file the rule is about: the output, or STEM.o when the output is standard output. */
    private static Path named(Path output, Path input) {
        return output != null && !OutputSet.isStdio(output) ? output : Path.of(Tools.stem(input) + ".o");
    }

    /** Where the depfile goes: -MF, else beside the output (or the input's stem when writing stdout). */
    Path path(Path output, Path input) {
        return file != null ? file : Tools.withExtension(named(output, input), ".d");
    }

    /** @param inputs how many of {@code deps} are the command's own inputs (the rest are headers) */
    String text(Path output, Path input, List<String> deps, int inputs) {
        List<String> t = new ArrayList<>(targets);
        for (String q : quotedTargets) t.add(Depfile.quote(q));
        if (t.isEmpty()) t.add(Depfile.quote(named(output, input).toString()));
        return Depfile.write(t, deps, phony ? inputs : Integer.MAX_VALUE);
    }
}
