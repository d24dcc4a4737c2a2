package dev.pica.link;

import dev.pica.link.testing.LibctruModel;
import dev.pica.link.testing.LinkHelper;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.disasm.Disassembler;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.DvlbWriter;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.Dvlp;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.GsMode;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Files written by other tools: a picasso-style binary has DVLP version 0, no label table, no
 * line info, no trailing NOP and descriptors with don't-care lanes pruned (picasso prunes the
 * selector lanes an operation does not read).
 */
class ForeignBinaryTest {
    @Test
    void picassoStyleBinaryDisassemblesToSourceThatAssemblesToTheSameCode() throws Exception {
        int[] code = {
            0x4E000000 | 0,    // mov r0, v0                 desc 0
            0x2201F001 | 0,    // mul r0.x ..: built below from desc 1
            0x88000000,        // end
        };
        // desc 0: mask xyzw, src1 xyzw; desc 1: mask x, src1 .x (picasso prunes lanes y, z, w to x)
        code[1] = InstructionCodec.encode(dev.pica.format.isa.Instruction.alu(dev.pica.format.isa.Opcode.MUL, 0x10, 0, 0x10, 0x11, 0, 1));
        List<OperandDescriptor> descs = List.of(new OperandDescriptor(0x36F, 3), new OperandDescriptor(0x8 | 0x00 << 5 | 0x00 << 14, 7));
        Dvlp p = new Dvlp(0, code, descs, List.of(), List.of());
        Dvle e = new Dvle(0x1002, 0, 0, 0, 3, 0x1, 0x1, GsMode.NONE, List.of(), List.of(), List.of(new OutputMap(0, 0, 0xF)),
                List.of(new Uniform("projection", 0x10, 0x13)));
        byte[] bin = DvlbWriter.write(new Dvlb(p, List.of(e)));
        new LibctruModel(bin); // loads as libctru would
        Disassembler.Result r = Disassembler.ofShader(DvlbReader.read(bin), 0, "picasso");
        String src = r.sources().get(0).text();
        assertTrue(src.contains("main:"), src);              // invented from mainAddr
        assertTrue(src.contains("mul r0.x, r0.x, r1.x"), src);
        // picasm adds its NOP at endmain: the code differs by that word only
        assertTrue(r.diagnostics().list().stream().anyMatch(w -> w.message().contains("NOP") && w.severity() == dev.pica.format.diag.Diagnostic.Severity.WARNING), r.diagnostics().list().toString());
        Dvoj o = LinkHelper.object("again.vsh", src);
        assertEquals(code[0], o.codeWord(0) & ~0x7F);
        assertEquals(code[1] & ~0x7F, o.codeWord(1) & ~0x7F);
        assertEquals(code[2], o.codeWord(2));
        assertEquals(0x84000000, o.codeWord(3));
    }
}
