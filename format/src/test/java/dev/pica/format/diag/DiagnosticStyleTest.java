package dev.pica.format.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.format.diag.DiagnosticStyle.When;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When diagnostics are coloured and how, as GCC decides and paints it. */
class DiagnosticStyleTest {
    private static final String SOURCE = "main:\n    movv o0, v0\n";

    @Test
    void autoColoursATerminalUnlessTermIsDumbOrNoColorIsSet() {
        assertEquals(DiagnosticStyle.GCC, DiagnosticStyle.of(When.AUTO, true, Map.of("TERM", "xterm")));
        assertEquals(DiagnosticStyle.PLAIN, DiagnosticStyle.of(When.AUTO, false, Map.of("TERM", "xterm")));
        assertEquals(DiagnosticStyle.PLAIN, DiagnosticStyle.of(When.AUTO, true, Map.of("TERM", "dumb")));
        assertEquals(DiagnosticStyle.PLAIN, DiagnosticStyle.of(When.AUTO, true, Map.of("NO_COLOR", "1")));
        assertEquals(DiagnosticStyle.GCC, DiagnosticStyle.of(When.AUTO, true, Map.of("NO_COLOR", "")), "no-color.org: an empty NO_COLOR does not count");
        assertEquals(DiagnosticStyle.GCC, DiagnosticStyle.of(When.ALWAYS, false, Map.of("NO_COLOR", "1")), "always means always");
        assertEquals(DiagnosticStyle.PLAIN, DiagnosticStyle.of(When.NEVER, true, Map.of()));
    }

    @Test
    void gccColorsOverridesThePaletteAndEmptyTurnsColourOff() {
        assertEquals(new DiagnosticStyle("01;33", "01;35", "01;36", null, "32"),
                DiagnosticStyle.of(When.ALWAYS, false, Map.of("GCC_COLORS", "error=01;33:locus=:range1=32:quote=01:bogus")));
        assertEquals(DiagnosticStyle.PLAIN, DiagnosticStyle.of(When.ALWAYS, false, Map.of("GCC_COLORS", "")));
        assertEquals(DiagnosticStyle.GCC, DiagnosticStyle.of(When.ALWAYS, false, Map.of("GCC_COLORS", "error=\033[5m")), "only SGR digits reach the terminal");
    }

    @Test
    void aColouredDiagnosticIsGccsSequenceAroundLocusSeverityOptionAndCaret() {
        SourceFile f = SourceFile.ofString("a.vsh", SOURCE);
        Diagnostic d = new Diagnostic(Diagnostic.Severity.WARNING, SourcePos.of(f, 2, 5, null), "odd", Warning.UNINITIALIZED);
        String esc = "\033[";
        assertEquals(esc + "01m" + esc + "Ka.vsh:2:5:" + esc + "m" + esc + "K " + esc + "01;35m" + esc + "Kwarning:" + esc + "m" + esc + "K odd ["
                + esc + "01;35m" + esc + "K-Wuninitialized" + esc + "m" + esc + "K]\n    movv o0, v0\n    " + esc + "01;32m" + esc + "K^" + esc + "m" + esc + "K\n",
                DiagnosticPrinter.format(d, DiagnosticStyle.GCC));
        assertEquals("a.vsh:2:5: warning: odd [-Wuninitialized]\n    movv o0, v0\n    ^\n", DiagnosticPrinter.format(d, DiagnosticStyle.PLAIN));
    }
}
