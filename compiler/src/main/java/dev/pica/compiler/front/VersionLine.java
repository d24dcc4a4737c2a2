package dev.pica.compiler.front;

/**
 * The {@code #version} a GLSL text begins with, found as glslang's first scan finds it (its
 * {@code TInputScanner::scanVersion}): past blanks and comments, the first token is {@code #}, then
 * {@code version}, a number and perhaps a profile. A text whose first token is anything else has
 * none (glslang then reads it as version 110, or 100 for ES).
 *
 * @param number the version, or -1 when no number follows (glslang reports that itself)
 * @param profile the profile word ("core", "es"...), or ""
 * @param line the directive's line (1-based)
 * @param column the column of its {@code #} (1-based)
 */
record VersionLine(int number, String profile, int line, int column) {
    /** The text's #version, or null when its first token is not one. */
    static VersionLine of(String text) {
        int p = 0, line = 1, lineStart = 0;
        while (p < text.length()) {
            char c = text.charAt(p);
            if (c == '\n') {
                p++;
                line++;
                lineStart = p;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B) {
                p++;
            } else if (text.startsWith("//", p)) {
                while (p < text.length() && text.charAt(p) != '\n') p++;
            } else if (text.startsWith("/*", p)) {
                int end = text.indexOf("*/", p + 2);
                int stop = end < 0 ? text.length() : end + 2;
                for (int k = p; k < stop; k++) {
                    if (text.charAt(k) == '\n') {
                        line++;
                        lineStart = k + 1;
                    }
                }
                p = stop;
            } else {
                break;
            }
        }
        if (p >= text.length() || text.charAt(p) != '#') return null;
        int hash = p;
        p = blanks(text, p + 1);
        if (!text.startsWith("version", p)) return null;
        p += "version".length();
        if (p < text.length() && Character.isLetterOrDigit(text.charAt(p))) return null; // #versions
        p = blanks(text, p);
        int digits = p;
        while (p < text.length() && p - digits < 9 && text.charAt(p) >= '0' && text.charAt(p) <= '9') p++;
        int number = p > digits ? Integer.parseInt(text.substring(digits, p)) : -1;
        p = blanks(text, p);
        int word = p;
        while (p < text.length() && Character.isLetter(text.charAt(p))) p++;
        return new VersionLine(number, text.substring(word, p), line, hash - lineStart + 1);
    }

    private static int blanks(String text, int p) {
        while (p < text.length() && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) p++;
        return p;
    }
}
