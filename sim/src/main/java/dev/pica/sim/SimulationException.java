package dev.pica.sim;

/** A run that cannot complete (a runaway program, an EMIT in a vertex shader): the message says why. */
public final class SimulationException extends Exception {
    private final boolean runaway;

    public SimulationException(String message, boolean runaway) {
        super(message);
        this.runaway = runaway;
    }

    /** Whether the program did not reach 'end' within the step limit (the hardware would hang). */
    public boolean runaway() {
        return runaway;
    }
}
