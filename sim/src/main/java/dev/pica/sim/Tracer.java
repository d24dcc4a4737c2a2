package dev.pica.sim;

/** Sees every executed word, for {@code picasim --trace} and debuggers. */
public interface Tracer {
    /**
     * The word at {@code pc} ran ({@code word} -1 for the end the emulator forces at the last
     * word of program memory); {@code writes} lists what it wrote ("r0.x=1.5 cmp=(true, false)"),
     * empty if nothing.
     */
    void executed(int pc, int word, String writes);
}
