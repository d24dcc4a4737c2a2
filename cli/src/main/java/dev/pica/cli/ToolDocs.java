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
        return AutoComplete.bash(tool, Tools.commandLine(CommandSpecs.of(tool), sink, sink)) + VALUE_AFTER_EQUALS.replace("TOOL", tool);
    }

    /**
     * picocli's script completes "--opt VALUE" only; bash splits "--opt=VALUE" at '='
     * (COMP_WORDBREAKS), or keeps it one word when '=' is not a break: both are handed to it as
     * "--opt VALUE", and in the second case the values come back prefixed with "--opt=".
     */
    private static final String VALUE_AFTER_EQUALS = """

            # --opt=VALUE completes VALUE as "--opt VALUE" does (written by the pica toolchain's build)
            _complete_TOOL_equals() {
              local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
              if [ "$cur" = "=" ] && [ "$COMP_CWORD" -ge 2 ]; then
                COMP_WORDS=("${COMP_WORDS[@]:0:COMP_CWORD}" ""); COMP_WORDS[COMP_CWORD-1]=$prev
              elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -ge 3 ]; then
                COMP_WORDS=("${COMP_WORDS[@]:0:COMP_CWORD-1}" "$cur"); COMP_CWORD=$((COMP_CWORD - 1))
              elif [[ $cur == -*=* ]]; then
                local opt=${cur%%=*}
                COMP_WORDS=("${COMP_WORDS[@]:0:COMP_CWORD}" "$opt" "${cur#*=}"); COMP_CWORD=$((COMP_CWORD + 1))
                _complete_TOOL
                COMPREPLY=("${COMPREPLY[@]/#/$opt=}")
                return
              fi
              _complete_TOOL
            }
            complete -F _complete_TOOL_equals -o default TOOL
            """;

    public static void main(String[] args) throws IOException {
        Path share = Path.of(args[0]);
        Path man = share.resolve("man/man1"), completions = share.resolve("bash-completion/completions");
        Files.createDirectories(man);
        Files.createDirectories(completions);
        // picadbg and picals print their own short --help (debugger and lsp modules) but have their page and completion here
        java.util.List<String> tools = new java.util.ArrayList<>(java.util.List.of(HelpTexts.TOOLS));
        tools.add("picadbg");
        tools.add("picals");
        for (String tool : tools) {
            Files.writeString(man.resolve(tool + ".1"), ManPage.of(tool, CommandSpecs.of(tool)), StandardCharsets.UTF_8);
            Files.writeString(completions.resolve(tool), completion(tool), StandardCharsets.UTF_8);
        }
    }
}
