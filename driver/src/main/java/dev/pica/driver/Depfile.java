package dev.pica.driver;

import java.util.List;

/**
 * A make dependency file as GCC's -MD writes it: {@code TARGET...: DEP...}, long lines continued
 * with a backslash, and with -MP an empty rule per header so that make does not fail when a
 * header is deleted.
 */
public final class Depfile {
    private Depfile() {}

    private static final int WIDTH = 76;

    /**
     * @param targets rule targets, already in make syntax (see {@link #quote})
     * @param deps    files, the main input first
     * @param phonyFrom -MP: an empty rule for every dependency from this index on (the headers);
     *                  past the end for none
     */
    public static String write(List<String> targets, List<String> deps, int phonyFrom) {
        StringBuilder sb = new StringBuilder();
        int col = 0;
        for (int i = 0; i < targets.size(); i++) {
            if (i > 0) {
                sb.append(' ');
                col++;
            }
            sb.append(targets.get(i));
            col += targets.get(i).length();
        }
        sb.append(':');
        col++;
        for (String d : deps) {
            String q = quote(d);
            if (col + 1 + q.length() > WIDTH && col > 1) {
                sb.append(" \\\n ");
                col = 1;
            }
            sb.append(' ').append(q);
            col += 1 + q.length();
        }
        sb.append('\n');
        for (int i = phonyFrom; i < deps.size(); i++) sb.append('\n').append(quote(deps.get(i))).append(":\n");
        return sb.toString();
    }

    /** Make syntax for a file name, as GCC's -MQ: blanks and # escaped, $ doubled. */
    public static String quote(String name) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == ' ' || c == '\t') {
                for (int j = i - 1; j >= 0 && name.charAt(j) == '\\'; j--) sb.append('\\');
                sb.append('\\');
            } else if (c == '$') {
                sb.append('$');
            } else if (c == '#') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
