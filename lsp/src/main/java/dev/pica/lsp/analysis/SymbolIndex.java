package dev.pica.lsp.analysis;

import dev.pica.format.isa.syntax.Dialect;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The names of one source text and where they stand: every identifier outside comments, the
 * declarations of either dialect (labels, {@code #define}s and {@code bind_symbol}s of the SDK's;
 * {@code .proc}, uniforms, constants, {@code .in}, {@code .out} and {@code .alias} of picasso's)
 * and the {@code #include} lines. Built from the text alone, so it answers while the source does
 * not assemble. Lines and columns are 0-based, columns in UTF-16 units as LSP counts them.
 */
public final class SymbolIndex {
    /** What a declaration declares (the protocol layer names LSP's outline and completion kinds for each). */
    public enum Kind {
        LABEL, PROCEDURE, MACRO, UNIFORM, CONSTANT, INPUT, OUTPUT, ALIAS
    }

    /** An identifier: {@code afterDot} when a '.' precedes it (a swizzle or a directive name). */
    public record Token(String text, int line, int col, int end, boolean afterDot) {
        boolean contains(int l, int c) {
            return l == line && c >= col && c <= end;
        }
    }

    public record Definition(String name, Kind kind, int line, int col, int end) {}

    /** A {@code #include "path"} line: the path as written and where it stands. */
    public record Include(String path, int line, int col, int end) {}

    private final List<Token> tokens = new ArrayList<>();
    private final Map<String, Definition> definitions = new LinkedHashMap<>();
    private final List<Include> includes = new ArrayList<>();
    /** the names the shader binary records for the application to look up: bind_symbol's, picasso's uniforms and .in */
    private final java.util.Set<Token> publicNames = new java.util.HashSet<>();
    private final List<String> lines;

    private SymbolIndex(List<String> lines) {
        this.lines = lines;
    }

    public static SymbolIndex of(String text, Dialect dialect) {
        boolean picasso = dialect == Dialect.PICASSO;
        List<String> lines = List.of(text.split("\r\n|\r|\n", -1));
        SymbolIndex ix = new SymbolIndex(lines);
        boolean inBlockComment = false;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            List<Token> own = new ArrayList<>();
            int c = 0;
            while (c < line.length()) {
                char ch = line.charAt(c);
                if (inBlockComment) {
                    int close = line.indexOf("*/", c);
                    if (close < 0) break;
                    inBlockComment = false;
                    c = close + 2;
                } else if (picasso && ch == ';' || !picasso && line.startsWith("//", c)) {
                    break;
                } else if (!picasso && line.startsWith("/*", c)) {
                    inBlockComment = true;
                    c += 2;
                } else if (ch == '"') {
                    int close = line.indexOf('"', c + 1);
                    int end = close < 0 ? line.length() : close;
                    if (!picasso && isDirective(line, "include")) ix.includes.add(new Include(line.substring(c + 1, end), n, c + 1, end));
                    c = end + 1;
                } else if (Character.isLetter(ch) || ch == '_' || ch == '$') {
                    int s = c;
                    while (c < line.length() && (Character.isLetterOrDigit(line.charAt(c)) || line.charAt(c) == '_' || line.charAt(c) == '$')) c++;
                    own.add(new Token(line.substring(s, c), n, s, c, s > 0 && line.charAt(s - 1) == '.'));
                } else if (Character.isDigit(ch)) {
                    // numbers, and register numbers glued to nothing: skip the whole run
                    while (c < line.length() && (Character.isLetterOrDigit(line.charAt(c)) || line.charAt(c) == '.')) c++;
                } else {
                    c++;
                }
            }
            ix.tokens.addAll(own);
            ix.declarations(line, own, dialect);
        }
        return ix;
    }

    private static boolean isDirective(String line, String name) {
        String t = line.stripLeading();
        if (!t.startsWith("#")) return false;
        return t.substring(1).stripLeading().startsWith(name);
    }

    private void declarations(String line, List<Token> own, Dialect dialect) {
        boolean picasso = dialect == Dialect.PICASSO;
        if (own.isEmpty()) return;
        Token first = own.get(0);
        int afterFirst = skipBlanks(line, first.end());
        if (!first.afterDot() && line.substring(0, first.col()).isBlank() && afterFirst < line.length() && line.charAt(afterFirst) == ':') {
            define(first, Kind.LABEL);
            return;
        }
        if (!picasso) {
            if (own.size() >= 2 && isDirective(line, first.text()) && first.text().equals("define")) define(own.get(1), Kind.MACRO);
            if (own.size() >= 3 && isDirective(line, "pragma") && own.get(1).text().equals("bind_symbol")) {
                Token name = own.get(2);
                Token reg = own.stream().skip(3).filter(t -> !t.afterDot()).findFirst().orElse(null);
                define(name, reg != null && reg.text().startsWith("v") ? Kind.INPUT : Kind.UNIFORM);
                publicNames.add(name);
            }
            return;
        }
        if (!first.afterDot() || own.size() < 2) return;
        Token name = own.get(1);
        switch (first.text()) {
            case "proc" -> define(name, Kind.PROCEDURE);
            case "constf", "consti", "constfa" -> define(name, Kind.CONSTANT);
            case "in" -> {
                define(name, Kind.INPUT);
                publicNames.add(name);
            }
            case "out" -> define(name, Kind.OUTPUT);
            case "alias" -> define(name, Kind.ALIAS);
            case "fvec", "ivec", "bool" -> {
                // ".fvec a, b[4], c": every name outside brackets
                for (Token t : own.subList(1, own.size())) {
                    if (insideBrackets(line, t.col())) continue;
                    define(t, Kind.UNIFORM);
                    publicNames.add(t);
                }
            }
            default -> { }
        }
    }

    private static boolean insideBrackets(String line, int col) {
        int open = line.lastIndexOf('[', col), close = line.lastIndexOf(']', col);
        return open > close;
    }

    private static int skipBlanks(String line, int c) {
        while (c < line.length() && (line.charAt(c) == ' ' || line.charAt(c) == '\t')) c++;
        return c;
    }

    private void define(Token t, Kind kind) {
        definitions.putIfAbsent(t.text(), new Definition(t.text(), kind, t.line(), t.col(), t.end()));
    }

    /** The identifier at (or just after) this position, or null. */
    public Token tokenAt(int line, int col) {
        for (Token t : tokens) if (t.contains(line, col)) return t;
        return null;
    }

    /** The identifiers of line n, in order. */
    public List<Token> tokensOn(int n) {
        List<Token> out = new ArrayList<>();
        for (Token t : tokens) if (t.line() == n) out.add(t);
        return out;
    }

    /** Every identifier, in order. */
    public List<Token> tokens() {
        return Collections.unmodifiableList(tokens);
    }

    /** The {@code #include} path under this position, or null. */
    public Include includeAt(int line, int col) {
        for (Include i : includes) if (i.line() == line && col >= i.col() && col <= i.end()) return i;
        return null;
    }

    public Definition definition(String name) {
        return definitions.get(name);
    }

    /** Declarations in source order. */
    public List<Definition> definitions() {
        return List.copyOf(definitions.values());
    }

    public List<Include> includes() {
        return Collections.unmodifiableList(includes);
    }

    /**
     * Whether this token is a name the shader binary records for the application to look up
     * ({@code bind_symbol}'s name; picasso's {@code .fvec}, {@code .ivec}, {@code .bool} and
     * {@code .in} names): the program that loads the shader depends on its spelling.
     */
    public boolean isPublicName(Token t) {
        return publicNames.contains(t);
    }

    /** Whether a declaration is made by a public name ({@link #isPublicName}), not by a #define, label or alias. */
    public boolean isPublic(Definition d) {
        for (Token t : publicNames) if (t.line() == d.line() && t.col() == d.col()) return true;
        return false;
    }

    /** Every use of a name, its declaration included (a swizzle or a directive of the same spelling is not one). */
    public List<Token> occurrences(String name) {
        List<Token> out = new ArrayList<>();
        for (Token t : tokens) if (!t.afterDot() && t.text().equals(name)) out.add(t);
        return out;
    }

    /** Line n of the text ("" beyond the end). */
    public String line(int n) {
        return n >= 0 && n < lines.size() ? lines.get(n) : "";
    }

    /** Whether this token is the first word of a statement (a mnemonic), after any label. */
    public boolean isStatementStart(Token t) {
        String before = line(t.line()).substring(0, t.col());
        int colon = before.lastIndexOf(':');
        return (colon < 0 ? before : before.substring(colon + 1)).isBlank() && !t.afterDot();
    }
}
