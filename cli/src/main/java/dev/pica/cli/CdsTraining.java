package dev.pica.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The run libexec/pica-toolchain/launch records an application class-data archive from (-XX:ArchiveClassesAtExit):
 * every tool once on small programs of both dialects (the simulator on the binaries they build), a link of a source, the disassembler's
 * modes, a diagnostic and the help texts. An archive recorded from whatever command happened to
 * run first would hold only that command's classes (a first --help left assembling unarchived).
 * Writes only into a temporary directory it deletes; prints nothing.
 */
public final class CdsTraining {
    private CdsTraining() {}

    private static final String HEADER = """
            #define aPosition v0
            #define ONE c20.xxxx
            #define LT 2
            def c20, 1.0, 0.5, 0.25, 0.0
            """;

    private static final String SDK_SOURCE = """
            #include "train.h"
            #pragma bind_symbol(aPosition.xyzw, v0, v0)
            #pragma bind_symbol(aColor, v1)
            #pragma bind_symbol(ModelView, c0, c3)
            #pragma bind_symbol(Flag, b0)
            #pragma output_map(position, o0)
            #pragma output_map(color, o1)
            defi i0, 3, 0, 1, 0

            main:
                m4x4 r0, aPosition, c0
                mov r1, ONE
                loop i0
                    add r1, r1, -c20.yyyy
                endloop
                ifb b0
                    call scale
                    nop
                else
                    mul r1, r1, v1
                endif
                cmp LT, LT, c20.x, r1.x
                ifc 1, 1, 2
                    rcp r2.x, r1.x
                endif
                mov o0, r0
                mov o1, r1
                end
            endmain:

            scale:
                mad r1, r1, c20.y, r1
                ret
            """;

    private static final String BAD_SOURCE = """
            main:
                mov o0, q9
                end
            endmain:
            """;

    /** A read before any write (a verifier warning with its path), a conditional: what SDK batches meet that train.vsh does not. */
    private static final String SDK_WARNING = """
            #ifdef NOT_DEFINED
            #error not read
            #endif
            #pragma bind_symbol(aPosition, v0)
            #pragma output_map(position, o0)
            #pragma output_map(color, o1)
            main:
                mov o0, v0
                mov o1, r3
                end
            endmain:
            """;

    private static final String SDK_GEOMETRY = """
            #pragma gs_assemble_as_geometry_shader
            #pragma gs_data_mode(0)
            #pragma output_map(position, o0)
            main:
                mov o0, v0
                smf 0, 0, 0
                vout
                end
            endmain:
            """;

    private static final String PICASSO_SOURCE = """
            .fvec uModelView[4]
            .constf kOne(1.0, 1.0, 1.0, 1.0)
            .alias one kOne.xxxx
            .in aPos v0
            .out oPos position
            .out oColor color
            .bool bFlag
            .proc main
            \tmov r0, aPos
            \tifu bFlag
            \t\tdp4 r1.x, uModelView[0], r0
            \t.else
            \t\tmov r1, one
            \t.end
            \tmov oPos, r0
            \tmov oColor, r1.x
            \tend
            .end
            """;

    private static final String GLSL_SOURCE = """
            #version 450 core
            #include <pica.glsl>
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 normal;
            layout(location = PICA_COLOR) out vec4 colour;
            uniform mat4 projection;
            uniform vec3 light;
            uniform bool lit;
            uniform vec4 lights[4];
            void main() {
                gl_Position = projection * vec4(position, 1.0);
                float d = lit ? max(dot(normalize(mat3(projection) * normal), light), 0.0) : 1.0;
                // a loop with a break and a comparison: the translator's loop and jump classes
                for (int i = 0; i < 4; i++) {
                    if (lights[i].w < 0.0) break;
                    d += max(dot(normal, lights[i].xyz), 0.0);
                }
                colour = vec4(d, d, d, 1.0);
            }
            """;

    private static void expect(int status, int actual) {
        if (actual != status) throw new IllegalStateException("a training step exited " + actual + ", not " + status);
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("pica-cds");
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        try {
            Files.writeString(dir.resolve("train.h"), HEADER);
            Files.writeString(dir.resolve("train.vsh"), SDK_SOURCE);
            Files.writeString(dir.resolve("bad.vsh"), BAD_SOURCE);
            Files.writeString(dir.resolve("train.v.pica"), PICASSO_SOURCE);
            String d = dir.toString() + "/";
            expect(0, Picasm.run(quiet, quiet, d + "train.vsh", "-o", d + "train.o", "-MD"));
            expect(0, Picasm.run(quiet, quiet, d + "train.vsh", "-o", d + "train.o")); // a rebuild keeps the old file's mode
            expect(0, Picasm.run(quiet, quiet, "-E", d + "train.vsh"));
            expect(1, Picasm.run(quiet, quiet, d + "bad.vsh", "-o", d + "bad.o"));
            expect(0, Picalink.run(quiet, quiet, d + "train.o", "-o", d + "train.shbin", "-M", "--header", d + "train.h.out"));
            expect(0, Picalink.run(quiet, quiet, d + "train.vsh", "-o", d + "source.shbin"));
            expect(0, Picadis.run(quiet, quiet, d + "train.shbin"));
            expect(0, Picadis.run(quiet, quiet, d + "train.shbin", "-o", d + "dis"));
            expect(0, Picadis.run(quiet, quiet, "--json", d + "train.shbin"));
            expect(0, Picadis.run(quiet, quiet, "--cfg", d + "train.shbin"));
            expect(0, Picasso.run(quiet, quiet, "-o", d + "p.shbin", d + "train.v.pica"));
            expect(0, Picadis.run(quiet, quiet, "--dialect=picasso", d + "p.shbin"));
            // batches: their thread pool, ordered output and unit planning (35 classes a batch loaded outside the archive)
            Files.writeString(dir.resolve("second.v.pica"), PICASSO_SOURCE);
            expect(0, Picalink.run(quiet, quiet, "--each", "--output-dir", d + "each", d + "train.v.pica", d + "second.v.pica"));
            expect(0, Picasm.run(quiet, quiet, "--output-dir", d + "objs", d + "train.vsh", d + "train.v.pica"));
            // an SDK-dialect batch: the verifier's warnings and a geometry shader (40 classes, 20 of them lambdas spun at run time, outside the archive)
            Files.writeString(dir.resolve("warn.vsh"), SDK_WARNING);
            Files.writeString(dir.resolve("geo.gsh"), SDK_GEOMETRY);
            expect(0, Picalink.run(quiet, quiet, "--each", "--output-dir", d + "sdk", d + "warn.vsh", d + "geo.gsh", d + "train.vsh"));
            expect(0, Picasim.run(InputStream.nullInputStream(), quiet, quiet, d + "train.shbin", "--set", "aPosition=1,2,3", "--set", "Flag=true"));
            expect(0, Picasim.run(InputStream.nullInputStream(), quiet, quiet, d + "p.shbin", "--format", "json", "--trace"));
            // picacc: glslang through LWJGL (its loader, shaderc's bindings) and the back end, as a build runs it
            Files.writeString(dir.resolve("train.vert"), GLSL_SOURCE);
            // as picacc's main: the natives' loading thread and the back end's warm-up in the first compile
            dev.pica.compiler.ColdStart.prepare();
            expect(0, Picacc.run(quiet, quiet, "-c", d + "train.vert", "-o", d + "glsl.o"));
            expect(0, Picacc.run(quiet, quiet, "-S", d + "train.vert", "-o", d + "glsl.vsh", "-MD"));
            expect(0, Picacc.run(quiet, quiet, d + "train.vert", "-o", d + "glsl.shbin"));
            Files.writeString(dir.resolve("bad.vert"), GLSL_SOURCE.replace("1.0);\n    float", "1.0)\n    float"));
            expect(1, Picacc.run(quiet, quiet, "-c", d + "bad.vert", "-o", d + "bad.o"));
            expect(0, Picasm.run(quiet, quiet, "--help"));
            expect(2, Picasm.run(quiet, quiet, "--bogus"));
        } finally {
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
