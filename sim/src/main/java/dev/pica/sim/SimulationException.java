package dev.pica.sim;

/** A run that cannot complete (a runaway program, an EMIT in a vertex shader): the message says why. */
public final class SimulationException extends Exception {
    public SimulationException(String message) {
        super(message);
    }
}
