package dev.pica.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.cli.ToolProcess.Run;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tools as separate processes, the way make and a shell run them: modes under a umask,
 * symlinks, FIFOs and devices written through, standard input and output, outputs that would
 * replace inputs, all-or-nothing outputs, depfiles, and errors worded for people.
 */
class FileSafetyTest {
    @TempDir
    Path dir;

    private static final String MAIN = "#include \"inc/regs.h\"\n#pragma output_map(position, o0)\n#pragma bind_symbol(pos, v0)\nmain:\n    mov OUT, v0\n    end\nendmain:\n";

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    private void sources() throws IOException {
        write("inc/regs.h", "#define OUT o0\n");
        write("a.vsh", MAIN);
        write("lib.vsh", "sub:\n    mov r0, v0\n    ret\n");
        write("b.vsh", "#pragma output_map(position, o0)\nmain:\n    call sub\n    mov o0, r0\n    end\nendmain:\n");
    }

    /** Runs a tool in its own JVM under {@code umask}, in {@link #dir}, with {@code stdin} as input. */
    private Run toolUnder(String umask, byte[] stdin, String main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", "umask " + umask + "; exec \"$0\" \"$@\""));
        cmd.addAll(ToolProcess.command(main, args));
        return ToolProcess.run(dir, stdin, cmd);
    }

    private Run tool(String main, String... args) throws Exception {
        return toolUnder("022", null, main, args);
    }

    private String mode(String name) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(name)));
    }

    private void assertNoTempFiles() throws IOException {
        try (var s = Files.walk(dir)) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temp files left");
        }
    }

    @Test
    void newOutputsGetMode0666MinusTheUmask() throws Exception {
        sources();
        assertEquals(0, toolUnder("022", null, "Picasm", "a.vsh", "-o", "a.o", "-MD").code());
        assertEquals("rw-r--r--", mode("a.o"));
        assertEquals("rw-r--r--", mode("a.d"));
        Run r = toolUnder("027", null, "Picalink", "a.o", "-o", "a.shbin", "-M", "--header", "a.h");
        assertEquals(0, r.code(), r.err());
        for (String f : List.of("a.shbin", "a.map", "a.h")) assertEquals("rw-r-----", mode(f), f);
        assertEquals(0, toolUnder("077", null, "Picadis", "a.shbin", "-o", "dis").code());
        assertEquals("rw-------", mode("dis/a.vsh"));
        assertEquals(0, toolUnder("002", null, "Picasm", "b.vsh", "-o", "b.o").code());
        assertEquals("rw-rw-r--", mode("b.o"));
    }

    @Test
    void aRebuiltOutputKeepsItsMode() throws Exception {
        sources();
        assertEquals(0, tool("Picasm", "a.vsh", "-o", "a.o").code());
        Files.setPosixFilePermissions(dir.resolve("a.o"), PosixFilePermissions.fromString("rwxr-x---"));
        assertEquals(0, toolUnder("077", null, "Picasm", "a.vsh", "-o", "a.o").code());
        assertEquals("rwxr-x---", mode("a.o"));
        Files.setPosixFilePermissions(dir.resolve("a.o"), PosixFilePermissions.fromString("rw-rw-rw-"));
        assertEquals(0, toolUnder("077", null, "Picasm", "a.vsh", "-o", "a.o").code());
        assertEquals("rw-rw-rw-", mode("a.o"));
    }

    @Test
    void aSymlinkOutputIsWrittenThroughAndStaysALink() throws Exception {
        sources();
        Files.createDirectories(dir.resolve("real"));
        Files.createSymbolicLink(dir.resolve("link.o"), Path.of("real/target.o"));
        Run r = tool("Picasm", "a.vsh", "-o", "link.o");
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.isSymbolicLink(dir.resolve("link.o")));
        assertEquals(Path.of("real/target.o"), Files.readSymbolicLink(dir.resolve("link.o")));
        assertTrue(Files.isRegularFile(dir.resolve("real/target.o"), LinkOption.NOFOLLOW_LINKS));
        byte[] first = Files.readAllBytes(dir.resolve("real/target.o"));
        // a chain of links, rebuilt: still links, new bytes in the final file
        Files.createSymbolicLink(dir.resolve("link2.o"), Path.of("link.o"));
        assertEquals(0, tool("Picasm", "b.vsh", "-o", "link2.o").code());
        assertTrue(Files.isSymbolicLink(dir.resolve("link2.o")) && Files.isSymbolicLink(dir.resolve("link.o")));
        assertFalse(java.util.Arrays.equals(first, Files.readAllBytes(dir.resolve("real/target.o"))));
    }

    @Test
    void aFifoAndADeviceAreWrittenInPlace() throws Exception {
        sources();
        assertEquals(0, tool("Picasm", "a.vsh", "-o", "a.o").code());
        byte[] expected = Files.readAllBytes(dir.resolve("a.o"));
        Process mk = new ProcessBuilder("mkfifo", dir.resolve("fifo.o").toString()).start();
        assertEquals(0, mk.waitFor());
        CompletableFuture<byte[]> reader = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(dir.resolve("fifo.o"))) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        Run r = tool("Picasm", "a.vsh", "-o", "fifo.o");
        assertEquals(0, r.code(), r.err());
        assertArrayEquals(expected, reader.get(30, TimeUnit.SECONDS));
        assertTrue(Files.exists(dir.resolve("fifo.o")) && !Files.isRegularFile(dir.resolve("fifo.o")), "still a FIFO");
        Run n = tool("Picalink", "a.o", "-o", "/dev/null", "-M");
        assertEquals(0, n.code(), n.err());
        assertFalse(Files.isRegularFile(Path.of("/dev/null")), "/dev/null is still a device");
    }

    /** /dev/stdout leads through /proc/self/fd/1 to a pipe that has no path: written through, as cc does. */
    @Test
    void devStdoutIsWrittenThroughToThePipe() throws Exception {
        sources();
        assertEquals(0, tool("Picasm", "a.vsh", "-o", "a.o").code());
        Run r = tool("Picasm", "a.vsh", "-o", "/dev/stdout");
        assertEquals(0, r.code(), r.err());
        assertArrayEquals(Files.readAllBytes(dir.resolve("a.o")), r.out());
        assertNoTempFiles();
    }

    @Test
    void dashIsStandardInputAndOutput() throws Exception {
        sources();
        assertEquals(0, tool("Picasm", "a.vsh", "-o", "a.o").code());
        Run toStdout = tool("Picasm", "a.vsh", "-o", "-");
        assertEquals(0, toStdout.code());
        assertArrayEquals(Files.readAllBytes(dir.resolve("a.o")), toStdout.out());
        assertEquals(0, tool("Picalink", "a.o", "-o", "a.shbin").code());
        Run link = toolUnder("022", Files.readAllBytes(dir.resolve("a.o")), "Picalink", "-", "-o", "-");
        assertEquals(0, link.code(), link.err());
        assertArrayEquals(Files.readAllBytes(dir.resolve("a.shbin")), link.out());
        // a source on standard input includes relative to the current directory
        Run src = toolUnder("022", MAIN.getBytes(StandardCharsets.UTF_8), "Picasm", "-", "-o", "stdin.o");
        assertEquals(0, src.code(), src.err());
        Run dis = toolUnder("022", Files.readAllBytes(dir.resolve("a.shbin")), "Picadis", "-");
        assertEquals(0, dis.code(), dis.err());
        assertTrue(dis.outText().contains("mov o0, v0"), dis.outText());
        Run noOut = toolUnder("022", MAIN.getBytes(StandardCharsets.UTF_8), "Picasm", "-");
        assertEquals(2, noOut.code());
        assertEquals("picasm: error: reading standard input needs -o FILE (or -o - for standard output)\n", noOut.err());
    }

    @Test
    void noOutputMayReplaceAnInput() throws Exception {
        sources();
        assertEquals(0, tool("Picasm", "lib.vsh", "-o", "lib.o").code());
        assertEquals(0, tool("Picasm", "b.vsh", "-o", "b.o").code());
        byte[] lib = Files.readAllBytes(dir.resolve("lib.vsh"));
        // the reported bug: -M used to take the next input as its file name and overwrite it
        Run m = tool("Picalink", "-M", "lib.vsh", "b.o", "lib.o", "-o", "out.shbin");
        assertArrayEquals(lib, Files.readAllBytes(dir.resolve("lib.vsh")));
        assertEquals(1, m.code(), "lib.vsh is an input now, defining sub twice");
        assertTrue(m.err().contains("label 'sub' is defined in several objects"), m.err());

        Run same = tool("Picasm", "a.vsh", "-o", "a.vsh");
        assertEquals(1, same.code());
        assertEquals("picasm: error: output 'a.vsh' is the input 'a.vsh'; refusing to overwrite it\n", same.err());
        assertEquals(MAIN, Files.readString(dir.resolve("a.vsh")));
        // hard link and symlink to the source, an included header, an output named twice
        Files.createLink(dir.resolve("hard.vsh"), dir.resolve("a.vsh"));
        Files.createSymbolicLink(dir.resolve("soft.o"), Path.of("a.vsh"));
        assertTrue(tool("Picasm", "a.vsh", "-o", "hard.vsh").err().contains("is the input 'a.vsh'"));
        assertTrue(tool("Picasm", "a.vsh", "-o", "soft.o").err().contains("is the input 'a.vsh'"));
        Run header = tool("Picasm", "a.vsh", "-o", "inc/regs.h");
        assertEquals(1, header.code());
        assertTrue(header.err().contains("output 'inc/regs.h' is the input"), header.err());
        assertEquals("#define OUT o0\n", Files.readString(dir.resolve("inc/regs.h")));
        Run map = tool("Picalink", "b.o", "lib.o", "-o", "out.shbin", "--map=lib.o");
        assertEquals(1, map.code());
        assertTrue(map.err().contains("output 'lib.o' is the input 'lib.o'"), map.err());
        Run twice = tool("Picalink", "b.o", "lib.o", "-o", "out.shbin", "--header", "out.shbin");
        assertEquals(1, twice.code());
        assertTrue(twice.err().contains("'out.shbin' is named as two outputs"), twice.err());
        Run dep = tool("Picasm", "a.vsh", "-o", "a.o", "-MD", "-MF", "a.vsh");
        assertEquals(1, dep.code());
        assertEquals(MAIN, Files.readString(dir.resolve("a.vsh")));
        assertFalse(Files.exists(dir.resolve("a.o")), "nothing written when one output is refused");
    }

    @Test
    void outputsAreAllOrNothing() throws Exception {
        sources();
        assertEquals(0, tool("Picasm", "a.vsh", "-o", "a.o").code());
        write("out.shbin", "old binary");
        write("out.map", "old map");
        Run r = tool("Picalink", "a.o", "-o", "out.shbin", "-M", "--header", "missing/dir/out.h");
        assertEquals(1, r.code());
        assertEquals("picalink: error: cannot write 'missing/dir/out.h': no such directory '" + dir.resolve("missing/dir") + "'\n", r.err());
        assertEquals("old binary", Files.readString(dir.resolve("out.shbin")));
        assertEquals("old map", Files.readString(dir.resolve("out.map")));
        Files.createDirectories(dir.resolve("adir.d"));
        Run d = tool("Picasm", "a.vsh", "-o", "new.o", "-MD", "-MF", "adir.d");
        assertEquals(1, d.code());
        assertEquals("picasm: error: cannot write 'adir.d': is a directory\n", d.err());
        assertFalse(Files.exists(dir.resolve("new.o")));
        assertNoTempFiles();
        // a device written in place after the files are renamed: its failure takes back the new files
        if (Files.isWritable(Path.of("/dev/full"))) {
            Run full = tool("Picalink", "a.o", "-o", "fresh.shbin", "--map", "/dev/full");
            assertEquals(1, full.code(), full.err());
            assertTrue(full.err().contains("cannot write '/dev/full'"), full.err());
            assertFalse(Files.exists(dir.resolve("fresh.shbin")), "the new binary of a failed run");
            // through a dangling link: the file it would have created is taken back, the link stays
            Files.createSymbolicLink(dir.resolve("dangling.shbin"), Path.of("made.shbin"));
            assertEquals(1, tool("Picalink", "a.o", "-o", "dangling.shbin", "--map", "/dev/full").code());
            assertFalse(Files.exists(dir.resolve("made.shbin")), "the file a failed run made through a link");
            assertTrue(Files.isSymbolicLink(dir.resolve("dangling.shbin")));
            assertNoTempFiles();
        }
    }

    @Test
    void picadisRefusesToOverwriteSourcesUnlessForced() throws Exception {
        sources();
        assertEquals(0, tool("Picalink", "b.vsh", "lib.vsh", "-o", "x.shbin").code());
        Files.createDirectories(dir.resolve("src"));
        write("src/b.vsh", "// my hand-written shader\n");
        Run r = tool("Picadis", "x.shbin", "-o", "src");
        assertEquals(1, r.code());
        assertEquals("picadis: error: these files already exist; nothing was written (--force replaces them):\n  src/b.vsh\n", r.err());
        assertEquals("// my hand-written shader\n", Files.readString(dir.resolve("src/b.vsh")));
        assertFalse(Files.exists(dir.resolve("src/lib.vsh")), "all or nothing");
        Run f = tool("Picadis", "x.shbin", "-o", "src", "--force");
        assertEquals(0, f.code(), f.err());
        assertTrue(Files.readString(dir.resolve("src/b.vsh")).contains("call sub"));
    }

    @Test
    void depfilesListEveryFileThePreprocessorOpened() throws Exception {
        sources();
        write("sp ace/$x.vsh", "#include \"../inc/regs.h\"\n" + MAIN.substring(MAIN.indexOf('\n') + 1));
        assertEquals(0, tool("Picasm", "a.vsh", "-o", "obj/a.o", "-MD").code() == 0 ? 1 : 0, "no obj/ directory: cc fails too");
        Files.createDirectories(dir.resolve("obj"));
        assertEquals(0, tool("Picasm", "a.vsh", "-o", "obj/a.o", "-MD").code());
        assertEquals("obj/a.o: a.vsh inc/regs.h\n", Files.readString(dir.resolve("obj/a.d")));
        assertEquals(0, tool("Picasm", "a.vsh", "-o", "obj/a.o", "-MMD", "-MP", "-MF", "deps/../a.dep".replace("deps/../", "")).code());
        assertEquals("obj/a.o: a.vsh inc/regs.h\n\ninc/regs.h:\n", Files.readString(dir.resolve("a.dep")));
        assertEquals(0, tool("Picasm", "a.vsh", "-o", "a.o", "-MD", "-MT", "$(OBJ)/a.o", "-MQ", "x $y.o").code());
        assertEquals("$(OBJ)/a.o x\\ $$y.o: a.vsh inc/regs.h\n", Files.readString(dir.resolve("a.d")));
        Run sp = tool("Picasm", "sp ace/$x.vsh", "-o", "sp.o", "-MD", "-I", "inc");
        assertEquals(0, sp.code(), sp.err());
        assertEquals("sp.o: sp\\ ace/$$x.vsh sp\\ ace/../inc/regs.h\n", Files.readString(dir.resolve("sp.d")));
        // picalink: its inputs, then the headers of the sources it assembled in memory
        assertEquals(0, tool("Picasm", "lib.vsh", "-o", "lib.o").code());
        Run l = tool("Picalink", "a.vsh", "b.vsh", "lib.o", "-o", "ab.shbin", "-MD", "-MP");
        assertEquals(0, l.code(), l.err());
        assertEquals("ab.shbin: a.vsh b.vsh lib.o inc/regs.h\n\ninc/regs.h:\n", Files.readString(dir.resolve("ab.d")));
        Run misuse = tool("Picasm", "a.vsh", "-MF", "x.d");
        assertEquals(2, misuse.code());
        assertEquals("picasm: error: -MF, -MT, -MQ and -MP need -MD or -MMD\n", misuse.err());
    }

    @Test
    void errorsSayWhatIsWrongInWords() throws Exception {
        sources();
        assertEquals("nope.vsh: error: cannot read: no such file or directory\n", tool("Picasm", "nope.vsh", "-o", "x.o").err());
        assertEquals("inc: error: cannot read: is a directory\n", tool("Picasm", "inc", "-o", "x.o").err());
        assertEquals("nope.o: error: cannot read: no such file or directory\n", tool("Picalink", "nope.o").err());
        assertEquals(0, tool("Picalink", "a.vsh", "-o", "a.shbin").code());
        Run bin = tool("Picasm", "a.shbin", "-o", "x.o");
        assertEquals(1, bin.code());
        assertEquals("a.shbin: error: this is a linked shader binary (DVLB), not a source; picadis disassembles it\n", bin.err());
        Files.write(dir.resolve("utf16.vsh"), "main:\n".getBytes(StandardCharsets.UTF_16LE));
        assertEquals("utf16.vsh: error: this is not a text file (NUL byte at offset 0x1); sources are ASCII, UTF-8 or Shift-JIS text\n",
                tool("Picasm", "utf16.vsh", "-o", "x.o").err());
        assertEquals("a.shbin: error: this is a linked shader binary (DVLB), not an object; link the objects or sources it was built from\n",
                tool("Picalink", "a.shbin", "-o", "y.shbin").err());
        // picasso's -h FILE: picalink writes the header; the others refuse instead of printing help
        Run h = tool("Picalink", "a.vsh", "-h", "a.h", "-o", "a2.shbin");
        assertEquals(0, h.code(), h.err());
        assertTrue(Files.readString(dir.resolve("a.h")).contains("#define"), "header written");
        Run ph = tool("Picasm", "-h", "x.h", "a.vsh");
        assertEquals(2, ph.code());
        assertEquals("picasm: error: -h is not an option of picasm; use --help for help (C headers: picalink --header FILE, or -h FILE)\n", ph.err());
        assertEquals(0, ph.out().length);
        Run help = tool("Picalink", "--help");
        assertEquals(0, help.code());
        assertTrue(help.outText().contains("--map=FILE") && help.outText().contains("-MD"), help.outText());
        assertFalse(Files.exists(dir.resolve("x.o")));
    }
}
