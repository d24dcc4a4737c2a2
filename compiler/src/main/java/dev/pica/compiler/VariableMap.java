package dev.pica.compiler;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where each GLSL variable of main is, word by word: what {@code picacc -g} writes beside its
 * output and picadbg reads to show {@code normal}, {@code light}, {@code i} instead of
 * {@code r3.xyz} (docs/glsl.md, "Debugging"). A variable has spans of words, each with the
 * register lanes that hold it there; outside its spans it has no value (not yet computed, or no
 * longer read: the allocator gave its lanes to another value).
 *
 * @param variables in the order their first span starts
 */
public record VariableMap(List<Variable> variables) {
    public VariableMap {
        variables = List.copyOf(variables);
    }

    /** The first line of the text form, with its version. */
    public static final String HEADER = "# picacc -g variables 1: NAME TYPE FIRST END LOCATION (words FIRST to END-1 of the code)";

    public static final VariableMap EMPTY = new VariableMap(List.of());

    /** The second line's start: the code the map was written for follows ({@link #stamp}). */
    private static final String STAMP = "# code ";

    /** "N words, CRC-32 XXXXXXXX" of the code's words, little-endian as a file holds them. */
    static String stamp(int[] code) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * code.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int w : code) b.putInt(w);
        crc.update(b.array());
        return code.length + " words, CRC-32 " + String.format("%08X", crc.getValue());
    }

    /** The stamp a map's text names, or null (a map written without one). */
    private static String stampIn(String text) {
        String[] lines = text.split("\r?\n", 3);
        return lines.length > 1 && lines[1].startsWith(STAMP) ? lines[1].substring(STAMP.length()).strip() : null;
    }

    /** A GLSL variable: its name, its GLSL type ("vec3", "int"), and where it is. */
    public record Variable(String name, String type, List<Span> spans) {
        public Variable {
            spans = List.copyOf(spans);
        }

        /** The span holding word {@code pc}, or null. */
        public Span at(int pc) {
            for (Span s : spans) if (s.first <= pc && pc < s.end) return s;
            return null;
        }
    }

    /**
     * Words {@code first} to {@code end - 1} (addresses in the code, counted in words), where the
     * variable is in {@code location}: a temporary register and one lane letter per component, in
     * component order ({@code r3.xyz}, {@code r0.w}, {@code r5.zx}), or {@code aL} (a loop counter).
     */
    public record Span(int first, int end, String location) {
        public Span {
            if (first < 0 || end <= first) throw new IllegalArgumentException("an empty span " + first + "-" + end);
            if (!location.equals("aL") && !location.matches("r([0-9]|1[0-5])\\.[xyzw]{1,4}")) throw new IllegalArgumentException("not a location: '" + location + "'");
        }
    }

    /**
     * The file the map of an object or a binary is written to beside it, by {@code picacc -g}
     * and {@code picalink -debug}: {@code shade.o.vars}, {@code shade.shbin.vars}.
     */
    public static java.nio.file.Path fileBeside(java.nio.file.Path objectOrBinary) {
        return objectOrBinary.resolveSibling(objectOrBinary.getFileName() + ".vars");
    }

    /**
     * The map written beside an object or a binary whose code is {@code code}, or null when there
     * is none; one that cannot be read, or that was written for other code, is a warning in
     * {@code diags} (a debugger then shows the registers only), and null. The second case is a map
     * left from an earlier {@code -g} build after a build without it, which replaced the object
     * or binary but not the map beside it: read as it is, it would name the wrong registers.
     */
    public static VariableMap readBeside(java.nio.file.Path objectOrBinary, int[] code, dev.pica.format.diag.Diagnostics diags) {
        java.nio.file.Path f = fileBeside(objectOrBinary);
        if (!java.nio.file.Files.isRegularFile(f)) return null;
        dev.pica.format.diag.SourcePos at = dev.pica.format.diag.SourcePos.named(f.toString(), 0);
        try {
            String text = java.nio.file.Files.readString(f, java.nio.charset.StandardCharsets.UTF_8);
            VariableMap m = parse(text);
            String written = stampIn(text);
            if (written != null && !written.equals(stamp(code))) {
                diags.warning(dev.pica.format.diag.Problem.INVALID_BINARY, at, "the variable map was written for other code (" + written + "; '"
                        + objectOrBinary.getFileName() + "' has " + stamp(code) + "): it is left from an earlier build; a debugger shows the registers only");
                return null;
            }
            return m;
        } catch (java.io.IOException e) {
            diags.warning(dev.pica.format.diag.Problem.IO_ERROR, at, "cannot read the variable map: " + dev.pica.format.diag.IoErrors.reason(e) + "; a debugger shows the registers only");
        } catch (IllegalArgumentException e) {
            diags.warning(dev.pica.format.diag.Problem.INVALID_BINARY, at, e.getMessage() + "; a debugger shows the registers only");
        }
        return null;
    }

    /** The maps of a link's objects in one, each moved to the word where the link placed its object ({@code base} by object). */
    public static VariableMap placed(List<Map.Entry<VariableMap, Integer>> objects) {
        List<Variable> all = new ArrayList<>();
        for (Map.Entry<VariableMap, Integer> o : objects) all.addAll(o.getKey().shifted(o.getValue()).variables());
        return new VariableMap(all);
    }

    /** The variables that have a value at word {@code pc}, each with its span there. */
    public List<Map.Entry<Variable, Span>> at(int pc) {
        List<Map.Entry<Variable, Span>> l = new ArrayList<>();
        for (Variable v : variables) {
            Span s = v.at(pc);
            if (s != null) l.add(Map.entry(v, s));
        }
        return l;
    }

    /** The map of the same code placed at word {@code base} (a linked binary's main object). */
    public VariableMap shifted(int base) {
        List<Variable> l = new ArrayList<>();
        for (Variable v : variables) {
            List<Span> s = new ArrayList<>();
            for (Span x : v.spans) s.add(new Span(x.first + base, x.end + base, x.location));
            l.add(new Variable(v.name, v.type, s));
        }
        return new VariableMap(l);
    }

    /** The text form: the header, then one line per span, {@code NAME TYPE FIRST END LOCATION}. */
    public String text() {
        return text(null);
    }

    /**
     * The text form of the map of {@code code} (an object's or a binary's words): the header,
     * a line naming the code's length and CRC-32 (what {@link #readBeside} checks), then one line
     * per span.
     */
    public String text(int[] code) {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        if (code != null) sb.append(STAMP).append(stamp(code)).append('\n');
        for (Variable v : variables) {
            for (Span s : v.spans) sb.append(v.name).append(' ').append(v.type).append(' ').append(s.first).append(' ').append(s.end).append(' ').append(s.location).append('\n');
        }
        return sb.toString();
    }

    /**
     * Reads the text form; {@code IllegalArgumentException} names the line that is wrong. The lines
     * of one variable are one run ({@link #text} writes them so): a link's map holds each main's
     * variables, and two mains (a vertex and a geometry shader) may each have a {@code corner} of
     * its own type, so a name met again after another variable's lines starts a variable of its own.
     */
    public static VariableMap parse(String text) {
        String[] lines = text.split("\r?\n", -1);
        if (lines.length == 0 || !lines[0].startsWith("# picacc -g variables 1:")) {
            throw new IllegalArgumentException("line 1: not a variable map of picacc -g (version 1): it starts '" + HEADER.substring(0, 25) + "'");
        }
        List<Variable> l = new ArrayList<>();
        String name = null, type = null;
        List<Span> spans = new ArrayList<>();
        for (int k = 1; k < lines.length; k++) {
            String line = lines[k].strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] f = line.split("\\s+");
            Span span;
            try {
                if (f.length != 5) throw new IllegalArgumentException("expected NAME TYPE FIRST END LOCATION, not " + f.length + " fields");
                span = new Span(Integer.parseInt(f[2]), Integer.parseInt(f[3]), f[4]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (k + 1) + ": " + e.getMessage());
            }
            if (!f[0].equals(name) || !f[1].equals(type)) {
                if (name != null) l.add(new Variable(name, type, spans));
                name = f[0];
                type = f[1];
                spans = new ArrayList<>();
            }
            spans.add(span);
        }
        if (name != null) l.add(new Variable(name, type, spans));
        return new VariableMap(l);
    }
}
