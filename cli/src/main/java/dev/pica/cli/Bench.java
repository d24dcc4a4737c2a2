package dev.pica.cli;

import dev.pica.asm.Assembler;
import dev.pica.format.Disassembler;
import dev.pica.format.DvlbReader;
import dev.pica.format.DvlbWriter;
import dev.pica.format.Dvoj;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.link.Linker;
import java.util.List;

/**
 * In-process throughput of assemble, link and disassemble (bench/run). Not a test: timings
 * vary by machine; the numbers are for comparing changes on one machine.
 */
public final class Bench {
    private Bench() {}

    /** A vertex shader of about n words: matrix macros, mads, flow control, a subroutine. */
    static String shader(int n) {
        StringBuilder sb = new StringBuilder("#pragma bind_symbol(M, c0, c3)\n#pragma output_map(position, o0)\n"
                + "def c90, 1, 0.5, 0.25, 2\nsub:\n  mul r1, r1, c90.y\n  ret\nmain:\n");
        String[] sw = {"x", "y", "z", "w", "xy", "yx", "zw", "wzyx"};
        int words = 2;
        for (int k = 0; words < n - 12; k++) {
            switch (k % 6) {
                case 0 -> { sb.append("  m4x4 r0, v0, c0\n"); words += 4; }
                case 1 -> { sb.append("  mad r2.").append(sw[k % 4]).append(", r0.").append(sw[k % 8]).append(", c90, r1\n"); words++; }
                case 2 -> { sb.append("  ifb b").append(k % 16).append("\n    add r3, -r2.").append(sw[k % 8]).append(", c").append(k % 90).append("\n  endif\n"); words += 2; }
                case 3 -> { sb.append("  call sub\n  nop\n"); words += 2; }
                case 4 -> { sb.append("  dp3 r4.x, r3, c").append(k % 90).append("\n"); words++; }
                default -> { sb.append("  max r5, r4.x, r2\n"); words++; }
            }
        }
        return sb.append("  mov o0, r0\n  end\nendmain:\n").toString();
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        String src = shader(500);
        SourceFile file = SourceFile.ofString("bench.vsh", src);
        Dvoj obj = Assembler.assemble(file, Assembler.Options.defaults()).object();
        if (obj == null) throw new IllegalStateException("benchmark shader does not assemble");
        byte[] bin = DvlbWriter.write(Linker.link(List.of(new Linker.Input("bench.o", obj)), false, new Diagnostics()).dvlb());
        System.out.printf("benchmark shader: %d source lines, %d words, %d descriptors%n", src.split("\n").length, obj.codeSize(), obj.descriptors().size());
        measure("assemble (preprocess+parse+encode)", seconds, () -> Assembler.assemble(file, Assembler.Options.defaults()));
        measure("link (one object)", seconds, () -> DvlbWriter.write(Linker.link(List.of(new Linker.Input("bench.o", obj)), false, new Diagnostics()).dvlb()));
        measure("disassemble", seconds, () -> Disassembler.split(DvlbReader.read(bin), "bench"));
    }

    interface Work {
        Object run() throws Exception;
    }

    private static void measure(String name, int seconds, Work w) throws Exception {
        long warmEnd = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() < warmEnd) w.run();
        long n = 0, start = System.nanoTime(), end = start + seconds * 1_000_000_000L;
        while (System.nanoTime() < end) {
            w.run();
            n++;
        }
        double us = (System.nanoTime() - start) / 1000.0 / n;
        System.out.printf("%-38s %10.1f us/op  (%d ops)%n", name, us, n);
    }
}
