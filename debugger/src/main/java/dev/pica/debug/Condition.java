package dev.pica.debug;

import dev.pica.sim.Bindings;
import dev.pica.sim.Stepper;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A breakpoint's condition: comparisons of lanes and numbers ({@code r2.x < 0},
 * {@code position.w == 0}, {@code cmp.x}, {@code b3}) joined by {@code &&} and {@code ||}
 * ({@code &&} binds tighter) and grouped by parentheses. Names are resolved once, when the
 * breakpoint is set, so an unknown name is an error then and not a silent false later.
 */
final class Condition {
    private static final Pattern TOKEN = Pattern.compile(
            "\\s*(&&|\\|\\||<=|>=|==|!=|<|>|\\(|\\)|!|[+-]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[A-Za-z_][A-Za-z0-9_]*(?:\\[[0-9]+\\])?(?:\\.[xyzw])?)");

    /** A node: evaluates to a number (comparisons and logic give 1 or 0). */
    private interface Node {
        float eval(Stepper s);
    }

    private final Node root;
    private final String text;

    private Condition(String text, Node root) {
        this.text = text;
        this.root = root;
    }

    /** @throws IllegalArgumentException for a malformed condition or a name the shader lacks */
    static Condition parse(String text, Bindings bindings) {
        return parse(text, bindings, name -> null);
    }

    /**
     * With the GLSL variables that have a value at the breakpoint's word: {@code locals} gives
     * the place of a name ({@code i}, {@code n.y}) there, or null for a name that is not one (a
     * register, an input or a uniform then).
     */
    static Condition parse(String text, Bindings bindings, java.util.function.Function<String, Place> locals) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        int at = 0;
        while (at < text.length()) {
            if (text.substring(at).isBlank()) break;
            if (!m.find(at) || m.start() != at) throw new IllegalArgumentException("condition '" + text + "': cannot read '" + text.substring(at).trim() + "'");
            tokens.add(m.group(1));
            at = m.end();
        }
        if (tokens.isEmpty()) throw new IllegalArgumentException("the condition is empty");
        Parser p = new Parser(text, tokens, bindings, locals);
        Node n = p.or();
        if (p.at < tokens.size()) throw new IllegalArgumentException("condition '" + text + "': unexpected '" + tokens.get(p.at) + "'");
        return new Condition(text, n);
    }

    boolean holds(Stepper s) {
        return root.eval(s) != 0;
    }

    @Override
    public String toString() {
        return text;
    }

    private static final class Parser {
        final String text;
        final List<String> tokens;
        final Bindings bindings;
        final java.util.function.Function<String, Place> locals;
        int at;

        Parser(String text, List<String> tokens, Bindings bindings, java.util.function.Function<String, Place> locals) {
            this.text = text;
            this.tokens = tokens;
            this.bindings = bindings;
            this.locals = locals;
        }

        String peek() {
            return at < tokens.size() ? tokens.get(at) : null;
        }

        String next() {
            if (at >= tokens.size()) throw new IllegalArgumentException("condition '" + text + "' ends too early");
            return tokens.get(at++);
        }

        Node or() {
            Node l = and();
            while ("||".equals(peek())) {
                next();
                Node a = l, b = and();
                l = s -> a.eval(s) != 0 || b.eval(s) != 0 ? 1 : 0;
            }
            return l;
        }

        Node and() {
            Node l = comparison();
            while ("&&".equals(peek())) {
                next();
                Node a = l, b = comparison();
                l = s -> a.eval(s) != 0 && b.eval(s) != 0 ? 1 : 0;
            }
            return l;
        }

        Node comparison() {
            Node a = operand();
            String op = peek();
            if (op == null || !op.matches("<=|>=|==|!=|<|>")) return a;
            next();
            Node b = operand();
            return switch (op) {
                case "<" -> s -> a.eval(s) < b.eval(s) ? 1 : 0;
                case "<=" -> s -> a.eval(s) <= b.eval(s) ? 1 : 0;
                case ">" -> s -> a.eval(s) > b.eval(s) ? 1 : 0;
                case ">=" -> s -> a.eval(s) >= b.eval(s) ? 1 : 0;
                case "==" -> s -> a.eval(s) == b.eval(s) ? 1 : 0;
                default -> s -> a.eval(s) != b.eval(s) ? 1 : 0;
            };
        }

        Node operand() {
            String t = next();
            switch (t) {
                case "(" -> {
                    Node n = or();
                    if (!")".equals(next())) throw new IllegalArgumentException("condition '" + text + "': expected ')'");
                    return n;
                }
                case "!" -> {
                    Node n = operand();
                    return s -> n.eval(s) == 0 ? 1 : 0;
                }
                case "true" -> {
                    return s -> 1;
                }
                case "false" -> {
                    return s -> 0;
                }
                default -> { }
            }
            char c = t.charAt(0);
            if (Character.isDigit(c) || c == '.' || c == '+' || c == '-') {
                float v = Place.number(t);
                return s -> v;
            }
            if (!Character.isLetter(c) && c != '_') throw new IllegalArgumentException("condition '" + text + "': unexpected '" + t + "'");
            Place local = locals.apply(t);
            Place p = local != null ? local : Place.resolve(t, bindings);
            boolean scalar = p.lane() >= 0 || p.file() == 'b' || p.file() == 'L';
            if (p.count() != 1 || !scalar) throw new IllegalArgumentException("condition '" + text + "': '" + t + "' is a vector; compare a lane (" + t + ".x)");
            return p::value;
        }
    }
}
