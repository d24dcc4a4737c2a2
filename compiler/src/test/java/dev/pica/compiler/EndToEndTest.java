package dev.pica.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.sim.Result;
import dev.pica.sim.Simulator;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** GLSL to DVOJ to the simulator: what compiled programs compute, and the verifier silent on each (Shaders.link). */
class EndToEndTest {
    static final float[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    @Test
    void projectionTimesPositionIsFourDp4s() throws Exception {
        CompiledShader c = Shaders.compile("""
                #version 330 core
                layout(location = 0) in vec4 position;
                uniform mat4 projection;
                void main() {
                    gl_Position = projection * position;
                }
                """);
        Result r = Shaders.simulator(c)
                .uniform("projection", 2, 0, 0, 1, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1)
                .run(Map.of("position", new float[] {1, 2, 3, 1}));
        assertArrayEquals(new float[] {3, 6, 12, 1}, r.output("position"), 1e-4f);
        // four dp4 straight into o0, end, and the nop at endmain: what a hand-written m4x4 takes
        assertEquals(6, Shaders.words(c), c.assembly());
    }

    static final String LOOP_AND_BOOL = """
            #version 450 core
            layout(location = 0) in vec4 position;
            layout(location = 1) in vec3 normal;
            uniform mat4 projection;
            layout(location = 20) uniform vec4 tint;
            uniform bool lit;
            uniform vec4 arr[4];
            layout(location = 1) out vec4 color;
            void main() {
                gl_Position = projection * position;
                vec4 c = tint;
                if (lit) c = c * dot(normal, vec3(0.0, 0.0, 1.0));
                for (int i = 0; i < 3; i++) c += arr[i] * 0.5;
                color = c;
            }
            """;

    @Test
    void boolUniformAndCountedLoopOverAUniformArray() throws Exception {
        CompiledShader c = Shaders.compile(LOOP_AND_BOOL);
        assertEquals(20, c.reflection().uniform("tint").first(), "layout(location = 20) pins c20");
        for (boolean lit : new boolean[] {false, true}) {
            Simulator s = Shaders.simulator(c).uniform("projection", IDENTITY).uniform("tint", 1, 2, 3, 4)
                    .uniform("arr", 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 100, 100, 100, 100);
            s.uniformBool("lit", lit);
            Result r = s.run(Map.of("position", new float[] {1, 2, 3, 1}, "normal", new float[] {0, 0, 2}));
            float f = lit ? 2 : 1;
            assertArrayEquals(new float[] {f + 3.5f, 2 * f + 3.5f, 3 * f + 3.5f, 4 * f + 3.5f}, r.output("color"), 1e-3f, "lit " + lit);
        }
    }

    @Test
    void ifElseOnAComparisonAndALoopWithBreak() throws Exception {
        CompiledShader c = Shaders.compile("""
                #version 410 core
                layout(location = 0) in vec4 position;
                layout(location = 1) in float x;
                uniform float limit;
                layout(location = 1) out vec4 color;
                void main() {
                    gl_Position = position;
                    float acc = 0.0;
                    for (int i = 0; i < 10; i++) {
                        if (acc > limit) break;
                        acc += x;
                    }
                    if (x < 0.5) color = vec4(acc, 0.0, 0.0, 1.0);
                    else color = vec4(0.0, acc, 1.0, 1.0);
                }
                """);
        for (float x : new float[] {0.25f, 2f}) {
            Result r = Shaders.simulator(c).uniform("limit", 3, 0, 0, 0).run(Map.of("position", new float[] {0, 0, 0, 1}, "x", new float[] {x}));
            float acc = 0;
            for (int i = 0; i < 10; i++) {
                if (acc > 3) break;
                acc += x;
            }
            float[] want = x < 0.5f ? new float[] {acc, 0, 0, 1} : new float[] {0, acc, 1, 1};
            assertArrayEquals(want, r.output("color"), 1e-3f, "x = " + x + "\n" + c.assembly());
        }
    }

    @Test
    void builtinsAgainstJavaMath() throws Exception {
        CompiledShader c = Shaders.compile("""
                #version 410 core
                layout(location = 0) in vec4 v;
                layout(location = 1) out vec4 color;
                layout(location = 2) out vec2 uv;
                layout(location = 6) out vec3 view;
                void main() {
                    gl_Position = vec4(sin(v.x), cos(v.x), normalize(v.yzw).x, pow(abs(v.y), 1.5));
                    color = vec4(sqrt(abs(v.z)), floor(v.w), fract(v.w), clamp(v.x, -0.5, 0.5));
                    uv = vec2(atan(v.y, v.z), exp(v.x * 0.25));
                    view = cross(v.xyz, v.yzw);
                }
                """);
        float[][] inputs = {{0.3f, 1.2f, -2.5f, 3.75f}, {-2.9f, -0.4f, 0.8f, -1.25f}, {5.5f, 2f, 3f, 0.5f}};
        for (float[] v : inputs) {
            Result r = Shaders.simulator(c).run(Map.of("v", v));
            double len = Math.sqrt(v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
            assertArrayEquals(new float[] {(float) Math.sin(v[0]), (float) Math.cos(v[0]), (float) (v[1] / len), (float) Math.pow(Math.abs(v[1]), 1.5)},
                    r.output("position"), 2e-3f, c.assembly());
            assertArrayEquals(new float[] {(float) Math.sqrt(Math.abs(v[2])), (float) Math.floor(v[3]), (float) (v[3] - Math.floor(v[3])), Math.max(-0.5f, Math.min(0.5f, v[0]))},
                    r.output("color"), 2e-3f);
            assertArrayEquals(new float[] {(float) Math.atan2(v[1], v[2]), (float) Math.exp(v[0] * 0.25)}, sub(r.output("texcoord0"), 2), 2e-3f);
            assertArrayEquals(new float[] {v[1] * v[3] - v[2] * v[2], v[2] * v[1] - v[0] * v[3], v[0] * v[2] - v[1] * v[1]}, sub(r.output("view"), 3), 2e-3f);
        }
    }

    static float[] sub(float[] a, int n) {
        return java.util.Arrays.copyOf(a, n);
    }

    @Test
    void dynamicIndexThroughA0() throws Exception {
        CompiledShader c = Shaders.compile("""
                #version 410 core
                layout(location = 0) in vec4 position;
                layout(location = 1) in float index;
                uniform vec4 palette[8];
                layout(location = 1) out vec4 color;
                void main() {
                    gl_Position = position;
                    color = palette[int(index)] + palette[int(index) + 1];
                }
                """);
        assertTrue(c.assembly().contains("mova a0.x"), c.assembly());
        float[] pal = new float[32];
        for (int k = 0; k < 32; k++) pal[k] = k;
        Result r = Shaders.simulator(c).uniform("palette", pal).run(Map.of("position", new float[] {0, 0, 0, 1}, "index", new float[] {3}));
        assertArrayEquals(new float[] {12 + 16, 13 + 17, 14 + 18, 15 + 19}, r.output("color"), 1e-3f);
    }

    @Test
    void aSwizzleOfASwizzleReadsANullVectorConstant() throws Exception {
        // glslang writes OpConstantNull of a vec4 as the unused operand of the shuffle: an internal
        // error (NullPointerException) before (Mesa comparison seed 24)
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 in0;
                void main() {
                    vec2 t1 = in0.zw;
                    vec4 t3 = t1.xxxy;
                    gl_Position = t3.zxwy.zzwy;
                }
                """);
        Result r = Shaders.simulator(c).run(Map.of("in0", new float[] {1, 2, 3, 4}));
        assertArrayEquals(new float[] {4, 4, 3, 3}, r.output("position"), 0f, c.assembly());
    }

    @Test
    void aComponentNoSwizzleReadsIsAGlobalUndef() throws Exception {
        // glslang writes an OpUndef among the constants for the y no one reads: 'value used before
        // it is defined' before (Mesa comparison seed 1)
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 in0;
                uniform vec4 arr0[4];
                layout(location = 4) out vec2 texcoord1;
                void main() {
                    gl_Position = in0;
                    texcoord1 = (vec3(((in0.x >= (arr0[2]).y) ? vec2(-1.125, 0.0) : vec2(0.5, 0.5)), 0.375)).zx;
                }
                """);
        for (float x : new float[] {0, 2}) {
            Result r = Shaders.simulator(c).uniform("arr0", 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0)
                    .run(Map.of("in0", new float[] {x, 0, 0, 1}));
            assertArrayEquals(new float[] {0.375f, x >= 1 ? -1.125f : 0.5f}, sub(r.output("texcoord1"), 2), 0f, c.assembly());
        }
    }

    @Test
    void atanOfYAndANegativeZeroIsAQuarterTurnBySignOfY() throws Exception {
        // x = -0 two ways: a negated constant 0 and ceil(-0.25), computed as -FLR(0.25); RCP(-0)
        // is -inf, so y/x had the wrong sign: -pi/2 for y > 0 before (Mesa comparison seeds 3401, 3735)
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 v;
                layout(location = 1) out vec4 color;
                void main() {
                    gl_Position = atan(v, -vec4(0.0));
                    color = atan(v, vec4(ceil(v.x * 0.125)));
                }
                """);
        float h = (float) (Math.PI / 2);
        Result r = Shaders.simulator(c).run(Map.of("v", new float[] {-2, 4, -0.5f, 0.75f}));
        assertArrayEquals(new float[] {-h, h, -h, h}, r.output("position"), 1e-4f, c.assembly());
        assertArrayEquals(new float[] {-h, h, -h, h}, r.output("color"), 1e-4f, c.assembly());
    }

    @Test
    void aConstantWrittenInALoopInsideAnIfIsKept() throws Exception {
        // the copy out of t after the loop was forwarded into t's writes before the loop, which
        // lost the loop's: t kept vec4(-0.375, in0...) where GLSL has 0.5 (Mesa comparison seeds 1036, 2129)
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 in0;
                uniform float u;
                void main() {
                    vec4 t = vec4(2.0);
                    if (0.5 < u) {
                        t = vec4(-0.375, in0.yzw);
                        for (int i = 0; i < 1; i++) t = vec4(0.5);
                    }
                    gl_Position = t * in0.x;
                }
                """);
        for (float u : new float[] {0, 1}) {
            Result r = Shaders.simulator(c).uniform("u", u, 0, 0, 0).run(Map.of("in0", new float[] {2, 3, 4, 5}));
            float e = u > 0.5f ? 1f : 4f;
            assertArrayEquals(new float[] {e, e, e, e}, r.output("position"), 0f, "u " + u + "\n" + c.assembly());
        }
    }

    @Test
    void pathsThatReadNoInputCompile() throws Exception {
        // the verifier's F-IN (a path to end that reads no input register) in compiled code was
        // an internal error before: a uniform or constant position, one arm of an if, a loop that
        // may break before its input read
        String[] bodies = {
            "gl_Position = u;",
            "gl_Position = vec4(1.0, 2.0, 3.0, 4.0);",
            "if (k > 0.5) gl_Position = u; else gl_Position = p;",
            "vec4 a = u; for (int i = 0; i < 4; i++) { if (a.x > k) break; a += p; } gl_Position = a;",
        };
        for (String body : bodies) {
            CompiledShader c = Shaders.compile("#version 450 core\nlayout(location = 0) in vec4 p;\nuniform vec4 u;\nuniform float k;\nvoid main() {\n" + body + "\n}\n");
            Simulator s = Shaders.simulator(c);
            if (c.reflection().uniform("u") != null) s.uniform("u", 5, 6, 7, 8);
            if (c.reflection().uniform("k") != null) s.uniform("k", 1, 0, 0, 0);
            Result r = s.run(c.reflection().inputs().isEmpty() ? Map.of() : Map.of("p", new float[] {1, 2, 3, 4}));
            float[] expected = body.startsWith("gl_Position = vec4") ? new float[] {1, 2, 3, 4} : new float[] {5, 6, 7, 8};
            assertArrayEquals(expected, r.output("position"), 0f, body + "\n" + c.assembly());
        }
        // no input at all: v0 is read, and nothing depends on it
        CompiledShader c = Shaders.compile("#version 450 core\nuniform vec4 u;\nvoid main() {\n    gl_Position = u * 2.0;\n}\n");
        assertArrayEquals(new float[] {2, 4, 6, 8}, Shaders.simulator(c).uniform("u", 1, 2, 3, 4).run(Map.of()).output("position"), 0f, c.assembly());
    }

    @Test
    void boolUniformsInSelectsLogicBreaksAndAsValues() throws Exception {
        // each of these was refused before: ?: on a bool uniform, && and || with one, float(b),
        // a break under one (BREAKC tests only the flags: an IFU makes b data, then a CMP)
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 p;
                uniform bool b;
                uniform bool c;
                uniform float k;
                layout(location = 1) out vec4 color;
                void main() {
                    gl_Position = b ? p : p * 2.0;
                    float f = (b && p.x > k) ? 1.0 : 0.0;
                    float g = (!c || p.y > k) ? 1.0 : 0.0;
                    vec4 acc = vec4(0.0);
                    for (int i = 0; i < 4; i++) {
                        if (c) break;
                        acc += p;
                    }
                    color = vec4(f, g, float(b), acc.x);
                }
                """);
        float[] p = {1, 2, 3, 4};
        for (int m = 0; m < 8; m++) {
            boolean b = (m & 1) != 0, cc = (m & 2) != 0;
            float k = (m & 4) != 0 ? 1.5f : 0.5f;
            Simulator s = Shaders.simulator(c).uniform("k", k, 0, 0, 0);
            s.uniformBool("b", b);
            s.uniformBool("c", cc);
            Result r = s.run(Map.of("p", p));
            float f = b ? 1 : 2;
            String what = "b " + b + " c " + cc + " k " + k + "\n" + c.assembly();
            assertArrayEquals(new float[] {f, 2 * f, 3 * f, 4 * f}, r.output("position"), 0f, what);
            assertArrayEquals(new float[] {b && p[0] > k ? 1 : 0, !cc || p[1] > k ? 1 : 0, b ? 1 : 0, cc ? 0 : 4}, r.output("color"), 0f, what);
        }
    }

    @Test
    void aBreakNestedInTwoIfs() throws Exception {
        // refused before ("a break nested in two ifs inside a loop is not supported yet"): the
        // inner BREAKC cannot stay inside the outer IF (a stale stack entry), so it sets a flag,
        // the rest of the arm goes into its else, and one BREAKC on the flag follows the outer if
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 p;
                uniform float k;
                layout(location = 1) out vec4 color;
                void main() {
                    gl_Position = p;
                    vec4 acc = vec4(0.0);
                    for (int i = 0; i < 4; i++) {
                        acc += p;
                        if (acc.x > 0.0) {
                            acc.y += 1.0;
                            if (acc.x > k) break;
                            acc.z += 1.0;
                        }
                        acc.w += 1.0;
                    }
                    color = acc;
                }
                """);
        for (float x : new float[] {-1, 1}) {
            for (float k : new float[] {-5, 0.5f, 2.5f, 10}) {
                float[] p = {x, 2, 3, 4};
                float[] acc = new float[4];
                for (int i = 0; i < 4; i++) {
                    for (int l = 0; l < 4; l++) acc[l] += p[l];
                    if (acc[0] > 0) {
                        acc[1] += 1;
                        if (acc[0] > k) break;
                        acc[2] += 1;
                    }
                    acc[3] += 1;
                }
                Result r = Shaders.simulator(c).uniform("k", k, 0, 0, 0).run(Map.of("p", p));
                assertArrayEquals(acc, r.output("color"), 0f, "x " + x + " k " + k + "\n" + c.assembly());
            }
        }
    }

    @Test
    void switchOnAValue() throws Exception {
        // refused before ("switch statements are not supported yet"): cases sharing code, a
        // fallthrough, a default; four targets as an if/else chain, six as a row of ifs
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 p;
                layout(location = 1) in float s;
                layout(location = 1) out vec4 color;
                layout(location = 2) out vec2 uv;
                void main() {
                    gl_Position = p;
                    vec4 c = vec4(0.0);
                    switch (int(s)) {
                        case 0: c = vec4(1.0); break;
                        case 1: case 2: c = p; break;
                        case 3: c.x = 5.0;
                        case 4: c.y = 6.0; break;
                        default: c = vec4(-1.0);
                    }
                    color = c;
                    float u = 0.0;
                    for (int i = 0; i < 3; i++) {
                        switch (int(s) + i) {
                            case 1: u += 1.0; break;
                            case 2: u += 2.0; break;
                            case 3: u += 4.0; break;
                            case 4: u += 8.0; break;
                            case 5: u += 16.0; break;
                            case 6: u += 32.0; break;
                            default: u += 64.0; break;
                        }
                    }
                    uv = vec2(u, 0.0);
                }
                """);
        float[] p = {7, 8, 9, 10};
        for (int sel = -1; sel <= 6; sel++) {
            float[] e = switch (sel) {
                case 0 -> new float[] {1, 1, 1, 1};
                case 1, 2 -> p;
                case 3 -> new float[] {5, 6, 0, 0};
                case 4 -> new float[] {0, 6, 0, 0};
                default -> new float[] {-1, -1, -1, -1};
            };
            float u = 0;
            for (int i = 0; i < 3; i++) u += sel + i >= 1 && sel + i <= 6 ? (float) Math.pow(2, sel + i - 1) : 64;
            Result r = Shaders.simulator(c).run(Map.of("p", p, "s", new float[] {sel >= 0 ? sel + 0.25f : sel - 0.25f}));
            assertArrayEquals(e, r.output("color"), 0f, "s " + sel + "\n" + c.assembly());
            assertArrayEquals(new float[] {u, 0}, sub(r.output("texcoord0"), 2), 0f, "s " + sel);
        }
    }

    @Test
    void continueInsideASwitchInALoop() throws Exception {
        // refused before ("a continue (or a return in a loop) inside a switch is not supported
        // yet"): the continue leaves the switch and skips the rest of the body (MesaConstructsTest
        // holds more shapes against Mesa)
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 p;
                void main() {
                    vec4 c = p;
                    for (int i = 0; i < 3; i++) {
                        switch (int(p.x) + i) {
                            case 1: continue;
                            default: c += p; break;
                        }
                        c *= 0.5;
                    }
                    gl_Position = c;
                }
                """);
        for (int x = -2; x <= 3; x++) {
            float[] p = {x + 0.25f, 1, 2, 3};
            float[] e = p.clone();
            for (int i = 0; i < 3; i++) {
                if ((int) p[0] + i == 1) continue;
                for (int l = 0; l < 4; l++) e[l] = (e[l] + p[l]) * 0.5f;
            }
            Result r = Shaders.simulator(c).run(Map.of("p", p));
            assertArrayEquals(e, r.output("position"), 0f, "x " + x + "\n" + c.assembly());
        }
    }

    @Test
    void localArraysIndexedAtRunTime() throws Exception {
        // refused before ("stays in memory after optimisation"): a constant table read by an
        // input's index, an array written and read in a loop by its counter, a component of an
        // element chosen at run time
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 p;
                layout(location = 1) in float s;
                uniform float k;
                layout(location = 1) out vec4 color;
                void main() {
                    gl_Position = p;
                    const float table[5] = float[](0.5, 1.5, 2.5, 3.5, 4.5);
                    vec3 acc[4];
                    for (int i = 0; i < 4; i++) acc[i] = p.xyz * float(i);
                    int j = int(s);
                    acc[j].y = 100.0;
                    float sum = 0.0;
                    for (int i = 0; i < 4; i++) sum += acc[i].y;
                    color = vec4(table[j], acc[j].x, sum, acc[int(k)].z);
                }
                """);
        float[] p = {1, 2, 3, 4};
        for (int j = 0; j < 4; j++) {
            for (int kk = 0; kk < 4; kk++) {
                float[][] acc = new float[4][3];
                for (int i = 0; i < 4; i++) for (int l = 0; l < 3; l++) acc[i][l] = p[l] * i;
                acc[j][1] = 100;
                float sum = 0;
                for (int i = 0; i < 4; i++) sum += acc[i][1];
                Result r = Shaders.simulator(c).uniform("k", kk + 0.5f, 0, 0, 0).run(Map.of("p", p, "s", new float[] {j + 0.5f}));
                assertArrayEquals(new float[] {0.5f + j, acc[j][0], sum, acc[kk][2]}, r.output("color"), 0f, "j " + j + " k " + kk + "\n" + c.assembly());
            }
        }
    }

    @Test
    void anIntUsedFirstInsideAnIfIsRightAfterIt() throws Exception {
        // int(x)'s truncation was made at its first use, here inside the if, and the use after
        // the if read that register unwritten (0) when the if was not taken
        CompiledShader c = Shaders.compile("""
                #version 450 core
                layout(location = 0) in vec4 p;
                uniform float k;
                void main() {
                    int i = int(p.x);
                    vec4 c = vec4(0.0);
                    if (k > 0.5) c = vec4(float(i));
                    gl_Position = c + vec4(float(i));
                }
                """);
        for (float k : new float[] {0, 1}) {
            Result r = Shaders.simulator(c).uniform("k", k, 0, 0, 0).run(Map.of("p", new float[] {-2.75f, 0, 0, 1}));
            float e = k > 0.5f ? -4 : -2;
            assertArrayEquals(new float[] {e, e, e, e}, r.output("position"), 0f, "k " + k + "\n" + c.assembly());
        }
    }

    @Test
    void theAssemblyAssemblesToTheSameObject() {
        CompiledShader c = Shaders.compile(LOOP_AND_BOOL);
        var a = dev.pica.asm.Assembler.assemble(dev.pica.format.diag.SourceFile.ofString("test.vert.s", c.assembly()), dev.pica.asm.Assembler.Options.defaults());
        assertEquals(c.object(), a.object());
        // the line table names the GLSL lines (the #line markers of the text): the loop is line 13
        var lines = c.object().lineInfo();
        assertTrue(lines.stream().allMatch(l -> l.file().equals("test.vert")), lines.toString());
        assertTrue(lines.contains(new dev.pica.format.shbin.LineInfo("test.vert", 13)), lines.toString());
        assertTrue(lines.stream().allMatch(l -> l.line() >= 10 && l.line() <= 16), lines.toString());
    }
}
