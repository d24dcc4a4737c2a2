package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.cli.ToolProcess.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 47 item 12: the drop-in on the shapes of public homebrew that picasso 2.7.2 builds
 * silently (docs/verifier.md, "Working homebrew"), run as a build runs it: one warning per cause,
 * none for what is how homebrew works, and the hazards next to them still said. The programs are
 * this project's own, written to each shape.
 */
class WorkingHomebrewTest {
    @TempDir
    Path dir;

    private List<String> warnings(String... files) throws Exception {
        Run r = ToolProcess.run(dir, "Picasso", concat(new String[] {"-o", "out.shbin"}, files));
        assertEquals(0, r.code(), r.err());
        return r.err().lines().filter(l -> l.contains(": warning: ")).toList();
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Four emits of a quad: setemit, the outputs the path writes, emit. */
    private static String quad(String writes) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < 4; k++) sb.append("    setemit ").append(Math.min(k, 2)).append(k >= 2 ? ", prim\n" : "\n").append(writes).append("    emit\n");
        return sb.toString();
    }

    /**
     * A geometry shader with a level-of-detail branch that never writes texcoord1 and a detailed
     * branch that never writes the colour: two causes, two warnings, each counting the emits it
     * reaches and showing the shortest path (eight before: one per emit).
     */
    @Test
    void anOutputUnwrittenOnABranchIsOneWarningPerCause() throws Exception {
        Files.writeString(dir.resolve("lod.v.pica"), ".out - position\n.out - texcoord1\n.out - color\n.proc main\n    mov o0, v0\n    mov o1, v1\n"
                + "    mov o2, v2\n    end\n.end\n");
        Files.writeString(dir.resolve("lod.g.pica"), ".gsh point c0\n.bool isLod\n.out opos position\n.out otc1 texcoord1\n.out oclr color\n.entry gmain\n"
                + ".proc gmain\n    jmpu isLod, far\n" + quad("    mov opos, v0\n    mov otc1, v1\n") + "    end\nfar:\n"
                + quad("    mov opos, v0\n    mov oclr, v2\n") + "    end\n.end\n");
        List<String> w = warnings("lod.v.pica", "lod.g.pica");
        assertEquals(2, w.size(), w.toString());
        assertTrue(w.stream().anyMatch(l -> l.contains("output 'o1.xy' is not written on some path to 'emit' (4 'emit's are reached so; the shortest path is shown); path: lod.g.pica:")
                && l.endsWith("[-Woutput-unwritten]")), w.toString());
        assertTrue(w.stream().anyMatch(l -> l.contains("output 'o2.xyzw' is not written on some path to 'emit' (4 'emit's are reached so; the shortest path is shown)")), w.toString());
    }

    /**
     * A shader that names no uniform reads them by register number, as the application uploads
     * them (ClassiCube: '.alias MVP_1 c0', C3D_FVUnifSet by index): no -Wunbound (four before).
     * One that names its uniforms and reads past them (an '.fvec transform' read as four rows) is
     * still told.
     */
    @Test
    void rawUniformsOfAShaderThatNamesNoneAreTheApplications() throws Exception {
        Files.writeString(dir.resolve("raw.v.pica"), ".alias MVP_1 c0\n.alias MVP_2 c1\n.alias MVP_3 c2\n.alias MVP_4 c3\n.out opos position\n.proc main\n"
                + "    dp4 opos.x, MVP_1, v0\n    dp4 opos.y, MVP_2, v0\n    dp4 opos.z, MVP_3, v0\n    dp4 opos.w, MVP_4, v0\n    end\n.end\n");
        assertEquals(List.of(), warnings("raw.v.pica"));
        Files.writeString(dir.resolve("short.v.pica"), ".fvec transform\n.out opos position\n.proc main\n    dp4 opos.x, transform[0], v0\n"
                + "    dp4 opos.y, transform[1], v0\n    dp4 opos.z, transform[0], v0\n    dp4 opos.w, transform[0], v0\n    end\n.end\n");
        List<String> w = warnings("short.v.pica");
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("short.v.pica:5:5: warning: 'c1' is read but neither defined nor bound [-Wunbound]"), w.toString());
    }

    /**
     * A cmp of the x lanes for an 'ifc cmp.x' compares whatever the y lanes hold into cmp.y, which
     * nothing reads: no -Wuninitialized (two before). Read cmp.y and it is said.
     */
    @Test
    void aComparedLaneWhoseFlagNobodyReadsDecidesNothing() throws Exception {
        String body = ".constf k(0.0, 1.0, 0.0, 0.0)\n.out opos position\n.out oclr color\n.proc main\n    mov opos, v0\n    mov r1.x, v1.w\n"
                + "    mov r2.x, k.x\n    cmp r1, eq, eq, r2\n    ifc FLAG\n        mov oclr, k.yyyy\n    .else\n        mov oclr, v1\n    .end\n    end\n.end\n";
        Files.writeString(dir.resolve("x.v.pica"), body.replace("FLAG", "cmp.x"));
        assertEquals(List.of(), warnings("x.v.pica"));
        Files.writeString(dir.resolve("y.v.pica"), body.replace("FLAG", "cmp.y"));
        List<String> w = warnings("y.v.pica");
        assertEquals(2, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("y.v.pica:8:5: warning: 'r1.y' may be read before it is written; the value reaches a 'cmp'"), w.toString());
    }

    /**
     * Lanes no word writes are one cause however many words read them (mgba's sprite shader read
     * r4.zw at five): one warning at the first read, counting the others (three before). Lanes
     * written on some path only are still told at each read.
     */
    @Test
    void lanesNothingWritesAreOneWarning() throws Exception {
        Files.writeString(dir.resolve("corner.v.pica"), ".constf k(0.0, 1.0, 0.0, 0.0)\n.out opos position\n.proc main\n    mov r4.xy, v0.xy\n"
                + "    add r5, k.xxxx, r4\n    add r6, k.yyyy, r4\n    add r7, r4, r5\n    add r8, r6, r7\n    mov opos, r8\n    end\n.end\n");
        List<String> w = warnings("corner.v.pica");
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("corner.v.pica:5:5: warning: 'r4.zw' may be read before it is written; the value reaches output 'o0.zw'"
                + " (3 words read it unwritten; the first is shown); path: "), w.toString());
    }
}
