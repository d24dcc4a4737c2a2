package dev.pica.cli;

import dev.pica.format.isa.syntax.Dialect;

/** The values of the tools' --dialect option: AUTO when it is not given (each file by its name), SDK, PICASSO. */
enum DialectOption {
    AUTO, SDK, PICASSO;

    /** The library's dialect; null for AUTO (each file by its name). */
    Dialect dialect() {
        return this == AUTO ? null : Dialect.valueOf(name());
    }
}
