package dev.pica.compiler.translate;

import dev.pica.compiler.spirv.Insn;
import dev.pica.compiler.spirv.Op;
import dev.pica.compiler.spirv.Type;
import dev.pica.compiler.translate.Translator.Agg;
import dev.pica.compiler.translate.Translator.BlockPtr;
import dev.pica.compiler.translate.Translator.BoolUni;
import dev.pica.compiler.translate.Translator.Cmp;
import dev.pica.compiler.translate.Translator.CmpPair;
import dev.pica.compiler.translate.Translator.Ignored;
import dev.pica.compiler.translate.Translator.InputPtr;
import dev.pica.compiler.translate.Translator.Mat;
import dev.pica.compiler.translate.Translator.Product;
import dev.pica.compiler.translate.Translator.Ptr;
import dev.pica.compiler.translate.Translator.UniformPtr;
import dev.pica.compiler.translate.Translator.VarPtr;
import dev.pica.compiler.vir.Opc;
import dev.pica.compiler.vir.Operand;
import dev.pica.compiler.vir.VReg;
import dev.pica.format.diag.Problem;
import java.util.ArrayList;
import java.util.List;

/** One SPIR-V instruction of a block to vir: its value defined, its instructions appended. */
final class Ops {
    private Ops() {}

    static void instruction(Translator t, Insn in) {
        int op = in.opcode();
        switch (op) {
            case Op.Line, Op.NoLine, Op.Nop, Op.SelectionMerge, Op.LoopMerge -> { }
            case Op.Undef -> t.define(in.word(1), zero(t.m.type(in.word(0))));
            case Op.Load -> t.define(in.word(1), load(t, ptr(t, in.word(2)), in.line()));
            case Op.Store -> store(t, ptr(t, in.word(0)), t.value(in.word(1)));
            case Op.AccessChain, Op.InBoundsAccessChain -> t.define(in.word(1), access(t, in));
            case Op.CopyObject -> t.define(in.word(1), t.value(in.word(2)));
            case Op.CompositeExtract -> t.define(in.word(1), extract(t, t.value(in.word(2)), in, 3));
            case Op.CompositeInsert -> t.define(in.word(1), insert(t, in));
            case Op.CompositeConstruct -> t.define(in.word(1), construct(t, in));
            case Op.VectorShuffle -> t.define(in.word(1), shuffle(t, in));
            case Op.Transpose -> {
                Mat mt = mat(t, t.value(in.word(2)));
                t.define(in.word(1), new Mat(mt.vecs(), !mt.rows()));
            }
            case Op.ConvertSToF, Op.ConvertUToF, Op.SConvert, Op.UConvert, Op.FConvert -> t.define(in.word(1), t.value(in.word(2)));
            case Op.Bitcast -> {
                Type from = t.m.typeOfValue(in.word(2)), to = t.m.type(in.word(0));
                if ((Type.kind(from) == Type.ScalarKind.FLOAT) != (Type.kind(to) == Type.ScalarKind.FLOAT)) {
                    throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "bit casts between floats and integers (floatBitsToInt...) have no meaning on the 3DS, whose integers are floats");
                }
                t.define(in.word(1), t.value(in.word(2)));
            }
            case Op.ConvertFToS, Op.ConvertFToU -> t.define(in.word(1), t.truncated(t.scalarOrVector(in.word(2))));
            case Op.FNegate, Op.SNegate -> t.define(in.word(1), negate(t, t.value(in.word(2))));
            case Op.FAdd, Op.IAdd -> t.define(in.word(1), lanes(t, Opc.ADD, in.word(2), in.word(3), false));
            case Op.FSub, Op.ISub -> t.define(in.word(1), lanes(t, Opc.ADD, in.word(2), in.word(3), true));
            case Op.FMul, Op.IMul -> t.define(in.word(1), lanes(t, Opc.MUL, in.word(2), in.word(3), false));
            case Op.VectorTimesScalar -> t.define(in.word(1), lanes(t, Opc.MUL, in.word(2), in.word(3), false));
            case Op.FDiv -> t.define(in.word(1), t.builtins.divide(t.scalarOrVector(in.word(2)), t.scalarOrVector(in.word(3))));
            case Op.SDiv, Op.UDiv -> t.define(in.word(1), t.builtins.intDivide(t.scalarOrVector(in.word(2)), t.scalarOrVector(in.word(3))));
            case Op.FMod, Op.SMod, Op.UMod -> t.define(in.word(1), t.builtins.mod(t.scalarOrVector(in.word(2)), t.scalarOrVector(in.word(3)), op != Op.FMod));
            case Op.FRem, Op.SRem -> t.define(in.word(1), t.builtins.rem(t.scalarOrVector(in.word(2)), t.scalarOrVector(in.word(3)), op == Op.SRem));
            case Op.Dot -> t.define(in.word(1), t.builtins.dot(t.scalarOrVector(in.word(2)), t.scalarOrVector(in.word(3))));
            case Op.MatrixTimesVector -> t.define(in.word(1), matTimesVec(t, t.value(in.word(2)), t.scalarOrVector(in.word(3))));
            case Op.VectorTimesMatrix -> t.define(in.word(1), vecTimesMat(t, t.scalarOrVector(in.word(2)), t.value(in.word(3))));
            case Op.MatrixTimesMatrix -> t.define(in.word(1), new Product(t.value(in.word(2)), t.value(in.word(3))));
            case Op.MatrixTimesScalar -> {
                Mat mt = mat(t, t.value(in.word(2)));
                Operand s = t.scalarOrVector(in.word(3));
                List<Operand> vs = new ArrayList<>();
                for (Operand v : mt.vecs()) vs.add(t.emit(Opc.MUL, v.width(), v, s.splat(v.width())));
                t.define(in.word(1), new Mat(vs, mt.rows()));
            }
            case Op.OuterProduct -> {
                Operand a = t.scalarOrVector(in.word(2)), b = t.scalarOrVector(in.word(3));
                List<Operand> cols = new ArrayList<>();
                for (int j = 0; j < b.width(); j++) cols.add(t.emit(Opc.MUL, a.width(), a, b.component(j).splat(a.width())));
                t.define(in.word(1), new Mat(cols, false));
            }
            case Op.FOrdLessThan, Op.FUnordLessThan, Op.SLessThan, Op.ULessThan -> compare(t, in, 2);
            case Op.FOrdLessThanEqual, Op.FUnordLessThanEqual, Op.SLessThanEqual, Op.ULessThanEqual -> compare(t, in, 3);
            case Op.FOrdGreaterThan, Op.FUnordGreaterThan, Op.SGreaterThan, Op.UGreaterThan -> compare(t, in, 4);
            case Op.FOrdGreaterThanEqual, Op.FUnordGreaterThanEqual, Op.SGreaterThanEqual, Op.UGreaterThanEqual -> compare(t, in, 5);
            case Op.FOrdEqual, Op.FUnordEqual, Op.IEqual, Op.LogicalEqual -> compare(t, in, 0);
            case Op.FOrdNotEqual, Op.FUnordNotEqual, Op.INotEqual, Op.LogicalNotEqual -> compare(t, in, 1);
            case Op.LogicalNot -> t.define(in.word(1), not(t, t.value(in.word(2))));
            case Op.LogicalAnd, Op.LogicalOr -> t.define(in.word(1), logic(t, t.value(in.word(2)), t.value(in.word(3)), op == Op.LogicalAnd));
            case Op.Select -> t.define(in.word(1), select(t, in));
            case Op.Any, Op.All -> t.define(in.word(1), t.builtins.anyAll(t.scalarOrVector(in.word(2)), op == Op.All));
            case Op.ExtInst -> {
                if (in.word(2) != t.m.glslStd) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "an extended instruction set other than GLSL.std.450");
                t.define(in.word(1), t.builtins.glslStd(in.word(3), args(t, in, 4), t.m.type(in.word(0))));
            }
            case Op.EmitVertex -> t.emitVertex();
            case Op.EndPrimitive -> t.endPrimitive();
            case Op.FunctionCall -> throw new CompileError(Problem.COMPILER_INTERNAL, t.line(), "a function call survived inlining");
            case Op.ShiftLeftLogical, Op.ShiftRightArithmetic, Op.ShiftRightLogical, Op.BitwiseAnd, Op.BitwiseOr, Op.BitwiseXor, Op.Not ->
                    throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "bitwise operators (& | ^ ~ << >>) have no meaning on the 3DS, whose integers are floats: use arithmetic");
            case Op.IsNan, Op.IsInf -> throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "isnan and isinf are not supported: float24 arithmetic has no reliable NaN test");
            case Op.VectorExtractDynamic -> t.define(in.word(1), t.builtins.dynamicComponent(t.scalarOrVector(in.word(2)), t.scalarOrVector(in.word(3))));
            default -> {
                if (Op.isImage(op)) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "textures cannot be sampled in a vertex shader on the 3DS");
                if (op >= Op.DPdx && op <= Op.FwidthCoarse) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "derivatives (dFdx, dFdy, fwidth) do not exist in a vertex shader");
                if (op >= Op.AtomicLoad && op <= Op.AtomicXor) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "atomics do not exist on the 3DS");
                throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "SPIR-V instruction " + op + " is not supported by the PICA200 back end");
            }
        }
    }

    static Object[] args(Translator t, Insn in, int from) {
        Object[] a = new Object[in.count() - from];
        for (int k = 0; k < a.length; k++) a[k] = t.value(in.word(from + k));
        return a;
    }

    /** Zero of a type: what an OpUndef is taken to be, and OpConstantNull's value (SPIR-V 1.6, 3.42.7: every component 0). */
    static Object zero(Type type) {
        if (type instanceof Type.Scalar s && s.kind() == Type.ScalarKind.BOOL) return Boolean.FALSE;
        if (type instanceof Type.Scalar || type instanceof Type.Vector) return Operand.constant(new float[Type.width(type)]);
        if (type instanceof Type.Matrix mt) {
            List<Operand> cols = new ArrayList<>();
            for (int k = 0; k < mt.columns(); k++) cols.add(Operand.constant(new float[mt.rows()]));
            return new Mat(cols, false);
        }
        List<Object> parts = new ArrayList<>();
        if (type instanceof Type.Array a) for (int k = 0; k < a.length(); k++) parts.add(zero(a.element()));
        if (type instanceof Type.Struct st) for (Type e : st.members()) parts.add(zero(e));
        return new Agg(parts);
    }

    static Ptr ptr(Translator t, int id) {
        Object v = t.value(id);
        if (v instanceof Ptr p) return p;
        throw new CompileError(Problem.COMPILER_INTERNAL, t.line(), "%" + id + " is not a pointer");
    }

    // ---- memory ------------------------------------------------------------------------

    static Object load(Translator t, Ptr p, int line) {
        if (p instanceof VarPtr v) {
            Operand whole = Operand.temp(v.var());
            Operand part = v.comps() == null ? whole : whole.swizzle(v.comps());
            // a load is a value: a later store must not change it (the allocator coalesces the copy away where it can)
            return t.copy(part);
        }
        if (p instanceof Translator.LanePtr l) {
            Operand whole = Operand.temp(l.var());
            return t.builtins.dynamicComponent(t.copy(l.comps() == null ? whole : whole.swizzle(l.comps())), l.index());
        }
        if (p instanceof Translator.SlotsPtr s) return loadSlots(t, s);
        if (p instanceof Translator.ArrayPtr a) {
            if (a.index() != null) return t.dynamicRead(a);
            List<Object> parts = new ArrayList<>();
            for (VReg e : a.elems()) parts.add(t.copy(Operand.temp(e)));
            if (a.type() instanceof Type.Matrix) return new Mat(parts.stream().map(Operand.class::cast).toList(), false);
            return new Agg(parts);
        }
        if (p instanceof InputPtr in) {
            if (in.type() instanceof Type.Matrix mt && in.comps() == null) { // a matrix input: its columns in consecutive registers
                List<Operand> cols = new ArrayList<>();
                for (int j = 0; j < mt.columns(); j++) cols.add(Operand.of(new Operand.Input(in.register() + j), mt.rows()));
                return new Mat(cols, false);
            }
            Operand o = Operand.of(new Operand.Input(in.register()), Math.max(1, Type.width(in.type())));
            if (in.comps() != null) o = new Operand(o.base(), in.comps(), false);
            if (Type.width(in.type()) == 0) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "an input of type " + Type.glsl(in.type()));
            return o;
        }
        if (p instanceof UniformPtr u) return loadUniform(t, u.register(), u.type(), u);
        if (p instanceof Translator.VertexArrayPtr va && !va.block()) {
            // a whole per-vertex input: each vertex's register
            List<Object> parts = new ArrayList<>();
            for (int k = 0; k < t.verticesPerPrimitive; k++) parts.add(load(t, t.vertexElement(va, (double) k), line));
            return new Agg(parts);
        }
        if (p instanceof Translator.VertexArrayPtr || p instanceof Translator.VertexBlockPtr) {
            throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "reading gl_in or gl_in[k] as a whole: read gl_in[k].gl_Position");
        }
        if (p instanceof BlockPtr) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "reading gl_PerVertex as a whole");
        throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "reading gl_PointSize or gl_ClipDistance: they do not exist on the 3DS");
    }

    private static Operand.Base uniformBase(int register, UniformPtr u) {
        return new Operand.Uniform(register, u.index() == null && u.kind() != Operand.Index.AL ? Operand.Index.NONE : u.kind(), u.index());
    }

    static Object loadUniform(Translator t, int register, Type type, UniformPtr u) {
        if (u.bool()) return new BoolUni(register, false);
        if (type instanceof Type.Scalar || type instanceof Type.Vector) {
            Operand o = Operand.of(uniformBase(register, u), Type.width(type));
            return u.comps() != null ? new Operand(o.base(), u.comps(), false) : o;
        }
        if (type instanceof Type.Matrix mt) {
            List<Operand> rows = new ArrayList<>();
            for (int r = 0; r < mt.rows(); r++) rows.add(Operand.of(uniformBase(register + r, u), mt.columns()));
            return new Mat(rows, true);
        }
        if (type instanceof Type.Array a) {
            if (u.index() != null || u.kind() == Operand.Index.AL) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "an array of arrays indexed at run time");
            List<Object> parts = new ArrayList<>();
            int size = Type.registers(a.element());
            for (int k = 0; k < a.length(); k++) parts.add(loadUniform(t, register + k * size, a.element(), u));
            return new Agg(parts);
        }
        if (type instanceof Type.Struct s) {
            List<Object> parts = new ArrayList<>();
            int at = register;
            for (Type mt : s.members()) {
                parts.add(loadUniform(t, at, mt, u));
                at += Type.registers(mt);
            }
            return new Agg(parts);
        }
        throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "a uniform of type " + Type.glsl(type));
    }

    static void store(Translator t, Ptr p, Object value) {
        if (p instanceof Ignored) {
            throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "gl_PointSize and gl_ClipDistance do not exist on the 3DS: the rasteriser draws points one size and clips to the view volume");
        }
        if (p instanceof Translator.LanePtr l) {
            t.dynamicLaneWrite(l, value);
            return;
        }
        if (p instanceof Translator.SlotsPtr s) {
            storeSlots(t, s, value);
            return;
        }
        if (p instanceof Translator.ArrayPtr a) {
            if (a.index() != null) {
                t.dynamicWrite(a, value);
                return;
            }
            if (a.type() instanceof Type.Matrix mt) {
                Mat m = mat(t, value);
                for (int j = 0; j < a.elems().size(); j++) store(t, new VarPtr(a.elems().get(j), null, mt.column()), column(t, m, j));
                return;
            }
            if (!(value instanceof Agg agg)) throw new CompileError(Problem.COMPILER_INTERNAL, t.line(), "an array stored from " + value);
            Type element = ((Type.Array) a.type()).element();
            for (int k = 0; k < a.elems().size(); k++) store(t, new VarPtr(a.elems().get(k), null, element), agg.parts().get(k));
            return;
        }
        if (!(p instanceof VarPtr v)) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "a store to something other than a local variable or an output");
        VReg var = v.var();
        if (v.comps() == null) {
            t.emitInto(Opc.MOV, var, Translator.full(var.width), true, t.data(value, var.width));
            return;
        }
        Operand val = t.scalarOrVector(value);
        int[] pick = new int[var.width];
        int mask = 0;
        for (int j = 0; j < v.comps().length; j++) {
            pick[v.comps()[j]] = val.comps()[Math.min(j, val.width() - 1)];
            mask |= 1 << v.comps()[j];
        }
        for (int k = 0; k < var.width; k++) if ((mask & (1 << k)) == 0) pick[k] = val.comps()[0];
        t.emitInto(Opc.MOV, var, mask, false, new Operand(val.base(), pick, val.negated()));
    }

    /** A local aggregate's part read: its registers', or under IFCs on the index those of the candidate it chooses. */
    private static Object loadSlots(Translator t, Translator.SlotsPtr s) {
        if (s.type() instanceof Type.Scalar || s.type() instanceof Type.Vector) return load(t, leaf(s), t.line());
        List<Object> parts = new ArrayList<>();
        for (int k = 0; k < s.candidates().get(0).parts().size(); k++) parts.add(loadSlots(t, part(s, k)));
        if (s.type() instanceof Type.Matrix) return new Mat(parts.stream().map(Operand.class::cast).toList(), false);
        return new Agg(parts);
    }

    /** A local aggregate's part written part by part (under IFCs on the index when it is chosen at run time). */
    private static void storeSlots(Translator t, Translator.SlotsPtr s, Object value) {
        if (s.type() instanceof Type.Scalar || s.type() instanceof Type.Vector) {
            store(t, leaf(s), value);
            return;
        }
        int n = s.candidates().get(0).parts().size();
        if (s.type() instanceof Type.Matrix) {
            Mat m = mat(t, value);
            for (int j = 0; j < n; j++) storeSlots(t, part(s, j), column(t, m, j));
            return;
        }
        if (!(value instanceof Agg agg)) throw new CompileError(Problem.COMPILER_INTERNAL, t.line(), "a " + Type.glsl(s.type()) + " stored from " + value);
        for (int k = 0; k < n; k++) storeSlots(t, part(s, k), agg.parts().get(k));
    }

    /** Part {@code k} (a member, element or column) of every candidate. */
    private static Translator.SlotsPtr part(Translator.SlotsPtr s, int k) {
        Type ty = s.type();
        Type child = ty instanceof Type.Struct st ? st.members().get(k) : ty instanceof Type.Array a ? a.element() : ((Type.Matrix) ty).column();
        List<Translator.Slots> c = new ArrayList<>();
        for (Translator.Slots x : s.candidates()) c.add(x.parts().get(k));
        return new Translator.SlotsPtr(child, c, s.index());
    }

    /** A scalar or vector of a local aggregate: its register, or the candidates' registers as an array indexed at run time. */
    private static Ptr leaf(Translator.SlotsPtr s) {
        if (s.index() == null) return new VarPtr(s.candidates().get(0).reg(), null, s.type());
        List<VReg> regs = new ArrayList<>();
        for (Translator.Slots x : s.candidates()) regs.add(x.reg());
        return new Translator.ArrayPtr(regs, s.type(), s.index(), null);
    }

    /** One index of an access chain into a local aggregate. */
    private static Ptr slotsStep(Translator t, Translator.SlotsPtr s, int indexId, Double ci) {
        int n = s.candidates().get(0).parts().size();
        Translator.SlotsPtr next;
        if (ci != null) {
            int k = ci.intValue();
            if (k < 0 || k >= n) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "index " + k + " is outside the " + Type.glsl(s.type()) + " (" + n + " parts)");
            next = part(s, k);
        } else {
            if (s.type() instanceof Type.Struct) throw new CompileError(Problem.COMPILER_INTERNAL, t.line(), "a struct member chosen at run time");
            // the vertex unit indexes only c registers: one index chosen at run time picks among
            // the candidates by comparisons; a second would multiply them
            if (s.index() != null) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "two indices chosen at run time in one access to a local " + Type.glsl(s.type()) + " (a[i].b[j])");
            Type child = s.type() instanceof Type.Array a ? a.element() : ((Type.Matrix) s.type()).column();
            next = new Translator.SlotsPtr(child, s.candidates().get(0).parts(), t.scalarOrVector(indexId));
        }
        return next.type() instanceof Type.Scalar || next.type() instanceof Type.Vector ? leaf(next) : next;
    }

    static Object access(Translator t, Insn in) {
        Ptr p = ptr(t, in.word(2));
        for (int k = 3; k < in.count(); k++) p = step(t, p, in.word(k));
        return p;
    }

    /** One index of an access chain. */
    static Ptr step(Translator t, Ptr p, int indexId) {
        Double ci = t.constNumber(indexId);
        if (p instanceof Translator.VertexArrayPtr va) return t.vertexElement(va, ci);
        if (p instanceof Translator.SlotsPtr s) return slotsStep(t, s, indexId, ci);
        if (p instanceof Translator.VertexBlockPtr vb) return t.vertexMember(vb, ci);
        if (p instanceof BlockPtr b) {
            Translator.Ptr member = t.blockMember(b, ci == null ? -1 : ci.intValue());
            return member;
        }
        if (p instanceof Translator.ArrayPtr a) {
            if (a.type() instanceof Type.Matrix mt) {
                if (ci == null) return new Translator.ArrayPtr(a.elems(), mt.column(), t.scalarOrVector(indexId), null);
                int k = ci.intValue();
                if (k < 0 || k >= a.elems().size()) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "column " + k + " is outside the matrix (" + a.elems().size() + " columns)");
                return new VarPtr(a.elems().get(k), null, mt.column());
            }
            if (a.type() instanceof Type.Array at) {
                if (ci != null) {
                    int k = ci.intValue();
                    if (k < 0 || k >= a.elems().size()) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "index " + k + " is outside the array (" + a.elems().size() + " elements)");
                    return new VarPtr(a.elems().get(k), null, at.element());
                }
                return new Translator.ArrayPtr(a.elems(), at.element(), t.scalarOrVector(indexId), null);
            }
            if (a.type() instanceof Type.Vector vt && ci != null) {
                int c = ci.intValue();
                return new Translator.ArrayPtr(a.elems(), vt.component(), a.index(), new int[] {a.comps() == null ? c : a.comps()[c]});
            }
            throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "a vector component chosen at run time on an array element chosen at run time");
        }
        if (p instanceof VarPtr v) {
            if (ci == null) {
                if (!(v.type() instanceof Type.Vector)) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "a " + Type.glsl(v.type()) + " variable indexed at run time");
                return new Translator.LanePtr(v.var(), v.comps(), t.scalarOrVector(indexId));
            }
            int c = ci.intValue();
            int comp = v.comps() == null ? c : v.comps()[c];
            return new VarPtr(v.var(), new int[] {comp}, ((Type.Vector) v.type()).component());
        }
        if (p instanceof InputPtr in) {
            if (in.type() instanceof Type.Matrix mt) {
                if (ci == null) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "a column of an input matrix chosen at run time (input registers cannot be indexed)");
                return new InputPtr(in.register() + ci.intValue(), mt.column(), null);
            }
            if (ci == null) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "a vector component chosen at run time on an input");
            return new InputPtr(in.register(), ((Type.Vector) in.type()).component(), new int[] {ci.intValue()});
        }
        if (p instanceof UniformPtr u) {
            Type ty = u.type();
            if (ty instanceof Type.Struct s) {
                int at = u.register();
                for (int k = 0; k < ci.intValue(); k++) at += Type.registers(s.members().get(k));
                return new UniformPtr(at, s.members().get(ci.intValue()), u.index(), u.kind(), null, u.bool());
            }
            if (ty instanceof Type.Array a) {
                int size = Type.registers(a.element());
                if (ci != null) return new UniformPtr(u.register() + ci.intValue() * size, a.element(), u.index(), u.kind(), null, u.bool());
                if (u.index() != null || u.kind() == Operand.Index.AL) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "two indices chosen at run time in one uniform access");
                if (t.isAlCounter(indexId) && size == 1) return new UniformPtr(u.register(), a.element(), null, Operand.Index.AL, null, u.bool());
                Object iv = t.value(indexId);
                Operand idx;
                if (iv instanceof Translator.Truncated tr && tr.x().base() instanceof Operand.Input in && !tr.x().negated()) {
                    idx = t.inputIndex(in.register(), size).component(tr.x().comps()[0]);
                } else {
                    idx = iv instanceof Translator.Truncated tr ? t.emit(Opc.FLR, 1, tr.x()) : t.scalarOrVector(iv);
                    if (size != 1) idx = t.emit(Opc.MUL, 1, idx, Operand.constant((float) size));
                }
                return new UniformPtr(u.register(), a.element(), idx, Operand.Index.A0X, null, u.bool());
            }
            if (ty instanceof Type.Matrix mt) {
                if (ci == null) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "a matrix column chosen at run time");
                // a column of a matrix stored by rows: component c of each row
                return new UniformPtr(u.register(), new ColumnOf(mt, ci.intValue()), u.index(), u.kind(), null, u.bool());
            }
            if (ty instanceof Type.Vector vt) {
                if (ci == null) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "a vector component chosen at run time on a uniform");
                return new UniformPtr(u.register(), vt.component(), u.index(), u.kind(), new int[] {ci.intValue()}, u.bool());
            }
            if (ty instanceof ColumnOf col) {
                if (ci == null) throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "a matrix element chosen at run time");
                return new UniformPtr(u.register() + ci.intValue(), col.matrix().column().component(), u.index(), u.kind(), new int[] {col.column()}, u.bool());
            }
        }
        throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "this access");
    }

    /** Not a SPIR-V type: column {@code column} of a uniform matrix held by rows. */
    record ColumnOf(Type.Matrix matrix, int column) implements Type {}

    // ---- composites --------------------------------------------------------------------

    static Object extract(Translator t, Object v, Insn in, int from) {
        for (int k = from; k < in.count(); k++) v = extractOne(t, v, in.word(k));
        return v;
    }

    static Object extractOne(Translator t, Object v, int index) {
        if (v instanceof Translator.Truncated) v = t.scalarOrVector(v);
        if (v instanceof Operand o) return o.component(index);
        if (v instanceof Product) v = mat(t, v);
        if (v instanceof Mat mt) return columnValue(mt, index);
        if (v instanceof Translator.ColumnRef c) return c.matrix().vecs().get(c.comps()[index]).component(c.column());
        if (v instanceof Agg a) return a.parts().get(index);
        if (v instanceof Cmp || v instanceof CmpPair || v instanceof Boolean) return v;
        throw new CompileError(Problem.COMPILER_INTERNAL, t.line(), "extract from " + v);
    }

    /** Column j of a matrix: direct when it is held by columns, gathered from the rows otherwise. */
    static Operand column(Translator t, Mat mt, int j) {
        return t.scalarOrVector(columnValue(mt, j));
    }

    /** Column j: an operand, or a reference to a column of a matrix held by rows. */
    static Object columnValue(Mat mt, int j) {
        if (mt.rows()) {
            int[] comps = new int[mt.vecs().size()];
            for (int r = 0; r < comps.length; r++) comps[r] = r;
            return new Translator.ColumnRef(mt, j, comps);
        }
        return mt.vecs().get(j);
    }

    /** A vector made of scalar operands: a swizzle when they share a base, a constant when all are, else MOVs into a new register. */
    static Operand gather(Translator t, List<Operand> comps) {
        int n = comps.size();
        boolean allConst = true;
        for (Operand c : comps) allConst &= c.isConst();
        if (allConst) {
            float[] f = new float[n];
            for (int k = 0; k < n; k++) f[k] = comps.get(k).constValue(0);
            return Operand.constant(f);
        }
        Operand first = comps.get(0);
        boolean same = true;
        for (Operand c : comps) same &= c.base().equals(first.base()) && c.negated() == first.negated();
        if (same) {
            int[] cs = new int[n];
            for (int k = 0; k < n; k++) cs[k] = comps.get(k).comps()[0];
            return new Operand(first.base(), cs, first.negated());
        }
        VReg r = t.reg(n, null);
        t.gathered.put(r, new ArrayList<>(comps));
        boolean started = false;
        boolean[] done = new boolean[n];
        for (int k = 0; k < n; k++) {
            if (done[k]) continue;
            Operand c = comps.get(k);
            int mask = 0;
            int[] pick = new int[n];
            for (int j = k; j < n; j++) {
                Operand d = comps.get(j);
                boolean joins = !done[j] && (d.base().equals(c.base()) && d.negated() == c.negated() || (d.isConst() && c.isConst()));
                if (!joins) continue;
                done[j] = true;
                mask |= 1 << j;
            }
            if (c.isConst()) {
                float[] f = new float[n];
                for (int j = 0; j < n; j++) if ((mask & (1 << j)) != 0) f[j] = comps.get(j).constValue(0);
                t.emitInto(Opc.MOV, r, mask, !started, Operand.constant(f));
            } else {
                for (int j = 0; j < n; j++) pick[j] = (mask & (1 << j)) != 0 ? comps.get(j).comps()[0] : c.comps()[0];
                t.emitInto(Opc.MOV, r, mask, !started, new Operand(c.base(), pick, c.negated()));
            }
            started = true;
        }
        return Operand.temp(r);
    }

    /** The components of a value, each as a scalar operand; a gathered register's are the parts it was gathered from (so eye.xyz of vec4(e, 1.0) reads e). */
    static List<Operand> components(Translator t, Object v) {
        Operand o = t.scalarOrVector(v);
        List<Operand> l = new ArrayList<>();
        List<Operand> parts = o.base() instanceof Operand.Temp tmp ? t.gathered.get(tmp.reg()) : null;
        for (int k = 0; k < o.width(); k++) {
            Operand c = parts != null ? parts.get(o.comps()[k]) : o.component(k);
            l.add(parts != null && o.negated() ? c.negate() : c);
        }
        return l;
    }

    static Object construct(Translator t, Insn in) {
        Type ty = t.m.type(in.word(0));
        if (ty instanceof Type.Vector vt) {
            if (vt.component().kind() == Type.ScalarKind.BOOL) {
                List<Operand> comps = new ArrayList<>();
                for (int k = 2; k < in.count(); k++) comps.addAll(components(t, t.value(in.word(k))));
                return gather(t, comps);
            }
            List<Operand> comps = new ArrayList<>();
            for (int k = 2; k < in.count(); k++) comps.addAll(components(t, t.value(in.word(k))));
            return gather(t, comps.subList(0, vt.size()));
        }
        if (ty instanceof Type.Matrix) {
            Mat sub = submatrix(t, in);
            if (sub != null) return sub;
            List<Operand> cols = new ArrayList<>();
            for (int k = 2; k < in.count(); k++) cols.add(t.scalarOrVector(in.word(k)));
            return new Mat(cols, false);
        }
        List<Object> parts = new ArrayList<>();
        for (int k = 2; k < in.count(); k++) parts.add(t.value(in.word(k)));
        return new Agg(parts);
    }

    /** mat3(m) and the like: columns 0..n-1 of one matrix held by rows, each the same rows: those rows, cut to n columns. */
    private static Mat submatrix(Translator t, Insn in) {
        Mat base = null;
        int[] rows = null;
        int n = in.count() - 2;
        for (int k = 0; k < n; k++) {
            if (!(t.value(in.word(k + 2)) instanceof Translator.ColumnRef c) || c.column() != k) return null;
            if (base == null) {
                base = c.matrix();
                rows = c.comps();
            } else if (c.matrix() != base || !java.util.Arrays.equals(rows, c.comps())) {
                return null;
            }
        }
        int[] cols = new int[n];
        for (int k = 0; k < n; k++) cols[k] = k;
        List<Operand> vecs = new ArrayList<>();
        for (int r : rows) vecs.add(base.vecs().get(r).swizzle(cols));
        return new Mat(vecs, true);
    }

    static Object insert(Translator t, Insn in) {
        Object obj = t.value(in.word(2));
        Object comp = t.value(in.word(3));
        return insertAt(t, comp, obj, in, 4);
    }

    private static Object insertAt(Translator t, Object composite, Object obj, Insn in, int k) {
        int idx = in.word(k);
        boolean last = k == in.count() - 1;
        if (composite instanceof Operand o) {
            List<Operand> comps = components(t, o);
            comps.set(idx, t.scalarOrVector(obj));
            return gather(t, comps);
        }
        if (composite instanceof Product) composite = mat(t, composite);
        if (composite instanceof Mat mt) {
            List<Operand> cols = new ArrayList<>();
            for (int j = 0; j < mt.columnCount(); j++) cols.add(column(t, mt, j));
            cols.set(idx, last ? t.scalarOrVector(obj) : (Operand) insertAt(t, cols.get(idx), obj, in, k + 1));
            return new Mat(cols, false);
        }
        if (composite instanceof Agg a) {
            List<Object> parts = new ArrayList<>(a.parts());
            parts.set(idx, last ? obj : insertAt(t, parts.get(idx), obj, in, k + 1));
            return new Agg(parts);
        }
        throw new CompileError(Problem.COMPILER_INTERNAL, t.line(), "insert into " + composite);
    }

    static Object shuffle(Translator t, Insn in) {
        Object va = t.value(in.word(2)), vb = t.value(in.word(3));
        if (va instanceof Translator.ColumnRef c && (vb == va || vb instanceof Translator.ColumnRef)) {
            int n = c.comps().length;
            boolean ok = true;
            int[] picks = new int[in.count() - 4];
            for (int k = 4; k < in.count(); k++) {
                int p = in.word(k);
                if (p < 0 || p >= n) ok = false;
                else picks[k - 4] = c.comps()[p];
            }
            if (ok) return new Translator.ColumnRef(c.matrix(), c.column(), picks);
        }
        List<Operand> a = components(t, t.value(in.word(2)));
        List<Operand> b = components(t, t.value(in.word(3)));
        List<Operand> comps = new ArrayList<>();
        for (int k = 4; k < in.count(); k++) {
            int c = in.word(k);
            if (c == -1) c = 0;
            comps.add(c < a.size() ? a.get(c) : b.get(c - a.size()));
        }
        return gather(t, comps);
    }

    // ---- arithmetic --------------------------------------------------------------------

    static Object negate(Translator t, Object v) {
        if (v instanceof Mat mt) {
            List<Operand> vs = new ArrayList<>();
            for (Operand o : mt.vecs()) vs.add(o.negate());
            return new Mat(vs, mt.rows());
        }
        return t.scalarOrVector(v).negate();
    }

    /** A lane-wise operation of two values, a scalar splatted to the other's width; {@code sub}: the second negated. */
    static Object lanes(Translator t, Opc op, int a, int b, boolean sub) {
        Object va = t.value(a), vb = t.value(b);
        if (va instanceof Mat || va instanceof Product || vb instanceof Mat || vb instanceof Product) {
            Mat x = mat(t, va), y = mat(t, vb);
            List<Operand> cols = new ArrayList<>();
            for (int j = 0; j < x.columnCount(); j++) {
                Operand p = column(t, x, j), q = column(t, y, j);
                cols.add(t.emit(op, p.width(), p, sub ? q.negate() : q));
            }
            return new Mat(cols, false);
        }
        Operand x = t.scalarOrVector(va), y = t.scalarOrVector(vb);
        if (sub) y = y.negate();
        int w = Math.max(x.width(), y.width());
        x = x.splat(w);
        y = y.splat(w);
        Operand folded = Builtins.fold(op, x, y);
        if (folded != null) return folded;
        if (op == Opc.ADD && allZero(y)) return x;
        if (op == Opc.ADD && allZero(x)) return y;
        if (op == Opc.MUL && allOne(y)) return x;
        if (op == Opc.MUL && allOne(x)) return y;
        return t.emit(op, w, x, y);
    }

    static boolean allZero(Operand o) {
        if (!o.isConst()) return false;
        for (int k = 0; k < o.width(); k++) if (o.constValue(k) != 0f) return false;
        return true;
    }

    static boolean allOne(Operand o) {
        if (!o.isConst()) return false;
        for (int k = 0; k < o.width(); k++) if (o.constValue(k) != 1f) return false;
        return true;
    }

    /** A matrix value: a Product evaluated column by column (A times each column of B). */
    static Mat mat(Translator t, Object v) {
        if (v instanceof Mat mt) return mt;
        if (v instanceof Product p) {
            Mat b = mat(t, p.b());
            List<Operand> cols = new ArrayList<>();
            for (int j = 0; j < b.columnCount(); j++) cols.add(matTimesVec(t, p.a(), column(t, b, j)));
            return new Mat(cols, false);
        }
        throw new CompileError(Problem.COMPILER_INTERNAL, t.line(), "expected a matrix, found " + v);
    }

    /** M * v: DP4/DP3 per row when M is held by rows (a uniform), MUL and MADs over columns otherwise; (A*B)*v as A*(B*v). */
    static Operand matTimesVec(Translator t, Object mv, Operand v) {
        if (mv instanceof Product p) return matTimesVec(t, p.a(), matTimesVec(t, p.b(), v));
        Mat mt = (Mat) mv;
        if (mt.rows()) {
            List<Operand> rows = mt.vecs();
            VReg r = t.reg(rows.size(), null);
            Operand xyz = homogeneous(t, v);
            for (int i = 0; i < rows.size(); i++) {
                if (xyz != null && rows.get(i).width() == 4) t.emitInto(Opc.DPH, r, 1 << i, i == 0, xyz, rows.get(i));
                else t.builtins.dotInto(r, i, i == 0, rows.get(i), v);
            }
            return Operand.temp(r);
        }
        List<Operand> cols = mt.vecs();
        int h = cols.get(0).width();
        Operand acc = null;
        for (int j = 0; j < cols.size(); j++) {
            Operand s = v.component(j).splat(h);
            acc = acc == null ? t.emit(Opc.MUL, h, cols.get(j), s) : t.emit(Opc.MAD, h, cols.get(j), s, acc);
        }
        return acc;
    }

    /** vec4(p.xyz, 1.0) as p.xyz when the vector was gathered that way (DPH takes its w as 1), else null. */
    static Operand homogeneous(Translator t, Operand v) {
        if (v.width() != 4 || v.negated() || !(v.base() instanceof Operand.Temp tmp)) return null;
        List<Operand> parts = t.gathered.get(tmp.reg());
        if (parts == null) return null;
        Operand w = parts.get(v.comps()[3]);
        if (!w.isConst() || w.constValue(0) != 1f) return null;
        List<Operand> xyz = new ArrayList<>();
        for (int k = 0; k < 3; k++) xyz.add(parts.get(v.comps()[k]));
        Operand first = xyz.get(0);
        for (Operand o : xyz) if (!o.base().equals(first.base()) || o.negated() != first.negated() || o.isConst()) return null;
        return new Operand(first.base(), new int[] {xyz.get(0).comps()[0], xyz.get(1).comps()[0], xyz.get(2).comps()[0]}, first.negated());
    }

    /** v * M = transpose(M) * v; (v*A)*B as (v*A) then times B. */
    static Operand vecTimesMat(Translator t, Operand v, Object mv) {
        if (mv instanceof Product p) return vecTimesMat(t, vecTimesMat(t, v, p.a()), p.b());
        Mat mt = (Mat) mv;
        return matTimesVec(t, new Mat(mt.vecs(), !mt.rows()), v);
    }

    // ---- comparisons and logic ---------------------------------------------------------

    static void compare(Translator t, Insn in, int mode) {
        Object va = t.value(in.word(2)), vb = t.value(in.word(3));
        Operand a = t.scalarOrVector(va), b = t.scalarOrVector(vb);
        int w = Math.max(a.width(), b.width());
        if (w == 1) {
            if (a.isConst() && b.isConst()) {
                float x = a.constValue(0), y = b.constValue(0);
                t.define(in.word(1), Builtins.compareConst(mode, x, y));
                return;
            }
            t.define(in.word(1), new Cmp(mode, a, b));
            return;
        }
        t.define(in.word(1), t.builtins.compareData(mode, a.splat(w), b.splat(w)));
    }

    static int invert(int mode) {
        return switch (mode) {
            case 0 -> 1;
            case 1 -> 0;
            case 2 -> 5;
            case 3 -> 4;
            case 4 -> 3;
            default -> 2;
        };
    }

    static Object not(Translator t, Object v) {
        if (v instanceof Boolean b) return !b;
        if (v instanceof Cmp c) return new Cmp(invert(c.mode()), c.a(), c.b());
        if (v instanceof CmpPair p) return new CmpPair(new Cmp(invert(p.x().mode()), p.x().a(), p.x().b()), new Cmp(invert(p.y().mode()), p.y().a(), p.y().b()), !p.and());
        if (v instanceof BoolUni b) return new BoolUni(b.register(), !b.negated());
        Operand o = t.scalarOrVector(v);
        return t.emit(Opc.ADD, o.width(), Operand.constant(ones(o.width())), o.negate());
    }

    static float[] ones(int n) {
        float[] f = new float[n];
        java.util.Arrays.fill(f, 1f);
        return f;
    }

    static Object logic(Translator t, Object a, Object b, boolean and) {
        if (a instanceof Boolean x) return and ? (x ? b : false) : (x ? true : b);
        if (b instanceof Boolean y) return and ? (y ? a : false) : (y ? true : a);
        if (a instanceof Cmp x && b instanceof Cmp y) return new CmpPair(x, y, and);
        // a bool uniform is made data (Translator.boolUniformData), as a comparison is: 1.0 or 0.0
        Operand x = t.scalarOrVector(a), y = t.scalarOrVector(b);
        int w = Math.max(x.width(), y.width());
        return t.emit(and ? Opc.MUL : Opc.MAX, w, x.splat(w), y.splat(w));
    }

    /** c ? a : b as a*c + b*(1-c) with c 1.0 or 0.0: exact (b*0 is 0 on the PICA200 even for infinities). */
    static Object select(Translator t, Insn in) {
        Object c = t.value(in.word(2));
        if (c instanceof Boolean b) return t.value(in.word(b ? 3 : 4));
        Object va = t.value(in.word(3)), vb = t.value(in.word(4));
        if (!(va instanceof Operand) && !(va instanceof Boolean) && !(va instanceof Cmp) && !(va instanceof CmpPair) && !(va instanceof Translator.ColumnRef)) {
            throw new CompileError(Problem.GLSL_UNSUPPORTED, t.line(), "?: between matrices or arrays");
        }
        Operand a = t.scalarOrVector(va), b = t.scalarOrVector(vb);
        if (c instanceof BoolUni bu) return t.selectOnBoolUniform(bu, a, b);
        int w = Math.max(a.width(), b.width());
        Operand cd = t.scalarOrVector(c).splat(w);
        return t.builtins.select(cd, a.splat(w), b.splat(w));
    }
}
