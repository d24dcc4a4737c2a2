package dev.pica.debug;

import dev.pica.format.isa.RegisterFile;
import dev.pica.sim.Bindings;
import dev.pica.sim.Stepper;
import dev.pica.sim.Values;
import java.util.List;
import java.util.Locale;

/**
 * What a name in an expression reaches, as picasim's {@code --set} names it: a register
 * ({@code r0}, {@code v1}, {@code c5}, {@code o2}, {@code i0}, {@code b3}, {@code a0}, {@code aL},
 * {@code cmp}), a name of the DVLE's tables ({@code projection}, {@code projection[2]}), an
 * output by semantic ({@code position}), each optionally with one lane ({@code r0.y}). Reads and
 * writes go to a {@link Stepper} between words.
 *
 * @param file 'v', 'r', 'c', 'o' (float registers), 'i', 'b', 'a' (a0), 'L' (aL), 'f' (cmp)
 * @param lanes the lanes shown, bit k for lane k (x = bit 0), for an output its table mask
 * @param lane one lane (0-3), or -1 for the whole register
 */
record Place(String name, char file, int first, int count, int lanes, int lane) {
    private static final String LANES = "xyzw";

    /** @throws IllegalArgumentException naming what the shader has instead */
    static Place resolve(String text, Bindings bindings) {
        String name = text.trim();
        int lane = -1;
        int dot = name.lastIndexOf('.');
        if (dot > 0 && name.length() == dot + 2 && LANES.indexOf(name.charAt(dot + 1)) >= 0) {
            lane = LANES.indexOf(name.charAt(dot + 1));
            name = name.substring(0, dot);
        }
        Place p = whole(name, bindings);
        if (lane < 0) return p;
        int width = switch (p.file) {
            case 'a', 'f' -> 2;
            case 'L', 'b' -> 1;
            default -> 4;
        };
        if (p.count != 1 || lane >= width) throw new IllegalArgumentException("'" + text + "': " + (p.count != 1 ? "'" + name + "' is " + p.count + " registers; name one, " + name + "[0]" + text.substring(dot) : "'" + name + "' has no lane " + LANES.charAt(lane)));
        return new Place(text.trim(), p.file, p.first, 1, 1 << lane, lane);
    }

    private static Place whole(String name, Bindings bindings) {
        switch (name) {
            case "a0" -> {
                return new Place(name, 'a', 0, 1, 3, -1);
            }
            case "aL", "al" -> {
                return new Place("aL", 'L', 0, 1, 1, -1);
            }
            case "cmp" -> {
                return new Place(name, 'f', 0, 1, 3, -1);
            }
            default -> { }
        }
        if (name.matches("[rR][0-9]{1,2}") && Integer.parseInt(name.substring(1)) < RegisterFile.TEMPORARY.count) return new Place(name, 'r', Integer.parseInt(name.substring(1)), 1, 0xF, -1);
        Bindings.Range r = bindings.resolve(name);
        if (r != null) {
            char file = r.file().letter;
            return new Place(name, file, r.first(), r.count(), file == 'b' ? 1 : 0xF, -1);
        }
        List<Bindings.Output> outs = bindings.output(name);
        if (outs.size() == 1) return new Place(name, 'o', outs.get(0).register(), 1, outs.get(0).mask(), -1);
        if (outs.size() > 1) throw new IllegalArgumentException("output '" + name + "' names " + outs.size() + " entries of the output table; name a register (o0-o15)");
        throw new IllegalArgumentException(bindings.unknownMessage(name) + "; registers: r0-r15, v0-v15, c0-c95, o0-o15, i0-i3, b0-b15, a0, aL, cmp, each with .x/.y/.z/.w for a lane");
    }

    /** Register k of this place (0 for a single one): its lanes as numbers (booleans 1 or 0). */
    float[] read(Stepper s, int k) {
        int n = first + k;
        float[] v = switch (file) {
            case 'v', 'r', 'c', 'o' -> s.lanes(file, n);
            case 'i' -> {
                int[] b = s.intRegister(n);
                yield new float[] {b[0], b[1], b[2], b[3]};
            }
            case 'b' -> new float[] {s.bool(n) ? 1 : 0};
            case 'a' -> new float[] {s.a0()[0], s.a0()[1]};
            case 'L' -> new float[] {s.aL()};
            default -> new float[] {s.cmp()[0] ? 1 : 0, s.cmp()[1] ? 1 : 0};
        };
        return v;
    }

    /** One lane's value: this place must be one lane or a one-lane register (b, aL). */
    float value(Stepper s) {
        if (count != 1) throw new IllegalArgumentException("'" + name + "' is " + count + " registers, not a number; name a lane (" + name + "[0].x)");
        float[] v = read(s, 0);
        if (lane >= 0) return v[lane];
        if (v.length == 1) return v[0];
        throw new IllegalArgumentException("'" + name + "' is a vector, not a number; name a lane (" + name + ".x)");
    }

    /** The text a debugger shows: a number, a lane list "(1, 2, 3, 4)" of the shown lanes, or rows. */
    String text(Stepper s) {
        if (count > 1) {
            StringBuilder sb = new StringBuilder("[");
            for (int k = 0; k < count; k++) sb.append(k == 0 ? "" : ", ").append(row(s, k));
            return sb.append(']').toString();
        }
        return lane >= 0 ? laneText(read(s, 0)[lane]) : row(s, 0);
    }

    String row(Stepper s, int k) {
        float[] v = read(s, k);
        if (v.length == 1) return laneText(v[0]);
        StringBuilder sb = new StringBuilder("(");
        for (int j = 0; j < v.length; j++) {
            if ((lanes & 1 << j) == 0) continue;
            sb.append(sb.length() == 1 ? "" : ", ").append(laneText(v[j]));
        }
        return sb.append(')').toString();
    }

    private String laneText(float f) {
        return switch (file) {
            case 'b', 'f' -> f != 0 ? "true" : "false";
            case 'i', 'a', 'L' -> Integer.toString((int) f);
            default -> Values.text(f);
        };
    }

    static char laneLetter(int k) {
        return LANES.charAt(k);
    }

    /**
     * Sets register k's lane {@code j} (-1: every lane of a one-lane register) from text: a
     * number (as picasim reads one), true/false for booleans and cmp.
     */
    void write(Stepper s, int k, int j, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int n = first + k;
        switch (file) {
            case 'v', 'r', 'c', 'o' -> s.setLane(file, n, j, number(t));
            case 'i' -> s.setInt(n, j, integer(t, 0, 255));
            case 'b' -> s.setBool(n, bool(t));
            case 'a' -> {
                int[] a0 = s.a0();
                a0[j] = integer(t, Integer.MIN_VALUE, Integer.MAX_VALUE);
                s.setA0(a0[0], a0[1]);
            }
            case 'f' -> {
                boolean[] c = s.cmp();
                c[j] = bool(t);
                s.setCmp(c[0], c[1]);
            }
            default -> throw new IllegalArgumentException("aL is the loop counter; it changes only as the loop steps");
        }
    }

    /** Sets a whole register (lanes separated by commas) or one lane, as this place names it. */
    void write(Stepper s, String text) {
        if (count != 1) throw new IllegalArgumentException("'" + name + "' is " + count + " registers; set one row (" + name + "[0])");
        if (lane >= 0) {
            write(s, 0, lane, text);
            return;
        }
        String[] parts = text.replace("(", "").replace(")", "").split(",", -1);
        int width = read(s, 0).length;
        if (width == 1) {
            write(s, 0, 0, parts[0]);
            return;
        }
        if (parts.length != width) throw new IllegalArgumentException("'" + name + "' takes " + width + " values separated by commas, not " + parts.length);
        for (int j = 0; j < width; j++) write(s, 0, j, parts[j]);
    }

    static float number(String t) {
        return Values.parse(t);
    }

    private static int integer(String t, int min, int max) {
        long v;
        try {
            v = Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + t + "' is not an integer");
        }
        if (v < min || v > max) throw new IllegalArgumentException(v + " is not between " + min + " and " + max);
        return (int) v;
    }

    private static boolean bool(String t) {
        if (t.equals("true") || t.equals("1")) return true;
        if (t.equals("false") || t.equals("0")) return false;
        throw new IllegalArgumentException("'" + t + "' is not a boolean (true or false)");
    }
}
