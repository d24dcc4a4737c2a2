package dev.pica.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Lexer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each hand-written token source against the lexer ANTLR generates from its grammar, token for token. */
class HandWrittenTokenSourceTest {
    /** Every field the parser or a diagnostic can read, EOF included. */
    private static List<String> tokens(TokenSource s) {
        List<String> out = new ArrayList<>();
        for (int guard = 0; guard < 1_000_000; guard++) {
            Token t = s.nextToken();
            out.add(t.getType() + " [" + t.getText() + "] " + t.getStartIndex() + ".." + t.getStopIndex()
                    + " " + t.getLine() + ":" + t.getCharPositionInLine() + " ch" + t.getChannel());
            if (t.getType() == Token.EOF) return out;
        }
        throw new AssertionError("no EOF");
    }

    private static void assertSameTokens(String grammar, String text) {
        boolean sdk = grammar.equals("PicaAsm");
        Lexer generated = sdk ? new PicaAsmLexer(CharStreams.fromString(text)) : new PicassoAsmLexer(CharStreams.fromString(text));
        generated.removeErrorListeners();
        TokenSource written = sdk ? new PicaAsmTokenSource(text) : new PicassoAsmTokenSource(text);
        assertEquals(tokens(generated), tokens(written), () -> grammar + " input: " + text.replace("\n", "\\n"));
        assertEquals(generated.getLine() + ":" + generated.getCharPositionInLine(), written.getLine() + ":" + written.getCharPositionInLine());
    }

    @ParameterizedTest
    @ValueSource(strings = {"PicaAsm", "PicassoAsm"})
    void edgeCases(String grammar) {
        String[] cases = {
            "", "\n", "#pragma", "#PrAgMa x", "# \t pragma(a)", "#prag\n", "#", "# pragmA", "#pragmax", "##pragma", "# 12 \"a.v.pica\"\nx",
            "1e+5", "1e", "1e+", "1E-", "1.5e-3x", ".5", "..5", ". 5", "c0.x", "r0.5", "0x1F", "3abc_9.e+.",
            "mov o0, -c1[a0.x+2].xyzw ; comment", "label: add r0, r1, r2\n\n", "\r\n\t\f\u000B x", "; only a comment\n;",
            ".out - dummy o1", "-\t-x - ", "a&&b&c||d|e", "$x_$1", "\u00e9", "x\u00e9y", "\uD83D\uDE00 a", "\uD800 lone", "a\u0000b",
            "[1+-2]", "!b0", "@$%^&*=<>?/\\\"'`~|{}",
        };
        for (String c : cases) assertSameTokens(grammar, c);
    }

    /** Every shader source and header the repository holds (examples, test inputs, golden corpora). */
    @ParameterizedTest
    @ValueSource(strings = {"PicaAsm", "PicassoAsm"})
    void repositorySources(String grammar) throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.walk(Path.of(".."))) {
            files = all.filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/"))
                    .filter(p -> p.toString().matches(".*\\.(vsh|gsh|h|pica|inc|txt)$") && Files.isRegularFile(p)).toList();
        }
        assertTrue(files.size() > 20, "found " + files.size());
        for (Path p : files) assertSameTokens(grammar, new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
    }

    /** Random text over the characters the lexer rules care about, and a few they do not. */
    @ParameterizedTest
    @ValueSource(strings = {"PicaAsm", "PicassoAsm"})
    void randomText(String grammar) {
        String alphabet = "#pragmPRAGMA eE+-.0123456789xyzw_$:;,()[]!&|\t\r\n\f\u000Bc ov@\u00e9\uD83D\uDE00";
        Random rnd = new Random(14);
        for (int k = 0; k < 20_000; k++) {
            StringBuilder sb = new StringBuilder();
            int len = rnd.nextInt(40);
            for (int i = 0; i < len; i++) sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
            assertSameTokens(grammar, sb.toString());
        }
    }
}
