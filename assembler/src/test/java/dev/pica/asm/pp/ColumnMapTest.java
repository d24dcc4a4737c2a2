package dev.pica.asm.pp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The run-length map against the per-character arrays it replaced, including lookups past either end. */
class ColumnMapTest {
    @Test
    void sameAnswersAsPerCharacterArrays() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 5000; trial++) {
            List<int[]> chars = new ArrayList<>();
            ColumnMap.Builder b = new ColumnMap.Builder();
            int line = 1 + rnd.nextInt(3), col = 1 + rnd.nextInt(5);
            int pieces = rnd.nextInt(8);
            for (int p = 0; p < pieces; p++) {
                int n = rnd.nextInt(5), step = rnd.nextInt(2);
                switch (rnd.nextInt(4)) {
                    case 0 -> line++; // a splice or a new line
                    case 1 -> col += rnd.nextInt(4); // a comment or blanks skipped
                    case 2 -> col -= Math.min(col - 1, rnd.nextInt(3)); // a macro's use site before
                    default -> { }
                }
                if (rnd.nextBoolean()) {
                    b.addRun(n, line, col, step);
                    for (int k = 0; k < n; k++) chars.add(new int[] {line, col + step * k});
                    col += step * n;
                } else {
                    for (int k = 0; k < n; k++) {
                        b.add(line, col);
                        chars.add(new int[] {line, col});
                        if (rnd.nextInt(3) > 0) col++;
                    }
                }
            }
            ColumnMap m = b.build();
            assertEquals(chars.size(), m.size());
            for (int i = -2; i < chars.size() + 3 && !chars.isEmpty(); i++) {
                int k = Math.max(0, Math.min(i, chars.size() - 1));
                int expectedCol = i >= chars.size() ? chars.get(chars.size() - 1)[1] + 1 : chars.get(k)[1];
                assertEquals(chars.get(k)[0], (int) (m.at(i) >>> 32), "line " + i + " of trial " + trial);
                assertEquals(expectedCol, (int) m.at(i), "col " + i + " of trial " + trial);
            }
        }
    }

    @Test
    void consecutiveColumnsAndAConstantMap() {
        ColumnMap.Builder b = new ColumnMap.Builder();
        for (int c = 1; c <= 40; c++) b.add(3, c);
        ColumnMap m = b.build();
        assertEquals(40, m.size());
        assertEquals(3L << 32 | 40, m.at(39));
        assertEquals(3L << 32 | 41, m.at(40));
        assertEquals(5L << 32 | 9, ColumnMap.constant(2, 5, 9).at(1));
    }
}
