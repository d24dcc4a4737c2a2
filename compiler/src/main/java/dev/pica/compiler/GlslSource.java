package dev.pica.compiler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /**
     * Where the main file declares an input, output or uniform of this name: {line, column of the
     * name}, 1-based, or null. Globals carry no OpLine in glslang's SPIR-V, so the back end and the
     * vertex/geometry interface check find their declarations here, by name (comments skipped).
     */
    public int[] declaration(String global) {
        if (global == null || global.isEmpty()) return null;
        return firstMatch(Pattern.compile("\\b(in|out|uniform|attribute|varying)\\b.*\\b(" + Pattern.quote(global) + ")\\b"), 2);
    }

    /** The line and column of the first use of this word outside a // comment, or null. */
    public int[] firstUse(String word) {
        return firstMatch(Pattern.compile("\\b(" + Pattern.quote(word) + ")\\b"), 1);
    }

    /** The line and column (of group {@code group}) of the first line whose text before any // matches, or null. */
    private int[] firstMatch(Pattern p, int group) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int k = 0; k < lines.length; k++) {
            String l = lines[k];
            int c = l.indexOf("//");
            Matcher m = p.matcher(c >= 0 ? l.substring(0, c) : l);
            if (m.find()) return new int[] {k + 1, m.start(group) + 1};
        }
        return null;
    }

    /** The stage given, else the one glslc's rule finds (null when none is found). */
    public ShaderStage effectiveStage() {
        return stage != null ? stage : ShaderStage.infer(name, text);
    }
}
