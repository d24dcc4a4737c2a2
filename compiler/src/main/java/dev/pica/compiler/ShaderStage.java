package dev.pica.compiler;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The stage a GLSL source is compiled for: a vertex shader now; geometry shaders are a later step. */
public enum ShaderStage {
    VERTEX("vertex", ".vert"),
    GEOMETRY("geometry", ".geom");

    /** The word of {@code #pragma shader_stage(...)}, as glslc reads it. */
    public final String pragmaName;
    /** The file extension glslc gives the stage. */
    public final String extension;

    ShaderStage(String pragmaName, String extension) {
        this.pragmaName = pragmaName;
        this.extension = extension;
    }

    private static final Pattern PRAGMA = Pattern.compile("^[ \\t]*#[ \\t]*pragma[ \\t]+shader_stage[ \\t]*\\([ \\t]*(\\w+)[ \\t]*\\)", Pattern.MULTILINE);

    /**
     * The stage by glslc's rule: a {@code #pragma shader_stage(vertex)} in the text wins, else the
     * file's extension ({@code .vert}, {@code .geom}); null when neither says (a {@code .glsl} file
     * without the pragma), which the compiler reports as an error.
     */
    public static ShaderStage infer(String fileName, String text) {
        Matcher m = PRAGMA.matcher(text);
        if (m.find()) return ofPragma(m.group(1));
        String n = fileName.toLowerCase(Locale.ROOT);
        for (ShaderStage s : values()) if (n.endsWith(s.extension)) return s;
        return null;
    }

    /** The stage a {@code #pragma shader_stage} names, or null. */
    public static ShaderStage ofPragma(String word) {
        for (ShaderStage s : values()) if (s.pragmaName.equals(word)) return s;
        return null;
    }
}
