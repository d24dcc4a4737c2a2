package dev.pica.lsp;

import dev.pica.format.RegisterFile;
import dev.pica.format.Mnemonics;
import dev.pica.format.OutputSemantic;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.InsertTextFormat;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.ParameterInformation;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureInformation;

/**
 * What may be written at a position, by where it stands on its line: a mnemonic or directive
 * (with its operand form as a snippet) at a statement's start, preprocessor directives after
 * '#', pragmas after '#pragma', output semantics where an output map names one, swizzles after
 * a register's '.', and registers and declared names among operands. Also the operand form of
 * the statement being written (signature help).
 */
final class Completions {
    static final List<String> PREPROCESSOR = List.of("include", "define", "undef", "if", "ifdef", "ifndef", "elif", "else", "endif", "error", "pragma");
    static final List<String> PRAGMAS = List.of("bind_symbol", "output_map", "gs_assemble_as_geometry_shader", "gs_data_mode", "gs_merge_output_maps");
    static final List<String> PICASSO_DIRECTIVES = List.of("proc", "end", "else", "alias", "fvec", "ivec", "bool", "constf", "consti", "constfa",
            "setf", "seti", "setb", "in", "out", "entry", "nodvle", "gsh");
    static final List<String> SDK_STATEMENTS = List.of("def", "defi", "defb", "else", "endif", "endloop", "ret");
    static final List<String> SWIZZLES = List.of("x", "y", "z", "w", "xy", "xyz", "xyzw", "xxxx", "yyyy", "zzzz", "wwww");

    private Completions() {}

    static List<CompletionItem> at(List<Includes.Indexed> files, boolean picasso, int line, int col) {
        SymbolIndex ix = files.get(0).index();
        String text = ix.line(line);
        String before = text.substring(0, Math.min(col, text.length()));
        String word = trailingWord(before);
        String lead = before.substring(0, before.length() - word.length());
        String trimmed = lead.strip();
        List<CompletionItem> out = new ArrayList<>();
        if (!picasso && trimmed.equals("#")) {
            for (String d : PREPROCESSOR) out.add(item(d, CompletionItemKind.Keyword, "preprocessor directive"));
            return out;
        }
        if (!picasso && trimmed.matches("#\\s*pragma")) {
            for (String p : PRAGMAS) out.add(item(p, CompletionItemKind.Keyword, "pragma"));
            return out;
        }
        if (!picasso && trimmed.matches("#\\s*pragma\\s+output_map\\s*\\(") || picasso && trimmed.matches("\\.out\\s+\\S+")) {
            for (OutputSemantic s : OutputSemantic.values()) out.add(item(picasso ? s.picassoSpelling : s.spelling, CompletionItemKind.EnumMember, "output semantic"));
            return out;
        }
        if (lead.endsWith(".") && lead.length() > 1 && !lead.substring(0, lead.length() - 1).isBlank()
                && (Character.isLetterOrDigit(lead.charAt(lead.length() - 2)) || lead.charAt(lead.length() - 2) == ']')) {
            for (String s : SWIZZLES) out.add(item(s, CompletionItemKind.Property, "swizzle or mask"));
            return out;
        }
        String statement = trimmed.endsWith(":") || trimmed.isEmpty() ? "" : trimmed;
        if (statement.isEmpty() || picasso && statement.equals(".")) {
            if (picasso && lead.endsWith(".")) {
                for (String d : PICASSO_DIRECTIVES) out.add(item(d, CompletionItemKind.Keyword, "directive"));
                return out;
            }
            Set<String> seen = new LinkedHashSet<>();
            for (Mnemonics.Entry e : Mnemonics.entries()) {
                String form = picasso ? e.picasso() : e.sdk();
                if (form == null || !seen.add(form)) continue;
                CompletionItem it = item(form.split(" ")[0], CompletionItemKind.Keyword, form);
                it.setInsertText(snippet(form));
                it.setInsertTextFormat(InsertTextFormat.Snippet);
                it.setDocumentation(new MarkupContent(MarkupKind.MARKDOWN, e.summary()));
                out.add(it);
            }
            if (!picasso) for (String d : SDK_STATEMENTS) if (seen.add(d)) out.add(item(d, CompletionItemKind.Keyword, "statement"));
            return out;
        }
        // an operand: registers, then the names the file and its headers declare
        for (String r : registers()) out.add(item(r, CompletionItemKind.Variable, "register"));
        for (Includes.Indexed f : files) {
            for (SymbolIndex.Definition d : f.index().definitions()) {
                out.add(item(d.name(), ProtocolKinds.completion(d.kind()), d.kind().name().toLowerCase(java.util.Locale.ROOT)));
            }
        }
        return out;
    }

    /** The operand form of the statement at this position, with the operand being written active. */
    static SignatureHelp signature(SymbolIndex ix, boolean picasso, int line, int col) {
        String text = ix.line(line);
        for (SymbolIndex.Token t : ix.tokensOn(line)) {
            if (!ix.isStatementStart(t)) continue;
            Mnemonics.Entry e = Mnemonics.of(t.text());
            if (e == null || col < t.end()) return null;
            String form = picasso && e.picasso() != null ? e.picasso() : e.sdk() != null ? e.sdk() : e.picasso();
            int space = form.indexOf(' ');
            List<ParameterInformation> params = new ArrayList<>();
            if (space > 0) for (String p : form.substring(space + 1).split(", ")) params.add(new ParameterInformation(p));
            SignatureInformation sig = new SignatureInformation(form, new MarkupContent(MarkupKind.MARKDOWN, e.summary()), params);
            int active = 0, depth = 0;
            for (int c = t.end(); c < Math.min(col, text.length()); c++) {
                char ch = text.charAt(c);
                if (ch == '[' || ch == '(') depth++;
                else if (ch == ']' || ch == ')') depth--;
                else if (ch == ',' && depth == 0) active++;
            }
            SignatureHelp h = new SignatureHelp(List.of(sig), 0, Math.min(active, Math.max(0, params.size() - 1)));
            return params.isEmpty() ? null : h;
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


    private static CompletionItem item(String label, CompletionItemKind kind, String detail) {
        CompletionItem it = new CompletionItem(label);
        it.setKind(kind);
        it.setDetail(detail);
        return it;
    }
}
