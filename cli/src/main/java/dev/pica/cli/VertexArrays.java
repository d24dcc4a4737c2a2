package dev.pica.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per-vertex inputs laid out as the batch API takes them: one array per input name, vertex after vertex. */
final class VertexArrays {
    private VertexArrays() {}

    /**
     * The arrays, or null when the vertices do not all give the same inputs with the same number
     * of lanes (each vertex then runs alone, with its own inputs).
     */
    static Map<String, float[]> of(List<Map<String, float[]>> vertices) {
        if (vertices.isEmpty()) return null;
        Map<String, float[]> first = vertices.get(0);
        for (Map<String, float[]> v : vertices) {
            if (!v.keySet().equals(first.keySet())) return null;
            for (Map.Entry<String, float[]> e : v.entrySet()) if (e.getValue().length != first.get(e.getKey()).length) return null;
        }
        Map<String, float[]> arrays = new LinkedHashMap<>();
        for (Map.Entry<String, float[]> e : first.entrySet()) {
            int per = e.getValue().length;
            float[] a = new float[per * vertices.size()];
            for (int v = 0; v < vertices.size(); v++) System.arraycopy(vertices.get(v).get(e.getKey()), 0, a, v * per, per);
            arrays.put(e.getKey(), a);
        }
        return arrays;
    }
}
