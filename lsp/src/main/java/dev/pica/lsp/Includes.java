package dev.pica.lsp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The headers a document names with {@code #include "..."}, found as the preprocessor finds them
 * (beside the including file, then in the -I directories of the settings), and indexed: from
 * the editor's buffer when the header is open, else from disk. One level deep.
 */
final class Includes {
    record Indexed(String uri, SymbolIndex index) {}

    private Includes() {}

    static Path resolve(String uri, String spelled, Documents docs) {
        Path self = DocumentAnalysis.pathOf(uri);
        List<Path> dirs = new ArrayList<>();
        if (self != null && self.getParent() != null) dirs.add(self.getParent());
        dirs.addAll(docs.settingsIncludeDirs());
        for (Path d : dirs) {
            Path f = d.resolve(spelled).normalize();
            if (Files.isRegularFile(f)) return f;
        }
        return null;
    }

    /** The document itself, then each header it includes that can be read. */
    static List<Indexed> withHeaders(String uri, SymbolIndex ix, Documents docs) {
        List<Indexed> out = new ArrayList<>();
        out.add(new Indexed(uri, ix));
        for (SymbolIndex.Include inc : ix.includes()) {
            Path f = resolve(uri, inc.path(), docs);
            if (f == null) continue;
            String u = DocumentAnalysis.uriOf(f);
            SymbolIndex open = docs.index(u);
            if (open != null) {
                out.add(new Indexed(u, open));
                continue;
            }
            String text = ShaderTextService.read(f);
            if (text != null) out.add(new Indexed(u, SymbolIndex.of(text, DocumentAnalysis.isPicasso(u))));
        }
        return out;
    }
}
