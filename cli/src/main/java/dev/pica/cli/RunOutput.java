package dev.pica.cli;

import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import java.util.ArrayList;
import java.util.List;

/** picasim's runs collected in one output format, printed only when all of them succeeded. */
abstract class RunOutput {
    final Shader shader;
    private final List<String> notes = new ArrayList<>();
    /** How many runs came before this one. */
    int count;

    RunOutput(Shader shader) {
        this.shader = shader;
    }

    /** The writer of a --format; {@code trace}: whether the runs are traced (JSON then has a trace member, even when empty). */
    static RunOutput of(Picasim.Format format, Shader shader, boolean trace) {
        return switch (format) {
            case TEXT -> new TextRuns(shader);
            case JSON -> new JsonRuns(shader, trace);
            case RAW -> new RawRuns(shader);
        };
    }

    /** One run's result and the trace lines it printed. */
    final void add(Result r, List<String> trace) {
        for (String n : r.notes()) if (!notes.contains(n)) notes.add(n);
        write(r, trace, shader.geometry() ? "invocation " + count : "vertex " + count);
        count++;
    }

    /** Writes one run, {@code label} naming it ("vertex 0", "invocation 2"). */
    abstract void write(Result r, List<String> trace, String label);

    /** What goes to standard output. */
    abstract String text();

    /** The trace, when it goes to standard error instead (raw output keeps standard output to data). */
    String traceText() {
        return "";
    }

    /** The simulator's notes over all runs, each once (printed as warnings). */
    final List<String> notes() {
        return notes;
    }
}
