package dev.pica.link.testing;

import dev.pica.link.Linker;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pica.asm.Assembler;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.shbin.DvlbWriter;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.DvojReader;
import dev.pica.format.shbin.DvojWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Assemble named sources, round-trip them through DVOJ bytes, link, and load with the libctru model. */
public final class LinkHelper {
    private LinkHelper() {}

    public static Dvoj object(String name, String source) {
        return object(name, source, Assembler.Options.defaults());
    }

    public static Dvoj object(String name, String source, Assembler.Options options) {
        Assembler.Result r = Assembler.assemble(SourceFile.ofString(name, source), options);
        if (!r.ok()) fail("assembly of " + name + " failed:\n" + print(r.diagnostics()));
        try {
            return DvojReader.read(DvojWriter.write(r.object())); // what picalink reads from disk
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** name1, source1, name2, source2 ... */
    public static List<Linker.Input> inputs(String... nameSource) {
        return inputs(Assembler.Options.defaults(), nameSource);
    }

    public static List<Linker.Input> inputs(Assembler.Options options, String... nameSource) {
        List<Linker.Input> in = new ArrayList<>();
        for (int k = 0; k < nameSource.length; k += 2) {
            String obj = nameSource[k].replaceAll("\\.[vg]sh$", ".o");
            in.add(new Linker.Input(obj, object(nameSource[k], nameSource[k + 1], options)));
        }
        return in;
    }

    /** Links and returns the bytes; every produced file also goes through the libctru model. */
    public static byte[] link(String... nameSource) {
        return link(true, nameSource);
    }

    /** Without the verifier: random programs that round-trip need not be hazard-free. */
    public static byte[] link(boolean verify, String... nameSource) {
        Diagnostics d = new Diagnostics();
        Linker.Result r = verify ? Linker.link(inputs(nameSource), false, d)
                : dev.pica.link.internal.Linking.linkUnverified(inputs(Assembler.Options.unverified(), nameSource), false, d);
        if (r == null) fail("link failed:\n" + print(d));
        byte[] bytes = DvlbWriter.write(r.dvlb());
        new LibctruModel(bytes); // throws when the loader would reject the file
        return bytes;
    }

    public static String print(Diagnostics d) {
        return d.list().stream().map(DiagnosticPrinter::format).collect(Collectors.joining());
    }

    public static byte[] hex(String spaced) {
        String s = spaced.replaceAll("(?m)//.*$", "").replaceAll("[^0-9a-fA-F]", "");
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    public static String dump(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < b.length; i++) {
            if (i % 16 == 0) sb.append(String.format("%n%04x:", i));
            sb.append(String.format(" %02x", b[i] & 0xFF));
        }
        return sb.toString();
    }
}
