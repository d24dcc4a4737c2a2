package dev.pica.link;

import dev.pica.link.testing.LinkHelper;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One test per linker check (shbin-format.md 8.6), each naming the object and source line. */
class LinkErrorTest {
    private static final String MAIN_CALLS_F = "main:\ncall f\nnop\nend\nendmain:\n";

    private static List<String> errors(String... nameSource) {
        Diagnostics d = new Diagnostics();
        Linker.Result r = Linker.link(LinkHelper.inputs(nameSource), false, d);
        assertNull(r, "link must fail");
        return d.list().stream().filter(x -> x.severity() == Diagnostic.Severity.ERROR)
                .map(x -> (x.pos() == null ? "" : x.pos() + ": ") + x.message()).toList();
    }

    @Test
    void noMainObject() {
        assertEquals(List.of("no input defines 'main:'"), errors("lib.vsh", "f:\nnop\nret\n"));
    }

    @Test
    void undefinedLabelNamesObjectAndLine() {
        assertEquals(List.of("m.vsh:2: undefined label 'f' (referenced from m.o)"), errors("m.vsh", MAIN_CALLS_F));
    }

    @Test
    void undefinedLabelSuggestsTheNearestDefinedOne() {
        assertEquals(List.of("m.vsh:2: undefined label 'f' (referenced from m.o); did you mean 'f1'?"), errors("m.vsh", MAIN_CALLS_F, "l.vsh", "f1:\nnop\nret\n"));
    }

    @Test
    void labelInSeveralObjects() {
        assertEquals(List.of("m.vsh:2: label 'f' is defined in several objects: l1.o, l2.o"),
                errors("m.vsh", MAIN_CALLS_F, "l1.vsh", "f:\nnop\nret\n", "l2.vsh", "f:\nnop\nret\n"));
    }

    @Test
    void constantConflictNamesBothPlaces() {
        assertEquals(List.of("l.vsh:1: 'c0' defined with different values (m.vsh:1, l.vsh:1)"),
                errors("m.vsh", "def c0, 1, 1, 1, 1\n" + MAIN_CALLS_F, "l.vsh", "def c0, 2, 2, 2, 2\nf:\nnop\nret\n"));
    }

    @Test
    void constantOnARegisterBoundElsewhere() {
        assertEquals(List.of("l.vsh:1: 'c0' is bound by bind_symbol and defined"),
                errors("m.vsh", "#pragma bind_symbol(M, c0)\n" + MAIN_CALLS_F, "l.vsh", "def c0, 2, 2, 2, 2\nf:\nnop\nret\n"));
    }

    @Test
    void symbolWithTwoRanges() {
        assertEquals(List.of("l.o: symbol 'M' bound to different registers"),
                errors("m.vsh", "#pragma bind_symbol(M, c0)\n" + MAIN_CALLS_F, "l.vsh", "#pragma bind_symbol(M, c1)\nf:\nnop\nret\n"));
    }

    @Test
    void vertexCodeBeyondWord511() {
        String big = "f:\n" + "nop\n".repeat(200) + "ret\n";
        String gs = "#pragma gs_assemble_as_geometry_shader\nmain:\n" + "nop\n".repeat(500) + "end\nendmain:\n";
        List<String> e = errors("g.gsh", gs, "m.vsh", MAIN_CALLS_F, "l.vsh", big);
        // g.o takes words 0-501, m.o 502-505, l.o 506-706: the library m.o calls is out of reach
        assertEquals(List.of("l.vsh:8: vertex shader code must lie in words 0-511 (word 512 is reached); path: m.vsh:2 -> l.vsh:2 (call) -> l.vsh:8"), e);
    }

    @Test
    void tooManyDescriptorsAfterMerging() {
        StringBuilder a = new StringBuilder("main:\n"), b = new StringBuilder("main:\n");
        for (int k = 0; k < 70; k++) a.append("mov r0, r1.").append(swizzle(k)).append('\n');
        for (int k = 70; k < 140; k++) b.append("mov r0, r1.").append(swizzle(k)).append('\n');
        a.append("end\nendmain:\n");
        b.append("end\nendmain:\n");
        List<String> e = errors("a.vsh", a.toString(), "b.vsh", b.toString());
        assertEquals(List.of("b.vsh:60: too many operand descriptors (140, limit 128)"), e);
    }

    @Test
    void tooManyMadDescriptorsAfterMerging() {
        StringBuilder a = new StringBuilder("main:\n"), b = new StringBuilder("main:\n");
        for (int k = 0; k < 20; k++) a.append("mad r0, r1.").append(swizzle(k)).append(", r2, r3\n");
        for (int k = 20; k < 40; k++) b.append("mad r0, r1.").append(swizzle(k)).append(", r2, r3\n");
        a.append("end\nendmain:\n");
        b.append("end\nendmain:\n");
        assertEquals(List.of("b.vsh:14: too many operand descriptors used by mad (40, limit 32)"),
                errors("a.vsh", a.toString(), "b.vsh", b.toString()));
    }

    @Test
    void importedCallTargetWithoutRet() {
        assertEquals(List.of("m.vsh:2: call target 'f' has no following 'ret'"),
                errors("m.vsh", MAIN_CALLS_F, "l.vsh", "f:\nnop\n"));
    }

    @Test
    void importedCallTargetEmpty() {
        assertEquals(List.of("m.vsh:2: subroutine 'f' is empty"), errors("m.vsh", MAIN_CALLS_F, "l.vsh", "f:\nret\n"));
    }

    @Test
    void importedCallTargetTooLong() {
        assertEquals(List.of("m.vsh:2: 'f' is 256 words long; at most 255 can be encoded"),
                errors("m.vsh", MAIN_CALLS_F, "l.vsh", "#pragma gs_assemble_as_geometry_shader\nf:\n" + "nop\n".repeat(256) + "ret\n"));
    }

    @Test
    void geometryCodeBeyond4096Words() {
        String gs = "#pragma gs_assemble_as_geometry_shader\nmain:\n" + "nop\n".repeat(3000) + "end\nendmain:\n";
        String gs2 = "#pragma gs_assemble_as_geometry_shader\nmain:\n" + "nop\n".repeat(1100) + "end\nendmain:\n";
        assertEquals(List.of("program too long: 4104 words (limit 4096)"), errors("a.gsh", gs, "b.gsh", gs2));
    }

    @Test
    void unusedLibraryIsDropped() {
        byte[] with = LinkHelper.link("m.vsh", "main:\nend\nendmain:\n", "l.vsh", "f:\nnop\nret\n");
        byte[] without = LinkHelper.link("m.vsh", "main:\nend\nendmain:\n");
        // Same code; only the DVLP string table differs by nothing: l.o is not linked at all.
        assertEquals(without.length, with.length);
    }

    private static String swizzle(int k) {
        StringBuilder s = new StringBuilder();
        for (int lane = 0; lane < 4; lane++) s.append("xyzw".charAt(k >> (2 * (3 - lane)) & 3));
        return s.toString();
    }
}
