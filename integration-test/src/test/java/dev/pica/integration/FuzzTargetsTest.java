package dev.pica.integration;

import dev.pica.driver.RebuildCheck;
import dev.pica.link.Linker;
import dev.pica.link.testing.LibctruModel;
import dev.pica.link.testing.LinkHelper;
import dev.pica.link.testing.ProgramGenerator;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.pica.asm.Assembler;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.disasm.BinaryDump;
import dev.pica.format.disasm.Disassembler;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.DvojReader;
import dev.pica.format.shbin.FormatException;
import dev.pica.format.verify.CfgDot;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Fuzz targets (Jazzer). `mvn verify` replays the seeds and past findings in
 * src/test/resources/dev/pica/integration/FuzzTargetsTestInputs/ as ordinary tests; .ci/fuzz (and
 * docs/fuzzing.md) fuzzes each target for as long as asked. A finding is any exception other than
 * the documented FormatException, a linked file that breaks the loader contract, a generated
 * program that picadis cannot rebuild byte for byte, a GLSL error without a line or an internal
 * compiler error, or compiled code the verifier says anything of.
 */
class FuzzTargetsTest {
    private static final Dvoj LIB = LinkHelper.object("lib.vsh", "lib_sub:\n    dp4 r3.x, r0, c4\n    ret\n");
    private static final Dvoj MAIN = LinkHelper.object("main.vsh",
            "#pragma output_map(position, o0)\nmain:\n    call lib_sub\n    mov o0, r3\n    end\nendmain:\n");

    /** (a) DVLB reader, dump, disassembler (both dialects), -o split and the in-memory rebuild checks. */
    /** The shapes of RebuildCheck's answers: the printed sources fail, or the rebuild differs somewhere it names. */
    private static final java.util.regex.Pattern REBUILD_SAYS = java.util.regex.Pattern.compile(
            "does not reassemble|do not reassemble|do not relink|the rebuild (adds|loses|will differ at offset 0x|will be \\d+ bytes)|the rebuilt file differs|-debug line table");

    @FuzzTest(maxDuration = "30s")
    void dvlbReadDisassembleRebuild(byte[] data) {
        Dvlb f;
        try {
            f = DvlbReader.read(data);
            BinaryDump.json(BinaryDump.dump(data));
        } catch (FormatException e) {
            assertTrue(e.getMessage().startsWith("offset 0x"), e.getMessage());
            return;
        }
        for (int k = 0; k < f.shaders().size(); k++) {
            Disassembler.ofShader(f, k, "fuzz");
            // the verifier and picadis --cfg on whatever words and entry points a file holds
            Verifier.verify(Program.ofShader(f, k), new Diagnostics());
            CfgDot.write(Program.ofShader(f, k), "fuzz");
        }
        Disassembler.Result r = Disassembler.split(f, "fuzz");
        // a difference is reported in words, never thrown: what fails, or where the rebuild differs
        RebuildCheck.Outcome o = RebuildCheck.check(data, r.sources(), false);
        assertTrue(o.difference() == null ? !o.fails() : REBUILD_SAYS.matcher(o.difference()).find(), o.difference());
        // picadis --dialect=picasso and its reassembly check, on whatever the file holds
        Disassembler.Result p = Disassembler.picasso(f, "fuzz");
        String pd = RebuildCheck.picassoDifference(data, p.sources(), false);
        assertTrue(pd == null || REBUILD_SAYS.matcher(pd).find(), pd);
    }

    /**
     * (a2) the simulator on any binary the reader accepts: every entry runs to END or stops with
     * a SimulationException (a runaway or an EMIT in a vertex shader), its outputs read through
     * the output table (by register, and a batch of two vertices into arrays); nothing else is
     * thrown. The seeds include output tables naming o15 and o8193 (refused by the reader).
     */
    @FuzzTest(maxDuration = "30s")
    void dvlbSimulate(byte[] data) {
        Dvlb f;
        try {
            f = DvlbReader.read(data);
        } catch (FormatException e) {
            return;
        }
        for (int k = 0; k < f.shaders().size(); k++) {
            dev.pica.sim.Shader shader = dev.pica.sim.Shader.of(f, k);
            dev.pica.sim.Simulator sim = new dev.pica.sim.Simulator(shader).maxSteps(20_000);
            try {
                dev.pica.sim.Result r = shader.geometry()
                        ? sim.runGeometry(java.util.List.<float[][]>of(new float[][] {{1, 2, 3, 4}}))
                        : sim.run(vertexInput(shader));
                assertTrue(r.steps() >= 1 && r.steps() <= 20_000 + 4096, "steps " + r.steps());
                // the output table as the simulator reads it: each entry by its register, and a batch's arrays
                java.util.Map<String, float[]> outputs = new java.util.LinkedHashMap<>();
                for (dev.pica.sim.Bindings.Output o : shader.bindings().outputs()) {
                    r.output("o" + o.register());
                    outputs.put("o" + o.register(), new float[8]);
                }
                if (!shader.geometry()) sim.runBatch(2, batchInput(vertexInput(shader)), outputs, 1);
            } catch (dev.pica.sim.SimulationException e) {
                assertTrue(e.getMessage().contains("did not reach 'end'") || e.getMessage().contains("vertex shader"), e.getMessage());
            }
        }
    }

    /** The vertex input twice over, as a batch of two vertices reads it. */
    private static java.util.Map<String, float[]> batchInput(java.util.Map<String, float[]> one) {
        java.util.Map<String, float[]> two = new java.util.HashMap<>();
        for (java.util.Map.Entry<String, float[]> e : one.entrySet()) {
            float[] a = java.util.Arrays.copyOf(e.getValue(), 2 * e.getValue().length);
            System.arraycopy(e.getValue(), 0, a, e.getValue().length, e.getValue().length);
            two.put(e.getKey(), a);
        }
        return two;
    }

    /**
     * What the file calls 'v0' set to (1, 2, 3, 1) in each register it spans (a symbol may name
     * v0-v15), unless it names something else so (a uniform, say): then no input is set.
     */
    private static java.util.Map<String, float[]> vertexInput(dev.pica.sim.Shader shader) {
        dev.pica.sim.Bindings.Range v0 = shader.bindings().resolve("v0");
        if (v0 == null || v0.file() != dev.pica.format.isa.RegisterFile.INPUT) return java.util.Map.of();
        float[] lanes = new float[4 * v0.count()];
        for (int k = 0; k < lanes.length; k++) lanes[k] = new float[] {1, 2, 3, 1}[k % 4];
        return java.util.Map.of("v0", lanes);
    }

    /** (b) DVOJ reader and linker: whatever is accepted links into a file that keeps the loader contract. */
    @FuzzTest(maxDuration = "30s")
    void dvojReadLinkCheckContract(byte[] data) {
        Dvoj o;
        try {
            o = DvojReader.read(data);
            Disassembler.ofObject(o);
        } catch (FormatException e) {
            assertTrue(e.getMessage().startsWith("offset 0x"), e.getMessage());
            return;
        }
        for (List<Linker.Input> in : List.of(List.of(new Linker.Input("fuzz.o", o), new Linker.Input("lib.o", LIB)),
                List.of(new Linker.Input("main.o", MAIN), new Linker.Input("fuzz.o", o)))) {
            Linker.Result r = Linker.link(in, false, new Diagnostics());
            if (r != null) new LibctruModel(r.bytes()); // bytes() checks the contract: a violation throws
        }
    }

    /** (c) The assembler on any bytes; an accepted source links into a loadable file. Run with -timeout for the time budget. */
    @FuzzTest(maxDuration = "30s")
    void assembleAnySource(byte[] data) {
        Assembler.Result r = Assembler.assemble(new SourceFile("fuzz.vsh", null, data), Assembler.Options.defaults(), new Diagnostics());
        if (!r.ok()) return;
        Linker.Result l = Linker.link(List.of(new Linker.Input("fuzz.o", r.object()), new Linker.Input("lib.o", LIB)), false, new Diagnostics());
        if (l != null) new LibctruModel(l.bytes());
    }

    /**
     * (e) picasso's dialect on any bytes, both routes: the drop-in's binary must load by libctru's
     * rules, and the DVOJ route (picasm) must link into one that does.
     */
    @FuzzTest(maxDuration = "30s")
    void assemblePicassoSource(byte[] data) {
        SourceFile f = new SourceFile("fuzz.v.pica", null, data);
        dev.pica.asm.picasso.PicassoAssembler.Result p = dev.pica.asm.picasso.PicassoAssembler.assemble(List.of(f),
                dev.pica.asm.picasso.PicassoBuild.Options.defaults(), new Diagnostics());
        if (p.ok()) new LibctruModel(p.binary());
        Assembler.Result r = Assembler.assemble(f, Assembler.Options.defaults(), new Diagnostics());
        if (!r.ok()) return;
        Linker.Result l = Linker.link(List.of(new Linker.Input("fuzz.o", r.object()), new Linker.Input("lib.o", LIB)), false, new Diagnostics());
        if (l != null) new LibctruModel(l.bytes());
    }

    /** The one file a fuzzed GLSL source can include (no other file is read, so a run reads nothing of the machine's). */
    private static final dev.pica.compiler.Includer FUZZ_INCLUDES = new dev.pica.compiler.Includer() {
        @Override
        public boolean exists(java.nio.file.Path file) {
            return file.getFileName() != null && file.getFileName().toString().equals("fuzz-lib.glsl");
        }

        @Override
        public String read(java.nio.file.Path file) {
            return "vec4 scaled(vec4 v, float k) {\n    return v * k;\n}\n";
        }
    };

    /**
     * (f) The GLSL compiler (picacc) on any text as a .vert source, glslang included: errors are
     * located (line 1 or later of a file the run read), no internal compiler error, and an
     * accepted source's object links alone into a program the verifier is silent on. A crash
     * inside glslang would end the JVM: none is known (a long operator chain was one: glslang runs
     * on a thread with a large stack since). -timeout=10 bounds a run.
     */
    @FuzzTest(maxDuration = "30s")
    void glslCompileAnyText(byte[] data) throws Exception {
        String text = new String(data, java.nio.charset.StandardCharsets.UTF_8);
        dev.pica.compiler.CompileResult r = dev.pica.compiler.GlslCompiler.compile(dev.pica.compiler.GlslSource.of("fuzz.vert", text),
                dev.pica.compiler.CompileOptions.defaults().withIncluder(FUZZ_INCLUDES));
        if (!r.ok()) {
            assertTrue(r.diagnostics().hasErrors(), "no shader and no error");
            for (dev.pica.format.diag.Diagnostic d : r.diagnostics().list()) {
                String printed = dev.pica.format.diag.DiagnosticPrinter.format(d);
                assertTrue(d.problem() != dev.pica.format.diag.Problem.COMPILER_INTERNAL, printed);
                // a source's own '#line 0' may move its errors before line 1
                if (d.severity() == dev.pica.format.diag.Diagnostic.Severity.ERROR) {
                    assertTrue(d.pos().line() >= 1 || UNLOCATED_GLSL.matcher(d.message()).find() || text.contains("#line"), printed);
                }
            }
            return;
        }
        compiledProgramIsClean(r.value(), text);
    }

    /** glslang's errors about the whole shader, which no line holds (they name the file alone): its linker's. */
    private static final java.util.regex.Pattern UNLOCATED_GLSL = java.util.regex.Pattern.compile("^Linking vertex stage: ");

    /** The object of a compiled shader links alone, and the verifier says nothing of the linked program. */
    private static void compiledProgramIsClean(dev.pica.compiler.CompiledShader c, String source) throws FormatException {
        Linker.Result l = Linker.link(List.of(new Linker.Input("fuzz.o", c.object())), false, new Diagnostics());
        assertTrue(l != null, () -> "the compiled object does not link alone:\n" + source);
        new LibctruModel(l.bytes());
        Diagnostics v = new Diagnostics();
        Verifier.verify(Program.ofShader(DvlbReader.read(l.bytes()), 0), v);
        assertTrue(v.list().isEmpty(), () -> v.list() + "\n" + c.assembly() + "\n" + source);
    }

    /**
     * (g) The compiler's SPIR-V reader and back end on any words (little-endian; the seeds are
     * the compiler's SPIR-V fixtures and glslang's words for the ports): {@code SpirvModule.read}
     * throws nothing but SpirvFormatException, and {@code compileSpirv} nothing at all (SPIR-V
     * glslang would not write is an internal error, said); what it accepts links into a program
     * the verifier is silent on.
     */
    @FuzzTest(maxDuration = "30s")
    void spirvReadAndTranslate(byte[] data) throws Exception {
        int[] words = new int[data.length / 4];
        ByteBuffer.wrap(data).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
        try {
            dev.pica.compiler.spirv.SpirvModule.read(words);
        } catch (dev.pica.compiler.spirv.SpirvFormatException e) {
            // the back end must say the same without throwing
        }
        dev.pica.compiler.CompileResult r = dev.pica.compiler.GlslCompiler.compileSpirv(words, dev.pica.compiler.GlslSource.of("fuzz.vert", ""),
                dev.pica.compiler.CompileOptions.defaults());
        if (r.ok()) compiledProgramIsClean(r.value(), "(SPIR-V)");
        else assertTrue(r.diagnostics().hasErrors(), "no shader and no error");
    }

    /** A binary with inputs to name (sky.shbin: v0 position, v1 texcoord), written once per JVM beside each fuzzed names file. */
    private static final java.nio.file.Path NAMES_DIR = namesDir();

    private static java.nio.file.Path namesDir() {
        try (java.io.InputStream in = FuzzTargetsTest.class.getResourceAsStream("FuzzTargetsTestInputs/dvlbSimulate/sky.shbin")) {
            java.nio.file.Path d = java.nio.file.Files.createTempDirectory("fuzz-inputs");
            d.toFile().deleteOnExit();
            java.nio.file.Files.write(d.resolve("sky.shbin"), in.readAllBytes());
            d.resolve("sky.shbin").toFile().deleteOnExit();
            d.resolve("sky.shbin.inputs").toFile().deleteOnExit();
            return d;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * (h) The input names file beside a binary ({@code sky.shbin.inputs}, InputNames), read as the
     * simulator loads a binary from its file: an IOException naming the file and the line, or
     * names that resolve (an input name to its register, unless the binary's own symbols hold the
     * name); writing the names reads them back.
     */
    @FuzzTest(maxDuration = "30s")
    void inputNamesFile(byte[] data) throws Exception {
        java.nio.file.Path shbin = NAMES_DIR.resolve("sky.shbin");
        java.nio.file.Files.write(dev.pica.format.shbin.InputNames.beside(shbin), data);
        dev.pica.sim.Shader shader;
        try {
            shader = dev.pica.sim.Shader.load(shbin);
        } catch (java.io.IOException e) {
            assertTrue(e.getMessage().startsWith(dev.pica.format.shbin.InputNames.beside(shbin) + ": "), e.getMessage());
            assertTrue(e.getMessage().contains(": line "), e.getMessage());
            return;
        }
        java.util.Map<String, Integer> names = dev.pica.sim.Shader.inputNamesBeside(shbin);
        assertTrue(names.equals(dev.pica.format.shbin.InputNames.read(dev.pica.format.shbin.InputNames.write(names))), names::toString);
        dev.pica.sim.Shader plain = dev.pica.sim.Shader.load(java.nio.file.Files.readAllBytes(shbin));
        for (java.util.Map.Entry<String, Integer> e : names.entrySet()) {
            dev.pica.sim.Bindings.Range r = shader.bindings().resolve(e.getKey());
            assertTrue(r != null, e.getKey());
            if (plain.bindings().resolve(e.getKey()) == null) {
                assertTrue(r.file() == dev.pica.format.isa.RegisterFile.INPUT && r.first() == e.getValue() && r.count() == 1, e + " resolves to " + r);
            }
        }
    }

    /** (d) Generated programs (code after endmain:, subroutines that straddle it): picadis -o rebuilds them exactly. */
    @FuzzTest(maxDuration = "30s")
    void roundTripGeneratedPrograms(byte[] data) throws Exception {
        long seed = data.length >= 8 ? ByteBuffer.wrap(data).getLong() : data.length;
        ProgramGenerator.Program p = new ProgramGenerator(seed).next();
        byte[] bin = LinkHelper.link(false, p.namesAndSources().toArray(new String[0])); // generated programs may hold hazards
        Disassembler.Result r = Disassembler.split(DvlbReader.read(bin), "out");
        assertNull(RebuildCheck.difference(bin, r.sources(), false), () -> "seed " + seed + "\n" + String.join("\n", p.namesAndSources()));
    }
}
