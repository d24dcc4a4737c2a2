package dev.pica.compiler.translate;

import dev.pica.format.diag.Problem;

/** A back-end error at a GLSL line: the translation stops and the error becomes a diagnostic. */
public final class CompileError extends RuntimeException {
    public final Problem problem;
    public final int line;

    public CompileError(Problem problem, int line, String message) {
        super(message, null, false, false);
        this.problem = problem;
        this.line = line;
    }
}
