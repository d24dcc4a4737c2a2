package dev.pica.sim;

import dev.pica.format.diag.Diagnostic;
import java.util.List;

/**
 * A shader source that did not build for {@link Shader#build}: the message is every diagnostic as
 * the tools print it ({@code file:line:col: error: message}, the line and a caret), so a failing
 * test shows the compiler's own words; {@link #diagnostics()} gives them as values.
 */
public final class ShaderBuildException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient List<Diagnostic> diagnostics;

    public ShaderBuildException(String message, List<Diagnostic> diagnostics) {
        super(message);
        this.diagnostics = List.copyOf(diagnostics);
    }

    /** Every diagnostic of the failed build, errors and warnings, in order. */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
