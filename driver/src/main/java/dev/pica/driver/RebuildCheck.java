package dev.pica.driver;

import dev.pica.asm.Assembler;
import dev.pica.asm.picasso.PicassoAssembler;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.disasm.BinaryDump;
import dev.pica.format.disasm.Disassembler;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.DvojWriter;
import dev.pica.format.shbin.FormatException;
import dev.pica.link.Linker;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs, in memory, the commands picadis -o prints (picasm each source, picalink the objects in
 * order) and compares the result with the original file, so that picadis either promises a
 * byte-for-byte rebuild or names the first field that will differ.
 */
public final class RebuildCheck {
    private RebuildCheck() {}

    /** What a rebuild gives: null if the original exactly, else what differs; {@code fails} when the commands themselves fail. */
    public record Outcome(String difference, boolean fails) {}

    /**
     * @param object the original is a DVOJ object (one source, assembled only)
     * @return null if the sources rebuild the original exactly, else what differs, in words
     */
    public static String difference(byte[] original, List<Disassembler.Source> sources, boolean object) {
        return check(original, sources, object).difference();
    }

    /** As {@link #difference}, saying also whether the printed sources fail to assemble or link. */
    public static Outcome check(byte[] original, List<Disassembler.Source> sources, boolean object) {
        List<Linker.Input> objects = new ArrayList<>();
        for (Disassembler.Source s : sources) {
            Diagnostics d = new Diagnostics();
            SourceFile f = new SourceFile(s.fileName(), s.fileName(), null, s.text().getBytes(StandardCharsets.UTF_8));
            Assembler.Result r = Assembler.assemble(f, Assembler.Options.unverified(), d);
            if (!r.ok()) return new Outcome("the printed " + s.fileName() + " does not reassemble: " + firstError(d), true);
            objects.add(new Linker.Input(s.fileName(), r.object()));
        }
        byte[] rebuilt;
        if (object) {
            rebuilt = DvojWriter.write(objects.get(0).object());
        } else {
            Diagnostics d = new Diagnostics();
            Linker.Result r = dev.pica.link.internal.Linking.linkUnverified(objects, false, d);
            if (r == null) return new Outcome("the printed sources do not relink: " + firstError(d), true);
            rebuilt = r.bytes();
        }
        if (Arrays.equals(original, rebuilt)) return new Outcome(null, false);
        String where = firstDifferentField(original, rebuilt);
        try {
            if (!object && !DvlbReader.read(original).program().lines().isEmpty()) {
                return new Outcome("the file carries a -debug line table, whose source lines cannot be recovered; " + where, false);
            }
        } catch (FormatException e) {
            // unreachable: the original was read before it was disassembled
        }
        return new Outcome(where, false);
    }

    /**
     * The picasso-dialect promise: the sources, assembled in order by the drop-in (as picasso
     * would, with or without -n), give the original bytes. Null if they do, else what differs.
     */
    public static String picassoDifference(byte[] original, List<Disassembler.Source> sources, boolean noNop) {
        List<SourceFile> files = new ArrayList<>();
        for (Disassembler.Source s : sources) files.add(new SourceFile(s.fileName(), s.fileName(), null, s.text().getBytes(StandardCharsets.UTF_8)));
        Diagnostics d = new Diagnostics();
        PicassoAssembler.Result r = PicassoAssembler.assembleUnverified(files, new PicassoBuild.Options(!noNop), d);
        if (!r.ok()) return "the printed sources do not reassemble: " + firstError(d);
        return Arrays.equals(original, r.binary()) ? null : firstDifferentField(original, r.binary());
    }

    private static String firstError(Diagnostics d) {
        for (Diagnostic x : d.list()) if (x.severity() == Diagnostic.Severity.ERROR) return (x.pos() == null ? "" : x.pos() + ": ") + x.message();
        return "unknown error";
    }

    private record Leaf(String path, long offset, Object value) {}

    private static void flatten(BinaryDump.Node n, String path, List<Leaf> out) {
        String here = path.isEmpty() ? n.name() : path + " " + n.name();
        for (BinaryDump.Field f : n.fields()) out.add(new Leaf(here + " " + f.name(), f.offset(), f.value()));
        for (BinaryDump.Node c : n.children()) flatten(c, here, out);
    }

    /** The first dump field whose name or value differs, with the original's offset. */
    static String firstDifferentField(byte[] original, byte[] rebuilt) {
        List<Leaf> a = new ArrayList<>(), b = new ArrayList<>();
        try {
            flatten(BinaryDump.dump(original), "", a);
            flatten(BinaryDump.dump(rebuilt), "", b);
        } catch (FormatException e) {
            return "the rebuilt file differs (" + e.getMessage() + ")";
        }
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            Leaf x = i < a.size() ? a.get(i) : null, y = i < b.size() ? b.get(i) : null;
            if (x == null) return String.format("the rebuild adds %s = %s", y.path(), text(y.value()));
            if (y == null) return String.format("the rebuild loses %s = %s (offset 0x%X)", x.path(), text(x.value()), x.offset());
            if (!x.path().equals(y.path()) || !x.value().equals(y.value())) {
                return String.format("the rebuild will differ at offset 0x%X, %s: %s in the file, %s rebuilt", x.offset(), x.path(),
                        text(x.value()), y.path().equals(x.path()) ? text(y.value()) : y.path() + " = " + text(y.value()));
            }
        }
        for (int i = 0; i < Math.min(original.length, rebuilt.length); i++) {
            if (original[i] != rebuilt[i]) return String.format("the rebuild will differ at offset 0x%X (padding or unlisted bytes)", i);
        }
        return String.format("the rebuild will be %d bytes where the file has %d", rebuilt.length, original.length);
    }

    private static String text(Object v) {
        return v instanceof Long l ? String.format("0x%X", l) : "'" + v + "'";
    }
}
