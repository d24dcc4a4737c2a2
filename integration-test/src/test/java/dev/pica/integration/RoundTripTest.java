package dev.pica.integration;

import dev.pica.link.GoldenDvlbTest;
import dev.pica.link.testing.LinkHelper;
import dev.pica.link.testing.ProgramGenerator;
import dev.pica.link.testing.RetailSky;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.format.disasm.Disassembler;
import dev.pica.format.shbin.DvlbReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Assemble, link, disassemble, reassemble, relink: identical bytes, for the golden programs and
 * for thousands of seeded random programs per run.
 */
class RoundTripTest {
    static final int CASES = Integer.getInteger("pica.roundtrip.cases", 2000);
    static final long SEED = Long.getLong("pica.roundtrip.seed", 20261121L);

    /** Links name/source pairs; null if the program does not assemble (reported by the caller). */
    static byte[] build(List<String> namesAndSources) {
        return LinkHelper.link(true, namesAndSources.toArray(new String[0]));
    }

    /** Random programs may hold hazards (a jump out of a loop); they still must round-trip. */
    static byte[] buildUnverified(List<String> namesAndSources) {
        return LinkHelper.link(false, namesAndSources.toArray(new String[0]));
    }

    static List<String> disassembled(byte[] bin) throws Exception {
        Disassembler.Result r = Disassembler.split(DvlbReader.read(bin), "out");
        if (!r.diagnostics().list().isEmpty()) fail("disassembler warnings: " + r.diagnostics().list());
        List<String> out = new ArrayList<>();
        for (Disassembler.Source s : r.sources()) {
            out.add(s.fileName());
            out.add(s.text());
        }
        return out;
    }

    static void roundTrip(List<String> program) throws Exception {
        roundTrip(program, true);
    }

    static void roundTrip(List<String> program, boolean verify) throws Exception {
        byte[] first = verify ? build(program) : buildUnverified(program);
        List<String> again = disassembled(first);
        byte[] second;
        try {
            second = verify ? build(again) : buildUnverified(again);
        } catch (AssertionError e) {
            throw new AssertionError("reassembly failed\n--- original\n" + String.join("\n", program) + "\n--- disassembled\n" + String.join("\n", again), e);
        }
        assertArrayEquals(first, second, () -> "--- original\n" + String.join("\n", program) + "\n--- disassembled\n" + String.join("\n", again));
        // and once more: the disassembly of the rebuilt file is the same text
        assertEquals(again, disassembled(second));
    }

    @Test
    void goldenPrograms() throws Exception {
        roundTrip(List.of("sky.vsh", RetailSky.SOURCE));
        roundTrip(List.of("a.vsh", GoldenDvlbTest.A, "b.vsh", GoldenDvlbTest.B, "lib.vsh", GoldenDvlbTest.LIB));
        roundTrip(List.of("vs.vsh", GoldenDvlbTest.VS, "gs.gsh", GoldenDvlbTest.GS));
    }

    @Test
    void aRetAfterEndmainKeepsTheAppendedNopInItsSubroutine() throws Exception {
        // picasm appends its NOP at 'endmain:'; a ret after it makes that NOP the subroutine's last word (length 3, not 2)
        String head = "#pragma output_map(position, o0)\n#pragma bind_symbol(pos, v0)\nmain:\n    mov r0, v0\n    call sub\n    nop\n    mov o0, r0\n    end\n";
        roundTrip(List.of("m.vsh", head + "sub:\n    add r0, r0, r0\n    add r0, r0, r0\nendmain:\nret\nlast:\n"));
        // a label that main's code runs into, its ret after endmain, and a label after a zero-length one
        String plain = head.replace("    call sub\n    nop\n", "");
        roundTrip(List.of("m.vsh", plain + "tail:\n    add r0, r0, r0\nendmain:\nafter:\nret\n"));
        roundTrip(List.of("m.vsh", plain + "endmain:\nz:\nret\nw:\n"));
        List<String> text = disassembled(build(List.of("m.vsh", head + "sub:\n    add r0, r0, r0\n    add r0, r0, r0\nendmain:\nret\nlast:\n")));
        assertTrue(text.get(1).contains("endmain:\n    ret\nlast:"), text.get(1));
    }

    @Test
    void randomPrograms() throws Exception {
        long t0 = System.nanoTime();
        for (int k = 0; k < CASES; k++) {
            ProgramGenerator.Program p = new ProgramGenerator(SEED + k).next();
            try {
                roundTrip(p.namesAndSources(), false);
            } catch (AssertionError e) {
                throw new AssertionError("case " + k + " (seed " + (SEED + k) + ")", e);
            }
        }
        System.out.printf("round trip: %d random programs in %d ms%n", CASES, (System.nanoTime() - t0) / 1_000_000);
    }

    @Test
    void generatorCoversEveryMnemonic() {
        StringBuilder all = new StringBuilder();
        for (int k = 0; k < 300; k++) all.append(String.join("\n", new ProgramGenerator(SEED + k).next().namesAndSources()));
        String text = all.toString();
        for (String m : new String[] {"add ", "dp3 ", "dp4 ", "dph ", "dst ", "mul ", "sge ", "slt ", "max ", "min ", "mov ", "flr ", "rcp ",
            "rsq ", "exp ", "log ", "litp ", "mova ", "mad ", "madi ", "dphi ", "dsti ", "sgei ", "slti ", "cmp ", "nop", "end", "break\n",
            "breakc ", "call ", "callc ", "callb ", "ret", "ifb ", "ifc ", "else", "endif", "loop ", "endloop", "jpc ", "jpb ", "smf ", "vout",
            "setemit ", "emit", "m4x4 ", "m3x3 ", "nrm ", "pow ", "sub ", "sincos ", "def ", "defi ", "defb ", "bind_symbol", "output_map",
            "gs_data_mode", "gs_merge_output_maps", "c[aL+"}) {
            if (!text.contains(m)) fail("generator never produces '" + m.strip() + "'");
        }
    }
}
