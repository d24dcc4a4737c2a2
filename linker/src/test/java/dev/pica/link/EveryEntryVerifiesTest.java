package dev.pica.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.link.testing.LinkHelper;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * No hazard reaches a 3DS silently: every public way into the linker runs the verifier over the
 * linked program. The object is assembled without picasm's early run, so the link's run is the
 * only one that can say what is wrong with it; a public entry that could skip that run (a
 * predicate, an unverified link) fails the first test.
 */
class EveryEntryVerifiesTest {
    /** o0's y, z and w are read from r0 where only r0.x was written: a finding of the link's run alone. */
    private static final String HAZARD = "#pragma output_map(position, o0)\nmain:\n    mov r0.x, v0\n    mov o0, r0\n    end\nendmain:\n";

    private static List<Linker.Input> hazard() {
        return LinkHelper.inputs(Assembler.Options.unverified(), "hazard.vsh", HAZARD);
    }

    @Test
    void thePublicEntriesAreTheVerifiedLinks() {
        TreeSet<String> entries = new TreeSet<>();
        for (Method m : Linker.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers())) entries.add(m.getName() + List.of(m.getParameterTypes()).stream().map(Class::getSimpleName).toList());
        }
        assertEquals(new TreeSet<>(List.of("link[List, boolean]", "link[List, boolean, Diagnostics]")), entries);
    }

    @Test
    void everyPublicEntryReportsTheLinkedProgramsFindings() throws ReflectiveOperationException {
        int entries = 0;
        for (Method m : Linker.class.getDeclaredMethods()) {
            if (!Modifier.isPublic(m.getModifiers()) || !Modifier.isStatic(m.getModifiers())) continue;
            Diagnostics d = new Diagnostics();
            List<Object> args = new ArrayList<>(List.of(hazard(), false));
            if (m.getParameterCount() == 3) args.add(d);
            Object r = m.invoke(null, args.toArray());
            List<Diagnostic> found = r instanceof Linker.Outcome o ? o.diagnostics().list() : d.list();
            Linker.Result linked = r instanceof Linker.Outcome o ? o.result() : (Linker.Result) r;
            assertEquals(1, linked.verifiedPrograms(), m.toString());
            assertEquals(1, found.size(), m + ": " + found);
            assertTrue(found.get(0).message().startsWith("'r0.yzw' may be read before it is written"), m + ": " + found.get(0).message());
            entries++;
        }
        assertEquals(2, entries);
    }
}
