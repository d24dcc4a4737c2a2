package dev.pica.cli;

import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.MalformedJsonException;
import java.io.EOFException;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads JSON (RFC 8259, Gson's streaming reader in strict mode) into maps, lists, doubles,
 * strings, booleans and null, for picasim's --input files. A mistake is an {@link Error} with the
 * 1-based line and column Gson reports and its JSON path; a member named twice is one too.
 */
final class JsonInput {
    private JsonInput() {}

    /** Malformed JSON, with where. */
    static final class Error extends Exception {
        final int line, column;

        Error(int line, int column, String message) {
            super(message);
            this.line = line;
            this.column = column;
        }
    }

    /** Nesting deeper than this is refused (an input file needs four levels). */
    private static final int MAX_DEPTH = 64;
    /** Where Gson says it is: " at line L column C path P" in its messages and its reader's toString. */
    private static final Pattern WHERE = Pattern.compile(" at line (\\d+) column (\\d+) path (\\S*)");

    static Object read(String text) throws Error {
        JsonReader r = new JsonReader(new StringReader(text));
        r.setStrictness(Strictness.STRICT);
        try {
            Object v = value(r, 0);
            if (r.peek() != JsonToken.END_DOCUMENT) throw error(r.toString(), "unexpected text after the value");
            return v;
        } catch (EOFException e) {
            throw error(e.getMessage(), "unexpected end of input");
        } catch (MalformedJsonException e) {
            throw error(e.getMessage(), reason(e.getMessage()));
        } catch (IOException e) { // a StringReader does not fail; Gson reports what it cannot read as the two above
            throw error(r.toString(), e.getMessage());
        }
    }

    private static Object value(JsonReader r, int depth) throws IOException, Error {
        if (depth > MAX_DEPTH) throw error(r.toString(), "nested too deeply");
        return switch (r.peek()) {
            case BEGIN_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                r.beginObject();
                while (r.hasNext()) {
                    String where = r.toString();
                    String key = r.nextName();
                    if (m.containsKey(key)) throw error(where, "duplicate member \"" + key + "\"");
                    m.put(key, value(r, depth + 1));
                }
                r.endObject();
                yield m;
            }
            case BEGIN_ARRAY -> {
                List<Object> l = new ArrayList<>();
                r.beginArray();
                while (r.hasNext()) l.add(value(r, depth + 1));
                r.endArray();
                yield l;
            }
            case STRING -> r.nextString();
            case NUMBER -> r.nextDouble();
            case BOOLEAN -> r.nextBoolean();
            case NULL -> {
                r.nextNull();
                yield null;
            }
            default -> throw error(r.toString(), "unexpected " + r.peek());
        };
    }

    /** Gson's message in GCC's manner: its first clause, lower case; its advice to read leniently as what it means here. */
    private static String reason(String gson) {
        String m = gson == null ? "" : gson;
        Matcher w = WHERE.matcher(m);
        String head = w.find() ? m.substring(0, w.start()) : m.lines().findFirst().orElse("");
        if (head.startsWith("Use JsonReader.setStrictness")) head = "not valid JSON here";
        if (!head.isEmpty() && Character.isUpperCase(head.charAt(0)) && (head.length() == 1 || !Character.isUpperCase(head.charAt(1)))) {
            head = Character.toLowerCase(head.charAt(0)) + head.substring(1);
        }
        return head;
    }

    /** The error at the place a Gson message or reader names, with its JSON path when it is inside the value. */
    private static Error error(String where, String message) {
        Matcher w = WHERE.matcher(where == null ? "" : where);
        if (!w.find()) return new Error(1, 1, message);
        String path = w.group(3);
        return new Error(Integer.parseInt(w.group(1)), Integer.parseInt(w.group(2)), message + (path.equals("$") || path.isEmpty() ? "" : " (at " + path + ")"));
    }
}
