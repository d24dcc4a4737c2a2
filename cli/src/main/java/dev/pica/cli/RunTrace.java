package dev.pica.cli;

import dev.pica.format.Disassembler;
import dev.pica.format.LineInfo;
import dev.pica.sim.Shader;
import java.util.ArrayList;
import java.util.List;

/** picasim --trace: one line per executed word of the current run (address, instruction, source line, what it wrote). */
final class RunTrace implements dev.pica.sim.Tracer {
    private final Shader shader;
    private final int[] descriptors;
    private final List<String> lines = new ArrayList<>();

    RunTrace(Shader shader) {
        this.shader = shader;
        this.descriptors = shader.descriptorTable();
    }

    /** A new run starts: the previous run's lines are dropped. */
    void begin() {
        lines.clear();
    }

    @Override
    public void executed(int pc, int word, String writes) {
        String dis = word == -1 ? "end" : Disassembler.instructionText(pc, word, descriptors).trim();
        LineInfo line = shader.line(pc);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%4d  %-32s", pc, dis));
        if (line != null) sb.append(' ').append(line.file()).append(':').append(line.line());
        if (!writes.isEmpty()) sb.append("  ").append(writes);
        lines.add(sb.toString().stripTrailing());
    }

    /** The current run's lines, in order. */
    List<String> lines() {
        return List.copyOf(lines);
    }
}
