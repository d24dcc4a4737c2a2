package dev.pica.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON (RFC 8259) into maps, lists, doubles, strings, booleans and null, for picasim's
 * --input files. A mistake is a {@link Error} with the 1-based line and column.
 */
final class JsonReader {
    /** Malformed JSON, with where. */
    static final class Error extends Exception {
        final int line, column;

        Error(int line, int column, String message) {
            super(message);
            this.line = line;
            this.column = column;
        }
    }

    private final String s;
    private int at;

    private JsonReader(String s) {
        this.s = s;
    }

    static Object read(String text) throws Error {
        JsonReader r = new JsonReader(text);
        r.blank();
        Object v = r.value(0);
        r.blank();
        if (r.at < r.s.length()) throw r.error("unexpected '" + r.s.charAt(r.at) + "' after the value");
        return v;
    }

    private Error error(String message) {
        int line = 1, col = 1;
        for (int k = 0; k < Math.min(at, s.length()); k++) {
            if (s.charAt(k) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        return new Error(line, col, message);
    }

    private void blank() {
        while (at < s.length() && (s.charAt(at) == ' ' || s.charAt(at) == '\t' || s.charAt(at) == '\n' || s.charAt(at) == '\r')) at++;
    }

    private Object value(int depth) throws Error {
        if (depth > 64) throw error("nested too deeply");
        if (at >= s.length()) throw error("unexpected end of input");
        char c = s.charAt(at);
        switch (c) {
            case '{' -> {
                return object(depth);
            }
            case '[' -> {
                return array(depth);
            }
            case '"' -> {
                return string();
            }
            case 't' -> {
                return word("true", Boolean.TRUE);
            }
            case 'f' -> {
                return word("false", Boolean.FALSE);
            }
            case 'n' -> {
                return word("null", null);
            }
            default -> {
                if (c == '-' || c >= '0' && c <= '9') return number();
                throw error("unexpected '" + c + "'");
            }
        }
    }

    private Object word(String w, Object v) throws Error {
        if (!s.startsWith(w, at)) throw error("unexpected '" + s.charAt(at) + "'");
        at += w.length();
        return v;
    }

    private Map<String, Object> object(int depth) throws Error {
        Map<String, Object> m = new LinkedHashMap<>();
        at++;
        blank();
        if (at < s.length() && s.charAt(at) == '}') {
            at++;
            return m;
        }
        while (true) {
            blank();
            if (at >= s.length() || s.charAt(at) != '"') throw error("expected a member name in quotes");
            int keyAt = at;
            String key = string();
            if (m.containsKey(key)) {
                at = keyAt;
                throw error("duplicate member \"" + key + "\"");
            }
            blank();
            if (at >= s.length() || s.charAt(at) != ':') throw error("expected ':' after \"" + key + "\"");
            at++;
            blank();
            m.put(key, value(depth + 1));
            blank();
            if (at < s.length() && s.charAt(at) == ',') {
                at++;
                continue;
            }
            if (at < s.length() && s.charAt(at) == '}') {
                at++;
                return m;
            }
            throw error("expected ',' or '}'");
        }
    }

    private List<Object> array(int depth) throws Error {
        List<Object> l = new ArrayList<>();
        at++;
        blank();
        if (at < s.length() && s.charAt(at) == ']') {
            at++;
            return l;
        }
        while (true) {
            blank();
            l.add(value(depth + 1));
            blank();
            if (at < s.length() && s.charAt(at) == ',') {
                at++;
                continue;
            }
            if (at < s.length() && s.charAt(at) == ']') {
                at++;
                return l;
            }
            throw error("expected ',' or ']'");
        }
    }

    private String string() throws Error {
        StringBuilder sb = new StringBuilder();
        at++;
        while (true) {
            if (at >= s.length()) throw error("unterminated string");
            char c = s.charAt(at++);
            if (c == '"') return sb.toString();
            if (c < 0x20) {
                at--;
                throw error("control character in a string");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (at >= s.length()) throw error("unterminated string");
            char e = s.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (at + 4 > s.length() || !s.substring(at, at + 4).matches("[0-9a-fA-F]{4}")) throw error("bad \\u escape");
                    sb.append((char) Integer.parseInt(s.substring(at, at + 4), 16));
                    at += 4;
                }
                default -> {
                    at -= 2;
                    throw error("bad escape '\\" + e + "'");
                }
            }
        }
    }

    private Double number() throws Error {
        int start = at;
        if (s.charAt(at) == '-') at++;
        int digits = at;
        while (at < s.length() && Character.isDigit(s.charAt(at))) at++;
        if (at == digits || s.charAt(digits) == '0' && at - digits > 1) {
            at = start;
            throw error("malformed number");
        }
        if (at < s.length() && s.charAt(at) == '.') {
            at++;
            int f = at;
            while (at < s.length() && Character.isDigit(s.charAt(at))) at++;
            if (at == f) throw error("malformed number");
        }
        if (at < s.length() && (s.charAt(at) == 'e' || s.charAt(at) == 'E')) {
            at++;
            if (at < s.length() && (s.charAt(at) == '+' || s.charAt(at) == '-')) at++;
            int e = at;
            while (at < s.length() && Character.isDigit(s.charAt(at))) at++;
            if (at == e) throw error("malformed number");
        }
        return Double.parseDouble(s.substring(start, at));
    }
}
