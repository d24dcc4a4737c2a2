package dev.pica.compiler;

import static org.lwjgl.util.shaderc.Shaderc.*;

import dev.pica.compiler.front.GlslFrontEnd;
import dev.pica.format.diag.Diagnostics;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the committed SPIR-V fixtures (compiler/src/test/resources/spirv): for each NAME.vert
 * there, NAME.spv as the front end makes it (the words the back end's tests read without
 * natives) and NAME.spvasm, glslang's disassembly beside it, as naga's tests keep theirs.
 * Run by hand after a change of the front end's options: java -cp ... dev.pica.compiler.SpirvFixtures DIR
 */
final class SpirvFixtures {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "compiler/src/test/resources/spirv");
        try (var files = Files.list(dir)) {
            for (Path vert : files.filter(p -> p.toString().endsWith(".vert")).sorted().toList()) {
                String name = vert.getFileName().toString();
                String text = Files.readString(vert);
                GlslFrontEnd.Output out = GlslFrontEnd.compile(GlslSource.of(name, text), CompileOptions.defaults(), true, new Diagnostics());
                ByteBuffer b = ByteBuffer.allocate(out.spirv().length * 4).order(ByteOrder.LITTLE_ENDIAN);
                for (int w : out.spirv()) b.putInt(w);
                String stem = name.substring(0, name.length() - 5);
                Files.write(dir.resolve(stem + ".spv"), b.array());
                Files.writeString(dir.resolve(stem + ".spvasm"), disassemble(name, text));
            }
        }
    }

    /** glslang's text of the same compilation (the same options as the front end). */
    static String disassemble(String name, String text) {
        long c = shaderc_compiler_initialize();
        long o = shaderc_compile_options_initialize();
        try {
            shaderc_compile_options_set_generate_debug_info(o);
            shaderc_compile_options_set_optimization_level(o, shaderc_optimization_level_performance);
            shaderc_compile_options_set_target_env(o, shaderc_target_env_opengl, shaderc_env_version_opengl_4_5);
            shaderc_compile_options_set_auto_map_locations(o, true);
            shaderc_compile_options_set_auto_bind_uniforms(o, true);
            long r = shaderc_compile_into_spv_assembly(c, text, shaderc_glsl_vertex_shader, name, "main", o);
            ByteBuffer b = shaderc_result_get_bytes(r);
            byte[] x = new byte[b.remaining()];
            b.get(x);
            shaderc_result_release(r);
            return new String(x, java.nio.charset.StandardCharsets.UTF_8);
        } finally {
            shaderc_compile_options_release(o);
            shaderc_compiler_release(c);
        }
    }
}
