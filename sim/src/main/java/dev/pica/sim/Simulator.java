package dev.pica.sim;

import dev.pica.format.isa.Limits;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.FormatException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one shader entry on the host (docs/spec/execution.md). Uniforms start as the DVLE's
 * constant table sets them (float24 values) and are then set by name as citro3d uploads them;
 * each {@link #run} starts a fresh unit, as the emulator's does per vertex.
 *
 * <pre>{@code
 * Simulator sim = Simulator.load(Path.of("target/shaders/sky.shbin"));
 * sim.uniform("projection", 1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1);
 * float[] pos = sim.run(Map.of("inpos", new float[] {1, 2, 3, 1})).output("position");
 * }</pre>
 *
 * Not thread-safe (it holds uniforms); use one per thread over a shared {@link Shader}.
 */
public final class Simulator {
    /**
     * The nesting of a geometry shader's input as picasim and picadbg read it, for messages:
     * four levels, the innermost an attribute's four lanes.
     */
    public static final String PRIMITIVES_SHAPE = "\"primitives\": [primitive, ...], a primitive [vertex, ...], a vertex [attribute, ...], "
            + "an attribute [x, y, z, w]; one triangle of one attribute per vertex: [[[[1,0,0,1]], [[0,1,0,1]], [[0,0,1,1]]]]";

    /** Default bound on executed words before a run counts as a hang. */
    public static final long DEFAULT_MAX_STEPS = 1_000_000;

    private final Shader shader;
    private Precision precision = Precision.EMULATOR;
    private long maxSteps = DEFAULT_MAX_STEPS;
    private Tracer tracer;
    private static final int FLOATS = RegisterFile.FLOAT_UNIFORM.count, INTS = RegisterFile.INT_UNIFORM.count, BOOLS = RegisterFile.BOOL_UNIFORM.count;
    private final float[] floats = new float[FLOATS * 4];
    private final int[] ints = new int[INTS * 4];
    private final boolean[] bools = new boolean[BOOLS];
    /** the geometry unit's three vertex slots (output registers), kept from one invocation to the next as the GPU's are */
    private final float[][] slots = {new float[DecodedWords.BANK], new float[DecodedWords.BANK], new float[DecodedWords.BANK]};
    /** the uniform registers the DVLE's constants or a call here have set */
    private final java.util.BitSet floatsSet = new java.util.BitSet(FLOATS), intsSet = new java.util.BitSet(INTS), boolsSet = new java.util.BitSet(BOOLS);
    /** one unit, reset before each invocation; rebuilt when the precision or the tracer changes */
    private Machine unit;
    /** whether the unit's uniform registers must be loaded again before the next run */
    private boolean uniformsChanged = true;
    /** runs so far: after COMPILE_AFTER of them the shader's straight runs are compiled to bytecode */
    private long runs;
    private long compileAfter = COMPILE_AFTER;
    static final int COMPILE_AFTER = 16;
    /** the whole program compiled, once runs reach compileAfter and nothing rules it out */
    private ProgramCompiler.Program whole;
    /** whether the folded constants hold (checked when the uniforms are loaded) */
    private boolean foldsHold;
    /** input names already resolved: a run per vertex does not parse them again */
    private final Map<String, Bindings.Range> inputs = new HashMap<>();
    private static final int RECENT_MASK = 15;
    /** input names lately resolved, by the name's hash: a direct-mapped cache in front of {@link #inputs} */
    private final InputName[] recent = new InputName[RECENT_MASK + 1];

    /** An input name as a run's map gave it (compared by identity), its registers, where they lie in the unit's array, and their bits (bit n for vN). */
    private record InputName(String name, Bindings.Range range, int base, int bits) {}

    public Simulator(Shader shader) {
        this.shader = shader;
        for (Constant c : shader.constants()) {
            switch (c.type()) {
                case Constant.FLOAT -> {
                    if (c.index() >= FLOATS) break;
                    floatsSet.set(c.index());
                    int b = c.index() * 4;
                    floats[b] = PicaFloat.fromFloat24(c.x());
                    floats[b + 1] = PicaFloat.fromFloat24(c.y());
                    floats[b + 2] = PicaFloat.fromFloat24(c.z());
                    floats[b + 3] = PicaFloat.fromFloat24(c.w());
                }
                case Constant.INT -> {
                    if (c.index() >= INTS) break;
                    intsSet.set(c.index());
                    int b = c.index() * 4;
                    ints[b] = c.x() & 0xFF;
                    ints[b + 1] = c.y() & 0xFF;
                    ints[b + 2] = c.z() & 0xFF;
                    ints[b + 3] = c.w() & 0xFF;
                }
                default -> {
                    if (c.index() < BOOLS) {
                        bools[c.index()] = c.x() != 0;
                        boolsSet.set(c.index());
                    }
                }
            }
        }
    }

    /** The first entry of a .shbin file, with the input names recorded beside it ({@link Shader#load(Path)}). */
    public static Simulator load(Path shbin) throws IOException, FormatException {
        return new Simulator(Shader.load(shbin));
    }

    public Shader shader() {
        return shader;
    }

    public Simulator precision(Precision p) {
        this.precision = p;
        unit = null;
        return this;
    }

    public Simulator maxSteps(long n) {
        if (n <= 0) throw new IllegalArgumentException("the step limit must be positive");
        this.maxSteps = n;
        return this;
    }

    /**
     * Whether the shader's straight runs of ALU words are compiled to JVM bytecode: from the first
     * run (true), never (false). By default after 16 runs, so that one vertex is only interpreted
     * and many pay for the compilation once. Results are the same either way.
     */
    public Simulator compile(boolean on) {
        compileAfter = on ? 1 : Long.MAX_VALUE;
        unit = null;
        runs = 0;
        return this;
    }

    public Simulator tracer(Tracer t) {
        this.tracer = t;
        unit = null;
        return this;
    }

    /**
     * Sets a float uniform (a name of the DVLE's table, {@code name[k]}, or {@code cN}): four
     * lanes x, y, z, w per register, a matrix's rows one after another.
     */
    public Simulator uniform(String name, float... lanes) {
        Bindings.Range r = resolve(name, RegisterFile.FLOAT_UNIFORM);
        if (lanes.length != 4 * r.count()) throw new IllegalArgumentException(arity(name, r, lanes.length));
        System.arraycopy(lanes, 0, floats, r.first() * 4, lanes.length);
        floatsSet.set(r.first(), r.first() + r.count());
        uniformsChanged = true;
        return this;
    }

    /** Sets a float uniform from rows of four lanes (a matrix uniform takes as many rows as it has registers). */
    public Simulator uniform(String name, float[][] rows) {
        float[] lanes = new float[rows.length * 4];
        for (int k = 0; k < rows.length; k++) {
            if (rows[k].length != 4) throw new IllegalArgumentException("'" + name + "' row " + (k + 1) + " has " + rows[k].length + " values; a row is x, y, z, w");
            System.arraycopy(rows[k], 0, lanes, 4 * k, 4);
        }
        return uniform(name, lanes);
    }

    /** Sets an integer uniform ({@code iN} or its name): four bytes x, y, z, w (0-255) per register. */
    public Simulator uniformInt(String name, int... bytes) {
        Bindings.Range r = resolve(name, RegisterFile.INT_UNIFORM);
        if (bytes.length != 4 * r.count()) throw new IllegalArgumentException(arity(name, r, bytes.length));
        for (int b : bytes) if (b < 0 || b > 255) throw new IllegalArgumentException("'" + name + "': " + b + " is not between 0 and 255");
        System.arraycopy(bytes, 0, ints, r.first() * 4, bytes.length);
        intsSet.set(r.first(), r.first() + r.count());
        uniformsChanged = true;
        return this;
    }

    /** Sets a boolean uniform ({@code bN} or its name; a range is set as a whole). */
    public Simulator uniformBool(String name, boolean value) {
        Bindings.Range r = resolve(name, RegisterFile.BOOL_UNIFORM);
        Arrays.fill(bools, r.first(), r.first() + r.count(), value);
        boolsSet.set(r.first(), r.first() + r.count());
        uniformsChanged = true;
        return this;
    }

    /**
     * The named uniforms (the DVLE's table) that the entry's code can read and that neither its
     * constants nor this simulator set: they read as 0 (false), which is rarely what a test meant.
     * A geometry shader's b15 and the registers its input mode fills are not counted.
     */
    public List<String> unsetUniformsRead() {
        UniformReads reads = shader.uniformReads();
        List<String> unset = new java.util.ArrayList<>();
        for (Map.Entry<String, Bindings.Range> e : shader.bindings().named().entrySet()) {
            Bindings.Range r = e.getValue();
            java.util.BitSet read, set;
            switch (r.file()) {
                case FLOAT_UNIFORM -> { read = reads.floats; set = floatsSet; }
                case INT_UNIFORM -> { read = reads.ints; set = intsSet; }
                case BOOL_UNIFORM -> { read = reads.bools; set = boolsSet; }
                default -> { continue; }
            }
            if (shader.geometry() && (r.file() == RegisterFile.BOOL_UNIFORM && r.first() == Limits.GEOMETRY_FLAG || r.file() == RegisterFile.FLOAT_UNIFORM && filledByInputMode(r))) continue;
            int end = r.first() + r.count();
            if (read.get(r.first(), end).isEmpty() || !set.get(r.first(), end).isEmpty()) continue;
            unset.add(e.getKey());
        }
        return unset;
    }

    /** Whether a geometry shader's input mode loads vertices into some register of this float range. */
    private boolean filledByInputMode(Bindings.Range r) {
        var mode = shader.dvle().gsMode();
        return mode.mode() == 1 || mode.mode() == 2 && r.first() + r.count() > mode.fixedStart();
    }

    /** The lanes of a float uniform register now (after constants and settings). */
    public float[] uniformValue(int register) {
        return Arrays.copyOfRange(floats, register * 4, register * 4 + 4);
    }

    private Bindings.Range resolve(String name, RegisterFile want) {
        Bindings.Range r = shader.bindings().resolve(name);
        if (r == null) throw new IllegalArgumentException(shader.bindings().unknownMessage(name));
        if (r.file() != want) {
            throw new IllegalArgumentException("'" + name + "' is " + describe(r) + ", not " + describe(new Bindings.Range(want, 0, 1)));
        }
        return r;
    }

    private static String describe(Bindings.Range r) {
        return switch (r.file()) {
            case INPUT -> "an input (" + r.text() + ")";
            case FLOAT_UNIFORM -> "a float uniform";
            case INT_UNIFORM -> "an integer uniform";
            case BOOL_UNIFORM -> "a boolean uniform";
            case OUTPUT -> "an output";
            case TEMPORARY -> "a temporary register";
        };
    }

    private static String arity(String name, Bindings.Range r, int got) {
        return "'" + name + "' (" + r.text() + ") takes " + 4 * r.count() + " values" + (r.count() > 1 ? " (" + r.count() + " rows of 4)" : "") + ", not " + got;
    }

    /**
     * Runs one invocation with these inputs (names of bind_symbol/.in inputs or {@code vN}); an
     * input may give 1-4 lanes per register, missing lanes filled as the GPU's attribute loader
     * fills them (0, 0, 0, 1). Inputs not given read 0.
     */
    public Result run(Map<String, float[]> inputs) throws SimulationException {
        Machine m = machine(true);
        if (whole != null && foldsHold) {
            // the whole program compiled: of the inputs some word reads, those the map does not give read 0
            m.clearInputs(shader.words().inputsRead & ~setInputs(m, inputs));
            float[] outputs;
            try {
                outputs = whole.run(m);
            } catch (RuntimeException | LinkageError e) {
                return interpret(interpretFromNowOn(m, e), inputs);
            }
            if (m.steps <= maxSteps) return new Result(shader.bindings(), outputs, List.of(), m.steps, m.unimplemented);
            // past the step limit: the interpreter says where it hangs, as it always would
            m.resetInvocation();
        }
        setInputs(m, inputs);
        try {
            return finish(m, run(m));
        } catch (RuntimeException | LinkageError e) {
            return interpret(interpretFromNowOn(m, e), inputs);
        }
    }

    /** Whether {@link #run}'s next call runs the whole compiled program (the tests' check that they take the compiled path). */
    boolean runsWholeProgram() {
        return whole != null && foldsHold;
    }

    /** One invocation interpreted on the unit {@code m}, reset, with these inputs. */
    private Result interpret(Machine m, Map<String, float[]> inputs) throws SimulationException {
        setInputs(m, inputs);
        return finish(m, run(m));
    }

    /**
     * An invocation on {@code m} failed with {@code e}: compiled code's failure gives compiled code
     * up for the shader ({@link Shader#compiledFailure}) and returns a fresh interpreting unit to
     * run the invocation again on; the interpreter's own failure is thrown on.
     */
    private Machine interpretFromNowOn(Machine m, Throwable e) {
        if (whole == null && !m.usesCompiled()) {
            if (e instanceof RuntimeException r) throw r;
            throw (Error) e;
        }
        shader.giveUpCompiled(e);
        whole = null;
        unit = null;
        return machine();
    }

    /**
     * Runs {@code vertices} vertices at once, split across {@code threads} threads, with no
     * allocation per vertex: {@code inputs} maps each input name (as {@link #run}) to its lanes
     * for every vertex one after another, 1-4 per vertex for one register (filled as the
     * attribute loader fills them), 4 per register for a range; {@code outputs} maps output
     * names (as {@link Result#output(String)}) to arrays that receive, for every vertex, the
     * lanes the output map names. Inputs not given read 0. Results are the same as {@link #run}'s
     * for each vertex; only the lanes the output map names are computed.
     *
     * @throws SimulationException for the first vertex (in order) whose run fails, naming it
     */
    public void runBatch(int vertices, Map<String, float[]> inputs, Map<String, float[]> outputs, int threads) throws SimulationException {
        new BatchRun(this, vertices, inputs, false).outputs(outputs).run(threads);
    }

    /** {@link #runBatch(int, Map, Map, int)} on every core the JVM may use. */
    public void runBatch(int vertices, Map<String, float[]> inputs, Map<String, float[]> outputs) throws SimulationException {
        runBatch(vertices, inputs, outputs, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Runs {@code vertices} vertices as {@link #runBatch(int, Map, Map, int)} does (on every core),
     * and gives each vertex's {@link Result}, every output register included, as {@link #run} would.
     */
    public List<Result> runAll(int vertices, Map<String, float[]> inputs) throws SimulationException {
        return new BatchRun(this, vertices, inputs, true).run(Runtime.getRuntime().availableProcessors()).results();
    }

    // what a batch needs of this simulator's state
    Shader shaderFor() {
        return shader;
    }

    Precision precisionFor() {
        return precision;
    }

    long maxStepsFor() {
        return maxSteps;
    }

    boolean compiles() {
        return compileAfter != Long.MAX_VALUE;
    }

    /** A unit for one batch thread: uniforms loaded, straight runs compiled if asked and not compile(false). */
    Machine batchUnit(boolean compile) {
        Machine m = new Machine(shader, precision, null);
        m.resetInvocation();
        loadUniforms(m);
        if (compile && compiles()) m.useCompiled(shader.compiled());
        return m;
    }

    /** The whole program compiled for a batch or a run, or null when it must be interpreted. */
    ProgramCompiler.Program wholeProgram(boolean allOutputs) {
        if (!compiles() || tracer != null || precision != Precision.EMULATOR || !foldsHold()) return null;
        return shader.program(allOutputs);
    }

    /** Whether the constants compiled code folds still hold the DVLE's values (no one set them by raw name). */
    private boolean foldsHold() {
        for (Map.Entry<Integer, Float> e : shader.folded().entrySet()) {
            if (Float.floatToRawIntBits(floats[e.getKey() - DecodedWords.CONST]) != Float.floatToRawIntBits(e.getValue())) return false;
        }
        return true;
    }

    void setInputLanes(Machine m, Bindings.Range r, float[] lanes, int from, int per) {
        if (r.count() == 1 && precision != Precision.FLOAT24) {
            // one register as given: the lanes copied, the rest filled as the attribute loader fills them
            int b = DecodedWords.IN + r.first() * 4;
            float[] regs = m.regs;
            System.arraycopy(lanes, from, regs, b, per);
            for (int k = per; k < 4; k++) regs[b + k] = k == 3 ? 1f : 0f;
            return;
        }
        int each = r.count() == 1 ? per : 4;
        for (int reg = 0; reg < r.count(); reg++) {
            int b = DecodedWords.IN + (r.first() + reg) * 4;
            for (int k = 0; k < 4; k++) {
                float x = k < each ? lanes[from + reg * each + k] : k == 3 ? 1f : 0f;
                m.regs[b + k] = precision == Precision.FLOAT24 ? PicaFloat.toFloat24Precision(x) : x;
            }
        }
    }

    Bindings.Range inputRange(String name) {
        return inputName(name).range();
    }

    private InputName inputName(String name) {
        // a test's loop names the same inputs with the same strings each run: those are found by identity
        int slot = name.hashCode() & RECENT_MASK;
        InputName known = recent[slot];
        if (known != null && known.name() == name) return known;
        Bindings.Range r = inputs.get(name);
        if (r == null) {
            r = shader.bindings().resolve(name);
            if (r == null) throw new IllegalArgumentException(shader.bindings().unknownMessage(name));
            if (r.file() != RegisterFile.INPUT) throw new IllegalArgumentException("'" + name + "' is " + describe(r) + ", not an input; set it with uniform()");
            inputs.put(name, r);
        }
        return recent[slot] = new InputName(name, r, DecodedWords.IN + 4 * r.first(), (1 << r.count()) - 1 << r.first());
    }

    /**
     * Runs a geometry shader once on one primitive: {@code vertices.get(n)[a]} is attribute a of
     * vertex n as the vertex shader output it, loaded as the DVLE's geometry mode says: point
     * mode into v0, v1, ... in order; variable mode c0 = the vertex count, then each of the
     * first {@code variableCount} vertices whole and the others' first attribute from c1;
     * fixed mode from c[fixedStart]. b15 becomes true after the run, as the GPU sets it after
     * every geometry-shader invocation.
     */
    public Result runGeometry(List<float[][]> vertices) throws SimulationException {
        requireGeometry();
        Machine m = machine();
        loadPrimitive(m, vertices);
        long steps;
        try {
            steps = run(m);
        } catch (RuntimeException | LinkageError e) {
            m = interpretFromNowOn(m, e);
            loadPrimitive(m, vertices);
            steps = run(m);
        }
        Result r = new Result(shader.bindings(), m.writtenOutputs(), m.emissions, steps, m.unimplemented, triangles(m.emissions));
        bools[Limits.GEOMETRY_FLAG] = true;
        return r;
    }

    /**
     * The triangles the emissions complete, with the vertex slots this simulator's geometry unit
     * holds from earlier invocations (docs/spec/execution.md, "Geometry shaders").
     */
    private List<float[][]> triangles(List<Emission> emissions) {
        List<float[][]> out = new java.util.ArrayList<>();
        for (Emission e : emissions) {
            // SETEMIT has slots 0-2; the emulator asserts on 3, and no slot takes the vertex
            if (e.vertexId() < 3) slots[e.vertexId()] = e.outputs();
            if (e.primitive()) out.add(e.inverted() ? new float[][] {slots[1], slots[0], slots[2]} : new float[][] {slots[0], slots[1], slots[2]});
        }
        return out;
    }

    /**
     * Starts one invocation to run a word at a time (a debugger's view): inputs as {@link #run}.
     * The invocation has a unit of its own; this simulator's uniforms are copied into it.
     */
    public Stepper start(Map<String, float[]> inputs) {
        Machine m = freshMachine();
        for (Map.Entry<String, float[]> e : inputs.entrySet()) setInput(m, e.getKey(), e.getValue());
        return new Stepper(shader, m, () -> { });
    }

    /** Starts one geometry-shader invocation on a primitive (as {@link #runGeometry}) to run a word at a time. */
    public Stepper startGeometry(List<float[][]> vertices) {
        Machine m = freshMachine();
        loadPrimitive(m, vertices);
        return new Stepper(shader, m, () -> bools[Limits.GEOMETRY_FLAG] = true);
    }

    private Machine freshMachine() {
        Machine m = new Machine(shader, precision, tracer);
        m.resetInvocation();
        loadUniforms(m);
        return m;
    }

    private void requireGeometry() {
        if (!shader.geometry()) throw new IllegalArgumentException("entry " + shader.index() + " is a vertex shader; give it inputs with run()");
    }

    private void loadPrimitive(Machine m, List<float[][]> vertices) {
        requireGeometry();
        var mode = shader.dvle().gsMode();
        int at;
        switch (mode.mode()) {
            case 1 -> {
                Arrays.fill(m.regs, DecodedWords.CONST, DecodedWords.CONST + 4, (float) vertices.size());
                at = 1;
                for (int n = 0; n < vertices.size(); n++) {
                    float[][] v = vertices.get(n);
                    int take = n < mode.variableCount() ? v.length : Math.min(1, v.length);
                    for (int a = 0; a < take; a++) at = put(m.regs, RegisterFile.FLOAT_UNIFORM, at, v[a]);
                }
            }
            case 2 -> {
                at = mode.fixedStart();
                for (float[][] v : vertices) for (float[] a : v) at = put(m.regs, RegisterFile.FLOAT_UNIFORM, at, a);
            }
            default -> {
                at = 0;
                for (float[][] v : vertices) for (float[] a : v) at = put(m.regs, RegisterFile.INPUT, at, a);
            }
        }
        // variable and fixed modes wrote vertex data over c registers; b15 changes too
        if (m == unit) uniformsChanged = true;
    }

    /** Loads one attribute into register {@code at} of v or c: the next register. */
    private int put(float[] regs, RegisterFile f, int at, float[] lanes) {
        if (at >= f.count) throw new IllegalArgumentException("the primitive's attributes do not fit in " + f.spell(0) + "-" + f.spell(f.count - 1));
        int file = f == RegisterFile.INPUT ? DecodedWords.IN : DecodedWords.CONST;
        if (lanes.length != 4) throw new IllegalArgumentException("an attribute is 4 values, not " + lanes.length + " (" + PRIMITIVES_SHAPE + ")");
        for (int k = 0; k < 4; k++) regs[file + at * 4 + k] = precision == Precision.FLOAT24 ? PicaFloat.toFloat24Precision(lanes[k]) : lanes[k];
        return at + 1;
    }

    private Machine machine() {
        return machine(false);
    }

    /**
     * The unit, reset for the next invocation; {@code vertexRun} when {@link #run} runs it, where
     * the whole compiled program, if there is one, runs on a unit not reset: it starts its
     * temporaries, outputs, a0, cmp and aL from 0 itself ({@link ProgramCompiler}), and
     * {@link #run} clears the inputs it reads and is not given.
     */
    private Machine machine(boolean vertexRun) {
        if (unit == null) {
            whole = null;
            unit = new Machine(shader, precision, tracer);
            uniformsChanged = true;
            if (runs >= compileAfter) unit.useCompiled(shader.compiled());
        }
        Machine m = unit;
        // one vertex (picasim) is interpreted; many (a test, a benchmark) pay for the compilation once
        if (++runs == compileAfter) m.useCompiled(shader.compiled());
        if (uniformsChanged) {
            loadUniforms(m);
            uniformsChanged = false;
            foldsHold = foldsHold();
        }
        if (runs >= compileAfter && whole == null && foldsHold) whole = wholeProgram(true);
        if (vertexRun && whole != null && foldsHold) m.unimplemented.clear();
        else m.resetInvocation();
        return m;
    }

    private void loadUniforms(Machine m) {
        for (int k = 0; k < floats.length; k++) m.regs[DecodedWords.CONST + k] = precision == Precision.FLOAT24 ? PicaFloat.toFloat24Precision(floats[k]) : floats[k];
        System.arraycopy(ints, 0, m.ints, 0, ints.length);
        System.arraycopy(bools, 0, m.bools, 0, bools.length);
    }

    /** {@code Map.of}'s class for one entry (java.util.ImmutableCollections.Map1), which a unit test's run calls of one input give */
    private static final Class<?> MAP_OF_ONE = Map.of("", "").getClass();
    /** the input of the last one-entry {@code Map.of} a run was given */
    private InputName lastOnly;

    /** Each input of a run's map into the unit: the registers set, bit n for vN. */
    private int setInputs(Machine m, Map<String, float[]> inputs) {
        if (inputs.getClass() == MAP_OF_ONE) {
            // Map1's entry set is a Set, its iterator and the entry, new on each call (72 bytes);
            // its get(name) is one equals, which a string passes at once when it is the same object
            InputName last = lastOnly;
            float[] lanes = last == null ? null : inputs.get(last.name());
            if (lanes != null) return setInput(m, last, lanes);
            Map.Entry<String, float[]> e = inputs.entrySet().iterator().next();
            return setInput(m, lastOnly = inputName(e.getKey()), e.getValue());
        }
        int set = 0;
        for (Map.Entry<String, float[]> e : inputs.entrySet()) set |= setInput(m, inputName(e.getKey()), e.getValue());
        return set;
    }

    private int setInput(Machine m, String name, float[] lanes) {
        return setInput(m, inputName(name), lanes);
    }

    private int setInput(Machine m, InputName in, float[] lanes) {
        String name = in.name();
        int n = lanes.length;
        if (in.range().count() == 1 && n >= 1 && n <= 4 && precision != Precision.FLOAT24) {
            // one register as given, the lanes not given filled as the attribute loader fills them (0, 0, 0, 1)
            float[] regs = m.regs;
            int b = in.base();
            regs[b] = lanes[0];
            regs[b + 1] = n > 1 ? lanes[1] : 0f;
            regs[b + 2] = n > 2 ? lanes[2] : 0f;
            regs[b + 3] = n > 3 ? lanes[3] : 1f;
            return in.bits();
        }
        String arity = in.range().inputArityError(name, n);
        if (arity != null) throw new IllegalArgumentException(arity);
        setInputLanes(m, in.range(), lanes, 0, n);
        return in.bits();
    }

    private long run(Machine m) throws SimulationException {
        return m.run(shader.dvle().mainAddr(), maxSteps);
    }

    private Result finish(Machine m, long steps) {
        return new Result(shader.bindings(), m.writtenOutputs(), m.emissions, steps, m.unimplemented);
    }
}
