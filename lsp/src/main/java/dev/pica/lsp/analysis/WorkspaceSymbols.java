package dev.pica.lsp.analysis;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The declarations of every shader source and header under the workspace folders whose name
 * contains the query (case-insensitive): open documents as the editor holds them, the others
 * as on disk. Build output, version control and node_modules folders are skipped.
 */
public final class WorkspaceSymbols {
    private static final Set<String> SKIPPED = Set.of("target", "build", "node_modules", ".git", ".svn", ".hg");
    /** a bound on files read per request, so a home directory opened as a folder stays answerable */
    static final int MAX_FILES = 5000;

    /** A declaration found: its name and kind, the document and place, the file's name (the container shown). */
    public record Found(String name, SymbolIndex.Kind kind, String uri, Span span, String fileName) {}

    private WorkspaceSymbols() {}

    /** @param checkCanceled run before each file is read: throws if the request was cancelled */
    public static List<Found> find(List<Path> roots, String query, EditorState docs, Runnable checkCanceled) {
        String q = query.toLowerCase(Locale.ROOT);
        List<Found> out = new ArrayList<>();
        for (Path f : sources(roots)) {
            checkCanceled.run();
            String uri = DocumentFiles.uriOf(f);
            SymbolIndex ix = docs.index(uri);
            if (ix == null) {
                String text = DocumentFiles.read(f);
                if (text == null) continue;
                ix = SymbolIndex.of(text, DocumentFiles.dialect(uri));
            }
            for (SymbolIndex.Definition d : ix.definitions()) {
                if (!d.name().toLowerCase(Locale.ROOT).contains(q)) continue;
                out.add(new Found(d.name(), d.kind(), uri, Span.of(d), f.getFileName().toString()));
            }
        }
        return out;
    }

    /** The shader sources and headers under the folders, sorted (at most {@link #MAX_FILES}). */
    static List<Path> sources(List<Path> roots) {
        List<Path> found = new ArrayList<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) continue;
            try {
                Files.walkFileTree(root, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a) {
                        return !dir.equals(root) && SKIPPED.contains(String.valueOf(dir.getFileName())) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes a) {
                        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
                        if (n.endsWith(".vsh") || n.endsWith(".gsh") || n.endsWith(".pica") || n.endsWith(".h") || n.endsWith(".inc")) found.add(file);
                        return found.size() >= MAX_FILES ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e) {
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                // an unreadable folder: the files found so far
            }
        }
        found.sort(null);
        return found;
    }
}
