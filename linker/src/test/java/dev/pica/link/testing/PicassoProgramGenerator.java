package dev.pica.link.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random valid picasso-dialect programs, one to three files: uniforms of all three kinds (arrays,
 * hidden '_' ones, names shared between files), every constant directive, inputs, outputs with
 * masks, procedures, nested if/else/for blocks, every flow instruction, places picasso pads, mad
 * with enough different descriptors to force its below-32 swap, and geometry shaders.
 */
public final class PicassoProgramGenerator {
    private final SplittableRandom r;
    private StringBuilder sb;
    private List<String> fvecs, procs, labels;
    private int words, depth, labelCounter, serial;
    private boolean geometry;

    public PicassoProgramGenerator(long seed) {
        this.r = new SplittableRandom(seed);
    }

    private static final String[] SWZ = {"", "", ".x", ".y", ".zw", ".xy", ".yx", ".xyz", ".zyx", ".wzyx", ".xxyy", ".yzwx", ".w", ".xyzw", ".xxxx", ".zzzz"};
    private static final String[] MASKS = {"", "", ".x", ".y", ".z", ".w", ".xy", ".xyz", ".yzw", ".xw", ".zw"};
    private static final String[] ALU2 = {"add", "dp3", "dp4", "dph", "dst", "mul", "sge", "slt", "max", "min"};
    private static final String[] ALU1 = {"mov", "flr", "rcp", "rsq", "ex2", "lg2"};
    private static final String[] CMP = {"eq", "ne", "lt", "le", "gt", "ge"};
    private static final String[] SEM = {"position", "normalquat", "color", "texcoord0", "texcoord1", "texcoord2", "view"};

    /** File names and texts, in picasso's input order. */
    public List<String[]> next() {
        List<String[]> files = new ArrayList<>();
        int shape = r.nextInt(6);
        procs = new ArrayList<>();
        List<String> shared = new ArrayList<>();
        if (shape == 5) {
            files.add(new String[] {"a.v.pica", file("mainA", false, shared, false)});
            files.add(new String[] {"b.v.pica", file("mainB", false, shared, false)});
            files.add(new String[] {"lib.v.pica", file(null, false, shared, true)});
        } else if (shape == 4) {
            files.add(new String[] {"vs.v.pica", file("main", false, shared, false)});
            files.add(new String[] {"gs.g.pica", file("gmain", true, shared, false)});
        } else {
            files.add(new String[] {"main.v.pica", file("main", shape == 3, shared, false)});
        }
        return files;
    }

    private String file(String entry, boolean gs, List<String> shared, boolean lib) {
        sb = new StringBuilder();
        geometry = gs;
        fvecs = new ArrayList<>();
        labels = new ArrayList<>();
        if (lib) sb.append(".nodvle\n");
        if (gs) sb.append(".gsh point c").append(r.nextInt(4)).append('\n');
        if (entry != null && !entry.equals("main")) sb.append(".entry ").append(entry).append('\n');
        // uniforms: some shared with earlier files, hidden ones leave gaps
        int nu = 1 + r.nextInt(4);
        for (int k = 0; k < nu; k++) {
            String name;
            if (!gs && !shared.isEmpty() && r.nextInt(3) == 0) {
                name = shared.get(r.nextInt(shared.size()));
                if (fvecs.contains(name.replaceAll("\\[.*", ""))) continue;
            } else {
                name = (r.nextInt(5) == 0 ? "_h" : "u") + serial++ + (r.nextInt(3) == 0 ? "[" + (2 + r.nextInt(3)) + "]" : "");
                if (!gs) shared.add(name);
            }
            sb.append(".fvec ").append(name).append('\n');
            fvecs.add(name.replaceAll("\\[.*", ""));
        }
        if (r.nextBoolean()) sb.append(".ivec iv").append(serial++).append('\n');
        sb.append(".bool bflag").append(serial++).append(r.nextBoolean() ? "[2]" : "").append('\n');
        if (r.nextBoolean()) sb.append(".constf k").append(serial++).append("(").append(f()).append(", ").append(f()).append(", ").append(f()).append(", ").append(f()).append(")\n");
        sb.append(".consti kl").append(serial++).append("(").append(1 + r.nextInt(4)).append(", 0, 1, 0)\n");
        if (r.nextBoolean()) sb.append(".constfa arr").append(serial++).append("[3]\n.constfa (").append(f()).append(", 1.0, 2.0, ").append(f()).append(")\n.end\n");
        if (r.nextBoolean()) sb.append(".setf c").append(80 + r.nextInt(8)).append("(").append(f()).append(", 0.5, -1.0, ").append(f()).append(")\n");
        if (r.nextBoolean()) sb.append(".setb b").append(10 + r.nextInt(4)).append(r.nextBoolean() ? " true" : " off").append('\n');
        if (!gs) {
            sb.append(".in aPos v0\n");
            if (r.nextBoolean()) sb.append(".in aExtra\n");
        }
        sb.append(".out oPos position\n");
        int outs = r.nextInt(3);
        for (int k = 0; k < outs; k++) sb.append(".out - ").append(SEM[1 + r.nextInt(SEM.length - 1)]).append(MASKS[2 + r.nextInt(MASKS.length - 2)]).append('\n');
        if (r.nextInt(4) == 0) sb.append(".alias myTmp r").append(r.nextInt(16)).append(SWZ[r.nextInt(SWZ.length)]).append('\n');
        List<String> mine = new ArrayList<>();
        int np = r.nextInt(3);
        for (int k = 0; k < np; k++) {
            String p = "p" + procs.size() + "_" + k;
            proc(p, false);
            mine.add(p);
            procs.add(p);
        }
        if (entry != null) proc(entry, true);
        return sb.toString();
    }

    private String f() {
        String[] v = {"0.0", "1.0", "-2.5", "0.1", "3.14159", "1e-3", "-0.0", "100.25", "1e30", "65504.0"};
        return v[r.nextInt(v.length)];
    }

    private void proc(String name, boolean main) {
        sb.append(".proc ").append(name).append('\n');
        depth = 1;
        words = 0;
        body(2 + r.nextInt(8), 0);
        if (main) {
            sb.append("\tmov oPos, r0\n");
            if (geometry) sb.append("\tsetemit 0, prim\n\temit\n");
            sb.append("\tend\n");
        } else if (!procs.isEmpty() && r.nextInt(3) == 0) {
            sb.append("\tcall ").append(procs.get(0)).append('\n'); // a call last in a procedure gets a padding nop
        }
        sb.append(".end\n");
    }

    private void body(int n, int nest) {
        for (int k = 0; k < n; k++) {
            int c = r.nextInt(20);
            if (c < 9) alu();
            else if (c < 11 && nest < 3) ifBlock(nest);
            else if (c < 12 && nest < 3) forBlock(nest);
            else if (c < 14 && !procs.isEmpty()) call();
            else if (c < 15) jump();
            else if (c < 17) mad();
            else if (c < 18) line("mova a0." + (r.nextBoolean() ? "x" : r.nextBoolean() ? "y" : "xy") + ", " + narrow() + "\n\tnop");
            else if (c < 19) line("cmp " + wide() + ", " + CMP[r.nextInt(6)] + ", " + CMP[r.nextInt(6)] + ", " + narrow());
            else line("nop");
        }
    }

    private void line(String s) {
        sb.append("\t".repeat(depth)).append(s).append('\n');
        words++;
    }

    private String reg(String base) {
        return (r.nextInt(6) == 0 ? "-" : "") + base + SWZ[r.nextInt(SWZ.length)];
    }

    private String narrow() {
        return reg(r.nextInt(4) == 0 ? "v0" : "r" + r.nextInt(16));
    }

    private String wide() {
        int c = r.nextInt(4);
        if (c == 0 && !fvecs.isEmpty()) {
            String u = fvecs.get(r.nextInt(fvecs.size()));
            return reg(u + (r.nextInt(3) == 0 ? "[" + (r.nextBoolean() ? "a0.x" : "aL") + "]" : ""));
        }
        if (c == 1) return reg("c" + (20 + r.nextInt(40)));
        return narrow();
    }

    private String dst() {
        return (r.nextInt(5) == 0 ? "o0" : "r" + r.nextInt(16)) + MASKS[r.nextInt(MASKS.length)];
    }

    private void alu() {
        if (r.nextBoolean()) {
            String op = ALU2[r.nextInt(ALU2.length)];
            boolean inv = (op.equals("dph") || op.equals("dst") || op.equals("sge") || op.equals("slt")) && r.nextBoolean();
            line(op + " " + dst() + ", " + (inv ? narrow() : wide()) + ", " + (inv ? reg("c" + r.nextInt(96)) : narrow()));
        } else {
            line(ALU1[r.nextInt(ALU1.length)] + " " + dst() + ", " + wide());
        }
    }

    private void mad() {
        boolean inv = r.nextBoolean();
        line("mad " + dst() + ", " + narrow() + ", " + (inv ? narrow() : wide()) + ", " + (inv ? reg("c" + r.nextInt(96)) : narrow()));
    }

    private String cond() {
        String x = (r.nextBoolean() ? "!" : "") + "cmp.x", y = (r.nextBoolean() ? "!" : "") + "cmp.y";
        return switch (r.nextInt(4)) {
            case 0 -> x;
            case 1 -> y;
            case 2 -> x + " && " + y;
            default -> x + " || " + y;
        };
    }

    private void ifBlock(int nest) {
        line(r.nextBoolean() ? "ifu b" + r.nextInt(16) : "ifc " + cond());
        depth++;
        body(r.nextInt(3), nest + 1); // an empty if-part gets a padding nop
        if (r.nextBoolean()) {
            sb.append("\t".repeat(depth - 1)).append(".else\n");
            body(1 + r.nextInt(3), nest + 1);
        }
        depth--;
        sb.append("\t".repeat(depth)).append(".end\n");
    }

    private void forBlock(int nest) {
        line("for i" + r.nextInt(4));
        depth++;
        body(1 + r.nextInt(3), nest + 1);
        if (r.nextBoolean()) line("breakc " + cond()); // breakc last in a for gets a padding nop
        depth--;
        sb.append("\t".repeat(depth)).append(".end\n");
    }

    private void call() {
        String p = procs.get(r.nextInt(procs.size()));
        switch (r.nextInt(3)) {
            case 0 -> line("call " + p);
            case 1 -> line("callc " + cond() + ", " + p);
            default -> line("callu b" + r.nextInt(16) + ", " + p);
        }
    }

    private void jump() {
        String l = "skip" + labelCounter++;
        line(r.nextBoolean() ? "jmpc " + cond() + ", " + l : "jmpu " + (r.nextBoolean() ? "!" : "") + "b" + r.nextInt(16) + ", " + l);
        alu();
        sb.append(l).append(":\n");
        alu();
    }
}
