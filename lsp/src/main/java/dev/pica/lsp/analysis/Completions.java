package dev.pica.lsp.analysis;

import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.syntax.Directives;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.isa.syntax.SemanticSpellings;
import dev.pica.format.isa.syntax.Mnemonics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What may be written at a position, by where it stands on its line: a mnemonic or directive
 * (with its operand form as a snippet) at a statement's start, preprocessor directives after
 * '#', pragmas after '#pragma', output semantics where an output map names one, swizzles after
 * a register's '.', and registers and declared names among operands. Also the operand form of
 * the statement being written (signature help).
 */
public final class Completions {
    public static final List<String> PREPROCESSOR = List.of("include", "define", "undef", "if", "ifdef", "ifndef", "elif", "else", "endif", "error", "pragma");
    public static final List<String> SWIZZLES = List.of("x", "y", "z", "w", "xy", "xyz", "xyzw", "xxxx", "yyyy", "zzzz", "wwww");

    /**
     * A statement's operand form: the whole form, what it computes (Markdown), its operands, and
     * the one being written (0-based).
     */
    public record Signature(String form, String summary, List<String> parameters, int active) {
        public Signature {
            parameters = List.copyOf(parameters);
        }
    }

    private Completions() {}

    public static List<Completion> at(List<Includes.Indexed> files, Dialect dialect, int line, int col) {
        boolean picasso = dialect == Dialect.PICASSO;
        SymbolIndex ix = files.get(0).index();
        String text = ix.line(line);
        String before = text.substring(0, Math.min(col, text.length()));
        String word = trailingWord(before);
        String lead = before.substring(0, before.length() - word.length());
        String trimmed = lead.strip();
        List<Completion> out = new ArrayList<>();
        if (!picasso && trimmed.equals("#")) {
            for (String d : PREPROCESSOR) out.add(item(d, Completion.Word.KEYWORD, "preprocessor directive"));
            return out;
        }
        if (!picasso && trimmed.matches("#\\s*pragma")) {
            for (String p : Directives.SDK_PRAGMAS) out.add(item(p, Completion.Word.KEYWORD, "pragma"));
            return out;
        }
        if (!picasso && trimmed.matches("#\\s*pragma\\s+output_map\\s*\\(") || picasso && trimmed.matches("\\.out\\s+\\S+")) {
            for (OutputSemantic s : OutputSemantic.values()) out.add(item(SemanticSpellings.of(s, dialect), Completion.Word.OUTPUT_SEMANTIC, "output semantic"));
            return out;
        }
        if (lead.endsWith(".") && lead.length() > 1 && !lead.substring(0, lead.length() - 1).isBlank()
                && (Character.isLetterOrDigit(lead.charAt(lead.length() - 2)) || lead.charAt(lead.length() - 2) == ']')) {
            for (String s : SWIZZLES) out.add(item(s, Completion.Word.SWIZZLE, "swizzle or mask"));
            return out;
        }
        String statement = trimmed.endsWith(":") || trimmed.isEmpty() ? "" : trimmed;
        if (statement.isEmpty() || picasso && statement.equals(".")) {
            if (picasso && lead.endsWith(".")) {
                for (String d : Directives.PICASSO) out.add(item(d, Completion.Word.KEYWORD, "directive"));
                return out;
            }
            Set<String> seen = new LinkedHashSet<>();
            for (Mnemonics.Entry e : Mnemonics.entries()) {
                String form = picasso ? e.picasso() : e.sdk();
                if (form == null || !seen.add(form.split(" ")[0])) continue;
                out.add(new Completion(form.split(" ")[0], Completion.Word.KEYWORD, form, snippet(form), e.summary()));
            }
            return out;
        }
        // an operand: registers, then the names the file and its headers declare
        for (String r : registers()) out.add(item(r, Completion.Word.REGISTER, "register"));
        for (Includes.Indexed f : files) {
            for (SymbolIndex.Definition d : f.index().definitions()) {
                out.add(item(d.name(), new Completion.Declared(d.kind()), d.kind().name().toLowerCase(java.util.Locale.ROOT)));
            }
        }
        return out;
    }

    /** The operand form of the statement at this position, with the operand being written active. */
    public static Signature signature(SymbolIndex ix, Dialect dialect, int line, int col) {
        boolean picasso = dialect == Dialect.PICASSO;
        String text = ix.line(line);
        for (SymbolIndex.Token t : ix.tokensOn(line)) {
            if (!ix.isStatementStart(t)) continue;
            Mnemonics.Entry e = Mnemonics.of(t.text());
            if (e == null || col < t.end()) return null;
            String form = picasso && e.picasso() != null ? e.picasso() : e.sdk() != null ? e.sdk() : e.picasso();
            int space = form.indexOf(' ');
            List<String> params = new ArrayList<>();
            if (space > 0) for (String p : form.substring(space + 1).split(", ")) params.add(p);
            int active = 0, depth = 0;
            for (int c = t.end(); c < Math.min(col, text.length()); c++) {
                char ch = text.charAt(c);
                if (ch == '[' || ch == '(') depth++;
                else if (ch == ']' || ch == ')') depth--;
                else if (ch == ',' && depth == 0) active++;
            }
            return params.isEmpty() ? null : new Signature(form, e.summary(), params, Math.min(active, Math.max(0, params.size() - 1)));
        }
        return null;
    }

    private static String trailingWord(String s) {
        int k = s.length();
        while (k > 0 && (Character.isLetterOrDigit(s.charAt(k - 1)) || s.charAt(k - 1) == '_' || s.charAt(k - 1) == '$')) k--;
        return s.substring(k);
    }

    /** "dp4 dst, src1, src2" as "dp4 ${1:dst}, ${2:src1}, ${3:src2}". */
    static String snippet(String form) {
        int space = form.indexOf(' ');
        if (space < 0) return form;
        StringBuilder sb = new StringBuilder(form.substring(0, space + 1));
        String[] params = form.substring(space + 1).split(", ");
        for (int k = 0; k < params.length; k++) {
            if (k > 0) sb.append(", ");
            sb.append("${").append(k + 1).append(':').append(params[k].replace("}", "\\}").replace("$", "\\$")).append('}');
        }
        return sb.toString();
    }

    private static List<String> registers() {
        List<String> r = new ArrayList<>();
        for (RegisterFile f : new RegisterFile[] {RegisterFile.INPUT, RegisterFile.OUTPUT, RegisterFile.TEMPORARY, RegisterFile.BOOL_UNIFORM,
                RegisterFile.FLOAT_UNIFORM, RegisterFile.INT_UNIFORM}) {
            for (int n = 0; n < f.count; n++) r.add(f.spell(n));
        }
        r.add("a0");
        r.add("aL");
        return r;
    }


    private static Completion item(String label, Completion.Kind kind, String detail) {
        return new Completion(label, kind, detail, null, null);
    }
}
