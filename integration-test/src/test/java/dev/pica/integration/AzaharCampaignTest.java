package dev.pica.integration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.SimulationException;
import dev.pica.sim.Simulator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The campaign of docs/testing.md, run by hand: random vertex shaders ({@link RandomVertexShaders})
 * of 40 vertices each run by the simulator ({@code runAll}: compiled, past the compile threshold)
 * and by Azahar's shader interpreter through the harness of /work/shared/azahar-harness (built
 * outside the repository; its path in {@code -Dazahar.harness}), every output lane compared as
 * raw bits. {@code -Dcampaign.programs} (default 10,000) and {@code -Dcampaign.seed} choose the
 * programs; {@code -Dcampaign.report} names a directory for each mismatch's binary, input and
 * both outputs. Counts: programs, mismatching programs, internal errors (any simulator failure
 * other than a run that hits the step limit, which the emulator would run forever).
 */
@EnabledIfSystemProperty(named = "azahar.harness", matches = ".+")
class AzaharCampaignTest {
    @Test
    void randomShadersAgreeWithAzaharsInterpreter() throws Exception {
        Path harness = Path.of(System.getProperty("azahar.harness"));
        int programs = Integer.getInteger("campaign.programs", 10_000);
        long seed = Long.decode(System.getProperty("campaign.seed", "0x48ca"));
        Path report = Path.of(System.getProperty("campaign.report", "target/azahar-campaign"));
        Files.createDirectories(report);
        Path work = Files.createTempDirectory("campaign");
        RandomVertexShaders g = new RandomVertexShaders(seed);
        SplittableRandom values = new SplittableRandom(seed);
        int mismatches = 0, libm = 0, internal = 0, runaway = 0, whole = 0;
        long vertices = 0;
        for (int k = 0; k < programs; k++) {
            RandomVertexShaders.Program p = g.next();
            Map<String, Object> uniforms = RandomVertexShaders.uniforms(p, new SplittableRandom(values.nextLong()));
            List<Map<String, float[]>> in = EngineAgreement.randomVertices(values, EngineAgreement.VERTICES);
            Shader shader = Shader.load(p.shbin());
            if (shader.compilesWhole()) whole++;
            List<String> ours = new ArrayList<>();
            try {
                Simulator sim = RandomShadersCompiledTest.setUp(uniforms).apply(new Simulator(shader));
                for (Result res : sim.runAll(in.size(), EngineAgreement.arrays(in))) ours.add(bits(res.registers()));
            } catch (SimulationException e) {
                if (e.runaway()) {
                    runaway++;
                    continue;
                }
                internal++;
                write(report, "internal-" + k, p, uniforms, in, e.toString(), "");
                continue;
            } catch (RuntimeException | Error e) {
                internal++;
                write(report, "internal-" + k, p, uniforms, in, e.toString(), "");
                continue;
            }
            List<String> theirs = azahar(harness, work, p.shbin(), uniforms, in);
            vertices += in.size();
            if (!theirs.equals(ours)) {
                // the emulator's ex2 and lg2 are glibc's exp2f and log2f, not always correctly
                // rounded (docs/spec/execution.md): with every EX2 and LG2 made a MOV, do both agree?
                byte[] plain = withoutExp2Log2(p.shbin());
                List<String> oursPlain = new ArrayList<>();
                Simulator sim = RandomShadersCompiledTest.setUp(uniforms).apply(new Simulator(Shader.load(plain)));
                for (Result res : sim.runAll(in.size(), EngineAgreement.arrays(in))) oursPlain.add(bits(res.registers()));
                if (oursPlain.equals(azahar(harness, work, plain, uniforms, in))) {
                    libm++;
                    write(report, "libm-" + k, p, uniforms, in, String.join("\n", ours), String.join("\n", theirs));
                } else {
                    mismatches++;
                    write(report, "mismatch-" + k, p, uniforms, in, String.join("\n", ours), String.join("\n", theirs));
                }
            }
        }
        String summary = String.format("azahar campaign (seed %#x): %d programs x %d vertices, %d compiled whole, %d mismatching programs, "
                + "%d more that agree once EX2 and LG2 are MOVs (glibc's exp2f/log2f rounding), %d internal errors, %d stopped at the step limit (not compared), %d vertices compared",
                seed, programs, EngineAgreement.VERTICES, whole, mismatches, libm, internal, runaway, vertices);
        System.out.println(summary);
        Files.writeString(report.resolve("summary.txt"), summary + "\n");
        assertEquals(0, internal, summary);
    }

    /** o0-o15's lanes as eight hex digits each (registers no word writes read 0). */
    private static String bits(float[] registers) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < 64; k++) sb.append(k == 0 ? "" : " ").append(String.format("%08x", k < registers.length ? Float.floatToRawIntBits(registers[k]) : 0));
        return sb.toString();
    }

    private static String json(Map<String, Object> uniforms, List<Map<String, float[]>> vertices) {
        StringBuilder sb = new StringBuilder("{\"uniforms\": {");
        boolean first = true;
        for (Map.Entry<String, Object> e : uniforms.entrySet()) {
            sb.append(first ? "" : ", ").append('"').append(e.getKey()).append("\": ");
            first = false;
            if (e.getValue() instanceof float[] f) sb.append(lanes(f));
            else if (e.getValue() instanceof int[] i) sb.append('[').append(i[0]).append(", ").append(i[1]).append(", ").append(i[2]).append(", ").append(i[3]).append(']');
            else sb.append(e.getValue());
        }
        sb.append("}, \"vertices\": [");
        for (int v = 0; v < vertices.size(); v++) {
            sb.append(v == 0 ? "{" : ", {");
            for (int k = 0; k < 16; k++) sb.append(k == 0 ? "" : ", ").append("\"v").append(k).append("\": ").append(lanes(vertices.get(v).get("v" + k)));
            sb.append('}');
        }
        return sb.append("]}").toString();
    }

    private static String lanes(float[] f) {
        StringBuilder sb = new StringBuilder("[");
        for (int k = 0; k < f.length; k++) sb.append(k == 0 ? "" : ", ").append(String.format("\"0x%08x\"", Float.floatToRawIntBits(f[k])));
        return sb.append(']').toString();
    }

    /** The binary with each EX2 (opcode 0x05) and LG2 (0x06) word made a MOV (0x13) of the same operands. */
    private static byte[] withoutExp2Log2(byte[] shbin) throws Exception {
        dev.pica.format.shbin.Dvlb f = dev.pica.format.shbin.DvlbReader.read(shbin);
        int[] code = f.program().code().clone();
        for (int k = 0; k < code.length; k++) if (code[k] >>> 26 == 0x05 || code[k] >>> 26 == 0x06) code[k] = code[k] & 0x03FFFFFF | 0x13 << 26;
        dev.pica.format.shbin.Dvlp p = f.program();
        return dev.pica.format.shbin.DvlbWriter.write(new dev.pica.format.shbin.Dvlb(new dev.pica.format.shbin.Dvlp(p.version(), code, p.descriptors(), p.lines(), p.files()), f.shaders()));
    }

    private static List<String> azahar(Path harness, Path work, byte[] shbin, Map<String, Object> uniforms, List<Map<String, float[]>> in) throws IOException, InterruptedException {
        Path bin = work.resolve("p.shbin"), json = work.resolve("p.json");
        Files.write(bin, shbin);
        Files.writeString(json, json(uniforms, in));
        return azahar(harness, bin, json);
    }

    /** Each vertex's o0-o15 as {@link #bits} writes them, from the harness's interpreter. */
    private static List<String> azahar(Path harness, Path bin, Path json) throws IOException, InterruptedException {
        Process proc = new ProcessBuilder(harness.toString(), "--engine", "interp", "--timeout", "20", bin.toString(), "0", json.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start(); // its log (unhandled DST, LITP, compare modes 6-7) goes to stderr
        String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        proc.waitFor(60, TimeUnit.SECONDS);
        List<String> vertices = new ArrayList<>();
        StringBuilder sb = null;
        for (String line : out.split("\n")) {
            if (line.startsWith("vertex ")) {
                if (sb != null) vertices.add(sb.toString());
                sb = new StringBuilder();
            } else if (sb != null && line.startsWith("o")) {
                String[] w = line.trim().split(" ");
                for (int k = 5; k < 9; k++) sb.append(sb.length() == 0 ? "" : " ").append(w[k]);
            } else if (!line.startsWith("#") && !line.isBlank()) {
                vertices.add("harness: " + line);
            }
        }
        if (sb != null) vertices.add(sb.toString());
        return vertices;
    }

    private static void write(Path dir, String name, RandomVertexShaders.Program p, Map<String, Object> uniforms, List<Map<String, float[]>> in, String ours, String theirs) throws IOException {
        Files.write(dir.resolve(name + ".shbin"), p.shbin());
        Files.writeString(dir.resolve(name + ".json"), json(uniforms, in));
        Files.writeString(dir.resolve(name + ".txt"), "ours:\n" + ours + "\nazahar:\n" + theirs + "\n\n" + RandomShadersCompiledTest.listing(p.shbin()));
    }
}
