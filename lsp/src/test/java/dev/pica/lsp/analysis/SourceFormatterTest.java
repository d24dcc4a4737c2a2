package dev.pica.lsp.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.isa.syntax.Dialect;
import dev.pica.asm.Assembler;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.shbin.DvojWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Formatting changes blanks only: every source the project holds assembles to the same bytes (or the same errors) after it, and a second run changes nothing. */
class SourceFormatterTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    record Source(String name, Path path, String text) {}

    private static List<Source> corpus() throws IOException {
        List<Source> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path p : files.filter(Files::isRegularFile).filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/")).sorted().toList()) {
                String n = p.getFileName().toString();
                if (n.endsWith(".vsh") || n.endsWith(".gsh") || n.endsWith(".pica")) {
                    out.add(new Source(n, p, new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1)));
                } else if (n.endsWith(".case")) {
                    // verifier cases: "//// NAME" sections, the last one the expected output
                    String name = null;
                    StringBuilder sb = new StringBuilder();
                    for (String line : Files.readString(p).split("\n", -1)) {
                        if (line.startsWith("//// ")) {
                            if (name != null && !name.equals("expected")) out.add(new Source(name, p.resolveSibling(name), sb.toString()));
                            name = line.substring(5).strip();
                            sb.setLength(0);
                        } else {
                            sb.append(line).append('\n');
                        }
                    }
                }
            }
        }
        return out;
    }

    private static String outcome(Source s, String text) {
        boolean picasso = Dialect.ofFileName(s.name()) == Dialect.PICASSO;
        SourceFile f = new SourceFile(s.name(), s.name(), s.path(), text.getBytes(StandardCharsets.ISO_8859_1));
        Assembler.Result r = Assembler.assemble(f, Assembler.Options.defaults());
        if (r.ok()) return "ok " + java.util.HexFormat.of().formatHex(DvojWriter.write(r.object()));
        StringBuilder sb = new StringBuilder(picasso ? "picasso errors" : "errors");
        for (Diagnostic d : r.diagnostics().list()) sb.append('\n').append(d.pos() == null ? "" : d.pos().line()).append(' ').append(d.severity()).append(' ').append(d.message());
        return sb.toString();
    }

    @Test
    void formattingNeverChangesWhatASourceAssemblesTo() throws IOException {
        List<Source> corpus = corpus();
        assertTrue(corpus.size() > 150, "the corpus: " + corpus.size() + " sources");
        int changed = 0, assembled = 0;
        for (Source s : corpus) {
            Dialect dialect = Dialect.ofFileName(s.name());
            String once = SourceFormatter.format(s.text(), dialect);
            assertEquals(once, SourceFormatter.format(once, dialect), "a second run changes " + s.path() + " " + s.name());
            assertEquals(s.text().split("\r\n|\r|\n", -1).length, once.split("\r\n|\r|\n", -1).length, "lines of " + s.name());
            if (once.equals(s.text())) continue;
            changed++;
            String before = outcome(s, s.text());
            if (before.startsWith("ok")) assembled++;
            assertEquals(before, outcome(s, once), s.path() + " " + s.name() + " formatted:\n" + once);
        }
        assertTrue(changed > 100 && assembled > 50, changed + " sources changed, " + assembled + " of them assemble");
    }

    @Test
    void layoutFollowsTheExamples() {
        assertEquals(String.join("\n",
                "#pragma output_map(position, o0)",
                "main:",
                "    // transform",
                "    dp4     o0.x, c0, v0",
                "    ifb     b0",
                "        mov     r0, v0        // kept at its column",
                "    else",
                "        mov     r0, c[a0.x+1]",
                "    endif",
                "    end",
                "endmain:"),
                SourceFormatter.format(String.join("\n",
                        "  #pragma output_map(position, o0)  ",
                        "  main:",
                        "// transform".replace("//", "    //"),
                        "dp4 o0.x,c0 ,  v0",
                        "\tifb b0",
                        "mov r0 ,v0                    // kept at its column",
                        "  else",
                        " mov r0,   c[a0.x+1]",
                        "endif",
                        "end",
                        "endmain:"), Dialect.SDK));
        assertEquals(".fvec uK, proj[4]\n.proc main\n\tfor kLoop\n\t\tadd r0, uArr[aL], r0 ; sum\n\t.end\n\tend\n.end",
                SourceFormatter.format(".fvec uK,proj[4]\n  .proc main\nfor kLoop\n add r0,uArr[aL],r0 ; sum\n.end\n    end\n.end", Dialect.PICASSO));
    }
}
