package dev.pica.cli;

import dev.pica.sim.Bindings;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import java.util.List;

/** picasim --format=text: each run's outputs by semantic, its trace inline. */
final class TextRuns extends RunOutput {
    private final StringBuilder text = new StringBuilder();

    TextRuns(Shader shader) {
        super(shader);
    }

    @Override
    void write(Result r, List<String> trace, String label) {
        text.append(label).append(":\n");
        for (String t : trace) text.append("  | ").append(t).append('\n');
        if (shader.geometry()) {
            for (var e : r.emissions()) {
                text.append("  emit vertex ").append(e.vertexId()).append(e.primitive() ? ", primitive" : "").append(e.inverted() ? " (inverted winding)" : "").append('\n');
                outputs(e.outputs(), "    ");
            }
            if (r.emissions().isEmpty()) text.append("  (no vertices emitted)\n");
        } else {
            outputs(r.registers(), "  ");
        }
    }

    private void outputs(float[] regs, String indent) {
        List<Bindings.Output> outs = shader.bindings().outputs();
        if (outs.isEmpty()) text.append(indent).append("(the output table is empty)\n");
        for (Bindings.Output o : outs) {
            StringBuilder lanes = new StringBuilder();
            String mask = dev.pica.format.shbin.OutputMap.maskText(o.mask());
            for (int k = 0; k < 4; k++) {
                if ((o.mask() & 1 << k) == 0) continue;
                lanes.append(lanes.length() == 0 ? "" : ", ").append(dev.pica.sim.Values.text(regs[o.register() * 4 + k]));
            }
            text.append(indent).append(String.format("%-11s o%-2d %-5s (%s)", o.name(), o.register(), mask.equals("xyzw") ? "" : "." + mask, lanes)).append('\n');
        }
    }

    @Override
    String text() {
        return text.toString();
    }
}
