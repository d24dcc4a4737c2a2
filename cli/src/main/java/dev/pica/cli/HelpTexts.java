package dev.pica.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;

/**
 * The tools' --help texts, rendered by picocli when the build runs (process-classes, see
 * cli/pom.xml) and printed by a plain {@code TOOL --help} without building the model: rendering
 * them in a cold JVM was most of a --help run (docs/performance.md); a plain {@code TOOL --version}
 * prints the model's version line the same way. With other arguments, with
 * {@code picocli.usage.width} set, or without the resources (an IDE build), picocli renders them
 * as usual. CliTest keeps the stored texts equal to picocli's live rendering.
 */
public final class HelpTexts {
    private HelpTexts() {}

    static final String[] TOOLS = {"picasm", "picacc", "picalink", "picadis", "picasso", "picasim"};

    /** One of the tool's help option names (CommandSpecs.helpNames). */
    static boolean isHelpOption(String tool, String arg) {
        return List.of(CommandSpecs.helpNames(tool)).contains(arg);
    }

    /** One of the tool's version option names (CommandSpecs.versionNames). */
    static boolean isVersionOption(String tool, String arg) {
        return List.of(CommandSpecs.versionNames(tool)).contains(arg);
    }

    private static String resource(String tool, boolean ansi) {
        return "help/" + tool + (ansi ? ".ansi" : "") + ".txt";
    }

    /** What picocli renders for {@code tool --help}, with or without colours. */
    static String render(String tool, boolean ansi) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        CommandLine cl = Tools.commandLine(CommandSpecs.of(tool), out, out);
        cl.usage(out, CommandLine.Help.defaultColorScheme(ansi ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** The stored text, or null when there is none or the run asks for another width. */
    static String cached(String tool, boolean ansi) {
        if (System.getProperty("picocli.usage.width") != null) return null;
        try (InputStream in = HelpTexts.class.getResourceAsStream(resource(tool, ansi))) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /** Writes every text under the class-output directory given as the argument. */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0], "dev", "pica", "cli");
        for (String tool : TOOLS) {
            for (boolean ansi : new boolean[] {false, true}) {
                Path p = dir.resolve(resource(tool, ansi));
                Files.createDirectories(p.getParent());
                Files.writeString(p, render(tool, ansi), StandardCharsets.UTF_8);
            }
        }
    }
}
