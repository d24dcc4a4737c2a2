package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** picasim given a GLSL source: compiled and linked in memory, uniforms and inputs by their GLSL names, run as a process. */
class PicasimGlslTest {
    @TempDir Path dir;

    @Test
    void aVertSourceRunsByItsGlslNames() throws Exception {
        Files.writeString(dir.resolve("lit.vert"), """
                #version 450 core
                #include <pica.glsl>
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec3 normal;
                layout(location = PICA_COLOR) out vec4 color;
                uniform mat4 projection;
                uniform vec4 tint;
                void main() {
                    gl_Position = projection * position;
                    color = vec4(normal, 1.0) * tint;
                }
                """);
        ToolProcess.Run r = ToolProcess.run(dir, "Picasim", "lit.vert", "--set", "projection=2,0,0,1;0,3,0,0;0,0,4,0;0,0,0,1",
                "--set", "tint=0.5,0.25,2,1", "--set", "position=1,2,3,1", "--set", "normal=1,1,1");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertTrue(r.outText().contains("position    o0        (3, 6, 12, 1)"), r.outText());
        assertTrue(r.outText().contains("color       o1        (0.5, 0.25, 2, 1)"), r.outText());
        assertFalse(Files.exists(dir.resolve("lit.shbin")), "nothing written");
    }

    /** HLSL (issue 46 item 2): a cbuffer's matrix set by rows as citro3d uploads it, outputs by semantic. */
    @Test
    void anHlslSourceRunsToo() throws Exception {
        Files.writeString(dir.resolve("tex.hlsl"), """
                #pragma shader_stage(vertex)
                cbuffer Scene { float4x4 projection; };
                struct VSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
                VSOut main(float4 position : POSITION, float2 uv : TEXCOORD0) {
                    VSOut o;
                    o.pos = mul(projection, position);
                    o.uv = uv;
                    return o;
                }
                """);
        ToolProcess.Run r = ToolProcess.run(dir, "Picasim", "tex.hlsl", "--set", "projection=2,0,0,1;0,3,0,0;0,0,4,0;0,0,0,1",
                "--set", "position=1,2,3,1", "--set", "uv=0.5,0.25");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.outText().contains("position    o0        (3, 6, 12, 1)"), r.outText());
        assertTrue(r.outText().contains("texcoord0   o1  .xy   (0.5, 0.25)"), r.outText());
    }

    @Test
    void aGlslErrorIsTheCompilersMessageAndExitOne() throws Exception {
        Files.writeString(dir.resolve("bad.vert"), "#version 450 core\nvoid main() {\n    gl_Position = q;\n}\n");
        ToolProcess.Run r = ToolProcess.run(dir, "Picasim", "bad.vert");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().startsWith("bad.vert:3:"), r.err());
        assertTrue(r.err().contains("    gl_Position = q;\n"), r.err());
        assertEquals("", r.outText());
    }
}
