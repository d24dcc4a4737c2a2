package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The man pages and completion scripts the build writes from the tools' models. */
class ToolDocsTest {
    @TempDir
    Path dir;

    @Test
    void everyManPageHasTheSectionsAndEveryOption() {
        for (String tool : HelpTexts.TOOLS) {
            CommandSpec spec = CommandSpecs.of(tool);
            String page = ManPage.of(tool, spec);
            assertTrue(page.startsWith(".TH " + tool.toUpperCase() + " 1 \"\" \"pica-toolchain "), page);
            for (String section : new String[] {".SH NAME\n" + tool + " \\- ", ".SH SYNOPSIS\n.B " + tool + "\n", ".SH DESCRIPTION\n", ".SH OPTIONS\n", ".SH EXIT STATUS\n", ".SH SEE ALSO\n"}) {
                assertTrue(page.contains(section), tool + ": " + section + "\n" + page);
            }
            for (OptionSpec o : spec.options()) {
                if (!o.hidden()) for (String n : o.names()) assertTrue(page.contains("\\fB" + ManPage.escape(n) + "\\fR"), tool + ": " + n);
            }
            // no line starts with a control character troff would read as a request
            page.lines().filter(l -> !l.startsWith(".") && !l.isEmpty()).forEach(l -> assertTrue(l.charAt(0) != '\'', l));
            assertEquals(page, ManPage.of(tool, CommandSpecs.of(tool)), "same model, same bytes");
        }
        String picasm = ManPage.of("picasm", CommandSpecs.of("picasm"));
        assertTrue(picasm.contains(".TP\n\\fB\\-I\\fR \\fIDIR\\fR\n"), picasm);
        assertTrue(picasm.contains(".TP\n\\fB\\-o\\fR, \\fB\\-O\\fR, \\fB\\-\\-output\\fR=\\fIOUT.o\\fR\n"), picasm);
        assertTrue(picasm.contains(".SH SYNOPSIS\n.B picasm\n[OPTIONS] FILE \\-o OUT.o\n.br\n.B picasm\n[OPTIONS] FILE... [\\-\\-output\\-dir DIR]\n"), picasm);
    }

    /** bash runs the completion script as it would on Tab (the function the script registers): option names, then each option's values. */
    @Test
    void bashCompletesOptionsAndTheirValues() throws Exception {
        Path script = dir.resolve("picasm");
        Files.writeString(script, ToolDocs.completion("picasm"));
        assertEquals("--dialect", complete(script, "picasm", "--dia"));
        assertEquals("sdk picasso", complete(script, "picasm", "--dialect", ""));
        assertEquals("never always auto", complete(script, "picasm", "--color", ""));
        assertEquals("text json json-file sarif sarif-stderr sarif-file", complete(script, "picasm", "-fdiagnostics-format", ""));
        Path sim = dir.resolve("picasim");
        Files.writeString(sim, ToolDocs.completion("picasim"));
        assertEquals("emulator float24", complete(sim, "picasim", "--precision", ""));
        // --opt=: bash splits at '=' (its default COMP_WORDBREAKS) or not; values either way (issue 35 item 15)
        assertEquals("sdk picasso", complete(script, "picasm", "--dialect", "=", ""));
        assertEquals("sdk picasso", complete(script, "picasm", "--dialect", "="));
        assertEquals("picasso", complete(script, "picasm", "--dialect", "=", "pic"));
        assertEquals("--dialect=sdk --dialect=picasso", complete(script, "picasm", "--dialect="));
    }

    /** picals has its man page and completion too (issue 35 item 15), from the options its own --help lists. */
    @Test
    void picalsHasAManPageAndCompletion() throws Exception {
        String page = ManPage.of("picals", CommandSpecs.of("picals"));
        for (String section : new String[] {".SH NAME\npicals \\- ", ".SH SYNOPSIS\n.B picals\n", ".SH OPTIONS\n", "\\fB\\-\\-stdio\\fR", "docs/editors.md"}) {
            assertTrue(page.contains(section), section + "\n" + page);
        }
        Path script = dir.resolve("picals");
        Files.writeString(script, ToolDocs.completion("picals"));
        assertEquals("--stdio", complete(script, "picals", "--st"));
    }

    private static String complete(Path script, String tool, String... words) throws Exception {
        StringBuilder w = new StringBuilder();
        for (String x : words) w.append(" '").append(x).append('\'');
        String line = tool + " " + String.join(" ", words);
        String cmd = "source '" + script + "' 2>/dev/null; COMP_WORDS=(" + tool + w + "); COMP_CWORD=" + words.length
                + "; COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}; $(complete -p " + tool + " | sed 's/.*-F \\([^ ]*\\).*/\\1/') 2>/dev/null; echo \"${COMPREPLY[*]}\"";
        Process p = new ProcessBuilder("bash", "-c", cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
