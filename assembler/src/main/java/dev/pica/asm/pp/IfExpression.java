package dev.pica.asm.pp;

import java.util.List;

/** Evaluates a #if expression (already macro-expanded) in long arithmetic, C precedence. */
final class IfExpression {
    static final class Bad extends Exception {
        final int at;

        Bad(int at) {
            super(null, null, false, false);
            this.at = at;
        }
    }

    private final List<PpToken> t;
    private int i;

    IfExpression(List<PpToken> tokens) {
        this.t = tokens;
    }

    long parse() throws Bad {
        if (t.isEmpty()) throw new Bad(-1);
        long v = conditional();
        if (i != t.size()) throw new Bad(i);
        return v;
    }

    private boolean peek(String s) {
        return i < t.size() && t.get(i).kind() == PpToken.Kind.PUNCT && t.get(i).text().equals(s);
    }

    private long conditional() throws Bad {
        long c = binary(0);
        if (peek("?")) {
            i++;
            long a = conditional();
            if (!peek(":")) throw new Bad(i);
            i++;
            long b = conditional();
            return c != 0 ? a : b;
        }
        return c;
    }

    private static final String[][] LEVELS = {
        {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}
    };

    private long binary(int level) throws Bad {
        if (level == LEVELS.length) return unary();
        long v = binary(level + 1);
        outer:
        while (true) {
            for (String op : LEVELS[level]) {
                if (peek(op)) {
                    int at = i++;
                    long r = binary(level + 1);
                    v = apply(op, v, r, at);
                    continue outer;
                }
            }
            return v;
        }
    }

    private static long apply(String op, long a, long b, int at) throws Bad {
        return switch (op) {
            case "||" -> (a != 0 || b != 0) ? 1 : 0;
            case "&&" -> (a != 0 && b != 0) ? 1 : 0;
            case "|" -> a | b;
            case "^" -> a ^ b;
            case "&" -> a & b;
            case "==" -> a == b ? 1 : 0;
            case "!=" -> a != b ? 1 : 0;
            case "<" -> a < b ? 1 : 0;
            case ">" -> a > b ? 1 : 0;
            case "<=" -> a <= b ? 1 : 0;
            case ">=" -> a >= b ? 1 : 0;
            case "<<" -> a << (b & 63);
            case ">>" -> a >> (b & 63);
            case "+" -> a + b;
            case "-" -> a - b;
            case "*" -> a * b;
            case "/" -> {
                if (b == 0) throw new Bad(at);
                yield a / b;
            }
            default -> {
                if (b == 0) throw new Bad(at);
                yield a % b;
            }
        };
    }

    private long unary() throws Bad {
        if (i >= t.size()) throw new Bad(i);
        PpToken k = t.get(i);
        if (k.kind() == PpToken.Kind.PUNCT) {
            switch (k.text()) {
                case "+" -> { i++; return unary(); }
                case "-" -> { i++; return -unary(); }
                case "!" -> { i++; return unary() == 0 ? 1 : 0; }
                case "~" -> { i++; return ~unary(); }
                case "(" -> {
                    i++;
                    long v = conditional();
                    if (!peek(")")) throw new Bad(i);
                    i++;
                    return v;
                }
                default -> throw new Bad(i);
            }
        }
        i++;
        if (k.kind() == PpToken.Kind.IDENT) return 0; // unknown identifiers are 0
        if (k.kind() == PpToken.Kind.NUMBER) return number(k.text(), i - 1);
        throw new Bad(i - 1);
    }

    private static long number(String s, int at) throws Bad {
        String x = s;
        while (!x.isEmpty() && "uUlL".indexOf(x.charAt(x.length() - 1)) >= 0) x = x.substring(0, x.length() - 1);
        try {
            if (x.startsWith("0x") || x.startsWith("0X")) return Long.parseUnsignedLong(x.substring(2), 16);
            if (x.length() > 1 && x.startsWith("0")) return Long.parseUnsignedLong(x.substring(1), 8);
            return Long.parseUnsignedLong(x);
        } catch (NumberFormatException e) {
            throw new Bad(at);
        }
    }
}
