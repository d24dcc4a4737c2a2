package dev.pica.asm;

import dev.pica.asm.ir.Declaration;
import dev.pica.asm.ir.RawOperand;
import dev.pica.asm.ir.RegClass;
import dev.pica.asm.ir.Statement;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Nearest;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.syntax.Directives;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.isa.syntax.SemanticSpellings;
import dev.pica.format.shbin.Constant;
import dev.pica.format.shbin.GsMode;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The object's declarations: #pragma bind_symbol / output_map / gs_*, and def/defi/defb
 * (sdk-dialect.md section 7). Collects them in source order and checks their conflicts.
 */
final class Declarations {
    private final Diagnostics diags;
    final boolean geometry;

    final List<Uniform> uniforms = new ArrayList<>();
    final List<OutputMap> outputMaps = new ArrayList<>();
    final List<SourcePos> outputMapPos = new ArrayList<>();
    int inputMask;
    int outputMask;
    boolean mergeOutputMaps;
    GsMode gsMode = GsMode.NONE;
    private SourcePos gsModePos;

    /** Constants by unified index (sorted as shbin-format.md 5.3 asks). */
    final TreeMap<Integer, Constant> constants = new TreeMap<>();
    final Map<Integer, SourcePos> constantPos = new HashMap<>();
    /** Bound registers (unified index) to the binding's position and name, per component for c/i/b. */
    private final Map<Integer, String[]> boundComponents = new HashMap<>();
    private final Map<Integer, SourcePos> boundPos = new HashMap<>();
    private final Map<String, SourcePos> symbolNames = new HashMap<>();

    Declarations(Diagnostics diags, boolean geometry) {
        this.diags = diags;
        this.geometry = geometry;
    }

    static boolean isGeometryPragma(Statement.Pragma p) {
        return p.name().equalsIgnoreCase("gs_assemble_as_geometry_shader");
    }

    /** the pragmas the SDK dialect knows, for "did you mean" */

    void pragma(Statement.Pragma p) {
        String name = p.name().toLowerCase(Locale.ROOT);
        switch (name) {
            case "bind_symbol" -> bindSymbol(p);
            case "output_map" -> outputMap(p);
            case "gs_assemble_as_geometry_shader" -> {
                if (p.args() != null) diags.error(Problem.INVALID_PRAGMA, p.pos(), "invalid geometry shader pragma");
            }
            case "gs_data_mode" -> gsDataMode(p);
            case "gs_merge_output_maps" -> {
                if (p.args() != null) diags.error(Problem.INVALID_PRAGMA, p.pos(), "invalid geometry shader pragma");
                else declare(new Declaration.MergeOutputMaps(p.pos()));
            }
            case "gcc" -> {
                // '#pragma GCC diagnostic' was read by the preprocessor; GCC's other pragmas mean nothing here
                if (!p.raw().matches("GCC\\s+diagnostic\\b.*")) diags.warning(Warning.UNKNOWN_PRAGMAS, p.namePos(), "unknown pragma '" + p.raw() + "' ignored");
            }
            default -> {
                String hint = Nearest.hint(name, Directives.SDK_PRAGMAS);
                if (name.startsWith("gs_")) diags.error(Problem.INVALID_PRAGMA, p.namePos(), "invalid geometry shader pragma" + hint);
                else diags.warning(Warning.UNKNOWN_PRAGMAS, p.namePos(), "unknown pragma '" + (p.name().isEmpty() ? p.raw() : p.name()) + "' ignored" + hint);
            }
        }
    }

    /** A declaration of either dialect, checked against those before it. */
    void declare(Declaration d) {
        if (d instanceof Declaration.Binding b) bind(b);
        else if (d instanceof Declaration.OutputMapping o) mapOutput(o);
        else if (d instanceof Declaration.Definition c) constant(c.constant(), c.pos());
        else if (d instanceof Declaration.GeometryData g) gsMode = g.mode();
        else if (!geometry) diags.error(Problem.INVALID_PRAGMA, d.pos(), "invalid geometry shader pragma");
        else mergeOutputMaps = true;
    }

    // ---- bind_symbol ----

    private void bindSymbol(Statement.Pragma p) {
        List<RawOperand> a = p.args();
        if (a == null || a.size() < 2 || a.size() > 3) {
            diags.error(Problem.INVALID_PRAGMA, p.pos(), "invalid #pragma bind_symbol: expected bind_symbol(name[.xyzw], first[, last])");
            return;
        }
        RawOperand sym = a.get(0);
        if (sym.isNumber() || sym.negations() > 0 || sym.bang() || sym.plus()
                || !sym.parts().stream().allMatch(x -> x instanceof RawOperand.Suffix)) {
            diags.error(Problem.INVALID_PRAGMA, sym.pos(), "invalid #pragma bind_symbol: bad symbol name '" + sym.text() + "'");
            return;
        }
        String name = sym.text();
        int comps = 0xF; // x = bit 0 here
        // the last suffix is the components when it is made of component letters; otherwise the
        // dots are the name's own, as in a GLSL struct member picacc binds ("tint.color") [choice]
        String s = sym.parts().isEmpty() ? "" : ((RawOperand.Suffix) sym.parts().get(sym.parts().size() - 1)).letters();
        if (s.matches("(?i)[xyzw]+")) {
            comps = contiguousComponents(s);
            if (comps < 0) {
                diags.error(Problem.INVALID_PRAGMA, sym.parts().get(sym.parts().size() - 1).pos(), "component suffix '" + s + "' must be contiguous");
                return;
            }
        }
        Registers.Name first = literalRegister(a.get(1));
        Registers.Name last = a.size() == 3 ? literalRegister(a.get(2)) : first;
        if (first == null || last == null) return;
        if (first.cls() != last.cls() || first.num() > last.num() || first.num() < 0
                || last.num() >= first.cls().count
                || !(first.cls() == RegClass.V || first.cls() == RegClass.C || first.cls() == RegClass.I || first.cls() == RegClass.B)) {
            diags.error(Problem.INVALID_PRAGMA, a.get(1).pos(), "invalid register range in bind_symbol");
            return;
        }
        bind(new Declaration.Binding(name, comps, first.cls(), first.num(), last.num(), p.pos(), sym.pos(), a.get(1).pos()));
    }

    private void bind(Declaration.Binding b) {
        String name = b.name();
        if (symbolNames.putIfAbsent(name, b.pos()) != null) {
            diags.error(Problem.REDEFINITION, b.namePos(), "symbol '" + name + "' already bound");
            diags.note(symbolNames.get(name), "previous binding of '" + name + "' was here");
            return;
        }
        for (int r = b.first(); r <= b.last(); r++) {
            int u = unified(b.cls(), r);
            String[] owners = boundComponents.get(u);
            if (owners == null) boundComponents.put(u, owners = new String[4]);
            int useComps = b.cls() == RegClass.V ? 0xF : b.components();
            for (int c = 0; c < 4; c++) {
                if ((useComps & 1 << c) == 0) continue;
                if (owners[c] != null) {
                    String reg = b.cls().name(r);
                    diags.error(Problem.REDEFINITION, b.registerPos(), b.cls() == RegClass.V
                            ? "register '" + reg + "' already bound to '" + owners[c] + "'"
                            : "register '" + reg + "." + "xyzw".charAt(c) + "' already bound to '" + owners[c] + "'");
                    return;
                }
            }
            for (int c = 0; c < 4; c++) if ((useComps & 1 << c) != 0) owners[c] = name;
            boundPos.putIfAbsent(u, b.pos());
            if (b.cls() == RegClass.V) inputMask |= 1 << r;
            if (geometry && b.cls() == RegClass.B && r == Limits.GEOMETRY_FLAG) {
                diags.warning(Warning.RESERVED_REGISTER, b.registerPos(), "b15 is set by hardware in a geometry shader");
            }
        }
        uniforms.add(new Uniform(name, unified(b.cls(), b.first()), unified(b.cls(), b.last())));
    }

    /** x = bit 0 component set of a contiguous suffix, or -1. */
    private static int contiguousComponents(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        int start = "xyzw".indexOf(l.isEmpty() ? '?' : l.charAt(0));
        if (start < 0 || start + l.length() > 4 || !"xyzw".substring(start, start + l.length()).equals(l)) return -1;
        return ((1 << l.length()) - 1) << start;
    }

    private Registers.Name literalRegister(RawOperand o) {
        Registers.Name n = o.isNumber() || !o.parts().isEmpty() || o.negations() > 0 ? null : Registers.parse(o.base());
        if (n == null || n.num() < 0) {
            diags.error(Problem.INVALID_PRAGMA, o.pos(), "pragma arguments are not macro-expanded: '" + o.text() + "' is not a register");
            return null;
        }
        return n;
    }

    /** A register's index in the unified numbering of the DVLE uniform table (isa.md 4). */
    static int unified(RegClass cls, int n) {
        if (cls.file() == null || cls.file().unifiedBase < 0) throw new IllegalArgumentException(cls.toString());
        return cls.file().unifiedBase + n;
    }

    boolean isBound(int unified) {
        return boundComponents.containsKey(unified);
    }

    // ---- output_map ----

    private void outputMap(Statement.Pragma p) {
        List<RawOperand> a = p.args();
        if (a == null || a.size() != 2) {
            diags.error(Problem.INVALID_PRAGMA, p.pos(), "invalid #pragma output_map: expected output_map(semantic, oN[.mask])");
            return;
        }
        RawOperand sem = a.get(0);
        OutputSemantic type = sem.isBareIdentifier() ? OutputSemantic.ofSpelling(sem.base()) : null;
        if (type == null) {
            diags.error(Problem.UNKNOWN_SEMANTIC, sem.pos(), SemanticSpellings.unknown(sem.text(), Dialect.SDK));
            return;
        }
        RawOperand reg = a.get(1);
        Registers.Name n = reg.isNumber() || reg.negations() > 0 || reg.base() == null ? null : Registers.parse(reg.base());
        if (n == null || n.cls() != RegClass.O || n.num() < 0
                || reg.parts().size() > 1 || (reg.parts().size() == 1 && !(reg.parts().get(0) instanceof RawOperand.Suffix))) {
            diags.error(Problem.INVALID_PRAGMA, reg.pos(), "pragma arguments are not macro-expanded: '" + reg.text() + "' is not a register");
            return;
        }
        int mask = 0xF; // x = bit 0
        if (reg.parts().size() == 1) {
            String letters = ((RawOperand.Suffix) reg.parts().get(0)).letters();
            Integer m = OperandReader.mask(letters);
            if (m == null) {
                diags.error(Problem.SWIZZLE, reg.parts().get(0).pos(), "invalid destination mask '" + letters + "'");
                return;
            }
            mask = Integer.reverse(m) >>> 28; // descriptor order (x = bit 3) to DVLE order (x = bit 0)
        }
        mapOutput(new Declaration.OutputMapping(type, n.num(), mask, p.pos(), reg.pos()));
    }

    private void mapOutput(Declaration.OutputMapping m) {
        int reg = m.register(), mask = m.mask();
        int usable = Limits.outputs(geometry);
        if (reg >= usable) {
            diags.error(Problem.REGISTER_RANGE, m.registerPos(), RegisterFile.OUTPUT.notValid("o" + reg, usable));
            return;
        }
        if (m.semantic() != OutputSemantic.GENERIC && reg >= Limits.SEMANTIC_OUTPUTS) {
            diags.error(Problem.INVALID_OUTPUT_MAP, m.registerPos(), "register 'o" + reg + "' can only carry generic data");
            return;
        }
        for (int k = 0; k < outputMaps.size(); k++) {
            OutputMap o = outputMaps.get(k);
            int overlap = o.register() == reg ? o.mask() & mask : 0;
            if (overlap != 0) {
                diags.error(Problem.INVALID_OUTPUT_MAP, m.registerPos(), "output 'o" + reg + "." + "xyzw".charAt(Integer.numberOfTrailingZeros(overlap)) + "' mapped twice");
                return;
            }
        }
        outputMaps.add(new OutputMap(m.semantic().type, reg, mask));
        outputMapPos.add(m.pos());
        outputMask |= 1 << reg;
        int fixedRegisters = 0;
        for (OutputMap o : outputMaps) if (o.type() != OutputSemantic.GENERIC.type) fixedRegisters |= 1 << o.register();
        if (Integer.bitCount(fixedRegisters) > 7 && m.semantic() != OutputSemantic.GENERIC) diags.error(Problem.INVALID_OUTPUT_MAP, m.registerPos(), "too many output registers");
    }

    /** W-D11, checked once all output maps are known. */
    void checkOutputContiguity() {
        if (outputMaps.isEmpty()) return;
        int m = outputMask;
        if ((m & (m + 1)) != 0) {
            diags.warning(Warning.OUTPUT_MAP, outputMapPos.get(0), "output registers are not contiguous from o0; homebrew loaders will mis-map them");
        }
    }

    // ---- gs_data_mode ----

    private void gsDataMode(Statement.Pragma p) {
        List<RawOperand> a = p.args();
        if (!geometry || a == null || a.isEmpty() || gsModePos != null) {
            diags.error(Problem.INVALID_PRAGMA, p.pos(), "invalid geometry shader pragma");
            return;
        }
        gsModePos = p.pos();
        Integer mode = smallInt(a.get(0), 0, 2);
        if (mode == null) return;
        switch (mode) {
            case 0 -> {
                if (a.size() != 1) diags.error(Problem.INVALID_PRAGMA, p.pos(), "invalid geometry shader pragma");
                else declare(new Declaration.GeometryData(new GsMode(0, 0, 0, 0), p.pos()));
            }
            case 1 -> {
                Integer count = a.size() == 2 ? smallInt(a.get(1), 1, 255) : null;
                if (a.size() != 2) diags.error(Problem.INVALID_PRAGMA, p.pos(), "invalid geometry shader pragma");
                else if (count != null) declare(new Declaration.GeometryData(new GsMode(1, 0, count, 0), p.pos()));
            }
            default -> {
                if (a.size() != 3) {
                    diags.error(Problem.INVALID_PRAGMA, p.pos(), "invalid geometry shader pragma");
                    return;
                }
                Registers.Name start = literalRegister(a.get(1));
                Integer count = smallInt(a.get(2), 1, 255);
                if (start == null || count == null) return;
                if (start.cls() != RegClass.C || start.num() < 0 || start.num() >= RegisterFile.FLOAT_UNIFORM.count) {
                    diags.error(Problem.INVALID_PRAGMA, a.get(1).pos(), "invalid geometry shader pragma");
                    return;
                }
                declare(new Declaration.GeometryData(new GsMode(2, start.num(), 0, count), p.pos()));
            }
        }
    }

    private Integer smallInt(RawOperand o, int min, int max) {
        Long v = o.isNumber() && o.negations() == 0 ? Literals.parseInt(o.number()) : null;
        if (v == null || v < min || v > max) {
            diags.error(Problem.INVALID_PRAGMA, o.pos(), "invalid geometry shader pragma");
            return null;
        }
        return v.intValue();
    }

    // ---- def / defi / defb ----

    void constant(Constant c, SourcePos pos) {
        int u = c.unifiedIndex();
        Constant old = constants.get(u);
        if (old != null) {
            if (old.sameValue(c)) {
                diags.warning(Warning.DUPLICATE_DEFINITION, pos, "'" + c.registerName() + "' defined twice with the same value");
            } else {
                diags.error(Problem.REDEFINITION, pos, "'" + c.registerName() + "' defined twice with different values");
            }
            diags.note(constantPos.get(u), "previous definition of '" + c.registerName() + "' was here");
            return;
        }
        constants.put(u, c);
        constantPos.put(u, pos);
        if (geometry && c.type() == Constant.BOOL && c.index() == Limits.GEOMETRY_FLAG) {
            diags.warning(Warning.RESERVED_REGISTER, pos, "b15 is set by hardware in a geometry shader");
        }
    }

    /** E-D5 in either order, checked once everything is declared. */
    void checkDefinedVersusBound() {
        for (Map.Entry<Integer, Constant> e : constants.entrySet()) {
            if (isBound(e.getKey())) {
                diags.error(Problem.REDEFINITION, constantPos.get(e.getKey()), "'" + e.getValue().registerName() + "' is bound by bind_symbol and cannot be defined");
            }
        }
    }

    List<Constant> constantList() {
        return new ArrayList<>(constants.values());
    }
}
