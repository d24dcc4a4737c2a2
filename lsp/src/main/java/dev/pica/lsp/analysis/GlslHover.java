package dev.pica.lsp.analysis;

import dev.pica.compiler.Reflection;

/**
 * Hover in a GLSL source: what the compiled shader made of the name under the cursor, from its
 * {@link Reflection}: a uniform's registers and how the host uploads them, an input's v
 * register, an output's o register and semantic (docs/glsl.md's contract).
 */
public final class GlslHover {
    private GlslHover() {}

    /** The hover text (Markdown) of the word at line and column (0-based), or null. */
    public static String of(Reflection r, String text, int line, int col) {
        String word = wordAt(text, line, col);
        if (word == null || r == null) return null;
        Reflection.Uniform u = r.uniform(word);
        if (u != null) return uniform(u);
        Reflection.Input in = r.input(word);
        if (in != null) return "`in " + in.name() + "`: input register **v" + in.register() + "** (" + in.components() + " component" + (in.components() == 1 ? "" : "s")
                + "; the attribute loader fills the rest as 0, 0, 1)";
        for (Reflection.Output o : r.outputs()) {
            if (o.name().equals(word)) {
                return "`out " + o.name() + "`: **o" + o.register() + "." + lanes(o.mask()) + "**, semantic **" + o.semantic().spelling + "**"
                        + (o.location() < 0 ? "" : " (location " + o.location() + ")");
            }
        }
        return null;
    }

    private static String uniform(Reflection.Uniform u) {
        String regs = u.count() == 1 ? u.file().letter + "" + u.first() : u.file().letter + "" + u.first() + "-" + u.file().letter + (u.first() + u.count() - 1);
        String how = switch (u.kind()) {
            case FLOAT -> "one register per element, components from x";
            case MATRIX_ROWS -> "each register one ROW of the matrix, as citro3d's C3D_FVUnifMtx* upload a C3D_Mtx";
            case INT_AS_FLOAT -> "integers as float values (exact up to 2^24 in float32, 2^17 in float24)";
            case BOOL -> "a boolean register (C3D_BoolUnifSet)";
        };
        return "`uniform " + u.glslType() + " " + u.name() + "`: **" + regs + "** (" + u.count() + " register" + (u.count() == 1 ? "" : "s") + "; " + how + ")";
    }

    private static String lanes(int mask) {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < 4; k++) if ((mask & (1 << k)) != 0) s.append("xyzw".charAt(k));
        return s.toString();
    }

    /** The GLSL identifier at a position, or null. */
    static String wordAt(String text, int line, int col) {
        String[] lines = text.split("\n", -1);
        if (line < 0 || line >= lines.length) return null;
        String l = lines[line];
        if (col < 0 || col > l.length()) return null;
        int a = col, b = col;
        while (a > 0 && Character.isJavaIdentifierPart(l.charAt(a - 1))) a--;
        while (b < l.length() && Character.isJavaIdentifierPart(l.charAt(b))) b++;
        return a == b ? null : l.substring(a, b);
    }
}
