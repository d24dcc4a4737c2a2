package dev.pica.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.WarningPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A source linked alone is verified once: the link's program is the early run's, word for word
 * and line for line, so its run would report nothing the early run did not (a batch of SDK
 * sources, picalink --each, spent a sixth of its Java time in the second run). A link with a
 * library still runs the verifier over the linked program. The runs are read from the build's
 * values: an input's early run is its {@code verified()} program, the link's runs are
 * {@code Linker.Result.verifiedPrograms()}.
 */
class VerifiedOnceTest {
    @TempDir
    Path dir;

    private static BuildSession session() {
        return new BuildSession(Assembler.Options.defaults().withIncludeDirs(List.of(Examples.dir().resolve("include"))), WarningPolicy.EVERY, () -> new byte[0]);
    }

    /** How many times the verifier ran in a build: each input's early run, then the link's runs. */
    private static int runs(BuildSession.Linked l) {
        int early = 0;
        for (BuildSession.Loaded in : l.inputs()) if (in.verified() != null) early++;
        return early + l.result().verifiedPrograms();
    }

    @Test
    void aSourceLinkedAloneIsVerifiedOnce() {
        BuildSession.Linked l = session().link(List.of(Examples.dir().resolve("lighting.vsh")), false);
        assertTrue(l.ok());
        assertEquals(0, l.result().verifiedPrograms(), "the link's run is skipped");
        assertEquals(1, runs(l), "the early run only");
    }

    @Test
    void aLinkWithALibraryIsVerifiedAgain() {
        BuildSession.Linked l = session().link(List.of(Examples.dir().resolve("skinning.vsh"), Examples.dir().resolve("transform_lib.vsh")), false);
        assertTrue(l.ok());
        assertEquals(3, runs(l), "each object's early run, then the linked program's");
    }

    /** The findings are the early run's, printed once, where a second run is skipped as where it is not. */
    @Test
    void aHazardIsReportedOnceWithOrWithoutTheSecondRun() throws IOException {
        Path src = dir.resolve("hazard.vsh");
        Files.writeString(src, "#pragma output_map(position, o0)\nmain:\n    mov r0.x, v0\n    mov o0, r0\n    end\nendmain:\n");
        BuildSession s = session();
        BuildSession.Linked l = s.link(List.of(src), false);
        assertTrue(l.ok());
        assertEquals(1, runs(l));
        List<Diagnostic> early = s.load(src).diagnostics().list();
        assertEquals(1, early.size(), early.toString());
        assertTrue(early.get(0).message().startsWith("'r0.yzw' may be read before it is written"), early.get(0).message());
        assertEquals(List.of(), l.diagnostics().list(), "said once, by the early run");
    }
}
