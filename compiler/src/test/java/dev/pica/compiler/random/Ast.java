package dev.pica.compiler.random;

import java.util.List;
import java.util.stream.Collectors;

/** The random programs' syntax: expressions, conditions and statements, each printed as GLSL. */
public final class Ast {
    private Ast() {}

    public sealed interface Expr permits Var, Const, Call, Bin, Neg, Swizzle, Construct, Index, Select, UserCall {
        GlslType type();

        String glsl();
    }

    /** An input, uniform, local or parameter. */
    public record Var(String name, GlslType type) implements Expr {
        public String glsl() {
            return name;
        }
    }

    /** A literal: each lane a float24- and float32-exact decimal. */
    public record Const(GlslType type, double[] values) implements Expr {
        public String glsl() {
            if (type == GlslType.FLOAT) return literal(values[0]);
            StringBuilder sb = new StringBuilder(type.glsl).append('(');
            for (int k = 0; k < values.length; k++) sb.append(k == 0 ? "" : ", ").append(literal(values[k]));
            return sb.append(')').toString();
        }
    }

    static String literal(double v) {
        String s = java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
        return s.contains(".") ? s : s + ".0";
    }

    /** A GLSL built-in function. */
    public record Call(Builtin fn, GlslType type, List<Expr> args) implements Expr {
        public String glsl() {
            return fn.glslName + "(" + args.stream().map(Expr::glsl).collect(Collectors.joining(", ")) + ")";
        }
    }

    public enum Op {
        ADD("+"), SUB("-"), MUL("*"), DIV("/");

        final String text;

        Op(String text) {
            this.text = text;
        }
    }

    /** a op b: same types, a scalar with a vector, or a matrix product (matrix * vector, vector * matrix, matrix * matrix). */
    public record Bin(Op op, GlslType type, Expr a, Expr b) implements Expr {
        public String glsl() {
            return "(" + a.glsl() + " " + op.text + " " + b.glsl() + ")";
        }
    }

    public record Neg(Expr a) implements Expr {
        public GlslType type() {
            return a.type();
        }

        public String glsl() {
            return "(- " + a.glsl() + ")";
        }
    }

    /** v.xzy: lanes picked by index 0-3. */
    public record Swizzle(Expr a, int[] lanes) implements Expr {
        public GlslType type() {
            return GlslType.vec(lanes.length);
        }

        public String glsl() {
            StringBuilder sb = new StringBuilder("(").append(a.glsl()).append(").");
            for (int l : lanes) sb.append("xyzw".charAt(l));
            return sb.toString();
        }
    }

    /** vecN(...) or matN(columns...) from parts whose lanes add up (a single float broadcasts into a vector). */
    public record Construct(GlslType type, List<Expr> parts) implements Expr {
        public String glsl() {
            return type.glsl + "(" + parts.stream().map(Expr::glsl).collect(Collectors.joining(", ")) + ")";
        }
    }

    /** arr[index]: a uniform vec4 array, by a constant, the loop counter or an integer input lane. */
    public record Index(String array, int length, IndexBy by) implements Expr {
        public GlslType type() {
            return GlslType.VEC4;
        }

        public String glsl() {
            return array + "[" + by.glsl() + "]";
        }
    }

    public sealed interface IndexBy permits ConstIndex, LoopIndex, InputIndex {
        String glsl();
    }

    public record ConstIndex(int k) implements IndexBy {
        public String glsl() {
            return Integer.toString(k);
        }
    }

    /** the loop counter, plus a constant offset that keeps it in range */
    public record LoopIndex(String counter, int offset) implements IndexBy {
        public String glsl() {
            return offset == 0 ? counter : counter + " + " + offset;
        }
    }

    /** int(input.lane): the input carries small integers in that lane */
    public record InputIndex(String input, int lane) implements IndexBy {
        public String glsl() {
            return "int(" + input + "." + "xyzw".charAt(lane) + ")";
        }
    }

    /** cond ? a : b */
    public record Select(Cond cond, Expr a, Expr b) implements Expr {
        public GlslType type() {
            return a.type();
        }

        public String glsl() {
            return "(" + cond.glsl() + " ? " + a.glsl() + " : " + b.glsl() + ")";
        }
    }

    public record UserCall(Function fn, List<Expr> args) implements Expr {
        public GlslType type() {
            return fn.result();
        }

        public String glsl() {
            return fn.name() + "(" + args.stream().map(Expr::glsl).collect(Collectors.joining(", ")) + ")";
        }
    }

    public sealed interface Cond permits Compare, BoolUniform, Not, Logic {
        String glsl();
    }

    public enum CmpOp {
        LT("<"), LE("<="), GT(">"), GE(">=");

        final String text;

        CmpOp(String text) {
            this.text = text;
        }
    }

    public record Compare(CmpOp op, Expr a, Expr b) implements Cond {
        public String glsl() {
            return "(" + a.glsl() + " " + op.text + " " + b.glsl() + ")";
        }
    }

    public record BoolUniform(String name) implements Cond {
        public String glsl() {
            return name;
        }
    }

    public record Not(Cond a) implements Cond {
        public String glsl() {
            return "!" + a.glsl();
        }
    }

    public record Logic(boolean and, Cond a, Cond b) implements Cond {
        public String glsl() {
            return "(" + a.glsl() + (and ? " && " : " || ") + b.glsl() + ")";
        }
    }

    public sealed interface Stmt permits Declare, Assign, If, For, BreakIf, Return {
        void glsl(StringBuilder sb, String indent);
    }

    public record Declare(Var var, Expr init) implements Stmt {
        public void glsl(StringBuilder sb, String indent) {
            sb.append(indent).append(var.type().glsl).append(' ').append(var.name()).append(" = ").append(init.glsl()).append(";\n");
        }
    }

    /** target = value, or target.lanes = value (a swizzled write; lanes distinct) */
    public record Assign(Var target, int[] lanes, Expr value) implements Stmt {
        public void glsl(StringBuilder sb, String indent) {
            sb.append(indent).append(target.name());
            if (lanes != null) {
                sb.append('.');
                for (int l : lanes) sb.append("xyzw".charAt(l));
            }
            sb.append(" = ").append(value.glsl()).append(";\n");
        }
    }

    public record If(Cond cond, List<Stmt> then, List<Stmt> otherwise) implements Stmt {
        public void glsl(StringBuilder sb, String indent) {
            sb.append(indent).append("if (").append(cond.glsl()).append(") {\n");
            for (Stmt s : then) s.glsl(sb, indent + "    ");
            if (otherwise.isEmpty()) {
                sb.append(indent).append("}\n");
                return;
            }
            sb.append(indent).append("} else {\n");
            for (Stmt s : otherwise) s.glsl(sb, indent + "    ");
            sb.append(indent).append("}\n");
        }
    }

    /** for (int i = 0; i < trips; i++) { body } */
    public record For(String counter, int trips, List<Stmt> body) implements Stmt {
        public void glsl(StringBuilder sb, String indent) {
            sb.append(indent).append("for (int ").append(counter).append(" = 0; ").append(counter).append(" < ").append(trips).append("; ").append(counter).append("++) {\n");
            for (Stmt s : body) s.glsl(sb, indent + "    ");
            sb.append(indent).append("}\n");
        }
    }

    public record BreakIf(Cond cond) implements Stmt {
        public void glsl(StringBuilder sb, String indent) {
            sb.append(indent).append("if (").append(cond.glsl()).append(") break;\n");
        }
    }

    public record Return(Expr value) implements Stmt {
        public void glsl(StringBuilder sb, String indent) {
            sb.append(indent).append("return ").append(value.glsl()).append(";\n");
        }
    }

    public record Function(String name, GlslType result, List<Var> params, List<Stmt> body) {
        public void glsl(StringBuilder sb) {
            sb.append(result.glsl).append(' ').append(name).append('(')
                    .append(params.stream().map(p -> p.type().glsl + " " + p.name()).collect(Collectors.joining(", "))).append(") {\n");
            for (Stmt s : body) s.glsl(sb, "    ");
            sb.append("}\n\n");
        }
    }
}
