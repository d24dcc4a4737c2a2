package dev.pica.sim;

import dev.pica.format.diag.Nearest;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The names a user gives registers, as the shader's source did: the DVLE's uniform table
 * (uniforms and bind_symbol/.in inputs, {@code name} for the whole range, {@code name[k]} for one
 * register), raw registers ({@code c5}, {@code i0}, {@code b3}, {@code v1}), and outputs by
 * semantic from the output table ({@code position}, {@code color}, ...; {@code o2} too).
 */
public final class Bindings {
    /** Registers first .. first + count - 1 of one file (v, c, i, b or o: a name never reaches r). */
    public record Range(RegisterFile file, int first, int count) {
        public String text() {
            return count == 1 ? file.spell(first) : file.spell(first) + "-" + file.spell(first + count - 1);
        }

        /**
         * Why {@code got} lanes do not fit this input, or null: one register takes 1-4 (the
         * attribute loader fills the rest), a range 4 per register.
         */
        public String inputArityError(String name, int got) {
            boolean fits = count == 1 ? got >= 1 && got <= 4 : got == 4 * count;
            return fits ? null : "'" + name + "' (" + text() + ") takes " + (count == 1 ? "1 to 4 values" : 4 * count + " values") + ", not " + got;
        }
    }

    /** One output-table entry: its name (the semantic, picasso's spelling), register and lanes. */
    public record Output(String name, OutputSemantic semantic, int register, int mask) {}

    private final Map<String, Range> named = new LinkedHashMap<>();
    private final List<Output> outputs = new ArrayList<>();
    private final boolean picassoWithoutSources;

    Bindings(Dvle dvle) {
        this(dvle, Map.of());
    }

    /** @param inputNames more names for input registers (picasso's .alias names, from the sources) */
    Bindings(Dvle dvle, Map<String, Integer> inputNames) {
        // picasso writes no labels; without a line table its sources (and .alias names) are not known
        this.picassoWithoutSources = dvle.labels().isEmpty() && inputNames.isEmpty();
        for (Uniform u : dvle.uniforms()) {
            Range r = unified(u.first(), u.last());
            if (r == null) continue;
            // SDK tables keep the written suffix ("aPosition.xyz"); users name the symbol. A last
            // part that is no component mask is the name's own: picacc's struct members ("tint.color")
            int dot = u.name().lastIndexOf('.');
            boolean suffix = dot > 0 && u.name().substring(dot + 1).matches("(?i)[xyzw]{1,4}");
            named.putIfAbsent(suffix ? u.name().substring(0, dot) : u.name(), r);
        }
        for (Map.Entry<String, Integer> e : inputNames.entrySet()) {
            if (e.getValue() >= 0 && e.getValue() < RegisterFile.INPUT.count) named.putIfAbsent(e.getKey(), new Range(RegisterFile.INPUT, e.getValue(), 1));
        }
        for (OutputMap m : dvle.outputMaps()) {
            OutputSemantic s = OutputSemantic.ofType(m.type());
            String name = s == null ? "type" + m.type() : s.picassoSpelling;
            outputs.add(new Output(name, s, m.register(), m.mask()));
        }
    }

    private static Range unified(int first, int last) {
        RegisterFile f = RegisterFile.ofUnified(first);
        if (last < first || f == null || RegisterFile.ofUnified(last) != f) return null;
        return new Range(f, first - f.unifiedBase, last - first + 1);
    }

    /** The uniforms and inputs the DVLE names, in table order. */
    public Map<String, Range> named() {
        return java.util.Collections.unmodifiableMap(named);
    }

    /** The output table, in table order. */
    public List<Output> outputs() {
        return List.copyOf(outputs);
    }

    /**
     * The registers a name reaches: a table name, {@code name[k]}, or a raw register; null if
     * none. Output names are not settable and are looked up with {@link #output}.
     */
    public Range resolve(String name) {
        Range r = named.get(name);
        if (r != null) return r;
        int open = name.indexOf('[');
        if (open > 0 && name.endsWith("]")) {
            Range whole = named.get(name.substring(0, open));
            String k = name.substring(open + 1, name.length() - 1);
            if (whole != null && k.matches("[0-9]{1,3}")) {
                int i = Integer.parseInt(k);
                return i < whole.count() ? new Range(whole.file(), whole.first() + i, 1) : null;
            }
            return null;
        }
        return raw(name);
    }

    /** A raw register name (v, c, i, b, o and a number in range), or null. */
    public static Range raw(String name) {
        if (name.length() < 2 || !name.substring(1).matches("[0-9]{1,3}")) return null;
        RegisterFile f = RegisterFile.ofLetter(name.charAt(0));
        int n = Integer.parseInt(name.substring(1));
        // temporaries are the program's own: a debugger reads them, a run's inputs never name them
        return f == null || f == RegisterFile.TEMPORARY || n >= f.count ? null : new Range(f, n, 1);
    }

    /** The output-table entries a name selects: a semantic (picasso's or the SDK's spelling) or oN. */
    public List<Output> output(String name) {
        // a test reads an output by name for every vertex: resolve each name once
        // get first: computeIfAbsent's method reference captures this and was allocated on every call
        List<Output> known = outputsByName.get(name);
        return known != null ? known : outputsByName.computeIfAbsent(name, this::resolveOutput);
    }

    private final ConcurrentHashMap<String, List<Output>> outputsByName = new ConcurrentHashMap<>();

    /**
     * The one entry an output name reads, for {@link Result#output(String)} and a batch's arrays.
     * A register ({@code o1}) reads every lane the table maps of it, in xyzw order, however many
     * entries map them (a table may give o1.xy and o1.zw different semantics, or repeat one);
     * a semantic that several entries carry is ambiguous and asks for a register.
     */
    Output outputEntry(String name) {
        // a test's loop reads the same output with the same string each run: found by identity
        int slot = name.hashCode() & LOOKED_MASK;
        Looked known = looked[slot];
        if (known != null && known.name() == name) return known.entry();
        Output entry = findOutputEntry(name);
        looked[slot] = new Looked(name, entry);
        return entry;
    }

    private static final int LOOKED_MASK = 15;
    /**
     * Output names lately read, by the name's hash: a direct-mapped cache in front of {@link
     * #output}. Threads sharing the shader may race on a slot: each holds an immutable pair,
     * replaced whole, so any pair a thread sees is right for its name.
     */
    private final Looked[] looked = new Looked[LOOKED_MASK + 1];

    private record Looked(String name, Output entry) {}

    private Output findOutputEntry(String name) {
        List<Output> found = output(name);
        if (found.isEmpty()) throw new IllegalArgumentException(unknownOutputMessage(name));
        if (found.size() == 1) return found.get(0);
        if (raw(name) == null) {
            throw new IllegalArgumentException("output '" + name + "' names " + found.size() + " entries of the output table; name a register (o0-o15)");
        }
        int mask = 0;
        for (Output o : found) mask |= o.mask();
        return new Output(name, null, found.get(0).register(), mask);
    }

    private List<Output> resolveOutput(String name) {
        List<Output> found = new ArrayList<>();
        Range raw = raw(name);
        OutputSemantic s = OutputSemantic.ofPicassoSpelling(name);
        if (s == null) s = OutputSemantic.ofSpelling(name);
        for (Output o : outputs) {
            // a type no loader knows is named "typeN"
            boolean match = raw != null ? raw.file() == RegisterFile.OUTPUT && raw.first() == o.register()
                    : s != null ? o.semantic() == s : o.semantic() == null && o.name().equals(name.toLowerCase(Locale.ROOT));
            if (match) found.add(o);
        }
        return List.copyOf(found);
    }

    /**
     * The name a register has in the shader's tables, for traces and debuggers: {@code proj[2]}
     * for one register of a range, an output's semantic for {@code oN}; null when it has none.
     * {@code file} is the register's letter (v, c, i, b, o).
     */
    public String registerName(char file, int n) {
        if (file == 'o') {
            for (Output o : outputs) if (o.register() == n) return o.name();
            return null;
        }
        for (Map.Entry<String, Range> e : named.entrySet()) {
            Range r = e.getValue();
            if (r.file().letter != file || n < r.first() || n >= r.first() + r.count()) continue;
            return r.count() == 1 ? e.getKey() : e.getKey() + "[" + (n - r.first()) + "]";
        }
        return null;
    }

    /** The message for a name that reaches nothing, with the names the shader has. */
    public String unknownMessage(String name) {
        List<String> all = names();
        String near = Nearest.of(name, all);
        if (near != null) return "the shader has no uniform, input or register '" + name + "'; did you mean '" + near + "'?";
        return "the shader has no uniform, input or register '" + name + "'" + (all.isEmpty() ? "" : " (it names " + String.join(", ", all) + ")")
                + (picassoWithoutSources && name.matches("[A-Za-z_][A-Za-z0-9_]*") && raw(name) == null
                        ? "; an input picasso's .alias names is not in a binary: name its register (v0-v15), keep its names beside the binary"
                                + " (NAME.shbin.inputs, which the Maven plugin writes), or keep the sources beside a -debug build (picasm/picalink -debug)"
                        : "");
    }

    /** The message for an output name the output table does not have, with the nearest name or the outputs there are. */
    String unknownOutputMessage(String name) {
        List<String> all = new ArrayList<>();
        for (Output o : outputs) all.add(o.name());
        String near = Nearest.of(name, all);
        if (near != null) return "the shader has no output '" + name + "'; did you mean '" + near + "'?";
        StringBuilder sb = new StringBuilder();
        for (Output o : outputs) sb.append(sb.length() == 0 ? "" : ", ").append(o.name()).append(" o").append(o.register());
        return "the shader has no output '" + name + "' (outputs: " + (sb.length() == 0 ? "none" : sb) + ")";
    }

    /** The names a user could have meant, for "did you mean" in messages. */
    public List<String> names() {
        List<String> all = new ArrayList<>(named.keySet());
        for (Output o : outputs) all.add(o.name());
        return all;
    }
}
