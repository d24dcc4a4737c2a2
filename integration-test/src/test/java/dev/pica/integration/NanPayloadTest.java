package dev.pica.integration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pica.format.shbin.DvlbReader;
import dev.pica.link.testing.LinkHelper;
import dev.pica.link.testing.ProgramGenerator;
import dev.pica.sim.Result;
import dev.pica.sim.Shader;
import dev.pica.sim.SimulationException;
import dev.pica.sim.Simulator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Which NaN a result is (docs/spec/execution.md, "NaN results"), to the bit, interpreted and
 * compiled: vectors measured on Azahar's shader interpreter (x86-64, its unchanged sources built
 * outside this repository), every source slot of every ALU instruction with quiet and signalling
 * payloads, and random programs whose NaN bits must not change once the JVM has compiled the
 * simulator (its compilers may commute + and *; the rule is chosen in code).
 */
class NanPayloadTest {
    // A signalling (quiet bit clear), B quiet and negative, C signalling, D quiet, N5 quiet
    private static final int A = 0x7fa00001, B = 0xffc00002, C = 0x7f800003, D = 0xffe00004, N5 = 0x7fc00005;
    private static final int ONE = 0x3f800000, TWO = 0x40000000, THREE = 0x40400000;

    private static final String PROBE = """
            #pragma output_map(position, o0)
            main:
              mov r0, v0
              mov r1, v1
              mov r2, v2
              mov r3, v3
              mov r4, v4
              mov r5, v5
              add o0, r0, r1
              mul o1, r0, r1
              mad o2, r0, r1, r2
              dp4 o3, r0, r1
              dp4 o4, r3, r4
              flr o5, r0
              rcp o6.x, r0.x
              rsq o6.y, r0.x
              ex2 o6.z, r0.x
              lg2 o6.w, r0.x
              rsq o7.x, r5.x
              lg2 o7.y, r5.x
              lg2 o7.z, r5.y
              add o7.w, r5.z, r5.w
              max o8, r0, r1
              min o9, r0, r1
              mov o10, -r0
              dph o11, r3, r4
              mad o12, r3, r4, r2
              mul o13, r5.zzzz, r3
              add o14, r1, r0
              mad o15, r1, r0, r2
              end
            endmain:
            """;

    /** Dot products of r0 = v0 and r1 = v1, and DPH with the sources the other way round. */
    private static final String DOTS = """
            #pragma output_map(position, o0)
            main:
              mov r0, v0
              mov r1, v1
              dp4 o0, r0, r1
              dp3 o1, r0, r1
              dph o2, r0, r1
              dph o3, r1, r0
              end
            endmain:
            """;

    /** What Azahar's interpreter printed for PROBE (citra-shader-run --engine interp), o0-o15. */
    private static final String[] EMULATOR = {
        "7fe00001 7fe00001 7fe00001 ffc00002",
        "7fe00001 7fe00001 7fe00001 ffc00002",
        "7fc00005 7fc00005 7fc00005 ffc00002",
        "7fe00001 7fe00001 7fe00001 7fe00001",
        "ffc00002 ffc00002 ffc00002 ffc00002",
        "7fe00001 7fe00001 3f800000 ffc00002",
        "7fe00001 7fe00001 7fe00001 7fe00001",
        "ffc00000 ffc00000 ffc00000 ffc00000",
        "ffc00002 40000000 7fa00001 7f800003",
        "ffc00002 40000000 7fa00001 7f800003",
        "ffa00001 ffa00001 bf800000 7fc00002",
        "ffc00002 ffc00002 ffc00002 ffc00002",
        "7fc00005 7fc00005 7fc00005 7fc00003",
        "7fe00001 7f800000 ffc00002 7f800000",
        "ffc00002 7fe00001 7fe00001 7fc00003",
        "7fc00005 7fc00005 7fc00005 7fc00003",
    };

    @Test
    void nanResultsAreTheEmulatorInterpretersBits() throws Exception {
        Shader shader = shader(PROBE);
        Map<String, float[]> in = Map.of(
                "v0", lanes(A, A, ONE, B), "v1", lanes(B, TWO, A, C), "v2", lanes(N5, N5, N5, THREE),
                "v3", lanes(A, ONE, B, TWO), "v4", lanes(ONE, D, THREE, C), "v5", lanes(0xc0000000, 0xff800000, 0x7f800000, 0xff800000));
        for (boolean compiled : new boolean[] {false, true}) {
            Result r = new Simulator(shader).compile(compiled).run(in);
            for (int o = 0; o < 16; o++) assertEquals(EMULATOR[o], hex(r.register(o)), "o" + o + (compiled ? " compiled" : " interpreted"));
        }
    }

    /**
     * Dot products with a NaN product at every subset of lanes (payloads 0x11, 0x22, 0x44, 0x88 at
     * x, y, z, w), as the emulator's interpreter ordered them: the winner at each subset.
     */
    @Test
    void dotProductsPickTheNanTheEmulatorPicks() throws Exception {
        Shader shader = shader(DOTS);
        int[] payload = {0x7fc00011, 0x7fc00022, 0x7fc00044, 0x7fc00088};
        // measured: subset m (bit k: lane k's product is NaN) -> the lane whose NaN the result is
        int[] dp4 = {-1, 0, 1, 1, 2, 2, 2, 2, 3, 0, 1, 1, 2, 2, 2, 2};
        for (boolean compiled : new boolean[] {false, true}) {
            Simulator sim = new Simulator(shader).compile(compiled);
            for (int m = 0; m < 16; m++) {
                int[] lanes = new int[4];
                for (int k = 0; k < 4; k++) lanes[k] = (m >> k & 1) != 0 ? payload[k] : ONE;
                Result r = sim.run(Map.of("v0", lanes(lanes), "v1", lanes(ONE, ONE, ONE, ONE)));
                String at = "subset " + m + (compiled ? " compiled" : " interpreted");
                assertEquals(m == 0 ? 0x40800000 : payload[dp4[m]], bits(r.register(0)[0]), "dp4 " + at);
                assertEquals((m & 7) == 0 ? 0x40400000 : payload[dp4[m & 7]], bits(r.register(1)[0]), "dp3 " + at);
                // dph replaces s1.w by 1: only s2.w's NaN reaches lane w
                assertEquals((m & 7) == 0 ? 0x40800000 : payload[dp4[m & 7]], bits(r.register(2)[0]), "dph " + at);
                assertEquals(m == 0 ? 0x40800000 : payload[dp4[m]], bits(r.register(3)[0]), "dph, NaN in s2 " + at);
            }
        }
    }

    /** A product of two NaNs in a dot product is s2's (measured on the emulator's interpreter; MUL and MAD take s1's). */
    @Test
    void dotProductsTakeTheSecondFactorsNanWhenBothAreNan() throws Exception {
        Shader shader = shader(DOTS);
        for (boolean compiled : new boolean[] {false, true}) {
            Simulator sim = new Simulator(shader).compile(compiled);
            for (int k = 0; k < 4; k++) {
                int[] a = {ONE, ONE, ONE, ONE}, b = {ONE, ONE, ONE, ONE};
                a[k] = 0x7fc000a0 + k;
                b[k] = 0x7fc000b0 + k;
                Result r = sim.run(Map.of("v0", lanes(a), "v1", lanes(b)));
                assertEquals(0x7fc000b0 + k, bits(r.register(0)[0]), "dp4 lane " + k);
                assertEquals(k < 3 ? 0x7fc000b0 + k : THREE, bits(r.register(1)[0]), "dp3 lane " + k);
                assertEquals(0x7fc000b0 + k, bits(r.register(2)[0]), "dph lane " + k);
            }
            // the emulator's vectors: (a0, a1, 1, 1) . (b0, 1, 1, 1) = a1 (b0 first, then the later product); (a0, 1, 1, 1) . (1, b1, 1, 1) = b1
            Result r = sim.run(Map.of("v0", lanes(0x7fc000a0, 0x7fc000a1, ONE, ONE), "v1", lanes(0x7fc000b0, ONE, ONE, ONE)));
            assertEquals(0x7fc000a1, bits(r.register(0)[0]));
            r = sim.run(Map.of("v0", lanes(0xffc000b0, ONE, ONE, ONE), "v1", lanes(0x7fc000a0, ONE, ONE, ONE)));
            assertEquals(0x7fc000a0, bits(r.register(0)[0]), "s2's NaN whichever payload is larger");
        }
    }

    /**
     * MAD and MADI with both factors NaN and the addend not: the product is s2's NaN in lane x and
     * s1's in lanes y-w, quieted (measured on Azahar's interpreter, issue 48: its compiled loop
     * multiplies lane x's factors the other way round; MUL takes s1's in every lane). Issue 48's
     * program had madi r11, -r5, r5, r6 with NaN uniforms: Azahar 0x7fc00000, the simulator
     * 0xffc00000, since -r5 is r5 with its sign flipped.
     */
    @Test
    void madTakesTheSecondFactorsNanInLaneXOnly() throws Exception {
        Shader shader = shader("""
                #pragma output_map(position, o0)
                #pragma bind_symbol(addend, c0)
                main:
                  mov r0, v0
                  mov r1, v1
                  mov r2, v2
                  mad o0, r0, r1, r2
                  mad o1, r1, r0, r2
                  mad o2, r0, r1, c0
                  mad o3, -r0, r0, c0
                  mul o4, r0, r1
                  end
                endmain:
                """);
        Map<String, float[]> in = Map.of("v0", lanes(0x7fc00010, 0xffc00011, 0x7fa00012, 0xffa00013), "v1", lanes(0x7fc00020, 0x7fa00021, 0xffc00022, 0x7fc00023),
                "v2", lanes(ONE, TWO, THREE, ONE));
        // what Azahar's interpreter printed for o0-o4 (citra-shader-run --engine interp)
        String[] emulator = {
            "7fc00020 ffc00011 7fe00012 ffe00013", // mad: lane x s2's, y-w s1's
            "7fc00010 7fe00021 ffc00022 7fc00023", // the factors the other way round
            "7fc00020 ffc00011 7fe00012 ffe00013", // madi (the addend a c register): the same
            "7fc00010 7fc00011 ffe00012 7fe00013", // -r0 * r0: x takes r0's, y-w -r0's
            "7fc00010 ffc00011 7fe00012 ffe00013", // mul: s1's in every lane
        };
        for (boolean compiled : new boolean[] {false, true}) {
            Result r = new Simulator(shader).compile(compiled).uniform("addend", 1, 2, 3, 4).run(in);
            for (int o = 0; o < emulator.length; o++) assertEquals(emulator[o], hex(r.register(o)), "o" + o + (compiled ? " compiled" : " interpreted"));
        }
    }

    /**
     * Every source slot of every ALU instruction (the inverted forms by a c register in the
     * second slot) with a quiet and a signalling NaN, alone and against another NaN: the result is
     * the first NaN operand's quieted (the addend's before the product's in MAD), the raw NaN a
     * comparison selects in MAX/MIN, and 1 or 0 from SGE/SLT; CMP and MOVA as comparisons and
     * conversions of NaN.
     */
    @Test
    void everySlotOfEveryInstructionCarriesItsNan() throws Exception {
        int[] nans = {0x7fc12345, 0x7f812345, 0xffc00777, 0xff800777};
        String[] ops = {"add", "mul", "max", "min", "sge", "slt", "dp3", "dp4", "dph", "mad", "flr", "mov", "rcp", "rsq", "ex2", "lg2"};
        for (String op : ops) {
            int n = op.equals("mad") ? 3 : List.of("flr", "mov", "rcp", "rsq", "ex2", "lg2").contains(op) ? 1 : 2;
            for (String layout : layouts(op, n)) {
                Shader shader = shader("#pragma output_map(position, o0)\n#pragma bind_symbol(u, c0)\nmain:\n  mov r0, v0\n  mov r1, v1\n  mov r2, v2\n"
                        + "  " + op + " o0, " + layout + "\n  end\nendmain:\n");
                for (int slot = 0; slot < n; slot++) {
                    for (int nan : nans) {
                        for (int other : new int[] {0x3fc00000, 0x7fc0beef}) {
                            int[] v = new int[3];
                            for (int k = 0; k < 3; k++) v[k] = k == slot ? nan : other == 0x3fc00000 ? 0x3fc00000 + (k << 20) : other + k;
                            int want = expected(op, v[0], v[1], v[2]);
                            for (boolean compiled : new boolean[] {false, true}) {
                                Simulator sim = new Simulator(shader).compile(compiled);
                                Map<String, float[]> in = new HashMap<>();
                                for (int k = 0; k < 3; k++) in.put("v" + k, lanes(v[k], v[k], v[k], v[k]));
                                // the layout's c0 (the slot that forces the inverted form) reads the same value
                                int c = layout.indexOf("c0");
                                int cSlot = c < 0 ? -1 : layout.substring(0, c).split(",").length - 1;
                                if (cSlot >= 0) sim.uniform("u", lanes(v[cSlot], v[cSlot], v[cSlot], v[cSlot]));
                                float got = sim.run(in).register(0)[0];
                                assertEquals(String.format("%08x", want), String.format("%08x", bits(got)),
                                        op + " " + layout + " NaN " + Integer.toHexString(nan) + " in slot " + (slot + 1) + " against " + Integer.toHexString(other) + (compiled ? " compiled" : " interpreted"));
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * Source operand texts in slot order: registers, and c0 where the slot stays where it is
     * written (the inverted forms DPHI, SGEI, SLTI, MADI; the assembler swaps the sources of the
     * other two-source instructions to put a c register first).
     */
    private static List<String> layouts(String op, int n) {
        if (n == 1) return List.of("r0", "c0");
        if (n == 3) return List.of("r0, r1, r2", "r0, c0, r2", "r0, r1, c0");
        return List.of("dph", "sge", "slt").contains(op) ? List.of("r0, r1", "c0, r1", "r0, c0") : List.of("r0, r1", "c0, r1");
    }

    /** The rule of docs/spec/execution.md, written out per instruction (all lanes hold the same value). */
    private static int expected(String op, int a, int b, int c) {
        float x = Float.intBitsToFloat(a), y = Float.intBitsToFloat(b);
        return switch (op) {
            case "add", "mul", "flr", "rcp", "rsq", "ex2", "lg2" -> firstNan(a, b);
            case "mad" -> isNan(c) ? quiet(c) : firstNan(a, b);
            // every product is the same NaN, s2's first when both factors are NaN
            case "dp3", "dp4", "dph" -> firstNan(b, a);
            case "max" -> x > y ? a : b;
            case "min" -> x < y ? a : b;
            case "sge" -> x >= y ? ONE : 0;
            case "slt" -> x < y ? ONE : 0;
            case "mov" -> a;
            default -> throw new IllegalArgumentException(op);
        };
    }

    private static int firstNan(int a, int b) {
        return isNan(a) ? quiet(a) : quiet(b);
    }

    private static boolean isNan(int bits) {
        return (bits & 0x7fffffff) > 0x7f800000;
    }

    private static int quiet(int bits) {
        return bits | 0x00400000;
    }

    /**
     * Random programs with NaN-rich inputs give the same bits before the JVM compiles the
     * simulator and after thousands of runs have made it hot, interpreted and compiled.
     */
    @Test
    void randomProgramsGiveTheSameBitsColdAndWarm() throws Exception {
        List<Shader> shaders = new ArrayList<>();
        for (int k = 0; shaders.size() < 12; k++) {
            List<String> sources = new ProgramGenerator(0x5eed + k).next().namesAndSources();
            Shader s = Shader.of(DvlbReader.read(LinkHelper.link(false, sources.toArray(String[]::new))), 0);
            if (!s.geometry()) shaders.add(s);
        }
        List<String> cold = outcomes(shaders);
        for (int round = 0; round < 40; round++) outcomes(shaders); // warm: C1 and C2 compile the simulator
        assertEquals(cold, outcomes(shaders));
    }

    /**
     * The same random programs with NaN-rich inputs on every path past the compile threshold:
     * run, runBatch on one and two threads, runAll, each vertex's bits the interpreter's.
     */
    @Test
    void randomProgramsKeepTheirNanBitsOnEveryPath() throws Exception {
        for (int k = 0, n = 0; n < 12; k++) {
            List<String> sources = new ProgramGenerator(0x5eed + k).next().namesAndSources();
            Shader s = Shader.of(DvlbReader.read(LinkHelper.link(false, sources.toArray(String[]::new))), 0);
            if (s.geometry()) continue;
            SplittableRandom r = new SplittableRandom(k);
            List<Map<String, float[]>> vertices = new ArrayList<>();
            for (int v = 0; v < EngineAgreement.VERTICES; v++) {
                Map<String, float[]> in = new HashMap<>();
                for (int j = 0; j < 16; j++) in.put("v" + j, nanRich(r));
                vertices.add(in);
            }
            long seed = r.nextLong();
            EngineAgreement.assertAgree(s, sim -> RandomShaderValues.uniforms(sim.maxSteps(20_000), s, new SplittableRandom(seed)), vertices, n % 4 == 0,
                    () -> String.join("\n", sources));
            n++;
        }
    }

    private static List<String> outcomes(List<Shader> shaders) {
        List<String> all = new ArrayList<>();
        for (Shader shader : shaders) {
            for (boolean compiled : new boolean[] {false, true}) {
                SplittableRandom r = new SplittableRandom(42);
                Simulator sim = RandomShaderValues.uniforms(new Simulator(shader).compile(compiled).maxSteps(20_000), shader, r);
                StringBuilder sb = new StringBuilder();
                for (int v = 0; v < 40; v++) {
                    Map<String, float[]> in = new HashMap<>();
                    for (int k = 0; k < 16; k++) in.put("v" + k, nanRich(r));
                    try {
                        for (float x : sim.run(in).registers()) sb.append(Integer.toHexString(bits(x))).append(' ');
                    } catch (SimulationException e) {
                        sb.append(e.getMessage());
                    }
                }
                all.add(sb.toString());
            }
        }
        return all;
    }

    private static float[] nanRich(SplittableRandom r) {
        float[] v = new float[4];
        for (int k = 0; k < 4; k++) {
            int pick = r.nextInt(4);
            v[k] = pick == 0 ? Float.intBitsToFloat(0x7f800001 + r.nextInt(0x7fffff) | (r.nextBoolean() ? 0x80000000 : 0)) : RandomShaderValues.value(r);
        }
        return v;
    }

    private static Shader shader(String source) throws Exception {
        return Shader.load(LinkHelper.link(false, "t.vsh", source));
    }

    private static float[] lanes(int... bits) {
        float[] f = new float[bits.length];
        for (int k = 0; k < f.length; k++) f[k] = Float.intBitsToFloat(bits[k]);
        return f;
    }

    private static int bits(float f) {
        return Float.floatToRawIntBits(f);
    }

    private static String hex(float[] lanes) {
        StringBuilder sb = new StringBuilder();
        for (float f : lanes) sb.append(sb.length() == 0 ? "" : " ").append(String.format("%08x", bits(f)));
        return sb.toString();
    }
}
