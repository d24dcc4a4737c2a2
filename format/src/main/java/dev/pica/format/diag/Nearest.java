package dev.pica.format.diag;

import java.util.Collection;

/**
 * The "did you mean" of a diagnostic: the candidate closest to a misspelt word by edit distance
 * (insertions, deletions, substitutions and transpositions of neighbours, as GCC's and Clang's
 * spelling hints count them), if it is close enough to be a likely typo.
 */
public final class Nearest {
    private Nearest() {}

    /** The closest candidate within a third of the word's length (at least 1 edit), or null; ties go to the first. */
    public static String of(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = Math.max(1, word.length() / 3) + 1;
        for (String c : candidates) {
            int d = distance(word, c);
            if (d < bestDistance && !c.equals(word)) {
                best = c;
                bestDistance = d;
            }
        }
        return best;
    }

    /** "; did you mean 'CANDIDATE'?" for the closest candidate ({@link #of}), or "" when none is close. */
    public static String hint(String word, Collection<String> candidates) {
        String near = of(word, candidates);
        return near == null ? "" : "; did you mean '" + near + "'?";
    }

    /** Optimal string alignment distance. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
