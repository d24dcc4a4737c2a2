package dev.pica.cli;

import picocli.CommandLine.Option;

/** --help and --version; -h is not help here (picasso's -h names a header file). */
final class HelpOptions {
    @Option(names = "--help", usageHelp = true, description = "print this help and exit")
    boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, description = "print the version and exit")
    boolean version;
}
