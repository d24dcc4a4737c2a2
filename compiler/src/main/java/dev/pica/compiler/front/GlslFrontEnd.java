package dev.pica.compiler.front;

import static org.lwjgl.system.MemoryUtil.memAlloc;
import static org.lwjgl.system.MemoryUtil.memFree;
import static org.lwjgl.system.MemoryUtil.memUTF8;
import static org.lwjgl.util.shaderc.Shaderc.*;

import dev.pica.compiler.CompileOptions;
import dev.pica.compiler.GlslSource;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.util.shaderc.ShadercIncludeResolve;
import org.lwjgl.util.shaderc.ShadercIncludeResult;
import org.lwjgl.util.shaderc.ShadercIncludeResultRelease;

/**
 * GLSL to SPIR-V through glslang, in-process (LWJGL's shaderc bindings; LWJGL extracts the
 * native library of the running platform from its natives jar). The target is OpenGL 4.5's
 * SPIR-V (loose uniforms are allowed there), debug information is always on (OpName and OpLine
 * survive spirv-opt only with it), and spirv-opt runs at its performance level so that the back
 * end reads inlined SSA. glslang's messages become our diagnostics at their GLSL line.
 */
public final class GlslFrontEnd {
    private GlslFrontEnd() {}

    /** The SPIR-V words (null after errors), every file read, and the sources by name (for carets). */
    public record Output(int[] spirv, List<Path> filesRead, Map<String, SourceFile> files, String preprocessed) {
        Output(int[] spirv, List<Path> filesRead, Map<String, SourceFile> files) {
            this(spirv, filesRead, files, null);
        }
    }

    /**
     * Compiles {@code source} to SPIR-V; {@code autoLocations} false asks glslang to insist on
     * explicit uniform locations (the compiler learns from its messages which uniforms have none).
     */
    public static Output compile(GlslSource source, CompileOptions options, boolean autoLocations, Diagnostics diags) {
        return run(source, options, autoLocations, false, true, diags, null);
    }

    /** {@link #compile}, with {@code meanwhile} run on the calling thread while glslang compiles on its own. */
    public static Output compile(GlslSource source, CompileOptions options, boolean autoLocations, Diagnostics diags, Runnable meanwhile) {
        return run(source, options, autoLocations, false, true, diags, meanwhile);
    }

    /**
     * glslang's module before spirv-opt (its variables, their names and stores still there), or
     * null: what the debugger's variable map reads beside the optimised module (translate/DebugNames).
     */
    public static int[] unoptimised(GlslSource source, CompileOptions options) {
        return run(source, options, true, false, false, new Diagnostics(), null).spirv();
    }

    /** The preprocessed text (null after errors) and every file read: what {@code picacc -E} prints. */
    public record Preprocessed(String text, List<Path> filesRead) {}

    /** Runs glslang's preprocessor alone over {@code source}, with the includes and macros a compile would see. */
    public static Preprocessed preprocess(GlslSource source, CompileOptions options, Diagnostics diags) {
        Output o = run(source, options, true, true, true, diags, null);
        return new Preprocessed(o.preprocessed, o.filesRead());
    }

    /**
     * Runs glslang on a thread of its own with a stack of this many bytes. glslang's parser and
     * tree walks recurse once per operator of a chain such as {@code x + x + ... + x}: on a Java
     * thread's usual 1 MB stack, 2,000 terms (8 KB of text) overflowed it and the JVM died of
     * SIGSEGV in native code (the fuzz target glslCompileAnyText, docs/fuzzing.md). The stack is
     * reserved, not committed: a shader uses what its depth needs; 256 MB held a chain of 400,000
     * terms (1.6 MB of text, which glslang took 4 minutes over). A 32-bit JVM's address space
     * has less room: 16 MB there.
     */
    static final long GLSLANG_STACK = "32".equals(System.getProperty("sun.arch.data.model")) ? 16L << 20 : 256L << 20;

    private static Output run(GlslSource source, CompileOptions options, boolean autoLocations, boolean preprocessOnly, boolean optimise, Diagnostics diags,
                              Runnable meanwhile) {
        Output[] out = new Output[1];
        Throwable[] thrown = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                out[0] = runHere(source, options, autoLocations, preprocessOnly, optimise, diags);
            } catch (Throwable e) {
                thrown[0] = e;
            }
        }, "picacc-glslang", GLSLANG_STACK);
        t.start();
        if (meanwhile != null) meanwhile.run();
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // glslang cannot be stopped midway: wait for it, then keep the interrupt
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        if (thrown[0] instanceof RuntimeException e) throw e;
        if (thrown[0] instanceof Error e) throw e;
        if (thrown[0] != null) throw new IllegalStateException(thrown[0]);
        return out[0];
    }

    private static Output runHere(GlslSource source, CompileOptions options, boolean autoLocations, boolean preprocessOnly, boolean optimise, Diagnostics diags) {
        NativeLibraries.prepare();
        Map<String, SourceFile> files = new LinkedHashMap<>();
        SourceFile main = SourceFile.ofString(source.name(), source.text());
        files.put(source.name(), main);
        List<Path> read = new ArrayList<>();
        if (source.path() != null) read.add(source.path());
        long compiler = compiler();
        long opts = shaderc_compile_options_initialize();
        ShadercIncludeResolve resolve = null;
        ShadercIncludeResultRelease release = null;
        try {
            shaderc_compile_options_set_generate_debug_info(opts);
            if (source.isHlsl()) {
                // glslang's HLSL front end (docs/glsl.md, "HLSL"); UserSemantic decorations name each output's semantic
                shaderc_compile_options_set_source_language(opts, shaderc_source_language_hlsl);
                shaderc_compile_options_set_hlsl_functionality1(opts, true);
            }
            shaderc_compile_options_set_optimization_level(opts, optimise ? shaderc_optimization_level_performance : shaderc_optimization_level_zero);
            shaderc_compile_options_set_target_env(opts, shaderc_target_env_opengl, shaderc_env_version_opengl_4_5);
            shaderc_compile_options_set_auto_map_locations(opts, autoLocations);
            // uniform blocks need a binding in OpenGL SPIR-V; the 3DS has no bindings, so any will do
            shaderc_compile_options_set_auto_bind_uniforms(opts, true);
            for (String d : options.defines()) {
                int eq = d.indexOf('=');
                ByteBuffer macro = utf8(eq < 0 ? d : d.substring(0, eq));
                ByteBuffer value = utf8(eq < 0 ? "1" : d.substring(eq + 1));
                try {
                    shaderc_compile_options_add_macro_definition(opts, macro, value);
                } finally {
                    memFree(macro);
                    memFree(value);
                }
            }
            if (options.forcedVersion() != null) {
                try (MemoryStack stack = MemoryStack.stackPush()) {
                    IntBuffer v = stack.mallocInt(1);
                    IntBuffer p = stack.mallocInt(1);
                    if (!shaderc_parse_version_profile(options.forcedVersion(), v, p)) {
                        diags.error(Problem.USAGE, SourcePos.named(source.name(), 0), "not a GLSL version and profile: '" + options.forcedVersion() + "' (say 450core, 330core, 310es)");
                        return new Output(null, read, files);
                    }
                    if (p.get(0) != shaderc_profile_es && v.get(0) < 330) {
                        diags.error(Problem.USAGE, SourcePos.named(source.name(), 0), "-std=" + options.forcedVersion() + ": OpenGL's SPIR-V needs GLSL 330 or later (say 450core, 330core)");
                        return new Output(null, read, files);
                    }
                    shaderc_compile_options_set_forced_version_profile(opts, v.get(0), p.get(0));
                }
            }
            int nul = source.text().indexOf('\0');
            if (nul >= 0) {
                // glslang stops at a NUL that follows a non-ASCII character in a comment, fails and says nothing
                int lineStart = source.text().lastIndexOf('\n', nul) + 1;
                int line = 1 + (int) source.text().substring(0, lineStart).chars().filter(c -> c == '\n').count();
                diags.error(Problem.GLSL, SourcePos.of(main, line, nul - lineStart + 1, null), "a NUL character: a GLSL source is text");
                return new Output(null, read, files);
            }
            if (options.forcedVersion() == null && !source.isHlsl()) {
                // glslang reads a desktop version before 150 (or no #version, or none it can read: 110) with built-ins it cannot
                // parse for SPIR-V, and then prints them, 3,867 lines, on the process's standard output
                VersionLine version = VersionLine.of(source.text());
                if (version == null || version.number() < 0 || (version.number() < 330 && version.number() != 100 && !version.profile().equals("es"))) {
                    diags.error(Problem.GLSL, version == null ? SourcePos.of(main, 1, 1, null) : SourcePos.of(main, version.line(), version.column(), null),
                            (version == null ? "the file does not begin with #version" : version.number() < 0 ? "#version without a number" : "#version " + version.number())
                                    + ": OpenGL's SPIR-V needs GLSL 330 or later: begin the file with '#version 450 core' (an ES source compiles with -std=450core)");
                    return new Output(null, read, files);
                }
            }
            IncludeResolver resolver = new IncludeResolver(source, options, files, read);
            resolve = ShadercIncludeResolve.create((user, requested, type, requesting, depth) ->
                    resolver.resolve(memUTF8(requested), type == shaderc_include_type_standard, memUTF8(requesting)));
            release = ShadercIncludeResultRelease.create((user, result) -> IncludeResolver.free(result));
            shaderc_compile_options_set_include_callbacks(opts, resolve, release, 0);
            // the text and names in memory of their own: LWJGL's CharSequence overloads encode them on its
            // thread-local stack of 64 KB, and a longer source threw OutOfMemoryError ("Out of stack space")
            int kind = source.effectiveStage() == dev.pica.compiler.ShaderStage.GEOMETRY ? shaderc_glsl_geometry_shader : shaderc_glsl_vertex_shader;
            ByteBuffer text = utf8(source.text());
            ByteBuffer name = memUTF8(source.name(), true);
            ByteBuffer entry = memUTF8("main", true);
            long result;
            try {
                result = preprocessOnly
                        ? shaderc_compile_into_preprocessed_text(compiler, text, kind, name, entry, opts)
                        : shaderc_compile_into_spv(compiler, text, kind, name, entry, opts);
            } finally {
                memFree(text);
                memFree(name);
                memFree(entry);
            }
            try {
                String messages = shaderc_result_get_error_message(result);
                if (messages != null) report(messages, files, source.name(), diags);
                int status = shaderc_result_get_compilation_status(result);
                if (status != shaderc_compilation_status_success) {
                    if (!diags.hasErrors()) diags.error(Problem.GLSL, SourcePos.named(source.name(), 0), "glslang failed (status " + status + ")");
                    return new Output(null, read, files);
                }
                if (preprocessOnly) return new Output(null, read, files, shaderc_result_get_bytes(result) == null ? "" : memUTF8(shaderc_result_get_bytes(result)));
                ByteBuffer bytes = shaderc_result_get_bytes(result).order(ByteOrder.LITTLE_ENDIAN);
                int[] words = new int[bytes.remaining() / 4];
                bytes.asIntBuffer().get(words);
                if (source.isHlsl()) {
                    List<String> problems = new ArrayList<>();
                    words = HlslSemantics.apply(words, problems);
                    for (String m : new java.util.LinkedHashSet<>(problems)) diags.error(Problem.GLSL_UNSUPPORTED, SourcePos.named(source.name(), 0), m);
                    if (!problems.isEmpty()) return new Output(null, read, files);
                }
                return new Output(words, read, files);
            } finally {
                shaderc_result_release(result);
            }
        } finally {
            shaderc_compile_options_release(opts);
            if (resolve != null) resolve.free();
            if (release != null) release.free();
        }
    }

    /** The UTF-8 bytes of {@code s} in native memory for memFree, null-terminated past their limit (so never an empty allocation). */
    private static ByteBuffer utf8(String s) {
        ByteBuffer b = memUTF8(s, true);
        return b.limit(b.limit() - 1);
    }

    private static long compiler;
    /** Why the natives could not be loaded, once a first use found out (a later use says the same, not "could not initialize class"). */
    private static LinkageError missing;

    /**
     * The process's one shaderc compiler, made on first use and kept: releasing the last one ends
     * glslang's process state, and the next compile would build its built-in symbol tables again
     * (100 ms of CPU for #version 450, 29 ms for 330: most of a cold picacc's glslang time, and all
     * of a second compile's, such as the run that finds the uniforms without a location).
     * shaderc.h allows compiles on one compiler object from several threads at once (its usage
     * example: "on the same, other or multiple simultaneous threads").
     */
    private static synchronized long compiler() {
        if (missing != null) throw missing;
        if (compiler == 0) {
            NativeLibraries.prepare(); // before Shaderc's class loads the libraries
            missing = NativeLibraries.failure();
            if (missing != null) throw missing;
            try {
                compiler = shaderc_compiler_initialize();
            } catch (LinkageError e) {
                missing = e;
                throw e;
            }
        }
        return compiler;
    }

    /** Finds and reads includes: the including file's folder, then -I in order ({@code <...>}: -I only). */
    private static final class IncludeResolver {
        final GlslSource source;
        final CompileOptions options;
        final Map<String, SourceFile> files;
        final List<Path> read;
        final Map<String, Path> pathOfName = new LinkedHashMap<>();

        IncludeResolver(GlslSource source, CompileOptions options, Map<String, SourceFile> files, List<Path> read) {
            this.source = source;
            this.options = options;
            this.files = files;
            this.read = read;
            if (source.path() != null) pathOfName.put(source.name(), source.path());
        }

        long resolve(String requested, boolean standard, String requesting) {
            List<Path> candidates = new ArrayList<>();
            if (!standard) {
                Path from = pathOfName.get(requesting);
                Path dir = from != null ? from.toAbsolutePath().getParent() : null;
                if (dir != null) candidates.add(dir.resolve(requested));
                else if (from == null && requesting.equals(source.name())) candidates.add(Path.of(requested));
            }
            for (Path d : options.includeDirs()) candidates.add(d.resolve(requested));
            for (Path c : candidates) {
                if (!options.includer().exists(c)) continue;
                try {
                    String text = dev.pica.compiler.GlslSource.withoutByteOrderMark(options.includer().read(c));
                    String name = c.normalize().toString();
                    pathOfName.put(name, c);
                    files.put(name, SourceFile.ofString(name, text));
                    if (!read.contains(c.normalize())) read.add(c.normalize());
                    return result(name, text);
                } catch (IOException e) {
                    return result("", "cannot read '" + c + "': " + e.getMessage());
                }
            }
            // the toolchain's own headers (pica.glsl, the output locations), found without -I
            String builtin = builtinHeader(requested);
            if (builtin != null) {
                files.put(requested, SourceFile.ofString(requested, builtin));
                return result(requested, builtin);
            }
            // shaderc's convention: an empty source name, the message in the content
            return result("", "cannot find include file '" + requested + "'" + (options.includeDirs().isEmpty() ? "" : " in the include directories"));
        }

        static long result(String name, String content) {
            ShadercIncludeResult r = ShadercIncludeResult.calloc();
            ByteBuffer n = bytes(name);
            ByteBuffer c = bytes(content);
            r.source_name(n);
            r.content(c);
            return r.address();
        }

        /** A header the compiler ships (resources under dev/pica/compiler/include), or null. */
        static String builtinHeader(String name) {
            if (!name.matches("[A-Za-z0-9_.-]+")) return null;
            try (java.io.InputStream in = GlslFrontEnd.class.getResourceAsStream("/dev/pica/compiler/include/" + name)) {
                return in == null ? null : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (IOException e) {
                return null;
            }
        }

        /** The UTF-8 bytes in native memory (at least one byte allocated: an empty name is shaderc's error signal). */
        static ByteBuffer bytes(String s) {
            byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            ByteBuffer buf = memAlloc(Math.max(1, b.length));
            buf.put(b).flip();
            return buf;
        }

        static void free(long address) {
            ShadercIncludeResult r = ShadercIncludeResult.create(address);
            // the pointers as stored (a zero-length buffer view could not give them back)
            org.lwjgl.system.MemoryUtil.nmemFree(org.lwjgl.system.MemoryUtil.memGetAddress(address + ShadercIncludeResult.SOURCE_NAME));
            org.lwjgl.system.MemoryUtil.nmemFree(org.lwjgl.system.MemoryUtil.memGetAddress(address + ShadercIncludeResult.CONTENT));
            r.free();
        }
    }

    private static final Pattern MESSAGE = Pattern.compile("^(.*?):(\\d+): (error|warning): (.*)$");
    private static final Pattern QUOTED = Pattern.compile("'([^']+)'");

    /** glslang's "file:line: error: msg" lines as diagnostics, each with a column where the quoted token is found on its line. */
    static void report(String messages, Map<String, SourceFile> files, String mainName, Diagnostics diags) {
        for (String line : messageLines(messages, files)) {
            Matcher m = MESSAGE.matcher(line);
            if (!m.matches()) {
                if (line.matches("\\d+ (errors?|warnings?)( and \\d+ warnings?)? generated\\.")) continue;
                // "NAME: error: text", NAME one file's name; not a quoted source line that holds ": error: "
                // ("fuzz.vert: fuzz.vert: error: l": shaderc's prefix before a line of the source)
                int at = line.indexOf(": error: ");
                if (at > 0 && !line.substring(0, at).contains(": ")) {
                    String text = line.substring(at + 9);
                    SourcePos version = versionLine(files.get(mainName), text);
                    diags.error(Problem.GLSL, version != null ? version : SourcePos.named(mainName, 0), text);
                }
                continue;
            }
            String file = m.group(1);
            int lineNo = Integer.parseInt(m.group(2));
            String text = m.group(4);
            SourceFile f = files.get(file);
            SourcePos version = lineNo == 0 ? versionLine(f, text) : null;
            SourcePos pos = version != null ? version
                    : f != null ? SourcePos.of(f, lineNo, column(f, lineNo, text), null) : SourcePos.named(file, lineNo);
            if (m.group(3).equals("error")) diags.error(Problem.GLSL, pos, text);
            else diags.warning(Problem.GLSL, pos, text);
        }
    }

    /**
     * Where a message of glslang's about the {@code #version} that names no line (or line 0) is:
     * at the file's {@code #version}; null for another message, or a file without one.
     */
    private static SourcePos versionLine(SourceFile f, String text) {
        if (f == null || !(text.startsWith("#version") || text.startsWith("version not supported"))) return null;
        VersionLine v = VersionLine.of(f.text());
        return v == null ? null : SourcePos.of(f, v.line(), v.column(), null);
    }

    /**
     * glslang's messages one a line, a message that quotes source text running over several lines
     * (an {@code #include <} name that is never closed on its line) joined into one with "\\n"
     * between its lines: each line after the first would otherwise be read as a message of its own
     * (one that looks like "fuzz.vert: error: l", at no line). A line continues the message before
     * it when, past the file name shaderc puts first, a file of the compile holds the end of that
     * message's last line, a line break, and it.
     */
    static List<String> messageLines(String messages, Map<String, SourceFile> files) {
        List<String> out = new ArrayList<>();
        String previous = null;
        for (String raw : messages.split("\n")) {
            String line = raw.stripTrailing();
            if (line.isEmpty()) {
                previous = null;
                continue;
            }
            // shaderc begins each line of a message with the file's name: "fuzz.vert: void main() {"
            String quoted = null;
            if (previous != null) {
                for (Map.Entry<String, SourceFile> f : files.entrySet()) {
                    String own = line.startsWith(f.getKey() + ": ") ? line.substring(f.getKey().length() + 2) : null;
                    if (own != null && continuesIn(f.getValue().text(), previous, own)) quoted = own;
                }
            }
            if (quoted != null) out.set(out.size() - 1, out.get(out.size() - 1) + "\\n" + quoted);
            else out.add(line);
            previous = quoted != null ? quoted : line;
        }
        return out;
    }

    /**
     * Whether {@code text} holds {@code line} at the start of one of its lines, after a line that
     * ends as {@code previous} ends (all of that line, or its last three characters at least: the
     * message quotes the source from within a line).
     */
    private static boolean continuesIn(String text, String previous, String line) {
        String at = "\n" + line;
        for (int k = text.indexOf(at); k >= 0; k = text.indexOf(at, k + 1)) {
            int start = text.lastIndexOf('\n', k - 1) + 1;
            String before = text.substring(start, k).stripTrailing();
            int common = 0;
            while (common < before.length() && common < previous.length()
                    && before.charAt(before.length() - 1 - common) == previous.charAt(previous.length() - 1 - common)) common++;
            if (common > 0 && common >= Math.min(3, before.length())) return true;
        }
        return false;
    }

    /** The column of the first quoted token of the message on the line (1-based), or 0. */
    static int column(SourceFile f, int line, String message) {
        String l = f.line(line);
        if (l == null) return 0;
        Matcher q = QUOTED.matcher(message);
        while (q.find()) {
            String tok = q.group(1).trim();
            if (tok.isEmpty()) continue;
            int at = l.indexOf(tok);
            if (at >= 0) return at + 1;
        }
        int first = 0;
        while (first < l.length() && Character.isWhitespace(l.charAt(first))) first++;
        return first < l.length() ? first + 1 : 0;
    }
}
