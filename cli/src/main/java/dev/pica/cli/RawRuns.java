package dev.pica.cli;

import dev.pica.format.isa.RegisterFile;
import dev.pica.sim.Bindings;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import java.util.List;

/** picasim --format=raw: float32 bit patterns per output register, runs separated by a blank line; the trace goes to standard error. */
final class RawRuns extends RunOutput {
    private final StringBuilder text = new StringBuilder();
    private final StringBuilder traceText = new StringBuilder();

    RawRuns(Shader shader) {
        super(shader);
    }

    @Override
    void write(Result r, List<String> trace, String label) {
        if (count > 0) text.append('\n');
        if (shader.geometry()) {
            for (var e : r.emissions()) {
                text.append("emit ").append(e.vertexId()).append(' ').append(e.primitive() ? 1 : 0).append(' ').append(e.inverted() ? 1 : 0).append('\n');
                registers(e.outputs());
            }
        } else {
            registers(r.registers());
        }
        for (String t : trace) traceText.append(label).append(": ").append(t).append('\n');
    }

    private void registers(float[] regs) {
        int seen = 0;
        for (Bindings.Output o : shader.bindings().outputs()) seen |= 1 << o.register();
        for (int n = 0; n < RegisterFile.OUTPUT.count; n++) {
            if ((seen & 1 << n) == 0) continue;
            text.append('o').append(n);
            for (int k = 0; k < 4; k++) text.append(' ').append(dev.pica.sim.Values.hex(regs[n * 4 + k]));
            text.append('\n');
        }
    }

    @Override
    String text() {
        return text.toString();
    }

    @Override
    String traceText() {
        return traceText.toString();
    }
}
