package dev.pica.asm.picasso;

import dev.pica.format.diag.SourcePos;
import java.util.List;

/**
 * One parsed line of a picasso-dialect source: its labels and at most one statement, each part
 * with its position. What the words mean is decided by {@link PicassoBuild}.
 */
public record PicassoLine(List<Label> labels, Statement statement, SourcePos pos) {
    public PicassoLine {
        labels = List.copyOf(labels);
    }

    public record Label(String name, SourcePos pos) {}

    /**
     * A directive (".proc main") or an instruction ("add r0, r1, r2"); name as written;
     * trailingComma where a comma follows the last argument, else null.
     */
    public record Statement(boolean directive, String name, SourcePos namePos, List<Arg> args, SourcePos trailingComma) {
        public Statement {
            args = List.copyOf(args);
        }
    }

    /** One comma-separated argument: its space-separated words. */
    public record Arg(List<Term> terms, SourcePos pos, String text) {
        public Arg {
            terms = List.copyOf(terms);
        }
    }

    public sealed interface Term {
        SourcePos pos();

        String text();
    }

    /** A '-' standing alone (".out - dummy o1"). */
    public record Dash(SourcePos pos, String text) implements Term {}

    /** "name(1.0, 2.0, 3.0, 4.0)" or "(1.0, ...)": name may be null; values as written, signs included. */
    public record Tuple(String name, List<Value> values, SourcePos pos, String text) implements Term {
        public Tuple {
            values = List.copyOf(values);
        }
    }

    public record Value(String text, SourcePos pos) {}

    /**
     * A register, alias or name: "-uMat[aL+1].xyz", "!bA", "cmp.x", "kArr[]".
     *
     * @param brackets whether "[...]" was written (index may still be null: "kArr[]")
     * @param suffix   the text after the dot, or null
     */
    public record Operand(boolean negated, int bangs, String base, boolean brackets, Index index, String suffix,
                          SourcePos suffixPos, SourcePos pos, String text) implements Term {}

    /** "[4]", "[aL]", "[a0.y+2]": register (null if none) and offset text (null if none). */
    public record Index(String register, String offset, SourcePos pos, String text) {}

    public record Number(String text, SourcePos pos) implements Term {}

    /** "&&", "&", "||" or "|" in a condition. */
    public record Logic(String text, SourcePos pos) implements Term {}
}
