package dev.pica.link.internal;

import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Nearest;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.OperandDescriptorPool;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.Dvlp;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.Fixups;
import dev.pica.format.shbin.Label;
import dev.pica.format.shbin.LineInfo;
import dev.pica.format.shbin.Uniform;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
import dev.pica.link.Linker;
import dev.pica.link.Linker.Input;
import dev.pica.link.Linker.Placement;
import dev.pica.link.Linker.Result;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The linker's work (shbin-format.md 8.5) with the choice of which linked programs the verifier
 * runs over. This package is exported to the driver alone (module-info): every public entry of
 * the library, {@link Linker#link}, verifies every DVLE, so that no hazard reaches a 3DS
 * silently; skipping a run is for the driver, which has reported the same findings already
 * ({@link #linkReporting}) or rebuilds an existing binary, hazards included ({@link #linkUnverified}).
 */
public final class Linking {
    private final List<Input> inputs;
    private final boolean debug;
    private final Diagnostics diags;
    private final boolean verify;
    /** Whether the verifier's findings over a DVLE's program were reported already (its run is then skipped). */
    private final java.util.function.Predicate<Program> reported;
    /** Import name to the reference object that defines it (null: reported as undefined/ambiguous). */
    private final Map<String, Integer> resolvedBy = new HashMap<>();

    private Linking(List<Input> inputs, boolean debug, Diagnostics diags, boolean verify, java.util.function.Predicate<Program> reported) {
        this.inputs = inputs;
        this.debug = debug;
        this.diags = diags;
        this.verify = verify;
        this.reported = reported;
    }

    /** Links and verifies each DVLE (what {@link Linker#link} runs); returns null after reporting errors. */
    public static Result link(List<Input> inputs, boolean debug, Diagnostics diags) {
        return new Linking(List.copyOf(inputs), debug, diags, true, p -> false).run();
    }

    /**
     * Links and verifies each DVLE but those whose program {@code reported} accepts: the driver,
     * which has had the verifier run over a program with the same findings (the early run over a
     * source linked alone, {@link Program#sameFindingsAs}) and has reported them, spares the
     * second run. Returns null after reporting errors.
     */
    public static Result linkReporting(List<Input> inputs, boolean debug, Diagnostics diags, java.util.function.Predicate<Program> reported) {
        return new Linking(List.copyOf(inputs), debug, diags, true, reported).run();
    }

    /** Links without the verifier: the rebuild of an existing binary, hazards included. */
    public static Result linkUnverified(List<Input> inputs, boolean debug, Diagnostics diags) {
        return new Linking(List.copyOf(inputs), debug, diags, false, p -> false).run();
    }

    private SourcePos where(Input in, int instruction) {
        Dvoj o = in.object();
        if (instruction >= 0 && instruction < o.lineInfo().size()) {
            LineInfo l = o.lineInfo().get(instruction);
            return SourcePos.named(l.file(), l.line());
        }
        return SourcePos.named(in.name(), 0);
    }

    private Result run() {
        List<Integer> mains = new ArrayList<>();
        for (int k = 0; k < inputs.size(); k++) if (inputs.get(k).object().isMain()) mains.add(k);
        if (mains.isEmpty()) {
            // the label meant as main (mian:) is the place to fix, at the line of its first word
            for (Input in : inputs) {
                for (Label l : in.object().labels()) {
                    if (Nearest.of("main", List.of(l.name())) == null) continue;
                    diags.error(Problem.MAIN_LABEL, where(in, l.address()), "no input defines 'main:'; did you mean '" + l.name() + "'?");
                    return null;
                }
            }
            diags.error(Problem.MAIN_LABEL, null, "no input defines 'main:'");
            return null;
        }
        // Exports of reference objects: label name -> defining reference objects.
        Map<String, List<Integer>> exports = new HashMap<>();
        for (int k = 0; k < inputs.size(); k++) {
            if (inputs.get(k).object().isMain()) continue;
            for (Label l : inputs.get(k).object().labels()) {
                List<Integer> defs = exports.computeIfAbsent(l.name(), x -> new ArrayList<>());
                if (!defs.contains(k)) defs.add(k);
            }
        }
        // Per main: the reference objects it reaches, transitively, in input order.
        List<List<Integer>> perShader = new ArrayList<>();
        Set<Integer> used = new LinkedHashSet<>();
        for (int m : mains) {
            Set<Integer> reach = new LinkedHashSet<>();
            List<Integer> work = new ArrayList<>(List.of(m));
            while (!work.isEmpty()) {
                int k = work.remove(work.size() - 1);
                Input in = inputs.get(k);
                for (Dvoj.Relocation r : in.object().relocations()) {
                    String name = in.object().imports().get(r.importIndex());
                    Integer def = resolve(name, in, r.index(), exports, resolvedBy);
                    if (def != null && reach.add(def)) work.add(def);
                }
            }
            List<Integer> ordered = new ArrayList<>();
            for (int k = 0; k < inputs.size(); k++) if (reach.contains(k)) ordered.add(k);
            perShader.add(ordered);
            used.addAll(ordered);
        }
        if (diags.hasErrors()) return null;

        // Layout: main objects in input order, then the used reference objects in input order.
        List<Integer> order = new ArrayList<>(mains);
        for (int k = 0; k < inputs.size(); k++) if (used.contains(k) && !mains.contains(k)) order.add(k);
        int[] base = new int[inputs.size()];
        int total = 0;
        List<Placement> layout = new ArrayList<>();
        for (int k : order) {
            base[k] = total;
            total += inputs.get(k).object().codeSize();
            layout.add(new Placement(inputs.get(k), k, base[k], inputs.get(k).object().isMain()));
        }
        if (total > Limits.CODE_WORDS) {
            diags.error(Problem.PROGRAM_SIZE, null, "program too long: " + total + " words (limit " + Limits.CODE_WORDS + ")");
            return null;
        }
        int[] code = new int[total];
        for (int k : order) relocate(k, base, code);

        List<OperandDescriptor> table = buildDescriptors(order, base, code);
        List<Dvle> dvles = new ArrayList<>();
        for (int s = 0; s < mains.size(); s++) dvles.add(buildDvle(mains.get(s), perShader.get(s), base));
        if (diags.hasErrors()) return null;
        int verified = verify ? verify(order, base, total, code, table, dvles) : 0;
        if (diags.hasErrors()) return null;

        List<String> files = new ArrayList<>();
        for (int k : order) {
            String n = inputs.get(k).object().sourceName();
            if (!files.contains(n)) files.add(n);
        }
        List<LineInfo> lines = new ArrayList<>();
        if (debug) {
            for (int k : order) {
                for (LineInfo l : inputs.get(k).object().lineInfo()) {
                    if (!files.contains(l.file())) files.add(l.file());
                    lines.add(l);
                }
            }
        }
        Dvlp dvlp = new Dvlp(Dvlp.VERSION, code, table, lines, files);
        return new Result(new Dvlb(dvlp, dvles), layout, perShader, verified);
    }

    /**
     * The verifier's authoritative run: each DVLE over the linked words (verifier.md 1) but those
     * whose findings were reported already; returns how many it ran over.
     */
    private int verify(List<Integer> order, int[] base, int total, int[] code, List<OperandDescriptor> table, List<Dvle> dvles) {
        int[] objectOf = new int[total];
        SourcePos[] where = new SourcePos[total];
        String[] brief = new String[total];
        List<String> names = new ArrayList<>();
        for (Input in : inputs) names.add(in.name());
        for (int k : order) {
            for (int i = 0; i < inputs.get(k).object().codeSize(); i++) {
                objectOf[base[k] + i] = k;
                where[base[k] + i] = where(inputs.get(k), i);
                brief[base[k] + i] = where[base[k] + i].toString();
            }
        }
        int[] descriptors = Program.table(table);
        int runs = 0;
        for (Dvle d : dvles) {
            Program p = new Program(code, descriptors, d.shaderType() == Dvle.GEOMETRY,
                    List.of(new Program.Entry(d.mainAddr(), -1, "main")), d.endAddr(), objectOf, names, where, brief,
                    d.outputMaps(), d.inputMask(), d.constants(),
                    Program.withVertexData(d.shaderType() == Dvle.GEOMETRY, d.gsMode(), d.uniforms(), d.constants()), new BitSet(), new BitSet(), true);
            if (reported.test(p)) continue;
            Verifier.verify(p, diags);
            runs++;
        }
        return runs;
    }

    private Integer resolve(String name, Input from, int instr, Map<String, List<Integer>> exports, Map<String, Integer> cache) {
        if (cache.containsKey(name)) return cache.get(name);
        List<Integer> defs = exports.getOrDefault(name, List.of());
        if (defs.isEmpty()) {
            diags.error(Problem.UNDEFINED_LABEL, where(from, instr), "undefined label '" + name + "' (referenced from " + from.name() + ")" + Nearest.hint(name, exports.keySet()));
            cache.put(name, null);
            return null;
        }
        if (defs.size() > 1) {
            StringBuilder sb = new StringBuilder();
            for (int d : defs) sb.append(sb.length() == 0 ? "" : ", ").append(inputs.get(d).name());
            diags.error(Problem.DUPLICATE_LABEL, where(from, instr), "label '" + name + "' is defined in several objects: " + sb);
            cache.put(name, null);
            return null;
        }
        cache.put(name, defs.get(0));
        return defs.get(0);
    }

    private void relocate(int k, int[] base, int[] code) {
        Input in = inputs.get(k);
        Dvoj o = in.object();
        Map<Integer, Dvoj.Relocation> relocs = new HashMap<>();
        for (Dvoj.Relocation r : o.relocations()) relocs.put(r.index(), r);
        for (int i = 0; i < o.codeSize(); i++) {
            int w = o.codeWord(i);
            Opcode op = Opcode.ofWord(w);
            Dvoj.Relocation r = relocs.get(i);
            if (r != null) {
                String name = o.imports().get(r.importIndex());
                int def = resolvedBy.get(name);
                Label l = labelOf(inputs.get(def).object(), name);
                int addr = base[def] + l.address();
                boolean call = r.kind() == Dvoj.Relocation.CALL;
                String bad = call ? Fixups.callProblem(name, l.length()) : null;
                if (bad == null) bad = Fixups.addressProblem(addr);
                if (bad != null) diags.error(Problem.JUMP_RANGE, where(in, i), bad);
                w = Fixups.resolve(w, call, addr, l.length());
            } else if (op != null && op.hasCodeAddress()) {
                int addr = InstructionCodec.target(w) + base[k];
                String bad = Fixups.addressProblem(addr);
                if (bad != null) diags.error(Problem.JUMP_RANGE, where(in, i), bad);
                w = InstructionCodec.withTarget(w, addr, InstructionCodec.num(w));
            }
            code[base[k] + i] = w;
        }
    }

    private static Label labelOf(Dvoj o, String name) {
        for (Label l : o.labels()) if (l.name().equals(name)) return l;
        return null;
    }

    private List<OperandDescriptor> buildDescriptors(List<Integer> order, int[] base, int[] code) {
        OperandDescriptorPool pool = new OperandDescriptorPool();
        List<int[]> handles = new ArrayList<>();
        SourcePos over = null, overMad = null;
        for (int k : order) {
            Dvoj o = inputs.get(k).object();
            for (Dvoj.OperandRecord r : o.operandRecords()) {
                int at = base[k] + r.index();
                boolean mad = Opcode.ofWord(code[at]).isMad();
                handles.add(new int[] {at, pool.add(r.descriptor(), r.usedInfo(), mad)});
                if (pool.overfull() && over == null) over = where(inputs.get(k), r.index());
                if (pool.madOverfull() && overMad == null) overMad = where(inputs.get(k), r.index());
            }
        }
        if (over != null) diags.error(Problem.DESCRIPTOR_LIMIT, over, pool.overfullMessage());
        if (overMad != null) diags.error(Problem.DESCRIPTOR_LIMIT, overMad, pool.madOverfullMessage());
        List<OperandDescriptor> table = pool.finish();
        for (int[] h : handles) code[h[0]] = InstructionCodec.withDesc(code[h[0]], pool.finalIndex(h[1]));
        return table;
    }

    private Dvle buildDvle(int mainIndex, List<Integer> refs, int[] base) {
        Input main = inputs.get(mainIndex);
        Dvoj mo = main.object();
        List<Integer> objs = new ArrayList<>();
        objs.add(mainIndex);
        objs.addAll(refs);

        // Constants: merged, sorted by unified index; conflicts name both places.
        TreeMap<Integer, Constant> consts = new TreeMap<>();
        Map<Integer, String> constOrigin = new HashMap<>();
        Map<Integer, String> boundBy = new HashMap<>();
        for (int k : objs) {
            for (Uniform u : inputs.get(k).object().uniforms()) {
                for (int r = u.first(); r <= u.last(); r++) boundBy.putIfAbsent(r, u.name());
            }
        }
        for (int k : objs) {
            Dvoj o = inputs.get(k).object();
            for (int c = 0; c < o.constants().size(); c++) {
                Constant ct = o.constants().get(c);
                LineInfo org = o.constantOrigins().get(c);
                String here = org.file() + ":" + org.line();
                int u = ct.unifiedIndex();
                Constant old = consts.get(u);
                if (old != null && !old.sameValue(ct)) {
                    diags.error(Problem.REDEFINITION, SourcePos.named(org.file(), org.line()),
                            "'" + ct.registerName() + "' defined with different values (" + constOrigin.get(u) + ", " + here + ")");
                    continue;
                }
                if (boundBy.containsKey(u)) {
                    diags.error(Problem.REDEFINITION, SourcePos.named(org.file(), org.line()), "'" + ct.registerName() + "' is bound by bind_symbol and defined");
                    continue;
                }
                if (old == null) {
                    consts.put(u, ct);
                    constOrigin.put(u, here);
                }
            }
        }
        // Labels: the main object's, then its reference objects', absolute addresses.
        List<Label> labels = new ArrayList<>();
        for (int k : objs) {
            for (Label l : inputs.get(k).object().labels()) labels.add(new Label(l.name(), l.address() + base[k], l.length()));
        }
        // Uniforms: the main object's, then new names from its reference objects.
        Map<String, Uniform> unis = new LinkedHashMap<>();
        for (int k : objs) {
            for (Uniform u : inputs.get(k).object().uniforms()) {
                Uniform old = unis.putIfAbsent(u.name(), u);
                if (old != null && (old.first() != u.first() || old.last() != u.last())) {
                    diags.error(Problem.REDEFINITION, SourcePos.named(inputs.get(k).name(), 0), "symbol '" + u.name() + "' bound to different registers");
                }
            }
        }
        int mainAddr = mo.mainLabel() >= 0 ? base[mainIndex] + mo.labels().get(mo.mainLabel()).address() : base[mainIndex];
        int endAddr = mo.endmainLabel() >= 0 ? base[mainIndex] + mo.labels().get(mo.endmainLabel()).address() : base[mainIndex] + mo.codeSize();
        return new Dvle(Dvle.VERSION, mo.shaderType(), mo.flags(), mainAddr, endAddr, mo.inputMask(), mo.outputMask(),
                mo.gsMode(), new ArrayList<>(consts.values()), labels, mo.outputMaps(), new ArrayList<>(unis.values()));
    }
}
