package dev.pica.asm.pp;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.isa.Limits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The C preprocessor of the SDK dialect (sdk-dialect.md section 3). Our own rather than a
 * library: #pragma lines must pass through verbatim, every character must keep its original
 * file/line/column for diagnostics and line info, and messages follow the spec's wording
 * (docs/preprocessor.md).
 */
public final class Preprocessor {
    public static final int MAX_INCLUDE_DEPTH = 64;
    /**
     * Expansion bounds: a shader line needs a handful of expansions, so these stop a macro bomb
     * (doubling #defines) within milliseconds while no real source comes near them.
     */
    public static final int MAX_EXPANSIONS_PER_LINE = 5_000;
    public static final int MAX_TOKENS_PER_LINE = 5_000;
    public static final long MAX_EXPANDED_TOKENS = 100_000;

    private final List<Path> includeDirs;
    private final Diagnostics diags;
    private final Map<String, Macro> macros = new HashMap<>();
    private final MacroExpander expander;
    private final List<PreprocessedSource.Line> out = new ArrayList<>();
    private final List<Path> files = new ArrayList<>();
    private final List<String> fileNames = new ArrayList<>();
    private final Deque<Path> includeStack = new ArrayDeque<>();

    /**
     * @param defines -D options in command-line order: "NAME" or "NAME=VALUE"
     */
    public Preprocessor(List<Path> includeDirs, List<String> defines, Diagnostics diags) {
        this(includeDirs, defines, SourceFiles.DISK, diags);
    }

    /** @param sources where included files are read from (an editor's unsaved text first, or the disk) */
    public Preprocessor(List<Path> includeDirs, List<String> defines, SourceFiles sources, Diagnostics diags) {
        this.includeDirs = List.copyOf(includeDirs);
        this.sources = sources;
        this.diags = diags;
        this.expander = new MacroExpander(macros, diags);
        for (String d : defines) defineFromCommandLine(d);
    }

    private final SourceFiles sources;

    private void defineFromCommandLine(String d) {
        int eq = d.indexOf('=');
        String text = eq < 0 ? d + " 1" : d.substring(0, eq) + " " + d.substring(eq + 1);
        SourceFile f = SourceFile.ofString("<command line>", text);
        List<LogicalLine> lls = LineReader.read(f, null, diags);
        if (!lls.isEmpty()) define(lls.get(0), 0, f, null);
    }

    public PreprocessedSource run(SourceFile main) {
        if (main.path() != null) {
            Path real = main.path().toAbsolutePath().normalize();
            files.add(real);
            fileNames.add(main.name());
            includeStack.push(real);
        }
        processFile(main, null);
        // the macros defined at the end, sorted: the candidates of "did you mean" for an unknown operand
        return new PreprocessedSource(List.copyOf(out), List.copyOf(files), List.copyOf(fileNames), List.copyOf(new java.util.TreeSet<>(macros.keySet())));
    }

    private static final class Cond {
        final boolean parentActive;
        boolean active;
        boolean taken;
        boolean sawElse;
        final SourcePos pos;

        Cond(boolean parentActive, boolean active, SourcePos pos) {
            this.parentActive = parentActive;
            this.active = active;
            this.taken = active;
            this.pos = pos;
        }
    }

    private void processFile(SourceFile f, SourcePos.IncludeSite from) {
        Deque<Cond> conds = new ArrayDeque<>();
        LineReader.read(f, from, diags, ll -> {
            if (diags.saturated() || tooLong) return false;
            line(f, from, ll, conds);
            return !tooLong;
        });
        if (tooLong) return;
        for (Cond c : conds) diags.error(Problem.UNBALANCED_CONDITIONAL, c.pos, "unterminated #if");
    }

    /** One logical line of a file: a directive, or code emitted with its macros expanded. */
    private void line(SourceFile f, SourcePos.IncludeSite from, LogicalLine ll, Deque<Cond> conds) {
        {
            boolean active = conds.isEmpty() || conds.peek().active;
            String t = ll.text();
            int p = skipBlanks(t, 0);
            if (p < t.length() && t.charAt(p) == '#') {
                int q = skipBlanks(t, p + 1);
                int e = q;
                while (e < t.length() && PpLexer.isIdentPart(t.charAt(e))) e++;
                String name = t.substring(q, e);
                SourcePos at = pos(f, from, ll, p);
                switch (name) {
                    case "if", "ifdef", "ifndef" -> {
                        boolean v = active && evalCondition(name, f, from, ll, e);
                        conds.push(new Cond(active, v, at));
                    }
                    case "elif" -> {
                        Cond c = conds.peek();
                        if (c == null || c.sawElse) {
                            diags.error(Problem.UNBALANCED_CONDITIONAL, at, "unbalanced conditional directive");
                        } else if (c.taken || !c.parentActive) {
                            c.active = false;
                        } else {
                            c.active = evalCondition("if", f, from, ll, e);
                            c.taken = c.active;
                        }
                    }
                    case "else" -> {
                        Cond c = conds.peek();
                        if (c == null || c.sawElse) {
                            diags.error(Problem.UNBALANCED_CONDITIONAL, at, "unbalanced conditional directive");
                        } else {
                            c.sawElse = true;
                            c.active = c.parentActive && !c.taken;
                            c.taken = true;
                        }
                    }
                    case "endif" -> {
                        if (conds.isEmpty()) diags.error(Problem.UNBALANCED_CONDITIONAL, at, "unbalanced conditional directive");
                        else conds.pop();
                    }
                    default -> {
                        if (active) directive(name, f, from, ll, p, e, at);
                    }
                }
                if ((name.equals("pragma") && active)) {
                    emit(f, from, ll, null);
                } else if (!name.equals("include") || !active) {
                    blank(f, from, ll.firstLine());
                }
            } else if (active) {
                List<PpToken> x = expander.expandLine(PpLexer.lex(ll, 0), f, from);
                if (x == null) {
                    blank(f, from, ll.firstLine());
                } else {
                    emit(f, from, ll, x);
                    countInstruction(x, f, from);
                }
            } else {
                blank(f, from, ll.firstLine());
            }
            for (int k = 1; k < ll.physicalLines(); k++) blank(f, from, ll.firstLine() + k);
        }
    }

    /** Statements that write no word of their own (declarations, and block ends that may write none). */
    private static final Set<String> NO_WORD = Set.of("def", "defi", "defb", "ret", "else", "endif", "endloop");

    /** Instruction lines seen so far; past Limits.CODE_WORDS no program can hold them, and reading stops. */
    private int instructions;
    private boolean tooLong;

    /** Whether reading stopped at a source longer than any program (the rest is not worth parsing). */
    public boolean stoppedEarly() {
        return tooLong;
    }

    /**
     * Counts a line that holds an instruction (after its labels; a def or endif is none): a shader program
     * has at most 4,096 words, so a source with more instructions is one error at the first one
     * beyond, and the rest of it is not read (a 60 MB source would otherwise fill the memory).
     */
    private void countInstruction(List<PpToken> x, SourceFile f, SourcePos.IncludeSite from) {
        int k = 0;
        while (k + 1 < x.size() && x.get(k).kind() == PpToken.Kind.IDENT && x.get(k + 1).is(":")) k += 2;
        if (k >= x.size() || x.get(k).kind() != PpToken.Kind.IDENT) return;
        String first = x.get(k).text();
        if (NO_WORD.contains(first)) return;
        if (++instructions <= Limits.CODE_WORDS) return;
        diags.error(Problem.PROGRAM_SIZE, pos(x.get(k), f, from), "more than " + String.format(java.util.Locale.ROOT, "%,d", Limits.CODE_WORDS)
                + " instructions: a shader program holds at most " + String.format(java.util.Locale.ROOT, "%,d", Limits.CODE_WORDS)
                + " words, so the rest of the source is not read");
        tooLong = true;
    }

    /** In a holder: compiled only for a pragma that names GCC (bind_symbol and output_map lines are in every source) */
    private static final class GccDiagnostic {
        static final java.util.regex.Pattern PATTERN = java.util.regex.Pattern.compile("\\s*GCC\\s+diagnostic\\b");
    }

    private void directive(String name, SourceFile f, SourcePos.IncludeSite from, LogicalLine ll, int hash, int end, SourcePos at) {
        switch (name) {
            case "" -> { }
            case "define" -> define(ll, end, f, from);
            case "undef" -> {
                List<PpToken> toks = PpLexer.lex(ll, end);
                if (toks.isEmpty() || toks.get(0).kind() != PpToken.Kind.IDENT) {
                    diags.error(Problem.MACRO_DEFINITION, at, "#undef needs a macro name");
                } else {
                    macros.remove(toks.get(0).text());
                }
            }
            case "include" -> include(f, from, ll, end, at);
            case "line" -> lineMarker(f, ll, end, at);
            case "error" -> diags.error(Problem.ERROR_DIRECTIVE, at, "#error" + ll.text().substring(end).stripTrailing());
            case "pragma" -> {
                // #pragma GCC diagnostic: read here, in line order, so that it covers the preprocessor's own warnings too
                String rest = ll.text().substring(end);
                if (!rest.contains("GCC")) return;
                java.util.regex.Matcher m = GccDiagnostic.PATTERN.matcher(rest);
                if (m.lookingAt()) diags.diagnosticPragma(at, ll.text().substring(end + m.end()));
            }
            default -> diags.error(Problem.UNKNOWN_DIRECTIVE, pos(f, from, ll, skipBlanks(ll.text(), hash + 1)), "unknown preprocessor directive '" + name + "'");
        }
    }

    private void define(LogicalLine ll, int from, SourceFile f, SourcePos.IncludeSite site) {
        String t = ll.text();
        int p = skipBlanks(t, from);
        int e = p;
        while (e < t.length() && PpLexer.isIdentPart(t.charAt(e))) e++;
        SourcePos at = pos(f, site, ll, p);
        if (e == p || PpLexer.isDigit(t.charAt(p))) {
            diags.error(Problem.MACRO_DEFINITION, at, "#define needs a macro name");
            return;
        }
        String name = t.substring(p, e);
        if (name.equals("defined")) {
            diags.error(Problem.MACRO_DEFINITION, at, "'defined' cannot be used as a macro name");
            return;
        }
        List<String> params = null;
        int bodyStart = e;
        if (e < t.length() && t.charAt(e) == '(') {
            params = new ArrayList<>();
            int close = t.indexOf(')', e);
            if (close < 0) {
                diags.error(Problem.MACRO_DEFINITION, pos(f, site, ll, e), "missing ')' in macro parameter list");
                return;
            }
            String inner = t.substring(e + 1, close).trim();
            if (!inner.isEmpty()) {
                for (String param : inner.split(",", -1)) {
                    String pn = param.trim();
                    if (pn.isEmpty() || !pn.chars().allMatch(c -> PpLexer.isIdentPart((char) c)) || PpLexer.isDigit(pn.charAt(0))) {
                        diags.error(Problem.MACRO_DEFINITION, pos(f, site, ll, e), "invalid macro parameter '" + pn + "'");
                        return;
                    }
                    if (params.contains(pn)) {
                        diags.error(Problem.MACRO_DEFINITION, pos(f, site, ll, e), "duplicate macro parameter '" + pn + "'");
                        return;
                    }
                    params.add(pn);
                }
            }
            bodyStart = close + 1;
        }
        List<PpToken> body = PpLexer.lex(ll, bodyStart);
        if (!body.isEmpty()) body.set(0, body.get(0).withSpace(false));
        Macro m = new Macro(name, params, body, at);
        Macro old = macros.put(name, m);
        if (old != null && !old.sameDefinition(m)) {
            diags.warning(Warning.MACRO_REDEFINED, at, "macro '" + name + "' redefined (previous definition at " + old.defined() + ")");
        }
    }

    private void include(SourceFile f, SourcePos.IncludeSite from, LogicalLine ll, int end, SourcePos at) {
        String t = ll.text();
        int p = skipBlanks(t, end);
        if (p >= t.length() || (t.charAt(p) != '"' && t.charAt(p) != '<')) {
            diags.error(Problem.INCLUDE_SYNTAX, at, "#include expects \"FILE\" or <FILE> (computed includes are not supported)");
            return;
        }
        char close = t.charAt(p) == '"' ? '"' : '>';
        int q = t.indexOf(close, p + 1);
        if (q < 0) {
            diags.error(Problem.INCLUDE_SYNTAX, pos(f, from, ll, p), "missing terminating " + close + " in #include");
            return;
        }
        String name = t.substring(p + 1, q);
        if (skipBlanks(t, q + 1) < t.length()) diags.warning(Warning.EXTRA_TOKENS, pos(f, from, ll, q + 1), "extra tokens after #include ignored");
        SourcePos namePos = pos(f, from, ll, p);
        if (name.isEmpty()) {
            diags.error(Problem.MISSING_INCLUDE, namePos, "cannot open include file ''");
            return;
        }
        Path found = null;
        String display = null;
        if (close == '"') {
            // a source read from standard input includes relative to the current directory, as in cc
            Path dir = f.path() == null ? Path.of("").toAbsolutePath() : f.path().toAbsolutePath().getParent();
            Path c = dir == null ? Path.of(name) : dir.resolve(name);
            if (sources.isFile(c)) {
                found = c;
                Path shown = Path.of(f.name()).getParent();
                display = shown == null ? name : shown.resolve(name).toString();
            }
        }
        for (int k = 0; found == null && k < includeDirs.size(); k++) {
            Path c = includeDirs.get(k).resolve(name);
            if (sources.isFile(c)) {
                found = c;
                display = c.toString();
            }
        }
        if (found == null) {
            diags.error(Problem.MISSING_INCLUDE, namePos, "cannot open include file '" + name + "'");
            return;
        }
        Path real = found.toAbsolutePath().normalize();
        if (includeStack.contains(real) || includeStack.size() >= MAX_INCLUDE_DEPTH) {
            diags.error(Problem.INCLUDE_DEPTH, namePos, "include nesting too deep or recursive: '" + name + "'");
            return;
        }
        byte[] bytes;
        try {
            bytes = sources.read(found);
        } catch (IOException ex) {
            diags.error(Problem.MISSING_INCLUDE, namePos, "cannot open include file '" + name + "': " + IoErrors.reason(ex));
            return;
        }
        String notText = dev.pica.format.shbin.InputKind.notSourceText(bytes);
        if (notText != null) {
            diags.error(Problem.MISSING_INCLUDE, namePos, "cannot include '" + name + "': " + notText);
            return;
        }
        if (!files.contains(real)) {
            files.add(real);
            fileNames.add(display);
        }
        includeStack.push(real);
        try {
            processFile(new SourceFile(display, name, found, bytes), new SourcePos.IncludeSite(f, ll.firstLine(), from));
        } finally {
            includeStack.pop();
        }
    }

    // ---- #if ----

    private boolean evalCondition(String kind, SourceFile f, SourcePos.IncludeSite from, LogicalLine ll, int end) {
        List<PpToken> toks = PpLexer.lex(ll, end);
        SourcePos at = pos(f, from, ll, end);
        if (!kind.equals("if")) {
            if (toks.isEmpty() || toks.get(0).kind() != PpToken.Kind.IDENT) {
                diags.error(Problem.MACRO_DEFINITION, at, "#" + kind + " needs a macro name");
                return false;
            }
            boolean def = macros.containsKey(toks.get(0).text());
            return kind.equals("ifdef") == def;
        }
        List<PpToken> r = new ArrayList<>();
        for (int i = 0; i < toks.size(); i++) {
            PpToken tk = toks.get(i);
            if (tk.is("defined")) {
                String n = null;
                if (i + 1 < toks.size() && toks.get(i + 1).kind() == PpToken.Kind.IDENT) {
                    n = toks.get(++i).text();
                } else if (i + 3 < toks.size() && toks.get(i + 1).is("(") && toks.get(i + 2).kind() == PpToken.Kind.IDENT && toks.get(i + 3).is(")")) {
                    n = toks.get(i + 2).text();
                    i += 3;
                }
                if (n == null) {
                    diags.error(Problem.IF_EXPRESSION, pos(tk, f, from), "invalid expression in #if");
                    return false;
                }
                r.add(new PpToken(PpToken.Kind.NUMBER, macros.containsKey(n) ? "1" : "0", tk.line(), tk.col(), true, Set.of(), false));
            } else {
                r.add(tk);
            }
        }
        List<PpToken> x = expander.expandLine(r, f, from);
        if (x == null) return false;
        try {
            IfExpression e = new IfExpression(x);
            long v = e.parse();
            return v != 0;
        } catch (IfExpression.Bad b) {
            PpToken where = b.at >= 0 && b.at < x.size() ? x.get(b.at) : null;
            diags.error(Problem.IF_EXPRESSION, where != null ? pos(where, f, from) : at, "invalid expression in #if");
            return false;
        }
    }

    /** Reused for every emitted line (build() empties it). */
    private final ColumnMap.Builder columns = new ColumnMap.Builder();

    // ---- output ----

    /**
     * A {@code #line N ["name"]} of a file: its physical lines from {@code after} on are lines N,
     * N+1... of {@code file} (a compiler's output naming its source: positions and the object's
     * line table then name the source's lines, as C's #line does).
     */
    private record LineMarker(int after, int line, SourceFile file) {}

    private final java.util.Map<SourceFile, LineMarker> lineMarkers = new java.util.IdentityHashMap<>();

    private void lineMarker(SourceFile f, LogicalLine ll, int end, SourcePos at) {
        java.util.regex.Matcher m = LINE_MARKER.matcher(ll.text().substring(end));
        if (!m.matches()) {
            diags.error(Problem.SYNTAX, at, "#line takes a line number and an optional file name in quotes");
            return;
        }
        int line;
        try {
            line = Integer.parseInt(m.group(1));
        } catch (NumberFormatException e) {
            diags.error(Problem.SYNTAX, at, "#line's line number is out of range");
            return;
        }
        LineMarker before = lineMarkers.get(f);
        SourceFile named = m.group(2) != null ? SourceFile.ofString(m.group(2), "")
                : before != null ? before.file : f;
        if (before != null && m.group(2) != null && before.file.name().equals(m.group(2))) named = before.file;
        lineMarkers.put(f, new LineMarker(ll.firstLine() + ll.physicalLines(), line, named));
    }

    private static final java.util.regex.Pattern LINE_MARKER = java.util.regex.Pattern.compile("\\s+(\\d+)(?:\\s+\"([^\"]*)\")?\\s*");

    /** An output line, renamed by the file's #line marker when it comes after one. */
    private PreprocessedSource.Line outputLine(String text, SourceFile f, SourcePos.IncludeSite from, int line, ColumnMap map) {
        LineMarker mk = lineMarkers.isEmpty() ? null : lineMarkers.get(f);
        if (mk == null || line < mk.after) return new PreprocessedSource.Line(text, f, from, line, map);
        int delta = mk.line - mk.after;
        ColumnMap.Builder b = new ColumnMap.Builder();
        for (int i = 0; i < map.size(); i++) {
            long at = map.at(i);
            b.add((int) (at >>> 32) + delta, (int) at);
        }
        return new PreprocessedSource.Line(text, mk.file, from, line + delta, b.build());
    }

    /** Emits a logical line: verbatim when toks is null (pragmas), else the expanded tokens. */
    private void emit(SourceFile f, SourcePos.IncludeSite from, LogicalLine ll, List<PpToken> toks) {
        if (toks == null) {
            out.add(outputLine(ll.text(), f, from, ll.firstLine(), ll.map()));
            return;
        }
        StringBuilder sb = new StringBuilder(ll.text().length() + 16);
        ColumnMap.Builder map = columns;
        for (int k = 0; k < toks.size(); k++) {
            PpToken t = toks.get(k);
            if (k > 0 && t.spaceBefore()) {
                sb.append(' ');
                map.add(t.line(), t.col());
            }
            sb.append(t.text());
            map.addRun(t.text().length(), t.line(), t.col(), t.fromMacro() ? 0 : 1);
        }
        out.add(outputLine(sb.toString(), f, from, ll.firstLine(), map.build()));
    }

    private void blank(SourceFile f, SourcePos.IncludeSite from, int line) {
        out.add(outputLine("", f, from, line, ColumnMap.EMPTY));
    }

    private static SourcePos pos(SourceFile f, SourcePos.IncludeSite from, LogicalLine ll, int index) {
        long at = ll.at(index);
        return SourcePos.of(f, (int) (at >>> 32), (int) at, from);
    }

    static SourcePos pos(PpToken t, SourceFile f, SourcePos.IncludeSite from) {
        return SourcePos.of(f, t.line(), t.col(), from);
    }

    private static int skipBlanks(String t, int i) {
        while (i < t.length() && (t.charAt(i) == ' ' || t.charAt(i) == '\t' || t.charAt(i) == '\f' || t.charAt(i) == 0x0B)) i++;
        return i;
    }
}
