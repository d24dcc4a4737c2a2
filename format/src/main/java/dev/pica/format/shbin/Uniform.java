package dev.pica.format.shbin;

import dev.pica.format.isa.RegisterNames;

/** A bind_symbol entry: name with its suffix, first and last register as unified indices. */
public record Uniform(String name, int first, int last) {
    // equals and hashCode written out (the generated record's hash), as OutputMap's
    @Override
    public boolean equals(Object o) {
        return o instanceof Uniform u && u.first == first && u.last == last && java.util.Objects.equals(u.name, name);
    }

    @Override
    public int hashCode() {
        return (java.util.Objects.hashCode(name) * 31 + first) * 31 + last;
    }

    /** The register a unified index names (isa.md 4): v0-v15, c0-c95, i0-i3, b0-b15; "?0x.." otherwise. */
    public static String registerName(int unified) {
        return RegisterNames.unified(unified);
    }

    /** "c0-c3", or "c4" for a single register. */
    public String registerRange() {
        String a = registerName(first), b = registerName(last);
        return a.equals(b) ? a : a + "-" + b;
    }
}
