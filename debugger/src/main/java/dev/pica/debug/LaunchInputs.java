package dev.pica.debug;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import dev.pica.format.isa.RegisterFile;
import dev.pica.sim.Bindings;
import dev.pica.sim.Simulator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A launch's {@code input} file or inline {@code inputs}, in picasim's {@code --input} shape:
 * {@code {"uniforms": {NAME: value}, "vertices": [{NAME: value}, ...]}}, or for a geometry shader
 * {@code "primitives"} ({@link Simulator#PRIMITIVES_SHAPE}). Uniforms are set on
 * the simulator; the vertices (or primitives) are the invocations the debugger runs in order.
 */
final class LaunchInputs {
    /** One invocation: a vertex's inputs by name, or a primitive's vertices. */
    record Invocation(Map<String, float[]> inputs, List<float[][]> primitive) {}

    private LaunchInputs() {}

    static JsonObject readFile(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the input file '" + file + "': " + dev.pica.format.diag.IoErrors.reason(e));
        }
        try {
            JsonElement e = JsonParser.parseString(text);
            if (!e.isJsonObject()) throw new IllegalArgumentException(file + ": the input file must hold one object {\"uniforms\": ..., \"vertices\": [...]}");
            return e.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(file + ": not JSON: " + e.getMessage());
        }
    }

    /** Sets the uniforms; the invocations to run (one with no inputs when the object names none). */
    static List<Invocation> apply(JsonObject o, Simulator sim, String where) {
        Bindings b = sim.shader().bindings();
        for (String k : o.keySet()) {
            if (!k.equals("uniforms") && !k.equals("vertices") && !k.equals("primitives")) throw new IllegalArgumentException(where + ": unknown member \"" + k + "\" (expected uniforms, vertices, primitives)");
        }
        Map<String, float[]> common = new LinkedHashMap<>();
        if (o.has("uniforms")) {
            for (Map.Entry<String, JsonElement> u : object(o.get("uniforms"), where + " \"uniforms\"").entrySet()) {
                String name = u.getKey(), at = where + " uniform '" + name + "'";
                Bindings.Range r = range(b, name, at);
                try {
                    switch (r.file()) {
                        case INPUT -> common.put(name, floats(u.getValue(), at));
                        case FLOAT_UNIFORM -> sim.uniform(name, floats(u.getValue(), at));
                        case INT_UNIFORM -> sim.uniformInt(name, ints(u.getValue(), at));
                        case BOOL_UNIFORM -> sim.uniformBool(name, bool(u.getValue(), at));
                        case OUTPUT -> throw new IllegalArgumentException("'" + name + "' is an output register");
                    }
                } catch (IllegalArgumentException e) {
                    throw e.getMessage().startsWith(where) ? e : new IllegalArgumentException(at + ": " + e.getMessage());
                }
            }
        }
        List<Invocation> runs = new ArrayList<>();
        if (o.has("primitives")) {
            if (!sim.shader().geometry()) throw new IllegalArgumentException(where + ": \"primitives\" are for a geometry shader; this entry is a vertex shader (give \"vertices\")");
            JsonArray prims = array(o.get("primitives"), where + " \"primitives\"");
            for (int p = 0; p < prims.size(); p++) runs.add(new Invocation(Map.of(), primitive(prims.get(p), where + " primitive " + p)));
        } else if (o.has("vertices")) {
            JsonArray vs = array(o.get("vertices"), where + " \"vertices\"");
            for (int v = 0; v < vs.size(); v++) {
                Map<String, float[]> in = new LinkedHashMap<>(common);
                for (Map.Entry<String, JsonElement> e : object(vs.get(v), where + " vertex " + v).entrySet()) {
                    String at = where + " vertex " + v + " '" + e.getKey() + "'";
                    Bindings.Range r = range(b, e.getKey(), at);
                    if (r.file() != RegisterFile.INPUT) throw new IllegalArgumentException(at + ": not an input; give uniforms under \"uniforms\"");
                    float[] lanes = floats(e.getValue(), at);
                    String arity = r.inputArityError(e.getKey(), lanes.length);
                    if (arity != null) throw new IllegalArgumentException(at + ": " + arity);
                    in.put(e.getKey(), lanes);
                }
                runs.add(new Invocation(in, null));
            }
        }
        if (runs.isEmpty()) runs.add(sim.shader().geometry() ? new Invocation(Map.of(), List.of()) : new Invocation(common, null));
        return runs;
    }

    private static Bindings.Range range(Bindings b, String name, String at) {
        Bindings.Range r = b.resolve(name);
        if (r != null) return r;
        if (!b.output(name).isEmpty()) throw new IllegalArgumentException(at + ": '" + name + "' is an output; outputs are what the run computes");
        throw new IllegalArgumentException(at + ": " + b.unknownMessage(name));
    }

    private static List<float[][]> primitive(JsonElement e, String at) {
        List<float[][]> vertices = new ArrayList<>();
        JsonArray vs = array(e, at + " (" + Simulator.PRIMITIVES_SHAPE + ")");
        for (int n = 0; n < vs.size(); n++) {
            JsonArray attrs = array(vs.get(n), at + " vertex " + n + " (" + Simulator.PRIMITIVES_SHAPE + ")");
            float[][] v = new float[attrs.size()][];
            for (int a = 0; a < attrs.size(); a++) {
                v[a] = floats(attrs.get(a), at + " vertex " + n + " attribute " + a);
                if (v[a].length != 4) throw new IllegalArgumentException(at + " vertex " + n + " attribute " + a + ": an attribute is 4 values, not " + v[a].length + " (" + Simulator.PRIMITIVES_SHAPE + ")");
            }
            vertices.add(v);
        }
        return vertices;
    }

    private static JsonObject object(JsonElement e, String at) {
        if (!e.isJsonObject()) throw new IllegalArgumentException(at + " must be an object");
        return e.getAsJsonObject();
    }

    private static JsonArray array(JsonElement e, String at) {
        if (!e.isJsonArray()) throw new IllegalArgumentException(at + " must be a list");
        return e.getAsJsonArray();
    }

    /** Lanes from a number, a string "x,y,z,w;x,y,z,w", a list of numbers, or a list of rows. */
    static float[] floats(JsonElement e, String at) {
        List<Float> lanes = new ArrayList<>();
        if (e.isJsonArray()) {
            for (JsonElement x : e.getAsJsonArray()) {
                if (x.isJsonArray()) for (JsonElement y : x.getAsJsonArray()) lanes.add(lane(y, at));
                else lanes.add(lane(x, at));
            }
        } else if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isString()) {
            for (String row : e.getAsString().split(";", -1)) for (String l : row.split(",", -1)) lanes.add(lane(new JsonPrimitive(l.trim()), at));
        } else {
            lanes.add(lane(e, at));
        }
        float[] f = new float[lanes.size()];
        for (int k = 0; k < f.length; k++) f[k] = lanes.get(k);
        return f;
    }

    private static float lane(JsonElement e, String at) {
        if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber()) return e.getAsFloat();
        if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isString()) {
            String t = e.getAsString().trim();
            try {
                return Place.number(t);
            } catch (IllegalArgumentException x) {
                throw new IllegalArgumentException(at + ": " + x.getMessage());
            }
        }
        throw new IllegalArgumentException(at + ": expected a number or a list of numbers, not " + e);
    }

    private static int[] ints(JsonElement e, String at) {
        float[] f = floats(e, at);
        int[] v = new int[f.length];
        for (int k = 0; k < f.length; k++) {
            if (f[k] != Math.rint(f[k]) || f[k] < 0 || f[k] > 255) throw new IllegalArgumentException(at + ": " + f[k] + " is not an integer between 0 and 255");
            v[k] = (int) f[k];
        }
        return v;
    }

    private static boolean bool(JsonElement e, String at) {
        if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isBoolean()) return e.getAsBoolean();
        if (e.isJsonPrimitive() && (e.getAsString().equals("true") || e.getAsString().equals("false"))) return e.getAsString().equals("true");
        throw new IllegalArgumentException(at + ": '" + e + "' is not a boolean (true or false)");
    }
}
