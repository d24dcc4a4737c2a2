package dev.pica.integration;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A second encoder, written from docs/spec/isa.md's field tables (section 3 for words, 5.1 for
 * operand descriptors) and docs/spec/shbin-format.md's offsets, which shares nothing with the
 * production codec, readers or layouts: it packs a {@link RandomPicassoSources} program's expected
 * fields into words and holds a .shbin's bytes to them.
 */
final class IndependentEncoding {
    private IndependentEncoding() {}

    /** isa.md 3: each format's fields as name, high bit, low bit. */
    private static final Map<String, Object[][]> FORMATS = Map.of(
            "0", new Object[][] {{"OPCODE", 31, 26}},
            "1", new Object[][] {{"OPCODE", 31, 26}, {"DST", 25, 21}, {"IDX", 20, 19}, {"SRC1", 18, 12}, {"SRC2", 11, 7}, {"DESC", 6, 0}},
            "1u", new Object[][] {{"OPCODE", 31, 26}, {"DST", 25, 21}, {"IDX", 20, 19}, {"SRC1", 18, 12}, {"SRC2", 11, 7}, {"DESC", 6, 0}},
            "1i", new Object[][] {{"OPCODE", 31, 26}, {"DST", 25, 21}, {"IDX", 20, 19}, {"SRC1", 18, 14}, {"SRC2", 13, 7}, {"DESC", 6, 0}},
            "1c", new Object[][] {{"OPCODE", 31, 27}, {"CMPX", 26, 24}, {"CMPY", 23, 21}, {"IDX", 20, 19}, {"SRC1", 18, 12}, {"SRC2", 11, 7}, {"DESC", 6, 0}},
            "2", new Object[][] {{"OPCODE", 31, 26}, {"REFX", 25, 25}, {"REFY", 24, 24}, {"CONDOP", 23, 22}, {"DST", 21, 10}, {"NUM", 7, 0}},
            "3", new Object[][] {{"OPCODE", 31, 26}, {"BOOL", 25, 22}, {"INT", 23, 22}, {"DST", 21, 10}, {"NUM", 7, 0}},
            "4", new Object[][] {{"OPCODE", 31, 26}, {"VTXID", 25, 24}, {"PRIMEMIT", 23, 23}, {"WINDING", 22, 22}},
            "5", new Object[][] {{"OPCODE", 31, 29}, {"DST", 28, 24}, {"IDX", 23, 22}, {"SRC1", 21, 17}, {"SRC2", 16, 10}, {"SRC3", 9, 5}, {"DESC", 4, 0}},
            "5i", new Object[][] {{"OPCODE", 31, 29}, {"DST", 28, 24}, {"IDX", 23, 22}, {"SRC1", 21, 17}, {"SRC2", 16, 12}, {"SRC3", 11, 5}, {"DESC", 4, 0}});

    /** A field's value in a word of a format. */
    static int field(String format, String name, int word) {
        for (Object[] f : FORMATS.get(format)) {
            if (f[0].equals(name)) return word >>> (int) f[2] & (int) ((1L << (int) f[1] - (int) f[2] + 1) - 1);
        }
        throw new IllegalArgumentException(name);
    }

    /** The word of a format with these fields (absent ones 0); a value that does not fit is refused. */
    static int encode(String format, Map<String, Integer> fields) {
        int w = 0;
        for (Object[] f : FORMATS.get(format)) {
            Integer v = fields.get((String) f[0]);
            if (v == null) continue;
            int width = (int) f[1] - (int) f[2] + 1;
            if (v < 0 || v >= 1L << width) throw new IllegalArgumentException(f[0] + " = " + v + " does not fit " + width + " bits");
            w |= v << (int) f[2];
        }
        for (String k : fields.keySet()) field(format, k, 0); // every expected field is one of the format's
        return w;
    }

    /** isa.md 5.1: the selector and negation of source k (1-3) and the mask of a descriptor. */
    static int selector(int desc, int k) {
        return desc >>> (k == 1 ? 5 : k == 2 ? 14 : 23) & 0xFF;
    }

    static boolean negated(int desc, int k) {
        return (desc >>> (k == 1 ? 4 : k == 2 ? 13 : 22) & 1) != 0;
    }

    /**
     * Where a .shbin disagrees with the program's expectations, or null: the code words (ALU words
     * with DESC taken from the binary, their descriptor entry held to the lanes they read), and per
     * DVLE the entry, end, masks and constants (shbin-format.md's DVLB/DVLP/DVLE offsets).
     */
    static String mismatch(RandomPicassoSources.Program p, byte[] shbin) {
        ByteBuffer b = ByteBuffer.wrap(shbin).order(ByteOrder.LITTLE_ENDIAN);
        int dvles = b.getInt(4);
        int dvlp = 8 + 4 * dvles;
        int codeAt = dvlp + b.getInt(dvlp + 8), codeSize = b.getInt(dvlp + 12), descAt = dvlp + b.getInt(dvlp + 16), descCount = b.getInt(dvlp + 20);
        if (codeSize != p.words().size()) return "code has " + codeSize + " words, expected " + p.words().size();
        for (int k = 0; k < codeSize; k++) {
            int actual = b.getInt(codeAt + 4 * k);
            RandomPicassoSources.Word w = p.words().get(k);
            Map<String, Integer> fields = new java.util.HashMap<>(w.fields());
            boolean alu = w.sources() != null;
            if (alu) fields.put("DESC", field(w.format(), "DESC", actual));
            int expected = encode(w.format(), fields);
            if (actual != expected) return String.format("word %d: %08x, expected %08x (%s %s)", k, actual, expected, w.format(), w.fields());
            if (!alu) continue;
            int index = field(w.format(), "DESC", actual);
            if (index >= descCount) return "word " + k + ": descriptor " + index + " of " + descCount;
            int desc = b.getInt(descAt + 8 * index);
            if (w.mask() != null && (desc & 0xF) != w.mask()) return String.format("word %d: descriptor %08x has mask %x, expected %x", k, desc, desc & 0xF, w.mask());
            for (int s = 1; s <= w.sources().size(); s++) {
                RandomPicassoSources.SourceLanes l = w.sources().get(s - 1);
                if (negated(desc, s) != l.neg()) return String.format("word %d: descriptor %08x negates source %d: %b", k, desc, s, negated(desc, s));
                for (int lane = 0; lane < 4; lane++) {
                    if ((l.lanes() & 8 >> lane) == 0) continue;
                    int shift = 6 - 2 * lane;
                    if ((selector(desc, s) >> shift & 3) != (l.sel() >> shift & 3)) {
                        return String.format("word %d: descriptor %08x, source %d lane %d reads %d, expected %d", k, desc, s, lane, selector(desc, s) >> shift & 3, l.sel() >> shift & 3);
                    }
                }
            }
        }
        if (dvles != p.shaders().size()) return dvles + " DVLEs, expected " + p.shaders().size();
        for (int i = 0; i < dvles; i++) {
            int e = b.getInt(8 + 4 * i);
            RandomPicassoSources.Shader s = p.shaders().get(i);
            int main = b.getInt(e + 8), end = b.getInt(e + 12), in = b.getShort(e + 16) & 0xFFFF, out = b.getShort(e + 18) & 0xFFFF;
            if (main != s.main() || end != s.end() || in != s.inputMask() || out != s.outputMask()) {
                return String.format("DVLE %d: main %d end %d inputs %04x outputs %04x, expected %d %d %04x %04x", i, main, end, in, out, s.main(), s.end(), s.inputMask(), s.outputMask());
            }
            int constAt = e + b.getInt(e + 24), constCount = b.getInt(e + 28);
            List<String> actual = new ArrayList<>(), expected = new ArrayList<>();
            for (int c = 0; c < constCount; c++) {
                int at = constAt + 20 * c, type = b.getShort(at) & 0xFFFF, reg = b.getShort(at + 2) & 0xFFFF;
                actual.add(type == 2 ? String.format("f c%d %06x %06x %06x %06x", reg, b.getInt(at + 4), b.getInt(at + 8), b.getInt(at + 12), b.getInt(at + 16))
                        : type == 1 ? String.format("i i%d %d %d %d %d", reg, shbin[at + 4] & 0xFF, shbin[at + 5] & 0xFF, shbin[at + 6] & 0xFF, shbin[at + 7] & 0xFF)
                        : String.format("b b%d %d", reg, b.getInt(at + 4)));
            }
            for (int[] c : s.constants()) {
                expected.add(c[0] == 2 ? String.format("f c%d %06x %06x %06x %06x", c[1], c[2], c[3], c[4], c[5])
                        : c[0] == 1 ? String.format("i i%d %d %d %d %d", c[1], c[2], c[3], c[4], c[5]) : String.format("b b%d %d", c[1], c[2]));
            }
            if (!actual.equals(expected)) return "DVLE " + i + " constants " + actual + ", expected " + expected;
        }
        return null;
    }
}
