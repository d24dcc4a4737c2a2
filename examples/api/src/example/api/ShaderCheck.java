package example.api;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Outcome;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.disasm.Disassembler;
import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.Operands;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.isa.syntax.Mnemonics;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.ProgramBuilder;
import dev.pica.format.verify.Verifier;
import dev.pica.link.Linker;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * What a build tool or a test does with the library (docs/api.md): assemble a source, link it,
 * verify and disassemble the binary, and run its vertex shader on the host. Usage:
 * ShaderCheck SOURCE.vsh INPUT-NAME X Y Z.
 */
public final class ShaderCheck {
    public static void main(String[] args) throws Exception {
        Path source = Path.of(args[0]);
        Assembler.Result assembled = Assembler.assemble(new SourceFile(source.getFileName().toString(), source, Files.readAllBytes(source)),
                Assembler.Options.defaults().withIncludeDirs(List.of(source.toAbsolutePath().getParent())));
        if (!print(assembled)) System.exit(1);

        Linker.Outcome linked = Linker.link(List.of(new Linker.Input("shader.o", assembled.value())), false);
        if (!print(linked)) System.exit(1);
        byte[] shbin = linked.value().bytes();
        System.out.println("sha256 " + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(shbin)));

        Dvlb binary = DvlbReader.read(shbin);
        Verifier.Result verified = Verifier.verify(Program.ofShader(binary, 0));
        System.out.println("findings " + verified.diagnostics().list().size());
        // words no assembler writes: a call as the last word of a loop body (the verifier's F-LOST)
        Program handWritten = new ProgramBuilder("words.vsh").add(Instruction.regFlow(Opcode.LOOP, 0, 2, 0), Instruction.simple(Opcode.NOP),
                Instruction.cond(Opcode.CALL, 0, 0, 0, 4, 1), Instruction.simple(Opcode.END), Instruction.simple(Opcode.NOP)).build();
        Verifier.Result lost = Verifier.verify(handWritten);
        System.out.println("hand-written words " + (lost.ok() ? "pass" : "fail: " + lost.diagnostics().list().get(0).rule()));
        // the ISA table's operand schema: which words read a float uniform (always in the wide slot)
        int uniformReads = 0;
        for (int word : binary.program().code()) {
            Instruction i = InstructionCodec.decode(word);
            if (i == null) continue;
            Operands o = new Operands(i, 0);
            for (int n = 1; n <= o.count(); n++) if (o.file(n) == RegisterFile.FLOAT_UNIFORM) uniformReads++;
        }
        System.out.println("uniform reads " + uniformReads);
        // the vocabulary per dialect, as the assemblers' messages and an editor's completion read it
        System.out.println("ifc: sdk '" + Mnemonics.form("ifc", Dialect.SDK) + "', picasso '" + Mnemonics.form("ifc", Dialect.ofFileName("sky.v.pica")) + "'");
        Disassembler.Result listed = Disassembler.ofShader(binary, 0, "check");
        if (!print(listed)) System.exit(1);
        System.out.println("listing " + listed.value().get(0).text().lines().count() + " lines");

        Simulator sim = new Simulator(Shader.load(shbin));
        sim.uniform("WORLDVIEWPROJ", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
        float[] in = {Float.parseFloat(args[2]), Float.parseFloat(args[3]), Float.parseFloat(args[4])};
        System.out.println("position " + Arrays.toString(sim.run(Map.of(args[1], in)).output("position")));

        // a GLSL twin, compiled and linked in memory (Shader.build: the driver's service; nothing written)
        if (args.length > 5) {
            Simulator glsl = new Simulator(Shader.build(Path.of(args[5])));
            glsl.uniform("WORLDVIEWPROJ", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
            System.out.println("glsl position " + Arrays.toString(glsl.run(Map.of(args[1], in)).output("position")));
        }
    }

    /** Prints what a call said as the tools do (every entry point returns this one shape); false after errors. */
    private static boolean print(Outcome<?> outcome) {
        for (Diagnostic d : outcome.diagnostics().list()) System.err.print(DiagnosticPrinter.format(d));
        return outcome.ok();
    }
}
