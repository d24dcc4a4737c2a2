package dev.pica.sim;

import static dev.pica.sim.DecodedWords.*;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A whole vertex shader compiled to JVM bytecode: its {@link Structure} (IF, LOOP, CALL regions
 * and forward jumps) becomes JVM control flow, each ALU word computes only the lanes {@link
 * Liveness} marks, with swizzles, negation and masks resolved here, register lanes held in
 * locals (which the JIT keeps in machine registers; a uniform's lanes only in the batch's entry,
 * which loads them once for its vertices, elsewhere read from the unit's array where used),
 * constants the DVLE fixes folded in. What each lane computes is {@link AluKind#lane}'s {@link
 * PicaFloat} method, as the interpreter's {@link Machine} methods compute it, so both engines
 * agree to the bit.
 *
 * <p>A method holds about {@link #BUDGET} units of work (HotSpot does not compile methods over
 * 8000 bytes of bytecode; the run entry holds the whole program when it fits in those bytes);
 * longer regions are split into methods that each load the lanes they
 * touch from the unit's array and store those they write, returning 0 (ran on), 1 (reached
 * END) or 2 (a break of a loop of their caller). The unit's {@link Machine#regs} must hold the
 * invocation's inputs and the uniforms; temporaries, outputs, a0, cmp and aL start at 0 whatever
 * it holds, and every output lane some word writes is stored at the end: by {@link Program#run}
 * into a new array, which becomes the {@link Result}'s, by {@link Program#batch} into the unit's.
 */
final class ProgramCompiler {
    /** One compiled program. */
    interface Program {
        /**
         * Runs an invocation on {@code m}, words executed in {@code m.steps}: the output registers
         * some word writes (a new array, as {@link Machine#writtenOutputs} gives them; the unit's
         * output registers are left as they were).
         */
        float[] run(Machine m);

        /**
         * Runs vertices {@code from} to {@code to - 1} of a batch in one loop: each vertex's
         * input lanes from {@link BatchRun#input}, the constants loaded once, and after each
         * vertex (outputs in the unit's array, words executed in {@code m.steps})
         * {@link BatchRun#done}.
         */
        void batch(Machine m, BatchRun io, int from, int to);
    }

    private static final int BUDGET = 220;
    /**
     * HotSpot's HugeMethodLimit: a method with more bytes of bytecode is never compiled
     * ({@code -XX:-DontCompileHugeMethods} aside), so it would run interpreted.
     */
    static final int HUGE_METHOD = 8000;

    /**
     * {@link Machine#relative}'s answer for each constant index 0-127 after the wrap: c0-c95's
     * offsets in the unit's array, and 96 or more the register of ones. Read by compiled code.
     */
    static final int[] RELATIVE = new int[128];

    static {
        for (int c = 0; c < RELATIVE.length; c++) RELATIVE[c] = Machine.relative(c, 0);
    }
    private static final String MACHINE = "dev/pica/sim/Machine", DESC = "(Ldev/pica/sim/Machine;)I", RUN_DESC = "(Ldev/pica/sim/Machine;)[F";
    private static final int STATUS_END = 1, STATUS_BREAK = 2;

    /** What a method is: a part a caller calls, the entry of one invocation, or the entry that loops over a batch. */
    private enum Entry { NONE, RUN, BATCH }

    private final int[] w;
    /** constant lanes folded into the code (array offset to value), others read from the array */
    private final Map<Integer, Float> folded;
    /** the output lanes the caller reads */
    private final BitSet kept;
    /** lanes of the output registers some word writes: the length of {@link Program#run}'s array */
    private final int outputLanes;
    private final String name = "dev/pica/sim/CompiledProgram";
    private final Bytecode.Out cw = Bytecode.start(name, "dev/pica/sim/ProgramCompiler$Program");
    private int methods;
    /** whether the run entry holds the whole program (no part outlined), and the bytes of bytecode of the method last written */
    private final boolean runWhole;
    private int lastMethodBytes;

    private ProgramCompiler(int[] w, Map<Integer, Float> folded, BitSet kept, int outputLanes, boolean runWhole) {
        this.w = w;
        this.runWhole = runWhole;
        this.outputLanes = outputLanes;
        this.folded = folded;
        this.kept = kept;
    }

    /**
     * The program from {@code entry} compiled, keeping {@code outputsKept} (array offsets of the
     * output lanes the caller reads) and folding {@code folded}'s constant lanes; null when its
     * control flow is not one {@link Structure} reads (the interpreter runs it then).
     */
    static Program compile(DecodedWords words, int entry, BitSet outputsKept, Map<Integer, Float> folded) {
        List<Structure.Node> program = Structure.read(words, entry);
        if (program == null) return null;
        Liveness.mark(words, program, outputsKept);
        // the run entry as one method if it fits: outlining a part stores the lanes it touches
        // into the unit's array and loads them back around each call (public-style skinning's
        // program alone 7% faster in one method); else in parts of BUDGET as the batch's
        ProgramCompiler c = new ProgramCompiler(words.w, folded, outputsKept, 4 * words.outputsWritten, true);
        String run = c.method(program, Entry.RUN);
        if (c.lastMethodBytes >= HUGE_METHOD - 100) {
            c = new ProgramCompiler(words.w, folded, outputsKept, 4 * words.outputsWritten, false);
            run = c.method(program, Entry.RUN);
        }
        // run(m) calls the entry; batch(m, io, from, to) puts the range into the unit's fields, then calls the looping entry
        c.publicMethod("run", RUN_DESC, run, mv -> { });
        c.publicMethod("batch", "(Ldev/pica/sim/Machine;Ldev/pica/sim/BatchRun;II)V", c.method(program, Entry.BATCH), mv -> {
            String[][] fields = {{"batch", "Ldev/pica/sim/BatchRun;"}, {"batchFrom", "I"}, {"batchTo", "I"}};
            for (int k = 0; k < 3; k++) {
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitVarInsn(k == 0 ? Opcodes.ALOAD : Opcodes.ILOAD, 2 + k);
                mv.visitFieldInsn(Opcodes.PUTFIELD, MACHINE, fields[k][0], fields[k][1]);
            }
        });
        return (Program) Bytecode.instance(c.cw, "the compiled program");
    }

    /**
     * A public method of Program: {@code before}, then the static method {@code callee} on the unit
     * (argument 1); run returns the callee's array, batch nothing.
     */
    private void publicMethod(String method, String desc, String callee, java.util.function.Consumer<MethodVisitor> before) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, method, desc, null, null);
        mv.visitCode();
        before.accept(mv);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        boolean run = desc.equals(RUN_DESC);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, name, callee, run ? RUN_DESC : DESC, false);
        mv.visitInsn(run ? Opcodes.ARETURN : Opcodes.POP);
        if (!run) mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Work units of nodes: lanes computed, plus a little per word and block. */
    private static int cost(List<Structure.Node> nodes) {
        int c = 0;
        for (Structure.Node n : nodes) c += cost(n);
        return c;
    }

    private static int cost(Structure.Node n) {
        if (n instanceof Structure.Alu a) return a.kind == null || a.live == 0 ? 0 : a.kind.shape == AluKind.Shape.DOT ? 6 : 1 + 2 * Integer.bitCount(a.live);
        if (n instanceof Structure.If i) return 2 + cost(i.then()) + cost(i.otherwise());
        if (n instanceof Structure.Loop l) return 4 + cost(l.body());
        if (n instanceof Structure.Call c) return 1 + cost(c.body());
        return 1;
    }

    /**
     * Nodes in runs that may be split between methods: a forward jump and everything up to its
     * target stay together (a JVM jump stays inside its method).
     */
    private static List<List<Structure.Node>> units(List<Structure.Node> nodes) {
        List<List<Structure.Node>> out = new ArrayList<>();
        List<Structure.Node> open = null;
        int until = -1;
        for (Structure.Node n : nodes) {
            if (open == null) open = new ArrayList<>();
            open.add(n);
            if (n instanceof Structure.Jump j) until = Math.max(until, j.target().pc());
            boolean closes = until < 0 || n instanceof Structure.Target t && t.pc() >= until;
            if (closes) {
                out.add(open);
                open = null;
                until = -1;
            }
        }
        if (open != null) out.add(open);
        return out;
    }

    /**
     * Emits a static method for {@code nodes} (a break in them that leaves their method returns
     * 2); an entry method starts the invocation: its temporaries, outputs, a0, cmp, aL and step
     * count start at 0 in locals, not from the unit, which needs no clearing between vertices
     * (every other method reads only what a caller stored first). The batch entry loops over
     * the batch's vertices around the program.
     */
    private String method(List<Structure.Node> nodes, Entry entry) {
        String m = "m" + methods++;
        // the first pass finds the lanes and registers the body touches, the second writes it after a prologue that loads them
        Emitter probe = new Emitter(new MethodVisitor(Opcodes.ASM9) {}, null, entry);
        probe.list(nodes);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, m, entry == Entry.RUN ? RUN_DESC : DESC, null, null);
        mv.visitCode();
        Emitter e = new Emitter(mv, probe, entry);
        e.prologue();
        e.list(nodes);
        e.epilogue();
        Label end = new Label();
        mv.visitLabel(end);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        lastMethodBytes = end.getOffset();
        return m;
    }

    /** Writes one method's code; the probe pass collects what the real pass loads and stores. */
    private final class Emitter {
        // locals: 0 Machine, 1 float[] regs, 2 int[] ints, 3 boolean[] bools, 4 a0x, 5 a0y, 6 cmpX, 7 cmpY, 8 aL, 9-10 steps, 11 status, 12-15 lane results, 16-17 scratch
        static final int M = 0, R = 1, INTS = 2, BOOLS = 3, A0X = 4, A0Y = 5, CMPX = 6, CMPY = 7, AL = 8, STEPS = 9, STATUS = 11, TMP = 12, SCRATCH = 16, FIRST = 18;
        final MethodVisitor mv;
        /** lane offset to its local, in the order first touched */
        final Map<Integer, Integer> lanes;
        final BitSet written;
        int next;
        int budget;
        boolean fresh = true;
        final Label exit = new Label();
        /** where a break of the innermost loop of this method goes (null: the loop is a caller's) */
        Label breakTo;

        /** the first pass: nothing is written, outlined runs are measured, not emitted */
        final boolean probing;

        Emitter(MethodVisitor mv, Emitter probe, Entry entry) {
            this.mv = mv;
            this.entry = entry;
            this.budget = entry == Entry.RUN && runWhole ? Integer.MAX_VALUE : BUDGET;
            this.probing = probe == null;
            this.lanes = new LinkedHashMap<>();
            this.written = probe == null ? new BitSet() : probe.written;
            this.next = FIRST;
            // the lanes first, numbered from FIRST; the other locals the body takes come after them
            if (probe != null) for (int o : probe.lanes.keySet()) local(o);
        }

        int local(int offset) {
            return lanes.computeIfAbsent(offset, o -> next++);
        }

        /** the batch entry's locals: the vertex, the last one + 1, the batch; and the loop's top and end */
        int vertex, until, io;
        BatchCode batch;
        final Label vertexTop = new Label(), allDone = new Label();
        final Entry entry;

        void prologue() {
            mv.visitVarInsn(Opcodes.ALOAD, M);
            mv.visitFieldInsn(Opcodes.GETFIELD, MACHINE, "regs", "[F");
            mv.visitVarInsn(Opcodes.ASTORE, R);
            mv.visitVarInsn(Opcodes.ALOAD, M);
            mv.visitFieldInsn(Opcodes.GETFIELD, MACHINE, "ints", "[I");
            mv.visitVarInsn(Opcodes.ASTORE, INTS);
            mv.visitVarInsn(Opcodes.ALOAD, M);
            mv.visitFieldInsn(Opcodes.GETFIELD, MACHINE, "bools", "[Z");
            mv.visitVarInsn(Opcodes.ASTORE, BOOLS);
            push(0);
            mv.visitVarInsn(Opcodes.ISTORE, STATUS);
            for (int k = TMP; k < TMP + 4; k++) {
                mv.visitInsn(Opcodes.FCONST_0);
                mv.visitVarInsn(Opcodes.FSTORE, k);
            }
            // uniforms and constants once (a batch's whole loop); per vertex below what changes
            List<Integer> once = new ArrayList<>(), perVertex = new ArrayList<>();
            for (int o : lanes.keySet()) (entry != Entry.NONE && perInvocation(o) ? perVertex : once).add(o);
            loadLanes(once);
            if (entry == Entry.BATCH) {
                io = next++;
                vertex = next++;
                until = next++;
                mv.visitVarInsn(Opcodes.ALOAD, M);
                mv.visitFieldInsn(Opcodes.GETFIELD, MACHINE, "batch", "Ldev/pica/sim/BatchRun;");
                mv.visitVarInsn(Opcodes.ASTORE, io);
                field(Opcodes.GETFIELD, "batchFrom", "I", vertex);
                field(Opcodes.GETFIELD, "batchTo", "I", until);
                BitSet inputs = new BitSet();
                for (int o : perVertex) if (o < TEMP) inputs.set(o);
                batch = new BatchCode(mv, io, vertex, () -> next++, inputs, kept);
                batch.hoist();
                label(vertexTop);
                mv.visitVarInsn(Opcodes.ILOAD, vertex);
                mv.visitVarInsn(Opcodes.ILOAD, until);
                jump(Opcodes.IF_ICMPGE, allDone);
            }
            if (entry == Entry.NONE) {
                loadScalars();
            } else {
                for (int local : SCALAR_LOCALS) {
                    push(0);
                    mv.visitVarInsn(Opcodes.ISTORE, local);
                }
                mv.visitVarInsn(Opcodes.ALOAD, M);
                mv.visitInsn(Opcodes.LCONST_0);
                mv.visitFieldInsn(Opcodes.PUTFIELD, MACHINE, "steps", "J");
            }
            mv.visitInsn(Opcodes.LCONST_0);
            mv.visitVarInsn(Opcodes.LSTORE, STEPS);
            if (entry == Entry.BATCH) batch.vertexStart();
            for (int o : perVertex) {
                if (o < TEMP) {
                    if (entry == Entry.BATCH) {
                        batch.input(o);
                    } else {
                        mv.visitVarInsn(Opcodes.ALOAD, R);
                        push(o);
                        mv.visitInsn(Opcodes.FALOAD);
                    }
                } else {
                    mv.visitInsn(Opcodes.FCONST_0);
                }
                mv.visitVarInsn(Opcodes.FSTORE, lanes.get(o));
            }
        }

        /** Lanes an entry sets for each invocation: inputs, and temporaries and outputs (from 0). */
        boolean perInvocation(int o) {
            return o < CONST || o >= OUT;
        }

        /** Machine's fields a method keeps in locals: a0.x, a0.y, cmp.x, cmp.y, aL. */
        static final String[][] SCALARS = {{"a0x", "I"}, {"a0y", "I"}, {"cmpX", "Z"}, {"cmpY", "Z"}, {"aL", "I"}};
        static final int[] SCALAR_LOCALS = {A0X, A0Y, CMPX, CMPY, AL};

        void loadScalars() {
            for (int k = 0; k < SCALARS.length; k++) field(Opcodes.GETFIELD, SCALARS[k][0], SCALARS[k][1], SCALAR_LOCALS[k]);
        }

        void storeScalars() {
            flushSteps();
            for (int k = 0; k < SCALARS.length; k++) field(Opcodes.PUTFIELD, SCALARS[k][0], SCALARS[k][1], SCALAR_LOCALS[k]);
            addSteps();
        }

        /** m.steps += steps; steps = 0 (the words counted so far included) */
        void addSteps() {
            flushSteps();
            mv.visitVarInsn(Opcodes.ALOAD, M);
            mv.visitInsn(Opcodes.DUP);
            mv.visitFieldInsn(Opcodes.GETFIELD, MACHINE, "steps", "J");
            mv.visitVarInsn(Opcodes.LLOAD, STEPS);
            mv.visitInsn(Opcodes.LADD);
            mv.visitFieldInsn(Opcodes.PUTFIELD, MACHINE, "steps", "J");
            mv.visitInsn(Opcodes.LCONST_0);
            mv.visitVarInsn(Opcodes.LSTORE, STEPS);
        }

        void field(int op, String f, String desc, int local) {
            mv.visitVarInsn(Opcodes.ALOAD, M);
            if (op == Opcodes.PUTFIELD) mv.visitVarInsn(Opcodes.ILOAD, local);
            mv.visitFieldInsn(op, MACHINE, f, desc);
            if (op == Opcodes.GETFIELD) mv.visitVarInsn(Opcodes.ISTORE, local);
        }

        void loadLanes(Iterable<Integer> offsets) {
            for (int o : offsets) {
                Integer local = lanes.get(o);
                if (local == null) continue;
                mv.visitVarInsn(Opcodes.ALOAD, R);
                push(o);
                mv.visitInsn(Opcodes.FALOAD);
                mv.visitVarInsn(Opcodes.FSTORE, local);
            }
        }

        void storeLanes(BitSet which) {
            for (int o = which.nextSetBit(0); o >= 0; o = which.nextSetBit(o + 1)) {
                Integer local = lanes.get(o);
                if (local == null) continue;
                mv.visitVarInsn(Opcodes.ALOAD, R);
                push(o);
                mv.visitVarInsn(Opcodes.FLOAD, local);
                mv.visitInsn(Opcodes.FASTORE);
            }
        }

        void epilogue() {
            label(exit);
            if (entry == Entry.BATCH) {
                // the vertex's outputs to the unit, then the batch takes them; on to the next vertex
                BitSet outputs = (BitSet) written.clone();
                outputs.clear(0, OUT);
                storeLanes(outputs);
                storeScalars();
                batch.outputs(o -> lanes.getOrDefault(o, -1), next++);
                mv.visitVarInsn(Opcodes.ALOAD, io);
                mv.visitVarInsn(Opcodes.ALOAD, M);
                mv.visitVarInsn(Opcodes.ILOAD, vertex);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "dev/pica/sim/BatchRun", "done", "(Ldev/pica/sim/Machine;I)V", false);
                mv.visitIincInsn(vertex, 1);
                push(0);
                mv.visitVarInsn(Opcodes.ISTORE, STATUS);
                jump(Opcodes.GOTO, vertexTop);
                label(allDone);
            } else if (entry == Entry.RUN) {
                // the caller reads only the outputs and the step count: the outputs into a new
                // array (zero where no word wrote) that the Result keeps, so the unit's output
                // registers need no clearing before and no copying after
                addSteps();
                push(outputLanes);
                mv.visitIntInsn(Opcodes.NEWARRAY, Opcodes.T_FLOAT);
                for (int o = written.nextSetBit(OUT); o >= 0; o = written.nextSetBit(o + 1)) {
                    mv.visitInsn(Opcodes.DUP);
                    push(o - OUT);
                    mv.visitVarInsn(Opcodes.FLOAD, lanes.get(o));
                    mv.visitInsn(Opcodes.FASTORE);
                }
                mv.visitInsn(Opcodes.ARETURN);
                return;
            } else {
                storeLanes(written);
                storeScalars();
            }
            mv.visitVarInsn(Opcodes.ILOAD, STATUS);
            mv.visitInsn(Opcodes.IRETURN);
        }

        /** words counted but not yet added to the steps local: added once before the next label or jump */
        int pendingSteps;

        void steps(int n) {
            pendingSteps += n;
        }

        /**
         * Adds the words counted since the last label or jump to the steps local: one addition
         * per straight run instead of one per word, 8 bytes of bytecode a word that kept long
         * shaders from fitting the 8000 bytes HotSpot compiles in one method.
         */
        void flushSteps() {
            if (pendingSteps == 0) return;
            mv.visitVarInsn(Opcodes.LLOAD, STEPS);
            mv.visitLdcInsn((long) pendingSteps);
            mv.visitInsn(Opcodes.LADD);
            mv.visitVarInsn(Opcodes.LSTORE, STEPS);
            pendingSteps = 0;
        }

        /** A label of the program's control flow: the straight run ends (steps added, relative registers forgotten). */
        void label(Label l) {
            flushSteps();
            relatives.clear();
            mv.visitLabel(l);
        }

        void jump(int op, Label to) {
            flushSteps();
            relatives.clear();
            mv.visitJumpInsn(op, to);
        }

        /** Nodes inline while they fit, else in runs outlined into methods of their own. */
        void list(List<Structure.Node> nodes) {
            List<List<Structure.Node>> units = units(nodes);
            if (cost(nodes) <= budget || fresh && units.size() == 1) {
                for (List<Structure.Node> u : units) for (Structure.Node n : u) node(n);
                return;
            }
            List<Structure.Node> run = new ArrayList<>();
            int runCost = 0;
            for (List<Structure.Node> u : units) {
                int c = cost(u);
                if (!run.isEmpty() && runCost + c > BUDGET) {
                    place(run, runCost);
                    run = new ArrayList<>();
                    runCost = 0;
                }
                run.addAll(u);
                runCost += c;
            }
            if (!run.isEmpty()) place(run, runCost);
        }

        private void place(List<Structure.Node> run, int runCost) {
            if (runCost <= budget) {
                for (Structure.Node n : run) node(n);
            } else {
                outline(run);
            }
        }

        /** Calls a method of its own for {@code run}: the lanes it touches stored before, those it writes loaded after. */
        void outline(List<Structure.Node> run) {
            fresh = false;
            String callee = probing ? null : method(run, Entry.NONE);
            Emitter shape = new Emitter(new MethodVisitor(Opcodes.ASM9) {}, null, Entry.NONE);
            shape.list(run);
            for (int o : shape.lanes.keySet()) local(o); // make sure both passes hold the same lanes
            BitSet touched = new BitSet();
            for (int o : shape.lanes.keySet()) touched.set(o);
            // the uniforms are in the unit's array already (no word writes c): the callee loads them itself
            touched.clear(CONST, OUT);
            storeLanes(touched);
            storeScalars();
            mv.visitVarInsn(Opcodes.ALOAD, M);
            if (callee != null) mv.visitMethodInsn(Opcodes.INVOKESTATIC, name, callee, DESC, false);
            mv.visitVarInsn(Opcodes.ISTORE, STATUS);
            loadScalars();
            loadLanes(shape.written.stream().boxed().toList());
            written.or(shape.written);
            // status 1: END; 2: a break of the innermost loop
            mv.visitVarInsn(Opcodes.ILOAD, STATUS);
            Label ran = new Label();
            jump(Opcodes.IFEQ, ran);
            if (breakTo != null) {
                mv.visitVarInsn(Opcodes.ILOAD, STATUS);
                push(STATUS_BREAK);
                jump(Opcodes.IF_ICMPEQ, breakTo);
            }
            jump(Opcodes.GOTO, exit);
            label(ran);
            push(0);
            mv.visitVarInsn(Opcodes.ISTORE, STATUS);
        }

        /** each jump target's label: by the node, since a called region's words are read once per call site */
        private final Map<Structure.Target, Label> targets = new java.util.IdentityHashMap<>();

        Label target(Structure.Target t) {
            return targets.computeIfAbsent(t, k -> new Label());
        }

        void node(Structure.Node n) {
            fresh = false;
            if (n instanceof Structure.Alu a) {
                steps(1);
                if (a.kind != null && a.live != 0) alu(a);
                budget -= cost(a);
            } else if (n instanceof Structure.Note note) {
                steps(1);
                mv.visitVarInsn(Opcodes.ALOAD, M);
                push(note.pc());
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, MACHINE, "noteWord", "(I)V", false);
            } else if (n instanceof Structure.End) {
                steps(1);
                push(STATUS_END);
                mv.visitVarInsn(Opcodes.ISTORE, STATUS);
                jump(Opcodes.GOTO, exit);
            } else if (n instanceof Structure.Target t) {
                label(target(t));
            } else if (n instanceof Structure.Jump j) {
                steps(1);
                condition(j.pc(), target(j.target()), true);
            } else if (n instanceof Structure.Break b) {
                steps(1);
                Label stay = new Label();
                conditionFalse(b.pc(), stay);
                if (breakTo != null) {
                    jump(Opcodes.GOTO, breakTo);
                } else {
                    push(STATUS_BREAK);
                    mv.visitVarInsn(Opcodes.ISTORE, STATUS);
                    jump(Opcodes.GOTO, exit);
                }
                label(stay);
            } else if (n instanceof Structure.If i) {
                steps(1);
                Label otherwise = new Label(), done = new Label();
                conditionFalse(i.pc(), otherwise);
                list(i.then());
                jump(Opcodes.GOTO, done);
                label(otherwise);
                list(i.otherwise());
                label(done);
            } else if (n instanceof Structure.Call c) {
                steps(1);
                Label skip = new Label();
                conditionFalse(c.pc(), skip);
                list(c.body());
                label(skip);
            } else if (n instanceof Structure.Loop l) {
                loop(l);
            }
        }

        void loop(Structure.Loop l) {
            steps(1);
            int reg = 4 * l.reg();
            int count = next++, step = next++, saved = next++;
            // aL = y, count = x, step = z (bytes of i[reg]); the emulator saves aL after setting it
            intsLane(reg + 1);
            mv.visitVarInsn(Opcodes.ISTORE, AL);
            intsLane(reg);
            mv.visitVarInsn(Opcodes.ISTORE, count);
            intsLane(reg + 2);
            mv.visitVarInsn(Opcodes.ISTORE, step);
            mv.visitVarInsn(Opcodes.ILOAD, AL);
            mv.visitVarInsn(Opcodes.ISTORE, saved);
            Label top = new Label(), broke = new Label(), done = new Label();
            Label outerBreak = breakTo;
            breakTo = broke;
            label(top);
            list(l.body());
            breakTo = outerBreak;
            addStep(step);
            // again while count-- != 0
            mv.visitVarInsn(Opcodes.ILOAD, count);
            mv.visitIincInsn(count, -1);
            jump(Opcodes.IFNE, top);
            jump(Opcodes.GOTO, done);
            label(broke);
            addStep(step);
            label(done);
            if (l.nested()) {
                mv.visitVarInsn(Opcodes.ILOAD, saved);
                mv.visitVarInsn(Opcodes.ISTORE, AL);
            }
        }

        void addStep(int step) {
            mv.visitVarInsn(Opcodes.ILOAD, AL);
            mv.visitVarInsn(Opcodes.ILOAD, step);
            mv.visitInsn(Opcodes.IADD);
            mv.visitVarInsn(Opcodes.ISTORE, AL);
        }

        void intsLane(int k) {
            mv.visitVarInsn(Opcodes.ALOAD, INTS);
            push(k);
            mv.visitInsn(Opcodes.IALOAD);
            push(0xFF);
            mv.visitInsn(Opcodes.IAND);
        }

        /** Jumps to {@code to} when the word's condition does not hold (falls through for unconditional words). */
        void conditionFalse(int pc, Label to) {
            condition(pc, to, false);
        }

        /** Jumps to {@code to} when the word's condition is {@code when}. */
        void condition(int pc, Label to, boolean when) {
            int p = pc * STRIDE, kind = w[p + KIND];
            switch (kind) {
                case CALL, BREAK -> {
                    if (when) jump(Opcodes.GOTO, to);
                    return;
                }
                case IFU, CALLU, JMPU -> {
                    mv.visitVarInsn(Opcodes.ALOAD, BOOLS);
                    push(w[p + AUX]);
                    mv.visitInsn(Opcodes.BALOAD);
                    // JMPU jumps when b == !(num & 1)
                    boolean jumpsWhenTrue = kind != JMPU || (w[p + NUM] & 1) == 0;
                    jump(when == jumpsWhenTrue ? Opcodes.IFNE : Opcodes.IFEQ, to);
                }
                default -> {
                    push(w[p + AUX]);
                    mv.visitVarInsn(Opcodes.ILOAD, CMPX);
                    mv.visitVarInsn(Opcodes.ILOAD, CMPY);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, MACHINE, "holds", "(IZZ)Z", false);
                    jump(when ? Opcodes.IFNE : Opcodes.IFEQ, to);
                }
            }
        }

        /** One ALU word: the live lanes computed into the result locals, then written. */
        void alu(Structure.Alu a) {
            int p = a.pc * STRIDE;
            AluKind kind = a.kind;
            int live = a.live;
            // a relative operand's register is found once, before anything is written
            int[] relBase = new int[3];
            int rel = w[p + REL];
            if (rel != 0) {
                int s = (rel >>> 2) - 1;
                relBase[s] = relative(w[p + SRC + s], (rel & 3) == 1 ? A0X : (rel & 3) == 2 ? A0Y : AL);
            }
            LaneCode lanes = new LaneCode(mv, (s, k) -> source(p, relBase, s, k), SCRATCH, SCRATCH + 1);
            switch (kind.shape) {
                case ADDRESS -> {
                    if ((live & 8) != 0) toInt(p, relBase, 0, A0X);
                    if ((live & 4) != 0) toInt(p, relBase, 1, A0Y);
                    // registers found through the old a0 are found again
                    relatives.clear();
                    return;
                }
                case COMPARE -> {
                    int aux = w[p + AUX];
                    int[] ops = {aux & 7, aux >>> 3};
                    // both flags from the sources before either is written (they read no flag)
                    for (int k = 0; k < 2; k++) {
                        if ((live & 8 >> k) == 0) continue;
                        push(ops[k]);
                        source(p, relBase, 0, k);
                        source(p, relBase, 1, k);
                        mv.visitInsn(Opcodes.ICONST_0);
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, MACHINE, "compare", "(IFFZ)Z", false);
                        mv.visitVarInsn(Opcodes.ISTORE, k == 0 ? CMPX : CMPY);
                    }
                    return;
                }
                case DOT -> {
                    lanes.dot(kind, TMP);
                    splat(p, live);
                    return;
                }
                case SCALAR -> {
                    lanes.scalar(kind, TMP);
                    splat(p, live);
                    return;
                }
                default -> { }
            }
            // LANES and MAD: lane k from lane k of each source
            for (int k = 0; k < 4; k++) if ((live & 8 >> k) != 0) lanes.lane(kind, k, TMP + k);
            int dst = Liveness.destination(w[p + DST]);
            for (int k = 0; k < 4; k++) {
                if ((live & 8 >> k) == 0) continue;
                mv.visitVarInsn(Opcodes.FLOAD, TMP + k);
                mv.visitVarInsn(Opcodes.FSTORE, local(dst + k));
                written.set(dst + k);
            }
        }

        /**
         * Where constant {@code base} moved by the address register in int local {@code offset}
         * lies in the unit's array ({@link Machine#relative}), into an int local, which is
         * returned: found once per straight run for each base and register (the words of a
         * skinning shader read the rows of one bone through one a0 value, each row twice). Written
         * out rather than called: C2 would not inline {@code Machine.relative} into a long
         * compiled method (42 bytes, over {@code MaxInlineSize}: "callee is too large" in
         * {@code -XX:+PrintInlining}), and a call there spills every live lane around it.
         */
        int relative(int base, int offset) {
            long key = (long) offset << 32 | base;
            Integer known = relatives.get(key);
            if (known != null) return known;
            int into = next++;
            // an offset outside -128..127 counts as 0
            Label inRange = new Label();
            mv.visitVarInsn(Opcodes.ILOAD, offset);
            mv.visitVarInsn(Opcodes.ISTORE, into);
            mv.visitVarInsn(Opcodes.ILOAD, into);
            mv.visitInsn(Opcodes.I2B);
            mv.visitVarInsn(Opcodes.ILOAD, into);
            mv.visitJumpInsn(Opcodes.IF_ICMPEQ, inRange);
            push(0);
            mv.visitVarInsn(Opcodes.ISTORE, into);
            mv.visitLabel(inRange);
            // RELATIVE[(base + offset) & 0x7F]
            mv.visitFieldInsn(Opcodes.GETSTATIC, "dev/pica/sim/ProgramCompiler", "RELATIVE", "[I");
            push(base);
            mv.visitVarInsn(Opcodes.ILOAD, into);
            mv.visitInsn(Opcodes.IADD);
            push(0x7F);
            mv.visitInsn(Opcodes.IAND);
            mv.visitInsn(Opcodes.IALOAD);
            mv.visitVarInsn(Opcodes.ISTORE, into);
            relatives.put(key, into);
            return into;
        }

        /** the relative registers found in this straight run: (offset local, base) to the local holding the array offset */
        final Map<Long, Integer> relatives = new java.util.HashMap<>();

        void toInt(int p, int[] relBase, int k, int into) {
            source(p, relBase, 0, k);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, MACHINE, "toInt", "(F)I", false);
            mv.visitVarInsn(Opcodes.ISTORE, into);
        }

        void splat(int p, int live) {
            int dst = Liveness.destination(w[p + DST]);
            for (int k = 0; k < 4; k++) {
                if ((live & 8 >> k) == 0) continue;
                mv.visitVarInsn(Opcodes.FLOAD, TMP);
                mv.visitVarInsn(Opcodes.FSTORE, local(dst + k));
                written.set(dst + k);
            }
        }

        /** Pushes source slot s's lane for result lane k: swizzled, negated, folded or read. */
        void source(int p, int[] relBase, int s, int k) {
            int lane = Liveness.lane(w[p + SEL + s], k);
            if (relBase[s] != 0) {
                mv.visitVarInsn(Opcodes.ALOAD, R);
                mv.visitVarInsn(Opcodes.ILOAD, relBase[s]);
                push(lane);
                mv.visitInsn(Opcodes.IADD);
                mv.visitInsn(Opcodes.FALOAD);
            } else {
                int o = w[p + SRC + s] + lane;
                Float f = folded.get(o);
                if (f != null) {
                    mv.visitLdcInsn(f);
                } else if (entry != Entry.BATCH && o >= CONST && o < OUT) {
                    // a uniform lane read where it is used: an invocation's entry loading every lane
                    // it reads up front kept them all live across the program (C2 spilled them);
                    // the batch's entry loads them once for all its vertices
                    mv.visitVarInsn(Opcodes.ALOAD, R);
                    push(o);
                    mv.visitInsn(Opcodes.FALOAD);
                } else {
                    mv.visitVarInsn(Opcodes.FLOAD, local(o));
                }
            }
            if ((w[p + NEG] & 1 << s) != 0) mv.visitInsn(Opcodes.FNEG);
        }

        void push(int v) {
            Bytecode.push(mv, v);
        }
    }
}
