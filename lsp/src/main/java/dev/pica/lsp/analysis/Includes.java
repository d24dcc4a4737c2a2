package dev.pica.lsp.analysis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The headers a document names with {@code #include "..."}, found as the preprocessor finds them
 * (beside the including file, then in the -I directories of the settings), and indexed: from
 * the editor's buffer when the header is open, else from disk. One level deep.
 */
public final class Includes {
    public record Indexed(String uri, SymbolIndex index) {}

    private Includes() {}

    public static Path resolve(String uri, String spelled, EditorState docs) {
        Path self = DocumentFiles.pathOf(uri);
        List<Path> dirs = new ArrayList<>();
        if (self != null && self.getParent() != null) dirs.add(self.getParent());
        dirs.addAll(docs.includeDirs());
        for (Path d : dirs) {
            Path f = d.resolve(spelled).normalize();
            if (Files.isRegularFile(f)) return f;
        }
        return null;
    }

    /** The document itself, then each header it includes that can be read. */
    public static List<Indexed> withHeaders(String uri, SymbolIndex ix, EditorState docs) {
        List<Indexed> out = new ArrayList<>();
        out.add(new Indexed(uri, ix));
        for (SymbolIndex.Include inc : ix.includes()) {
            Path f = resolve(uri, inc.path(), docs);
            Indexed h = f == null ? null : indexed(f, docs);
            if (h != null) out.add(h);
        }
        return out;
    }

    /** A file's index: from the editor's buffer when it is open, else from disk; null if it cannot be read. */
    public static Indexed indexed(Path f, EditorState docs) {
        String u = DocumentFiles.uriOf(f);
        SymbolIndex open = docs.index(u);
        if (open != null) return new Indexed(u, open);
        String text = DocumentFiles.read(f);
        return text == null ? null : new Indexed(u, SymbolIndex.of(text, DocumentFiles.dialect(u)));
    }
}
