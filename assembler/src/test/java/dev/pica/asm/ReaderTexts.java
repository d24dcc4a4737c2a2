package dev.pica.asm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/** What the tests of the readers that parse by hand (SdkLineReader, PicassoLineReader) read: the repository's sources, random text. */
public final class ReaderTexts {
    private ReaderTexts() {}

    /** Every source file of either dialect the repository holds (and the headers they include), build output aside. */
    public static List<Path> repositorySources() throws IOException {
        try (Stream<Path> all = Files.walk(Path.of(".."))) {
            return all.filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/") && !p.toString().contains("/node_modules/"))
                    .filter(p -> p.toString().matches(".*\\.(vsh|gsh|h|pica|inc)$") && Files.isRegularFile(p)).toList();
        }
    }

    /** Random text built piece by piece. */
    public abstract static class RandomText {
        protected final Random rnd;
        protected final StringBuilder b = new StringBuilder();

        protected RandomText(Random rnd) {
            this.rnd = rnd;
        }

        protected final String pick(String... s) {
            return s[rnd.nextInt(s.length)];
        }

        /** Blanks the lexers skip, often none. */
        protected final void gap() {
            if (rnd.nextInt(3) == 0) b.append(pick(" ", "\t", "  ", "\f", "\u000B", "\r", " \t"));
        }

        /** A quarter of the time, the text broken by one character: dropped, doubled or replaced by one of {@code with}. */
        protected final void breakOne(String... with) {
            if (rnd.nextInt(4) != 0 || b.length() < 2) return;
            int at = rnd.nextInt(b.length() - 1);
            switch (rnd.nextInt(3)) {
                case 0 -> b.deleteCharAt(at);
                case 1 -> b.insert(at, b.charAt(at));
                default -> b.setCharAt(at, pick(with).charAt(0));
            }
        }
    }
}
