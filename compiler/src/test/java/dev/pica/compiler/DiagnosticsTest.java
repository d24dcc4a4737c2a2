package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.diag.DiagnosticPrinter;
import org.junit.jupiter.api.Test;

/** Every bad input gets a located diagnostic: file:line:col, the source line and a caret. */
class DiagnosticsTest {
    static void expect(String glsl, String... fragments) {
        String e = Shaders.errors(glsl);
        for (String f : fragments) assertTrue(e.contains(f), "expected '" + f + "' in:\n" + e);
    }

    @Test
    void glslangErrorsAtTheirLineWithACaret() {
        expect("""
                #version 450 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position * undefinedThing;
                }
                """, "test.vert:4:30: error: 'undefinedThing' : undeclared identifier", "    gl_Position = position * undefinedThing;\n                             ^");
    }

    @Test
    void texturesDerivativesAndBitwiseOperatorsAreRefusedAtTheirLine() {
        expect("""
                #version 450 core
                layout(location = 0) in vec4 position;
                uniform sampler2D tex;
                void main() {
                    gl_Position = texture(tex, position.xy);
                }
                """, "test.vert:5:", "textures");
        expect("""
                #version 450 core
                layout(location = 0) in vec4 position;
                void main() {
                    int k = int(position.x);
                    gl_Position = vec4(float(k & 3));
                }
                """, "test.vert:5:", "bitwise");
    }

    /** gl_InstanceID has no declaration: its error is at its first use (it was at line 0, no line). */
    @Test
    void aBuiltInInputTheHardwareLacksIsRefusedWhereItIsUsed() {
        expect("""
                #version 450 core
                layout(location = 0) in vec4 position;
                uniform vec4 offsets[3];
                void main() {
                    gl_Position = position + offsets[gl_InstanceID];
                }
                """, "test.vert:5:", "gl_InstanceID does not exist on the 3DS");
    }

    /** A uniform's initializer (OpenGL's starting value) is said to be ignored, at its line: it was dropped silently. */
    @Test
    void aUniformInitializerIsAWarning() {
        CompileResult r = GlslCompiler.compile(GlslSource.of("test.vert", """
                #version 450 core
                layout(location = 0) in vec4 position;
                uniform float scale = 2.0;
                void main() { gl_Position = position * scale; }
                """), CompileOptions.defaults());
        assertTrue(r.ok());
        String w = r.diagnostics().list().stream().map(DiagnosticPrinter::format).reduce("", String::concat);
        assertTrue(w.contains("test.vert:3:") && w.contains("warning: uniform 'scale' has an initializer, which the 3DS does not keep"), w);
    }

    /** A matrix or an integer output at a generic location: what an output can be, and the table (it spoke of geometry shaders only). */
    @Test
    void anOutputNoRegisterHoldsSaysWhatAnOutputIs() {
        expectOutput("layout(location = 9) out mat3 frame;", "frame = mat3(position.xyz, position.yzx, position.zxy);",
                "test.vert:3:", "'frame' at location 9 is a mat3: an output is one register, a float, vec2, vec3 or vec4", "0 normalquat (vec4)");
        expectOutput("layout(location = 8) flat out int kind;", "kind = 2;", "test.vert:3:", "'kind' at location 8 is a int: an output is one register");
    }

    /** A vertex shader with an input at v0 and this output, written; its errors hold the fragments. */
    private static void expectOutput(String declaration, String write, String... fragments) {
        expect("#version 450 core\nlayout(location = 0) in vec4 position;\n" + declaration + "\nvoid main() { gl_Position = position; " + write + " }\n", fragments);
    }

    @Test
    void interfaceErrorsNameTheTable() {
        expectOutput("layout(location = 7) out vec4 extra;", "extra = position;", "test.vert:3:", "at location 7", "0 normalquat (vec4), 1 color (vec4), 2 texcoord0 (vec2)");
        expectOutput("layout(location = 2) out vec4 uv;", "uv = position;", "test.vert:3:", "is a vec4 where a vec2 goes");
        expect("""
                #version 450 core
                layout(location = 0) in ivec4 position;
                void main() { gl_Position = vec4(position); }
                """, "test.vert:2:", "input 'position' is a ivec4");
        expect("""
                #version 450 core
                layout(location = 0) in vec4 position;
                void main() { gl_Position = position; gl_PointSize = 2.0; }
                """, "test.vert:3:", "gl_PointSize");
    }

    @Test
    void tooManyLiveValuesNameTheLineWherePressurePeaks() {
        StringBuilder s = new StringBuilder("#version 450 core\nlayout(location = 0) in vec4 p;\nuniform vec4 u[40];\nvoid main() {\n");
        for (int k = 0; k < 20; k++) s.append("    vec4 a").append(k).append(" = sin(p * u[").append(k).append("]);\n");
        s.append("    vec4 sum = vec4(0.0);\n");
        for (int k = 0; k < 20; k++) s.append("    sum = sum * u[").append(20 + k).append("] + a").append(k).append(" * a").append(19 - k).append(";\n");
        s.append("    gl_Position = sum;\n}\n");
        expect(s.toString(), "error: too many values live at once", "there is no memory to spill to");
    }

    @Test
    void aGlslFileWithoutAStageIsRefused() {
        var r = GlslCompiler.compile(GlslSource.of("shader.glsl", "#version 450 core\nvoid main() {}\n"), CompileOptions.defaults());
        assertTrue(!r.ok() && r.diagnostics().list().get(0).message().contains("shader_stage"));
        var ok = GlslCompiler.compile(GlslSource.of("shader.glsl", "#version 450 core\n#pragma shader_stage(vertex)\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n"), CompileOptions.defaults());
        assertTrue(ok.ok(), ok.diagnostics().list().toString());
    }

    /**
     * A desktop #version before 150 (or none: glslang takes 110) made glslang print its built-ins,
     * 3,867 lines, on the process's standard output, and its error had no line: the fuzz target
     * glslCompileAnyText found it on an empty source. Each version error now names the #version's line.
     */
    @Test
    void aVersionSpirvCannotTakeIsRefusedAtItsLine() {
        String body = "layout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n";
        expect(body, "test.vert:1:1: error: the file does not begin with #version: OpenGL's SPIR-V needs GLSL 330 or later: begin the file with '#version 450 core'");
        expect("// a comment\n  #version 130\n" + body, "test.vert:2:3: error: #version 130: OpenGL's SPIR-V needs GLSL 330 or later", "  #version 130\n  ^");
        expect("#version 300 es\n" + body, "test.vert:1:1: error: #version: ES shaders for SPIR-V require version 310 or higher");
        expect("#version 999\n" + body, "test.vert:1:1: error: version not supported");
        // the fuzz target's second: '#version' and bytes that are not UTF-8 (crash-52fa15ea), which glslang read as 110
        expect("#version\ufffd\ufffd\ufffdr/M3DS\n" + body, "test.vert:1:1: error: #version without a number: OpenGL's SPIR-V needs GLSL 330 or later");
        var usage = GlslCompiler.compile(GlslSource.of("test.vert", "#version 450 core\n" + body), CompileOptions.defaults().withForcedVersion("110"));
        assertTrue(!usage.ok() && usage.diagnostics().list().get(0).message().startsWith("-std=110: OpenGL's SPIR-V needs GLSL 330 or later"), usage.diagnostics().list().toString());
        assertTrue(GlslCompiler.compile(GlslSource.of("test.vert", "/* a header\n */\n#version 330 core\n" + body), CompileOptions.defaults()).ok());
    }

    /** glslang failed without a word ('glslang failed (status 2)', no line) on a NUL after a non-ASCII character in a comment: the fuzz target's finding. */
    @Test
    void aNulCharacterIsRefusedWhereItIs() {
        expect("#version 450 core\n// caf\u00e9\u0000\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n", "test.vert:2:8: error: a NUL character: a GLSL source is text");
    }

    @Test
    void limitsSayWhatToShorten() {
        StringBuilder s = new StringBuilder("#version 450 core\nlayout(location = 0) in vec4 p;\nuniform vec4 u[60];\nvoid main() {\n    vec4 a = p;\n");
        for (int k = 0; k < 60; k++) s.append("    a = sin(a * u[").append(k).append("]);\n");
        s.append("    gl_Position = a;\n}\n");
        expect(s.toString(), "error: the program takes", "where a vertex shader holds 512");
        StringBuilder d = new StringBuilder("#version 450 core\nlayout(location = 0) in vec4 p;\nvoid main() {\n    vec4 a = p;\n");
        for (int k = 0; k < 9; k++) d.append("    if (a.x > ").append(k).append(".5) {\n        a = a * a + p;\n");
        for (int k = 0; k < 9; k++) d.append("    }\n");
        d.append("    gl_Position = a;\n}\n");
        expect(d.toString(), "ifs nested more than 8 deep");
    }

    /** An editor's buffers holding one file, helpers.glsl, with {@code text}. */
    private static Includer helpers(String text) {
        return new Includer() {
            @Override
            public boolean exists(java.nio.file.Path file) {
                return file.getFileName().toString().equals("helpers.glsl");
            }

            @Override
            public String read(java.nio.file.Path file) {
                return text;
            }
        };
    }

    @Test
    void anErrorInAnIncludedFileNamesThatFile() {
        Includer buffers = helpers("// helpers\nfloat mask(float x) {\n    return float(int(x) & 1);\n}\n");
        var r = GlslCompiler.compile(GlslSource.of("test.vert", """
                #version 450 core
                #include "helpers.glsl"
                layout(location = 0) in vec4 p;
                void main() { gl_Position = p * mask(p.x); }
                """), CompileOptions.defaults().withIncluder(buffers));
        StringBuilder s = new StringBuilder();
        r.diagnostics().list().forEach(d -> s.append(dev.pica.format.diag.DiagnosticPrinter.format(d)));
        assertTrue(!r.ok() && s.toString().contains("helpers.glsl:3:") && s.toString().contains("bitwise"), s.toString());
    }

    /**
     * A file a Windows editor saved as UTF-8 with a byte-order mark, and an include saved so:
     * both compile (the mark made the source 'not begin with #version', and glslang took it for
     * a token of the include).
     */
    @Test
    void aByteOrderMarkIsNotText() {
        Includer buffers = helpers("\uFEFFfloat twice(float x) {\n    return x + x;\n}\n");
        var r = GlslCompiler.compile(GlslSource.of("test.vert", "\uFEFF#version 450 core\n#include \"helpers.glsl\"\n"
                + "layout(location = 0) in vec4 p;\nvoid main() { gl_Position = p * twice(p.x); }\n"), CompileOptions.defaults().withIncluder(buffers));
        assertTrue(r.ok(), r.diagnostics().list().toString());
    }

    /**
     * An #include whose header name is not closed on its line: glslang's message quotes the name,
     * source lines and all, and each quoted line was read as a message of its own (the GLSL fuzz
     * target's input: 'fuzz.vert: error: l', at no line). One error, at the #include's line.
     */
    @Test
    void aMessageQuotingSeveralLinesIsOneError() {
        var r = GlslCompiler.compile(GlslSource.of("fuzz.vert", "#version 450 core\n#include <pica.gl\nvoid main() {\nfuzz.vert: error: l>es\n}\n"), CompileOptions.defaults());
        java.util.List<String> said = r.diagnostics().list().stream().map(dev.pica.format.diag.DiagnosticPrinter::format).toList();
        assertTrue(!r.ok());
        assertTrue(said.stream().noneMatch(d -> d.startsWith("fuzz.vert: error")), said.toString());
        assertTrue(said.get(0).startsWith("fuzz.vert:4:1: error: '#include' : extra content after header name: pica.gl\\nvoid main() {\\nfuzz.vert: error: l"), said.toString());
    }
}
