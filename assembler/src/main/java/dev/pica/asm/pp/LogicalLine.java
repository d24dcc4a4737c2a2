package dev.pica.asm.pp;

/**
 * One logical line after line splicing and comment removal (C translation phases 1-3), with
 * the original physical line and column of every character.
 */
record LogicalLine(String text, ColumnMap map, int firstLine, int physicalLines) {
    /** The source line of character {@code i} in the high half, its column in the low half. */
    long at(int i) {
        return map.isEmpty() ? (long) firstLine << 32 | 1 : map.at(i);
    }
}
