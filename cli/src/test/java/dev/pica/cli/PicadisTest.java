package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** picadis on the examples: the printed commands rebuild every file byte for byte. */
class PicadisTest {
    @TempDir
    Path dir;

    private static Path examples() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("examples"))) p = p.getParent();
        return p.resolve("examples");
    }

    private record Out(int code, String out, String err) {}

    private Out run(CliTest.Tool t, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int c = t.run(new PrintStream(o, true), new PrintStream(e, true), args);
        return new Out(c, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    /** Runs the commands picadis printed (picasm/picalink lines) in-process. */
    private void rebuild(String commands) {
        for (String line : commands.split("\n")) {
            if (line.isBlank()) continue;
            String[] w = line.split(" ");
            String[] args = java.util.Arrays.copyOfRange(w, 1, w.length);
            Out r = w[0].equals("picasm") ? run(Picasm::run, args) : run(Picalink::run, args);
            assertEquals(0, r.code(), line + "\n" + r.err());
        }
    }

    @Test
    void examplesRebuildByteForByte() throws Exception {
        Path ex = examples();
        List<String[]> links = List.of(new String[] {"sky.vsh"}, new String[] {"lighting.vsh"},
                new String[] {"skinning.vsh", "transform_lib.vsh"}, new String[] {"billboard.vsh", "particle.gsh"},
                new String[] {"lighting.vsh", "skinning.vsh", "billboard.vsh", "particle.gsh", "transform_lib.vsh"});
        int n = 0;
        for (String[] link : links) {
            List<String> inputs = new ArrayList<>();
            for (String s : link) inputs.add(ex.resolve(s).toString());
            linkDisassembleRebuild("orig" + n++, inputs, String.join(" ", link));
        }
    }

    @Test
    void stdoutDumpAndJson() throws Exception {
        Path bin = dir.resolve("sky.shbin");
        assertEquals(0, run(Picalink::run, examples().resolve("sky.vsh").toString(), "-o", bin.toString()).code());
        Out src = run(Picadis::run, bin.toString());
        assertTrue(src.out().contains("#pragma bind_symbol(WORLDVIEWPROJ, c0, c3)"), src.out());
        assertTrue(src.out().contains("    mad r2, r2, r0.x, c4                    // 0x009: d2250480"), src.out());
        Out dump = run(Picadis::run, "--dump", bin.toString());
        assertTrue(dump.out().contains("0x0018  codeWords              0xd (13)"), dump.out());
        assertTrue(dump.out().contains("0x0068  [0]                    0x8d80036f used 0xf"), dump.out());
        Out json = run(Picadis::run, "--json", bin.toString());
        assertTrue(json.out().startsWith("{\n  \"name\": \"DVLB\""), json.out());
        assertTrue(json.out().contains("{\"offset\": 4, \"name\": \"dvleCount\", \"value\": 1}"), json.out());
        Path obj = dir.resolve("sky.o");
        assertEquals(0, run(Picasm::run, examples().resolve("sky.vsh").toString(), "-o", obj.toString()).code());
        assertTrue(run(Picadis::run, "--dump", obj.toString()).out().contains("DVOX @0x0058"));
        assertTrue(run(Picadis::run, obj.toString()).out().contains("mul o0, c19, r0"));
    }

    @Test
    void corruptFilesAreNamedWithTheirOffset() throws Exception {
        Path bin = dir.resolve("sky.shbin");
        run(Picalink::run, examples().resolve("sky.vsh").toString(), "-o", bin.toString());
        byte[] b = Files.readAllBytes(bin);
        for (int cut : new int[] {0, 3, 12, 0x40, 0xB0, 0xF0, 0x150}) {
            Path p = dir.resolve("cut" + cut);
            Files.write(p, java.util.Arrays.copyOf(b, cut));
            Out r = run(Picadis::run, p.toString());
            assertEquals(1, r.code(), "cut " + cut);
            assertTrue(r.err().startsWith(p + ": error: offset 0x"), r.err());
            assertTrue(!r.err().contains("Exception"), r.err());
        }
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        for (int k = 0; k < 500; k++) {
            byte[] bad = b.clone();
            for (int f = 0; f < 3; f++) bad[rnd.nextInt(bad.length)] = (byte) rnd.nextInt(256);
            Path p = dir.resolve("bad");
            Files.write(p, bad);
            Out r = run(Picadis::run, "--dump", p.toString());
            assertTrue(r.code() == 0 || r.err().contains("error: offset 0x"), r.err());
            assertTrue(!r.err().contains("internal error"), r.err());
            Out s = run(Picadis::run, p.toString());
            assertTrue(!s.err().contains("internal error"), s.err());
        }
    }

    /** Writes sources, links them, disassembles with -o, runs the printed commands; returns picadis's stdout. */
    private String roundTrip(String name, String... sources) throws Exception {
        List<String> inputs = new ArrayList<>();
        for (int k = 0; k < sources.length; k += 2) {
            Path p = dir.resolve(sources[k]);
            Files.writeString(p, sources[k + 1]);
            inputs.add(p.toString());
        }
        return linkDisassembleRebuild(name, inputs, name);
    }

    /** Links inputs to NAME.shbin, disassembles it with -o, runs the printed commands and compares the bytes. */
    private String linkDisassembleRebuild(String name, List<String> inputs, String what) throws Exception {
        Path bin = dir.resolve(name + ".shbin");
        List<String> args = new ArrayList<>(inputs);
        args.addAll(List.of("-o", bin.toString()));
        Out built = run(Picalink::run, args.toArray(new String[0]));
        assertEquals(0, built.code(), built.err());
        Path out = dir.resolve("dis-" + name);
        Out dis = run(Picadis::run, bin.toString(), "-o", out.toString());
        assertEquals(0, dis.code(), dis.err());
        assertEquals("", dis.err(), "no warnings for our own files");
        rebuild(dis.out());
        assertArrayEquals(Files.readAllBytes(bin), Files.readAllBytes(out.resolve(name + ".shbin")), what);
        return dis.out();
    }

    private static final String OUT0 = "#pragma output_map(position, o0)\n";

    /** Issue 10.1: `cmp m, m, r3, c0` (DMP samples) is stored swapped and mirrored and prints back unchanged. */
    @Test
    void cmpWithConstantSecondPrintsAFormThatReassembles() throws Exception {
        String src = OUT0 + "#define CONST_0 c5\ndef c5, 0, 1, 2, 3\nmain:\n    cmp 2, 3, r3, CONST_0\n    cmp 0, 5, -v0.yx, c5[a0.x]\n"
                + "    ifc 1, 0, 1\n        mov r0, v0\n    endif\n    mov o0, r0\n    end\nendmain:\n";
        roundTrip("cmpc", "cmpc.vsh", src);
        Out text = run(Picadis::run, dir.resolve("cmpc.shbin").toString());
        assertTrue(text.out().contains("    cmp 4, 5, c5, r3 "), text.out()); // LT->GT, LE->GE
        assertTrue(text.out().contains("    cmp 0, 3, c5[a0.x], -v0.yx "), text.out()); // EQ stays, GE->LE
    }

    /** Issue 10.2: a label at the end of the code (SDK-built retail files carry `ndmain`) stays in its main. */
    @Test
    void labelsPastTheLastInstructionStayInTheirMain() throws Exception {
        String main = OUT0 + "main:\n    call sub\n    mov o0, r0\n    end\nendmain:\n";
        String cmds = roundTrip("nd", "nd.vsh", main.replace("    call sub\n", "") + "ndmain:\n");
        assertEquals("picasm " + dir.resolve("dis-nd/nd.vsh") + " -o " + dir.resolve("dis-nd/nd.o") + "\npicalink "
                + dir.resolve("dis-nd/nd.o") + " -o " + dir.resolve("dis-nd/nd.shbin") + "\n", cmds);
        assertTrue(Files.readString(dir.resolve("dis-nd/nd.vsh")).endsWith("endmain:\nndmain:\n"));
        // a subroutine and a label after endmain:, alone and followed by a library and a second main
        String tail = main + "sub:\n    mov r0, v0\n    ret\nend_of_code:\n";
        roundTrip("tail", "tail.vsh", tail);
        String lib = "lib_sub:\n    mov r1, v0\n    ret\n";
        String caller = OUT0 + "main:\n    call lib_sub\n    mov o0, r1\n    end\nendmain:\nndmain:\n";
        String cmds2 = roundTrip("mix", "tail2.vsh", tail, "caller.vsh", caller, "lib.vsh", lib);
        assertEquals(3, cmds2.split("\n").length - 1, cmds2);
        assertTrue(Files.readString(dir.resolve("dis-mix/caller.vsh")).endsWith("endmain:\nndmain:\n"));
    }

    /** Issue 10.3: a call names the label that starts code at its target, not the end marker sharing the address. */
    @Test
    void callsNameTheLabelThatStartsTheCode() throws Exception {
        Path ex = examples();
        Path bin = dir.resolve("sk.shbin");
        assertEquals(0, run(Picalink::run, ex.resolve("skinning.vsh").toString(), ex.resolve("transform_lib.vsh").toString(), "-o", bin.toString()).code());
        Out sk = run(Picadis::run, bin.toString());
        assertTrue(sk.out().contains("    call skin_vertex "), sk.out());
        assertTrue(sk.out().contains("    call fog "), sk.out());
        assertEquals(bin + ": warning: the program was linked from 2 objects; use -o DIR to recover them for a byte-identical rebuild\n", sk.err());
        Path particles = dir.resolve("particles.shbin");
        assertEquals(0, run(Picalink::run, ex.resolve("billboard.vsh").toString(), ex.resolve("particle.gsh").toString(), "-o", particles.toString()).code());
        Out p = run(Picadis::run, particles.toString());
        assertEquals(0, p.code());
        assertEquals("", p.err(), "no warning on a file our linker wrote");
        assertTrue(p.out().contains("    call corner "), p.out());
    }

    /**
     * Issue 15.4: picadis -o rebuilds in memory and either stays silent (byte-identical) or names the
     * first field that will differ: a -debug link, a header field the dialect cannot express.
     */
    @Test
    void rebuildDifferencesAreNamed() throws Exception {
        Path sky = examples().resolve("sky.vsh");
        Path dbg = dir.resolve("dbg.shbin");
        assertEquals(0, run(Picalink::run, sky.toString(), "-debug", "-o", dbg.toString()).code());
        Out d = run(Picadis::run, dbg.toString(), "-o", dir.resolve("d1").toString());
        assertEquals(0, d.code());
        assertTrue(d.err().startsWith(dbg + ": warning: the file carries a -debug line table, whose source lines cannot be recovered; "
                + "the rebuild will differ at offset 0x"), d.err());
        Path plain = dir.resolve("plain.shbin");
        assertEquals(0, run(Picalink::run, sky.toString(), "-o", plain.toString()).code());
        byte[] b = Files.readAllBytes(plain);
        int dvle = b[8] & 0xFF | (b[9] & 0xFF) << 8;
        b[dvle + 4] = 0x05; // DVLE version 0x1005: the source has no way to say it
        Path odd = dir.resolve("odd.shbin");
        Files.write(odd, b);
        Out o = run(Picadis::run, odd.toString(), "-o", dir.resolve("d2").toString());
        assertEquals(0, o.code());
        assertEquals(odd + String.format(": warning: the rebuild will differ at offset 0x%X, DVLB DVLE 0 version: 0x1005 in the file, 0x1002 rebuilt\n", dvle + 4), o.err());
    }

    /** --cfg: the verifier's graph as DOT, one node per basic block, edges named by how control moves. */
    @Test
    void controlFlowGraphAsDot() throws Exception {
        String src = "#pragma output_map(position, o0)\n#pragma bind_symbol(pos, v0)\n#pragma bind_symbol(flag, b0)\ndefi i0, 2, 0, 1\n"
                + "main:\n    mov r0, v0\n    ifb b0\n        call sub\n        nop\n    else\n        add r0, r0, r0\n    endif\n"
                + "    loop i0\n        add r0, r0, r0\n    endloop\n    mov o0, r0\n    end\nendmain:\nsub:\n    mul r0, r0, r0\nret\n";
        Path s = Files.writeString(dir.resolve("cfg.vsh"), src);
        assertEquals(0, run(Picasm::run, s.toString(), "-o", dir.resolve("cfg.o").toString(), "-debug").code());
        assertEquals(0, run(Picalink::run, dir.resolve("cfg.o").toString(), "-o", dir.resolve("cfg.shbin").toString()).code());
        Out r = run(Picadis::run, "--cfg", dir.resolve("cfg.shbin").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("digraph \"cfg.shbin shader 0\" {\n"), r.out());
        assertTrue(r.out().contains("  b0 [label=\"000: mov r0, v0  (cfg.vsh:6)\\l001: ifb b0  (cfg.vsh:7)\\l\"];\n"), r.out());
        for (String edge : new String[] {"b0 -> b2;", "b0 -> b4 [label=\"else\"];", "b2 -> b10 [label=\"call\"];", "b10 -> b3 [label=\"ret\"];",
            "b3 -> b5 [label=\"endif\"];", "b6 -> b6 [label=\"loop back\"];", "b6 -> b7;"}) {
            assertTrue(r.out().contains("  " + edge + "\n"), edge + " in\n" + r.out());
        }
    }

    private static final String BASIC_VS = ".fvec proj[4]\n.in inpos v0\n.out outpos position\n.proc main\n"
            + "\tdp4 outpos.x, proj[0], inpos\n\tdp4 outpos.y, proj[1], inpos\n\tdp4 outpos.z, proj[2], inpos\n\tdp4 outpos.w, proj[3], inpos\n\tend\n.end\n";

    /**
     * Issue 25 bug 1 and issue 35 item 5: a file linked from .pica objects records their names,
     * which SDK text (in .vsh files, never in .pica ones) cannot reproduce: picadis -o refuses with
     * one error and writes nothing, for the binary and for the object, rather than printing
     * commands whose result differs; without -o it prints the code.
     */
    @Test
    void filesBuiltFromPicassoSourcesAreRefusedRatherThanRebuiltDifferently() throws Exception {
        Path src = dir.resolve("main.v.pica");
        Files.writeString(src, BASIC_VS);
        Path bin = dir.resolve("out.shbin"), obj = dir.resolve("main.o");
        assertEquals(0, run(Picasm::run, src.toString(), "-o", obj.toString()).code());
        assertEquals(0, run(Picalink::run, obj.toString(), "-o", bin.toString()).code());
        Path out = dir.resolve("dis");
        Out r = run(Picadis::run, "-o", out.toString(), bin.toString());
        assertEquals(1, r.code(), r.err());
        assertEquals("", r.out(), "no commands");
        assertEquals(bin + ": error: cannot write sources that rebuild this file: it records the names of the picasso-dialect sources it was built from"
                + " (main.v.pica), which SDK-dialect sources (.vsh, .gsh) cannot reproduce (the rebuild will differ at offset 0x30, DVLB DVLP stringSize:"
                + " 0xC in the file, 0x9 rebuilt); nothing was written (without -o, picadis prints the code; rebuild from the original .pica sources)\n", r.err());
        assertFalse(Files.exists(out), "nothing written");
        Out o = run(Picadis::run, "-o", out.toString(), obj.toString());
        assertEquals(1, o.code(), o.err());
        assertTrue(o.err().startsWith(obj + ": error: cannot write sources that rebuild this file: it records the names of the picasso-dialect sources"
                + " it was built from (main.v.pica)"), o.err());
        assertFalse(Files.exists(out), "nothing written");
        Out listing = run(Picadis::run, bin.toString());
        assertEquals(0, listing.code(), listing.err());
        assertTrue(listing.out().contains("dp4 o0.x, c0, v0"), listing.out());
    }

    /** Issue 25 bug 4: a binary picasso wrote comes back as picasso text that picasso rebuilds exactly, and says so. */
    @Test
    void picassosBinariesComeBackInPicassosDialect() throws Exception {
        Path src = dir.resolve("main.v.pica");
        Files.writeString(src, BASIC_VS);
        Path bin = dir.resolve("p.shbin");
        assertEquals(0, run(Picasso::run, "-o", bin.toString(), src.toString()).code());
        Path out = dir.resolve("dis");
        Out r = run(Picadis::run, "-o", out.toString(), bin.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(bin + ": note: the binary has picasso's layout: writing picasso-dialect sources that picasso rebuilds exactly (--dialect=sdk for SDK text)\n", r.err());
        assertEquals("picasso -o " + out.resolve("p.shbin") + " " + out.resolve("p.v.pica") + "\n", r.out());
        Path again = dir.resolve("again.shbin");
        assertEquals(0, run(Picasso::run, "-o", again.toString(), out.resolve("p.v.pica").toString()).code());
        assertArrayEquals(Files.readAllBytes(bin), Files.readAllBytes(again));
    }
}
