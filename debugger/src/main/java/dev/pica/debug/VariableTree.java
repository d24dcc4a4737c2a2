package dev.pica.debug;

import dev.pica.compiler.VariableMap;
import dev.pica.sim.Bindings;
import dev.pica.sim.Stepper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.eclipse.lsp4j.debug.Variable;

/**
 * The variables an editor shows while the run is stopped: each scope and each vector a
 * reference to its children (a matrix's rows, a register's lanes), and how each is set.
 * References hold only until the run moves (then {@link #clear}).
 */
final class VariableTree {
    /** Applies a value the user set (through the run, so that a replay applies it again). */
    interface Editor {
        void edit(Consumer<Stepper> apply, boolean uniform);
    }

    private final Bindings bindings;
    private final Map<Integer, Supplier<List<Variable>>> children = new HashMap<>();
    private final Map<Integer, Map<String, Consumer<String>>> setters = new HashMap<>();
    private int next = 1;

    VariableTree(Bindings bindings) {
        this.bindings = bindings;
    }

    void clear() {
        children.clear();
        setters.clear();
    }

    /** A reference to a list of variables; its setters by name. */
    int add(Supplier<List<Variable>> list, Map<String, Consumer<String>> set) {
        int ref = next++;
        children.put(ref, list);
        setters.put(ref, set);
        return ref;
    }

    List<Variable> children(int ref) {
        Supplier<List<Variable>> c = children.get(ref);
        if (c == null) throw new IllegalArgumentException("no variables " + ref + " (the run has moved since they were listed)");
        return c.get();
    }

    void set(int ref, String name, String value) {
        Map<String, Consumer<String>> m = setters.get(ref);
        Consumer<String> set = m == null ? null : m.get(name);
        if (set == null) throw new IllegalArgumentException("'" + name + "' cannot be set");
        set.accept(value);
    }

    /** A place as a variable: its value, and for a vector or rows a reference to them. */
    Variable variable(String name, Place p, Stepper s, Editor editor) {
        Variable v = new Variable();
        v.setName(name);
        v.setValue(p.text(s));
        v.setEvaluateName(p.name());
        boolean uniform = p.file() == 'c' || p.file() == 'i' || p.file() == 'b';
        if (p.count() > 1) {
            // setters first: a client may set a row it has not listed
            Map<String, Consumer<String>> set = new HashMap<>();
            List<Place> rows = new ArrayList<>();
            for (int k = 0; k < p.count(); k++) {
                Place row = Place.resolve(p.name() + "[" + k + "]", bindings);
                rows.add(row);
                set.put(row.name(), value -> editor.edit(st -> row.write(st, value), uniform));
            }
            v.setVariablesReference(add(() -> {
                List<Variable> l = new ArrayList<>();
                for (Place row : rows) l.add(variable(row.name(), row, s, editor));
                return l;
            }, set));
            v.setIndexedVariables(p.count());
        } else if (p.lane() < 0 && p.read(s, 0).length > 1) {
            Map<String, Consumer<String>> set = new HashMap<>();
            List<Place> lanes = new ArrayList<>();
            int width = p.read(s, 0).length;
            for (int j = 0; j < width; j++) {
                if ((p.lanes() & 1 << j) == 0) continue;
                Place one = new Place(p.name() + "." + Place.laneLetter(j), p.file(), p.first(), 1, 1 << j, j);
                lanes.add(one);
                int lane = j;
                set.put(String.valueOf(Place.laneLetter(j)), value -> editor.edit(st -> p.write(st, 0, lane, value), uniform));
            }
            v.setVariablesReference(add(() -> {
                List<Variable> l = new ArrayList<>();
                for (Place one : lanes) {
                    Variable x = new Variable();
                    x.setName(String.valueOf(Place.laneLetter(one.lane())));
                    x.setValue(one.text(s));
                    x.setEvaluateName(one.name());
                    l.add(x);
                }
                return l;
            }, set));
            v.setNamedVariables(lanes.size());
        }
        return v;
    }

    /**
     * A GLSL variable where the compiler's map puts it ({@code r3.xyz}: component k in the k-th
     * lane named, or {@code aL}): its value in component order, typed as GLSL writes it, and for a
     * vector its components by GLSL's names (x, y, z, w), each settable.
     */
    Variable glsl(String name, String type, String location, Stepper s, Editor editor) {
        List<Place> comps = components(name, location);
        Variable v = new Variable();
        v.setName(name);
        v.setType(type);
        v.setEvaluateName(name);
        StringBuilder text = new StringBuilder(comps.size() > 1 ? "(" : "");
        for (int k = 0; k < comps.size(); k++) text.append(k == 0 ? "" : ", ").append(glslText(type, comps.get(k).value(s)));
        v.setValue(text.append(comps.size() > 1 ? ")" : "").toString());
        if (comps.size() > 1) {
            Map<String, Consumer<String>> set = new HashMap<>();
            for (int k = 0; k < comps.size(); k++) {
                Place one = comps.get(k);
                set.put(String.valueOf(Place.laneLetter(k)), value -> editor.edit(st -> one.write(st, value), false));
            }
            v.setVariablesReference(add(() -> {
                List<Variable> l = new ArrayList<>();
                for (int k = 0; k < comps.size(); k++) {
                    Variable x = new Variable();
                    x.setName(String.valueOf(Place.laneLetter(k)));
                    x.setValue(glslText(type, comps.get(k).value(s)));
                    x.setEvaluateName(name + "." + Place.laneLetter(k));
                    l.add(x);
                }
                return l;
            }, set));
            v.setNamedVariables(comps.size());
        }
        return v;
    }

    /** The lane of each component of a variable in {@code location}. */
    static List<Place> components(String name, String location) {
        if (location.equals("aL")) return List.of(new Place("aL", 'L', 0, 1, 1, -1));
        int dot = location.indexOf('.');
        int reg = Integer.parseInt(location.substring(1, dot));
        String lanes = location.substring(dot + 1);
        List<Place> l = new ArrayList<>();
        for (int k = 0; k < lanes.length(); k++) {
            int lane = "xyzw".indexOf(lanes.charAt(k));
            l.add(new Place(lanes.length() == 1 ? name : name + "." + Place.laneLetter(k), 'r', reg, 1, 1 << lane, lane));
        }
        return l;
    }

    /** A lane as its GLSL type shows it: an int or a bool as such (the vertex unit holds both as floats). */
    static String glslText(String type, float f) {
        if (type.startsWith("int") || type.startsWith("ivec") || type.startsWith("uint") || type.startsWith("uvec")) {
            if (f == Math.rint(f) && Math.abs(f) < 1e9) return Long.toString((long) f);
        }
        if (type.startsWith("bool") || type.startsWith("bvec")) return f != 0 ? "true" : "false";
        return dev.pica.sim.Values.text(f);
    }

    /**
     * The GLSL variables that have a value at the word a run is stopped at (its top frame), in
     * the compiler's order; each settable (component by component, through the run).
     */
    int locals(VariableMap map, Supplier<Stepper> s, Editor editor) {
        Map<String, Consumer<String>> set = new HashMap<>();
        Stepper now = s.get();
        List<Map.Entry<VariableMap.Variable, VariableMap.Span>> here = map.at(now.pc());
        for (Map.Entry<VariableMap.Variable, VariableMap.Span> e : here) {
            List<Place> comps = components(e.getKey().name(), e.getValue().location());
            if (comps.size() == 1 && comps.get(0).file() != 'L') set.put(e.getKey().name(), value -> editor.edit(st -> comps.get(0).write(st, value), false));
            if (comps.size() > 1) set.put(e.getKey().name(), value -> editor.edit(st -> {
                String[] parts = value.replace("(", "").replace(")", "").split(",", -1);
                if (parts.length != comps.size()) throw new IllegalArgumentException("'" + e.getKey().name() + "' takes " + comps.size() + " values separated by commas, not " + parts.length);
                for (int k = 0; k < parts.length; k++) comps.get(k).write(st, parts[k]);
            }, false));
        }
        return add(() -> {
            List<Variable> l = new ArrayList<>();
            for (Map.Entry<VariableMap.Variable, VariableMap.Span> e : here) l.add(glsl(e.getKey().name(), e.getKey().type(), e.getValue().location(), s.get(), editor));
            return l;
        }, set);
    }

    /** A list of places under one reference (a scope), each settable as a whole. */
    int scope(List<Map.Entry<String, Place>> places, Supplier<Stepper> s, Editor editor) {
        Map<String, Consumer<String>> set = new HashMap<>();
        for (Map.Entry<String, Place> e : places) {
            Place p = e.getValue();
            boolean uniform = p.file() == 'c' || p.file() == 'i' || p.file() == 'b';
            set.put(e.getKey(), value -> editor.edit(st -> p.write(st, value), uniform));
        }
        return add(() -> {
            List<Variable> l = new ArrayList<>();
            for (Map.Entry<String, Place> e : places) l.add(variable(e.getKey(), e.getValue(), s.get(), editor));
            return l;
        }, set);
    }
}
