package dev.pica.compiler.mesa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.compiler.CompileOptions;
import dev.pica.compiler.CompileResult;
import dev.pica.compiler.CompiledShader;
import dev.pica.compiler.GlslCompiler;
import dev.pica.compiler.GlslSource;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
import dev.pica.link.Linker;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.Simulator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * GLSL constructs written by hand, one program each (docs/glsl.md 5.4): compiled by picacc,
 * linked, verified (silent) and run in the simulator, and run on Mesa's llvmpipe, on the same
 * vertices (inputs on a 1/8 grid, so that every path of the program's flow is taken) and
 * uniforms; every output lane of every vertex within {@link #TOLERANCE} of Mesa's.
 */
class MesaConstructsTest extends MesaSupport {
    /** |picacc + sim - Mesa| per lane, relative to max(1, |Mesa|): a few operations in float32 (the simulator's default precision, Azahar's). */
    static final double TOLERANCE = 1e-5;
    static final int VERTICES = 64;
    /** The interface most programs here share: two inputs, a colour and a texture coordinate. */
    static final String PQ = """
            #version 450 core
            layout(location = 0) in vec4 p;
            layout(location = 1) in vec4 q;
            layout(location = 1) out vec4 color;
            layout(location = 2) out vec2 uv;
            """;

    /**
     * {@code glsl} on both sides over {@link #VERTICES} vertices whose inputs (each location
     * 0-{@code inputs - 1}, four lanes) are multiples of 1/8 in [-4, 4] from {@code seed}; the
     * uniforms by name, the same values on both sides (vectors and floats only). Returns the
     * compiled shader.
     */
    static CompiledShader agrees(String glsl, int inputs, Map<String, float[]> uniforms) throws Exception {
        return agrees(glsl, inputs, uniforms, TOLERANCE);
    }

    /** As {@link #agrees(String, int, Map)}, each lane within {@code tolerance} (relative above 1). */
    static CompiledShader agrees(String glsl, int inputs, Map<String, float[]> uniforms, double tolerance) throws Exception {
        CompileResult compiled = GlslCompiler.compile(GlslSource.of("construct.vert", glsl), CompileOptions.defaults());
        assertTrue(compiled.ok(), () -> compiled.diagnostics().list().toString());
        CompiledShader c = compiled.value();
        Linker.Result linked = dev.pica.link.internal.Linking.linkUnverified(List.of(new Linker.Input("construct.o", c.object())), false, new Diagnostics());
        var findings = Verifier.verify(Program.ofShader(linked.dvlb(), 0)).diagnostics().list();
        assertTrue(findings.isEmpty(), () -> "verifier findings on compiled code: " + findings + "\n" + c.assembly());
        Random r = new Random(glsl.hashCode());
        Map<Integer, float[]> attributes = new LinkedHashMap<>();
        for (int k = 0; k < inputs; k++) {
            float[] a = new float[4 * VERTICES];
            for (int i = 0; i < a.length; i++) a[i] = (r.nextInt(65) - 32) / 8f;
            attributes.put(k, a);
        }
        MesaVertexRunner.Outputs m = mesa.run(glsl, VERTICES, attributes, uniforms);
        Simulator sim = new Simulator(Shader.of(linked.dvlb(), 0));
        for (Map.Entry<String, float[]> u : uniforms.entrySet()) if (c.reflection().uniform(u.getKey()) != null) sim.uniform(u.getKey(), u.getValue());
        List<String> off = new ArrayList<>();
        for (int v = 0; v < VERTICES; v++) {
            Map<String, float[]> in = new LinkedHashMap<>();
            for (var i : c.reflection().inputs()) in.put(i.name(), java.util.Arrays.copyOfRange(attributes.get(i.register()), 4 * v, 4 * v + 4));
            Result res = sim.run(in);
            for (var o : c.reflection().outputs()) {
                String name = o.location() < 0 ? "gl_Position" : o.name();
                float[] want = m.lanes(name, v), got = res.register(o.register());
                for (int lane = 0; lane < want.length; lane++) {
                    if (!(Math.abs(got[lane] - want[lane]) <= tolerance * Math.max(1, Math.abs(want[lane])))) {
                        off.add(String.format("vertex %d %s[%d]: picacc + sim %s, Mesa %s (inputs %s)", v, name, lane, got[lane], want[lane], describe(in)));
                    }
                }
            }
        }
        assertTrue(off.isEmpty(), () -> off.size() + " lanes differ:\n" + String.join("\n", off.subList(0, Math.min(20, off.size()))) + "\n" + c.assembly());
        return c;
    }

    private static String describe(Map<String, float[]> in) {
        StringBuilder s = new StringBuilder();
        in.forEach((k, v) -> s.append(k).append('=').append(java.util.Arrays.toString(v)).append(' '));
        return s.toString().trim();
    }

    @Test
    void caseFallingIntoTheDefault() throws Exception {
        // the default's code is walked twice (once in the case that falls into it): what it
        // computed was lost on the default's own path when the switch's merge has no phi (every
        // case goes through the default), as here; nested in a switch and in a loop too
        agrees("""
                #version 450 core
                layout(location = 0) in vec4 p;
                layout(location = 1) out vec4 color;
                layout(location = 2) out vec2 uv;
                void main() {
                    vec4 c = p;
                    switch (int(p.z)) {
                        case 1: c.z += 2.0;
                        case 2: c.y *= 3.0;
                        default: c.w -= 1.0;
                    }
                    float u = p.x;
                    for (int i = 0; i < 3; i++) {
                        switch (int(p.y) + i) {
                            case 0:
                                switch (int(p.w)) {
                                    case -1: u += 0.5;
                                    default: u *= 2.0;
                                }
                            case 3: u -= 1.0;
                            default: u *= 0.75;
                        }
                        u += 0.25;
                    }
                    gl_Position = p;
                    color = c;
                    uv = vec2(u, c.w * 2.0);
                }
                """, 1, Map.of());
    }

    @Test
    void continueInsideASwitchInALoop() throws Exception {
        // refused before ("a continue (or a return in a loop) inside a switch is not supported
        // yet"): the continue leaves the switch and skips the rest of the loop's body, from a
        // case arm, from an if inside one, and from a switch inside a switch; with more targets
        // than an if/else chain takes (a row of ifs)
        agrees("""
                #version 450 core
                layout(location = 0) in vec4 p;
                layout(location = 1) out vec4 color;
                layout(location = 2) out vec2 uv;
                void main() {
                    vec4 c = p;
                    for (int i = 0; i < 3; i++) {
                        switch (int(p.x) + i) {
                            case 1: continue;
                            case 2: if (p.y > 0.0) continue; c.y += 1.0; break;
                            case 3:
                                switch (int(p.z)) {
                                    case 0: continue;
                                    case 1: c.z += 2.0;
                                    default: c.w -= 1.0; break;
                                }
                                c.x += 0.5;
                                break;
                            default: c += p; break;
                        }
                        c *= 0.5;
                    }
                    float u = 0.0;
                    for (int i = 0; i < 4; i++) {
                        switch (int(p.w) + i) {
                            case -3: u += 1.0; break;
                            case -1: u += 2.0; continue;
                            case 0: u += 4.0; break;
                            case 1: continue;
                            case 2: u += 16.0; break;
                            case 4: u += 32.0; break;
                            default: if (p.y < 1.0) continue; u += 64.0; break;
                        }
                        u += 0.125;
                    }
                    gl_Position = p;
                    color = c;
                    uv = vec2(u, float(int(p.w)));
                }
                """, 1, Map.of());
    }

    @Test
    void returnInsideASwitchInALoop() throws Exception {
        // a return inside a switch inside a loop, from a function and from main: spirv-opt's
        // merge-return makes it a break of the loop from within the switch (a flag, then BREAKC)
        agrees("""
                #version 450 core
                layout(location = 0) in vec4 p;
                layout(location = 1) out vec4 color;
                float pick(float x) {
                    for (int i = 0; i < 4; i++) {
                        switch (int(x) + i) {
                            case 2: return x * float(i + 1);
                            case 5: continue;
                            default: x += 0.5; break;
                        }
                        x *= 1.5;
                    }
                    return x;
                }
                void main() {
                    gl_Position = p;
                    color = vec4(pick(p.x), pick(p.y), 0.0, 1.0);
                    for (int i = 0; i < 3; i++) {
                        switch (int(p.z) - i) {
                            case 0: color.z = 1.0; return;
                            case 1: color.z += 0.25; break;
                            default: continue;
                        }
                        color.w += 1.0;
                    }
                }
                """, 1, Map.of());
    }

    @Test
    void aLocalVectorIndexedAtRunTime() throws Exception {
        // refused before ("a vector component chosen at run time on a variable"): a component
        // of a local vector written and read by an index known only at run time, also in a loop
        // and through a swizzle-free compound assignment
        agrees(PQ + """
                void main() {
                    vec4 v = p;
                    int k = int(abs(q.x)) % 4;
                    v[k] = 9.0;
                    v[int(abs(q.z)) % 4] += q.w;
                    vec3 w = q.xyz;
                    for (int i = 0; i < 3; i++) w[(k + i) % 3] *= 0.5 + float(i);
                    gl_Position = p;
                    color = v;
                    uv = vec2(v[int(abs(q.y)) % 4], w[k % 3] + w.y);
                }
                """, 2, Map.of());
    }

    @Test
    void doWhileWithAShortCircuitCondition() throws Exception {
        // refused before ("a loop's continue block branches elsewhere than its header or
        // merge"): glslang evaluates the second test of 'i < 3 && c.x < 4.0' only when the first
        // holds, an if inside the loop's continue construct; '||' too, and a plain do-while
        agrees(PQ + """
                void main() {
                    vec4 c = p;
                    int i = 0;
                    do {
                        c = c * 0.5 + q;
                        i++;
                    } while (i < 3 && c.x < 4.0);
                    float u = q.y;
                    int j = 0;
                    do {
                        u += 1.0;
                        j++;
                    } while (j < 2 || u < p.z);
                    float s = 0.0;
                    int k = 0;
                    do { s += q.w; k++; } while (k < 4);
                    gl_Position = p;
                    color = c;
                    uv = vec2(u, s + float(i));
                }
                """, 2, Map.of());
    }

    @Test
    void aConditionalBetweenMatrices() throws Exception {
        // refused before ("expected a scalar or vector, found Mat"): glslang writes c ? A : B of
        // matrices as an if whose merge has a phi of matrix type, now a register a column
        agrees(PQ + """
                void main() {
                    mat2 a = mat2(p.xy, q.xy), b = mat2(q.zw, p.zw);
                    mat2 m = q.y > 0.0 ? a : b;
                    mat3 n = p.x < q.x ? mat3(p.xyz, q.xyz, p.wzy) : mat3(1.0);
                    gl_Position = p;
                    color = vec4(m * p.xy, (n * q.xyz).yz);
                    uv = m[1] + n[2].xy;
                }
                """, 2, Map.of());
    }

    @Test
    void modfAndRoundEven() throws Exception {
        // modf was refused ("the built-in function modf is not supported"); roundEven rounded
        // halves up (2.5 to 3, where GLSL asks for 2): the inputs' multiples of 1/8 hold halves
        agrees(PQ + """
                void main() {
                    vec4 whole;
                    vec4 f = modf(q, whole);
                    float w1;
                    float f1 = modf(p.y * 1.5, w1);
                    gl_Position = roundEven(p);
                    color = f + whole * 2.0;
                    uv = vec2(f1 - w1, roundEven(q.x * 0.5 + p.w));
                }
                """, 2, Map.of());
    }

    @Test
    void aLocalMatrixIndexedAtRunTime() throws Exception {
        // refused before ("local variable 'm' of type mat3 stays in memory after optimisation"):
        // a column of a local matrix read and written by an index known only at run time, and a
        // component of such a column
        agrees(PQ + """
                void main() {
                    mat3 m = mat3(p.xyz, q.xyz, p.wzy);
                    int k = int(abs(q.w)) % 3;
                    m[int(abs(p.x)) % 3] = q.zyx * 0.5;
                    m[k].y += 1.0;
                    mat2 n = mat2(q.xy, p.zw);
                    n[k % 2] *= 2.0;
                    gl_Position = vec4(m * p.xyz, 1.0);
                    color = vec4(m[k], n[1].x);
                    uv = n * q.zw;
                }
                """, 2, Map.of());
    }

    @Test
    void earlyReturnsFromMainAndFromFunctionsInLoops() throws Exception {
        agrees(PQ + """
                float g(float x) {
                    if (x > 0.0) {
                        for (int i = 0; i < 3; i++) if (x > float(i)) return x - float(i);
                    }
                    return -0.5;
                }
                float f(float x) {
                    for (int i = 0; i < 4; i++) {
                        if (x > 1.0) return x * float(i + 1);
                        x += 0.75;
                    }
                    return -x;
                }
                void main() {
                    gl_Position = p;
                    // a continue inside an if inside an if, with code after both
                    float s = 0.0;
                    for (int i = 0; i < 4; i++) {
                        if (p.z > float(i) - 2.0) {
                            if (q.z > float(i)) continue;
                            s += 1.0;
                        }
                        s += 10.0;
                    }
                    gl_Position.w = s;
                    color = vec4(f(p.x), g(q.x) + g(p.y), f(q.z), 1.0);
                    uv = vec2(0.0);
                    for (int i = 0; i < 4; i++) {
                        if (p.w + float(i) > 2.0) { uv.x = float(i); return; }
                        uv.y += 1.0;
                    }
                    uv.x = 7.0;
                }
                """, 2, Map.of());
    }

    @Test
    void integersBoolVectorsStructsAndOutParameters() throws Exception {
        agrees(PQ + """
                struct L { vec3 d; float k; };
                void split(in vec4 a, out vec2 lo, inout float acc) { lo = a.xy * 2.0; acc += a.z; }
                void main() {
                    int a = int(abs(p.x) * 4.0), b = int(abs(q.x)) + 5;
                    uint u = uint(abs(p.y) * 8.0);
                    bvec4 gt = greaterThan(p, q);
                    L l = L(p.xyz, q.w);
                    L m = l;
                    m.k += 1.0;
                    vec2 lo;
                    float acc = 1.0;
                    split(q, lo, acc);
                    gl_Position = vec4(float(a % 3), float(a / 2), float(b / 3), float(u / 3u) + float(u % 3u));
                    color = vec4(any(gt) ? 1.0 : 0.0, all(not(gt)) ? 1.0 : 0.0, float(gt.y), m.k * l.d.x);
                    uv = lo + vec2(acc);
                }
                """, 2, Map.of());
    }

    @Test
    void nonSquareMatricesAndConstantTables() throws Exception {
        agrees(PQ + """
                const vec4 T[3] = vec4[](vec4(1.0), vec4(2.0, 0.0, 1.0, 0.5), vec4(-1.0));
                void main() {
                    mat2x3 a = mat2x3(p.xyz, q.xyz);
                    mat3x2 b = mat3x2(q.xy, p.zw, q.zw);
                    mat3 c = a * b;
                    mat2 d = b * a;
                    gl_Position = vec4(c * q.xyz, d[0].x) + T[int(abs(p.x)) % 3];
                    color = vec4(d * q.xy, (transpose(a) * p.xyz));
                    uv = (outerProduct(p.xy, q.xy) * q.zw) + T[1].zw;
                }
                """, 2, Map.of());
    }

    @Test
    void hyperbolicFunctions() throws Exception {
        // refused before ("the built-in function sinh is not supported"): sinh, cosh and tanh
        // from EX2, their inverses from LG2 and RSQ, in their domains (acosh from 1, atanh inside
        // (-1, 1)), also on vectors; within 1e-4, as EX2 and LG2 are the unit's approximations
        // (docs/glsl.md 7.1: exp at worst 7.2e-5 relative)
        agrees(PQ + """
                void main() {
                    gl_Position = vec4(sinh(p.x), cosh(p.y), tanh(p.z * 3.0), asinh(p.w));
                    color = vec4(acosh(abs(q.x) + 1.0), atanh(clamp(q.y * 0.2, -0.875, 0.875)), tanh(q.zw));
                    uv = sinh(q.xy * 0.5) + asinh(p.zw);
                }
                """, 2, Map.of(), 1e-4);
    }

    @Test
    void aLocalArrayOfStructsIndexedByConstantsAndAtRunTime() throws Exception {
        // refused before ("local variable 'ls' of type struct[3] stays in memory after
        // optimisation"): members of elements read and written at constant indices, at a loop
        // counter's and at an index from an input, a component of a member at a run-time index,
        // an element copied whole at a run-time index and the whole array copied
        agrees(PQ + """
                struct Light { vec3 dir; vec3 color; float k; };
                void main() {
                    Light ls[3];
                    ls[0].dir = p.xyz;
                    ls[0].color = q.xyz;
                    ls[0].k = p.w;
                    ls[1] = Light(q.zyx, p.zyx, q.w);
                    ls[2].dir = normalize(p.xyz + vec3(0.125, 0.25, 0.5));
                    ls[2].color = vec3(0.5);
                    ls[2].k = 2.0;
                    int i = int(abs(p.x)) % 3;
                    ls[i].color.y += 1.0;
                    ls[int(abs(q.y)) % 3].k *= 3.0;
                    Light copies[3] = ls;
                    copies[i] = ls[int(abs(q.x)) % 3];
                    vec3 sum = vec3(0.0);
                    float ks = 0.0;
                    for (int j = 0; j < 3; j++) {
                        sum += copies[j].color * max(dot(copies[j].dir, q.xyz), 0.0);
                        ks += ls[j].k * float(j + 1);
                    }
                    Light picked = ls[int(abs(q.z)) % 3];
                    gl_Position = vec4(sum, ks);
                    color = vec4(picked.dir, picked.k + copies[1].color[i]);
                    uv = vec2(ls[1].dir.x, copies[2].k);
                }
                """, 2, Map.of());
        // a struct holding an array and a matrix, an array of them private to the shader, a
        // member array's element and a member matrix's column each chosen at run time
        agrees(PQ + """
                struct Bone { vec4 w[2]; mat2 m; };
                Bone bones[2];
                void main() {
                    int i = int(abs(p.x)) % 2, j = int(abs(q.x)) % 2;
                    bones[0] = Bone(vec4[2](p, q), mat2(p.xy, q.zw));
                    bones[1].w[0] = q.wzyx;
                    bones[1].w[1] = p * 0.5;
                    bones[1].m = mat2(2.0);
                    bones[j].w[1].z += 4.0;
                    bones[1].m[i] = q.xy;
                    bones[0].w[i] *= 2.0;
                    Bone b = bones[i];
                    gl_Position = b.w[0] + bones[j].w[1];
                    color = vec4(b.m * p.zw, bones[1].m[j]);
                    uv = bones[0].w[j].xy + bones[j].m[1];
                }
                """, 2, Map.of());
    }
}
