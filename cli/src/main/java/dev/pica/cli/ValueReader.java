package dev.pica.cli;

import dev.pica.format.isa.RegisterFile;
import dev.pica.sim.Bindings;
import dev.pica.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * picasim's values, from --set text or --input JSON, checked against what the name reaches:
 * floats (decimal, inf, nan, or 0x and a 24-bit float24 pattern), integers 0-255, booleans.
 */
final class ValueReader {
    private final Bindings bindings;

    ValueReader(Bindings bindings) {
        this.bindings = bindings;
    }

    /** Sets a uniform on the simulator, or records an input's value for every vertex. */
    void apply(Simulator sim, Map<String, float[]> inputs, String name, Object value, String where, boolean json) throws Picasim.Usage {
        Bindings.Range r = range(name, where);
        try {
            switch (r.file()) {
                case INPUT -> inputs.put(name, inputLanes(name, r, value, where));
                case FLOAT_UNIFORM -> sim.uniform(name, floats(value, where));
                case INT_UNIFORM -> sim.uniformInt(name, ints(value, where));
                case BOOL_UNIFORM -> sim.uniformBool(name, bool(value, where));
                case OUTPUT -> throw new Picasim.Usage(where + ": '" + name + "' is an output register; outputs are what the run prints");
            }
        } catch (IllegalArgumentException e) {
            throw new Picasim.Usage(where + ": " + e.getMessage());
        }
    }

    /** An input's lanes for one vertex (the name is checked when the vertex runs). */
    float[] input(String name, Object value, String where) throws Picasim.Usage {
        Bindings.Range r = range(name, where);
        if (r.file() != RegisterFile.INPUT) throw new Picasim.Usage(where + ": '" + name + "' is not an input; give uniforms under \"uniforms\"");
        return inputLanes(name, r, value, where);
    }

    /** An input takes 1-4 lanes for one register (the loader fills the rest), 4 per register for a range. */
    private static float[] inputLanes(String name, Bindings.Range r, Object value, String where) throws Picasim.Usage {
        float[] lanes = floats(value, where);
        String arity = r.inputArityError(name, lanes.length);
        if (arity != null) throw new Picasim.Usage(where + ": " + arity);
        return lanes;
    }

    /** One primitive of a geometry shader: a list of vertices, each a list of [x, y, z, w] attributes. */
    List<float[][]> primitive(Object value, String where) throws Picasim.Usage {
        List<float[][]> vertices = new ArrayList<>();
        List<Object> vs = Picasim.list(value, where);
        for (int n = 0; n < vs.size(); n++) {
            List<Object> attrs = Picasim.list(vs.get(n), where + " vertex " + n);
            float[][] v = new float[attrs.size()][];
            for (int a = 0; a < attrs.size(); a++) {
                v[a] = floats(attrs.get(a), where + " vertex " + n + " attribute " + a);
                if (v[a].length != 4) throw new Picasim.Usage(where + " vertex " + n + " attribute " + a + ": an attribute is 4 values, not " + v[a].length + " (" + Simulator.PRIMITIVES_SHAPE + ")");
            }
            vertices.add(v);
        }
        return vertices;
    }

    private Bindings.Range range(String name, String where) throws Picasim.Usage {
        Bindings.Range r = bindings.resolve(name);
        if (r != null) return r;
        if (!bindings.output(name).isEmpty()) throw new Picasim.Usage(where + ": '" + name + "' is an output; outputs are what the run prints");
        throw new Picasim.Usage(where + ": " + bindings.unknownMessage(name));
    }

    /** Lanes from "x,y,z,w;x,y,z,w", a number, a list of numbers, or a list of rows. */
    static float[] floats(Object value, String where) throws Picasim.Usage {
        List<Float> lanes = new ArrayList<>();
        if (value instanceof String s) {
            for (String row : s.split(";", -1)) for (String lane : row.split(",", -1)) lanes.add(lane(lane.trim(), where));
        } else if (value instanceof List<?> l) {
            for (Object o : l) {
                if (o instanceof List<?> row) for (Object x : row) lanes.add(jsonLane(x, where));
                else lanes.add(jsonLane(o, where));
            }
        } else {
            lanes.add(jsonLane(value, where));
        }
        float[] f = new float[lanes.size()];
        for (int k = 0; k < f.length; k++) f[k] = lanes.get(k);
        return f;
    }

    private static float jsonLane(Object o, String where) throws Picasim.Usage {
        if (o instanceof Double d) return (float) (double) d;
        if (o instanceof String s) return lane(s.trim(), where);
        throw new Picasim.Usage(where + ": expected a number or a list of numbers");
    }

    /** One lane: a decimal (to the nearest float32, as C's float would hold it), inf, nan, or 0x + a float24 pattern. */
    static float lane(String t, String where) throws Picasim.Usage {
        try {
            return dev.pica.sim.Values.parse(t);
        } catch (IllegalArgumentException e) {
            throw new Picasim.Usage(where + ": " + e.getMessage());
        }
    }

    static int[] ints(Object value, String where) throws Picasim.Usage {
        List<Object> items = new ArrayList<>();
        if (value instanceof String s) {
            for (String p : s.split(",", -1)) items.add(p.trim());
        } else if (value instanceof List<?> l) {
            items.addAll(l);
        } else {
            items.add(value);
        }
        int[] v = new int[items.size()];
        for (int k = 0; k < v.length; k++) {
            Object o = items.get(k);
            double d;
            if (o instanceof Double x) d = x;
            else if (o instanceof String s && s.matches("[0-9]{1,9}")) d = Integer.parseInt(s);
            else throw new Picasim.Usage(where + ": '" + o + "' is not an integer between 0 and 255");
            if (d != Math.rint(d) || d < 0 || d > 255) throw new Picasim.Usage(where + ": " + Values.text(d) + " is not an integer between 0 and 255");
            v[k] = (int) d;
        }
        return v;
    }

    static boolean bool(Object value, String where) throws Picasim.Usage {
        if (value instanceof Boolean b) return b;
        if (value instanceof String s) {
            if (s.trim().equals("true")) return true;
            if (s.trim().equals("false")) return false;
        }
        throw new Picasim.Usage(where + ": '" + value + "' is not a boolean (true or false)");
    }

    /** Numbers in messages. */
    private static final class Values {
        static String text(double d) {
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
        }
    }
}
