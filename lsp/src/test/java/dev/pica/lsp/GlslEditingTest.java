package dev.pica.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.junit.jupiter.api.Test;

/** picals on GLSL sources (issue 46 item 4), through JSON-RPC as an editor drives it. */
class GlslEditingTest extends ServerTest {
    static final String LIT = String.join("\n",
            "#version 450 core",
            "#include <pica.glsl>",
            "#include \"light.glsl\"",
            "layout(location = 0) in vec4 position;",
            "layout(location = 1) in vec3 normal;",
            "layout(location = PICA_COLOR) out vec4 colour;",
            "uniform mat4 projection;",
            "void main() {",
            "    gl_Position = projection * position;",
            "    colour = vec4(normal, 1.0) * tint;",
            "}",
            "");

    private String hover(String uri, int line, int col) throws Exception {
        Hover h = s.server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri), new Position(line, col))).get(30, TimeUnit.SECONDS);
        return h == null ? null : h.getContents().getRight().getValue();
    }

    private void edit(String uri, int version, String text) {
        s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, version),
                List.of(new TextDocumentContentChangeEvent(text))));
    }

    @Test
    void diagnosticsAsTheUserTypesHoverAndTheAssembly() throws Exception {
        write("light.glsl", "uniform vec4 tint;\n");
        String uri = write("lit.vert", LIT);
        s.open(uri, LIT);
        assertEquals(List.of(), s.next(uri).getDiagnostics(), "a clean shader");

        // hover: a uniform's registers and upload, an input's v register, an output's semantic
        String projection = hover(uri, 8, 20);
        assertTrue(projection.startsWith("`uniform mat4 projection`: **c") && projection.contains("ROW"), projection);
        assertTrue(hover(uri, 9, 34).startsWith("`uniform vec4 tint`: **c"), "a uniform of the included file");
        assertEquals("`in position`: input register **v0** (4 components; the attribute loader fills the rest as 0, 0, 1)", hover(uri, 8, 34));
        String colour = hover(uri, 9, 6);
        assertTrue(colour.startsWith("`out colour`: **o1.xyzw**, semantic **color**"), colour);
        assertNull(hover(uri, 7, 1), "'void' is nothing the shader binds");

        // the command: the assembly with each instruction under its GLSL line
        Object asm = s.server.getWorkspaceService().executeCommand(new ExecuteCommandParams(PicaLanguageServer.SHOW_ASSEMBLY, List.of(uri))).get(30, TimeUnit.SECONDS);
        String text = asm.toString();
        // the line's comment, then its words (a #line marker may stand between them: the compiler's line table)
        int comment = text.indexOf("    // lit.vert:9: gl_Position = projection * position;\n");
        assertTrue(comment >= 0 && text.indexOf("    dp4 o0.x, c0, v0\n", comment) > comment, text);
        assertTrue(text.contains("    // lit.vert:10: colour = vec4(normal, 1.0) * tint;\n"), text);

        // typing: an undeclared name is glslang's error at its line; hover keeps the last compiled shader
        edit(uri, 2, LIT.replace("* tint;", "* tnit;"));
        List<Diagnostic> d = s.next(uri).getDiagnostics();
        assertTrue(!d.isEmpty(), "an error");
        assertEquals(DiagnosticSeverity.Error, d.get(0).getSeverity());
        assertEquals(9, d.get(0).getRange().getStart().getLine());
        assertTrue(d.get(0).getMessage().getLeft().contains("'tnit' : undeclared identifier"), d.get(0).getMessage().getLeft());
        assertTrue(hover(uri, 8, 20).startsWith("`uniform mat4 projection`"));
        // the back end's findings too: an output location outside the table
        edit(uri, 3, LIT.replace("location = PICA_COLOR", "location = 7"));
        List<Diagnostic> back = s.next(uri).getDiagnostics();
        assertTrue(!back.isEmpty() && back.get(0).getRange().getStart().getLine() == 5, back.toString());
        edit(uri, 4, LIT);
        assertEquals(List.of(), s.next(uri).getDiagnostics(), "fixed");
    }

    /** An HLSL source (issue 46 item 2) the same way: compiled as picacc would, hover by its names. */
    @Test
    void anHlslSourceToo() throws Exception {
        String text = String.join("\n",
                "#pragma shader_stage(vertex)",
                "cbuffer Scene { float4x4 projection; };",
                "float4 main(float4 position : POSITION) : SV_Position {",
                "    return mul(projection, position);",
                "}",
                "");
        String uri = write("t.hlsl", text);
        s.open(uri, text);
        assertEquals(List.of(), s.next(uri).getDiagnostics(), "a clean shader");
        String h = hover(uri, 3, 17);
        assertTrue(h.startsWith("`uniform mat4 projection`: **c0-c3**"), h);
        assertEquals("`in position`: input register **v0** (4 components; the attribute loader fills the rest as 0, 0, 1)", hover(uri, 3, 30));
    }
}
