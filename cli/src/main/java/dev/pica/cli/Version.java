package dev.pica.cli;

import picocli.CommandLine;

/** --version text for all tools. */
final class Version implements CommandLine.IVersionProvider {
    static final String VERSION = "0.1.0";

    @Override
    public String[] getVersion() {
        return new String[] {"${COMMAND-NAME} " + VERSION + " (PICA200 shader toolchain, SDK dialect)"};
    }
}
