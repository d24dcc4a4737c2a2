package dev.pica.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.junit.jupiter.api.Test;

/**
 * picals sees a source as the build builds it (issue 47 item 3): a .shlist's sources as one
 * picasso run, an SDK main source with the libraries beside it; for diagnostics, definition,
 * references and rename.
 */
class BuildUnitsTest extends ServerTest {
    private List<? extends Location> definition(String uri, int line, int col) throws Exception {
        return s.server.getTextDocumentService().definition(new DefinitionParams(new TextDocumentIdentifier(uri), new Position(line, col)))
                .get(30, TimeUnit.SECONDS).getLeft();
    }

    private List<String> references(String uri, int line, int col) throws Exception {
        return s.server.getTextDocumentService().references(new ReferenceParams(new TextDocumentIdentifier(uri), new Position(line, col), new ReferenceContext(true)))
                .get(30, TimeUnit.SECONDS).stream().map(BuildUnitsTest::where).toList();
    }

    private Map<String, List<TextEdit>> rename(String uri, int line, int col, String to) throws Exception {
        return s.server.getTextDocumentService().rename(new RenameParams(new TextDocumentIdentifier(uri), new Position(line, col), to))
                .get(30, TimeUnit.SECONDS).getChanges();
    }

    /** "file:line:col" of a location, the file by name. */
    static String where(Location l) {
        return l.getUri().substring(l.getUri().lastIndexOf('/') + 1) + ":" + l.getRange().getStart().getLine() + ":" + l.getRange().getStart().getCharacter();
    }

    @Test
    void aShaderListIsOnePicassoRun() throws Exception {
        write("program.shlist", "main.pica\nshared/lib.pica\n");
        Files.createDirectories(dir.resolve("shared"));
        String lib = write("shared/lib.pica", "; shared procedures\n.proc scale\n\tmul r0, r0, r0\n.end\n");
        String text = ".out o position\n.proc main\n\tmov r0, v0\n\tcall scal\n\tmov o, r0\n\tend\n.end\n";
        String uri = write("main.pica", text);
        s.open(uri, text);
        // alone, 'scal' is an import; in the list's run, which the build makes, it is defined nowhere
        List<Diagnostic> d = s.next(uri).getDiagnostics();
        assertTrue(d.stream().anyMatch(x -> x.getSeverity() == DiagnosticSeverity.Error && x.getRange().equals(range(3, 6, 10))
                && x.getMessage().getLeft().equals("procedure 'scal' is not defined in any input file")), d.toString());
        String fixed = text.replace("scal", "scale");
        s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, 2),
                List.of(new TextDocumentContentChangeEvent(fixed))));
        PublishDiagnosticsParams p = s.next(uri);
        while (p.getVersion() == null || p.getVersion() != 2) p = s.next(uri);
        assertTrue(p.getDiagnostics().stream().noneMatch(x -> x.getSeverity() == DiagnosticSeverity.Error), p.getDiagnostics().toString());
        // the procedure is in the other listed file
        List<? extends Location> def = definition(uri, 3, 8);
        assertEquals(List.of("lib.pica:1:6"), def.stream().map(BuildUnitsTest::where).toList());
        assertEquals(lib, def.get(0).getUri());
        assertEquals(List.of("main.pica:3:6", "lib.pica:1:6"), references(uri, 3, 8));
        assertEquals(Map.of(uri, List.of(new TextEdit(range(3, 6, 11), "grow")), lib, List.of(new TextEdit(range(1, 6, 11), "grow"))),
                rename(uri, 3, 8, "grow"));
        // and from the library, opened: its procedure's uses in main.pica
        s.open(lib, Files.readString(dir.resolve("shared/lib.pica")));
        s.next(lib);
        assertEquals(List.of("lib.pica:1:6", "main.pica:3:6"), references(lib, 1, 7));
    }

    @Test
    void anSdkMainSourceSeesTheLabelsOfTheLibrariesBesideIt() throws Exception {
        String lib = write("skin.vsh", "// a library\nskin_vertex:\n    mul r0, r0, r0\nret\n");
        Files.createDirectories(dir.resolve("other"));
        // another program's label of the same name, in another folder: not the same label
        write("other/skin.vsh", "skin_vertex:\n    nop\nret\n");
        write("other/m.vsh", "#pragma output_map(position, o0)\nmain:\n    call skin_vertex\n    mov o0, r0\n    end\nendmain:\n");
        String text = "#pragma output_map(position, o0)\n#pragma bind_symbol(pos, v0)\nmain:\n    mov r0, v0\n    call skin_vertex\n    mov o0, r0\n    end\nendmain:\n";
        String uri = open("m.vsh", text);
        List<? extends Location> def = definition(uri, 4, 12);
        assertEquals(1, def.size());
        assertEquals(lib, def.get(0).getUri());
        assertEquals(range(1, 0, 11), def.get(0).getRange());
        assertEquals(List.of("m.vsh:4:9", "skin.vsh:1:0"), references(uri, 4, 12));
        String hover = s.server.getTextDocumentService().hover(new org.eclipse.lsp4j.HoverParams(new TextDocumentIdentifier(uri), new Position(4, 12)))
                .get(30, TimeUnit.SECONDS).getContents().getRight().getValue();
        assertTrue(hover.startsWith("**label** `skin_vertex`") && hover.endsWith("In `skin.vsh`, line 2."), hover);
        assertEquals(Map.of(uri, List.of(new TextEdit(range(4, 9, 20), "skin")), lib, List.of(new TextEdit(range(1, 0, 11), "skin"))),
                rename(uri, 4, 12, "skin"));
        // from the library: every main source of its folder links it
        write("m2.vsh", "#pragma output_map(position, o0)\nmain:\n    call skin_vertex\n    mov o0, r0\n    end\nendmain:\n");
        String libText = Files.readString(dir.resolve("skin.vsh"));
        s.open(lib, libText);
        s.next(lib);
        assertEquals(List.of("skin.vsh:1:0", "m.vsh:4:9", "m2.vsh:2:9"), references(lib, 1, 3));
    }
}
