package dev.pica.integration;

import dev.pica.driver.RebuildCheck;
import dev.pica.link.testing.LinkHelper;
import dev.pica.link.testing.PicassoProgramGenerator;
import dev.pica.link.testing.ProgramGenerator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.asm.picasso.PicassoAssembler;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.disasm.Disassembler;
import dev.pica.format.shbin.DvlbReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * picadis --dialect=picasso on binaries the drop-in built from random picasso-dialect programs
 * (byte-identical to picasso 2.7.2 on the golden corpus): the printed sources reassemble, in
 * order, to the same bytes, with and without -n.
 */
class PicassoRoundTripTest {
    private static final int PROGRAMS = 400;

    @Test
    void randomProgramsPrintAndReassembleByteForByte() throws Exception {
        PicassoProgramGenerator g = new PicassoProgramGenerator(0x5eed);
        int multi = 0, over32 = 0;
        for (int i = 0; i < PROGRAMS; i++) {
            final int n = i;
            List<String[]> files = g.next();
            for (boolean autoNop : new boolean[] {true, false}) {
                List<SourceFile> in = new ArrayList<>();
                for (String[] f : files) in.add(new SourceFile(f[0], f[0], null, f[1].getBytes(StandardCharsets.UTF_8)));
                Diagnostics d = new Diagnostics();
                PicassoAssembler.Result r = PicassoAssembler.assemble(in, new PicassoBuild.Options(autoNop), d);
                if (!r.ok()) fail("program " + n + " does not assemble:\n" + LinkHelper.print(d) + "\n" + text(files));
                Disassembler.Result p = Disassembler.picasso(DvlbReader.read(r.binary()), "gen");
                String why = RebuildCheck.picassoDifference(r.binary(), p.sources(), !autoNop);
                assertNull(why, () -> "program " + n + (autoNop ? "" : " (-n)") + ":\n" + text(files) + "\nprinted:\n" + p.sources());
                assertEquals(List.of(), p.diagnostics().list(), "program " + n);
                if (p.sources().size() > 1) multi++;
                if (DvlbReader.read(r.binary()).program().descriptors().size() > 32) over32++;
            }
        }
        // the generator's multi-file shapes are exercised, not only single files
        assertTrue(multi > PROGRAMS / 5, "multi-DVLE programs: " + multi);
        // and so is mad's swap of descriptors beyond 31
        assertTrue(over32 >= 20, "programs with more than 32 descriptors: " + over32);
    }

    @Test
    void picadisPrintsAnEmptyForBuiltWithoutNopsAndACallOfAnEmptyProcedure() throws Exception {
        // picasso 2.7.2's words: 'for i0' + '.end' built with -n is a loop whose last word is itself
        // (a4000000 88000000); an empty .proc before any code has no words, so its call has NUM 0
        // (90000000 4c000000 88000000); picadis printed neither so that it rebuilds
        String[][] cases = {
            {".out p position\n.proc main\n\tfor i0\n\t.end\n\tend\n.end\n", "-n", "a4000000 88000000"},
            {".out p position\n.proc e\n.end\n.proc main\n\tcall e\n\tmov p, v0\n\tend\n.end\n", "", "90000000 4c000000 88000000"},
        };
        for (String[] c : cases) {
            boolean noNop = c[1].equals("-n");
            Diagnostics d = new Diagnostics();
            PicassoAssembler.Result r = PicassoAssembler.assemble(List.of(new SourceFile("a.v.pica", "a.v.pica", null, c[0].getBytes(StandardCharsets.UTF_8))),
                    new PicassoBuild.Options(!noNop), d);
            StringBuilder words = new StringBuilder();
            for (int w : DvlbReader.read(r.binary()).program().code()) words.append(words.length() == 0 ? "" : " ").append(String.format("%08x", w));
            assertEquals(c[2], words.toString());
            Disassembler.Result p = Disassembler.picasso(DvlbReader.read(r.binary()), "gen");
            assertNull(RebuildCheck.picassoDifference(r.binary(), p.sources(), noNop), () -> p.sources().toString());
            assertEquals(List.of(), p.diagnostics().list());
        }
    }

    private static String text(List<String[]> files) {
        StringBuilder sb = new StringBuilder();
        for (String[] f : files) sb.append("=== ").append(f[0]).append('\n').append(f[1]);
        return sb.toString();
    }
}
