package dev.pica.asm.pp;

import java.util.Arrays;

/**
 * Where each character of a line of text came from (source line and column), stored as runs: a
 * run is characters from one source line at consecutive columns (step 1, text copied from the
 * source) or all at one column (step 0, a macro's expansion at its use). A line without comments,
 * splices or macros is one run, where a pair of per-character arrays cost the preprocessor an
 * eighth of its time in allocation. Immutable.
 */
public final class ColumnMap {
    public static final ColumnMap EMPTY = new ColumnMap(new int[0], 0);

    /** Per run: index of its first character, line, column of its first character, step. */
    private final int[] runs;
    private final int size;

    private ColumnMap(int[] runs, int size) {
        this.runs = runs;
        this.size = size;
    }

    /** {@code n} characters that all come from one place (a generated line). */
    public static ColumnMap constant(int n, int line, int col) {
        return n == 0 ? EMPTY : new ColumnMap(new int[] {0, line, col, 0}, n);
    }

    /** The number of characters mapped. */
    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /**
     * The source line (high half) and column (low half) of character {@code index}, in one lookup.
     * The index is clamped to the mapped characters, except that past the end the column is one
     * after the last character's. Not for an empty map.
     */
    public long at(int index) {
        int i = Math.max(0, Math.min(index, size - 1));
        int r = run(i);
        int col = runs[r + 2] + runs[r + 3] * (i - runs[r]) + (index >= size ? 1 : 0);
        return (long) runs[r + 1] << 32 | col;
    }

    /** The offset in {@link #runs} of the run holding character {@code i}: lines have a few runs, a scan beats a search. */
    private int run(int i) {
        int r = runs.length - 4;
        while (r > 0 && runs[r] > i) r -= 4;
        return r;
    }

    /** Builds a map character by character, or a run at a time; merges what continues a run. */
    public static final class Builder {
        private int[] runs = new int[8];
        private int used; // ints used in runs
        private int size;

        /** One character from {@code line}:{@code col}. */
        public Builder add(int line, int col) {
            int r = used - 4;
            // the common case first: the next column of a run at step 1
            if (r >= 0 && runs[r + 3] == 1 && runs[r + 1] == line && col == runs[r + 2] + size - runs[r] && size - runs[r] > 1) {
                size++;
                return this;
            }
            return addRun(1, line, col, 1);
        }

        /** {@code n} characters from {@code line}, the first at {@code col}, each next one at col + step (step 0 or 1). */
        public Builder addRun(int n, int line, int col, int step) {
            if (n <= 0) return this;
            int r = used - 4;
            if (r >= 0 && runs[r + 1] == line) {
                // the run goes on if these characters sit where its next ones would, at its step
                // (a one-character run takes the step of what follows it)
                int count = size - runs[r], s = count == 1 ? col - runs[r + 2] : runs[r + 3];
                if ((s == 0 || s == 1) && col == runs[r + 2] + s * count && (n == 1 || step == s)) {
                    runs[r + 3] = s;
                    size += n;
                    return this;
                }
            }
            start(line, col, n == 1 ? 1 : step);
            size += n;
            return this;
        }

        private void start(int line, int col, int step) {
            if (used + 4 > runs.length) runs = Arrays.copyOf(runs, runs.length * 2);
            runs[used] = size;
            runs[used + 1] = line;
            runs[used + 2] = col;
            runs[used + 3] = step;
            used += 4;
        }

        /** The map of what was added; the builder is then empty again, for the next line. */
        public ColumnMap build() {
            ColumnMap m = size == 0 ? EMPTY : new ColumnMap(Arrays.copyOf(runs, used), size);
            used = 0;
            size = 0;
            return m;
        }
    }
}
