package dev.pica.asm;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.syntax.Directives;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text of one dialect read as the other: one error at the first line that gives it away, naming
 * the way out, instead of a syntax error on every line of it (issue 35). Each check reports at
 * most once per file and says whether it did, so that the caller stops there.
 */
public final class DialectMixups {
    private DialectMixups() {}

    /**
     * What SDK-dialect text has: its pragmas (to picasso a '#' line is a line marker), a // comment,
     * the endmain: label. In a holder: only a .pica file without picasso's directives needs it, and
     * compiling it (with the directive scan once done by a regular expression built from a stream)
     * cost every run's start-up and every file of a batch.
     */
    private static final class SdkLine {
        static final Pattern PATTERN = Pattern.compile("(?m)^([ \t]*)(#[ \t]*pragma[ \t]+(?:bind_symbol|output_map|gs_\\w+)\\b|//|endmain[ \t]*:)");
    }

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
                String name = text.substring(k, wordEnd(text, k + 1, end));
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
        java.util.Set<String> names = new java.util.HashSet<>();
        for (String d : Directives.PICASSO) if (!d.equals("else") && !d.equals("end")) names.add("." + d);
        return names;
    }

    /**
     * SDK-dialect text given to picasso's route (a .pica file, the drop-in): one error at its first
     * SDK line, when it has no picasso directive. picasso itself would read a #pragma as a line
     * marker and stop at every instruction ("outside a .proc block").
     */
    public static boolean sdkTextReadAsPicasso(SourceFile file, Diagnostics diags) {
        // a file with picasso's directives is picasso's, whatever else it holds (picasso builds it)
        if (hasPicassoDirective(file.text())) return false;
        Matcher m = SdkLine.PATTERN.matcher(file.text());
        if (!m.find()) return false;
        diags.error(Problem.DIALECT_MIXUP, at(file, m), "this looks like SDK-dialect source ('" + m.group(2).replaceAll("[ \t]+", " ")
                + "'), and it is read as picasso's dialect: name it .vsh or .gsh, or pass --dialect=sdk to picasm (picasso and the drop-in read picasso's dialect only)");
        return true;
    }

    /**
     * Whether a line starts with a picasso directive after blanks (as {@code (?m)^[ \t]*\.NAME\b},
     * with every line terminator a regular expression knows), read by hand: every .pica file passes here.
     */
    private static boolean hasPicassoDirective(String text) {
        int n = text.length();
        for (int start = 0; start < n; ) {
            int k = start;
            while (k < n && (text.charAt(k) == ' ' || text.charAt(k) == '\t')) k++;
            if (k < n && text.charAt(k) == '.' && PICASSO_DIRECTIVES.contains(text.substring(k, wordEnd(text, k + 1, n)))) return true;
            while (k < n && !lineTerminator(text.charAt(k))) k++;
            start = k + 1;
        }
        return false;
    }

    private static boolean lineTerminator(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }

    /** Where the word from {@code w} ends, as a regular expression's \b ends it (a combining mark continues a word). */
    private static int wordEnd(String text, int w, int end) {
        while (w < end) {
            char c = text.charAt(w);
            if (!(Character.isLetterOrDigit(c) || c == '_' || Character.getType(c) == Character.NON_SPACING_MARK)) break;
            w++;
        }
        return w;
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
        // most sources hold no ';' at all: one intrinsic search instead of a scan of comments char by char
        if (t.indexOf(';') < 0) return false;
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
