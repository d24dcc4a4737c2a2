package dev.pica.compiler.spirv;

import java.util.List;

/** A SPIR-V type as the back end needs it. */
public interface Type {
    enum ScalarKind { FLOAT, INT, UINT, BOOL }

    record Void() implements Type {}

    record Scalar(ScalarKind kind) implements Type {}

    record Vector(Scalar component, int size) implements Type {}

    /** {@code columns} columns of type {@code column} (a GLSL matCxR: C columns of vecR). */
    record Matrix(Vector column, int columns) implements Type {
        public int rows() {
            return column.size();
        }
    }

    record Array(Type element, int length) implements Type {}

    record Struct(List<Type> members) implements Type {}

    record Pointer(int storage, Type pointee) implements Type {}

    record Function(Type result, List<Type> parameters) implements Type {}

    /** A type the vertex unit has no use for (images, samplers, runtime arrays...): the opcode that declared it. */
    record Other(int opcode) implements Type {}

    /** Components of a scalar or vector; 0 for others. */
    static int width(Type t) {
        if (t instanceof Scalar) return 1;
        if (t instanceof Vector v) return v.size();
        return 0;
    }

    /** The scalar kind of a scalar or vector, or null. */
    static ScalarKind kind(Type t) {
        if (t instanceof Scalar s) return s.kind();
        if (t instanceof Vector v) return v.component().kind();
        return null;
    }

    /** How many c registers a value of this type takes as a uniform (matrices: one per row). */
    static int registers(Type t) {
        if (t instanceof Scalar || t instanceof Vector) return 1;
        if (t instanceof Matrix m) return m.rows();
        if (t instanceof Array a) return a.length() * registers(a.element());
        if (t instanceof Struct s) {
            int n = 0;
            for (Type m : s.members()) n += registers(m);
            return n;
        }
        return 0;
    }

    /** GLSL's spelling of the type, for messages and reflection. */
    public static String glsl(Type t) {
        if (t instanceof Scalar s) return switch (s.kind()) {
            case FLOAT -> "float";
            case INT -> "int";
            case UINT -> "uint";
            case BOOL -> "bool";
        };
        if (t instanceof Vector v) return switch (v.component().kind()) {
            case FLOAT -> "vec";
            case INT -> "ivec";
            case UINT -> "uvec";
            case BOOL -> "bvec";
        } + v.size();
        if (t instanceof Matrix m) return m.columns() == m.rows() ? "mat" + m.columns() : "mat" + m.columns() + "x" + m.rows();
        if (t instanceof Array a) return glsl(a.element()) + "[" + a.length() + "]";
        if (t instanceof Struct) return "struct";
        return "?";
    }
}
