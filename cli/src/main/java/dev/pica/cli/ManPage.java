package dev.pica.cli;

import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A tool's manual page in troff's man macros (man(7)), written from the same picocli model as its
 * --help: name and synopsis, description, operands, options with their values as users type them,
 * exit status. No date, so the same model gives the same bytes.
 */
final class ManPage {
    private ManPage() {}

    static final String[] SEE_ALSO = HelpTexts.TOOLS;

    static String of(String tool, CommandSpec spec) {
        StringBuilder sb = new StringBuilder();
        sb.append(".TH ").append(tool.toUpperCase(java.util.Locale.ROOT)).append(" 1 \"\" \"pica-toolchain ")
                .append(escape(CommandSpecs.VERSION)).append("\" \"User Commands\"\n");
        String[] description = spec.usageMessage().description();
        String summary = description.length == 0 ? "" : description[0];
        sb.append(".SH NAME\n").append(tool).append(" \\- ").append(escape(firstSentence(summary))).append('\n');
        sb.append(".SH SYNOPSIS\n");
        boolean first = true;
        for (String line : spec.usageMessage().customSynopsis()) {
            String plain = line.replaceAll("@\\|bold ([^|]*)\\|@", "$1").trim();
            if (!first) sb.append(".br\n");
            first = false;
            int space = plain.indexOf(' ');
            sb.append(".B ").append(escape(space < 0 ? plain : plain.substring(0, space))).append('\n');
            if (space >= 0) sb.append(escape(plain.substring(space + 1))).append('\n');
        }
        sb.append(".SH DESCRIPTION\n");
        for (String d : description) sb.append(line(d));
        if (!spec.positionalParameters().isEmpty()) {
            sb.append(".SH OPERANDS\n");
            for (PositionalParamSpec p : spec.positionalParameters()) {
                if (p.hidden()) continue;
                sb.append(".TP\n.I ").append(escape(p.paramLabel())).append('\n');
                for (String d : p.description()) sb.append(line(d));
            }
        }
        sb.append(".SH OPTIONS\n");
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) continue;
            sb.append(".TP\n");
            StringBuilder names = new StringBuilder();
            for (String n : o.names()) names.append(names.length() == 0 ? "" : ", ").append("\\fB").append(escape(n)).append("\\fR");
            if (o.arity().max() > 0) {
                String sep = CommandSpecs.valueSeparator(o);
                boolean optional = o.arity().min() == 0;
                names.append(optional ? "[" : "").append(escape(sep)).append("\\fI").append(escape(o.paramLabel())).append("\\fR").append(optional ? "]" : "");
            }
            sb.append(names).append('\n');
            for (String d : o.description()) sb.append(line(d));
        }
        Map<String, String> codes = spec.usageMessage().exitCodeList();
        if (!codes.isEmpty()) {
            sb.append(".SH EXIT STATUS\n");
            for (Map.Entry<String, String> c : codes.entrySet()) sb.append(".TP\n.B ").append(escape(c.getKey().trim())).append('\n').append(line(c.getValue()));
        }
        sb.append(".SH SEE ALSO\n");
        StringBuilder see = new StringBuilder();
        for (String t : SEE_ALSO) if (!t.equals(tool)) see.append(see.length() == 0 ? "" : ",\n").append(".BR ").append(t).append(" (1)");
        sb.append(see).append('\n');
        sb.append(".PP\nThe toolchain's README (share/doc/pica-toolchain) and its docs/ folder.\n");
        return sb.toString();
    }

    private static String firstSentence(String s) {
        int dot = s.indexOf(". ");
        return (dot < 0 ? s : s.substring(0, dot)).replaceAll("\\.$", "").replace('\n', ' ');
    }

    /** A paragraph line; picocli's %n line breaks become troff line breaks. */
    private static String line(String text) {
        StringBuilder sb = new StringBuilder();
        for (String l : text.replace("%n", "\n").split("\n")) {
            if (l.isBlank()) continue;
            String e = escape(l.trim());
            sb.append(e.startsWith(".") || e.startsWith("'") ? "\\&" + e : e).append('\n');
        }
        return sb.toString();
    }

    /** troff's escapes: a backslash is \e, a hyphen in an option \-. */
    static String escape(String s) {
        return s.replace("\\", "\\e").replace("-", "\\-");
    }
}
