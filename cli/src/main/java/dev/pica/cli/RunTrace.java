package dev.pica.cli;

import dev.pica.format.disasm.Disassembler;
import dev.pica.format.shbin.LineInfo;
import dev.pica.sim.Shader;
import java.util.ArrayList;
import java.util.List;

/**
 * picasim --trace: one line per executed word of the current run (address, instruction, source
 * line, what it wrote). Registers the shader's tables name are shown by those names
 * ({@code dp4 r0.x, WORLDVIEWPROJ[0], aPosition}, an output by its semantic); a relative operand
 * keeps its register, since the name of its base would read as the element it reaches.
 */
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
        String dis = word == -1 ? "end" : named(Disassembler.instructionText(pc, word, descriptors).trim());
        LineInfo line = shader.line(pc);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%4d  %-32s", pc, dis));
        if (line != null) sb.append(' ').append(line.file()).append(':').append(line.line());
        if (!writes.isEmpty()) sb.append("  ").append(writes);
        lines.add(sb.toString().stripTrailing());
    }

    private static final java.util.regex.Pattern REGISTER = java.util.regex.Pattern.compile("(?<![A-Za-z0-9_.])([vcoib])([0-9]{1,2})(?![0-9\\[])");

    /** The instruction's registers by the names the shader gave them, where it has them. */
    private String named(String instruction) {
        java.util.regex.Matcher m = REGISTER.matcher(instruction);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String name = shader.bindings().registerName(m.group(1).charAt(0), Integer.parseInt(m.group(2)));
            m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(name != null ? name : m.group()));
        }
        return m.appendTail(sb).toString();
    }

    /** The current run's lines, in order. */
    List<String> lines() {
        return List.copyOf(lines);
    }
}
