package dev.pica.lsp.analysis;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.WarningPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the client configured (initializationOptions or workspace/didChangeConfiguration
 * {@code {"includeDirs": [...], "defines": [...], "warnings": [...]}}, as picasm's -I, -D and
 * its warning options -w, -Wall, -Wextra, -WNAME, -Werror...): the assembler options and warning
 * policy every document is analysed with. {@code problem} says why warnings were not taken, or null.
 */
public record Settings(List<Path> includeDirs, List<String> defines, WarningPolicy warnings, String problem) {
    public Settings {
        includeDirs = List.copyOf(includeDirs);
        defines = List.copyOf(defines);
    }

    public static Settings defaults() {
        return new Settings(List.of(), List.of(), WarningPolicy.DEFAULT, null);
    }

    /** From the JSON object LSP4J hands over (Gson's tree), or its "pica" member (a client's section); unknown keys are ignored. */
    public static Settings of(Object options) {
        if (options instanceof com.google.gson.JsonObject o) {
            if (o.get("pica") instanceof com.google.gson.JsonObject section) o = section;
            WarningPolicy policy = WarningPolicy.DEFAULT;
            String problem = null;
            List<String> w = strings(o.get("warnings"));
            try {
                // as on picasm's command line: "-w", "-Wextra", "-Wno-unbound" (the -W may be left out, as in the Maven plugin)
                List<String> values = w.stream().filter(x -> !x.equals("-w")).map(x -> x.startsWith("-W") ? x.substring(2) : x).toList();
                policy = WarningPolicy.of(w.contains("-w"), values);
            } catch (WarningPolicy.UnknownOption e) {
                problem = "picals: \"warnings\": " + e.getMessage();
            }
            return new Settings(strings(o.get("includeDirs")).stream().map(Path::of).toList(), strings(o.get("defines")), policy, problem);
        }
        return defaults();
    }

    private static List<String> strings(com.google.gson.JsonElement e) {
        List<String> out = new ArrayList<>();
        if (e != null && e.isJsonArray()) for (com.google.gson.JsonElement x : e.getAsJsonArray()) if (x.isJsonPrimitive()) out.add(x.getAsString());
        return out;
    }

    public Assembler.Options options() {
        return Assembler.Options.defaults().withIncludeDirs(includeDirs).withDefines(defines);
    }
}
