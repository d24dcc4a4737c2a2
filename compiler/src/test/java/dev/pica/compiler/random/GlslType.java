package dev.pica.compiler.random;

/** The GLSL types the random programs use: float vectors and square matrices (column-major, as GLSL stores them). */
public enum GlslType {
    FLOAT("float", 1, 1), VEC2("vec2", 1, 2), VEC3("vec3", 1, 3), VEC4("vec4", 1, 4),
    MAT2("mat2", 2, 2), MAT3("mat3", 3, 3), MAT4("mat4", 4, 4);

    public final String glsl;
    /** columns (1 for a scalar or vector) and rows (a vector's size) */
    public final int cols, rows;

    GlslType(String glsl, int cols, int rows) {
        this.glsl = glsl;
        this.cols = cols;
        this.rows = rows;
    }

    public int lanes() {
        return cols * rows;
    }

    public boolean matrix() {
        return cols > 1;
    }

    public boolean vector() {
        return cols == 1 && rows > 1;
    }

    /** float, vec2, vec3, vec4 by size. */
    public static GlslType vec(int n) {
        return values()[n - 1];
    }

    public static GlslType mat(int n) {
        return switch (n) {
            case 2 -> MAT2;
            case 3 -> MAT3;
            default -> MAT4;
        };
    }
}
