/** A third-party client of the toolchain's library: it needs only these two modules. */
module example.api {
    requires dev.pica.driver;
    requires dev.pica.sim;
}
