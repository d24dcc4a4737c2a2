package dev.pica.format.diag;

/**
 * What a library entry point returns, one shape for all (assemble, link, disassemble, verify):
 * the value it made, null exactly when it has errors, and what it said. Each has a twin that
 * takes a {@link Diagnostics} to report into and returns the value alone.
 */
public interface Outcome<T> {
    /** What the call made, or null after errors. */
    T value();

    /** What it said, in order. */
    Diagnostics diagnostics();

    default boolean ok() {
        return value() != null;
    }
}
