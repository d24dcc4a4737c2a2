package dev.pica.lsp;

import dev.pica.asm.Assembler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the client configured (initializationOptions {@code {"includeDirs": [...], "defines":
 * [...]}}, as picasm's -I and -D): the assembler options every document is analysed with.
 */
record Settings(List<Path> includeDirs, List<String> defines) {
    Settings {
        includeDirs = List.copyOf(includeDirs);
        defines = List.copyOf(defines);
    }

    static Settings defaults() {
        return new Settings(List.of(), List.of());
    }

    /** From the JSON object LSP4J hands over (Gson's tree); unknown keys are ignored. */
    static Settings of(Object options) {
        if (options instanceof com.google.gson.JsonObject o) {
            return new Settings(strings(o.get("includeDirs")).stream().map(Path::of).toList(), strings(o.get("defines")));
        }
        return defaults();
    }

    private static List<String> strings(com.google.gson.JsonElement e) {
        List<String> out = new ArrayList<>();
        if (e != null && e.isJsonArray()) for (com.google.gson.JsonElement x : e.getAsJsonArray()) if (x.isJsonPrimitive()) out.add(x.getAsString());
        return out;
    }

    Assembler.Options options() {
        return Assembler.Options.defaults().withIncludeDirs(includeDirs).withDefines(defines);
    }
}
