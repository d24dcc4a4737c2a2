package dev.pica.asm.pp;

import dev.pica.format.IoErrors;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Warning;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
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

    private int lineExpansions;
    private long expandedTokens;
    private boolean lineTooLarge;

    private final List<Path> includeDirs;
    private final Diagnostics diags;
    private final Map<String, Macro> macros = new HashMap<>();
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
        List<LogicalLine> lls = LineReader.read(f, from, diags);
        Deque<Cond> conds = new ArrayDeque<>();
        for (LogicalLine ll : lls) {
            if (diags.saturated()) return;
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
                            diags.error(at, "unbalanced conditional directive");
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
                            diags.error(at, "unbalanced conditional directive");
                        } else {
                            c.sawElse = true;
                            c.active = c.parentActive && !c.taken;
                            c.taken = true;
                        }
                    }
                    case "endif" -> {
                        if (conds.isEmpty()) diags.error(at, "unbalanced conditional directive");
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
                List<PpToken> x = expandLine(PpLexer.lex(ll, 0), f, from);
                if (x == null) blank(f, from, ll.firstLine());
                else emit(f, from, ll, x);
            } else {
                blank(f, from, ll.firstLine());
            }
            for (int k = 1; k < ll.physicalLines(); k++) blank(f, from, ll.firstLine() + k);
        }
        for (Cond c : conds) diags.error(c.pos, "unterminated #if");
    }

    private void directive(String name, SourceFile f, SourcePos.IncludeSite from, LogicalLine ll, int hash, int end, SourcePos at) {
        switch (name) {
            case "" -> { }
            case "define" -> define(ll, end, f, from);
            case "undef" -> {
                List<PpToken> toks = PpLexer.lex(ll, end);
                if (toks.isEmpty() || toks.get(0).kind() != PpToken.Kind.IDENT) {
                    diags.error(at, "#undef needs a macro name");
                } else {
                    macros.remove(toks.get(0).text());
                }
            }
            case "include" -> include(f, from, ll, end, at);
            case "error" -> diags.error(at, "#error" + ll.text().substring(end).stripTrailing());
            case "pragma" -> { }
            default -> diags.error(pos(f, from, ll, skipBlanks(ll.text(), hash + 1)), "unknown preprocessor directive '" + name + "'");
        }
    }

    private void define(LogicalLine ll, int from, SourceFile f, SourcePos.IncludeSite site) {
        String t = ll.text();
        int p = skipBlanks(t, from);
        int e = p;
        while (e < t.length() && PpLexer.isIdentPart(t.charAt(e))) e++;
        SourcePos at = pos(f, site, ll, p);
        if (e == p || PpLexer.isDigit(t.charAt(p))) {
            diags.error(at, "#define needs a macro name");
            return;
        }
        String name = t.substring(p, e);
        if (name.equals("defined")) {
            diags.error(at, "'defined' cannot be used as a macro name");
            return;
        }
        List<String> params = null;
        int bodyStart = e;
        if (e < t.length() && t.charAt(e) == '(') {
            params = new ArrayList<>();
            int close = t.indexOf(')', e);
            if (close < 0) {
                diags.error(pos(f, site, ll, e), "missing ')' in macro parameter list");
                return;
            }
            String inner = t.substring(e + 1, close).trim();
            if (!inner.isEmpty()) {
                for (String param : inner.split(",", -1)) {
                    String pn = param.trim();
                    if (pn.isEmpty() || !pn.chars().allMatch(c -> PpLexer.isIdentPart((char) c)) || PpLexer.isDigit(pn.charAt(0))) {
                        diags.error(pos(f, site, ll, e), "invalid macro parameter '" + pn + "'");
                        return;
                    }
                    if (params.contains(pn)) {
                        diags.error(pos(f, site, ll, e), "duplicate macro parameter '" + pn + "'");
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
            diags.error(at, "#include expects \"FILE\" or <FILE> (computed includes are not supported)");
            return;
        }
        char close = t.charAt(p) == '"' ? '"' : '>';
        int q = t.indexOf(close, p + 1);
        if (q < 0) {
            diags.error(pos(f, from, ll, p), "missing terminating " + close + " in #include");
            return;
        }
        String name = t.substring(p + 1, q);
        if (skipBlanks(t, q + 1) < t.length()) diags.warning(Warning.EXTRA_TOKENS, pos(f, from, ll, q + 1), "extra tokens after #include ignored");
        SourcePos namePos = pos(f, from, ll, p);
        if (name.isEmpty()) {
            diags.error(namePos, "cannot open include file ''");
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
            diags.error(namePos, "cannot open include file '" + name + "'");
            return;
        }
        Path real = found.toAbsolutePath().normalize();
        if (includeStack.contains(real) || includeStack.size() >= MAX_INCLUDE_DEPTH) {
            diags.error(namePos, "include nesting too deep or recursive: '" + name + "'");
            return;
        }
        byte[] bytes;
        try {
            bytes = sources.read(found);
        } catch (IOException ex) {
            diags.error(namePos, "cannot open include file '" + name + "': " + IoErrors.reason(ex));
            return;
        }
        String notText = dev.pica.format.InputKind.notSourceText(bytes);
        if (notText != null) {
            diags.error(namePos, "cannot include '" + name + "': " + notText);
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
                diags.error(at, "#" + kind + " needs a macro name");
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
                    diags.error(pos(tk, f, from), "invalid expression in #if");
                    return false;
                }
                r.add(new PpToken(PpToken.Kind.NUMBER, macros.containsKey(n) ? "1" : "0", tk.line(), tk.col(), true, Set.of(), false));
            } else {
                r.add(tk);
            }
        }
        List<PpToken> x = expandLine(r, f, from);
        if (x == null) return false;
        try {
            IfExpression e = new IfExpression(x);
            long v = e.parse();
            return v != 0;
        } catch (IfExpression.Bad b) {
            PpToken where = b.at >= 0 && b.at < x.size() ? x.get(b.at) : null;
            diags.error(where != null ? pos(where, f, from) : at, "invalid expression in #if");
            return false;
        }
    }

    // ---- macro expansion (C's algorithm with hide sets) ----

    /** Expands one logical line (or #if expression); null after a located error if it grows too large. */
    private List<PpToken> expandLine(List<PpToken> input, SourceFile f, SourcePos.IncludeSite from) {
        if (expandedTokens > MAX_EXPANDED_TOKENS) {
            // reported once, where it happened; lines that use no macro still count
            for (PpToken t : input) if (t.kind() == PpToken.Kind.IDENT && macros.containsKey(t.text())) return null;
            return input;
        }
        lineExpansions = 0;
        lineTooLarge = false;
        List<PpToken> r = expand(input, f, from);
        return lineTooLarge ? null : r;
    }

    private List<PpToken> expand(List<PpToken> input, SourceFile f, SourcePos.IncludeSite from) {
        if (macros.isEmpty()) return input;
        Deque<PpToken> in = new ArrayDeque<>(input);
        List<PpToken> result = new ArrayList<>(input.size());
        while (!in.isEmpty()) {
            if (lineTooLarge) return result;
            PpToken t = in.pollFirst();
            Macro m = t.kind() == PpToken.Kind.IDENT ? macros.get(t.text()) : null;
            if (m == null || t.hide().contains(m.name())) {
                result.add(t);
                continue;
            }
            if (++lineExpansions > MAX_EXPANSIONS_PER_LINE || in.size() + result.size() > MAX_TOKENS_PER_LINE
                    || (expandedTokens += m.body().size()) > MAX_EXPANDED_TOKENS) {
                lineTooLarge = true;
                diags.error(pos(t, f, from), expandedTokens > MAX_EXPANDED_TOKENS
                        ? "macro expansion of '" + m.name() + "' is too large (more than " + MAX_EXPANDED_TOKENS + " tokens in this file)"
                        : "macro expansion of '" + m.name() + "' is too large (more than " + MAX_TOKENS_PER_LINE + " tokens or "
                                + MAX_EXPANSIONS_PER_LINE + " expansions in one line)");
                return result;
            }
            if (!m.functionLike()) {
                pushFront(in, subst(m, null, union(t.hide(), m.name()), t, f, from));
                continue;
            }
            PpToken next = in.peekFirst();
            if (next == null || !next.is("(")) {
                result.add(t);
                continue;
            }
            in.pollFirst();
            List<List<PpToken>> args = new ArrayList<>();
            List<PpToken> cur = new ArrayList<>();
            int depth = 1;
            PpToken rp = null;
            while (!in.isEmpty()) {
                PpToken a = in.pollFirst();
                if (a.is("(")) depth++;
                if (a.is(")") && --depth == 0) {
                    rp = a;
                    break;
                }
                if (a.is(",") && depth == 1) {
                    args.add(cur);
                    cur = new ArrayList<>();
                    continue;
                }
                cur.add(a);
            }
            if (rp == null) {
                diags.error(pos(t, f, from), "unterminated argument list invoking macro '" + m.name() + "'");
                return result;
            }
            args.add(cur);
            if (m.params().isEmpty() && args.size() == 1 && args.get(0).isEmpty()) args.clear();
            if (args.size() != m.params().size()) {
                diags.error(pos(t, f, from), "macro '" + m.name() + "' expects " + m.params().size() + " arguments, got " + args.size());
                continue;
            }
            Set<String> hs = new HashSet<>(t.hide());
            hs.retainAll(rp.hide());
            hs.add(m.name());
            pushFront(in, subst(m, args, Set.copyOf(hs), t, f, from));
        }
        return result;
    }

    private List<PpToken> subst(Macro m, List<List<PpToken>> args, Set<String> hs, PpToken use, SourceFile f, SourcePos.IncludeSite from) {
        List<PpToken> body = m.body();
        List<PpToken> r = new ArrayList<>();
        List<List<PpToken>> expandedArgs = args == null ? null : new ArrayList<>(java.util.Collections.nCopies(args.size(), null));
        for (int i = 0; i < body.size(); i++) {
            PpToken b = body.get(i);
            if (args != null && b.is("#") && i + 1 < body.size() && paramIndex(m, body.get(i + 1)) >= 0) {
                r.add(stringize(args.get(paramIndex(m, body.get(++i))), b.spaceBefore()));
                continue;
            }
            if (b.is("##") && i + 1 < body.size()) {
                PpToken rhs = body.get(++i);
                int pi = paramIndex(m, rhs);
                List<PpToken> rt = pi >= 0 ? args.get(pi) : List.of(rhs);
                if (!r.isEmpty() && !rt.isEmpty()) {
                    PpToken last = r.remove(r.size() - 1);
                    r.addAll(paste(last, rt.get(0)));
                    r.addAll(rt.subList(1, rt.size()));
                } else {
                    r.addAll(rt);
                }
                continue;
            }
            int pi = paramIndex(m, b);
            if (pi >= 0) {
                boolean pasteNext = i + 1 < body.size() && body.get(i + 1).is("##");
                List<PpToken> a;
                if (pasteNext) {
                    a = args.get(pi);
                } else {
                    if (expandedArgs.get(pi) == null) expandedArgs.set(pi, expand(args.get(pi), f, from));
                    a = expandedArgs.get(pi);
                }
                for (int k = 0; k < a.size(); k++) r.add(k == 0 ? a.get(k).withSpace(b.spaceBefore()) : a.get(k));
                continue;
            }
            r.add(b);
        }
        List<PpToken> placed = new ArrayList<>(r.size());
        for (int k = 0; k < r.size(); k++) {
            PpToken x = r.get(k);
            placed.add(x.expandedAt(use.line(), use.col(), k == 0 ? use.spaceBefore() : x.spaceBefore(), union(x.hide(), hs)));
        }
        return placed;
    }

    private static int paramIndex(Macro m, PpToken t) {
        return m.params() != null && t.kind() == PpToken.Kind.IDENT ? m.params().indexOf(t.text()) : -1;
    }

    private static PpToken stringize(List<PpToken> arg, boolean space) {
        StringBuilder sb = new StringBuilder("\"");
        for (int k = 0; k < arg.size(); k++) {
            PpToken t = arg.get(k);
            if (k > 0 && t.spaceBefore()) sb.append(' ');
            String s = t.text();
            if (t.kind() == PpToken.Kind.STRING || t.kind() == PpToken.Kind.OTHER) s = s.replace("\\", "\\\\").replace("\"", "\\\"");
            sb.append(s);
        }
        return new PpToken(PpToken.Kind.STRING, sb.append('"').toString(), 0, 0, space, Set.of(), true);
    }

    private static List<PpToken> paste(PpToken a, PpToken b) {
        String text = a.text() + b.text();
        LogicalLine l = new LogicalLine(text, ColumnMap.EMPTY, a.line(), 1);
        List<PpToken> toks = PpLexer.lex(l, 0);
        List<PpToken> out = new ArrayList<>(toks.size());
        for (int k = 0; k < toks.size(); k++) {
            out.add(toks.get(k).expandedAt(a.line(), a.col(), k == 0 ? a.spaceBefore() : toks.get(k).spaceBefore(), a.hide()));
        }
        return out;
    }

    private static Set<String> union(Set<String> a, String n) {
        if (a.contains(n)) return a;
        Set<String> s = new HashSet<>(a);
        s.add(n);
        return Set.copyOf(s);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        if (b.isEmpty() || a.containsAll(b)) return a;
        if (a.isEmpty()) return b;
        Set<String> s = new HashSet<>(a);
        s.addAll(b);
        return Set.copyOf(s);
    }

    private static void pushFront(Deque<PpToken> in, List<PpToken> r) {
        for (int k = r.size() - 1; k >= 0; k--) in.addFirst(r.get(k));
    }

    /** Reused for every emitted line (build() empties it). */
    private final ColumnMap.Builder columns = new ColumnMap.Builder();

    // ---- output ----

    /** Emits a logical line: verbatim when toks is null (pragmas), else the expanded tokens. */
    private void emit(SourceFile f, SourcePos.IncludeSite from, LogicalLine ll, List<PpToken> toks) {
        if (toks == null) {
            out.add(new PreprocessedSource.Line(ll.text(), f, from, ll.firstLine(), ll.map()));
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
        out.add(new PreprocessedSource.Line(sb.toString(), f, from, ll.firstLine(), map.build()));
    }

    private void blank(SourceFile f, SourcePos.IncludeSite from, int line) {
        out.add(new PreprocessedSource.Line("", f, from, line, ColumnMap.EMPTY));
    }

    private static SourcePos pos(SourceFile f, SourcePos.IncludeSite from, LogicalLine ll, int index) {
        long at = ll.at(index);
        return SourcePos.of(f, (int) (at >>> 32), (int) at, from);
    }

    private static SourcePos pos(PpToken t, SourceFile f, SourcePos.IncludeSite from) {
        return SourcePos.of(f, t.line(), t.col(), from);
    }

    private static int skipBlanks(String t, int i) {
        while (i < t.length() && (t.charAt(i) == ' ' || t.charAt(i) == '\t' || t.charAt(i) == '\f' || t.charAt(i) == 0x0B)) i++;
        return i;
    }
}
