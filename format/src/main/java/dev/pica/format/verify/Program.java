package dev.pica.format.verify;

import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.Dvle;
import dev.pica.format.shbin.Dvlp;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.GsMode;
import dev.pica.format.shbin.Label;
import dev.pica.format.shbin.LineInfo;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * What the verifier reads (verifier.md 1): code words with their descriptor table, where the
 * exploration starts, what each word came from, and the DVLE facts that decide branches and
 * which outputs count. Built from one object (picasm's early run), from one DVLE of a link, or
 * word by word ({@link ProgramBuilder}). An immutable value: the constructor copies the arrays
 * and lists it is given, the array accessors return copies, and the verifier's loops read single
 * words through the indexed accessors ({@link #code(int)}, {@link #objectOf(int)}...).
 */
public final class Program {
    private final int[] code;
    private final int[] descriptors;
    private final boolean geometry;
    private final List<Entry> entries;
    private final int mainEnd;
    private final int[] objectOf;
    private final List<String> objectNames;
    private final SourcePos[] where;
    private final String[] brief;
    private final List<OutputMap> outputs;
    private final int inputMask;
    private final List<Constant> constants;
    private final List<Uniform> uniforms;
    private final BitSet importCalls;
    private final BitSet importJumps;
    private final boolean checkRegisterSupply;

    /**
     * @param entries      where exploration starts: main, or each subroutine of a reference object
     * @param mainEnd      endAddr: falling through to it with no call pending runs past 'endmain:'
     * @param objectOf     per word, the index of the object it came from (names in objectNames)
     * @param where        per word, its source position for the diagnostic
     * @param brief        per word, "file:line" for witness paths
     * @param importCalls  words calling an import (early run: an unknown subroutine)
     * @param importJumps  words jumping to an import (always into another object)
     * @param checkRegisterSupply whether c/i/b reads are checked against the constants and
     *                     bindings (false while libraries may still supply them)
     */
    public Program(int[] code, int[] descriptors, boolean geometry, List<Entry> entries, int mainEnd,
                   int[] objectOf, List<String> objectNames, SourcePos[] where, String[] brief,
                   List<OutputMap> outputs, int inputMask, List<Constant> constants, List<Uniform> uniforms,
                   BitSet importCalls, BitSet importJumps, boolean checkRegisterSupply) {
        this.code = code.clone();
        this.descriptors = descriptors.clone();
        this.geometry = geometry;
        this.entries = List.copyOf(entries);
        this.mainEnd = mainEnd;
        this.objectOf = objectOf.clone();
        this.objectNames = List.copyOf(objectNames);
        this.where = where.clone();
        this.brief = brief.clone();
        this.outputs = List.copyOf(outputs);
        this.inputMask = inputMask;
        this.constants = List.copyOf(constants);
        this.uniforms = List.copyOf(uniforms);
        this.importCalls = (BitSet) importCalls.clone();
        this.importJumps = (BitSet) importJumps.clone();
        this.checkRegisterSupply = checkRegisterSupply;
    }

    /** A start of exploration: main (no call pending), or a library subroutine [pc, subroutineEnd). */
    public record Entry(int pc, int subroutineEnd, String name) {
        // written out, as the records compared by sameFindingsAs are: a record's own equals links
        // through invokedynamic, whose method-handle classes no archive holds (performance.md)
        @Override
        public boolean equals(Object o) {
            return o instanceof Entry e && e.pc == pc && e.subroutineEnd == subroutineEnd && java.util.Objects.equals(e.name, name);
        }

        @Override
        public int hashCode() {
            return (pc * 31 + subroutineEnd) * 31 + java.util.Objects.hashCode(name);
        }

        public boolean isSubroutine() {
            return subroutineEnd >= 0;
        }
    }

    /** The early run over one object: main from 'main:', or each exported subroutine of a reference object. */
    public static Program ofObject(Dvoj o, List<SourcePos> positions) {
        int n = o.codeSize();
        List<Entry> entries = new ArrayList<>();
        int mainEnd = n;
        if (o.isMain()) {
            entries.add(new Entry(o.mainLabel() >= 0 ? o.labels().get(o.mainLabel()).address() : 0, -1, "main"));
            if (o.endmainLabel() >= 0) mainEnd = o.labels().get(o.endmainLabel()).address();
        } else {
            for (Label l : o.labels()) {
                if (l.length() != Label.NO_RET && l.length() > 0 && l.address() < n) {
                    entries.add(new Entry(l.address(), (int) Math.min((long) l.address() + Integer.toUnsignedLong(l.length()), n), l.name()));
                }
            }
        }
        BitSet calls = new BitSet(), jumps = new BitSet();
        for (Dvoj.Relocation r : o.relocations()) (r.kind() == Dvoj.Relocation.CALL ? calls : jumps).set(r.index());
        String[] brief = new String[n];
        SourcePos[] where = new SourcePos[n];
        for (int k = 0; k < n; k++) {
            LineInfo li = k < o.lineInfo().size() ? o.lineInfo().get(k) : null;
            where[k] = k < positions.size() ? positions.get(k) : li != null ? SourcePos.named(li.file(), li.line()) : SourcePos.named(o.sourceName(), 0);
            brief[k] = li != null ? li.file() + ":" + li.line() : o.sourceName() + "@" + k;
        }
        return new Program(o.code(), table(o.descriptors()), o.shaderType() == 1, entries, mainEnd, new int[n],
                List.of(o.sourceName()), where, brief, o.outputMaps(), o.inputMask(), o.constants(),
                withVertexData(o.shaderType() == 1, o.gsMode(), o.uniforms(), o.constants()),
                calls, jumps, o.isMain() && o.imports().isEmpty());
    }

    /** One DVLE of a linked binary (picadis --cfg): positions from its -debug line table, else word numbers. */
    public static Program ofShader(Dvlb f, int k) {
        Dvlp p = f.program();
        int n = p.codeSize();
        SourcePos[] where = new SourcePos[n];
        for (int w = 0; w < n; w++) {
            LineInfo li = w < p.lines().size() ? p.lines().get(w) : null;
            where[w] = li != null ? SourcePos.named(li.file(), li.line()) : SourcePos.named("word " + w, 0);
        }
        return ofShader(f, k, where, List.of());
    }

    /**
     * One DVLE with each word's position known to the caller (the picasso drop-in), and
     * registers supplied beyond its uniform table (hidden uniforms, GS vertex data).
     */
    public static Program ofShader(Dvlb f, int k, SourcePos[] where, List<Uniform> supplied) {
        Dvle d = f.shaders().get(k);
        Dvlp p = f.program();
        int n = p.codeSize();
        String[] brief = new String[n];
        // path steps name files without their directory, as an object's source name does in the picasm route
        for (int w = 0; w < n; w++) {
            String file = where[w].fileName().substring(Math.max(where[w].fileName().lastIndexOf('/'), where[w].fileName().lastIndexOf('\\')) + 1);
            brief[w] = where[w].line() > 0 ? file + ":" + where[w].line() : where[w].fileName();
        }
        List<Uniform> uniforms = new ArrayList<>(withVertexData(d.shaderType() == Dvle.GEOMETRY, d.gsMode(), d.uniforms(), d.constants()));
        uniforms.addAll(supplied);
        return new Program(p.code(), table(p.descriptors()), d.shaderType() == Dvle.GEOMETRY,
                List.of(new Entry(d.mainAddr(), -1, "main")), d.endAddr(), new int[n], List.of("program"), where, brief,
                d.outputMaps(), d.inputMask(), d.constants(), uniforms, new BitSet(), new BitSet(), true);
    }

    /** The name of the uniform entry that stands for a geometry shader's vertex data (no uniform the shader names). */
    public static final String VERTEX_DATA = "(vertex data)";

    /**
     * A geometry shader in variable or fixed mode receives its primitive's vertices in the float
     * uniforms from c0 (variable) or the fixed start up to the first register a uniform or a
     * constant takes (picasso's `.gsh variable cN` / `.gsh fixed cN cM`: uniforms are allocated
     * from cN on): those registers are supplied, as the bound ones are.
     */
    public static List<Uniform> withVertexData(boolean geometry, GsMode gs, List<Uniform> uniforms, List<Constant> constants) {
        if (!geometry || gs == null || gs.mode() == 0) return uniforms;
        int base = RegisterFile.FLOAT_UNIFORM.unifiedBase, start = gs.mode() == 2 ? gs.fixedStart() : 0, free = RegisterFile.FLOAT_UNIFORM.count;
        for (Uniform u : uniforms) if (u.first() >= base + start && u.first() < base + free) free = u.first() - base;
        for (Constant k : constants) {
            int u = k.unifiedIndex();
            if (u >= base + start && u < base + free) free = u - base;
        }
        if (free <= start) return uniforms;
        List<Uniform> out = new ArrayList<>(uniforms);
        out.add(new Uniform(VERTEX_DATA, base + start, base + free - 1));
        return out;
    }

    public static int[] table(List<OperandDescriptor> descriptors) {
        int[] t = new int[descriptors.size()];
        for (int k = 0; k < t.length; k++) t[k] = descriptors.get(k).value();
        return t;
    }

    public int size() {
        return code.length;
    }

    /** The code words (a copy). */
    public int[] code() {
        return code.clone();
    }

    /** The word at pc. */
    public int code(int pc) {
        return code[pc];
    }

    /** The operand-descriptor table as words (a copy). */
    public int[] descriptors() {
        return descriptors.clone();
    }

    public boolean geometry() {
        return geometry;
    }

    public List<Entry> entries() {
        return entries;
    }

    public int mainEnd() {
        return mainEnd;
    }

    /** The index (in {@link #objectNames()}) of the object word pc came from. */
    public int objectOf(int pc) {
        return objectOf[pc];
    }

    public List<String> objectNames() {
        return objectNames;
    }

    /** Word pc's source position, for a finding there. */
    public SourcePos where(int pc) {
        return where[pc];
    }

    /** Word pc as "file:line", for witness paths. */
    public String brief(int pc) {
        return brief[pc];
    }

    public List<OutputMap> outputs() {
        return outputs;
    }

    public int inputMask() {
        return inputMask;
    }

    public List<Constant> constants() {
        return constants;
    }

    public List<Uniform> uniforms() {
        return uniforms;
    }

    /** Whether word pc calls an import (early run: an unknown subroutine). */
    public boolean callsImport(int pc) {
        return importCalls.get(pc);
    }

    /** Whether word pc jumps to an import (always into another object). */
    public boolean jumpsToImport(int pc) {
        return importJumps.get(pc);
    }

    public boolean checkRegisterSupply() {
        return checkRegisterSupply;
    }

    /**
     * Whether the verifier finds the same on both programs but where each finding is placed: every
     * part equal but the words' source positions ({@link #where}) and the objects' names (which a
     * message names only for a jump into another object, impossible in a program of one object).
     * The verifier's findings are a function of the program, so the severities, messages, witness
     * paths' text ({@link #brief}) and rules are then the same, each at the other's position of its word.
     */
    public boolean sameFindingsAs(Program p) {
        return Arrays.equals(code, p.code) && Arrays.equals(descriptors, p.descriptors) && geometry == p.geometry
                && entries.equals(p.entries) && mainEnd == p.mainEnd && Arrays.equals(objectOf, p.objectOf)
                && (objectNames.size() == 1 && p.objectNames.size() == 1 || objectNames.equals(p.objectNames))
                && Arrays.equals(brief, p.brief) && outputs.equals(p.outputs) && inputMask == p.inputMask
                && constants.equals(p.constants) && uniforms.equals(p.uniforms) && importCalls.equals(p.importCalls)
                && importJumps.equals(p.importJumps) && checkRegisterSupply == p.checkRegisterSupply;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Program p && Arrays.equals(code, p.code) && Arrays.equals(descriptors, p.descriptors) && geometry == p.geometry
                && entries.equals(p.entries) && mainEnd == p.mainEnd && Arrays.equals(objectOf, p.objectOf) && objectNames.equals(p.objectNames)
                && Arrays.equals(where, p.where) && Arrays.equals(brief, p.brief) && outputs.equals(p.outputs) && inputMask == p.inputMask
                && constants.equals(p.constants) && uniforms.equals(p.uniforms) && importCalls.equals(p.importCalls)
                && importJumps.equals(p.importJumps) && checkRegisterSupply == p.checkRegisterSupply;
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(code), Arrays.hashCode(descriptors), entries, mainEnd, objectNames, outputs, constants, uniforms);
    }
}
