package dev.pica.asm;

import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text of one dialect read as the other: one error at the first line that gives it away, naming
 * the way out, instead of a syntax error on every line of it (issue 35). Each check reports at
 * most once per file and says whether it did, so that the caller stops there.
 */
public final class DialectMixups {
    private DialectMixups() {}

    /** picasso's directives, which no SDK-dialect line starts with (.else and .end aside: too short to tell) */
    private static final Pattern PICASSO_DIRECTIVE = Pattern.compile("(?m)^([ \t]*)\\.("
            + String.join("|", PicassoBuild.DIRECTIVES.stream().filter(d -> !d.equals(".else") && !d.equals(".end")).map(d -> d.substring(1)).toList())
            + ")\\b");

    /** What SDK-dialect text has: its pragmas (to picasso a '#' line is a line marker), a // comment, the endmain: label. */
    private static final Pattern SDK_LINE = Pattern.compile("(?m)^([ \t]*)(#[ \t]*pragma[ \t]+(?:bind_symbol|output_map|gs_\\w+)\\b|//|endmain[ \t]*:)");

    /**
     * picasso-dialect text given to the SDK route (standard input, a .vsh): one error at its first
     * picasso directive.
     */
    static boolean picassoTextReadAsSdk(SourceFile file, Diagnostics diags) {
        // read by hand, not by a regular expression per line: every SDK source passes here
        String text = file.text();
        int line = 1;
        for (int start = 0; start <= text.length(); line++) {
            int end = text.indexOf('\n', start);
            if (end < 0) end = text.length();
            int k = start;
            while (k < end && (text.charAt(k) == ' ' || text.charAt(k) == '\t')) k++;
            if (k < end && text.charAt(k) == '.') {
                int w = k + 1;
                // the whole word after the dot, as a regular expression's \b ends it
                while (w < end && (Character.isLetterOrDigit(text.charAt(w)) || text.charAt(w) == '_')) w++;
                String name = text.substring(k, w);
                if (PICASSO_DIRECTIVES.contains(name)) {
                    diags.error(Problem.DIALECT_MIXUP, SourcePos.of(file, line, k - start + 1, null), "'" + name
                            + "' is a picasso directive, and this file is read as SDK-dialect source: name it .v.pica or .g.pica, or pass --dialect=picasso");
                    return true;
                }
            }
            start = end + 1;
        }
        return false;
    }

    /** picasso's directives, which no SDK-dialect line starts with (.else and .end aside: too short to tell) */
    private static final java.util.Set<String> PICASSO_DIRECTIVES = picassoDirectives();

    private static java.util.Set<String> picassoDirectives() {
        java.util.Set<String> names = new java.util.HashSet<>(PicassoBuild.DIRECTIVES);
        names.remove(".else");
        names.remove(".end");
        return names;
    }

    /**
     * SDK-dialect text given to picasso's route (a .pica file, the drop-in): one error at its first
     * SDK line, when it has no picasso directive. picasso itself would read a #pragma as a line
     * marker and stop at every instruction ("outside a .proc block").
     */
    public static boolean sdkTextReadAsPicasso(SourceFile file, Diagnostics diags) {
        // a file with picasso's directives is picasso's, whatever else it holds (picasso builds it)
        if (PICASSO_DIRECTIVE.matcher(file.text()).find()) return false;
        Matcher m = SDK_LINE.matcher(file.text());
        if (!m.find()) return false;
        diags.error(Problem.DIALECT_MIXUP, at(file, m), "this looks like SDK-dialect source ('" + m.group(2).replaceAll("[ \t]+", " ")
                + "'), and it is read as picasso's dialect: name it .vsh or .gsh, or pass --dialect=sdk to picasm (picasso and the drop-in read picasso's dialect only)");
        return true;
    }

    /** Where a match starts after its indentation (group 1) (the text is read as lines of LF, CRLF or CR, as the readers do). */
    private static SourcePos at(SourceFile file, Matcher m) {
        return at(file, m.end(1));
    }

    private static SourcePos at(SourceFile file, int index) {
        String t = file.text();
        int line = 1, start = 0;
        for (int i = 0; i < index; i++) {
            char c = t.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= t.length() || t.charAt(i + 1) != '\n')) {
                line++;
                start = i + 1;
            }
        }
        return SourcePos.of(file, line, index - start + 1, null);
    }

    /**
     * A ';' in SDK-dialect text, where it is no comment (picasso's comment character): one error at
     * the first one outside a comment.
     */
    static boolean semicolonCommentInSdk(SourceFile file, Diagnostics diags) {
        String t = file.text();
        boolean inBlock = false, inLine = false;
        for (int i = 0, n = t.length(); i < n; i++) {
            char c = t.charAt(i);
            if (c == '\n' || c == '\r') {
                inLine = false;
            } else if (inBlock) {
                if (t.startsWith("*/", i)) {
                    inBlock = false;
                    i++;
                }
            } else if (inLine) {
                continue;
            } else if (t.startsWith("/*", i)) {
                inBlock = true;
                i++;
            } else if (t.startsWith("//", i)) {
                inLine = true;
            } else if (c == ';') {
                diags.error(Problem.DIALECT_MIXUP, at(file, i), "';' starts a comment in picasso's dialect only: the SDK dialect comments with // (or /* */)");
                return true;
            }
        }
        return false;
    }
}
