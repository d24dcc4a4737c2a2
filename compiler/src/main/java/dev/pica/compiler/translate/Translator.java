package dev.pica.compiler.translate;

import dev.pica.compiler.Reflection;
import dev.pica.compiler.spirv.Insn;
import dev.pica.compiler.spirv.Op;
import dev.pica.compiler.spirv.SpirvModule;
import dev.pica.compiler.spirv.Type;
import dev.pica.compiler.vir.Node;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VInst;
import dev.pica.compiler.vir.VReg;
import dev.pica.format.diag.Problem;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * SPIR-V (as glslang and spirv-opt write it: structured, inlined, SSA) to the structured vir:
 * the interface laid out on the 3DS's registers, selection and loop constructs walked into
 * {@link Node} trees (naga's approach: merge and continue labels stop a walk), phis turned into
 * copies on their edges, and every operation expanded into vertex-unit instructions
 * ({@link Builtins} for GLSL.std.450).
 */
public final class Translator {
    final SpirvModule m;
    final ShaderInterface iface = new ShaderInterface();
    private final Set<String> autoLocated;
    private final Map<Integer, Object> values = new HashMap<>();
    /** Mutable variables (function locals, outputs): the VReg that holds each. */
    private final Map<Integer, VReg> variables = new HashMap<>();
    /** Uniform variables: their first c (or b) register. */
    private final Map<Integer, Integer> uniformBase = new HashMap<>();
    private final Map<Integer, Integer> inputRegister = new HashMap<>();
    /** gl_PerVertex-style output blocks: member index -> the output's VReg. */
    private final Map<Integer, Map<Integer, VReg>> outputBlocks = new HashMap<>();
    private final Map<Integer, VReg> phiRegs = new HashMap<>();
    /** A matrix phi's columns, a register each. */
    private final Map<Integer, List<VReg>> matrixPhis = new HashMap<>();
    private SpirvModule.Function main;
    int nextReg;
    int line;
    /** Where instructions go now. */
    List<Node> out;
    /** The loops being walked, innermost first. */
    private final Deque<LoopCtx> loops = new ArrayDeque<>();
    /** Counter phis of counted loops whose value aL holds, innermost loop only. */
    private final Deque<Integer> alPhis = new ArrayDeque<>();
    /** The loops' integer-register settings (count-1, start, step), at most four distinct ones. */
    public final List<int[]> loopRegisters = new ArrayList<>();
    final Builtins builtins = new Builtins(this);
    /** What each register a gather built holds, component by component (mat*vec looks for a w of 1.0: DPH). */
    final Map<VReg, List<Operand>> gathered = new HashMap<>();
    /** Warnings: (line, message). */
    public final List<Object[]> warnings = new ArrayList<>();
    /** The first c register the constant pool may not take (uniforms are below it). */
    public int uniformRegisters;

    /** A geometry shader (docs/glsl.md, "Geometry shaders"): inputs per vertex, outputs written at each EmitVertex. */
    final boolean geometry;
    /** A geometry shader's per-vertex inputs: variable -> its register within a vertex (gl_in's block: 0, gl_Position). */
    private final Map<Integer, Integer> vertexSlot = new HashMap<>();
    private final java.util.TreeMap<Integer, Object[]> vertexInputs = new java.util.TreeMap<>();
    private int gsInId = -1;
    int registersPerVertex;
    int verticesPerPrimitive;
    /** Vertices emitted since the strip began (its last EndPrimitive); UNKNOWN where paths disagree. */
    private int emitted;
    static final int UNKNOWN = -1;
    /** Counter phis of loops being unrolled, bound to their pass's value. */
    private final Map<Integer, Operand> pinnedPhis = new HashMap<>();

    /** The main file, where the globals' declarations are found by name. */
    private final dev.pica.compiler.GlslSource source;
    /** The position key of the main file's line 0. */
    private final int mainKey;

    /** @param source the main GLSL file's text: globals carry no OpLine, so their declarations are found in it by name */
    public Translator(SpirvModule m, Set<String> autoLocated, String source, String mainName) {
        this.m = m;
        this.mainKey = m.key(mainName, 0);
        this.autoLocated = autoLocated;
        this.source = dev.pica.compiler.GlslSource.of(mainName == null ? "" : mainName, source == null ? "" : source);
        this.geometry = m.executionModel == Op.ModelGeometry;
    }

    /** The line declaring an input, output or uniform of this name in the main file (0 when not found). */
    private int declarationLine(int id) {
        int[] at = source.declaration(m.names.get(id));
        return at == null ? 0 : mainKey | at[0];
    }

    // ---- values -------------------------------------------------------------------------

    /** A matrix: its rows (citro3d's uniform layout) or its columns, each an operand. */
    record Mat(List<Operand> vecs, boolean rows) {
        int rowCount() {
            return rows ? vecs.size() : vecs.get(0).width();
        }

        int columnCount() {
            return rows ? vecs.get(0).width() : vecs.size();
        }
    }

    /** A product of two matrices, kept unevaluated: (A*B)*v is computed as A*(B*v). */
    record Product(Object a, Object b) {}

    /** A scalar comparison (PICA's modes 0-5 = eq, ne, lt, le, gt, ge), evaluated where it is used. */
    record Cmp(int mode, Operand a, Operand b) {}

    /** Two comparisons joined by and/or: one CMP sets both flags. */
    record CmpPair(Cmp x, Cmp y, boolean and) {}

    /**
     * Components {@code comps} of column {@code column} of a matrix held by rows, not yet
     * gathered: mat3(m) of a uniform mat4 is then its first three rows, and costs nothing.
     */
    record ColumnRef(Mat matrix, int column, int[] comps) {}

    /** int(x), not yet rounded: as an array index FLR is enough (a negative index is undefined in GLSL), elsewhere the full truncation. */
    record Truncated(Operand x) {}

    /**
     * Each int(x)'s full truncation, made where int(x) is defined (its uses need not share a
     * block: one made at a first use inside an if arm was read unwritten after the if), by
     * identity (two int(x) of one x defined apart are two values); unused ones are dead code.
     */
    private final Map<Truncated, Operand> truncations = new java.util.IdentityHashMap<>();

    /** int(x) defined here: its truncation made now, for the uses that need more than FLR. */
    Truncated truncated(Operand x) {
        Truncated tr = new Truncated(x);
        truncations.put(tr, builtins.trunc(x));
        return tr;
    }

    /** A uniform bool: a b register. */
    record BoolUni(int register, boolean negated) {}

    /** An array or struct value: its parts. */
    record Agg(List<Object> parts) {}

    /** Where a pointer points. */
    sealed interface Ptr {}

    /** c registers from {@code register} on (with a dynamic index: plus that value), holding {@code type}. */
    record UniformPtr(int register, Type type, Operand index, Operand.Index kind, int[] comps, boolean bool) implements Ptr {}

    record InputPtr(int register, Type type, int[] comps) implements Ptr {}

    /** Components {@code comps} (null: all) of a mutable variable. */
    record VarPtr(VReg var, int[] comps, Type type) implements Ptr {}

    /**
     * A local array of scalars or vectors, each element a register of its own ({@code type} the
     * array's), or one element chosen at run time by {@code index} ({@code type} the element's,
     * {@code comps} its components or null): the vertex unit indexes only c registers, so a
     * run-time index picks its element by comparisons.
     */
    record ArrayPtr(List<VReg> elems, Type type, Operand index, int[] comps) implements Ptr {}

    /**
     * The component of a local vector variable (components {@code comps} of it, null: all)
     * chosen by {@code index} at run time: read through a one-hot dot product, written under an
     * IFC on the index for each component (the vertex unit indexes only c registers).
     */
    record LanePtr(VReg var, int[] comps, Operand index) implements Ptr {}

    /**
     * A local struct, array of structs or array of arrays held in registers: a scalar or vector is
     * {@code reg}, a matrix, struct or array its {@code parts} (a matrix's its columns).
     */
    record Slots(Type type, VReg reg, List<Slots> parts) {}

    /**
     * Part {@code type} of a local aggregate: the one of {@code candidates} that {@code index}
     * chooses at run time (index null: the only candidate). A constant index then steps into
     * every candidate; a scalar or vector reached is a {@link VarPtr} or an {@link ArrayPtr}.
     */
    record SlotsPtr(Type type, List<Slots> candidates, Operand index) implements Ptr {}

    /** A block of outputs (gl_PerVertex). */
    record BlockPtr(int variable) implements Ptr {}

    /** What a store to gl_PointSize or gl_ClipDistance reaches: nothing on a 3DS. */
    record Ignored() implements Ptr {}

    VReg reg(int width, String name) {
        return new VReg(nextReg++, width, name);
    }

    // ---- instruction emission -----------------------------------------------------------

    static int full(int width) {
        return (1 << width) - 1;
    }

    /** Appends {@code op} writing a new value of {@code width} components; returns it as an operand. */
    Operand emit(Opc op, int width, Operand... src) {
        VReg r = reg(width, null);
        emitInto(op, r, full(width), true, src);
        return Operand.temp(r);
    }

    /** Appends {@code op} writing components {@code mask} of {@code r}, with its sources made legal first. */
    void emitInto(Opc op, VReg r, int mask, boolean kill, Operand... src) {
        Operand[] s = legal(op, src);
        VInst i = new VInst(op, r, mask, line, s);
        i.kill = kill;
        out.add(new Node.Inst(i));
    }

    /**
     * At most one source may read a c register (a uniform or a pooled constant) and at most one
     * input register: the others are copied into temporaries first. MAD's first source cannot
     * be the wide one, so its factors swap.
     */
    Operand[] legal(Opc op, Operand[] src) {
        Operand[] s = src.clone();
        int wide = -1;
        int input = -1;
        for (int k = 0; k < s.length; k++) {
            if (s[k].wide()) {
                if (wide >= 0) s[k] = copy(s[k]);
                else wide = k;
            } else if (s[k].base() instanceof Operand.Input in) {
                if (input >= 0 && ((Operand.Input) s[input].base()).register() != in.register()) s[k] = copy(s[k]);
                else if (input < 0) input = k;
            }
        }
        if (op == Opc.MAD && s[0].wide()) {
            Operand t = s[0];
            s[0] = s[1];
            s[1] = t;
        }
        return s;
    }

    /** A copy of an operand into a new temporary (its width, components in order). */
    Operand copy(Operand o) {
        VReg r = reg(o.width(), null);
        VInst i = new VInst(Opc.MOV, r, full(o.width()), line, o);
        out.add(new Node.Inst(i));
        return Operand.temp(r);
    }

    // ---- the interface ------------------------------------------------------------------

    private String name(int id) {
        String n = m.names.get(id);
        return n == null || n.isEmpty() ? "%" + id : n;
    }

    private int declLine(int id) {
        Insn v = m.globals.get(id);
        return v == null ? 0 : v.line();
    }

    /** Lays out the inputs, uniforms and outputs the entry point uses. */
    void layout() {
        List<int[]> pinned = new ArrayList<>();
        List<Integer> floating = new ArrayList<>();
        int nextBool = 0;
        for (Map.Entry<Integer, Insn> e : m.globals.entrySet()) {
            int id = e.getKey();
            Insn v = e.getValue();
            Type.Pointer p = (Type.Pointer) m.type(v.word(0));
            Type t = p.pointee();
            int storage = v.word(2);
            line = v.line() > 0 ? v.line() : declarationLine(id);
            switch (storage) {
                case Op.Input -> {
                    if (geometry) geometryInput(id, t);
                    else input(id, t);
                }
                case Op.Output -> output(id, t);
                case Op.UniformConstant, Op.Uniform -> {
                    if (t instanceof Type.Other || containsOpaque(t)) continue; // samplers: an error where they are used
                    // OpenGL starts a uniform at its initializer; a DVLE has no default for a uniform (a register
                    // bound by bind_symbol cannot also be a constant, sdk-dialect.md 7.1): it holds what the host uploads
                    if (v.count() > 3) warnings.add(new Object[] {line, "uniform '" + name(id) + "' has an initializer, which the 3DS does not keep: it holds what the host uploads (C3D_FVUnifSet ...) and is ignored"});
                    if (t instanceof Type.Scalar s && s.kind() == Type.ScalarKind.BOOL) {
                        if (nextBool > 14) throw new CompileError(Problem.SHADER_INTERFACE, line, "too many bool uniforms: b0-b14 hold 15 (b15 belongs to geometry shaders)");
                        uniformBase.put(id, nextBool);
                        iface.uniforms.add(new Reflection.Uniform(name(id), RegisterFile.BOOL_UNIFORM, nextBool, 1, Reflection.UniformKind.BOOL, "bool"));
                        nextBool++;
                        continue;
                    }
                    if (containsBool(t)) throw new CompileError(Problem.SHADER_INTERFACE, line, "'" + name(id) + "': bool vectors, arrays and members are not supported as uniforms; use float or a bool scalar");
                    int loc = m.decoration(id, Op.Location, -1);
                    if (loc >= 0 && !autoLocated.contains(name(id))) pinned.add(new int[] {id, loc});
                    else floating.add(id);
                }
                case Op.Private, Op.FunctionStorage -> {
                    if (t instanceof Type.Scalar || t instanceof Type.Vector) variables.put(id, reg(Type.width(t), name(id)));
                    else if (registerArray(t)) arrays.put(id, arrayElements((Type.Array) t, name(id)));
                    else if (slotsAggregate(t)) aggregates.put(id, slots(t, name(id)));
                }
                default -> { }
            }
        }
        boolean[] used = new boolean[96];
        for (int[] pin : pinned) {
            Insn v = m.globals.get(pin[0]);
            line = declarationLine(pin[0]);
            Type t = ((Type.Pointer) m.type(v.word(0))).pointee();
            int n = Type.registers(t);
            if (pin[1] + n > 96) throw new CompileError(Problem.SHADER_INTERFACE, line, "'" + name(pin[0]) + "' at location " + pin[1] + " needs c" + pin[1] + "-c" + (pin[1] + n - 1) + ": there are 96 float uniform registers (c0-c95)");
            for (int k = pin[1]; k < pin[1] + n; k++) {
                if (used[k]) throw new CompileError(Problem.SHADER_INTERFACE, line, "'" + name(pin[0]) + "' at location " + pin[1] + " overlaps another uniform at c" + k);
                used[k] = true;
            }
            placeUniform(pin[0], t, pin[1]);
        }
        int next = 0;
        for (int id : floating) {
            Insn v = m.globals.get(id);
            line = declarationLine(id);
            Type t = ((Type.Pointer) m.type(v.word(0))).pointee();
            int n = Type.registers(t);
            int at = next;
            while (true) {
                boolean free = at + n <= 96;
                for (int k = at; free && k < at + n; k++) free = !used[k];
                if (free || at + n > 96) break;
                at++;
            }
            if (at + n > 96) throw new CompileError(Problem.SHADER_INTERFACE, line, "uniforms take more than the 96 float registers (c0-c95): '" + name(id) + "' needs " + n + " more; shorten its arrays or pass fewer uniforms");
            for (int k = at; k < at + n; k++) used[k] = true;
            placeUniform(id, t, at);
            next = at + n;
        }
        int top = 0;
        for (int k = 0; k < 96; k++) if (used[k]) top = k + 1;
        uniformRegisters = top;
        iface.uniforms.sort((a, b) -> a.file() != b.file() ? a.file().compareTo(b.file()) : Integer.compare(a.first(), b.first()));
    }

    private static boolean containsOpaque(Type t) {
        if (t instanceof Type.Other) return true;
        if (t instanceof Type.Array a) return containsOpaque(a.element());
        if (t instanceof Type.Struct s) for (Type x : s.members()) if (containsOpaque(x)) return true;
        return false;
    }

    private static boolean containsBool(Type t) {
        if (Type.kind(t) == Type.ScalarKind.BOOL) return true;
        if (t instanceof Type.Array a) return containsBool(a.element());
        if (t instanceof Type.Struct s) for (Type x : s.members()) if (containsBool(x)) return true;
        return false;
    }

    /** Records the uniform (a struct or block: each member by name) at c{@code at}. */
    private void placeUniform(int id, Type t, int at) {
        uniformBase.put(id, at);
        if (t instanceof Type.Struct s) {
            int structId = ((Type.Pointer) m.type(m.globals.get(id).word(0))).pointee() == t ? pointeeId(id) : -1;
            boolean block = structId >= 0 && m.decorated(structId, Op.Block);
            recordMembers(block ? "" : name(id) + ".", s, structId, at);
        } else {
            record(name(id), t, at);
        }
    }

    /** A struct's members at c{@code at} on, each by its GLSL name ("sun.direction" for a struct member of a struct or block). */
    private void recordMembers(String prefix, Type.Struct s, int structId, int at) {
        int k = at;
        for (int i = 0; i < s.members().size(); i++) {
            Type mt = s.members().get(i);
            String mn = m.memberName(structId, i);
            if (mt instanceof Type.Struct inner) recordMembers(prefix + mn + ".", inner, typeId(inner), k);
            else record(prefix + mn, mt, k);
            k += Type.registers(mt);
        }
    }

    /** The id of this type object in the module, or -1. */
    private int typeId(Type t) {
        for (Map.Entry<Integer, Type> e : m.types.entrySet()) if (e.getValue() == t) return e.getKey();
        return -1;
    }

    private int pointeeId(int variable) {
        return m.pointeeIds.getOrDefault(m.globals.get(variable).word(0), -1);
    }

    private void record(String name, Type t, int at) {
        Reflection.UniformKind kind = t instanceof Type.Matrix || (t instanceof Type.Array a && a.element() instanceof Type.Matrix)
                ? Reflection.UniformKind.MATRIX_ROWS
                : Type.kind(baseElement(t)) == Type.ScalarKind.FLOAT ? Reflection.UniformKind.FLOAT : Reflection.UniformKind.INT_AS_FLOAT;
        iface.uniforms.add(new Reflection.Uniform(name, RegisterFile.FLOAT_UNIFORM, at, Type.registers(t), kind, Type.glsl(t)));
    }

    private static Type baseElement(Type t) {
        while (t instanceof Type.Array a) t = a.element();
        if (t instanceof Type.Matrix mx) return mx.column().component();
        return t;
    }

    private void input(int id, Type t) {
        if (m.decorated(id, Op.BuiltIn)) {
            int b = m.decoration(id, Op.BuiltIn, -1);
            String builtIn = b == Op.VertexIndex || b == Op.VertexId ? "gl_VertexID" : b == Op.InstanceIndex || b == Op.InstanceId ? "gl_InstanceID" : "built-in input " + b;
            // a built-in has no declaration: the error is at its first use in the main file
            int[] use = line == 0 ? source.firstUse(builtIn) : null;
            throw new CompileError(Problem.GLSL_UNSUPPORTED, use != null ? mainKey | use[0] : line, builtIn + " does not exist on the 3DS: pass the value as an input attribute");
        }
        int loc = m.decoration(id, Op.Location, -1);
        if (loc < 0) throw new CompileError(Problem.SHADER_INTERFACE, line, "input '" + name(id) + "' needs layout(location = N): location N is register vN");
        // a matCxR (a per-instance transform) takes C registers from its location on, a column each, as in OpenGL
        int registers = t instanceof Type.Matrix mt && mt.column().component().kind() == Type.ScalarKind.FLOAT ? mt.columns() : 1;
        if (registers == 1 && (!(t instanceof Type.Scalar || t instanceof Type.Vector) || Type.kind(t) != Type.ScalarKind.FLOAT)) {
            throw new CompileError(Problem.SHADER_INTERFACE, line, "input '" + name(id) + "' is a " + Type.glsl(t) + ": an input is a float, vec2, vec3, vec4 or a float matrix, a v register each (a column each) (the vertex loader writes floats; convert with int() where an integer is needed)");
        }
        if (loc + registers - 1 > 15) throw new CompileError(Problem.SHADER_INTERFACE, line, "input '" + name(id) + "' at location " + loc + (registers > 1 ? " (" + registers + " registers)" : "") + ": there are 16 input registers (v0-v15)");
        for (Reflection.Input other : iface.inputs) {
            if (other.register() < loc + registers && loc < other.register() + other.registers()) {
                throw new CompileError(Problem.SHADER_INTERFACE, line, "inputs '" + other.name() + "' and '" + name(id) + "' both at location " + Math.max(loc, other.register()));
            }
        }
        inputRegister.put(id, loc);
        iface.inputs.add(registers > 1 ? new Reflection.Input(name(id), loc, ((Type.Matrix) t).rows(), registers) : new Reflection.Input(name(id), loc, Type.width(t)));
    }

    /**
     * A geometry shader's input: gl_in (an array of gl_PerVertex, whose gl_Position is each
     * vertex's first register) or {@code layout(location = N) in T name[]}, one register per
     * vertex. The registers of a vertex are what the vertex shader's outputs o0, o1, ... hold
     * (o0 its gl_Position, then its outputs by location, docs/glsl.md section 3), so the inputs
     * take them in the same order: gl_Position first, then by location.
     */
    private void geometryInput(int id, Type t) {
        if (m.decoration(id, Op.BuiltIn, -1) == Op.Position && t instanceof Type.Array) {
            // HLSL's SV_Position input (glslang: an array of the built-in, not gl_in's block): each vertex's first register
            vertexSlot.put(id, 0);
            return;
        }
        if (m.decorated(id, Op.BuiltIn)) {
            int b = m.decoration(id, Op.BuiltIn, -1);
            throw new CompileError(Problem.GLSL_UNSUPPORTED, line, (b == 7 ? "gl_PrimitiveIDIn" : b == 8 ? "gl_InvocationID" : "built-in input " + b)
                    + " does not exist on the 3DS's geometry unit");
        }
        if (!(t instanceof Type.Array a)) {
            throw new CompileError(Problem.SHADER_INTERFACE, line, "geometry shader input '" + name(id) + "' must be an array, one element per vertex of the primitive (declare it '" + name(id) + "[]')");
        }
        Type e = a.element();
        if (e instanceof Type.Struct st) {
            // gl_in: the struct whose member 0 is the built-in Position (glslang's gl_PerVertex)
            boolean perVertex = false;
            for (Map.Entry<Integer, Type> x : m.types.entrySet()) {
                if (x.getValue() == st && m.memberDecoration(x.getKey(), 0, Op.BuiltIn, -1) == Op.Position) perVertex = true;
            }
            if (!perVertex) {
                throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "input block '" + name(id) + "': declare each per-vertex input as 'layout(location = N) in T name[]'");
            }
            gsInId = id;
            vertexSlot.put(id, 0);
            return;
        }
        int loc = m.decoration(id, Op.Location, -1);
        if (loc < 0) throw new CompileError(Problem.SHADER_INTERFACE, line, "input '" + name(id) + "' needs layout(location = N): the vertex shader's output at location N");
        if (loc > ShaderInterface.GENERIC_LAST || (loc >= ShaderInterface.LOCATIONS.length && loc < ShaderInterface.GENERIC_FIRST)) {
            throw new CompileError(Problem.SHADER_INTERFACE, line, "input '" + name(id) + "' at location " + loc + ": a geometry shader reads a vertex shader's outputs, " + ShaderInterface.table());
        }
        if (!(e instanceof Type.Scalar || e instanceof Type.Vector) || Type.kind(e) != Type.ScalarKind.FLOAT) {
            throw new CompileError(Problem.SHADER_INTERFACE, line, "input '" + name(id) + "' is an array of " + Type.glsl(e) + ": a per-vertex input is a float, vec2, vec3 or vec4 (one register a vertex)");
        }
        if (vertexInputs.containsKey(loc)) {
            throw new CompileError(Problem.SHADER_INTERFACE, line, "inputs '" + vertexInputs.get(loc)[1] + "' and '" + name(id) + "' both at location " + loc);
        }
        vertexInputs.put(loc, new Object[] {id, name(id), Type.width(e)});
    }

    /** Every per-vertex input the source declares, by location (name), read or not: each takes its register of a vertex. */
    public void declaredVertexInputs(Map<Integer, String> declared) {
        declaredInputs = declared;
    }

    private Map<Integer, String> declaredInputs = Map.of();

    /** The geometry shader's layout once every input is known: registers per vertex, the primitive, the stride. */
    private void geometryLayout() {
        String prim;
        Map<Integer, Integer> modes = m.executionModes;
        if (modes.containsKey(Op.InputPoints)) {
            prim = "points";
            verticesPerPrimitive = 1;
        } else if (modes.containsKey(Op.InputLines)) {
            prim = "lines";
            verticesPerPrimitive = 2;
        } else if (modes.containsKey(Op.InputLinesAdjacency)) {
            prim = "lines_adjacency";
            verticesPerPrimitive = 4;
        } else if (modes.containsKey(Op.InputTrianglesAdjacency)) {
            prim = "triangles_adjacency";
            verticesPerPrimitive = 6;
        } else {
            prim = "triangles";
            verticesPerPrimitive = 3;
        }
        line = mainKey;
        if (!modes.containsKey(Op.OutputTriangleStrip)) {
            throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "the 3DS's geometry unit emits triangles only: declare 'layout(triangle_strip, max_vertices = N) out;' (points and line strips have no PICA200 primitive)");
        }
        if (modes.getOrDefault(Op.Invocations, 1) > 1) {
            throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "layout(invocations = " + modes.get(Op.Invocations) + "): the 3DS runs a geometry shader once a primitive");
        }
        java.util.TreeMap<Integer, String> all = new java.util.TreeMap<>(declaredInputs);
        for (Map.Entry<Integer, Object[]> e : vertexInputs.entrySet()) all.put(e.getKey(), (String) e.getValue()[1]);
        List<String> regs = new ArrayList<>();
        List<Integer> locations = new ArrayList<>();
        regs.add("gl_Position");
        locations.add(-1);
        for (Map.Entry<Integer, String> e : all.entrySet()) {
            Object[] used = vertexInputs.get(e.getKey());
            if (used != null) vertexSlot.put((Integer) used[0], regs.size());
            regs.add(e.getValue());
            locations.add(e.getKey());
        }
        registersPerVertex = regs.size();
        if (verticesPerPrimitive * registersPerVertex > 16) {
            throw new CompileError(Problem.SHADER_INTERFACE, line, "a primitive of " + verticesPerPrimitive + " vertices of " + registersPerVertex + " registers (" + String.join(", ", regs)
                    + ") needs " + verticesPerPrimitive * registersPerVertex + " input registers: the geometry unit takes 16 (v0-v15) an invocation");
        }
        iface.geometry = new Reflection.Geometry(prim, verticesPerPrimitive, regs, locations, modes.getOrDefault(Op.OutputVertices, 0));
    }

    /** gl_in or a per-vertex input array. */
    record VertexArrayPtr(int variable, int slot, Type element, boolean block) implements Ptr {}

    /** gl_in[k]: vertex k's gl_PerVertex, whose gl_Position is register {@code register}. */
    record VertexBlockPtr(int register) implements Ptr {}

    /** Vertex {@code index}'s element of a per-vertex input; the index must be a constant (v registers cannot be indexed). */
    Ptr vertexElement(VertexArrayPtr p, Double index) {
        if (index == null) {
            throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "'" + name(p.variable()) + "' indexed at run time: v registers cannot be indexed on the 3DS; "
                    + "index it with a constant or in a loop with a constant count (such loops are unrolled)");
        }
        int k = index.intValue();
        if (k < 0 || k >= verticesPerPrimitive) {
            throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "'" + name(p.variable()) + "[" + k + "]': the primitive has " + verticesPerPrimitive + " vertices");
        }
        int register = k * registersPerVertex + p.slot();
        if (p.block()) return new VertexBlockPtr(register);
        return new InputPtr(register, p.element(), null);
    }

    /** A member of gl_in[k]: gl_Position, or an error (the vertex shader's other built-ins do not reach the geometry unit). */
    Ptr vertexMember(VertexBlockPtr b, Double member) {
        if (member != null && member.intValue() == 0) return new InputPtr(b.register(), new Type.Vector(new Type.Scalar(Type.ScalarKind.FLOAT), 4), null);
        throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "gl_in[k]: only gl_Position reaches a 3DS geometry shader (gl_PointSize and gl_ClipDistance do not exist)");
    }

    /**
     * EmitVertex(): every output copied to its o register, then SETEMIT and EMIT. A strip's
     * vertex k takes vertex slot k mod 3 and, from k = 2 on, completes a triangle: slots 0, 1, 2
     * in order, or 1, 0, 2 with the winding bit, which is set for odd triangles (k odd). Each
     * triangle is then GL's strip triangle k - 2 ((k-2, k-1, k) for even k - 2, (k-1, k-2, k)
     * for odd) with its vertices rotated, the same facing (docs/glsl.md, "Geometry shaders").
     */
    void emitVertex() {
        if (emitted == UNKNOWN) {
            throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "how many vertices this strip has before this EmitVertex() is not known at compile time "
                    + "(an if whose arms emit different counts, or a loop whose count is not a constant): the 3DS sets each vertex's triangle and winding "
                    + "with constants; end the strip with EndPrimitive() in each arm, or give the loop a constant count");
        }
        for (ShaderInterface.Out o : iface.outputs) {
            VInst mov = new VInst(Opc.MOV, null, o.output().mask(), line, Operand.temp(o.value()));
            mov.output = o.output().register();
            out.add(new Node.Inst(mov));
        }
        int k = emitted;
        VInst e = new VInst(Opc.EMIT, null, 0, line);
        e.cmpX = k % 3;
        e.cmpY = k >= 2 ? 1 | ((k & 1) << 1) : 0;
        out.add(new Node.Inst(e));
        emitted = k + 1;
    }

    /** EndPrimitive(): the next vertex starts a new strip (no instruction: the next SETEMIT says so). */
    void endPrimitive() {
        emitted = 0;
    }

    private final Map<Integer, OutputSemantic> outputSemantics = new HashMap<>();
    private final List<Object[]> pendingOutputs = new ArrayList<>();

    private void output(int id, Type t) {
        if (t instanceof Type.Struct s) {
            int sid = pointeeId(id);
            Map<Integer, VReg> members = new HashMap<>();
            boolean perVertex = false;
            for (int k = 0; k < s.members().size(); k++) perVertex |= sid >= 0 && m.memberDecoration(sid, k, Op.BuiltIn, -1) >= 0;
            if (!perVertex) {
                // a block of the program's own outputs (out VS_OUT { vec3 FragPos; ... } vs_out): each
                // member an output, at the block's location counting up, or at its own
                int loc = m.decoration(id, Op.Location, -1);
                String block = sid >= 0 && m.names.get(sid) != null && !m.names.get(sid).isEmpty() ? m.names.get(sid) : name(id);
                for (int k = 0; k < s.members().size(); k++) {
                    int own = m.memberDecoration(sid, k, Op.Location, -1);
                    if (own >= 0) loc = own;
                    String member = block + "." + m.memberName(sid, k);
                    if (loc < 0) throw new CompileError(Problem.SHADER_INTERFACE, line, "output block '" + block + "' needs layout(location = N) (its members take N, N + 1, ...): " + ShaderInterface.table());
                    members.put(k, placeOutput(member, loc++, s.members().get(k)));
                }
                outputBlocks.put(id, members);
                return;
            }
            // gl_PerVertex: gl_Position is member with BuiltIn Position
            for (int k = 0; k < s.members().size(); k++) {
                int b = sid < 0 ? -1 : m.memberDecoration(sid, k, Op.BuiltIn, -1);
                if (b == Op.Position) {
                    VReg r = reg(4, "gl_Position");
                    members.put(k, r);
                    pendingOutputs.add(new Object[] {-1, "gl_Position", r, line});
                }
            }
            outputBlocks.put(id, members);
            return;
        }
        if (m.decorated(id, Op.BuiltIn)) {
            int b = m.decoration(id, Op.BuiltIn, -1);
            if (b == Op.Position) {
                VReg r = reg(4, "gl_Position");
                variables.put(id, r);
                pendingOutputs.add(new Object[] {-1, "gl_Position", r, line});
            }
            return;
        }
        int loc = m.decoration(id, Op.Location, -1);
        if (loc < 0) throw new CompileError(Problem.SHADER_INTERFACE, line, "output '" + name(id) + "' needs layout(location = N): " + ShaderInterface.table());
        variables.put(id, placeOutput(name(id), loc, t));
    }

    /** The register of output {@code name} at location {@code loc}, checked against the table (docs/glsl.md section 3). */
    private VReg placeOutput(String name, int loc, Type t) {
        if (loc >= ShaderInterface.GENERIC_FIRST && loc <= ShaderInterface.GENERIC_LAST) {
            // data for a geometry shader: a register of its own, no semantic (docs/glsl.md section 3)
            if (geometry) throw new CompileError(Problem.SHADER_INTERFACE, line, "output '" + name + "' at location " + loc
                    + ": locations " + ShaderInterface.GENERIC_FIRST + "-" + ShaderInterface.GENERIC_LAST + " carry a vertex shader's data to a geometry shader; a geometry shader's outputs go to the rasteriser: " + ShaderInterface.table());
            if (!(t instanceof Type.Scalar || t instanceof Type.Vector) || Type.kind(t) != Type.ScalarKind.FLOAT) {
                throw new CompileError(Problem.SHADER_INTERFACE, line, "output '" + name + "' at location " + loc + " is a " + Type.glsl(t)
                        + ": an output is one register, a float, vec2, vec3 or vec4 (locations " + ShaderInterface.GENERIC_FIRST + "-" + ShaderInterface.GENERIC_LAST
                        + " carry a vertex shader's data to a geometry shader; the rasteriser interpolates floats only): " + ShaderInterface.table());
            }
            for (Object[] o : pendingOutputs) {
                if ((int) o[0] == loc) throw new CompileError(Problem.SHADER_INTERFACE, line, "outputs '" + o[1] + "' and '" + name + "' both at location " + loc);
            }
            VReg r = reg(Type.width(t), name);
            pendingOutputs.add(new Object[] {loc, name, r, line});
            return r;
        }
        if (loc >= ShaderInterface.LOCATIONS.length) throw new CompileError(Problem.SHADER_INTERFACE, line, "output '" + name + "' at location " + loc + ": " + ShaderInterface.table());
        OutputSemantic sem = ShaderInterface.LOCATIONS[loc];
        if (!(t instanceof Type.Scalar || t instanceof Type.Vector) || Type.width(t) != sem.components || Type.kind(t) != Type.ScalarKind.FLOAT) {
            throw new CompileError(Problem.SHADER_INTERFACE, line, "output '" + name + "' at location " + loc + " (" + sem.picassoSpelling + ") is a " + Type.glsl(t)
                    + " where a " + ShaderInterface.glslType(sem.components) + " goes: " + ShaderInterface.table());
        }
        for (Object[] o : pendingOutputs) {
            if ((int) o[0] == loc) throw new CompileError(Problem.SHADER_INTERFACE, line, "outputs '" + o[1] + "' and '" + name + "' both at location " + loc);
        }
        VReg r = reg(sem.components, name);
        pendingOutputs.add(new Object[] {loc, name, r, line});
        return r;
    }

    /** o0 is the position, then the outputs in location order, each on its own o register. */
    private void assignOutputs() {
        pendingOutputs.sort((a, b) -> Integer.compare((int) a[0], (int) b[0]));
        boolean position = false;
        for (Object[] o : pendingOutputs) position |= (int) o[0] == -1;
        if (!position) {
            VReg r = reg(4, "gl_Position");
            pendingOutputs.add(0, new Object[] {-1, "gl_Position", r, 0});
        }
        int reg = 0;
        for (Object[] o : pendingOutputs) {
            int loc = (int) o[0];
            boolean generic = loc >= ShaderInterface.GENERIC_FIRST;
            OutputSemantic sem = loc < 0 ? OutputSemantic.POSITION : generic ? OutputSemantic.GENERIC : ShaderInterface.LOCATIONS[loc];
            VReg r = (VReg) o[2];
            iface.outputs.add(new ShaderInterface.Out(new Reflection.Output((String) o[1], loc, sem, reg++, full(generic ? r.width : sem.components)), r, (int) o[3]));
        }
    }

    // ---- the walk -----------------------------------------------------------------------

    /** The structured program of the entry point, its outputs exported at the end. */
    public List<Node> translate() {
        main = m.functions.get(m.entryPoint);
        layout();
        if (geometry) geometryLayout();
        assignOutputs();
        if (geometry && iface.outputs.size() > 7) {
            throw new CompileError(Problem.SHADER_INTERFACE, line, "a geometry shader has seven output registers (o0-o6): gl_Position and at most six outputs");
        }
        List<Node> program = new ArrayList<>();
        out = program;
        for (Insn v : main.variables) {
            Type t = ((Type.Pointer) m.type(v.word(0))).pointee();
            line = v.line();
            if (t instanceof Type.Scalar || t instanceof Type.Vector) {
                VReg r = reg(Type.width(t), name(v.word(1)));
                variables.put(v.word(1), r);
                if (v.count() > 3) emitInto(Opc.MOV, r, full(r.width), true, scalarOrVector(v.word(3)));
            } else {
                if (registerArray(t)) {
                    arrays.put(v.word(1), arrayElements((Type.Array) t, name(v.word(1))));
                } else if (t instanceof Type.Matrix mt) {
                    // a matrix that stays a variable (its column chosen at run time, m[k]): a register a
                    // column, read and written as a local array of its columns
                    arrays.put(v.word(1), arrayElements(new Type.Array(mt.column(), mt.columns()), name(v.word(1))));
                } else if (slotsAggregate(t)) {
                    aggregates.put(v.word(1), slots(t, name(v.word(1))));
                } else {
                    throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "local variable '" + name(v.word(1)) + "' of type " + Type.glsl(t)
                            + " stays in memory after optimisation (an array indexed at run time?): the vertex unit has no memory to keep it in");
                }
                if (v.count() > 3) Ops.store(this, pointer(v.word(1)), value(v.word(3)));
            }
        }
        for (SpirvModule.Block b : main.blocks.values()) {
            for (Insn in : b.body) {
                if (in.opcode() != Op.Phi) continue;
                if (m.type(in.word(0)) instanceof Type.Matrix mt) {
                    // a matrix where paths meet (glslang writes c ? A : B of matrices as an if): a register a column
                    List<VReg> cols = new ArrayList<>();
                    for (int j = 0; j < mt.columns(); j++) cols.add(reg(mt.column().size(), null));
                    matrixPhis.put(in.word(1), cols);
                    continue;
                }
                phiRegs.put(in.word(1), reg(Math.max(1, Type.width(m.type(in.word(0)))), name(in.word(1))));
            }
        }
        walk(main.entry().label, new Ctx(-1, -1, -1, -1), program);
        out = program;
        program.addAll(0, entry);
        return program;
    }

    /** The constructs a walk is inside: the innermost selection merge, the loop's header, merge and continue target. */
    record Ctx(int selectionMerge, int loopHeader, int loopMerge, int loopContinue, int blockMerge) {
        Ctx(int selectionMerge, int loopHeader, int loopMerge, int loopContinue) {
            this(selectionMerge, loopHeader, loopMerge, loopContinue, -1);
        }

        Ctx selection(int merge) {
            return new Ctx(merge, loopHeader, loopMerge, loopContinue, blockMerge);
        }
    }

    record LoopCtx(int header, int merge, int cont) {}

    private void walk(int label, Ctx ctx, List<Node> list) {
        List<Node> saved = out;
        out = list;
        try {
            while (true) {
                SpirvModule.Block b = main.blocks.get(label);
                if (b == null) throw new CompileError(Problem.COMPILER_INTERNAL, line, "branch to a block that does not exist (%" + label + ")");
                if (b.merge != null && b.merge.opcode() == Op.LoopMerge) {
                    label = loop(b, ctx);
                    if (label < 0) return;
                    continue;
                }
                body(b);
                Insn t = b.terminator;
                line = t.line() > 0 ? t.line() : line;
                switch (t.opcode()) {
                    case Op.Branch -> {
                        int x = t.word(0);
                        if (stop(label, x, ctx)) return;
                        edge(label, x);
                        label = x;
                    }
                    case Op.BranchConditional -> {
                        int c = t.word(0), yes = t.word(1), no = t.word(2);
                        if (b.merge != null) {
                            int merge = b.merge.word(0);
                            Ctx inner = ctx.selection(merge);
                            Object cond = values.get(c);
                            int before = emitted;
                            List<Node> thenList = arm(label, yes, inner);
                            int afterThen = emitted;
                            emitted = before;
                            List<Node> elseList = arm(label, no, inner);
                            // the strip's count after the if: the arms' when they agree (or only one runs)
                            Object known = values.get(c);
                            if (known instanceof Boolean kb) emitted = kb ? afterThen : emitted;
                            else if (afterThen != emitted) emitted = UNKNOWN;
                            addIf(c, thenList, elseList);
                            label = merge;
                            if (merge == ctx.loopContinue || merge == ctx.loopMerge || merge == ctx.loopHeader || merge == ctx.selectionMerge) return;
                        } else if (yes == ctx.loopMerge || no == ctx.loopMerge) {
                            boolean onTrue = yes == ctx.loopMerge;
                            edge(label, ctx.loopMerge);
                            addBreak(out, cond(c, onTrue), line);
                            int next = onTrue ? no : yes;
                            if (stop(label, next, ctx)) return;
                            edge(label, next);
                            label = next;
                        } else {
                            throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "unstructured control flow (a conditional branch without a merge)");
                        }
                    }
                    case Op.Return, Op.ReturnValue -> {
                        if (!loops.isEmpty()) throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "a return inside a loop");
                        return;
                    }
                    case Op.Switch -> {
                        label = breakableBlock(b, label, ctx);
                        if (label == ctx.loopContinue || label == ctx.loopMerge || label == ctx.loopHeader || label == ctx.selectionMerge) return;
                    }
                    case Op.Kill -> throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "discard has no meaning in a vertex shader");
                    default -> {
                        return;
                    }
                }
            }
        } finally {
            out = saved;
        }
    }

    /**
     * A switch. Its target known (a constant selector, or spirv-opt's merge-return, which makes
     * an inlined function's early return a "switch" with only a default, left by a branch to its
     * merge): the target walked with the merge as a "skip the rest" jump, which {@link Jumps}
     * turns into the other arm of the if that takes it. Otherwise each case is an if on the
     * selector ({@link #switchCases}). Returns the merge.
     */
    private int breakableBlock(SpirvModule.Block b, int label, Ctx ctx) {
        Insn sw = b.terminator;
        if (b.merge == null) throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "a switch without a merge");
        int merge = b.merge.word(0);
        int target = sw.word(1);
        Double selector = constNumber(sw.word(0));
        Ctx inner = new Ctx(merge, ctx.loopHeader, ctx.loopMerge, ctx.loopContinue, merge);
        int start = out.size();
        LoopExits exits = new LoopExits(ctx.loopHeader);
        switches.push(exits);
        try {
            if (sw.count() > 2 && selector == null) {
                switchCases(sw, label, inner);
            } else {
                for (int k = 2; k + 1 < sw.count(); k += 2) if (selector != null && sw.word(k) == selector.intValue()) target = sw.word(k + 1);
                out.addAll(caseArm(label, target, inner));
            }
        } finally {
            switches.pop();
        }
        exits.takeAfter(start);
        return merge;
    }

    /**
     * A switch's exits from the loop around it. Inside a switch a "skip the rest" marker means
     * "to the switch's merge" ({@link Jumps} cannot tell it from the loop's continue), so a
     * continue (SPIR-V: a branch from within the selection construct to the loop's continue
     * target) or a break of that loop (spirv-opt's merge-return writes one for a return) sets a
     * flag and leaves the switch; after the switch, the flag set is that jump, taken again at the
     * level of the loop's body (or of the switch around this one, in the same loop). Each flag is
     * made when a case needs it and cleared before the switch.
     */
    private final class LoopExits {
        final int loopHeader;
        VReg cont, brk;

        LoopExits(int loopHeader) {
            this.loopHeader = loopHeader;
        }

        /** The jump out of the switch being walked: its flag set, and the rest of the switch skipped. */
        void leave(boolean isBreak) {
            VReg f = isBreak ? brk : cont;
            if (f == null) {
                f = reg(1, null);
                if (isBreak) brk = f;
                else cont = f;
            }
            emitInto(Opc.MOV, f, 1, true, Operand.constant(1f));
            out.add(new Node.Jump(false, line));
        }

        /** Each flag cleared at {@code start} (before the switch's code) and taken after it. */
        void takeAfter(int start) {
            for (VReg f : new VReg[] {cont, brk}) {
                if (f == null) continue;
                VInst clear = new VInst(Opc.MOV, f, 1, line, Operand.constant(0f));
                out.add(start++, new Node.Inst(clear));
                List<Node> jump = new ArrayList<>();
                List<Node> saved = out;
                out = jump;
                try {
                    LoopExits around = switches.peek();
                    if (around != null && around.loopHeader == loopHeader) around.leave(f == brk);
                    else out.add(new Node.Jump(f == brk, line));
                } finally {
                    out = saved;
                }
                out.add(new Node.If(nonZero(Operand.temp(f)), jump, List.of(), line));
            }
        }
    }

    /** The ifs {@link Jumps} gave an escape flag, by identity (Node.If compares by value). */
    final Set<Node> escaped = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    /** The switches being walked, innermost first. */
    private final Deque<LoopExits> switches = new ArrayDeque<>();

    /** The code of a switch's case from its target to the merge (a fallthrough walks on into the next case's code), its jumps resolved. */
    private List<Node> caseArm(int from, int target, Ctx inner) {
        List<Node> list = new ArrayList<>();
        List<Node> saved = out;
        out = list;
        try {
            if (!stop(from, target, inner)) {
                edge(from, target);
                walk(target, inner, list);
            }
        } finally {
            out = saved;
        }
        return Jumps.resolve(list, this);
    }

    /**
     * A switch on a value: the cases of each target form one if on the selector (equal to one of
     * their values), the default the last else; up to four targets as an if/else chain, more as
     * a row of ifs (the IF stack holds 8) with the default under "none of the values" as data.
     * The selector is an SSA value, so a case's code cannot change what the next if tests. A
     * case that falls through has the next case's code walked into its own.
     */
    private void switchCases(Insn sw, int label, Ctx inner) {
        Operand sel = scalarOrVector(sw.word(0));
        int dflt = sw.word(1);
        java.util.LinkedHashMap<Integer, List<Float>> byTarget = new java.util.LinkedHashMap<>();
        List<Float> all = new ArrayList<>();
        for (int k = 2; k + 1 < sw.count(); k += 2) {
            float v = m.typeOfValue(sw.word(0)) instanceof Type.Scalar sc && sc.kind() == Type.ScalarKind.UINT
                    ? (float) Integer.toUnsignedLong(sw.word(k)) : (float) sw.word(k);
            if (sw.word(k + 1) == dflt) continue; // "case 3: default:": the default's code covers it
            byTarget.computeIfAbsent(sw.word(k + 1), x -> new ArrayList<>()).add(v);
            all.add(v);
        }
        List<Integer> targets = new ArrayList<>(byTarget.keySet());
        sharedBlocks.addAll(fallenInto(dflt, targets, inner));
        if (targets.size() <= 4) {
            List<Node> chain = caseArm(label, dflt, inner);
            for (int k = targets.size() - 1; k >= 0; k--) {
                List<Node> arm = caseArm(label, targets.get(k), inner);
                List<Node> rest = chain;
                chain = new ArrayList<>();
                Node.Cond c = matches(sel, byTarget.get(targets.get(k)), chain);
                chain.add(new Node.If(c, arm, rest, line));
            }
            out.addAll(chain);
            return;
        }
        for (int t : targets) {
            List<Node> arm = caseArm(label, t, inner);
            Node.Cond c = matches(sel, byTarget.get(t), out);
            out.add(new Node.If(c, arm, List.of(), line));
        }
        List<Node> arm = caseArm(label, dflt, inner);
        if (!arm.isEmpty()) {
            List<Node> saved = out;
            List<Node> test = new ArrayList<>();
            out = test;
            Operand any;
            try {
                any = anyEqual(sel, all);
            } finally {
                out = saved;
            }
            out.addAll(test);
            out.add(new Node.If(nonZero(any).not(), arm, List.of(), line));
        }
    }

    /**
     * The blocks of a switch that more than one case reaches (a case that falls through walks on
     * into the next case's code): each is walked once per case that reaches it, and a value it
     * defines is used after the merge (the block dominates it) whichever walk ran, so
     * {@link #body} writes such values to one register ({@link #sharedValues}) on every walk.
     */
    private Set<Integer> fallenInto(int dflt, List<Integer> targets, Ctx inner) {
        Map<Integer, Integer> reachedBy = new HashMap<>();
        List<Integer> all = new ArrayList<>(targets);
        all.add(dflt);
        Set<Integer> shared = new java.util.HashSet<>();
        for (int t : all) {
            Deque<Integer> todo = new ArrayDeque<>(List.of(t));
            Set<Integer> seen = new java.util.HashSet<>();
            while (!todo.isEmpty()) {
                int id = todo.pop();
                if (id == inner.selectionMerge() || id == inner.loopContinue() || id == inner.loopMerge() || id == inner.loopHeader() || !seen.add(id)) continue;
                SpirvModule.Block b = main.blocks.get(id);
                if (b == null) continue;
                if (reachedBy.merge(id, 1, Integer::sum) > 1) shared.add(id);
                todo.addAll(successors(b));
            }
        }
        return shared;
    }

    /** Blocks walked more than once, as cases fall into them ({@link #fallenInto}). */
    private final Set<Integer> sharedBlocks = new java.util.HashSet<>();
    /** The register each data value of a {@link #sharedBlocks shared block} is written to on every walk. */
    private final Map<Integer, VReg> sharedValues = new HashMap<>();

    /** "sel is one of values" as a condition; code it needs goes to {@code into}. */
    private Node.Cond matches(Operand sel, List<Float> values, List<Node> into) {
        if (values.size() == 1) return condOf(new Cmp(0, sel, Operand.constant(values.get(0))));
        if (values.size() == 2) return condOf(new CmpPair(new Cmp(0, sel, Operand.constant(values.get(0))), new Cmp(0, sel, Operand.constant(values.get(1))), false));
        List<Node> saved = out;
        out = into;
        try {
            return nonZero(anyEqual(sel, values));
        } finally {
            out = saved;
        }
    }

    /** 1.0 where {@code sel} equals one of {@code values}, else 0.0 (SGE pairs, MAX). */
    private Operand anyEqual(Operand sel, List<Float> values) {
        Operand acc = null;
        for (float v : values) {
            Operand eq = builtins.compareData(0, sel, Operand.constant(v));
            acc = acc == null ? eq : emit(Opc.MAX, 1, acc, eq);
        }
        return acc;
    }

    /** An arm of a selection: empty when it goes straight to the merge (its phi copies only). */
    private List<Node> arm(int from, int target, Ctx ctx) {
        List<Node> list = new ArrayList<>();
        List<Node> saved = out;
        out = list;
        try {
            if (!stop(from, target, ctx)) {
                edge(from, target);
                walk(target, ctx, list);
            }
        } finally {
            out = saved;
        }
        return list;
    }

    /** Whether {@code to} ends the walk: a merge, a continue (a marker), a loop's merge (a marker) or its header (the back edge). */
    private boolean stop(int from, int to, Ctx ctx) {
        if (to == ctx.selectionMerge) {
            edge(from, to);
            return true;
        }
        if (to == ctx.blockMerge) {
            // leaving a breakable block early: the rest of it is skipped
            edge(from, to);
            out.add(new Node.Jump(false, line));
            return true;
        }
        if ((to == ctx.loopContinue || to == ctx.loopMerge) && ctx.loopHeader >= 0 && !switches.isEmpty() && switches.peek().loopHeader == ctx.loopHeader) {
            edge(from, to);
            switches.peek().leave(to == ctx.loopMerge);
            return true;
        }
        if (to == ctx.loopContinue) {
            edge(from, to);
            out.add(new Node.Jump(false, line));
            return true;
        }
        if (to == ctx.loopMerge) {
            edge(from, to);
            out.add(new Node.Jump(true, line));
            return true;
        }
        if (to == ctx.loopHeader) {
            edge(from, to);
            return true;
        }
        return false;
    }

    /** The phi copies of the edge {@code from -> to}, as a parallel copy (through temporaries when one reads another's target). */
    private void edge(int from, int to) {
        SpirvModule.Block b = main.blocks.get(to);
        if (b == null) return;
        List<VReg> dsts = new ArrayList<>();
        List<Operand> srcs = new ArrayList<>();
        for (Insn in : b.body) {
            if (in.opcode() != Op.Phi) continue;
            for (int k = 2; k + 1 < in.count(); k += 2) {
                if (in.word(k + 1) != from) continue;
                Object v = value(in.word(k));
                List<VReg> cols = matrixPhis.get(in.word(1));
                if (cols != null) {
                    Mat mt = Ops.mat(this, v);
                    for (int j = 0; j < cols.size(); j++) {
                        dsts.add(cols.get(j));
                        srcs.add(data(Ops.column(this, mt, j), cols.get(j).width));
                    }
                    continue;
                }
                VReg d = phiRegs.get(in.word(1));
                dsts.add(d);
                srcs.add(data(v, d.width));
            }
        }
        boolean overlap = false;
        for (Operand s : srcs) {
            for (VReg d : dsts) overlap |= reads(s, d);
        }
        if (overlap) {
            List<Operand> temps = new ArrayList<>();
            for (Operand s : srcs) temps.add(copy(s));
            srcs = temps;
        }
        for (int k = 0; k < dsts.size(); k++) {
            Operand s = srcs.get(k);
            if (s.base() instanceof Operand.Temp t && t.reg() == dsts.get(k) && isIdentity(s)) continue;
            emitInto(Opc.MOV, dsts.get(k), full(dsts.get(k).width), true, s);
        }
    }

    /**
     * Whether {@code o} reads {@code r}: as its register, or as the index of a uniform array it
     * reads ({@code arr[i]} with i a phi the same parallel copy sets: the copy that reads the
     * array must come before the one that moves i on).
     */
    static boolean reads(Operand o, VReg r) {
        if (o.base() instanceof Operand.Temp t) return t.reg() == r;
        return o.base() instanceof Operand.Uniform u && u.indexValue() != null && reads(u.indexValue(), r);
    }

    static boolean isIdentity(Operand o) {
        if (o.negated()) return false;
        for (int k = 0; k < o.comps().length; k++) if (o.comps()[k] != k) return false;
        return true;
    }

    /** Whether a block of the loop construct headed by {@code h} (up to its merge) heads a loop of its own. */
    private boolean hasInnerLoop(SpirvModule.Block h, int merge) {
        Deque<Integer> todo = new ArrayDeque<>(successors(h));
        java.util.Set<Integer> seen = new java.util.HashSet<>(List.of(h.label, merge));
        while (!todo.isEmpty()) {
            int id = todo.pop();
            if (!seen.add(id)) continue;
            SpirvModule.Block b = main.blocks.get(id);
            if (b == null) continue;
            if (b.merge != null && b.merge.opcode() == Op.LoopMerge) return true;
            todo.addAll(successors(b));
        }
        return false;
    }

    private static List<Integer> successors(SpirvModule.Block b) {
        Insn t = b.terminator;
        return switch (t.opcode()) {
            case Op.Branch -> List.of(t.word(0));
            case Op.BranchConditional -> List.of(t.word(1), t.word(2));
            case Op.Switch -> {
                List<Integer> s = new ArrayList<>(List.of(t.word(1)));
                for (int k = 3; k < t.count(); k += 2) s.add(t.word(k));
                yield s;
            }
            default -> List.of();
        };
    }

    /** A loop construct from its header; returns the merge block to go on with. */
    private int loop(SpirvModule.Block h, Ctx outer) {
        int merge = h.merge.word(0), cont = h.merge.word(1);
        int startLine = line;
        boolean emits = geometry && loopEmitsOrReadsVertices(h, merge);
        if (emits) {
            int[] c = countedLoop(h, cont);
            if (c != null) return unrolledLoop(h, c[0], lastCounter);
        }
        int emittedBefore = emitted;
        List<Node> body = new ArrayList<>();
        Ctx ctx = new Ctx(-1, h.label, merge, cont);
        loops.push(new LoopCtx(h.label, merge, cont));
        int[] counted = countedLoop(h, cont);
        // an inner LOOP sets aL and leaves it at its own last value, and the outer ENDLOOP adds
        // its step to that (Azahar's interpreter, shader_interpreter.cpp: LOOP loads aL, no stack
        // keeps it), so only a loop without a loop inside may read its counter as aL
        if (counted != null && !hasInnerLoop(h, merge)) alPhis.push(counted[3]);
        else alPhis.push(-1);
        List<Node> saved = out;
        out = body;
        boolean onePass = false;
        // a counted loop leaves through its header only after the last pass, when LOOP ends
        // without running the header again: the header's exit copies go after the back edge's
        List<Node> headerExit = new ArrayList<>();
        try {
            body(h);
            Insn t = h.terminator;
            int next;
            if (t.opcode() == Op.BranchConditional) {
                int c = t.word(0), yes = t.word(1), no = t.word(2);
                if (no == merge || yes == merge) {
                    if (counted == null) {
                        edge(h.label, merge);
                        addBreak(out, cond(c, yes == merge), line);
                    } else {
                        out = headerExit;
                        edge(h.label, merge);
                        out = body;
                    }
                    next = yes == merge ? no : yes;
                } else {
                    throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "a loop header that branches inside the loop both ways");
                }
            } else {
                next = t.word(0);
            }
            if (next != cont) {
                edge(h.label, next);
                walk(next, ctx, body);
            } else {
                edge(h.label, cont);
            }
            List<Node> resolvedBody = Jumps.resolve(body, this);
            body.clear();
            body.addAll(resolvedBody);
            if (Jumps.endsInBreak(body)) {
                // the body always leaves: one pass, and the continue construct never runs
                body.remove(body.size() - 1);
                onePass = true;
            } else if (cont != h.label) {
                // the continue construct, up to the back edge
                walkContinue(cont, h.label, merge, body);
                if (Jumps.endsInBreak(body)) {
                    body.remove(body.size() - 1);
                    onePass = true;
                }
            }
            if (!onePass) body.addAll(headerExit);
        } finally {
            out = saved;
            loops.pop();
            alPhis.pop();
        }
        List<Node> resolved = body;
        if (emits && emitted != emittedBefore) {
            line = startLine;
            throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "this loop emits vertices and its count is not a constant, so how many vertices each pass's EmitVertex() follows is not known at compile time "
                    + "(the 3DS sets each vertex's triangle and winding with constants): give the loop a constant count (it is then unrolled), or end the strip with EndPrimitive() at the end of each pass");
        }
        int count = onePass ? 1 : counted != null ? counted[0] : 256;
        if (counted == null && !onePass) {
            warnings.add(new Object[] {startLine, "this loop's trip count is not a constant: the 3DS runs it at most 256 times"});
        }
        int start = counted != null ? counted[1] : 0, step = counted != null ? counted[2] : 0;
        registerLoop(count, start, step);
        // aL holds the counter in the body only when the body reads it as aL
        String counter = counted != null && !hasInnerLoop(h, merge) && !onePass ? debugName(counted[3]) : null;
        out.add(new Node.Loop(count, start, step, resolved, startLine, counter));
        return merge;
    }

    /** Whether the loop construct holds an EmitVertex, an EndPrimitive or an access to a per-vertex input (all need constants: such a loop is unrolled). */
    private boolean loopEmitsOrReadsVertices(SpirvModule.Block h, int merge) {
        Deque<Integer> todo = new ArrayDeque<>(List.of(h.label));
        java.util.Set<Integer> seen = new java.util.HashSet<>(List.of(merge));
        while (!todo.isEmpty()) {
            int id = todo.pop();
            if (!seen.add(id)) continue;
            SpirvModule.Block b = main.blocks.get(id);
            if (b == null) continue;
            for (Insn in : b.body) {
                int op = in.opcode();
                if (op == Op.EmitVertex || op == Op.EndPrimitive) return true;
                if ((op == Op.AccessChain || op == Op.InBoundsAccessChain) && vertexSlot.containsKey(in.word(2))) return true;
            }
            todo.addAll(successors(b));
        }
        return false;
    }

    /**
     * A geometry shader's loop with a constant count that emits vertices or reads them: walked
     * once per pass with its counter bound to the pass's value (the SETEMIT of each vertex and
     * the v register of gl_in[i] are constants). A break would leave the unrolled passes at run
     * time, which constants cannot follow: it is an error. Returns the merge block.
     */
    private int unrolledLoop(SpirvModule.Block h, int count, double[] counter) {
        int merge = h.merge.word(0), cont = h.merge.word(1);
        int phi = (int) counter[0];
        Ctx ctx = new Ctx(-1, h.label, merge, cont);
        Type ct = m.typeOfValue(phi);
        boolean isFloat = ct instanceof Type.Scalar sc && sc.kind() == Type.ScalarKind.FLOAT;
        int startLine = line;
        for (int pass = 0; pass <= count; pass++) {
            double v = counter[1] + pass * counter[2];
            pinnedPhis.put(phi, Operand.constant(isFloat ? (float) v : (float) (long) v));
            body(h);
            Insn t = h.terminator;
            if (pass == count) {
                edge(h.label, merge);
                break;
            }
            int next = t.opcode() == Op.BranchConditional ? (t.word(1) == merge ? t.word(2) : t.word(1)) : t.word(0);
            List<Node> body = new ArrayList<>();
            loops.push(new LoopCtx(h.label, merge, cont));
            alPhis.push(-1);
            try {
                List<Node> saved = out;
                out = body;
                try {
                    if (next != cont) {
                        edge(h.label, next);
                        walk(next, ctx, body);
                    } else {
                        edge(h.label, cont);
                    }
                } finally {
                    out = saved;
                }
                List<Node> resolved = Jumps.resolve(body, this);
                body.clear();
                body.addAll(resolved);
                if (cont != h.label) walkContinue(cont, h.label, merge, body);
            } finally {
                loops.pop();
                alPhis.pop();
            }
            if (containsJump(body)) {
                line = startLine;
                throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "a break in a loop that emits vertices or reads gl_in: the loop is unrolled (each vertex's SETEMIT is a constant), and a break cannot leave unrolled passes; use an if around the rest");
            }
            out.addAll(body);
        }
        pinnedPhis.remove(phi);
        return merge;
    }

    private static boolean containsJump(List<Node> nodes) {
        for (Node n : nodes) {
            if (n instanceof Node.Jump || n instanceof Node.Break) return true;
            if (n instanceof Node.If f && (containsJump(f.then()) || containsJump(f.otherwise()))) return true;
            if (n instanceof Node.Loop) continue; // an inner loop's breaks are its own
        }
        return false;
    }

    private void registerLoop(int count, int start, int step) {
        int[] r = {count - 1, start, step};
        for (int[] x : loopRegisters) if (Arrays.equals(x, r)) return;
        if (loopRegisters.size() == 4) throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "more than four kinds of loop: the four integer registers i0-i3 each hold one trip count");
        loopRegisters.add(r);
    }

    /** The continue block's code, ending at the back edge (a conditional back edge is a BREAKC). */
    private void walkContinue(int cont, int header, int merge, List<Node> body) {
        List<Node> saved = out;
        out = body;
        try {
            int label = cont;
            java.util.Set<Integer> walked = new java.util.HashSet<>();
            while (true) {
                // a chain of branches that comes back on itself before the header (no compiler writes one;
                // the SPIR-V fuzz target did) would be walked, and its code emitted, without end
                if (!walked.add(label)) throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "a loop's continue construct branches in a cycle that does not reach the loop's header");
                SpirvModule.Block b = main.blocks.get(label);
                body(b);
                Insn t = b.terminator;
                if (t.opcode() == Op.Branch) {
                    int x = t.word(0);
                    edge(label, x);
                    if (x == header) return;
                    label = x;
                } else if (t.opcode() == Op.BranchConditional && b.merge != null && b.merge.opcode() == Op.SelectionMerge) {
                    // an if inside the continue construct (a do-while's 'i < n && x < k', whose
                    // second test glslang evaluates only when the first holds): its arms up to its merge
                    int c = t.word(0), sel = b.merge.word(0);
                    Ctx inner = new Ctx(sel, -1, -1, -1);
                    List<Node> thenList = arm(label, t.word(1), inner), elseList = arm(label, t.word(2), inner);
                    addIf(c, thenList, elseList);
                    label = sel;
                } else if (t.opcode() == Op.BranchConditional) {
                    int c = t.word(0), yes = t.word(1), no = t.word(2);
                    if ((yes == header && no == merge) || (yes == merge && no == header)) {
                        edge(label, merge);
                        Object cv = values.get(c);
                        boolean breakWhen = yes == merge;
                        if (cv instanceof Boolean bv) {
                            if (bv == breakWhen) out.add(new Node.Jump(true, line));
                        } else {
                            addBreak(out, cond(c, breakWhen), line);
                        }
                        edge(label, header);
                        return;
                    }
                    throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "a loop's continue block branches elsewhere than its header or merge");
                } else {
                    throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "a loop's continue block ends unexpectedly");
                }
            }
        } finally {
            out = saved;
        }
    }

    /**
     * A loop "for (i = I; i < N; i += S)" with constants I, N and S and a trip count of 1-256:
     * {count, start, step, counter phi id} (start and step as aL can hold them, else 0), or null.
     */
    private int[] countedLoop(SpirvModule.Block h, int cont) {
        Insn t = h.terminator;
        if (t.opcode() != Op.BranchConditional) return null;
        int merge = h.merge.word(0);
        Insn test = null;
        for (Insn in : h.body) if (in.count() > 1 && in.word(1) == t.word(0)) test = in;
        if (test == null || test.count() < 4) return null;
        Insn phi = null;
        boolean phiFirst = false;
        for (Insn in : h.body) {
            if (in.opcode() != Op.Phi) continue;
            if (in.word(1) == test.word(2)) {
                phi = in;
                phiFirst = true;
            } else if (in.word(1) == test.word(3)) {
                phi = in;
            }
        }
        if (phi == null || phi.count() != 6) return null;
        Double bound = constNumber(phiFirst ? test.word(3) : test.word(2));
        if (bound == null) return null;
        Double init = null;
        int nextId = -1;
        for (int k = 2; k + 1 < phi.count(); k += 2) {
            Double c = constNumber(phi.word(k));
            if (c != null && init == null && !isInsideLoop(phi.word(k + 1), h.label)) init = c;
            else nextId = phi.word(k);
        }
        if (init == null || nextId < 0) return null;
        Insn inc = definition(nextId);
        if (inc == null || (inc.opcode() != Op.IAdd && inc.opcode() != Op.FAdd && inc.opcode() != Op.ISub && inc.opcode() != Op.FSub)) return null;
        Double step;
        if (inc.word(2) == phi.word(1)) step = constNumber(inc.word(3));
        else if (inc.word(3) == phi.word(1) && (inc.opcode() == Op.IAdd || inc.opcode() == Op.FAdd)) step = constNumber(inc.word(2));
        else return null;
        if (step == null) return null;
        if (inc.opcode() == Op.ISub || inc.opcode() == Op.FSub) step = -step;
        boolean exitOnTrue = t.word(1) == merge;
        int count = 0;
        double i = init;
        while (count <= 256) {
            boolean c = compare(test.opcode(), phiFirst ? i : bound, phiFirst ? bound : i);
            if (c == exitOnTrue) break;
            count++;
            i += step;
        }
        if (count < 1 || count > 256) return null;
        lastCounter = new double[] {phi.word(1), init, step};
        boolean alOk = init == Math.rint(init) && step == Math.rint(step) && init >= 0 && init <= 255 && step >= 0 && step <= 255
                && init + step * (count - 1) <= 255;
        return new int[] {count, alOk ? init.intValue() : 0, alOk ? step.intValue() : 0, alOk ? phi.word(1) : -1};
    }

    /** The counter of the loop {@link #countedLoop} last recognised: its phi's id, its first value and its step. */
    private double[] lastCounter;

    private boolean isInsideLoop(int block, int header) {
        return block == header;
    }

    private static boolean compare(int op, double a, double b) {
        return switch (op) {
            case Op.SLessThan, Op.ULessThan, Op.FOrdLessThan, Op.FUnordLessThan -> a < b;
            case Op.SLessThanEqual, Op.ULessThanEqual, Op.FOrdLessThanEqual, Op.FUnordLessThanEqual -> a <= b;
            case Op.SGreaterThan, Op.UGreaterThan, Op.FOrdGreaterThan, Op.FUnordGreaterThan -> a > b;
            case Op.SGreaterThanEqual, Op.UGreaterThanEqual, Op.FOrdGreaterThanEqual, Op.FUnordGreaterThanEqual -> a >= b;
            case Op.IEqual, Op.FOrdEqual, Op.FUnordEqual -> a == b;
            case Op.INotEqual, Op.FOrdNotEqual, Op.FUnordNotEqual -> a != b;
            default -> false;
        };
    }

    private final Map<Integer, Insn> definitions = new HashMap<>();

    private Insn definition(int id) {
        if (definitions.isEmpty()) {
            for (SpirvModule.Block b : main.blocks.values()) for (Insn in : b.body) if (in.count() > 1) definitions.put(in.word(1), in);
        }
        return definitions.get(id);
    }

    /** A numeric scalar constant's value (ints as integers, floats as floats), or null. */
    Double constNumber(int id) {
        Integer bits = m.scalarConstants.get(id);
        if (bits == null) {
            // an unrolled loop's counter, and what the translator folded from it (gl_in[i + 1])
            if (pinnedPhis.isEmpty()) return null;
            Object v = values.get(id);
            return v instanceof Operand o && o.isConst() && o.width() == 1 ? (double) o.constValue(0) : null;
        }
        Type t = m.typeOfValue(id);
        if (t instanceof Type.Scalar s) {
            return switch (s.kind()) {
                case FLOAT -> (double) Float.intBitsToFloat(bits);
                case INT -> (double) bits;
                case UINT -> (double) Integer.toUnsignedLong(bits);
                case BOOL -> null;
            };
        }
        return null;
    }

    private void addIf(int condId, List<Node> thenList, List<Node> elseList) {
        Object c = value(condId);
        if (c instanceof Boolean b) {
            out.addAll(b ? thenList : elseList);
            return;
        }
        if (thenList.isEmpty() && elseList.isEmpty()) return;
        if (thenList.isEmpty()) {
            out.add(new Node.If(cond(condId, false), elseList, List.of(), line));
        } else {
            out.add(new Node.If(cond(condId, true), thenList, elseList, line));
        }
    }

    /** The condition "value {@code id} is {@code when}" as flags (a CMP) or a bool uniform. */
    Node.Cond cond(int id, boolean when) {
        Object v = value(id);
        Node.Cond c = condOf(v);
        return when ? c : c.not();
    }

    Node.Cond condOf(Object v) {
        if (v instanceof BoolUni b) return new Node.BoolUniform(b.register(), b.negated());
        if (v instanceof Cmp c) return flags(c, null, true);
        if (v instanceof CmpPair p) return flags(p.x(), p.y(), p.and());
        if (v instanceof Boolean b) return flags(new Cmp(b ? 0 : 1, Operand.constant(0f), Operand.constant(0f)), null, true);
        Operand o = (Operand) v;
        return flags(new Cmp(1, o, Operand.constant(0f)), null, true);
    }

    /** A CMP that sets cmp.x from {@code x} (and cmp.y from {@code y}), and the test of the flags. */
    private Node.Flags flags(Cmp x, Cmp y, boolean and) {
        Cmp[] cs = y == null ? new Cmp[] {x} : new Cmp[] {x, y};
        // put the wide operand (a c register) first: only cmp's first source can read one
        Operand[] a = new Operand[cs.length], b = new Operand[cs.length];
        int[] modes = new int[cs.length];
        for (int k = 0; k < cs.length; k++) {
            Cmp c = cs[k];
            if (c.b().wide() && !c.a().wide()) {
                a[k] = c.b();
                b[k] = c.a();
                modes[k] = mirror(c.mode());
            } else {
                a[k] = c.a();
                b[k] = c.b();
                modes[k] = c.mode();
            }
        }
        Operand sa = pack(a), sb = pack(b);
        Operand[] s = legalCmp(sa, sb);
        VInst cmp = VInst.cmp(modes[0], modes.length > 1 ? modes[1] : modes[0], s[0], s[1], line);
        return y == null ? new Node.Flags(cmp, 1, 1, 2) : new Node.Flags(cmp, 1, 1, and ? 1 : 0);
    }

    /** CMP's operands: the second may not be wide, and only one v register. */
    private Operand[] legalCmp(Operand a, Operand b) {
        // flags() put a lone wide operand first; two wide ones: the second into a temporary
        if (b.wide()) b = copy(b);
        if (a.base() instanceof Operand.Input ia && b.base() instanceof Operand.Input ib && ia.register() != ib.register()) b = copy(b);
        return new Operand[] {a, b};
    }

    static int mirror(int mode) {
        return switch (mode) {
            case 2 -> 4;
            case 3 -> 5;
            case 4 -> 2;
            case 5 -> 3;
            default -> mode;
        };
    }

    /** One or two scalar operands as a two-component operand (x, y), copied into one register when their bases differ. */
    private Operand pack(Operand[] parts) {
        if (parts.length == 1) return parts[0].splat(2);
        Operand p = parts[0], q = parts[1];
        if (p.base().equals(q.base()) && p.negated() == q.negated()) return new Operand(p.base(), new int[] {p.comps()[0], q.comps()[0]}, p.negated());
        if (p.isConst() && q.isConst()) return Operand.constant(p.constValue(0), q.constValue(0));
        VReg r = reg(2, null);
        emitInto(Opc.MOV, r, 1, true, p.splat(2));
        emitInto(Opc.MOV, r, 2, false, q.splat(2));
        return Operand.temp(r);
    }

    // ---- straight-line code -------------------------------------------------------------

    private void body(SpirvModule.Block b) {
        for (Insn in : b.body) {
            if (in.line() > 0) line = in.line();
            if (in.opcode() == Op.Phi) {
                Operand pinned = pinnedPhis.get(in.word(1));
                List<VReg> cols = matrixPhis.get(in.word(1));
                if (cols != null) {
                    values.put(in.word(1), new Mat(cols.stream().map(Operand::temp).toList(), false));
                    continue;
                }
                values.put(in.word(1), pinned != null ? pinned : Operand.temp(phiRegs.get(in.word(1))));
                bind(in.word(1), 0);
                continue;
            }
            int fresh = nextReg;
            Ops.instruction(this, in);
            if (SpirvModule.hasResult(in.opcode()) && in.count() >= 2) {
                if (sharedBlocks.contains(b.label) && values.get(in.word(1)) instanceof Operand o && o.base() instanceof Operand.Temp) {
                    VReg r = sharedValues.computeIfAbsent(in.word(1), x -> reg(o.width(), null));
                    emitInto(Opc.MOV, r, full(r.width), true, o);
                    values.put(in.word(1), Operand.temp(r));
                }
                bind(in.word(1), fresh);
            }
        }
    }

    /**
     * The GLSL variables values hold, for the debugger (-g): value id -> the names of the local
     * variables of main it was stored to ({@link DebugNames}); empty when not asked for.
     */
    public Map<Integer, List<String>> debugNames = Map.of();

    /**
     * A GLSL variable held by components {@code comps} of a virtual register where that register
     * is live; {@code phi}: the register of a phi (the variable's value where paths meet).
     */
    public record Binding(String name, String type, VReg reg, int[] comps, boolean phi) {}

    /** What {@link #debugNames} found in registers, in the order the values were defined. */
    public final List<Binding> bindings = new ArrayList<>();

    private String debugName(int id) {
        List<String> n = debugNames.get(id);
        return n == null || n.isEmpty() ? null : n.get(0);
    }

    /**
     * Records the variables a value that lives in a register holds, when that register was made
     * for it (its id from {@code fresh} on: a phi's, or one the instruction wrote). A value that is
     * another value's register (a swizzle of it, an element of a local array, which an unrolled
     * loop reads on every pass) would name that register wherever it lives.
     */
    private void bind(int id, int fresh) {
        List<String> names = debugNames.get(id);
        if (names == null) return;
        Object v = values.get(id);
        if (!(v instanceof Operand o) || o.negated() || !(o.base() instanceof Operand.Temp t) || t.reg().id < fresh) return;
        Type type = m.typeOfValue(id);
        for (String n : names) bindings.add(new Binding(n, type == null ? "float" : Type.glsl(type), t.reg(), o.comps().clone(), fresh == 0));
    }

    Object value(int id) {
        Object v = values.get(id);
        if (v != null) return v;
        v = constant(id);
        if (v != null) {
            values.put(id, v);
            return v;
        }
        if (m.globals.containsKey(id) || variables.containsKey(id) || arrays.containsKey(id) || aggregates.containsKey(id)) return pointer(id);
        throw new CompileError(Problem.COMPILER_INTERNAL, line, "value %" + id + " used before it is defined");
    }

    void define(int id, Object v) {
        values.put(id, v);
    }

    /** A constant's value: an Operand of floats (bools as 1/0, ints as floats), a Boolean for a scalar bool, a Mat, an Agg. */
    Object constant(int id) {
        Type t = m.typeOfValue(id);
        if (m.scalarConstants.containsKey(id)) {
            if (t instanceof Type.Scalar s && s.kind() == Type.ScalarKind.BOOL) return m.scalarConstants.get(id) != 0;
            // OpConstantNull is read as the bits 0 whatever its type: glslang writes one of a vector
            // type as the unused second operand of an OpVectorShuffle (a swizzle of a swizzle)
            if (!(t instanceof Type.Scalar)) return Ops.zero(t);
            return Operand.constant(constNumber(id).floatValue());
        }
        // glslang writes an OpUndef among the constants for a component no one reads (the y of
        // vec3(v, 0.375).zx); any value will do
        if (m.undefs.contains(id)) return Ops.zero(t);
        int[] parts = m.compositeConstants.get(id);
        if (parts == null) return null;
        if (t instanceof Type.Vector v) {
            float[] f = new float[v.size()];
            for (int k = 0; k < f.length; k++) {
                Object p = constant(parts[k]);
                f[k] = p instanceof Boolean b ? (b ? 1f : 0f) : ((Operand) p).constValue(0);
            }
            return Operand.constant(f);
        }
        if (t instanceof Type.Matrix) {
            List<Operand> cols = new ArrayList<>();
            for (int p : parts) cols.add((Operand) constant(p));
            return new Mat(cols, false);
        }
        List<Object> ps = new ArrayList<>();
        for (int p : parts) ps.add(constant(p));
        return new Agg(ps);
    }

    /** Local arrays (function or private storage): a register for each element. */
    private final Map<Integer, List<VReg>> arrays = new HashMap<>();

    /** An array of up to 64 scalars or vectors, which a register for each element can hold (arrays of arrays, matrices or structs stay refused). */
    private static boolean registerArray(Type t) {
        return t instanceof Type.Array a && a.length() >= 1 && a.length() <= 64 && (a.element() instanceof Type.Scalar || a.element() instanceof Type.Vector);
    }

    /** Local structs and arrays of structs, matrices or arrays: a register for each scalar, vector or matrix column. */
    private final Map<Integer, Slots> aggregates = new HashMap<>();

    /**
     * A struct or an array of structs, matrices or arrays of up to 64 registers, every part of
     * them a scalar, vector or matrix at the end: a register for each, as {@link #registerArray}
     * gives an array of vectors.
     */
    private static boolean slotsAggregate(Type t) {
        return (t instanceof Type.Struct || t instanceof Type.Array) && leavesInRegisters(t) && Type.registers(t) >= 1 && Type.registers(t) <= 64;
    }

    private static boolean leavesInRegisters(Type t) {
        if (t instanceof Type.Scalar || t instanceof Type.Vector || t instanceof Type.Matrix) return true;
        if (t instanceof Type.Array a) return a.length() >= 1 && leavesInRegisters(a.element());
        if (t instanceof Type.Struct s) return !s.members().isEmpty() && s.members().stream().allMatch(Translator::leavesInRegisters);
        return false;
    }

    private Slots slots(Type t, String name) {
        if (t instanceof Type.Scalar || t instanceof Type.Vector) return new Slots(t, reg(Math.max(1, Type.width(t)), name), null);
        List<Slots> parts = new ArrayList<>();
        if (t instanceof Type.Matrix mt) {
            for (int j = 0; j < mt.columns(); j++) parts.add(slots(mt.column(), name + "[" + j + "]"));
        } else if (t instanceof Type.Array a) {
            for (int k = 0; k < a.length(); k++) parts.add(slots(a.element(), name + "[" + k + "]"));
        } else {
            List<Type> members = ((Type.Struct) t).members();
            for (int k = 0; k < members.size(); k++) parts.add(slots(members.get(k), name + "." + k));
        }
        return new Slots(t, null, parts);
    }

    private List<VReg> arrayElements(Type.Array a, String name) {
        List<VReg> l = new ArrayList<>();
        for (int k = 0; k < a.length(); k++) l.add(reg(Math.max(1, Type.width(a.element())), name + "[" + k + "]"));
        return l;
    }

    /**
     * Element {@code a.index()} of a local array (its components {@code a.comps()}): the first
     * element copied, then each other one under an IFC on the index (three words an element).
     * An index out of range reads element 0 (GLSL leaves it undefined).
     */
    Operand dynamicRead(ArrayPtr a) {
        int w = a.comps() != null ? a.comps().length : a.elems().get(0).width;
        VReg r = reg(w, null);
        emitInto(Opc.MOV, r, full(w), true, element(a, 0));
        for (int k = 1; k < a.elems().size(); k++) {
            List<Node> arm = new ArrayList<>();
            List<Node> saved = out;
            out = arm;
            try {
                emitInto(Opc.MOV, r, full(w), true, element(a, k));
            } finally {
                out = saved;
            }
            out.add(new Node.If(indexIs(a.index(), k), arm, List.of(), line));
        }
        return Operand.temp(r);
    }

    private static Operand element(ArrayPtr a, int k) {
        Operand o = Operand.temp(a.elems().get(k));
        return a.comps() == null ? o : o.swizzle(a.comps());
    }

    /** Element {@code a.index()} of a local array written: a store under an IFC on the index for each element. */
    void dynamicWrite(ArrayPtr a, Object value) {
        Operand v = a.comps() != null ? scalarOrVector(value) : data(value, a.elems().get(0).width);
        Type elemType = a.comps() != null ? null : a.type();
        for (int k = 0; k < a.elems().size(); k++) {
            List<Node> arm = new ArrayList<>();
            List<Node> saved = out;
            out = arm;
            try {
                Ops.store(this, new VarPtr(a.elems().get(k), a.comps(), elemType), v);
            } finally {
                out = saved;
            }
            out.add(new Node.If(indexIs(a.index(), k), arm, List.of(), line));
        }
    }

    /** v[i] = x with i known only at run time: each component written under an IFC on the index. */
    void dynamicLaneWrite(LanePtr l, Object value) {
        Operand v = scalarOrVector(value);
        int n = l.comps() == null ? l.var().width : l.comps().length;
        for (int k = 0; k < n; k++) {
            List<Node> arm = new ArrayList<>();
            List<Node> saved = out;
            out = arm;
            try {
                Ops.store(this, new VarPtr(l.var(), new int[] {l.comps() == null ? k : l.comps()[k]}, null), v);
            } finally {
                out = saved;
            }
            out.add(new Node.If(indexIs(l.index(), k), arm, List.of(), line));
        }
    }

    private Node.Cond indexIs(Operand index, int k) {
        return condOf(new Cmp(0, index, Operand.constant((float) k)));
    }

    /** The pointer a global or local variable is. */
    Ptr pointer(int id) {
        if (arrays.containsKey(id)) return new ArrayPtr(arrays.get(id), ((Type.Pointer) m.typeOfValue(id)).pointee(), null, null);
        if (aggregates.containsKey(id)) return new SlotsPtr(((Type.Pointer) m.typeOfValue(id)).pointee(), List.of(aggregates.get(id)), null);
        if (variables.containsKey(id)) {
            Type t = ((Type.Pointer) m.typeOfValue(id)).pointee();
            return new VarPtr(variables.get(id), null, t);
        }
        if (outputBlocks.containsKey(id)) return new BlockPtr(id);
        if (vertexSlot.containsKey(id)) {
            Type.Array a = (Type.Array) ((Type.Pointer) m.typeOfValue(id)).pointee();
            return new VertexArrayPtr(id, vertexSlot.get(id), a.element(), id == gsInId);
        }
        if (inputRegister.containsKey(id)) return new InputPtr(inputRegister.get(id), ((Type.Pointer) m.typeOfValue(id)).pointee(), null);
        if (uniformBase.containsKey(id)) {
            Type t = ((Type.Pointer) m.typeOfValue(id)).pointee();
            boolean bool = t instanceof Type.Scalar s && s.kind() == Type.ScalarKind.BOOL;
            return new UniformPtr(uniformBase.get(id), t, null, Operand.Index.NONE, null, bool);
        }
        Type t = ((Type.Pointer) m.typeOfValue(id)).pointee();
        if (containsOpaque(t)) throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "'" + name(id) + "': textures and samplers cannot be read in a vertex shader on the 3DS");
        throw new CompileError(Problem.GLSL_UNSUPPORTED, line, "'" + name(id) + "' is not an input, output, uniform or local the 3DS can hold");
    }

    /** A scalar or vector value as an operand of {@code width} components (bools as 1.0/0.0; a scalar splatted). */
    Operand data(Object v, int width) {
        Operand o = scalarOrVector(v);
        return o.width() == width ? o : o.width() == 1 ? o.splat(width) : o.swizzle(Arrays.copyOf(new int[] {0, 1, 2, 3}, width));
    }

    Operand scalarOrVector(int id) {
        return scalarOrVector(value(id));
    }

    Operand scalarOrVector(Object v) {
        if (v instanceof Operand o) return o;
        if (v instanceof Truncated tr) return truncations.get(tr);
        if (v instanceof ColumnRef c) {
            List<Operand> comps = new ArrayList<>();
            for (int r : c.comps()) comps.add(c.matrix().vecs().get(r).component(c.column()));
            return Ops.gather(this, comps);
        }
        if (v instanceof Boolean b) return Operand.constant(b ? 1f : 0f);
        if (v instanceof Cmp || v instanceof CmpPair) return builtins.boolData(v);
        if (v instanceof BoolUni b) return boolUniformData(b);
        throw new CompileError(Problem.COMPILER_INTERNAL, line, "expected a scalar or vector, found " + v.getClass().getSimpleName());
    }

    /**
     * A bool uniform as data, 1.0 or 0.0: the vertex unit reads b registers only as IFU's and
     * CALLU's condition, so an IFU picks the constant (three words). Made where it is used (an
     * SSA value need not dominate every use of the bool).
     */
    Operand boolUniformData(BoolUni b) {
        VReg r = reg(1, null);
        out.add(new Node.If(new Node.BoolUniform(b.register(), b.negated()), movConst(r, 1f), movConst(r, 0f), line));
        return Operand.temp(r);
    }

    private List<Node> movConst(VReg r, float v) {
        VInst i = new VInst(Opc.MOV, r, full(r.width), line, splatConst(v, r.width));
        return new ArrayList<>(List.of(new Node.Inst(i)));
    }

    private static Operand splatConst(float v, int n) {
        float[] f = new float[n];
        Arrays.fill(f, v);
        return Operand.constant(f);
    }

    /** c ? a : b on a bool uniform: an IFU with a copy in each arm. */
    Operand selectOnBoolUniform(BoolUni c, Operand a, Operand b) {
        int w = Math.max(a.width(), b.width());
        VReg r = reg(w, null);
        List<Node> saved = out;
        List<Node> yes = new ArrayList<>(), no = new ArrayList<>();
        try {
            out = yes;
            emitInto(Opc.MOV, r, full(w), true, a.splat(w));
            out = no;
            emitInto(Opc.MOV, r, full(w), true, b.splat(w));
        } finally {
            out = saved;
        }
        out.add(new Node.If(new Node.BoolUniform(c.register(), c.negated()), yes, no, line));
        return Operand.temp(r);
    }

    /**
     * A BREAKC on {@code c} appended to {@code list}. BREAKC tests only the comparison flags: a
     * bool uniform is first made data (an IFU picks 1.0 or 0.0) and compared with 0.
     */
    void addBreak(List<Node> list, Node.Cond c, int at) {
        List<Node> saved = out;
        int savedLine = line;
        out = list;
        line = at;
        try {
            if (c instanceof Node.BoolUniform b) c = nonZero(boolUniformData(new BoolUni(b.register(), b.negated())));
            list.add(new Node.Break(c, at));
        } finally {
            out = saved;
            line = savedLine;
        }
    }

    /** The flags of "x != 0" for a scalar {@code x}. */
    Node.Flags nonZero(Operand x) {
        return flags(new Cmp(1, x, Operand.constant(0f)), null, true);
    }

    /** Code hoisted to the program's start (indices computed from inputs, which never change). */
    private final List<Node> entry = new ArrayList<>();
    private final Map<Long, Operand> hoistedIndices = new HashMap<>();

    /**
     * floor(v) * scale for a whole input register, computed once at the start: an index read
     * from an input (a bone index) then costs no word where it is used, and four of them share
     * two words where each would take two.
     */
    Operand inputIndex(int input, int scale) {
        return hoistedIndices.computeIfAbsent((long) input << 32 | scale, k -> {
            List<Node> saved = out;
            out = entry;
            try {
                Operand f = emit(Opc.FLR, 4, Operand.of(new Operand.Input(input), 4));
                return scale == 1 ? f : emit(Opc.MUL, 4, f, Operand.constant((float) scale, scale, scale, scale));
            } finally {
                out = saved;
            }
        });
    }

    /** How many virtual registers were made (their ids are below this). */
    public int nextRegister() {
        return nextReg;
    }

    /** The result of the GLSL line being translated, for messages. */
    public int line() {
        return line;
    }

    boolean isAlCounter(int id) {
        Integer top = alPhis.peek();
        return top != null && top == id;
    }

    /** A member of an output block: an output of the program's own block, gl_Position's variable, or nothing (gl_PointSize, gl_ClipDistance). */
    Ptr blockMember(BlockPtr b, int member) {
        VReg r = outputBlocks.get(b.variable()).get(member);
        if (r == null) return new Ignored();
        Type.Scalar f = new Type.Scalar(Type.ScalarKind.FLOAT);
        return new VarPtr(r, null, r.width == 1 ? f : new Type.Vector(f, r.width));
    }

    /** The output variables in the reflection's order. */
    public ShaderInterface shaderInterface() {
        return iface;
    }
}
