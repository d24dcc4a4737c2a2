package dev.pica.compiler.mesa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.compiler.CompileOptions;
import dev.pica.compiler.CompileResult;
import dev.pica.compiler.GlslCompiler;
import dev.pica.compiler.GlslSource;
import dev.pica.compiler.random.Ast;
import dev.pica.compiler.random.Builtin;
import dev.pica.compiler.random.Evaluator;
import dev.pica.compiler.random.GlslType;
import dev.pica.compiler.random.RandomProgram;
import dev.pica.format.diag.Diagnostics;
import dev.pica.link.Linker;
import dev.pica.sim.Precision;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Each built-in alone, compiled by picacc and run in the simulator at float24 over its domain
 * (the generator's ranges), against double: the worst absolute and relative errors are the
 * figures of docs/glsl.md section 7, and each lane must stay within the evaluator's bound (the
 * roundings of its arguments and result plus {@link Evaluator#PICA_FORWARD}).
 */
class BuiltinErrorTest {
    private static final int VERTICES = 2048;

    /** An argument's range: lanes of in0 (x), in1 (y) and in2 (z) are drawn from it. */
    private record Domain(double lo, double hi) {}

    @Test
    void everyBuiltinWithinItsBound() throws Exception {
        Map<Builtin, Domain[]> domains = new LinkedHashMap<>();
        Domain any = new Domain(-8, 8), unit = new Domain(-0.9375, 0.9375), pos = new Domain(0.125, 8), small = new Domain(-2, 2);
        for (Builtin b : Builtin.values()) {
            domains.put(b, switch (b) {
                case TAN -> new Domain[] {new Domain(-1.25, 1.25)};
                case ASIN, ACOS -> new Domain[] {unit};
                case EXP, EXP2 -> new Domain[] {new Domain(-4, 4)};
                case LOG, LOG2, SQRT, INVERSESQRT -> new Domain[] {pos};
                case POW -> new Domain[] {new Domain(0.25, 4), small};
                case MOD -> new Domain[] {any, new Domain(0.5, 4)};
                case CLAMP -> new Domain[] {any, new Domain(-2, -0.5), new Domain(0.5, 2)};
                case MIX -> new Domain[] {any, any, new Domain(0, 1)};
                case SMOOTHSTEP -> new Domain[] {new Domain(-2, -0.5), new Domain(0.5, 2), small};
                case REFRACT -> new Domain[] {small, small, new Domain(0.25, 1)};
                case TRANSPOSE -> null;
                default -> new Domain[] {any, any, any};
            });
        }
        StringBuilder table = new StringBuilder();
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Builtin, Domain[]> e : domains.entrySet()) {
            if (e.getValue() == null) continue;
            String line = measure(e.getKey(), e.getValue(), problems);
            table.append(line).append('\n');
        }
        System.out.println("picacc's built-ins in the simulator at float24 against double:\n" + table);
        assertTrue(problems.isEmpty(), String.join("\n", problems.subList(0, Math.min(20, problems.size()))));
    }

    private static String measure(Builtin fn, Domain[] domain, List<String> problems) throws Exception {
        // vec3 for the geometric ones, float for the others: out = fn(in0.x[yz], in1..., in2...)
        boolean geometric = switch (fn.shape) {
            case REDUCE1, REDUCE2, VEC3, SAME1, SAME2, SAME3, REFRACT -> true;
            default -> false;
        };
        GlslType argType = geometric ? GlslType.VEC3 : GlslType.FLOAT;
        GlslType result = switch (fn.shape) {
            case REDUCE1, REDUCE2 -> GlslType.FLOAT;
            default -> argType;
        };
        int arity = switch (fn.shape) {
            case MAP1, REDUCE1, SAME1 -> 1;
            case MAP2, REDUCE2, VEC3, SAME2 -> 2;
            default -> 3;
        };
        List<RandomProgram.Input> inputs = new ArrayList<>();
        List<Ast.Expr> args = new ArrayList<>();
        for (int k = 0; k < arity; k++) {
            inputs.add(new RandomProgram.Input("in" + k, k, GlslType.VEC4, 0));
            Ast.Var v = new Ast.Var("in" + k, GlslType.VEC4);
            boolean scalarArg = fn == Builtin.REFRACT && k == 2;
            args.add(new Ast.Swizzle(v, geometric && !scalarArg ? new int[] {0, 1, 2} : new int[] {0}));
        }
        RandomProgram.Output out = result == GlslType.FLOAT ? RandomProgram.TABLE.get(3) : RandomProgram.TABLE.get(6);
        List<Ast.Stmt> main = List.of(
                new Ast.Assign(new Ast.Var("gl_Position", GlslType.VEC4), null, new Ast.Var("in0", GlslType.VEC4)),
                new Ast.Assign(new Ast.Var(out.name(), result), null, new Ast.Call(fn, result, args)));
        RandomProgram p = new RandomProgram(0, inputs, List.of(), List.of(), List.of(), main, List.of(RandomProgram.POSITION, out));
        Random r = new Random(fn.ordinal());
        Map<String, float[]> attributes = new LinkedHashMap<>();
        for (int k = 0; k < arity; k++) {
            Domain d = domain[Math.min(k, domain.length - 1)];
            float[] lanes = new float[4 * VERTICES];
            for (int i = 0; i < lanes.length; i++) lanes[i] = (float) (Math.rint((d.lo + (d.hi - d.lo) * r.nextDouble()) * 4096) / 4096);
            attributes.put("in" + k, lanes);
        }
        RandomProgram.Instance in = new RandomProgram.Instance(VERTICES, attributes, Map.of(), Map.of());
        CompileResult compiled = GlslCompiler.compile(GlslSource.of(fn.glslName + ".vert", p.glsl()), CompileOptions.defaults());
        if (compiled.shader() == null) {
            problems.add(fn.glslName + ": picacc refuses it: " + compiled.diagnostics().list());
            return String.format("| %-12s | refused |", fn.glslName);
        }
        Linker.Result linked = dev.pica.link.internal.Linking.linkUnverified(List.of(new Linker.Input(fn.glslName + ".o", compiled.shader().object())), false, new Diagnostics());
        Simulator sim = new Simulator(Shader.of(linked.dvlb(), 0)).precision(Precision.FLOAT24);
        float[] got = new float[VERTICES * result.lanes()];
        sim.runBatch(VERTICES, attributes, Map.of(out.semantic(), got), 1);
        double worstAbs = 0, worstRel = 0, worstRatio = 0;
        int compared = 0;
        for (int v = 0; v < VERTICES; v++) {
            Evaluator.V want;
            try {
                want = new Evaluator(p, in).run(v).values().get(out.name());
            } catch (Evaluator.Unstable u) {
                continue;
            }
            compared++;
            for (int k = 0; k < result.lanes(); k++) {
                double exact = want.v()[k], err = Math.abs(got[v * result.lanes() + k] - exact), bound = want.e()[k] + Evaluator.NEAR;
                worstAbs = Math.max(worstAbs, err);
                if (Math.abs(exact) > 1e-3) worstRel = Math.max(worstRel, err / Math.abs(exact));
                worstRatio = Math.max(worstRatio, err / bound);
                if (!(err <= bound) && problems.size() < 100) {
                    problems.add(String.format("%s at vertex %d lane %d: %s in the simulator, %s exactly, bound %.3g", fn.glslName, v, k, got[v * result.lanes() + k], exact, bound));
                }
            }
        }
        return String.format("| %-12s | %d | %.3g | %.3g | %.2f |", fn == Builtin.ATAN2 ? "atan(y, x)" : fn.glslName, compared, worstAbs, worstRel, worstRatio);
    }
}
