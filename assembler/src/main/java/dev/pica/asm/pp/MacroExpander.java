package dev.pica.asm.pp;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Macro expansion as C specifies it (C11 6.10.3: arguments expanded before substitution, # and
 * ##, the result rescanned), with hide sets so that a macro never expands inside its own
 * expansion; within the preprocessor's bounds on one line and one file (Preprocessor.MAX_*), so a
 * macro bomb stops with one located error (docs/preprocessor.md).
 */
final class MacroExpander {
    /** the preprocessor's macro table, which #define and #undef change as the file is read */
    private final Map<String, Macro> macros;
    private final Diagnostics diags;
    private int lineExpansions;
    private long expandedTokens;
    private boolean lineTooLarge;

    MacroExpander(Map<String, Macro> macros, Diagnostics diags) {
        this.macros = macros;
        this.diags = diags;
    }

    /** Expands one logical line (or #if expression); null after a located error if it grows too large. */
    List<PpToken> expandLine(List<PpToken> input, SourceFile f, SourcePos.IncludeSite from) {
        if (expandedTokens > Preprocessor.MAX_EXPANDED_TOKENS) {
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
            if (++lineExpansions > Preprocessor.MAX_EXPANSIONS_PER_LINE || in.size() + result.size() > Preprocessor.MAX_TOKENS_PER_LINE
                    || (expandedTokens += m.body().size()) > Preprocessor.MAX_EXPANDED_TOKENS) {
                lineTooLarge = true;
                diags.error(Problem.MACRO_EXPANSION, Preprocessor.pos(t, f, from), expandedTokens > Preprocessor.MAX_EXPANDED_TOKENS
                        ? "macro expansion of '" + m.name() + "' is too large (more than " + Preprocessor.MAX_EXPANDED_TOKENS + " tokens in this file)"
                        : "macro expansion of '" + m.name() + "' is too large (more than " + Preprocessor.MAX_TOKENS_PER_LINE + " tokens or "
                                + Preprocessor.MAX_EXPANSIONS_PER_LINE + " expansions in one line)");
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
                diags.error(Problem.MACRO_ARGUMENTS, Preprocessor.pos(t, f, from), "unterminated argument list invoking macro '" + m.name() + "'");
                return result;
            }
            args.add(cur);
            if (m.params().isEmpty() && args.size() == 1 && args.get(0).isEmpty()) args.clear();
            if (args.size() != m.params().size()) {
                diags.error(Problem.MACRO_ARGUMENTS, Preprocessor.pos(t, f, from), "macro '" + m.name() + "' expects " + m.params().size() + " arguments, got " + args.size());
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
}
