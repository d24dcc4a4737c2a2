package dev.pica.lsp.analysis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which files hold the same name as a document, as the build sees names: where go to definition
 * looks, and what find references and rename cover.
 * <ul>
 * <li>A name is declared in the document, a header it includes, a source it is built with
 *     ({@link Companions}: an SDK link unit, a .shlist, a devkitPro pair) or one of their headers.</li>
 * <li>A label or a picasso procedure is one name across the program built: the file that declares it
 *     and every source built with that file, with their headers.</li>
 * <li>Any other name (a #define, a bind_symbol name, a uniform, a constant, an alias) belongs to a
 *     translation unit: declared in a source, that source and its headers; declared in a header,
 *     every source of the workspace that includes the header, with its headers (so renaming a
 *     macro of include/common.h edits every source that includes it, as the build needs).</li>
 * </ul>
 * Headers are followed one level deep, as {@link Includes} does.
 */
public final class NameScopes {
    private NameScopes() {}

    /** The document and its headers, then each source built with it and its headers: where a name it uses may be declared. */
    public static List<Includes.Indexed> visible(String uri, SymbolIndex ix, EditorState docs) {
        List<Includes.Indexed> out = new ArrayList<>(Includes.withHeaders(uri, ix, docs));
        Path self = DocumentFiles.pathOf(uri);
        for (Path p : Companions.of(self, f -> textOf(f, docs))) {
            Includes.Indexed c = Includes.indexed(p, docs);
            if (c != null) addNew(out, Includes.withHeaders(c.uri(), c.index(), docs));
        }
        return out;
    }

    /**
     * Where to look for a name's declaration: the document and its headers when one of them
     * declares it (no folder is listed then: hover asks this on every move of the mouse), else
     * {@link #visible}.
     */
    public static List<Includes.Indexed> lookup(String uri, SymbolIndex ix, String name, EditorState docs) {
        List<Includes.Indexed> near = Includes.withHeaders(uri, ix, docs);
        return name == null || declaring(near, name) != null ? near : visible(uri, ix, docs);
    }

    /** The first file of {@code files} that declares the name, or null. */
    public static Includes.Indexed declaring(List<Includes.Indexed> files, String name) {
        for (Includes.Indexed f : files) if (f.index().definition(name) != null) return f;
        return null;
    }

    /** The files whose occurrences of a name are the one the document means, the document first. */
    public static List<Includes.Indexed> sharing(String uri, SymbolIndex ix, String name, EditorState docs) {
        List<Includes.Indexed> visible = visible(uri, ix, docs);
        Includes.Indexed definer = declaring(visible, name);
        List<Includes.Indexed> out = new ArrayList<>();
        out.add(visible.get(0));
        if (definer == null) {
            addNew(out, Includes.withHeaders(uri, ix, docs));
            return out;
        }
        SymbolIndex.Kind kind = definer.index().definition(name).kind();
        if (kind == SymbolIndex.Kind.LABEL || kind == SymbolIndex.Kind.PROCEDURE) {
            // one name across the program: the declaring source and everything built with it
            boolean elsewhere = isSource(definer.uri()) && !definer.uri().equals(uri);
            addNew(out, elsewhere ? visible(definer.uri(), definer.index(), docs) : visible);
        } else if (isSource(definer.uri())) {
            addNew(out, Includes.withHeaders(definer.uri(), definer.index(), docs));
        } else {
            addNew(out, Includes.withHeaders(uri, ix, docs));
            for (Path src : includers(DocumentFiles.pathOf(definer.uri()), uri, docs)) {
                Includes.Indexed s = Includes.indexed(src, docs);
                if (s != null) addNew(out, Includes.withHeaders(s.uri(), s.index(), docs));
            }
        }
        return out;
    }

    /**
     * The sources that include a header: among the sources of the workspace folders, of the
     * document's folder and of the header's folder.
     */
    private static List<Path> includers(Path header, String uri, EditorState docs) {
        if (header == null) return List.of();
        Set<Path> candidates = new LinkedHashSet<>(WorkspaceSymbols.sources(docs.workspaceRoots()));
        Path self = DocumentFiles.pathOf(uri);
        for (Path dir : new Path[] {self == null ? null : self.getParent(), header.getParent()}) {
            if (dir == null) continue;
            try (var ds = Files.newDirectoryStream(dir)) {
                for (Path p : ds) candidates.add(p.toAbsolutePath().normalize());
            } catch (java.io.IOException e) {
                // an unreadable folder adds none
            }
        }
        String headerUri = DocumentFiles.uriOf(header), headerName = header.getFileName().toString();
        List<Path> out = new ArrayList<>();
        for (Path p : candidates) {
            String u = DocumentFiles.uriOf(p);
            if (!isSource(u) || u.equals(headerUri)) continue;
            String text = textOf(p, docs);
            if (text == null || !text.contains(headerName)) continue; // most sources do not name it at all
            Includes.Indexed s = Includes.indexed(p, docs);
            for (SymbolIndex.Include inc : s.index().includes()) {
                Path f = Includes.resolve(u, inc.path(), docs);
                if (f != null && DocumentFiles.uriOf(f).equals(headerUri)) {
                    out.add(p);
                    break;
                }
            }
        }
        return out;
    }

    private static boolean isSource(String uri) {
        String n = uri.toLowerCase(Locale.ROOT);
        return n.endsWith(".vsh") || n.endsWith(".gsh") || n.endsWith(".pica");
    }

    private static String textOf(Path p, EditorState docs) {
        String open = docs.text(DocumentFiles.uriOf(p));
        return open != null ? open : DocumentFiles.read(p);
    }

    private static void addNew(List<Includes.Indexed> into, List<Includes.Indexed> more) {
        for (Includes.Indexed f : more) {
            if (into.stream().noneMatch(g -> g.uri().equals(f.uri()))) into.add(f);
        }
    }
}
