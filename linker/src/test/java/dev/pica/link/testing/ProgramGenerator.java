package dev.pica.link.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates random valid SDK-dialect programs: every instruction, flow control, subroutines,
 * library objects, constants, uniforms and outputs. Valid by construction: every block and
 * subroutine ends on a plain ALU word (so no block-end hazard), at most one c and one distinct
 * v register per instruction, no consecutive mova, each output written once at the end.
 */
public final class ProgramGenerator {
    private final SplittableRandom r;
    private StringBuilder sb;
    private boolean lastWasMova;
    private boolean geometry;
    private int words;
    private int mads;
    private List<String> subs;
    private List<String> libSubs;
    private List<String> jumpLabels;
    private int labelCounter;

    public ProgramGenerator(long seed) {
        this.r = new SplittableRandom(seed);
    }

    /** name, source pairs in link order. */
    public record Program(List<String> namesAndSources) {}

    private static final String[] SWIZZLES = {"", "", "", ".x", ".y", ".z", ".w", ".xy", ".yx", ".xyz", ".zyx", ".wzyx", ".xxyy", ".yzwx", ".zw"};
    private static final String[] MASKS = {"", "", ".x", ".y", ".z", ".w", ".xy", ".xyz", ".yzw", ".xw", ".zw"};
    private static final String[] ALU2 = {"add", "dp3", "dp4", "dph", "dst", "mul", "sge", "slt", "max", "min"};
    private static final String[] ALU1 = {"mov", "flr", "rcp", "rsq", "exp", "log", "litp", "ex2", "lg2"};
    private static final String[] INVERTED = {"dphi", "dsti", "sgei", "slti"};

    public Program next() {
        List<String> out = new ArrayList<>();
        int shape = r.nextInt(10);
        boolean lib = shape >= 5;
        libSubs = new ArrayList<>();
        String libSource = null;
        if (lib) libSource = library("lib", 1 + r.nextInt(2));
        String lib2Source = null;
        List<String> lib2Subs = new ArrayList<>();
        if (shape == 9) {
            List<String> save = libSubs;
            libSubs = new ArrayList<>();
            lib2Source = library("other", 1);
            lib2Subs = libSubs;
            libSubs = save;
        }
        if (shape == 4 || shape == 8) {
            // a vertex shader and a geometry shader
            out.add("vs.vsh");
            out.add(mainObject(false, libSubs));
            out.add("gs.gsh");
            out.add(mainObject(true, List.of()));
        } else if (shape == 7 || shape == 9) {
            out.add("first.vsh");
            out.add(mainObject(false, libSubs));
            out.add("second.vsh");
            out.add(mainObject(false, shape == 9 ? lib2Subs : libSubs));
        } else {
            out.add("main.vsh");
            out.add(mainObject(false, libSubs));
        }
        if (libSource != null) {
            out.add("lib.vsh");
            out.add(libSource);
        }
        if (lib2Source != null) {
            out.add("lib2.vsh");
            out.add(lib2Source);
        }
        return new Program(out);
    }

    private String library(String prefix, int count) {
        sb = new StringBuilder("// library\n");
        geometry = false;
        words = 0;
        mads = 0;
        subs = new ArrayList<>();
        jumpLabels = new ArrayList<>();
        if (r.nextBoolean()) sb.append("#pragma bind_symbol(").append(prefix).append("Param, c").append(40 + r.nextInt(10)).append(")\n");
        if (r.nextBoolean()) sb.append("def c").append(60 + r.nextInt(5)).append(", 1.5, -2, 0.25, 0x3F0000\n");
        for (int k = 0; k < count; k++) {
            String name = prefix + "_sub" + k;
            sb.append(name).append(":\n");
            block(1, 2 + r.nextInt(5), false);
            sb.append("    ret\n");
            if (r.nextBoolean()) sb.append("end").append(name).append(":\n");
            libSubs.add(name);
        }
        return sb.toString();
    }

    private String mainObject(boolean gs, List<String> external) {
        sb = new StringBuilder();
        geometry = gs;
        words = 0;
        mads = 0;
        lastWasMova = false;
        subs = new ArrayList<>();
        jumpLabels = new ArrayList<>();
        if (gs) geometryPragmas();
        uniformBindings();
        int outputs = outputMaps(gs);
        constants();
        subroutinesBeforeMain();
        // subroutines after endmain: still this object's code (issue 10/15: picadis must keep them here)
        List<String> tail = new ArrayList<>();
        if (r.nextInt(4) == 0) for (int k = r.nextInt(2); k < 2; k++) tail.add("tail" + k);
        subs.addAll(tail);
        // a subroutine whose body straddles endmain: (picasm's NOP lands inside it)
        boolean straddle = r.nextInt(5) == 0;
        if (straddle) subs.add("straddle");
        subs.addAll(external);
        mainBody(gs, outputs);
        if (straddle) {
            sb.append("straddle:\n");
            block(1, 1 + r.nextInt(2), false);
        }
        sb.append("endmain:\n");
        if (straddle) {
            block(1, 1 + r.nextInt(2), false);
            sb.append("    ret\n");
        }
        for (String t : tail) {
            sb.append(t).append(":\n");
            block(1, 1 + r.nextInt(3), false);
            sb.append("    ret\n");
        }
        // a label at the very end of the code, as SDK-built retail files carry
        if (r.nextInt(6) == 0) sb.append("ndmain:\n");
        // jump targets must exist: define the labels jumps used after the code if missing
        return sb.toString();
    }

    private void geometryPragmas() {
        sb.append("#pragma gs_assemble_as_geometry_shader\n");
        switch (r.nextInt(3)) {
            case 0 -> sb.append("#pragma gs_data_mode(0)\n");
            case 1 -> sb.append("#pragma gs_data_mode(1, ").append(1 + r.nextInt(6)).append(")\n");
            default -> sb.append("#pragma gs_data_mode(2, c").append(70 + r.nextInt(10)).append(", ").append(1 + r.nextInt(4)).append(")\n");
        }
        if (r.nextBoolean()) sb.append("#pragma gs_merge_output_maps\n");
    }

    /** Inputs and uniforms on distinct registers. */
    private void uniformBindings() {
        int v = r.nextInt(4);
        for (int k = 0; k < v; k++) sb.append("#pragma bind_symbol(attr").append(k).append(r.nextBoolean() ? ".xyz" : "").append(", v").append(k).append(")\n");
        if (r.nextBoolean()) sb.append("#pragma bind_symbol(Matrix, c0, c3)\n");
        if (r.nextBoolean()) sb.append("#pragma bind_symbol(Tint.xy, c4)\n#pragma bind_symbol(Fade.zw, c4)\n");
        if (r.nextBoolean()) sb.append("#pragma bind_symbol(Count, i1)\n");
        if (r.nextBoolean()) sb.append("#pragma bind_symbol(Enable, b").append(r.nextInt(8)).append(")\n");
    }

    /** Outputs o0..o(n-1); returns n. */
    private int outputMaps(boolean gs) {
        int outputs = 1 + r.nextInt(gs ? 3 : 5);
        String[] sems = {"color", "texture0", "texture1", "texture2", "view", "quaternion", "texture0w", "generic"};
        for (int k = 0; k < outputs; k++) {
            String sem = k == 0 ? "position" : sems[r.nextInt(sems.length)];
            String mask = sem.startsWith("texture") && r.nextBoolean() ? ".xy" : "";
            sb.append("#pragma output_map(").append(sem).append(", o").append(k).append(mask).append(")\n");
        }
        return outputs;
    }

    /** Constants on registers nobody binds (c10-c39, c80-c92, i0/i2/i3, b8-b14). */
    private void constants() {
        int defs = r.nextInt(4);
        for (int k = 0; k < defs; k++) {
            sb.append("def c").append(10 + 3 * k + r.nextInt(3)).append(", ").append(floatLiteral()).append(", ").append(floatLiteral())
                    .append(", ").append(floatLiteral()).append(", ").append(floatLiteral()).append('\n');
        }
        if (r.nextBoolean()) sb.append("defi i0, ").append(r.nextInt(4)).append(", 0, 1\n");
        if (r.nextBoolean()) sb.append("defi i2, 3, -1, 255, 7\n");
        if (r.nextBoolean()) sb.append("defb b").append(8 + r.nextInt(6)).append(", ").append(r.nextBoolean() ? "true" : "0").append('\n');
    }

    private void subroutinesBeforeMain() {
        int nsubs = r.nextInt(3);
        for (int k = 0; k < nsubs; k++) {
            String name = "sub" + k;
            sb.append(name).append(":\n");
            block(1, 1 + r.nextInt(5), false);
            sb.append("    ret\n");
            if (r.nextBoolean()) sb.append("end").append(name).append(":\n");
            subs.add(name);
            if (r.nextInt(3) == 0) emitPlain("nop");
        }
    }

    /** main: a block, each output written once, a geometry shader's emission, end. */
    private void mainBody(boolean gs, int outputs) {
        sb.append("main:\n");
        block(0, 3 + r.nextInt(12), true);
        for (int k = 0; k < outputs; k++) emitPlain("mov o" + k + ", r" + r.nextInt(16));
        if (gs) {
            emitPlain("smf " + r.nextInt(2) + ", " + r.nextInt(2) + ", " + r.nextInt(3));
            emitPlain(r.nextBoolean() ? "vout" : "emit");
            if (r.nextBoolean()) {
                emitPlain("setemit " + r.nextInt(3) + (r.nextBoolean() ? ", prim" : "") + (r.nextBoolean() ? ", inv" : ""));
                emitPlain("vout");
            }
        }
        emitPlain("end");
    }

    private String floatLiteral() {
        return switch (r.nextInt(6)) {
            case 0 -> "0";
            case 1 -> "1.0";
            case 2 -> "-0.5";
            case 3 -> String.format("0x%06X", r.nextInt(0x7F0000));
            case 4 -> String.valueOf(r.nextInt(1000) / 100.0);
            default -> "1e-2";
        };
    }

    /** A statement list ending with a plain ALU word. */
    private void block(int depth, int count, boolean inMain) {
        for (int k = 0; k < count && words < 380; k++) {
            int pick = r.nextInt(100);
            if (inMain && pick < 6 && depth < 3) {
                ifBlock(depth, inMain);
            } else if (inMain && pick < 10 && depth < 3) {
                loopBlock(depth, inMain);
            } else if (inMain && pick < 15 && !subs.isEmpty()) {
                String s = subs.get(r.nextInt(subs.size()));
                switch (r.nextInt(3)) {
                    case 0 -> emitPlain("call " + s);
                    case 1 -> emitPlain("callc " + r.nextInt(2) + ", " + r.nextInt(2) + ", " + r.nextInt(4) + ", " + s);
                    default -> emitPlain("callb b" + r.nextInt(16) + ", " + s);
                }
            } else if (inMain && pick < 19) {
                String l = "L" + (labelCounter++);
                sb.append(l).append(":\n");
                jumpLabels.add(l);
            } else if (inMain && pick < 22 && !jumpLabels.isEmpty()) {
                String l = jumpLabels.get(r.nextInt(jumpLabels.size()));
                emitPlain(r.nextBoolean() ? "jpc " + r.nextInt(2) + ", " + r.nextInt(2) + ", " + r.nextInt(4) + ", " + l
                        : "jpb " + (r.nextBoolean() ? "!" : "") + "b" + r.nextInt(16) + ", " + l);
            } else if (pick < 26) {
                String wide = source(true, true, -1), narrow = source(false, false, -1);
                // half of them with the c register second: the assembler swaps and mirrors (issue 10)
                emitPlain("cmp " + r.nextInt(6) + ", " + r.nextInt(6) + ", " + (r.nextBoolean() ? wide + ", " + narrow : narrow + ", " + wide));
            } else if (pick < 29) {
                macro();
            } else if (pick < 31) {
                emitPlain("nop");
            } else if (pick < 33 && !lastWasMova) {
                String[] m = {"a0.x", "a0.y", "a0.xy", "a0"};
                emit("mova " + m[r.nextInt(4)] + ", " + source(true, true, -1), true);
            } else {
                alu();
            }
        }
        alu(); // every block and subroutine ends on a plain ALU word
    }

    private void ifBlock(int depth, boolean inMain) {
        if (r.nextBoolean()) emitPlain("ifb b" + r.nextInt(16));
        else emitPlain("ifc " + r.nextInt(2) + ", " + r.nextInt(2) + ", " + r.nextInt(4));
        block(depth + 1, 1 + r.nextInt(3), inMain);
        if (r.nextBoolean()) {
            sb.append("    else\n");
            block(depth + 1, 1 + r.nextInt(3), inMain);
        }
        sb.append("    endif\n");
    }

    private void loopBlock(int depth, boolean inMain) {
        emitPlain("loop i" + r.nextInt(4));
        block(depth + 1, r.nextInt(2), inMain);
        if (r.nextBoolean()) {
            emitPlain(r.nextInt(5) == 0 ? "break" : "breakc " + r.nextInt(2) + ", " + r.nextInt(2) + ", " + r.nextInt(4));
            alu();
        }
        if (r.nextBoolean()) {
            emitPlain("mov r" + r.nextInt(16) + ", c[aL+" + r.nextInt(10) + "]" + SWIZZLES[r.nextInt(SWIZZLES.length)]);
        }
        alu();
        sb.append("    endloop\n");
    }

    private void macro() {
        int d = r.nextInt(8);
        switch (r.nextInt(6)) {
            case 0 -> emitN("m4x4 r" + d + ", v" + r.nextInt(4) + ", c" + (20 + r.nextInt(10)), 4);
            case 1 -> emitN("m3x3 r" + d + ".xyz, r" + ((d + 1) % 8) + ", c" + (20 + r.nextInt(10)), 3);
            case 2 -> emitN("nrm r" + d + ", r" + (8 + r.nextInt(8)), 3);
            case 3 -> emitN("pow r" + d + ".x, r9.y, r10.z", 3);
            case 4 -> emitN("sub r" + d + ", " + source(true, true, -1) + ", " + source(false, false, -1), 1);
            default -> {
                if (mads < 12) {
                    mads += 5;
                    emitN("sincos r" + d + (r.nextBoolean() ? ".xy" : ".x") + ", r" + (8 + r.nextInt(4)) + ".y, r12, r13", 10);
                } else {
                    alu();
                }
            }
        }
    }

    private void alu() {
        int kind = r.nextInt(10);
        String dst = "r" + r.nextInt(16) + MASKS[r.nextInt(MASKS.length)];
        int v = r.nextInt(4);
        if (kind < 5) {
            String op = ALU2[r.nextInt(ALU2.length)];
            boolean cFirst = r.nextBoolean();
            emitPlain(op + " " + dst + ", " + source(cFirst, true, v) + ", " + source(!cFirst, true, v));
        } else if (kind < 7) {
            emitPlain(ALU1[r.nextInt(ALU1.length)] + " " + dst + ", " + source(true, true, v));
        } else if (kind < 8) {
            emitPlain(INVERTED[r.nextInt(INVERTED.length)] + " " + dst + ", " + source(false, false, v) + ", " + source(true, true, v));
        } else if (mads < 20) {
            mads++;
            int cAt = r.nextInt(4); // 0: no c; 1..3: which source may be c
            boolean madi = r.nextInt(6) == 0;
            if (madi) cAt = r.nextBoolean() ? 0 : 3;
            emitPlain((madi ? "madi " : "mad ") + dst + ", " + source(cAt == 1, true, v) + ", " + source(cAt == 2, true, v) + ", " + source(cAt == 3, true, v));
        } else {
            emitPlain("mov " + dst + ", " + source(true, true, v));
        }
    }

    /** A source operand; c (possibly relative) only when allowed; v only as register v. */
    private String source(boolean allowC, boolean allowIdx, int v) {
        String neg = r.nextInt(4) == 0 ? "-" : "";
        String sw = SWIZZLES[r.nextInt(SWIZZLES.length)];
        int kind = r.nextInt(allowC ? 3 : 2);
        if (kind == 0 && v >= 0) return neg + "v" + v + sw;
        if (kind == 2) {
            if (allowIdx && r.nextInt(4) == 0) {
                String[] idx = {"a0.x", "a0.y", "aL"};
                return neg + "c" + (10 + r.nextInt(20)) + "[" + idx[r.nextInt(3)] + (r.nextBoolean() ? "+" + r.nextInt(5) : "") + "]" + sw;
            }
            return neg + "c" + r.nextInt(96) + sw;
        }
        return neg + "r" + r.nextInt(16) + sw;
    }

    private void emitPlain(String s) {
        emit(s, false);
    }

    private void emit(String s, boolean mova) {
        sb.append("    ").append(s).append('\n');
        words++;
        lastWasMova = mova;
    }

    private void emitN(String s, int n) {
        sb.append("    ").append(s).append('\n');
        words += n;
        lastWasMova = false;
    }
}
