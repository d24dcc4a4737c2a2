package dev.pica.sim;

/**
 * One EMIT of a geometry shader: the vertex slot SETEMIT chose (0-2), whether it completed a
 * primitive (PRIMEMIT) and with inverted winding, and the output registers at that moment
 * (register n's lane k at 4n + k).
 */
public record Emission(int vertexId, boolean primitive, boolean inverted, float[] outputs) {
    public Emission {
        outputs = outputs.clone();
    }

    @Override
    public float[] outputs() {
        return outputs.clone();
    }

    /** Lane k of output register n. */
    public float lane(int register, int k) {
        return outputs[register * 4 + k];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Emission e && e.vertexId == vertexId && e.primitive == primitive && e.inverted == inverted
                && java.util.Arrays.equals(e.outputs, outputs);
    }

    @Override
    public int hashCode() {
        return (vertexId * 31 + (primitive ? 1 : 0)) * 31 + java.util.Arrays.hashCode(outputs);
    }

    @Override
    public String toString() {
        // the registers some lane of which is not +0 (an emission does not know the output table)
        StringBuilder regs = new StringBuilder();
        for (int n = 0; n < outputs.length / 4; n++) {
            boolean set = false;
            for (int k = 0; k < 4; k++) set |= Float.floatToRawIntBits(outputs[4 * n + k]) != 0;
            if (!set) continue;
            regs.append(", o").append(n).append("=(");
            for (int k = 0; k < 4; k++) regs.append(k == 0 ? "" : ", ").append(Values.text(outputs[4 * n + k]));
            regs.append(')');
        }
        return "Emission[vertex " + vertexId + (primitive ? ", primitive" : "") + (inverted ? ", inverted" : "") + regs
                + (regs.length() == 0 ? ", outputs all 0" : "") + "]";
    }
}
