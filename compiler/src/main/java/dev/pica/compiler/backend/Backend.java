package dev.pica.compiler.backend;

import dev.pica.compiler.translate.ShaderInterface;
import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VInst;
import dev.pica.compiler.vir.VReg;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The back end after translation: outputs exported at the end (each written once on every
 * path: o registers are written only there), values read before any write zeroed at entry,
 * the optimisations, register allocation, and the SDK-dialect text.
 */
public final class Backend {
    private Backend() {}

    /** The assembly text, the count of words it holds, and the debugger's variable map (empty without bindings). */
    public record Output(String assembly, int words, dev.pica.compiler.VariableMap variables) {}

    /**
     * @param lineFiles the files position keys index (SpirvModule.lineFiles)
     * @param files     their text by name, for the comments naming each GLSL line
     * @param bindings  the GLSL variables values hold (Translator.bindings; empty without -g)
     * @param placement the order the allocator tries lanes in (Allocator.Placement: LANES gives fewer operand descriptors)
     */
    public static Output run(List<Node> program, ShaderInterface iface, List<int[]> loops, int uniformRegisters, int regCount,
                             boolean optimize, List<String> lineFiles, java.util.Map<String, dev.pica.format.diag.SourceFile> files, String fileName,
                             List<dev.pica.compiler.translate.Translator.Binding> bindings, Allocator.Placement placement) {
        List<Node> prog = new ArrayList<>(program);
        // a geometry shader's outputs are written at each EmitVertex (the translator's emits); nothing after the last
        if (iface.geometry == null) for (ShaderInterface.Out o : iface.outputs) {
            VReg v = o.value();
            VInst mov = new VInst(Opc.MOV, null, o.output().mask(), 0, Operand.temp(v));
            mov.output = o.output().register();
            prog.add(new Node.Inst(mov));
        }
        List<VReg> regs = registers(prog, regCount);
        // a value read before it is written on some path (an output not written everywhere, an uninitialised local): 0.0 at entry
        Flow flow = new Flow(prog, regs);
        BitSet entry = flow.liveAtEntry();
        List<Node> init = new ArrayList<>();
        for (int r = entry.nextSetBit(0); r >= 0; r = entry.nextSetBit(r + 1)) {
            VReg v = regs.get(r);
            init.add(new Node.Inst(new VInst(Opc.MOV, v, (1 << v.width) - 1, 0, Operand.constant(new float[v.width]))));
        }
        prog.addAll(0, init);
        if (optimize) prog = Optimizer.run(prog, iface.geometry != null);
        else prog = Optimizer.deadCode(prog);
        if (iface.geometry == null && !readsInput(prog)) {
            // the SDK's caution (verifier F-IN, vertex shaders only): a vertex on whose path no input register is read
            // may not be processed correctly; one read of the first input (v0 when there is none)
            // at the start covers every path, into a temporary nothing reads
            int in = iface.inputs.isEmpty() ? 0 : iface.inputs.stream().mapToInt(dev.pica.compiler.Reflection.Input::register).min().getAsInt();
            VReg sink = new VReg(regCount++, 1, null);
            prog.add(0, new Node.Inst(new VInst(Opc.MOV, sink, 1, 0, Operand.of(new Operand.Input(in), 1))));
        }
        checkDepth(prog, 0, 0);
        int[] nextId = {regCount};
        // the lanes-first try also keeps the MADs within their 32 descriptors: the rarest MADs' shaped
        // sources copied (MadDescriptors), as many as it takes, each round allocated and emitted again
        int reserve = 0;
        for (int round = 0; ; round++) {
            regs = registers(prog, nextId[0]);
            Allocator.allocate(prog, regs, placement);
            // the map reads liveness before the copies that allocation made self-copies go: they still start their values
            List<Node> allocated = prog;
            Emitter e = Emitter.emit(Optimizer.dropSelfCopies(prog), iface, new ConstantPool(uniformRegisters), loops, fileName, lineFiles, files);
            int used = MadDescriptors.used(e);
            if (placement == Allocator.Placement.PACKED || used <= MadDescriptors.LIMIT || round == MAD_ROUNDS) {
                return new Output(e.assembly, e.words, VariableSpans.of(allocated, regs, bindings, e));
            }
            // the copied MADs' own descriptors (one a mask, about) take places among the 32: keep fewer each round
            reserve += round == 0 ? 4 : used - MadDescriptors.LIMIT;
            java.util.Map<VInst, Integer> rare = MadDescriptors.rare(e, MadDescriptors.LIMIT - reserve);
            if (rare.isEmpty()) return new Output(e.assembly, e.words, VariableSpans.of(allocated, regs, bindings, e));
            prog = MadDescriptors.copySources(prog, rare, nextId);
        }
    }

    /** The rounds of copying MAD sources before the program is left to the assembler's limit error. */
    private static final int MAD_ROUNDS = 6;

    /**
     * Whether every path through {@code nodes} reads an input register (an operand, an index, a
     * condition's CMP). A loop counts by what its body reads before anything that may leave it.
     */
    static boolean readsInput(List<Node> nodes) {
        for (Node n : nodes) {
            if (n instanceof Node.Inst i && readsInput(i.inst())) return true;
            if (n instanceof Node.If f) {
                if (f.cond() instanceof Node.Flags fl && readsInput(fl.cmp())) return true;
                if (readsInput(f.then()) && readsInput(f.otherwise())) return true;
            }
            if (n instanceof Node.Loop l) {
                List<Node> before = new ArrayList<>();
                for (Node b : l.body()) {
                    if (mayLeave(b)) break;
                    before.add(b);
                }
                if (readsInput(before)) return true;
            }
            if (n instanceof Node.Break b) return b.cond() instanceof Node.Flags fl && readsInput(fl.cmp());
        }
        return false;
    }

    private static boolean mayLeave(Node n) {
        if (n instanceof Node.Break || n instanceof Node.Jump) return true;
        if (n instanceof Node.If f) return f.then().stream().anyMatch(Backend::mayLeave) || f.otherwise().stream().anyMatch(Backend::mayLeave);
        return false;
    }

    private static boolean readsInput(VInst i) {
        for (Operand o : i.src) if (readsInput(o)) return true;
        return false;
    }

    private static boolean readsInput(Operand o) {
        if (o.base() instanceof Operand.Input) return true;
        return o.base() instanceof Operand.Uniform u && u.indexValue() != null && readsInput(u.indexValue());
    }

    /** The sequencer's stacks hold 8 pending IFs and 4 LOOPs (isa/Limits): deeper nesting is an error at the block's line. */
    private static void checkDepth(List<Node> nodes, int ifs, int loops) {
        for (Node n : nodes) {
            if (n instanceof Node.If f) {
                if (ifs + 1 > dev.pica.format.isa.Limits.IF_DEPTH) {
                    throw new dev.pica.compiler.translate.CompileError(dev.pica.format.diag.Problem.GLSL_UNSUPPORTED, f.line(),
                            "ifs nested more than " + dev.pica.format.isa.Limits.IF_DEPTH + " deep (loops with a condition count too): the 3DS's IF stack holds " + dev.pica.format.isa.Limits.IF_DEPTH + "; flatten the conditions");
                }
                checkDepth(f.then(), ifs + 1, loops);
                checkDepth(f.otherwise(), ifs + 1, loops);
            } else if (n instanceof Node.Loop l) {
                if (loops + 1 > dev.pica.format.isa.Limits.LOOP_DEPTH) {
                    throw new dev.pica.compiler.translate.CompileError(dev.pica.format.diag.Problem.GLSL_UNSUPPORTED, l.line(),
                            "loops nested more than " + dev.pica.format.isa.Limits.LOOP_DEPTH + " deep: the 3DS's LOOP stack holds " + dev.pica.format.isa.Limits.LOOP_DEPTH);
                }
                checkDepth(l.body(), ifs, loops + 1);
            }
        }
    }

    /** Every virtual register the program names, indexed by id (ids below {@code count}). */
    static List<VReg> registers(List<Node> program, int count) {
        VReg[] byId = new VReg[count];
        dev.pica.compiler.vir.Nodes.forEach(program, i -> collect(i, byId));
        List<VReg> l = new ArrayList<>();
        for (int k = 0; k < count; k++) l.add(byId[k] != null ? byId[k] : new VReg(k, 1, null));
        return l;
    }

    private static void collect(VInst i, VReg[] byId) {
        if (i.dst != null) byId[i.dst.id] = i.dst;
        List<VReg> u = Flow.uses(i);
        for (VReg r : u) byId[r.id] = r;
    }
}
