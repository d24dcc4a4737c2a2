package dev.pica.driver;

/** The toolchain's version, as every tool and the language server report it. */
public final class ToolchainVersion {
    public static final String TEXT = "0.1.0";

    private ToolchainVersion() {}
}
