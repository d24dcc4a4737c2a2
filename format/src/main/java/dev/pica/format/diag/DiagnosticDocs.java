package dev.pica.format.diag;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What docs/diagnostics.md says of each diagnostic id: the rows of its tables that begin with the
 * id's anchor ({@code | <a id="unknown-register"></a>`unknown-register` | what | ...}). The page
 * is built into this jar (format's pom), so a SARIF log carries the same words as the docs
 * wherever it is written. Package-private: SarifLog is its one reader.
 */
final class DiagnosticDocs {
    /** One id's row: its description and, for a warning, where the kind comes from (markdown). */
    record Entry(String id, String what, String source) {
        /** The description as plain text: no code quotes, links as their text. */
        public String plainWhat() {
            return plain(what);
        }

        /**
         * The description's first clause as plain text, a rule's one-line title: without the rule's
         * name before it, up to its first ':' or ';' outside code and parentheses once it has
         * {@link #LEAD} characters, without what parentheses add. A ':' before that ends a lead
         * naming the tool ({@code `picasim`: a run that cannot go on}, {@code `bin/picasso` only: ...}),
         * which alone would be no title: the title keeps it and goes on to the next one.
         */
        public String summary() {
            String md = what.replaceFirst("^F-[A-Z0-9]+(/F-[A-Z0-9]+)?('s note)?: ", "");
            StringBuilder out = new StringBuilder();
            boolean code = false;
            int depth = 0;
            for (int i = 0; i < md.length(); i++) {
                char c = md.charAt(i);
                if (c == '`') code = !code;
                if (!code && c == '(') depth++;
                if (!code && c == ')' && depth > 0) {
                    depth--;
                    continue;
                }
                boolean stop = !code && depth == 0 && out.length() >= LEAD && (md.startsWith(": ", i) || md.startsWith("; ", i));
                if (stop) break;
                if (depth == 0) out.append(c);
            }
            return plain(out.toString()).replaceAll(" +", " ").replace(" ,", ",").strip();
        }

        /** The help as markdown: the description, then its source when the row names one. */
        public String helpMarkdown() {
            return source.isEmpty() ? what : what + "\n\nSource: " + source;
        }

        public String helpText() {
            return plain(helpMarkdown());
        }
    }

    /** The shortest first clause a title ends after: the leads naming a tool are shorter (`bin/picasso` only: 18). */
    static final int LEAD = 20;

    private static final Pattern ROW = Pattern.compile("^\\| <a id=\"([a-z0-9-]+)\"></a>`\\1` \\|(.*)\\|$");
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\(([^)]*)\\)");
    private static final Map<String, Entry> ENTRIES = load();

    private DiagnosticDocs() {}

    /** Every documented id, in the page's order. */
    static Map<String, Entry> entries() {
        return ENTRIES;
    }

    /** The row of an id, or null when the page does not describe it. */
    static Entry of(String id) {
        return ENTRIES.get(id);
    }

    /** The rows of a page's text. */
    static Map<String, Entry> parse(BufferedReader page) throws IOException {
        Map<String, Entry> out = new LinkedHashMap<>();
        for (String line; (line = page.readLine()) != null; ) {
            Matcher m = ROW.matcher(line);
            if (!m.matches()) continue;
            String[] cells = m.group(2).split(" \\| ", -1);
            // the ids table: | id | what |; the warnings table: | name | group | what | where |
            String what = (cells.length >= 3 ? cells[1] : cells[0]).strip();
            String source = cells.length >= 3 ? cells[2].strip() : "";
            out.put(m.group(1), new Entry(m.group(1), what, source));
        }
        return Collections.unmodifiableMap(out);
    }

    private static Map<String, Entry> load() {
        try (InputStream in = DiagnosticDocs.class.getResourceAsStream("diagnostics.md")) {
            if (in == null) return Map.of(); // classes without their resources (an IDE's build): no help
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            return Map.of();
        }
    }

    static String plain(String markdown) {
        return LINK.matcher(markdown).replaceAll("$1").replace("`", "").replace("\\|", "|");
    }
}
