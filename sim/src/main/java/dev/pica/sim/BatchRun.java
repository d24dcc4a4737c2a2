package dev.pica.sim;

import dev.pica.format.isa.RegisterFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One {@link Simulator#runBatch} or {@link Simulator#runAll}: the inputs resolved once, the
 * vertices split into contiguous chunks that the threads take in turn, one unit per thread (its
 * uniforms loaded once), and per vertex only the input lanes set, the program run and the
 * wanted output lanes copied out.
 */
final class BatchRun {
    /** Below this many vertices per extra thread, starting threads costs more than it saves. */
    private static final int MIN_PER_THREAD = 2048;
    private static final int INPUTS = RegisterFile.INPUT.count;

    private final Simulator sim;
    private final int vertices;
    private final boolean allOutputs;
    private Bindings.Range[] inRanges;
    // per input register, read by compiled code (BatchCode): its array, the floats a vertex takes there, where it starts, how many lanes it gives
    final float[][] laneArray = new float[INPUTS][];
    final int[] laneStride = new int[INPUTS], laneStart = new int[INPUTS], laneCount = new int[INPUTS];
    /** per output register, for compiled code (BatchCode): the array that takes its lanes, when one output takes them all */
    final float[][] direct = new float[RegisterFile.OUTPUT.count][];
    private final float[][] inLanes;
    private final int[] inPer;
    // outputs by name: register lane offsets to copy, and where
    private int[][] outLanes = new int[0][];
    private float[][] outArrays = new float[0][];
    /** the outputs whose lanes compiled code writes itself ({@link #direct}) */
    private boolean[] compiledWrites = new boolean[0];
    // runAll: every output register (16 x 4 lanes a vertex), steps and notes
    private float[] registers;
    private long[] steps;
    private List<String>[] notes;

    BatchRun(Simulator sim, int vertices, Map<String, float[]> inputs, boolean allOutputs) {
        if (vertices < 0) throw new IllegalArgumentException("a batch of " + vertices + " vertices");
        if (sim.shaderFor().geometry()) throw new IllegalArgumentException("entry " + sim.shaderFor().index() + " is a geometry shader; give it primitives with runGeometry()");
        this.sim = sim;
        this.vertices = vertices;
        this.allOutputs = allOutputs;
        int n = inputs.size(), k = 0;
        inRanges = new Bindings.Range[n];
        inLanes = new float[n][];
        inPer = new int[n];
        for (Map.Entry<String, float[]> e : inputs.entrySet()) {
            Bindings.Range r = sim.inputRange(e.getKey());
            float[] lanes = e.getValue();
            int per = vertices == 0 ? 4 : lanes.length / vertices;
            if (vertices > 0 && lanes.length % vertices != 0) {
                throw new IllegalArgumentException("'" + e.getKey() + "' has " + lanes.length + " values, not a whole number per vertex for " + vertices + " vertices");
            }
            String arity = r.inputArityError(e.getKey(), per);
            if (arity != null) throw new IllegalArgumentException(arity + " per vertex");
            // an input no word reads is never set: it cannot change an output
            int regs = (1 << r.count()) - 1 << r.first();
            if ((sim.shaderFor().words().inputsRead & regs) == 0) continue;
            inRanges[k] = r;
            inLanes[k] = lanes;
            inPer[k++] = per;
        }
        if (k < n) {
            inRanges = java.util.Arrays.copyOf(inRanges, k);
        }
        // per input register: its array, the floats a vertex takes there, where it starts, how many lanes it gives
        for (int j = 0; j < inRanges.length; j++) {
            Bindings.Range r = inRanges[j];
            for (int reg = 0; reg < r.count(); reg++) {
                int at = r.first() + reg;
                laneArray[at] = inLanes[j];
                laneStride[at] = inPer[j];
                laneStart[at] = r.count() == 1 ? 0 : 4 * reg;
                laneCount[at] = r.count() == 1 ? inPer[j] : 4;
            }
        }
        if (allOutputs) {
            registers = new float[vertices * DecodedWords.BANK];
            steps = new long[vertices];
            @SuppressWarnings("unchecked")
            List<String>[] n2 = new List[vertices];
            notes = n2;
        }
    }

    BatchRun outputs(Map<String, float[]> outputs) {
        outLanes = new int[outputs.size()][];
        outArrays = new float[outputs.size()][];
        compiledWrites = new boolean[outputs.size()];
        int k = 0;
        for (Map.Entry<String, float[]> e : outputs.entrySet()) {
            Bindings.Output o = sim.shaderFor().bindings().outputEntry(e.getKey());
            int[] lanes = new int[Integer.bitCount(o.mask() & 0xF)]; // the lanes x-w: a corrupt table may set bits past them
            int j = 0;
            for (int lane = 0; lane < 4; lane++) if ((o.mask() & 1 << lane) != 0) lanes[j++] = DecodedWords.OUT + 4 * o.register() + lane;
            if (e.getValue().length < vertices * lanes.length) {
                throw new IllegalArgumentException("output '" + e.getKey() + "' needs " + vertices * lanes.length + " values (" + lanes.length + " a vertex), not " + e.getValue().length);
            }
            outLanes[k] = lanes;
            outArrays[k] = e.getValue();
            // compiled code writes a register's lanes itself when this output takes every lane the program keeps of it
            int kept = 0;
            for (Bindings.Output other : sim.shaderFor().bindings().outputs()) if (other.register() == o.register()) kept |= other.mask();
            if (o.mask() != 0 && o.mask() == kept && direct[o.register()] == null) {
                direct[o.register()] = e.getValue();
                compiledWrites[k] = true;
            }
            k++;
        }
        return this;
    }

    BatchRun run(int threads) throws SimulationException {
        if (threads < 1) throw new IllegalArgumentException("a batch needs at least one thread, not " + threads);
        int workers = Math.max(1, Math.min(threads, vertices / MIN_PER_THREAD));
        boolean compile = vertices >= Simulator.COMPILE_AFTER;
        entry = sim.shaderFor().dvle().mainAddr();
        maxSteps = sim.maxStepsFor();
        if (workers == 1) {
            chunks = 1;
            work(compile);
            return this;
        }
        // more chunks than threads, taken in turn: a thread that gets less of a shared machine's
        // cores does fewer of them, instead of the others waiting for its fixed half
        chunks = Math.max(workers, Math.min(workers * CHUNKS_PER_THREAD, vertices / MIN_PER_THREAD));
        failures = new SimulationException[chunks];
        crashes = new RuntimeException[chunks];
        List<Future<?>> started = new ArrayList<>();
        for (int t = 1; t < workers; t++) {
            started.add(HELPERS.submit(() -> {
                work(compile); // records a failing chunk's exception, throws only what is no vertex's
                return null;
            }));
        }
        work(compile);
        for (Future<?> f : started) {
            try {
                f.get();
            } catch (InterruptedException e) {
                failed = true;
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the batch ran", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) throw r;
                if (e.getCause() instanceof Error r) throw r;
                throw new IllegalStateException(e.getCause());
            }
        }
        // the first failing vertex in order, whichever thread ran it (chunks before a failed one were all taken before it)
        for (int c = 0; c < chunks; c++) {
            if (crashes[c] != null) throw crashes[c];
            if (failures[c] != null) throw failures[c];
        }
        return this;
    }

    /**
     * The threads that help the calling one, shared by all batches and kept a minute after their
     * last chunk: starting a thread for each batch cost 0.1 ms of CPU, a third of a 65,536-vertex
     * batch of the 15-word benchmark shader.
     */
    private static final ExecutorService HELPERS = Executors.newCachedThreadPool(new ThreadFactory() {
        private final AtomicInteger made = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "picasim-batch-" + made.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    });

    /** Chunks per thread of a parallel batch (fewer when that makes a chunk smaller than {@link #MIN_PER_THREAD} vertices). */
    private static final int CHUNKS_PER_THREAD = 16;
    private int chunks;
    private final AtomicInteger nextChunk = new AtomicInteger();
    private volatile boolean failed;
    private SimulationException[] failures;
    private RuntimeException[] crashes;

    /** One thread's share: its own unit, then chunks in turn until none is left or one failed. */
    private void work(boolean compile) throws SimulationException {
        // a few vertices are only interpreted, as a Simulator's first runs are: compiling costs more
        Machine m = sim.batchUnit(compile);
        ProgramCompiler.Program program = compile ? sim.wholeProgram(allOutputs) : null;
        for (int c; !failed && (c = nextChunk.getAndIncrement()) < chunks; ) {
            if ((program != null || m.usesCompiled()) && sim.shaderFor().compiledFailure() != null) {
                // another thread's compiled code failed: this one interprets too
                m = sim.batchUnit(false);
                program = null;
            }
            if (chunks == 1) {
                compiledOrNot(m, program, 0, vertices);
                return;
            }
            try {
                compiledOrNot(m, program, from(c), from(c + 1));
            } catch (SimulationException e) {
                failures[c] = e;
                failed = true;
            } catch (RuntimeException e) {
                crashes[c] = e;
                failed = true;
            }
        }
    }

    /**
     * Vertices [from, to) on {@code m} (with {@code program} if not null); when compiled code fails
     * on them, it is given up for the shader and the interpreter runs them all again (the
     * vertices it finished are written again with the same values).
     */
    private void compiledOrNot(Machine m, ProgramCompiler.Program program, int from, int to) throws SimulationException {
        if (program == null && !m.usesCompiled()) {
            slice(m, null, from, to);
            return;
        }
        try {
            slice(m, program, from, to);
        } catch (RuntimeException | LinkageError e) {
            sim.shaderFor().giveUpCompiled(e);
            slice(sim.batchUnit(false), null, from, to);
        }
    }

    private int from(int chunk) {
        return (int) ((long) vertices * chunk / chunks);
    }

    private void slice(Machine m, ProgramCompiler.Program program, int from, int to) throws SimulationException {
        if (program != null) {
            // the compiled loop calls input() for each input lane and done() after each vertex
            program.batch(m, this, from, to);
            return;
        }
        for (int v = from; v < to; v++) {
            m.resetInvocation();
            setInputs(m, v);
            long ran;
            try {
                ran = m.run(entry, maxSteps);
            } catch (SimulationException e) {
                throw failed(v, e);
            }
            copyOutputs(m, v, ran, false);
        }
    }

    private int entry;
    private long maxSteps;

    private static SimulationException failed(int v, SimulationException e) {
        return new SimulationException("vertex " + v + ": " + e.getMessage(), e.runaway());
    }

    /** After compiled code ran vertex {@code v}: past the step limit it runs again interpreted, which names where it hangs. */
    void done(Machine m, int v) throws SimulationException {
        long ran = m.steps;
        boolean compiled = true;
        if (ran > maxSteps) {
            m.resetInvocation();
            setInputs(m, v);
            try {
                ran = m.run(entry, maxSteps);
            } catch (SimulationException e) {
                throw failed(v, e);
            }
            compiled = false;
        }
        copyOutputs(m, v, ran, compiled);
        if (!m.unimplemented.isEmpty()) m.unimplemented.clear();
    }

    private void setInputs(Machine m, int v) {
        for (int k = 0; k < inRanges.length; k++) sim.setInputLanes(m, inRanges[k], inLanes[k], v * inPer[k], inPer[k]);
    }

    /** The outputs to the batch's arrays; those compiled code wrote itself skipped when {@code compiledWrote}. */
    private void copyOutputs(Machine m, int v, long ran, boolean compiledWrote) {
        float[] regs = m.regs;
        for (int k = 0; k < outLanes.length; k++) {
            if (compiledWrote && compiledWrites[k]) continue;
            int[] lanes = outLanes[k];
            float[] into = outArrays[k];
            int at = v * lanes.length;
            for (int j = 0; j < lanes.length; j++) into[at + j] = regs[lanes[j]];
        }
        if (registers != null) {
            System.arraycopy(regs, DecodedWords.OUT, registers, v * DecodedWords.BANK, DecodedWords.BANK); // a vertex shader writes bank 0
            steps[v] = ran;
            if (!m.unimplemented.isEmpty()) notes[v] = List.copyOf(m.unimplemented);
        }
    }

    /** runAll's results, one per vertex. */
    List<Result> results() {
        List<Result> out = new ArrayList<>(vertices);
        for (int v = 0; v < vertices; v++) {
            float[] outs = java.util.Arrays.copyOfRange(registers, v * DecodedWords.BANK, (v + 1) * DecodedWords.BANK);
            out.add(new Result(sim.shaderFor().bindings(), outs, List.of(), steps[v], notes[v] == null ? List.of() : notes[v]));
        }
        return out;
    }
}
