package dev.pica.compiler.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.asm.Assembler;
import dev.pica.compiler.Reflection;
import dev.pica.compiler.translate.ShaderInterface;
import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VInst;
import dev.pica.compiler.vir.VReg;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.isa.OutputSemantic;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The back end's MAD descriptors: what one is (Emitter.madKeys) and the copies that keep a program within 32 (MadDescriptors). */
class MadDescriptorsTest {
    private int next;

    /**
     * Four chains of 10 scalar multiply-adds, acc = (-)in.L * (-)u.M + acc, with L, M and the
     * signs varying (u one of the uniforms c0-c9): built-ins' polynomials side by side, their
     * coefficients in every lane of the c registers.
     */
    private List<Node> chain(ShaderInterface iface) {
        next = 0;
        List<Node> p = new ArrayList<>();
        VReg in = new VReg(next++, 4, "in");
        p.add(new Node.Inst(new VInst(Opc.MOV, in, 0xF, 1, Operand.of(new Operand.Input(0), 4))));
        // four accumulators live at once: packed, they take r0's four lanes (four masks)
        VReg[] acc = new VReg[4];
        for (int k = 0; k < 4; k++) {
            acc[k] = new VReg(next++, 1, "acc");
            p.add(new Node.Inst(new VInst(Opc.MOV, acc[k], 1, 1, Operand.constant(0.25f * k))));
        }
        java.util.Random r = new java.util.Random(1);
        for (int k = 0; k < 40; k++) {
            VReg sum = new VReg(next++, 1, "acc");
            Operand a = Operand.temp(in).component(r.nextInt(4)), b = new Operand(new Operand.Uniform(k / 4), new int[] {r.nextInt(4)}, r.nextBoolean());
            p.add(new Node.Inst(new VInst(Opc.MAD, sum, 1, 1, r.nextBoolean() ? a.negate() : a, b, Operand.temp(acc[k % 4]))));
            acc[k % 4] = sum;
        }
        VReg total = acc[0];
        for (int k = 1; k < 4; k++) {
            VReg t = new VReg(next++, 1, "total");
            p.add(new Node.Inst(new VInst(Opc.ADD, t, 1, 1, Operand.temp(total), Operand.temp(acc[k]))));
            total = t;
        }
        VReg res = new VReg(next++, 4, "res");
        p.add(new Node.Inst(new VInst(Opc.MOV, res, 0xF, 1, Operand.temp(total).splat(4))));
        iface.outputs.add(new ShaderInterface.Out(new Reflection.Output("gl_Position", -1, OutputSemantic.POSITION, 0, 0xF), res, 1));
        iface.inputs.add(new Reflection.Input("in", 0, 4));
        return p;
    }

    /** The assembler's errors on the chain's assembly. */
    private List<Diagnostic> assembled(Allocator.Placement placement) {
        ShaderInterface iface = new ShaderInterface();
        List<Node> program = chain(iface);
        Backend.Output out = Backend.run(program, iface, List.of(), 10, next, false, List.of(), Map.of(), "chain.vert", List.of(), placement);
        // the errors (the uniforms are bound by no pragma: the verifier's warnings say so)
        return Assembler.assemble(SourceFile.ofString("chain.s", out.assembly()), Assembler.Options.defaults()).diagnostics().list().stream()
                .filter(d -> d.severity() == Diagnostic.Severity.ERROR).toList();
    }

    @Test
    void theChainNeedsMoreThan32MadDescriptorsPackedAndFitsWithTheSourcesCopied() {
        assertTrue(assembled(Allocator.Placement.PACKED).stream().anyMatch(d -> d.problem() == Problem.DESCRIPTOR_LIMIT && d.message().contains("mad")),
                "packed: past the 32 descriptors of MADs");
        assertEquals(List.of(), assembled(Allocator.Placement.LANES), "lanes first, the rarest MADs' sources copied: within the limits");
    }

    @Test
    void aMadsDescriptorIsItsMaskAndItsSourcesShapesInTheAssemblersSlots() {
        VReg r = new VReg(next++, 1, null), s = new VReg(next++, 1, null), t = new VReg(next++, 2, null);
        for (VReg v : List.of(r, s, t)) {
            v.register = v.id;
            v.lanes = v.width == 1 ? new int[] {0} : new int[] {0, 1};
        }
        Operand c = new Operand(new Operand.Uniform(5), new int[] {1}, false);
        VInst plain = new VInst(Opc.MAD, r, 1, 1, Operand.temp(s), Operand.temp(r), Operand.temp(s));
        VInst plainToo = new VInst(Opc.MAD, s, 1, 1, Operand.temp(r), Operand.temp(r), Operand.temp(r));
        VInst negated = new VInst(Opc.MAD, r, 1, 1, Operand.temp(s).negate(), Operand.temp(r), Operand.temp(s));
        // a c register first is placed in SRC2 by the assembler: the same descriptor as second
        VInst uniformFirst = new VInst(Opc.MAD, r, 1, 1, c, Operand.temp(s), Operand.temp(r));
        VInst uniformSecond = new VInst(Opc.MAD, r, 1, 1, Operand.temp(s), c, Operand.temp(r));
        VInst swizzled = new VInst(Opc.MAD, r, 1, 1, Operand.temp(t).component(1), Operand.temp(r), Operand.temp(s));
        List<Node> p = new ArrayList<>();
        for (VInst i : List.of(plain, plainToo, negated, uniformFirst, uniformSecond, swizzled)) p.add(new Node.Inst(i));
        Emitter e = Emitter.emit(p, new ShaderInterface(), new ConstantPool(0), List.of(), "t.vert", List.of(), Map.of());
        assertEquals(e.madKeys.get(plain), e.madKeys.get(plainToo));
        assertEquals(e.madKeys.get(uniformFirst), e.madKeys.get(uniformSecond));
        assertEquals(4, MadDescriptors.used(e), e.madKeys.toString());
        // what a copy would make plain: the negated source, the uniform's swizzle, the other register's y
        assertEquals(0, e.madShaped.get(plain));
        assertEquals(1, e.madShaped.get(negated));
        assertEquals(1, e.madShaped.get(uniformFirst));
        assertEquals(2, e.madShaped.get(uniformSecond));
        assertEquals(1, e.madShaped.get(swizzled));
    }

    @Test
    void aCopyGoesRightBeforeItsMadInsideTheBlocks() {
        VReg a = new VReg(0, 2, null), b = new VReg(1, 2, null), d = new VReg(2, 2, null);
        VInst mad = new VInst(Opc.MAD, d, 3, 7, Operand.temp(a).negate(), Operand.temp(b).swizzle(1, 0), Operand.temp(b));
        VInst before = new VInst(Opc.MOV, a, 3, 6, Operand.temp(b));
        List<Node> loop = List.of(new Node.Loop(4, 0, 1, List.of(new Node.Inst(before), new Node.Inst(mad)), 5));
        int[] nextId = {3};
        List<Node> out = MadDescriptors.copySources(loop, Map.of(mad, 0b011), nextId);
        List<Node> body = ((Node.Loop) out.get(0)).body();
        assertEquals(4, body.size(), body.toString());
        VInst c0 = ((Node.Inst) body.get(1)).inst(), c1 = ((Node.Inst) body.get(2)).inst();
        assertEquals(Opc.MOV, c0.op);
        assertEquals(Operand.temp(a).negate(), c0.src[0]);
        assertEquals(Operand.temp(b).swizzle(1, 0), c1.src[0]);
        assertEquals(List.of(Operand.temp(c0.dst), Operand.temp(c1.dst), Operand.temp(b)), List.of(mad.src));
        assertEquals(5, nextId[0]);
        assertEquals(7, c0.line, "the copy is at the MAD's GLSL line");
    }
}
