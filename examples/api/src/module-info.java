/** A third-party client of the toolchain's library: it needs only these two modules. */
module example.api {
    requires dev.pica.build;
    requires dev.pica.sim;
}
