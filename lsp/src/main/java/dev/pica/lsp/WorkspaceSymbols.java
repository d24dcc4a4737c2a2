package dev.pica.lsp;

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
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.jsonrpc.CancelChecker;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * The declarations of every shader source and header under the workspace folders whose name
 * contains the query (case-insensitive): open documents as the editor holds them, the others
 * as on disk. Build output, version control and node_modules folders are skipped.
 */
final class WorkspaceSymbols {
    private static final Set<String> SKIPPED = Set.of("target", "build", "node_modules", ".git", ".svn", ".hg");
    /** a bound on files read per request, so a home directory opened as a folder stays answerable */
    static final int MAX_FILES = 5000;

    private WorkspaceSymbols() {}

    static List<WorkspaceSymbol> find(List<Path> roots, String query, Documents docs, CancelChecker cancel) {
        String q = query.toLowerCase(Locale.ROOT);
        List<WorkspaceSymbol> out = new ArrayList<>();
        for (Path f : sources(roots)) {
            cancel.checkCanceled();
            String uri = DocumentAnalysis.uriOf(f);
            SymbolIndex ix = docs.index(uri);
            if (ix == null) {
                String text = ShaderTextService.read(f);
                if (text == null) continue;
                ix = SymbolIndex.of(text, DocumentAnalysis.isPicasso(uri));
            }
            for (SymbolIndex.Definition d : ix.definitions()) {
                if (!d.name().toLowerCase(Locale.ROOT).contains(q)) continue;
                Location at = new Location(uri, ShaderTextService.range(d.line(), d.col(), d.end()));
                out.add(new WorkspaceSymbol(d.name(), ProtocolKinds.symbol(d.kind()), Either.forLeft(at), f.getFileName().toString()));
            }
        }
        return out;
    }

    private static List<Path> sources(List<Path> roots) {
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
