package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** picasim's JSON input as Gson's strict reader reads it, and the mistakes it reports with line and column. */
class JsonInputTest {
    @Test
    void valuesOfEveryKind() throws Exception {
        Object v = JsonInput.read("{\"u\": [1, -2.5e1, 0], \"s\": \"a\\u0041\\n\", \"t\": true, \"n\": null}");
        Map<?, ?> m = (Map<?, ?>) v;
        assertEquals(List.of(1.0, -25.0, 0.0), m.get("u"));
        assertEquals("aA\n", m.get("s"));
        assertEquals(Boolean.TRUE, m.get("t"));
        assertEquals(null, m.get("n"));
        assertEquals(List.of("u", "s", "t", "n"), List.copyOf(m.keySet())); // members in file order
    }

    @Test
    void mistakesNameWhere() {
        assertError("", 1, 1, "unexpected end of input");
        assertError("{\"a\": 1,\n \"a\": 2}", 2, 3, "duplicate member \"a\" (at $.a)");
        assertError("[1] x", 1, 6, "not valid JSON here");
        assertError("{\"a\" 1}", 1, 7, "expected ':' (at $.a)");
        assertError("[\"x\\q\"]", 1, 6, "invalid escape sequence (at $[0])");
        assertError("[1, 01]", 1, 5, "not valid JSON here (at $[1])");
        assertError("[".repeat(70) + "]".repeat(70), 1, 67, "nested too deeply (at $" + "[0]".repeat(65) + ")");
    }

    @Test
    void stringsAreEscapedAsRfc8259Asks() {
        assertEquals("\"a\\\"b\\\\c\\n<&>\"", Json.string("a\"b\\c\n<&>"));
        assertEquals("\"\\u0001\"", Json.string("\u0001"));
    }

    private static void assertError(String text, int line, int column, String message) {
        JsonInput.Error e = assertThrows(JsonInput.Error.class, () -> JsonInput.read(text), text);
        assertEquals(message, e.getMessage(), text);
        assertEquals(line, e.line, text);
        assertEquals(column, e.column, text);
    }
}
