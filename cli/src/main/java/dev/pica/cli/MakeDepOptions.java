package dev.pica.cli;

import dev.pica.format.Depfile;
import dev.pica.format.OutputSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** GCC's options for make dependency files (-MD, -MMD, -MF, -MT, -MQ, -MP). */
final class MakeDepOptions {
    @Option(names = "-MD", description = "also write a make dependency file (OUT with extension .d, or -MF FILE)")
    boolean md;

    @Option(names = "-MMD", description = "as -MD (there are no system include directories to leave out)")
    boolean mmd;

    @Option(names = "-MF", paramLabel = "FILE", description = "the dependency file's name")
    Path file;

    @Option(names = "-MT", paramLabel = "TARGET", description = "the rule's target, as written (repeatable; default OUT)")
    List<String> targets = new ArrayList<>();

    @Option(names = "-MQ", paramLabel = "TARGET", description = "the rule's target, quoted for make (repeatable)")
    List<String> quotedTargets = new ArrayList<>();

    @Option(names = "-MP", description = "add an empty rule for each header, so that deleting one does not break make")
    boolean phony;

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
