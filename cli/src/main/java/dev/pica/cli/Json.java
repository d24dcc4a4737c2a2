package dev.pica.cli;

/** JSON text for picasim's output: strings escaped by Gson's writer, floats as the shortest decimal (non-finite ones as strings). */
final class Json {
    private Json() {}

    /** A JSON string literal (RFC 8259 escapes, as Gson writes them; '<', '>', '&' as they are). */
    static String string(String s) {
        java.io.StringWriter out = new java.io.StringWriter(s.length() + 2);
        try (com.google.gson.stream.JsonWriter w = new com.google.gson.stream.JsonWriter(out)) {
            w.setHtmlSafe(false);
            w.value(s);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /** A number, or "inf", "-inf", "nan" as strings (JSON has no such numbers). */
    static String number(float f) {
        if (Float.isNaN(f) || Float.isInfinite(f)) return string(dev.pica.sim.Values.text(f));
        return dev.pica.sim.Values.text(f);
    }
}
