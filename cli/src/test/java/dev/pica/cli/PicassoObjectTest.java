package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.format.disasm.Disassembler;
import dev.pica.format.isa.Opcode;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.DvojReader;
import dev.pica.format.shbin.Uniform;
import dev.pica.format.verify.Program;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * picasso-dialect sources through picasm and picalink (DVOJ objects, the SDK-style link) run
 * the same program as picasso 2.7.2 built: instruction for instruction (operand descriptors
 * resolved), plus the one nop the SDK layout puts at endmain:, with the same inputs, outputs,
 * constants and uniforms.
 */
class PicassoObjectTest {
    @TempDir
    Path tmp;

    private static final List<String> SINGLE = List.of("alu", "autonop", "basic-vs", "calls", "consts", "flow-if", "flow-loop",
            "gsh-fixed", "gsh-point", "gsh-variable", "header", "mova", "outputs", "uniforms");

    private static String run(CliTest.Tool t, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int c = t.run(new PrintStream(o, true), new PrintStream(e, true), args);
        String err = e.toString(StandardCharsets.UTF_8);
        assertEquals(0, c, err);
        return err;
    }

    private static List<String> words(Dvlb b) {
        int[] table = Program.table(b.program().descriptors());
        List<String> out = new ArrayList<>();
        for (int k = 0; k < b.program().codeSize(); k++) out.add(Disassembler.instructionText(k, b.program().codeWord(k), table));
        return out;
    }

    private static Set<String> uniforms(Dvle d) {
        Set<String> s = new HashSet<>();
        for (Uniform u : d.uniforms()) s.add(u.name().replace('.', '_') + "=" + u.registerRange());
        return s;
    }

    @TestFactory
    Stream<DynamicTest> picasmAndPicalinkRunPicassosProgram() {
        return SINGLE.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Path c = PicassoGoldenTest.corpus().resolve(name);
            Path src;
            try (Stream<Path> s = Files.list(c)) {
                src = s.filter(p -> p.toString().endsWith(".pica")).findFirst().orElseThrow();
            }
            Path obj = tmp.resolve(name + ".o"), bin = tmp.resolve(name + ".shbin");
            run(Picasm::run, src.toString(), "-o", obj.toString());
            run(Picalink::run, obj.toString(), "-o", bin.toString());
            Dvlb ours = DvlbReader.read(Files.readAllBytes(bin)), theirs = DvlbReader.read(Files.readAllBytes(c.resolve("expected.shbin")));
            List<String> a = words(ours), b = words(theirs);
            assertEquals(b.size() + 1, a.size(), "one nop at endmain:");
            assertEquals(Opcode.NOP, Opcode.ofWord(ours.program().codeWord(a.size() - 1)));
            assertEquals(b, a.subList(0, b.size()));
            Dvle x = ours.shaders().get(0), y = theirs.shaders().get(0);
            assertEquals(y.shaderType(), x.shaderType());
            assertEquals(y.flags(), x.flags());
            assertEquals(y.mainAddr(), x.mainAddr());
            assertEquals(y.endAddr() + 1, x.endAddr());
            assertEquals(y.inputMask(), x.inputMask());
            assertEquals(y.outputMask(), x.outputMask());
            assertEquals(y.gsMode(), x.gsMode());
            assertEquals(y.outputMaps(), x.outputMaps());
            assertEquals(new HashSet<>(y.constants()), new HashSet<>(x.constants()));
            Set<String> expected = uniforms(y);
            if (name.equals("uniforms")) expected.add("_hidden=c4"); // bound in objects (docs/picasso-compat.md)
            assertEquals(expected, uniforms(x));
        }));
    }

    /** picasm -E on a picasso source prints its lowering; assembled as SDK-dialect text it makes the same object. */
    @TestFactory
    Stream<DynamicTest> thePrintedLoweringIsWhatIsAssembled() {
        return Stream.concat(SINGLE.stream(), Stream.of("autonop-n")).map(name -> DynamicTest.dynamicTest(name, () -> {
            Path c = PicassoGoldenTest.corpus().resolve(name);
            Path src;
            try (Stream<Path> s = Files.list(c)) {
                src = s.filter(p -> p.toString().endsWith(".pica")).findFirst().orElseThrow();
            }
            Path text = tmp.resolve(name + ".vsh"), viaText = tmp.resolve(name + "-text.o"), direct = tmp.resolve(name + ".o");
            run(Picasm::run, src.toString(), "-E", "-o", text.toString());
            run(Picasm::run, text.toString(), "-o", viaText.toString());
            run(Picasm::run, src.toString(), "-o", direct.toString());
            Dvoj a = DvojReader.read(Files.readAllBytes(viaText)), b = DvojReader.read(Files.readAllBytes(direct));
            assertArrayEquals(b.code(), a.code());
            assertEquals(b.operandRecords(), a.operandRecords());
            assertEquals(b.labels(), a.labels());
            assertEquals(b.constants(), a.constants());
            assertEquals(b.outputMaps(), a.outputMaps());
            assertEquals(b.uniforms(), a.uniforms());
            assertEquals(List.of(b.shaderType(), b.flags(), b.inputMask(), b.outputMask()), List.of(a.shaderType(), a.flags(), a.inputMask(), a.outputMask()));
            assertEquals(b.gsMode(), a.gsMode());
            assertEquals(b.relocations(), a.relocations());
            assertEquals(b.imports(), a.imports());
        }));
    }

    @Test
    void sourcesOfOneRunShareUniformsAsInPicasso() throws Exception {
        Path c = PicassoGoldenTest.corpus().resolve("multi"), bin = tmp.resolve("multi.shbin");
        run(Picalink::run, c.resolve("a.v.pica").toString(), c.resolve("b.v.pica").toString(), c.resolve("lib.v.pica").toString(), "-o", bin.toString());
        Dvlb ours = DvlbReader.read(Files.readAllBytes(bin)), theirs = DvlbReader.read(Files.readAllBytes(c.resolve("expected.shbin")));
        assertEquals(2, ours.shaders().size());
        for (int k = 0; k < 2; k++) assertEquals(uniforms(theirs.shaders().get(k)), uniforms(ours.shaders().get(k)));
    }

    @Test
    void picassoAndSdkObjectsLinkTogether() throws Exception {
        Path vs = PicassoGoldenTest.corpus().resolve("vs-gs/vs.v.pica"), obj = tmp.resolve("vs.o"), bin = tmp.resolve("vsgs.shbin");
        run(Picasm::run, vs.toString(), "-o", obj.toString());
        Path gs = BatchTestSupport.examples().resolve("particle.gsh");
        run(Picalink::run, obj.toString(), gs.toString(), "-o", bin.toString());
        Dvlb b = DvlbReader.read(Files.readAllBytes(bin));
        assertEquals(List.of(Dvle.VERTEX, Dvle.GEOMETRY), b.shaders().stream().map(Dvle::shaderType).toList());
    }
}
