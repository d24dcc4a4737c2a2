package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** picadis on the examples: the printed commands rebuild every file byte for byte. */
class PicadisTest {
    @TempDir
    Path dir;

    private static Path examples() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("examples"))) p = p.getParent();
        return p.resolve("examples");
    }

    private record Out(int code, String out, String err) {}

    private Out run(CliTest.Tool t, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int c = t.run(new PrintStream(o, true), new PrintStream(e, true), args);
        return new Out(c, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    /** Runs the commands picadis printed (picasm/picalink lines) in-process. */
    private void rebuild(String commands) {
        for (String line : commands.split("\n")) {
            if (line.isBlank()) continue;
            String[] w = line.split(" ");
            String[] args = java.util.Arrays.copyOfRange(w, 1, w.length);
            Out r = w[0].equals("picasm") ? run(Picasm::run, args) : run(Picalink::run, args);
            assertEquals(0, r.code(), line + "\n" + r.err());
        }
    }

    @Test
    void examplesRebuildByteForByte() throws Exception {
        Path ex = examples();
        List<String[]> links = List.of(new String[] {"sky.vsh"}, new String[] {"lighting.vsh"},
                new String[] {"skinning.vsh", "transform_lib.vsh"}, new String[] {"billboard.vsh", "particle.gsh"},
                new String[] {"lighting.vsh", "skinning.vsh", "billboard.vsh", "particle.gsh", "transform_lib.vsh"});
        int n = 0;
        for (String[] link : links) {
            Path bin = dir.resolve("orig" + n + ".shbin");
            List<String> args = new ArrayList<>();
            for (String s : link) args.add(ex.resolve(s).toString());
            args.add("-o");
            args.add(bin.toString());
            Out built = run(Picalink::run, args.toArray(new String[0]));
            assertEquals(0, built.code(), built.err());
            Path out = dir.resolve("dis" + n);
            Out dis = run(Picadis::run, bin.toString(), "-o", out.toString());
            assertEquals(0, dis.code(), dis.err());
            assertEquals("", dis.err(), "no warnings for our own files");
            rebuild(dis.out());
            assertArrayEquals(Files.readAllBytes(bin), Files.readAllBytes(out.resolve("orig" + n + ".shbin")), String.join(" ", link));
            n++;
        }
    }

    @Test
    void stdoutDumpAndJson() throws Exception {
        Path bin = dir.resolve("sky.shbin");
        assertEquals(0, run(Picalink::run, examples().resolve("sky.vsh").toString(), "-o", bin.toString()).code());
        Out src = run(Picadis::run, bin.toString());
        assertTrue(src.out().contains("#pragma bind_symbol(WORLDVIEWPROJ, c0, c3)"), src.out());
        assertTrue(src.out().contains("    mad r2, r2, r0.x, c4                    // 0x009: d2250480"), src.out());
        Out dump = run(Picadis::run, "--dump", bin.toString());
        assertTrue(dump.out().contains("0x0018  codeWords              0xd (13)"), dump.out());
        assertTrue(dump.out().contains("0x0068  [0]                    0x8d80036f used 0xf"), dump.out());
        Out json = run(Picadis::run, "--json", bin.toString());
        assertTrue(json.out().startsWith("{\n  \"name\": \"DVLB\""), json.out());
        assertTrue(json.out().contains("{\"offset\": 4, \"name\": \"dvleCount\", \"value\": 1}"), json.out());
        Path obj = dir.resolve("sky.o");
        assertEquals(0, run(Picasm::run, examples().resolve("sky.vsh").toString(), "-o", obj.toString()).code());
        assertTrue(run(Picadis::run, "--dump", obj.toString()).out().contains("DVOX @0x0058"));
        assertTrue(run(Picadis::run, obj.toString()).out().contains("mul o0, c19, r0"));
    }

    @Test
    void corruptFilesAreNamedWithTheirOffset() throws Exception {
        Path bin = dir.resolve("sky.shbin");
        run(Picalink::run, examples().resolve("sky.vsh").toString(), "-o", bin.toString());
        byte[] b = Files.readAllBytes(bin);
        for (int cut : new int[] {0, 3, 12, 0x40, 0xB0, 0xF0, 0x150}) {
            Path p = dir.resolve("cut" + cut);
            Files.write(p, java.util.Arrays.copyOf(b, cut));
            Out r = run(Picadis::run, p.toString());
            assertEquals(1, r.code(), "cut " + cut);
            assertTrue(r.err().startsWith(p + ": error: offset 0x"), r.err());
            assertTrue(!r.err().contains("Exception"), r.err());
        }
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        for (int k = 0; k < 500; k++) {
            byte[] bad = b.clone();
            for (int f = 0; f < 3; f++) bad[rnd.nextInt(bad.length)] = (byte) rnd.nextInt(256);
            Path p = dir.resolve("bad");
            Files.write(p, bad);
            Out r = run(Picadis::run, "--dump", p.toString());
            assertTrue(r.code() == 0 || r.err().contains("error: offset 0x"), r.err());
            assertTrue(!r.err().contains("internal error"), r.err());
            Out s = run(Picadis::run, p.toString());
            assertTrue(!s.err().contains("internal error"), s.err());
        }
    }
}
