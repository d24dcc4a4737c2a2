package dev.pica.compiler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One GLSL source to compile: the name diagnostics and the object's line table use, its text,
 * the file it was read from (null for text from an editor or a test; includes are then resolved
 * against the include directories only), and its stage (null: by {@link ShaderStage#infer}).
 */
public record GlslSource(String name, String text, Path path, ShaderStage stage) {
    public GlslSource {
        if (name == null || text == null) throw new NullPointerException("a GLSL source needs a name and a text");
        text = withoutByteOrderMark(text);
    }

    /**
     * The text without the byte-order mark Windows editors may begin a UTF-8 file with: it marks
     * the encoding, it is not text, and glslang takes it for the file's first token (no
     * {@code #version} then, read as version 110).
     */
    public static String withoutByteOrderMark(String text) {
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** Text with a name, its stage by glslc's rule. */
    public static GlslSource of(String name, String text) {
        return new GlslSource(name, text, null, null);
    }

    /** A file read from disk (UTF-8), named as given, its stage by glslc's rule. */
    public static GlslSource read(Path file) throws IOException {
        return new GlslSource(file.toString(), new String(Files.readAllBytes(file), StandardCharsets.UTF_8), file, null);
    }

    /** The same source compiled as {@code s} whatever its name or pragma says. */
    public GlslSource withStage(ShaderStage s) {
        return new GlslSource(name, text, path, s);
    }

    /** Whether the source is HLSL (a .hlsl file), read by glslang's HLSL front end: docs/glsl.md, "HLSL". */
    public boolean isHlsl() {
        return name.toLowerCase(java.util.Locale.ROOT).endsWith(".hlsl");
    }

    /** The stage given, else the one glslc's rule finds (null when none is found). */
    public ShaderStage effectiveStage() {
        return stage != null ? stage : ShaderStage.infer(name, text);
    }
}
