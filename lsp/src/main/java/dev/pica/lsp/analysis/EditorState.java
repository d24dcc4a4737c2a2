package dev.pica.lsp.analysis;

import java.nio.file.Path;
import java.util.List;

/** What the analysis asks of the editor's side: the open documents' indexes, the configured include directories, the open documents' text, the workspace folders. */
public interface EditorState {
    /** The latest text's index of an open document, or null if it is not open. */
    SymbolIndex index(String uri);

    /** The -I directories of the settings, searched after the including file's own. */
    List<Path> includeDirs();

    /** The latest text of an open document, or null if it is not open. */
    String text(String uri);

    /** The workspace folders the client named (where sources that include a header are looked for); none by default. */
    default List<Path> workspaceRoots() {
        return List.of();
    }
}
