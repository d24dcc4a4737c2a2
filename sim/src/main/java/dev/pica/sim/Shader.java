package dev.pica.sim;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.FormatException;
import dev.pica.format.shbin.InputNames;
import dev.pica.format.shbin.Label;
import dev.pica.format.shbin.LineInfo;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import dev.pica.format.verify.Program;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One entry (DVLE) of a linked binary, ready to run: the program memory as the GPU holds it
 * (4096 words, zero past the DVLP's code), the operand-descriptor table, the entry point and the
 * names of its registers. Immutable; any number of {@link Simulator}s may share one.
 */
public final class Shader {
    private final Dvlb binary;
    private final int index;
    private final Dvle dvle;
    private final int[] code = new int[Limits.CODE_WORDS];
    private final Instruction[] decoded = new Instruction[Limits.CODE_WORDS];
    private final Bindings bindings;
    private final DecodedWords words;

    private Shader(Dvlb binary, int index) {
        this(binary, index, java.util.Map.of());
    }

    private Shader(Dvlb binary, int index, java.util.Map<String, Integer> inputNames) {
        this.binary = binary;
        this.index = index;
        this.dvle = binary.shaders().get(index);
        int n = Math.min(binary.program().codeSize(), Limits.CODE_WORDS);
        for (int k = 0; k < n; k++) code[k] = binary.program().codeWord(k);
        for (int k = 0; k < Limits.CODE_WORDS; k++) decoded[k] = InstructionCodec.decode(code[k]);
        this.bindings = new Bindings(dvle, inputNames);
        // 128 entries, those the binary lacks read as 0 (a descriptor index never falls outside)
        this.words = new DecodedWords(decoded, Arrays.copyOf(descriptorTable(), Limits.DESCRIPTORS));
    }

    /** The DVLE at {@code index} of a binary. */
    public static Shader of(Dvlb binary, int index) {
        if (index < 0 || index >= binary.shaders().size()) {
            throw new IllegalArgumentException("no entry " + index + " (the binary has " + binary.shaders().size() + ")");
        }
        return new Shader(binary, index);
    }

    /**
     * The first entry of a .shbin file, with the input names a file beside it records
     * ({@code sky.shbin.inputs}, {@link InputNames}: picasso's {@code .alias} names, which the Maven
     * plugin writes there), when that file is there.
     *
     * @throws IOException when the binary cannot be read, or the names file is not what the plugin writes
     */
    public static Shader load(Path shbin) throws IOException, FormatException {
        return load(java.nio.file.Files.readAllBytes(shbin)).withInputNames(inputNamesBeside(shbin));
    }

    /**
     * The input names recorded beside a binary file ({@code sky.shbin.inputs}, {@link InputNames}),
     * or none when there is no such file.
     *
     * @throws IOException when the file cannot be read or is not what the plugin writes (the message names it and the line)
     */
    public static java.util.Map<String, Integer> inputNamesBeside(Path shbin) throws IOException {
        Path names = InputNames.beside(shbin);
        if (!java.nio.file.Files.isRegularFile(names)) return java.util.Map.of();
        try {
            return InputNames.read(java.nio.file.Files.readAllBytes(names));
        } catch (IllegalArgumentException e) {
            throw new IOException(names + ": " + e.getMessage(), e);
        }
    }

    /** The first entry of a .shbin; a corrupt file is a {@link FormatException} naming the offset. */
    public static Shader load(byte[] shbin) throws FormatException {
        return of(DvlbReader.read(shbin), 0);
    }

    /**
     * The first entry of the binary built from sources, in memory, as picalink builds them: a GLSL
     * vertex shader ({@code new Simulator(Shader.build(Path.of("src/main/shaders/sky.vert")))}),
     * SDK-dialect or picasso sources, objects, in link order. Uniforms and inputs keep the names
     * the sources gave them (a GLSL {@code uniform mat4 projection} is {@code "projection"}, set
     * by rows as citro3d uploads it). Building is the driver's: {@code dev.pica:pica-driver} must
     * be on the class or module path (the simulator itself depends on the format alone).
     *
     * @throws ShaderBuildException when a source has errors or the link fails: every diagnostic, printed as the tools print them
     * @throws IllegalStateException when no builder is present (pica-driver missing)
     */
    public static Shader build(java.nio.file.Path... sources) throws ShaderBuildException {
        if (sources.length == 0) throw new IllegalArgumentException("Shader.build needs at least one source");
        return built(builder().build(List.of(sources)));
    }

    /**
     * The first entry of one source given as text: its name's extension says its language
     * ({@code "t.vert"}: GLSL; {@code ".vsh"}: the SDK's dialect; {@code ".pica"}: picasso's), and
     * messages name it. Includes are looked up from the current directory.
     */
    public static Shader build(String name, String text) throws ShaderBuildException {
        return built(builder().build(name, text));
    }

    private static Shader built(byte[] shbin) {
        try {
            return load(shbin);
        } catch (FormatException e) {
            // the driver checks every binary it links against the loader contract
            throw new IllegalStateException("the built binary cannot be read back: " + e.getMessage(), e);
        }
    }

    private static ShaderBuilder builder() {
        for (ShaderBuilder b : java.util.ServiceLoader.load(ShaderBuilder.class, Shader.class.getClassLoader())) return b;
        for (ShaderBuilder b : java.util.ServiceLoader.load(ShaderBuilder.class)) return b;
        throw new IllegalStateException("building shader sources needs the driver: add dev.pica:pica-driver (the same version as pica-sim) to the"
                + " test's dependencies, or load a binary your build wrote (Simulator.load)");
    }

    /**
     * The entry of a binary a user names: its index ("1", the DVLE's place in the binary, which
     * {@link #of} takes) or a label at its main address ("main", from a DVLE's own label table).
     * Picasso's binaries keep no labels (their {@code .entry} names are not written), so their
     * entries are named by index.
     *
     * @throws IllegalArgumentException naming what the binary's entries can be called instead
     */
    public static int entryIndex(Dvlb binary, String name) {
        int n = binary.shaders().size();
        if (name.matches("[0-9]{1,3}") && Integer.parseInt(name) < n) return Integer.parseInt(name);
        List<Integer> found = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            Dvle d = binary.shaders().get(k);
            for (Label l : d.labels()) {
                if (l.address() != d.mainAddr()) continue;
                if (l.name().equals(name)) found.add(k);
                names.add(l.name() + " (" + k + ")");
            }
        }
        if (found.size() == 1) return found.get(0);
        String entries = "the binary has " + n + " entr" + (n == 1 ? "y" : "ies") + " (0-" + (n - 1) + ")";
        if (found.size() > 1) throw new IllegalArgumentException(entries + " and " + found.size() + " of them start at a label '" + name + "': name one by its index");
        throw new IllegalArgumentException(entries + (name.matches("[0-9]+") ? "" : " and no main label '" + name + "'")
                + (names.isEmpty() ? "; it keeps no labels at their main addresses (picasso's binaries never do): name an entry by its index"
                        : "; name an index or a main label: " + String.join(", ", names)));
    }

    /**
     * This entry with more names for input registers (name to vN): picasso's {@code .alias} names,
     * which a binary does not keep, read from its sources (the build driver's
     * {@code InputAliases}). A name the binary's own tables have keeps its meaning.
     */
    public Shader withInputNames(java.util.Map<String, Integer> names) {
        return names.isEmpty() ? this : new Shader(binary, index, names);
    }

    public Dvlb binary() {
        return binary;
    }

    public int index() {
        return index;
    }

    public Dvle dvle() {
        return dvle;
    }

    public boolean geometry() {
        return dvle.shaderType() == Dvle.GEOMETRY;
    }

    public Bindings bindings() {
        return bindings;
    }

    int word(int pc) {
        return code[pc];
    }

    Instruction instruction(int pc) {
        return decoded[pc];
    }

    DecodedWords words() {
        return words;
    }

    private volatile BlockCompiler.Compiled compiled;

    /**
     * The straight runs of ALU words compiled to bytecode, made once on first use (thread-safe);
     * null once compiled code failed on this entry ({@link #giveUpCompiled}).
     */
    BlockCompiler.Compiled compiled() {
        BlockCompiler.Compiled c = compiled;
        if (c == null) {
            synchronized (this) {
                if (compiledFailure != null) return null;
                c = compiled;
                if (c == null) {
                    try {
                        compiled = c = BlockCompiler.compile(words, dvle.mainAddr(), binary.program().codeSize());
                    } catch (RuntimeException | LinkageError e) {
                        giveUpCompiled(e);
                        return null;
                    }
                }
            }
        }
        return compiledFailure == null ? c : null;
    }

    private volatile String compiledFailure;

    /**
     * Why compiled code was given up for this entry, or null while it has not failed: a class the
     * JVM refused (a {@code VerifyError}) or compiled code that threw. The interpreter runs the
     * entry from then on, with the same results; picasim says so in a note.
     */
    public String compiledFailure() {
        return compiledFailure;
    }

    /**
     * Compiled code failed on this entry ({@code e}): from now on every run of it is interpreted.
     * In the tests ({@link Bytecode#checking}) that is a bug to report, not to hide, unless a test
     * asked for the failure.
     */
    void giveUpCompiled(Throwable e) {
        if (Bytecode.checking() && !Bytecode.faultAsked()) throw new AssertionError("compiled code failed on entry " + index, e);
        synchronized (this) {
            if (compiledFailure == null) compiledFailure = e.toString();
            compiled = null;
            wholeAll = wholeMapped = null;
            triedAll = triedMapped = true;
        }
    }

    private volatile UniformReads uniformReads;

    /** The uniform registers this entry's code can read (worked out once, thread-safe). */
    UniformReads uniformReads() {
        UniformReads r = uniformReads;
        if (r == null) uniformReads = r = new UniformReads(this);
        return r;
    }

    private volatile ProgramCompiler.Program wholeAll, wholeMapped;
    private volatile boolean triedAll, triedMapped;
    private volatile Map<Integer, Float> folded;

    /**
     * Whether the whole program compiles to JVM code, flow control included (else only its
     * straight runs do, and the interpreter steps through the rest): a vertex shader whose
     * CALL, IF and LOOP blocks nest as the binary's fields say, with jumps only forward (see
     * docs/spec/execution.md, "Engines"). Results are the same either way.
     */
    public boolean compilesWhole() {
        return program(true) != null;
    }

    /**
     * The whole program compiled (null if it does not compile): keeping every output lane
     * ({@code allOutputs}, for a {@link Result}) or only the lanes the output map names.
     */
    ProgramCompiler.Program program(boolean allOutputs) {
        if (geometry()) return null;
        if (allOutputs ? triedAll : triedMapped) return allOutputs ? wholeAll : wholeMapped;
        synchronized (this) {
            if (allOutputs ? !triedAll : !triedMapped) {
                java.util.BitSet kept = new java.util.BitSet();
                for (OutputMap m : dvle.outputMaps()) {
                    for (int k = 0; k < 4; k++) if (allOutputs || (m.mask() & 1 << k) != 0) kept.set(DecodedWords.OUT + 4 * m.register() + k);
                }
                if (allOutputs) kept.set(DecodedWords.OUT, DecodedWords.OUT + DecodedWords.BANK);
                if (compiledFailure != null) return null;
                ProgramCompiler.Program p;
                try {
                    p = ProgramCompiler.compile(words, dvle.mainAddr(), kept, folded());
                } catch (RuntimeException | LinkageError e) {
                    giveUpCompiled(e);
                    return null;
                }
                if (allOutputs) {
                    wholeAll = p;
                    triedAll = true;
                } else {
                    wholeMapped = p;
                    triedMapped = true;
                }
            }
            return allOutputs ? wholeAll : wholeMapped;
        }
    }

    /**
     * The constant lanes compiled code folds, by offset in the unit's array: float registers the
     * DVLE's constant table sets and its uniform table does not name (a user may still set one
     * by its raw name; {@link Simulator} then runs the program unfolded). NaN values are read,
     * not folded, so that their bits never pass through a class file's constant pool.
     */
    Map<Integer, Float> folded() {
        Map<Integer, Float> f = folded;
        if (f != null) return f;
        RegisterFile floats = RegisterFile.FLOAT_UNIFORM;
        boolean[] named = new boolean[floats.count];
        for (Uniform u : dvle.uniforms()) {
            for (int reg = u.first(); reg <= u.last(); reg++) if (RegisterFile.ofUnified(reg) == floats) named[reg - floats.unifiedBase] = true;
        }
        float[] lanes = new float[floats.count * 4];
        boolean[] set = new boolean[floats.count];
        for (Constant c : dvle.constants()) {
            if (c.type() != Constant.FLOAT || c.index() >= floats.count) continue;
            set[c.index()] = true;
            int[] v = {c.x(), c.y(), c.z(), c.w()};
            for (int k = 0; k < 4; k++) lanes[4 * c.index() + k] = PicaFloat.fromFloat24(v[k]);
        }
        Map<Integer, Float> out = new java.util.HashMap<>();
        for (int reg = 0; reg < floats.count; reg++) {
            if (!set[reg] || named[reg]) continue;
            for (int k = 0; k < 4; k++) if (!Float.isNaN(lanes[4 * reg + k])) out.put(DecodedWords.CONST + 4 * reg + k, lanes[4 * reg + k]);
        }
        return folded = Map.copyOf(out);
    }

    /** The binary's descriptor table as it is (its own length), as the disassembler reads it. */
    public int[] descriptorTable() {
        return Program.table(binary.program().descriptors());
    }

    List<Constant> constants() {
        return dvle.constants();
    }

    /** The source position the binary's line table gives for a word, or null. */
    public LineInfo line(int pc) {
        List<LineInfo> lines = binary.program().lines();
        return pc < lines.size() ? lines.get(pc) : null;
    }
}
