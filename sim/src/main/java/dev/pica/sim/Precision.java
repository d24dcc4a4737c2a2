package dev.pica.sim;

/** How register values are held (docs/spec/execution.md, "Values"). */
public enum Precision {
    /** As the emulator holds them: float32 values, the PICA's rules applied per operation. */
    EMULATOR,
    /** Every register write (and every value loaded) truncated to float24, as the hardware's registers hold it. */
    FLOAT24
}
