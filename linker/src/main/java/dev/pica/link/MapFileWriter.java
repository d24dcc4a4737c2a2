package dev.pica.link;

import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.Label;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.List;

/** The -M map: per DVLE its code ranges, labels, constants, uniforms, outputs; then the descriptors. */
public final class MapFileWriter {
    private MapFileWriter() {}

    public static String write(String output, Linker.Result r) {
        Dvlb f = r.dvlb();
        StringBuilder sb = new StringBuilder();
        sb.append("Map of ").append(output).append('\n');
        sb.append(String.format("DVLP: %d code words, %d operand descriptors, %d DVLE%s%n%n",
                f.program().codeSize(), f.program().descriptors().size(), f.shaders().size(), f.shaders().size() == 1 ? "" : "s"));
        sb.append("Objects (link order):\n");
        for (Linker.Placement p : r.layout()) {
            int size = p.input().object().codeSize();
            sb.append(String.format("  %s  %-5s %s (%s)%n", range(p.base(), size), p.isMain() ? "main" : "ref", p.input().name(), p.input().object().sourceName()));
        }
        List<Linker.Placement> mains = r.layout().stream().filter(Linker.Placement::isMain).toList();
        for (int s = 0; s < f.shaders().size(); s++) {
            Dvle e = f.shaders().get(s);
            Linker.Placement main = mains.get(s);
            sb.append(String.format("%nDVLE %d: %s shader from %s%n", s, e.shaderType() == Dvle.GEOMETRY ? "geometry" : "vertex",
                    main.input().name()));
            sb.append(String.format("  main 0x%03x  endmain 0x%03x  inputs 0x%04x  outputs 0x%04x%n", e.mainAddr(), e.endAddr(), e.inputMask(), e.outputMask()));
            if (e.shaderType() == Dvle.GEOMETRY) {
                sb.append(String.format("  gs mode %d, fixed start c%d, variable count %d, fixed count %d, merge flag %d%n",
                        e.gsMode().mode(), e.gsMode().fixedStart(), e.gsMode().variableCount(), e.gsMode().fixedCount(), e.flags() & 1));
            }
            sb.append("  code:\n");
            for (Linker.Placement p : r.layout()) {
                boolean in = p == main || (!p.isMain() && r.objectsPerShader().get(s).contains(p.inputIndex()));
                if (in) sb.append("    ").append(range(p.base(), p.input().object().codeSize())).append("  ").append(p.input().name()).append('\n');
            }
            sb.append("  labels:\n");
            for (Label l : e.labels()) {
                sb.append(String.format("    0x%03x  %-6s %s%n", l.address(), l.length() == Label.NO_RET ? "-" : String.valueOf(l.length()), l.name()));
            }
            if (!e.constants().isEmpty()) sb.append("  constants:\n");
            for (Constant c : e.constants()) sb.append("    ").append(c.describe()).append('\n');
            if (!e.uniforms().isEmpty()) sb.append("  uniforms:\n");
            for (Uniform u : e.uniforms()) sb.append(String.format("    %-24s %s%n", u.name(), u.registerRange()));
            if (!e.outputMaps().isEmpty()) sb.append("  outputs:\n");
            for (OutputMap o : e.outputMaps()) {
                OutputSemantic sem = OutputSemantic.ofType(o.type());
                sb.append(String.format("    o%-2d %-10s %s%n", o.register(), sem != null ? sem.spelling : String.valueOf(o.type()), o.maskText()));
            }
        }
        sb.append("\nOperand descriptors:\n");
        List<OperandDescriptor> ds = f.program().descriptors();
        for (int k = 0; k < ds.size(); k++) {
            int v = ds.get(k).value();
            sb.append(String.format("  %3d  0x%08x  used 0x%x  %s%n", k, v, ds.get(k).usedInfo(), OperandDescriptors.describe(v)));
        }
        return sb.toString();
    }

    private static String range(int base, int size) {
        return size == 0 ? String.format("0x%03x (empty)", base) : String.format("0x%03x-0x%03x", base, base + size - 1);
    }
}
