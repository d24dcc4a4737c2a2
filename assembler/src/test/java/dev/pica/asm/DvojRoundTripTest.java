package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.asm.pp.Preprocessor;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.DvojReader;
import dev.pica.format.shbin.DvojWriter;
import dev.pica.format.shbin.FormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** DVOJ write, read, write gives identical bytes; a corrupt object is a FormatException, never a crash. */
class DvojRoundTripTest {
    static Path examples() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("examples"))) p = p.getParent();
        if (p == null) fail("examples/ not found");
        return p.resolve("examples");
    }

    static List<Dvoj> exampleObjects() throws IOException {
        try (Stream<Path> s = Files.list(examples())) {
            List<Dvoj> out = new java.util.ArrayList<>();
            for (Path p : s.filter(q -> q.toString().endsWith(".vsh") || q.toString().endsWith(".gsh")).sorted().toList()) {
                Diagnostics d = new Diagnostics();
                SourceFile f = new SourceFile(p.getFileName().toString(), p, Files.readAllBytes(p));
                Assembler.Result r = Assembler.assemble(f, Assembler.Options.defaults(), d);
                if (!r.ok()) fail(p + ":\n" + Asm.printed(r));
                out.add(r.object());
            }
            return out;
        }
    }

    @Test
    void writeReadWriteIsIdentical() throws Exception {
        List<Dvoj> objs = exampleObjects();
        assertTrue(objs.size() >= 6);
        for (Dvoj o : objs) {
            byte[] a = DvojWriter.write(o);
            byte[] b = DvojWriter.write(DvojReader.read(a));
            assertArrayEquals(a, b, o.sourceName());
            assertEquals(0, a.length % 4);
        }
    }

    @Test
    void assemblingTwiceGivesTheSameBytes() throws Exception {
        List<Dvoj> a = exampleObjects(), b = exampleObjects();
        for (int k = 0; k < a.size(); k++) assertArrayEquals(DvojWriter.write(a.get(k)), DvojWriter.write(b.get(k)));
    }

    @Test
    void everyTruncationIsAnErrorWithAnOffset() throws Exception {
        byte[] full = DvojWriter.write(exampleObjects().get(0));
        for (int n = 0; n < full.length - 3; n++) {
            byte[] cut = java.util.Arrays.copyOf(full, n);
            try {
                DvojReader.read(cut);
                // Only the zero padding at the end may go missing harmlessly.
                assertTrue(n >= full.length - 3, "truncation to " + n + " bytes was accepted");
            } catch (FormatException e) {
                assertTrue(e.getMessage().startsWith("offset 0x"), e.getMessage());
            }
        }
    }

    @Test
    void randomCorruptionNeverCrashes() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        for (Dvoj o : exampleObjects()) {
            byte[] full = DvojWriter.write(o);
            for (int n = 0; n < 3000; n++) {
                byte[] bad = full.clone();
                int flips = 1 + r.nextInt(4);
                for (int k = 0; k < flips; k++) bad[r.nextInt(bad.length)] = (byte) r.nextInt(256);
                try {
                    DvojReader.read(bad);
                } catch (FormatException e) {
                    assertTrue(e.getMessage().startsWith("offset 0x"));
                }
            }
        }
    }

    @Test
    void impossibleDescriptorCountNamesItsOwnField() throws Exception {
        byte[] b = DvojWriter.write(exampleObjects().get(0));
        b[0x2C] = (byte) 200; // DVOJ descriptor count (DVLP keeps its count at +0x14)
        FormatException e = org.junit.jupiter.api.Assertions.assertThrows(FormatException.class, () -> DvojReader.read(b));
        assertEquals("offset 0x2C: operand-descriptor count 200 exceeds 128", e.getMessage());
    }

    @Test
    void namesWhatIsWrong() {
        FormatException e = org.junit.jupiter.api.Assertions.assertThrows(FormatException.class,
                () -> DvojReader.read("DVLB....".getBytes()));
        assertEquals("offset 0x0: expected magic 'DVOJ', found 'DVLB'", e.getMessage());
    }
}
