package dev.pica.lsp;

import dev.pica.format.isa.syntax.Directives;
import dev.pica.lsp.analysis.Completions;
import dev.pica.lsp.analysis.SemanticTokenList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.InsertTextFormat;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureHelpParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.junit.jupiter.api.Test;

/** Completion, signature help, rename and semantic tokens, through JSON-RPC. */
class WritingAidsTest extends ServerTest {

    static final String SDK = String.join("\n",
            "#include \"names.h\"",
            "#pragma bind_symbol(proj, c0, c3)",
            "#pragma output_map(position, o0)",
            "main:",
            "    dp4 o0.x, proj[0], v0",
            "    call scale",
            "    nop",
            "    end",
            "endmain:",
            "scale:",
            "    mul r0, c4, r0",
            "ret",
            "");

    private List<CompletionItem> complete(String uri, int line, int col) throws Exception {
        return s.server.getTextDocumentService().completion(new CompletionParams(new TextDocumentIdentifier(uri), new Position(line, col)))
                .get(30, TimeUnit.SECONDS).getRight().getItems();
    }

    private static List<String> labels(List<CompletionItem> items) {
        return items.stream().map(CompletionItem::getLabel).toList();
    }

    @Test
    void completionOffersWhatFitsWhereTheCursorStands() throws Exception {
        Files.writeString(dir.resolve("names.h"), "#define SCALE c4\n");
        String text = SDK + "    \n#\n#pragma \n#pragma output_map(\n    mov r1.\n    mov r1, \n";
        String uri = open("m.vsh", text);
        List<CompletionItem> start = complete(uri, 12, 4);
        CompletionItem dp4 = start.stream().filter(i -> i.getLabel().equals("dp4")).findFirst().orElseThrow();
        assertEquals("dp4 ${1:dst}, ${2:src1}, ${3:src2}", dp4.getInsertText());
        assertEquals(InsertTextFormat.Snippet, dp4.getInsertTextFormat());
        assertTrue(labels(start).containsAll(List.of("exp", "vout", "smf", "jpc", "callb", "def", "ret")), labels(start).toString());
        assertFalse(labels(start).contains("ex2"), "picasso's spelling in an SDK file");
        assertEquals(Completions.PREPROCESSOR, labels(complete(uri, 13, 1)));
        assertEquals(Directives.SDK_PRAGMAS, labels(complete(uri, 14, 8)));
        List<String> semantics = labels(complete(uri, 15, 19));
        assertTrue(semantics.containsAll(List.of("position", "quaternion", "color", "texture0", "view")), semantics.toString());
        assertEquals(Completions.SWIZZLES, labels(complete(uri, 16, 11)));
        List<String> operands = labels(complete(uri, 17, 12));
        assertTrue(operands.containsAll(List.of("v15", "c95", "i3", "b15", "proj", "scale", "main", "SCALE")), operands.toString());
        assertFalse(operands.contains("c96"));
    }

    @Test
    void picassoCompletionUsesPicassosSpellingsAndDirectives() throws Exception {
        String uri = open("a.v.pica", ".proc main\n\t\n\t.\n.out o \n.end\n");
        List<String> start = labels(complete(uri, 1, 1));
        assertTrue(start.containsAll(List.of("ex2", "emit", "setemit", "jmpc", "callu", "for")), start.toString());
        assertFalse(start.contains("vout"));
        assertEquals(Directives.PICASSO, labels(complete(uri, 2, 2)));
        List<String> semantics = labels(complete(uri, 3, 7));
        assertTrue(semantics.containsAll(List.of("position", "normalquat", "texcoord0")), semantics.toString());
    }

    @Test
    void signatureHelpFollowsTheOperandBeingWritten() throws Exception {
        String uri = open("m.vsh", SDK);
        SignatureHelp h = s.server.getTextDocumentService().signatureHelp(new SignatureHelpParams(new TextDocumentIdentifier(uri), new Position(4, 18)))
                .get(30, TimeUnit.SECONDS);
        assertEquals("dp4 dst, src1, src2", h.getSignatures().get(0).getLabel());
        assertEquals(1, h.getActiveParameter(), "the comma inside proj[0] is not counted; the cursor is on src1");
        SignatureHelp h2 = s.server.getTextDocumentService().signatureHelp(new SignatureHelpParams(new TextDocumentIdentifier(uri), new Position(4, 22)))
                .get(30, TimeUnit.SECONDS);
        assertEquals(2, h2.getActiveParameter());
        assertNull(s.server.getTextDocumentService().signatureHelp(new SignatureHelpParams(new TextDocumentIdentifier(uri), new Position(6, 6)))
                .get(30, TimeUnit.SECONDS), "nop has no operands");
    }

    /** The SDK's macro instructions have a hover (form, expansion, the words they became) and signature help (issue 47 item 4). */
    @Test
    void macroInstructionsHaveHoverAndSignatureHelp() throws Exception {
        String uri = open("m.vsh", String.join("\n",
                "#pragma bind_symbol(mvp, c0, c3)",
                "#pragma bind_symbol(pos, v0)",
                "#pragma output_map(position, o0)",
                "main:",
                "    m4x4 r0, v0, c0",
                "    nrm r1, r0",
                "    sincos r2.xy, r0.x, r3, r4",
                "    mov o0, r0",
                "    end",
                "endmain:",
                ""));
        String m4x4 = hover(uri, 4, 5);
        assertTrue(m4x4.startsWith("```\nm4x4 dst, src, cN\n```\nA 4x4 matrix times a vector: `dp4` of src with the rows cN"), m4x4);
        // four DP4 words (0x02 << 26), DST r0 (0x10 << 21), the c row in SRC1 ((0x20 + k) << 12, isa.md 6: a c register goes first), v0 in SRC2
        for (int k = 0; k < 4; k++) {
            String word = String.format("000%d: 0a02%d00", k, k), text = "  dp4 r0." + "xyzw".charAt(k) + ", c" + k + ", v0", fields = "dp4 DST=10 IDX=0 SRC1=2" + k + " SRC2=0 DESC=";
            assertTrue(m4x4.contains(word) && m4x4.contains(text) && m4x4.contains(fields), word + text + " in " + m4x4);
        }
        String nrm = hover(uri, 5, 5);
        assertTrue(nrm.contains("`dp3 dst.w, src, src`, `rsq dst.w, dst.w`, `mul dst.xyz, src, dst.w`") && nrm.contains("  rsq r1.w, r1.w"), nrm);
        String sincos = hover(uri, 6, 6);
        assertTrue(sincos.startsWith("```\nsincos dst, src, t1, t2\n```\ncos(src) into dst.x and sin(src) into dst.y"), sincos);
        SignatureHelp h = s.server.getTextDocumentService().signatureHelp(new SignatureHelpParams(new TextDocumentIdentifier(uri), new Position(6, 25)))
                .get(30, TimeUnit.SECONDS);
        assertEquals("sincos dst, src, t1, t2", h.getSignatures().get(0).getLabel());
        assertEquals(2, h.getActiveParameter(), "the cursor is on t1");
        SignatureHelp m = s.server.getTextDocumentService().signatureHelp(new SignatureHelpParams(new TextDocumentIdentifier(uri), new Position(4, 17)))
                .get(30, TimeUnit.SECONDS);
        assertEquals("m4x4 dst, src, cN", m.getSignatures().get(0).getLabel());
        assertEquals(2, m.getActiveParameter());
        // and completion offers them with their operands as a snippet
        CompletionItem nrmItem = complete(uri, 5, 4).stream().filter(i -> i.getLabel().equals("nrm")).findFirst().orElseThrow();
        assertEquals("nrm ${1:dst}, ${2:src}", nrmItem.getInsertText());
    }

    private String hover(String uri, int line, int col) throws Exception {
        var h = s.server.getTextDocumentService().hover(new org.eclipse.lsp4j.HoverParams(new TextDocumentIdentifier(uri), new Position(line, col))).get(30, TimeUnit.SECONDS);
        assertNotNull(h, "a hover at " + line + ":" + col);
        return h.getContents().getRight().getValue();
    }

    @Test
    void renameChangesEveryUseAndRefusesBadNames() throws Exception {
        Files.writeString(dir.resolve("names.h"), "#define SCALE c4\n");
        String uri = open("m.vsh", SDK);
        var prep = s.server.getTextDocumentService().prepareRename(new PrepareRenameParams(new TextDocumentIdentifier(uri), new Position(5, 10)))
                .get(30, TimeUnit.SECONDS);
        assertEquals(range(5, 9, 14), prep.getSecond().getRange());
        WorkspaceEdit e = s.server.getTextDocumentService().rename(new RenameParams(new TextDocumentIdentifier(uri), new Position(5, 10), "grow"))
                .get(30, TimeUnit.SECONDS);
        assertEquals(Map.of(uri, List.of(new TextEdit(range(5, 9, 14), "grow"), new TextEdit(range(9, 0, 5), "grow"))), e.getChanges());
        for (String bad : new String[] {"c5", "dp4", "main", "2x"}) {
            ExecutionException x = assertThrows(ExecutionException.class, () -> s.server.getTextDocumentService()
                    .rename(new RenameParams(new TextDocumentIdentifier(uri), new Position(5, 10), bad)).get(30, TimeUnit.SECONDS));
            assertTrue(x.getCause() instanceof ResponseErrorException, bad);
        }
        assertThrows(ExecutionException.class, () -> s.server.getTextDocumentService()
                .prepareRename(new PrepareRenameParams(new TextDocumentIdentifier(uri), new Position(4, 5))).get(30, TimeUnit.SECONDS), "a mnemonic");
    }

    @Test
    void formattingReplacesTheTextWithItsLaidOutForm() throws Exception {
        String text = "main:\n  mov o0,v0\nend\nendmain:\n";
        String uri = open("m.vsh", text);
        List<? extends TextEdit> edits = s.server.getTextDocumentService().formatting(new DocumentFormattingParams(new TextDocumentIdentifier(uri),
                new FormattingOptions(4, true))).get(30, TimeUnit.SECONDS);
        assertEquals(List.of(new TextEdit(new Range(new Position(0, 0), new Position(4, 0)), "main:\n    mov     o0, v0\n    end\nendmain:\n")).toString(), edits.toString());
        String laid = edits.get(0).getNewText();
        s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, 2),
                List.of(new TextDocumentContentChangeEvent(laid))));
        assertEquals(List.of(), s.server.getTextDocumentService().formatting(new DocumentFormattingParams(new TextDocumentIdentifier(uri),
                new FormattingOptions(4, true))).get(30, TimeUnit.SECONDS), "formatted text needs no edit");
    }

    @Test
    void semanticTokensClassifyMnemonicsRegistersLabelsAndNames() throws Exception {
        String uri = open("m.vsh", SDK);
        List<Integer> data = s.server.getTextDocumentService().semanticTokensFull(new SemanticTokensParams(new TextDocumentIdentifier(uri)))
                .get(30, TimeUnit.SECONDS).getData();
        assertNotNull(data);
        // decode: (line, col, length, type, modifiers) from LSP's relative encoding
        StringBuilder sb = new StringBuilder();
        int line = 0, col = 0;
        for (int k = 0; k < data.size(); k += 5) {
            line += data.get(k);
            col = data.get(k) == 0 ? col + data.get(k + 1) : data.get(k + 1);
            sb.append(line).append(':').append(col).append('+').append(data.get(k + 2)).append(' ')
                    .append(SemanticTokenList.TYPES.get(data.get(k + 3))).append(data.get(k + 4) == 1 ? "*" : "").append('\n');
        }
        assertEquals(String.join("\n",
                "0:1+7 keyword", "1:1+6 keyword", "1:8+11 keyword", "1:20+4 property*", "1:26+2 variable", "1:30+2 variable",
                "2:1+6 keyword", "2:8+10 keyword", "2:29+2 variable",
                "3:0+4 function*", "4:4+3 keyword", "4:8+2 variable", "4:14+4 property", "4:23+2 variable",
                "5:4+4 keyword", "5:9+5 function", "6:4+3 keyword", "7:4+3 keyword", "8:0+7 function*", "9:0+5 function*",
                "10:4+3 keyword", "10:8+2 variable", "10:12+2 variable", "10:16+2 variable", "11:0+3 keyword", ""), sb.toString());
    }
}
