package dev.pica.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.junit.jupiter.api.Test;

/**
 * Rename and references cover every source of the workspace that includes the same header, and
 * leave alone the public names the application looks up (issue 47 item 2).
 */
class SharedNamesTest extends ServerTest {
    private static final String USES_ONE = "#include \"%sinclude/common.h\"\n#pragma output_map(position, o0)\nmain:\n    mov o0, ONE\n    end\nendmain:\n";

    private Map<String, List<TextEdit>> rename(String uri, int line, int col, String to) throws Exception {
        return s.server.getTextDocumentService().rename(new RenameParams(new TextDocumentIdentifier(uri), new Position(line, col), to))
                .get(30, TimeUnit.SECONDS).getChanges();
    }

    @Test
    void aMacroOfASharedHeaderIsRenamedInEverySourceThatIncludesIt() throws Exception {
        Files.createDirectories(dir.resolve("include"));
        Files.createDirectories(dir.resolve("src/deep"));
        String header = write("include/common.h", "// shared\n#define ONE c20\n");
        String b = write("src/deep/b.vsh", String.format(USES_ONE, "../../"));
        // a source with a ONE of its own, which includes no common.h: not the same name
        String c = write("src/c.vsh", "#define ONE c1\n#pragma output_map(position, o0)\nmain:\n    mov o0, ONE\n    end\nendmain:\n");
        String a = open("a.vsh", String.format(USES_ONE, ""));
        Map<String, List<TextEdit>> e = rename(a, 3, 13, "UNIT");
        assertEquals(Map.of(a, List.of(new TextEdit(range(3, 12, 15), "UNIT")), header, List.of(new TextEdit(range(1, 8, 11), "UNIT")),
                b, List.of(new TextEdit(range(3, 12, 15), "UNIT"))), e);
        assertTrue(!e.containsKey(c));
        // find references from the header itself, open
        s.open(header, Files.readString(dir.resolve("include/common.h")));
        s.next(header);
        List<String> refs = s.server.getTextDocumentService().references(new ReferenceParams(new TextDocumentIdentifier(header), new Position(1, 9),
                new ReferenceContext(true))).get(30, TimeUnit.SECONDS).stream().map(BuildUnitsTest::where).toList();
        assertEquals(List.of("common.h:1:8", "a.vsh:3:12", "b.vsh:3:12"), refs);
    }

    @Test
    void aPublicNameIsNeverRenamed() throws Exception {
        String text = String.join("\n",
                "#define aPosition v0",
                "#pragma bind_symbol(aPosition.xyz, v0, v0)",
                "#pragma bind_symbol(aTexCoord.xy, v2)",
                "#pragma output_map(position, o0)",
                "#pragma output_map(texcoord0, o1)",
                "main:",
                "    mov o0, aPosition",
                "    mov o1, aTexCoord",
                "    end",
                "endmain:",
                "");
        String uri = open("m.vsh", text);
        // the macro and its uses are renamed; bind_symbol's aPosition, what the application looks up, stays
        assertEquals(Map.of(uri, List.of(new TextEdit(range(0, 8, 17), "pos"), new TextEdit(range(6, 12, 21), "pos"))), rename(uri, 6, 14, "pos"));
        // a name only bind_symbol declares is refused, with the reason
        for (int line : new int[] {2, 7}) {
            int col = line == 2 ? 22 : 14;
            ExecutionException x = assertThrows(ExecutionException.class, () -> rename(uri, line, col, "uv"));
            ResponseErrorException r = (ResponseErrorException) x.getCause();
            assertTrue(r.getResponseError().getMessage().startsWith("'aTexCoord' is a public name: the shader binary records it"), r.getResponseError().getMessage());
            assertThrows(ExecutionException.class, () -> s.server.getTextDocumentService()
                    .prepareRename(new PrepareRenameParams(new TextDocumentIdentifier(uri), new Position(line, col))).get(30, TimeUnit.SECONDS));
        }
        // picasso: a uniform and an .in name are public too; an .alias is not
        String pica = ".fvec proj[4]\n.in inpos v0\n.alias pos r1\n.out o position\n.proc main\n\tdp4 pos, proj[0], inpos\n\tmov o, pos\n\tend\n.end\n";
        String p = open("p.v.pica", pica);
        assertThrows(ExecutionException.class, () -> rename(p, 5, 20, "aPos"));
        assertThrows(ExecutionException.class, () -> rename(p, 5, 13, "mvp"));
        assertEquals(Map.of(p, List.of(new TextEdit(range(2, 7, 10), "tmp"), new TextEdit(range(5, 5, 8), "tmp"), new TextEdit(range(6, 8, 11), "tmp"))),
                rename(p, 5, 6, "tmp"));
    }
}
