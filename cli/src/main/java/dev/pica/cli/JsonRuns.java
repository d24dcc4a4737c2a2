package dev.pica.cli;

import dev.pica.sim.Bindings;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import java.util.ArrayList;
import java.util.List;

/** picasim --format=json: the text output's outputs as data, one item per run. */
final class JsonRuns extends RunOutput {
    private final boolean trace;
    private final List<String> items = new ArrayList<>();

    JsonRuns(Shader shader, boolean trace) {
        super(shader);
        this.trace = trace;
    }

    @Override
    void write(Result r, List<String> stepTrace, String label) {
        StringBuilder j = new StringBuilder("{");
        if (shader.geometry()) {
            j.append("\"emits\": [");
            boolean first = true;
            for (var e : r.emissions()) {
                j.append(first ? "" : ", ").append("{\"vertex\": ").append(e.vertexId()).append(", \"primitive\": ").append(e.primitive())
                        .append(", \"inverted\": ").append(e.inverted()).append(", \"outputs\": ").append(outputs(e.outputs())).append('}');
                first = false;
            }
            j.append(']');
        } else {
            j.append("\"outputs\": ").append(outputs(r.registers()));
        }
        j.append(", \"steps\": ").append(r.steps());
        if (trace) {
            j.append(", \"trace\": [");
            for (int k = 0; k < stepTrace.size(); k++) j.append(k == 0 ? "" : ", ").append(Json.string(stepTrace.get(k)));
            j.append(']');
        }
        items.add(j.append('}').toString());
    }

    /** Output name to its written lanes; a name bound to two registers is keyed name@oN the second time. */
    private String outputs(float[] regs) {
        StringBuilder j = new StringBuilder("{");
        List<String> used = new ArrayList<>();
        for (Bindings.Output o : shader.bindings().outputs()) {
            String key = used.contains(o.name()) ? o.name() + "@o" + o.register() : o.name();
            used.add(key);
            j.append(used.size() == 1 ? "" : ", ").append(Json.string(key)).append(": [");
            boolean first = true;
            for (int k = 0; k < 4; k++) {
                if ((o.mask() & 1 << k) == 0) continue;
                j.append(first ? "" : ", ").append(Json.number(regs[o.register() * 4 + k]));
                first = false;
            }
            j.append(']');
        }
        return j.append('}').toString();
    }

    @Override
    String text() {
        String key = shader.geometry() ? "invocations" : "vertices";
        return "{\"entry\": " + shader.index() + ", \"" + key + "\": [\n  " + String.join(",\n  ", items) + "\n]}\n";
    }
}
