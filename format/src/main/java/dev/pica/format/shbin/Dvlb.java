package dev.pica.format.shbin;

import java.util.List;

/** A linked shader binary (.shbin): one DVLP shared by one or more DVLEs. */
public record Dvlb(Dvlp program, List<Dvle> shaders) {
    public Dvlb {
        shaders = List.copyOf(shaders);
    }
}
