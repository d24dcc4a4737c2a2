package dev.pica.cli;

/** JSON text for picasim's output: strings as the dump writes them, floats as the shortest decimal (non-finite ones as strings). */
final class Json {
    private Json() {}

    static String string(String s) {
        return dev.pica.format.BinaryDump.quote(s);
    }

    /** A number, or "inf", "-inf", "nan" as strings (JSON has no such numbers). */
    static String number(float f) {
        if (Float.isNaN(f) || Float.isInfinite(f)) return string(dev.pica.sim.Values.text(f));
        return dev.pica.sim.Values.text(f);
    }
}
