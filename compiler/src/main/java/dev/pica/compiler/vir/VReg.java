package dev.pica.compiler.vir;

/**
 * A virtual register: {@code width} components (1-4) that the allocator places in lanes of one
 * temporary register. Mutable only by the allocator (its placement), within one compilation.
 */
public final class VReg {
    public final int id;
    public final int width;
    /** The GLSL name it holds, when one is known (for the pressure report). */
    public final String name;
    /** The allocator's choice: the r register, and the lane of each component. */
    public int register = -1;
    public int[] lanes;

    public VReg(int id, int width, String name) {
        if (width < 1 || width > 4) throw new IllegalArgumentException("width " + width);
        this.id = id;
        this.width = width;
        this.name = name;
    }

    @Override
    public String toString() {
        return "%" + id + (name != null ? "(" + name + ")" : "") + "<" + width + ">";
    }
}
