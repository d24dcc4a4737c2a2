package dev.pica.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.junit.jupiter.api.Test;

/** picals through JSON-RPC, as an editor drives it: each request and its answer asserted. */
class PicalsTest extends ServerTest {

    static final String SKY = String.join("\n",
            "#define aPosition v0",
            "#pragma bind_symbol(aPosition.xyz, v0, v0)",
            "#pragma bind_symbol(aColor.xyzw, v1)",
            "#pragma bind_symbol(WORLDVIEWPROJ, c0, c3)",
            "#pragma output_map(position, o0)",
            "#pragma output_map(color, o1)",
            "def c19, 1.0, -1.0, 1.0, 1.0",
            "",
            "main:",
            "    dp4 r0.x, c0, aPosition",
            "    dp4 r0.y, c1, v0",
            "    dp4 r0.z, c2, v0",
            "    dp4 r0.w, c3, v0",
            "    mul o0, c19, r0",
            "    mov o1, v1",
            "    end",
            "endmain:",
            "");

    private Hover hover(String uri, int line, int col) throws Exception {
        return s.server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri), new Position(line, col))).get(30, TimeUnit.SECONDS);
    }

    private List<? extends Location> definition(String uri, int line, int col) throws Exception {
        return s.server.getTextDocumentService().definition(new DefinitionParams(new TextDocumentIdentifier(uri), new Position(line, col)))
                .get(30, TimeUnit.SECONDS).getLeft();
    }

    @Test
    void verifierFindingsArriveWithRangesRuleNamesAndWitnessPaths() throws Exception {
        String text = String.join("\n",
                "#pragma output_map(position, o0)",
                "#pragma bind_symbol(pos, v0)",
                "#pragma bind_symbol(flag, b0)",
                "main:",
                "    mov r0, v0",
                "    mov o0, r0",
                "    ifb b0",
                "        end",
                "    endif",
                "endmain:",
                "");
        String uri = write("m.vsh", text);
        s.open(uri, text);
        PublishDiagnosticsParams p = s.next(uri);
        assertEquals(1, p.getVersion());
        List<Diagnostic> d = p.getDiagnostics();
        assertEquals(2, d.size(), d.toString());
        Diagnostic error = d.get(0), warning = d.get(1);
        assertEquals(DiagnosticSeverity.Error, error.getSeverity());
        assertEquals(range(9, 0, 7), error.getRange());
        assertTrue(error.getMessage().getLeft().startsWith("execution runs past 'endmain:' (no 'end' on this path)"), error.getMessage().getLeft());
        // the witness path m.vsh:5 -> m.vsh:7 -> m.vsh:10, each step a location
        assertEquals(List.of(4, 6, 9), error.getRelatedInformation().stream().map(r -> r.getLocation().getRange().getStart().getLine()).toList());
        assertEquals(uri, error.getRelatedInformation().get(0).getLocation().getUri());
        assertEquals(range(4, 4, 14), error.getRelatedInformation().get(0).getLocation().getRange());
        assertEquals(DiagnosticSeverity.Warning, warning.getSeverity());
        assertEquals(range(6, 4, 7), warning.getRange());
        assertEquals("F-TAIL", warning.getCode().getLeft());
        assertTrue(warning.getMessage().getLeft().endsWith("[-Wafter-last-output]"), warning.getMessage().getLeft());
        assertEquals("F-END", error.getCode().getLeft());
    }

    @Test
    void anErrorInAHeaderIsShownInTheHeaderAndAtTheIncludeLine() throws Exception {
        String header = write("bad.h", "// a header\n    mov r0, q1\n");
        String text = "#pragma output_map(position, o0)\n#include \"bad.h\"\nmain:\n    mov o0, v0\n    end\nendmain:\n";
        String uri = write("main.vsh", text);
        s.open(uri, text);
        List<Diagnostic> inHeader = s.next(header).getDiagnostics();
        assertEquals(1, inHeader.size(), inHeader.toString());
        assertEquals(DiagnosticSeverity.Error, inHeader.get(0).getSeverity());
        assertEquals(1, inHeader.get(0).getRange().getStart().getLine());
        List<Diagnostic> inMain = s.next(uri).getDiagnostics();
        assertEquals(1, inMain.size(), inMain.toString());
        assertEquals(range(1, 0, 16), inMain.get(0).getRange());
        assertTrue(inMain.get(0).getMessage().getLeft().startsWith("in included file bad.h:2: "), inMain.get(0).getMessage().getLeft());
        assertEquals(header, inMain.get(0).getRelatedInformation().get(0).getLocation().getUri());
        // go to definition on the include path opens the header
        assertEquals(header, definition(uri, 1, 11).get(0).getUri());
        // fixed: the header's diagnostics are cleared too
        Files.writeString(dir.resolve("bad.h"), "// a header\n");
        s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, 2),
                List.of(new TextDocumentContentChangeEvent(text + "\n"))));
        assertEquals(List.of(), s.next(header).getDiagnostics());
        assertEquals(List.of(), s.next(uri).getDiagnostics());
    }

    @Test
    void hoverShowsANameDefinedInAnIncludedHeader() throws Exception {
        write("defs.h", "// positions\n#define POS v0\n");
        String uri = openWritten("main.vsh", MAIN_WITH_DEFS);
        s.next(uri);
        // 'POS' in 'mov o0, POS' (line 3)
        String text = hover(uri, 3, 13).getContents().getRight().getValue();
        assertTrue(text.contains("`POS`") && text.contains("#define POS v0"), text);
        assertTrue(text.endsWith("In `defs.h`, line 2."), text);
    }

    private static final String MAIN_WITH_DEFS = "#pragma output_map(position, o0)\n#include \"defs.h\"\nmain:\n    mov o0, POS\n    end\nendmain:\n";

    /** Writes a document and opens it in the editor: its URI. */
    private String openWritten(String name, String text) throws Exception {
        String uri = write(name, text);
        s.open(uri, text);
        return uri;
    }

    /** A header open in the editor is read with its unsaved text when a source that includes it is analysed. */
    @Test
    void anIncludedHeaderIsReadAsTheEditorHoldsIt() throws Exception {
        String header = write("defs.h", "#define POS v0\n");
        String text = MAIN_WITH_DEFS;
        String uri = openWritten("main.vsh", text);
        assertEquals(List.of(), s.next(uri).getDiagnostics());
        // the header edited but not saved: the disk still says v0
        s.open(header, "#define POS q9\n");
        s.next(header);
        s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, 2),
                List.of(new TextDocumentContentChangeEvent(text + "\n"))));
        List<Diagnostic> now = s.next(uri).getDiagnostics();
        assertEquals(1, now.size(), now.toString());
        assertTrue(now.get(0).getMessage().getLeft().contains("'q9'"), now.get(0).getMessage().getLeft());
        assertEquals("#define POS v0\n", Files.readString(dir.resolve("defs.h")), "nothing written");
    }

    @Test
    void onlyTheLatestOfQuickEditsIsPublished() throws Exception {
        String uri = write("sky.vsh", SKY);
        s.open(uri, SKY);
        assertEquals(List.of(), s.next(uri).getDiagnostics());
        for (int v = 2; v <= 4; v++) {
            String t = SKY.replace("mov o1, v1", "mov o1, v" + (v == 4 ? "99" : "1"));
            s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, v),
                    List.of(new TextDocumentContentChangeEvent(t))));
        }
        // each publication is of the text current when it was made: versions only grow, and the last is 4's
        PublishDiagnosticsParams p = s.next(uri);
        int last = p.getVersion();
        while (last < 4) {
            PublishDiagnosticsParams q = s.next(uri);
            assertTrue(q.getVersion() > last, "version " + q.getVersion() + " after " + last);
            last = q.getVersion();
            p = q;
        }
        assertEquals(1, p.getDiagnostics().size(), p.getDiagnostics().toString());
        assertEquals(14, p.getDiagnostics().get(0).getRange().getStart().getLine());
        Thread.sleep(300);
        assertEquals(List.of(), s.drained(uri), "nothing after the latest version");
    }

    @Test
    void hoverExplainsMnemonicsWithTheirWordsAndRegistersWithTheirBindings() throws Exception {
        String uri = write("sky.vsh", SKY);
        s.open(uri, SKY);
        s.next(uri);
        String end = hover(uri, 15, 5).getContents().getRight().getValue();
        assertTrue(end.contains("Ends the shader invocation"), end);
        // END is opcode 0x22 in bits 31-26 and nothing else: 0x88000000 (isa.md section 2)
        assertTrue(end.contains("0006: 88000000  end"), end);
        Hover dp4 = hover(uri, 9, 5);
        assertEquals(range(9, 4, 7), dp4.getRange());
        String dp4Text = dp4.getContents().getRight().getValue();
        assertTrue(dp4Text.contains("dot product of all four lanes"), dp4Text);
        // DP4 (0x02 << 26) | DST r0 (0x10 << 21) | SRC1 c0 (0x20 << 12) | SRC2 v0 | DESC 0: 0x0A020000 (isa.md 3)
        assertTrue(dp4Text.contains("0000: 0a020000  dp4 r0.x, c0, v0"), dp4Text);
        assertTrue(dp4Text.contains("      dp4 DST=10 IDX=0 SRC1=20 SRC2=0 DESC=0"), dp4Text);
        assertTrue(dp4Text.contains("descriptor 0 = ") && dp4Text.contains(": mask x    src1 xyzw src2 xyzw"), dp4Text);
        String c0 = hover(uri, 9, 15).getContents().getRight().getValue();
        assertTrue(c0.contains("float uniform") && c0.contains("`c0-c3` WORLDVIEWPROJ (row 0)"), c0);
        String c19 = hover(uri, 13, 13).getContents().getRight().getValue();
        assertTrue(c19.contains("constant (1, -1, 1, 1)"), c19);
        String o1 = hover(uri, 14, 9).getContents().getRight().getValue();
        assertTrue(o1.contains("output color (xyzw)"), o1);
        String macro = hover(uri, 9, 20).getContents().getRight().getValue();
        assertTrue(macro.contains("#define aPosition v0"), macro);
        assertNull(hover(uri, 7, 0), "an empty line");
    }

    @Test
    void definitionReferencesAndSymbolsOfLabelsAndMacros() throws Exception {
        String text = String.join("\n",
                "#pragma output_map(position, o0)",
                "#pragma bind_symbol(pos, v0)",
                "main:",
                "    mov r0, v0",
                "    call f1",
                "    nop",
                "    mov o0, r0",
                "    end",
                "endmain:",
                "f1:",
                "    add r0, r0, r0 // f1 doubles",
                "ret",
                "");
        String uri = write("m.vsh", text);
        s.open(uri, text);
        s.next(uri);
        List<? extends Location> def = definition(uri, 4, 10);
        assertEquals(1, def.size());
        assertEquals(range(9, 0, 2), def.get(0).getRange());
        List<? extends Location> refs = s.server.getTextDocumentService().references(
                new ReferenceParams(new TextDocumentIdentifier(uri), new Position(9, 1), new ReferenceContext(true))).get(30, TimeUnit.SECONDS);
        assertEquals(List.of(range(4, 9, 11), range(9, 0, 2)), refs.stream().map(Location::getRange).toList(), "the comment's f1 is not a use");
        List<DocumentSymbol> symbols = s.server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(uri)))
                .get(30, TimeUnit.SECONDS).stream().map(e -> e.getRight()).toList();
        assertEquals(List.of("pos", "main", "endmain", "f1"), symbols.stream().map(DocumentSymbol::getName).toList());
        assertEquals(SymbolKind.Field, symbols.get(0).getKind());
        assertEquals(SymbolKind.Function, symbols.get(3).getKind());
    }

    @Test
    void aMainSourceIsVerifiedLinkedWithTheLibrariesOfItsFolder() throws Exception {
        // alone, each file is fine; linked, main -> g -> f1 -> f2 -> f3 -> f4 nests five calls
        String lib = String.join("\n", "f1:", "    call f2", "    nop", "ret", "f2:", "    call f3", "    nop", "ret", "f3:", "    call f4", "    nop", "ret",
                "f4:", "    nop", "ret", "");
        String libUri = write("lib.vsh", lib);
        String text = String.join("\n", "#pragma output_map(position, o0)", "#pragma bind_symbol(pos, v0)", "main:", "    mov r0, v0",
                "    call g", "    nop", "    mov o0, r0", "    end", "endmain:", "g:", "    call f1", "    nop", "ret", "");
        String uri = write("m.vsh", text);
        s.open(uri, text);
        List<Diagnostic> inLib = s.next(libUri).getDiagnostics();
        assertEquals(1, inLib.size(), inLib.toString());
        assertEquals(DiagnosticSeverity.Error, inLib.get(0).getSeverity());
        assertEquals(range(9, 4, 11), inLib.get(0).getRange());
        assertTrue(inLib.get(0).getMessage().getLeft().startsWith("call stack overflow"), inLib.get(0).getMessage().getLeft());
        // the witness path m.vsh:4 -> m.vsh:5 -> m.vsh:11 (call) -> lib.vsh:2 (call) -> lib.vsh:6 (call) -> lib.vsh:10 (call)
        assertEquals(List.of("m.vsh:3", "m.vsh:4", "m.vsh:10", "lib.vsh:1", "lib.vsh:5", "lib.vsh:9"), inLib.get(0).getRelatedInformation().stream()
                .map(r -> r.getLocation().getUri().substring(r.getLocation().getUri().lastIndexOf('/') + 1) + ":" + r.getLocation().getRange().getStart().getLine()).toList());
        assertEquals(List.of(), s.next(uri).getDiagnostics());
        // the library opened and fixed in the editor: the main source is linked again and the error goes
        s.open(libUri, lib);
        s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(libUri, 2),
                List.of(new TextDocumentContentChangeEvent(lib.replace("    call f4\n", "    nop\n")))));
        List<Diagnostic> last = s.next(libUri).getDiagnostics();
        while (!last.isEmpty()) last = s.next(libUri).getDiagnostics();
        // a label that no library defines is an error at the call
        String broken = text.replace("call f1", "call nowhere");
        s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, 2),
                List.of(new TextDocumentContentChangeEvent(broken))));
        PublishDiagnosticsParams p = s.next(uri);
        while (p.getVersion() == null || p.getVersion() != 2) p = s.next(uri);
        assertTrue(p.getDiagnostics().stream().anyMatch(d -> d.getSeverity() == DiagnosticSeverity.Error && d.getRange().getStart().getLine() == 10
                && d.getMessage().getLeft().startsWith("undefined label 'nowhere'")), p.getDiagnostics().toString());
    }

    @Test
    void aPicassoShaderIsCheckedWithTheFileDevkitProBuildsItWith() throws Exception {
        write("t.v.pica", ".proc helper\n\tnop\n.end\n.out o position\n.proc main\n\tcall helper\n\tmov o, v0\n\tend\n.end\n");
        String text = ".gsh point c0\n.out o position\n.entry gmain\n.proc gmain\n\tcall helpr\n\tsetemit 0\n\tmov o, v0\n\temit\n\tend\n.end\n";
        String uri = write("t.g.pica", text);
        s.open(uri, text);
        // alone, 'helpr' is an import; built with t.v.pica as one picasso run, it is defined nowhere
        List<Diagnostic> d = s.next(uri).getDiagnostics();
        assertTrue(d.stream().anyMatch(x -> x.getSeverity() == DiagnosticSeverity.Error && x.getRange().equals(range(4, 6, 11))
                && x.getMessage().getLeft().equals("procedure 'helpr' is not defined in any input file")), d.toString());
        s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, 2),
                List.of(new TextDocumentContentChangeEvent(text.replace("helpr", "helper")))));
        PublishDiagnosticsParams p = s.next(uri);
        while (p.getVersion() == null || p.getVersion() != 2) p = s.next(uri);
        assertTrue(p.getDiagnostics().stream().noneMatch(x -> x.getSeverity() == DiagnosticSeverity.Error), p.getDiagnostics().toString());
    }

    @Test
    void workspaceSymbolsFindDeclarationsInEveryShaderOfTheFolders() throws Exception {
        write("a.vsh", "main:\n    call helper\n    end\nendmain:\n");
        Files.createDirectories(dir.resolve("lib"));
        write("lib/helpers.vsh", "helper:\n    nop\nret\nhelperTwo:\nret\n");
        write("lib/b.v.pica", ".proc HelperThree\n\tnop\n.end\n");
        Files.createDirectories(dir.resolve("target"));
        write("target/copy.vsh", "helper:\nret\n");
        var found = s.server.getWorkspaceService().symbol(new WorkspaceSymbolParams("helper")).get(30, TimeUnit.SECONDS).getRight();
        assertEquals(List.of("b.v.pica HelperThree 0", "helpers.vsh helper 0", "helpers.vsh helperTwo 3"),
                found.stream().map(w -> w.getContainerName() + " " + w.getName() + " " + w.getLocation().getLeft().getRange().getStart().getLine()).toList());
        assertEquals(SymbolKind.Function, found.get(1).getKind());
    }

    @Test
    void picassoSourcesGetTheirOwnDialect() throws Exception {
        String text = String.join("\n",
                "; a picasso shader",
                ".fvec uK, proj[4]",
                ".in aPos v0",
                ".out oPos position",
                ".proc scale",
                "\tmul r0, uK, r0",
                ".end",
                ".proc main",
                "\tmov r0, aPos",
                "\tcall scale",
                "\tex2 r1, r0.x",
                "\tmov oPos, r0",
                "\tend",
                ".end",
                "");
        String uri = write("main.v.pica", text);
        s.open(uri, text);
        List<Diagnostic> d = s.next(uri).getDiagnostics();
        assertTrue(d.stream().noneMatch(x -> x.getSeverity() == DiagnosticSeverity.Error), d.toString());
        assertEquals(range(4, 6, 11), definition(uri, 9, 7).get(0).getRange());
        String ex2 = hover(uri, 10, 2).getContents().getRight().getValue();
        assertTrue(ex2.startsWith("```\nex2 dst, src\n```\n2 to the power src.x"), ex2);
        String uk = hover(uri, 5, 10).getContents().getRight().getValue();
        assertTrue(uk.contains("**uniform** `uK`") && uk.contains("Bound to c0."), uk);
        List<DocumentSymbol> symbols = s.server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(uri)))
                .get(30, TimeUnit.SECONDS).stream().map(e -> e.getRight()).toList();
        assertEquals(List.of("uK", "proj", "aPos", "oPos", "scale", "main"), symbols.stream().map(DocumentSymbol::getName).toList());
        assertNotNull(hover(uri, 8, 10), "an .in name");
    }

    /**
     * A UTF-16 source gives one error, picasm's "not a text file", whether the editor sends the
     * bytes as they are (NULs included) or decodes them by the byte order mark (issue 47 item 11).
     */
    @Test
    void aUtf16SourceIsOneNotATextFileError() throws Exception {
        String expected = "this is not a text file (NUL byte at offset 0x3); sources are ASCII, UTF-8 or Shift-JIS text";
        byte[] utf16 = ("\uFEFF" + SKY).getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
        Path raw = dir.resolve("raw.vsh"), decoded = dir.resolve("decoded.v.pica");
        Files.write(raw, utf16);
        Files.write(decoded, ("\uFEFF.proc main\n\tend\n.end\n").getBytes(java.nio.charset.StandardCharsets.UTF_16LE));
        s.open(LspSession.uri(raw), new String(utf16, java.nio.charset.StandardCharsets.ISO_8859_1));
        s.open(LspSession.uri(decoded), ".proc main\n\tend\n.end\n");
        for (Path p : List.of(raw, decoded)) {
            List<Diagnostic> d = s.next(LspSession.uri(p)).getDiagnostics();
            assertEquals(1, d.size(), d.toString());
            assertEquals(DiagnosticSeverity.Error, d.get(0).getSeverity());
            assertEquals(expected, d.get(0).getMessage().getLeft());
            assertEquals("wrong-file-kind", d.get(0).getCode().getLeft());
            assertEquals(range(0, 0, 0), d.get(0).getRange());
        }
    }
}
