package dev.pica.format.verify;

/**
 * What may hold on entry to a state's word, over every path that reaches it (all "may" facts, so
 * two paths join by OR). Output and temporary sets have one bit per component (4 per register,
 * x first); {@code misc} holds the {@link WordEffects} bits of a0.x, a0.y, aL, cmp.x and cmp.y
 * (set: not yet written) and the flags below.
 *
 * @param written output components that may already be written
 * @param zero    configured output components that may not be written yet
 * @param opaque  output components an unknown import may have written (no finding rests on them)
 * @param temp    r-register components that may not be written yet
 * @param misc    the five register bits and the flags below
 * @param assigned r-register components that may be written already (those outside it are unwritten on every path)
 */
record PathFacts(long written, long zero, long opaque, long temp, long misc, long assigned) {
    static final long REGISTERS = 0x1F;
    /** a geometry shader path with no setemit yet */
    static final long NO_SETEMIT = 1L << 8;
    /** a geometry shader path that wrote an output after its last emit */
    static final long DIRTY = 1L << 9;
    /** the path passed a call to an unknown import, which may end the program */
    static final long AFTER_IMPORT = 1L << 10;
    /** a vertex shader path that has read no input yet */
    static final long NO_INPUT_READ = 1L << 11;

    static final PathFacts NOTHING = new PathFacts(0, 0, 0, 0, 0, -1L);

    boolean has(long flag) {
        return (misc & flag) != 0;
    }

    /** These facts or those of another path; this very object when nothing is added. */
    PathFacts join(PathFacts o) {
        if ((o.written & ~written | o.zero & ~zero | o.opaque & ~opaque | o.temp & ~temp | o.misc & ~misc | o.assigned & ~assigned) == 0) return this;
        return new PathFacts(written | o.written, zero | o.zero, opaque | o.opaque, temp | o.temp, misc | o.misc, assigned | o.assigned);
    }
}
