package dev.pica.grammar;

import java.util.Arrays;
import org.antlr.v4.runtime.Token;

/**
 * Every token of a text at once, EOF last, as arrays rather than {@code Token} objects: what the
 * readers that parse by hand walk (SdkLineReader, PicassoLineReader). Token {@code k} has type
 * {@code type[k]}, code points {@code start[k]}..{@code stop[k]}, line {@code line[k]} (from 1)
 * and column {@code column[k]} (from 0), as {@link HandWrittenTokenSource#advance} describes it.
 */
public final class TokenArrays {
    public final int[] type, start, stop, line, column;
    /** How many tokens there are, EOF included. */
    public final int count;

    TokenArrays(HandWrittenTokenSource source) {
        int n = 0;
        int[] ty = new int[256], st = new int[256], sp = new int[256], li = new int[256], co = new int[256];
        while (true) {
            int t = source.advance();
            if (n == ty.length) {
                ty = Arrays.copyOf(ty, n * 2);
                st = Arrays.copyOf(st, n * 2);
                sp = Arrays.copyOf(sp, n * 2);
                li = Arrays.copyOf(li, n * 2);
                co = Arrays.copyOf(co, n * 2);
            }
            ty[n] = t;
            st[n] = source.tokenStart();
            sp[n] = source.tokenStop();
            li[n] = source.tokenLine();
            co[n] = source.tokenColumn();
            n++;
            if (t == Token.EOF) break;
        }
        type = ty;
        start = st;
        stop = sp;
        line = li;
        column = co;
        count = n;
    }
}
