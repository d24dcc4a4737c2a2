package dev.pica.format.disasm;

import dev.pica.format.isa.Instruction;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.Dvlp;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.Fixups;
import dev.pica.format.shbin.GsMode;
import dev.pica.format.shbin.Label;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Outcome;
import dev.pica.format.diag.Problem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns DVLB and DVOJ files back into SDK-dialect sources that picasm and picalink rebuild
 * into the same bytes (docs/disassembler.md explains how objects are recovered).
 */
public final class Disassembler {
    private Disassembler() {}

    /** One source file to write. */
    public record Source(String fileName, String text, boolean isMain) {}

    /** The sources in link order, and warnings (Problem.REBUILD, no position: they are about the input) of what they cannot say exactly. */
    public record Result(List<Source> sources, Diagnostics diagnostics) implements Outcome<List<Source>> {
        @Override
        public List<Source> value() {
            return sources;
        }

        private static Result of(List<Source> sources, List<String> warnings) {
            Diagnostics d = new Diagnostics();
            for (String w : warnings) d.warning(Problem.REBUILD, null, w);
            return new Result(List.copyOf(sources), d);
        }
    }

    /** An instruction's own descriptor: its table entry restricted to the fields its opcode uses. */
    static SourcePrinter.Descriptors tableLookup(List<OperandDescriptor> table) {
        return (a, w) -> {
            Opcode op = Opcode.ofWord(w);
            int idx = InstructionCodec.descIndex(w);
            if (idx < 0 || idx >= table.size()) return -1;
            return table.get(idx).value() & OperandDescriptors.careMask(op.usedInfo()) & 0x7FFFFFFF;
        };
    }

    private static Map<Integer, String> labelNames(List<Label> labels) {
        Map<Integer, String> m = new HashMap<>();
        for (Label l : labels) m.putIfAbsent(l.address(), l.name());
        return m;
    }

    /** A DVOJ object as one source. */
    /** One word in source syntax, its DESC field read from the given descriptor table. */
    public static String instructionText(int address, int word, int[] descriptorTable) {
        return SourcePrinter.text(address, word, descriptorTable);
    }

    public static Result ofObject(Dvoj o) {
        Map<Integer, String> imports = new HashMap<>();
        for (Dvoj.Relocation r : o.relocations()) imports.put(r.index(), o.imports().get(r.importIndex()));
        Map<Integer, Integer> own = new HashMap<>();
        for (Dvoj.OperandRecord r : o.operandRecords()) own.put(r.index(), r.descriptor());
        int main = o.mainLabel() >= 0 ? o.labels().get(o.mainLabel()).address() : 0;
        int end = o.endmainLabel() >= 0 ? o.labels().get(o.endmainLabel()).address() : o.codeSize();
        SourcePrinter p = new SourcePrinter(new SourcePrinter.Unit("object assembled from " + o.sourceName(), o.code(), 0, o.codeSize(),
                (a, w) -> own.getOrDefault(a, -1), o.labels(), imports, o.isMain(), main, end, o.shaderType(), o.flags(), o.gsMode(),
                o.constants(), o.outputMaps(), o.uniforms(), labelNames(o.labels())));
        String text = p.print();
        return Result.of(List.of(new Source(sdkName(o.sourceName(), o.shaderType() == 1), text, o.isMain())), p.warnings);
    }

    /** One DVLE with all of the code it sees, as a single source (stdout mode). */
    public static Result ofShader(Dvlb f, int k, String title) {
        Dvle e = f.shaders().get(k);
        Dvlp p = f.program();
        // The listing covers the whole code, so other DVLEs' subroutines appear in it: name them
        // (their main/endmain would clash with this DVLE's own).
        List<Label> labels = new ArrayList<>(e.labels());
        Set<String> names = new java.util.HashSet<>();
        for (Label l : e.labels()) names.add(l.name());
        for (Dvle other : f.shaders()) {
            for (Label l : other.labels()) {
                if (l.name().equals("main") || l.name().equals("endmain") || !names.add(l.name())) continue;
                labels.add(l);
            }
        }
        SourcePrinter sp = new SourcePrinter(new SourcePrinter.Unit(title, p.code(), 0, p.codeSize(), tableLookup(p.descriptors()),
                labels, Map.of(), true, e.mainAddr(), e.endAddr(), e.shaderType(), e.flags(), e.gsMode(), e.constants(),
                e.outputMaps(), e.uniforms(), labelNames(labels)));
        String text = sp.print();
        List<String> warnings = new ArrayList<>(sp.warnings);
        if (f.shaders().size() == 1 && p.files().size() > 1) {
            warnings.add("the program was linked from " + p.files().size() + " objects; use -o DIR to recover them for a byte-identical rebuild");
        }
        return Result.of(List.of(new Source(p.files().isEmpty() ? "shader.vsh" : p.files().get(0), text, true)), warnings);
    }

    /** A DVLB as picasso-dialect sources, one per DVLE in order, for picasso or bin/picasso (docs/picasso-compat.md). */
    public static Result picasso(Dvlb f, String stem) {
        PicassoPrinter p = new PicassoPrinter(f);
        List<Source> sources = p.print(stem);
        return Result.of(sources, p.warnings);
    }

    /** Recovers the linked objects: one main source per DVLE, then the library sources, in link order. */
    public static Result split(Dvlb f, String stem) {
        Dvlp p = f.program();
        int m = f.shaders().size();
        List<String> warnings = new ArrayList<>();
        List<List<Label>> mainLabels = new ArrayList<>();
        List<List<Label>> libLabelLists = new ArrayList<>();
        mainLabels(f, mainLabels, libLabelLists);
        List<List<Label>> libs = new ArrayList<>();
        List<Set<Integer>> runOwners = new ArrayList<>();
        libraryRuns(m, libLabelLists, libs, runOwners);
        returnTrailingRuns(p, m, mainLabels, libs, runOwners);
        int[] start = mainStarts(f, mainLabels, libs, p.codeSize());
        splitRuns(libs, p.files().size() - m, p.code());
        return print(f, stem, start, mainLabels, libs, warnings);
    }

    /** Main k's labels: those up to and including 'endmain' in its table, and what lies before the next main; the rest are library labels. */
    private static void mainLabels(Dvlb f, List<List<Label>> mainLabels, List<List<Label>> libLabelLists) {
        int m = f.shaders().size();
        for (int k = 0; k < m; k++) {
            List<Label> t = f.shaders().get(k).labels();
            int cut = 0;
            for (int i = 0; i < t.size(); i++) if (t.get(i).name().equals("endmain")) cut = i + 1;
            if (cut == 0) cut = t.size();
            // Labels after endmain that lie before the next main's code are still this main's
            // (a source may end with labels or subroutines after endmain:); libraries come after all mains.
            if (k + 1 < m) {
                int next = firstAddress(f.shaders().get(k + 1));
                while (cut < t.size() && t.get(cut).address() <= next) cut++;
            } else {
                // A label length runs to the first ret in its own source's text: a label after
                // endmain that lies before the ret some main label's length reaches is main's too.
                int reach = f.shaders().get(k).endAddr();
                for (int i = 0; i < cut; i++) reach = Math.max(reach, end(t.get(i)));
                while (cut < t.size() && t.get(cut).address() < reach) reach = Math.max(reach, end(t.get(cut++)));
            }
            mainLabels.add(new ArrayList<>(t.subList(0, cut)));
            libLabelLists.add(t.subList(cut, t.size()));
        }
    }

    /** Library labels in address order, in runs listed by the same set of DVLEs (one object's text each). */
    private static void libraryRuns(int m, List<List<Label>> libLabelLists, List<List<Label>> libs, List<Set<Integer>> runOwners) {
        LinkedHashMap<String, Set<Integer>> membership = new LinkedHashMap<>();
        Map<String, Label> byKey = new LinkedHashMap<>();
        for (int k = 0; k < m; k++) {
            for (Label l : libLabelLists.get(k)) {
                String key = l.name() + "@" + l.address();
                membership.computeIfAbsent(key, x -> new TreeSet<>()).add(k);
                byKey.putIfAbsent(key, l);
            }
        }
        List<String> keys = new ArrayList<>(byKey.keySet());
        keys.sort((x, y) -> Integer.compare(byKey.get(x).address(), byKey.get(y).address()));
        Set<Integer> prev = null;
        for (String key : keys) {
            // In one object's text a label with no ret after it is followed only by such labels:
            // a label with a length after one without starts another object.
            List<Label> cur = libs.isEmpty() ? null : libs.get(libs.size() - 1);
            boolean boundary = cur != null && cur.get(cur.size() - 1).length() == Label.NO_RET && byKey.get(key).length() != Label.NO_RET;
            if (!membership.get(key).equals(prev) || boundary) {
                libs.add(new ArrayList<>());
                runOwners.add(membership.get(key));
            }
            libs.get(libs.size() - 1).add(byKey.get(key));
            prev = membership.get(key);
        }
    }

    /**
     * Fewer library objects in the DVLP string table than runs: the first runs that only the
     * last DVLE lists are its main object's trailing labels (an SDK-built file may carry a
     * label at the end of the code), so they go back to that main.
     */
    private static void returnTrailingRuns(Dvlp p, int m, List<List<Label>> mainLabels, List<List<Label>> libs, List<Set<Integer>> runOwners) {
        int libObjects = p.files().size() - m;
        if (p.files().size() >= m) {
            int othersFrom = Integer.MAX_VALUE; // where code that other DVLEs reach begins
            for (int r = 0; r < libs.size(); r++) {
                if (!runOwners.get(r).equals(Set.of(m - 1))) othersFrom = Math.min(othersFrom, libs.get(r).get(0).address());
            }
            for (int r = 0; r < libs.size() && libs.size() > libObjects; ) {
                List<Label> run = libs.get(r);
                if (runOwners.get(r).equals(Set.of(m - 1)) && run.get(run.size() - 1).address() <= othersFrom) {
                    mainLabels.get(m - 1).addAll(libs.remove(r));
                    runOwners.remove(r);
                } else {
                    r++;
                }
            }
            for (int r = 1; r < libs.size(); ) { // the moved run may have separated two parts of one library
                List<Label> a = libs.get(r - 1);
                boolean boundary = a.get(a.size() - 1).length() == Label.NO_RET && libs.get(r).get(0).length() != Label.NO_RET;
                if (runOwners.get(r).equals(runOwners.get(r - 1)) && !boundary) {
                    libs.get(r - 1).addAll(libs.remove(r));
                    runOwners.remove(r);
                } else {
                    r++;
                }
            }
        }
    }

    /** Where each main's code starts, and at [m] where the libraries' code starts. */
    private static int[] mainStarts(Dvlb f, List<List<Label>> mainLabels, List<List<Label>> libs, int n) {
        int m = f.shaders().size();
        int[] start = new int[m + 1];
        // The last main reaches past its labels as far as their lengths say (subroutines after endmain:).
        int libStart = f.shaders().get(m - 1).endAddr();
        for (Label l : mainLabels.get(m - 1)) libStart = Math.max(libStart, end(l));
        if (libs.isEmpty()) libStart = n;
        else libStart = Math.min(Math.max(libStart, f.shaders().get(m - 1).endAddr()), libs.get(0).get(0).address());
        start[0] = 0;
        for (int k = 1; k < m; k++) {
            int s = firstAddress(f.shaders().get(k));
            int prevEnd = f.shaders().get(k - 1).endAddr();
            for (Label l : mainLabels.get(k - 1)) prevEnd = Math.max(prevEnd, l.address());
            start[k] = Math.max(s, prevEnd);
        }
        start[m] = libStart;
        return start;
    }

    /** More objects in the DVLP string table than runs: split runs where no subroutine spans. */
    private static void splitRuns(List<List<Label>> libs, int wanted, int[] code) {
        for (int r = 0; r < libs.size() && libs.size() < wanted; r++) {
            List<Label> run = libs.get(r);
            for (int i = 1; i < run.size(); i++) {
                if (canSplit(run, i, code)) {
                    libs.add(r + 1, new ArrayList<>(run.subList(i, run.size())));
                    libs.set(r, new ArrayList<>(run.subList(0, i)));
                    break;
                }
            }
        }
    }

    /** One source per main object, then one per library object. */
    private static Result print(Dvlb f, String stem, int[] start, List<List<Label>> mainLabels, List<List<Label>> libs, List<String> warnings) {
        Dvlp p = f.program();
        int m = f.shaders().size(), n = p.codeSize(), libStart = start[m];
        int[] code = p.code();
        List<Source> out = new ArrayList<>();
        List<String> names = sourceNames(p.files(), m, libs.size(), stem, f);
        for (int k = 0; k < m; k++) {
            Dvle e = f.shaders().get(k);
            int to = k + 1 < m ? start[k + 1] : libStart;
            SourcePrinter sp = new SourcePrinter(new SourcePrinter.Unit("shader " + k + " (" + (e.shaderType() == 1 ? "geometry" : "vertex") + ")",
                    code, start[k], to, tableLookup(p.descriptors()), mainLabels.get(k), importsOf(code, start[k], to, libs, warnings),
                    true, e.mainAddr(), e.endAddr(), e.shaderType(), e.flags(), e.gsMode(), e.constants(), e.outputMaps(),
                    e.uniforms(), labelNames(f.shaders().get(k).labels())));
            out.add(new Source(names.get(k), sp.print(), true));
            warnings.addAll(sp.warnings);
        }
        for (int j = 0; j < libs.size(); j++) {
            int from = j == 0 ? libStart : libs.get(j).get(0).address();
            int to = j + 1 < libs.size() ? libs.get(j + 1).get(0).address() : n;
            SourcePrinter sp = new SourcePrinter(new SourcePrinter.Unit("library object " + j, code, from, to, tableLookup(p.descriptors()),
                    libs.get(j), importsOf(code, from, to, libs, warnings), false, 0, 0, 0, 0, GsMode.NONE, List.of(), List.of(), List.of(),
                    labelNames(libs.get(j))));
            out.add(new Source(names.get(m + j), sp.print(), false));
            warnings.addAll(sp.warnings);
        }
        return Result.of(out, warnings);
    }

    /** Where a label's subroutine ends (its address if no ret follows it). */
    private static int end(Label l) {
        return l.length() == Label.NO_RET ? l.address() : l.address() + l.length();
    }

    /** Where a main object's code starts: its main address or its first label before it. */
    private static int firstAddress(Dvle e) {
        int s = e.mainAddr();
        for (Label l : e.labels()) {
            if (l.name().equals("endmain")) break;
            s = Math.min(s, l.address());
        }
        return s;
    }

    /** A run of labels may split before label i when no subroutine or block crosses that address. */
    private static boolean canSplit(List<Label> run, int i, int[] code) {
        int at = run.get(i).address();
        for (int k = 0; k < i; k++) {
            Label l = run.get(k);
            if (l.length() != Label.NO_RET && l.address() + l.length() > at) return false;
        }
        for (int a = run.get(0).address(); a < at; a++) {
            Instruction ins = InstructionCodec.decode(code[a]);
            if (ins == null) continue;
            if ((ins.op().has(Opcode.Flag.IF) || ins.op().has(Opcode.Flag.LOOP)) && Fixups.reach(ins) > at) return false;
        }
        return true;
    }

    /**
     * Calls and jumps that leave [from, to) become imports: of a library label at the target
     * (imports only resolve against library objects), with the call's length for calls.
     */
    private static Map<Integer, String> importsOf(int[] code, int from, int to, List<List<Label>> libs, List<String> warnings) {
        Map<Integer, String> out = new HashMap<>();
        for (int a = from; a < to; a++) {
            Instruction i = InstructionCodec.decode(code[a]);
            if (i == null || !(i.op().isCall() || i.op().isJump())) continue;
            if (i.target() >= from && i.target() < to) continue;
            String name = null;
            for (List<Label> lib : libs) {
                for (Label l : lib) {
                    if (l.address() == i.target() && name == null && (!i.op().isCall() || l.length() == i.num())) name = l.name();
                }
            }
            if (name != null) out.put(a, name);
            else warnings.add(String.format("the %s at 0x%03x leaves its object but no library label marks its target", i.op().mnemonic, a));
        }
        return out;
    }

    /** The text is SDK dialect, so a picasso-dialect name takes the SDK's extension: a.v.pica -> a.vsh, a.g.pica -> a.gsh. */
    private static String sdkName(String name, boolean geometry) {
        if (name.endsWith(".v.pica")) return name.substring(0, name.length() - 7) + ".vsh";
        if (name.endsWith(".g.pica")) return name.substring(0, name.length() - 7) + ".gsh";
        if (name.endsWith(".pica")) return name.substring(0, name.length() - 5) + (geometry ? ".gsh" : ".vsh");
        return name;
    }

    private static List<String> sourceNames(List<String> files, int mains, int libs, String stem, Dvlb f) {
        List<String> out = new ArrayList<>();
        boolean usable = files.size() == mains + libs && files.stream().distinct().count() == files.size()
                && files.stream().allMatch(s -> s.matches("[A-Za-z0-9_.+-]+"));
        for (int k = 0; k < mains; k++) {
            boolean gs = f.shaders().get(k).shaderType() == 1;
            out.add(usable ? sdkName(files.get(k), gs) : stem + "_" + k + (gs ? ".gsh" : ".vsh"));
        }
        for (int j = 0; j < libs; j++) out.add(usable ? sdkName(files.get(mains + j), false) : stem + "_lib" + j + ".vsh");
        // renaming must not make two names one
        if (out.stream().distinct().count() != out.size()) return sourceNames(List.of(), mains, libs, stem, f);
        return out;
    }
}
