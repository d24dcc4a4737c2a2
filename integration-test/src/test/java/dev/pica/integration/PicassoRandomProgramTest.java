package dev.pica.integration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.asm.picasso.PicassoAssembler;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.driver.RebuildCheck;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.disasm.Disassembler;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.link.testing.LinkHelper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Random picasso-dialect programs in picasso's many spellings ({@link RandomPicassoSources}, a
 * fixed seed) through the drop-in: every word and DVLE held to an encoding worked out apart from
 * the toolchain ({@link IndependentEncoding}, from isa.md's tables), the -h header to the lines
 * picasso writes, the same bytes from a second build, and picadis --dialect=picasso's sources
 * rebuilding the same bytes. The same generator, run outside the repository against picasso 2.7.2
 * itself, found the disagreements PicassoAgreementTest (cli) holds.
 */
class PicassoRandomProgramTest {
    private static final int PROGRAMS = 200;

    private static PicassoAssembler.Result build(RandomPicassoSources.Program p, Diagnostics d) {
        List<SourceFile> in = new ArrayList<>();
        for (RandomPicassoSources.Source f : p.files()) in.add(new SourceFile(f.name(), f.name(), null, f.text().getBytes(StandardCharsets.UTF_8)));
        return PicassoAssembler.assemble(in, new PicassoBuild.Options(p.autoNop()), d);
    }

    @Test
    void randomProgramsMatchAnIndependentEncodingRebuildAndRoundTrip() throws Exception {
        RandomPicassoSources g = new RandomPicassoSources(0x39);
        int words = 0, multi = 0, geometry = 0, repeated = 0;
        for (int i = 0; i < PROGRAMS; i++) {
            RandomPicassoSources.Program p = g.next();
            final String text = text(p);
            final int n = i;
            Diagnostics d = new Diagnostics();
            PicassoAssembler.Result r = build(p, d);
            if (!r.ok()) fail("program " + i + " does not build:\n" + LinkHelper.print(d) + "\n" + text);
            assertNull(IndependentEncoding.mismatch(p, r.binary()), () -> "program " + n + ":\n" + text);
            assertEquals(p.header(), new String(r.header(), StandardCharsets.UTF_8), "program " + i + ":\n" + text);
            assertArrayEquals(r.binary(), build(p, new Diagnostics()).binary(), "program " + i + " built twice");
            Disassembler.Result printed = Disassembler.picasso(DvlbReader.read(r.binary()), "gen");
            assertNull(RebuildCheck.picassoDifference(r.binary(), printed.sources(), !p.autoNop()), () -> "program " + n + ":\n" + text + "\nprinted:\n" + printed.sources());
            words += p.words().size();
            if (p.files().size() > 1) multi++;
            if (p.files().stream().anyMatch(f -> f.name().endsWith(".g.pica"))) geometry++;
            if (p.header().lines().distinct().count() < p.header().lines().count()) repeated++;
        }
        // the shapes are exercised: several files, geometry shaders, uniforms declared twice, and enough code
        assertTrue(multi > PROGRAMS / 4 && geometry > PROGRAMS / 10 && repeated > PROGRAMS / 20 && words > PROGRAMS * 10,
                "multi " + multi + ", geometry " + geometry + ", repeated header lines " + repeated + ", words " + words);
    }

    @Test
    void theIndependentEncodingNoticesAWrongWord() throws Exception {
        // the check itself can fail: a flipped bit in any word, or a word left out, is reported
        RandomPicassoSources.Program p = new RandomPicassoSources(7).next();
        byte[] bin = build(p, new Diagnostics()).binary();
        int codeAt = 8 + 4 * (bin[4] & 0xFF);
        codeAt += (bin[codeAt + 8] & 0xFF) | (bin[codeAt + 9] & 0xFF) << 8;
        for (int k = 0; k < p.words().size(); k++) {
            byte[] bad = bin.clone();
            bad[codeAt + 4 * k + 3] ^= 0x04; // bit 26: the opcode's lowest bit
            assertTrue(IndependentEncoding.mismatch(p, bad) != null, "word " + k);
        }
    }

    private static String text(RandomPicassoSources.Program p) {
        StringBuilder sb = new StringBuilder();
        for (RandomPicassoSources.Source f : p.files()) sb.append("=== ").append(f.name()).append('\n').append(f.text());
        return sb.toString();
    }
}
