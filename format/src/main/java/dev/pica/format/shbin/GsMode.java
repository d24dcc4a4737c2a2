package dev.pica.format.shbin;

/** The geometry-shader bytes of a DVLE (0x14-0x17): data mode, fixed start register, counts. */
public record GsMode(int mode, int fixedStart, int variableCount, int fixedCount) {
    public static final GsMode NONE = new GsMode(0, 0, 0, 0);

    int packed() {
        return (mode & 0xFF) | (fixedStart & 0xFF) << 8 | (variableCount & 0xFF) << 16 | (fixedCount & 0xFF) << 24;
    }

    static GsMode unpack(int v) {
        return new GsMode(v & 0xFF, v >>> 8 & 0xFF, v >>> 16 & 0xFF, v >>> 24);
    }
}
