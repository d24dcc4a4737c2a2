package dev.pica.asm.pp;

/**
 * One logical line after line splicing and comment removal (C translation phases 1-3), with
 * the original physical line and column of every character.
 */
record LogicalLine(String text, ColumnMap map, int firstLine, int physicalLines) {
    int lineAt(int i) {
        return map.isEmpty() ? firstLine : map.line(i);
    }

    int colAt(int i) {
        return map.isEmpty() ? 1 : map.col(i);
    }
}
