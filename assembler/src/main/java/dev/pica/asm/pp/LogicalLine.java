package dev.pica.asm.pp;

/**
 * One logical line after line splicing and comment removal (C translation phases 1-3), with
 * the original physical line and column of every character.
 */
record LogicalLine(String text, int[] lines, int[] cols, int firstLine, int physicalLines) {
    int lineAt(int i) {
        return i < lines.length ? lines[i] : (lines.length > 0 ? lines[lines.length - 1] : firstLine);
    }

    int colAt(int i) {
        if (i < cols.length) return cols[i];
        return cols.length > 0 ? cols[cols.length - 1] + 1 : 1;
    }
}
