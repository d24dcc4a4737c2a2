package dev.pica.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.AutoComplete;

/**
 * Writes each tool's manual page and bash/zsh completion script, both from the picocli model its
 * --help comes from, when the build runs (cli/pom.xml; the distribution ships them under share/):
 * share/man/man1/TOOL.1 and share/bash-completion/completions/TOOL (zsh loads the same script
 * through bashcompinit).
 */
public final class ToolDocs {
    private ToolDocs() {}

    static String completion(String tool) {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return AutoComplete.bash(tool, Tools.commandLine(CommandSpecs.of(tool), sink, sink));
    }

    public static void main(String[] args) throws IOException {
        Path share = Path.of(args[0]);
        Path man = share.resolve("man/man1"), completions = share.resolve("bash-completion/completions");
        Files.createDirectories(man);
        Files.createDirectories(completions);
        // picadbg prints its own short --help (debugger module) but has its page and completion here
        java.util.List<String> tools = new java.util.ArrayList<>(java.util.List.of(HelpTexts.TOOLS));
        tools.add("picadbg");
        for (String tool : tools) {
            Files.writeString(man.resolve(tool + ".1"), ManPage.of(tool, CommandSpecs.of(tool)), StandardCharsets.UTF_8);
            Files.writeString(completions.resolve(tool), completion(tool), StandardCharsets.UTF_8);
        }
    }
}
