package dev.pica.compiler.vir;

import java.util.List;
import java.util.function.Consumer;

/** Walks over structured programs. */
public final class Nodes {
    private Nodes() {}

    /** Every instruction of the program in text order, the CMPs of conditions included. */
    public static void forEach(List<Node> nodes, Consumer<VInst> f) {
        for (Node n : nodes) {
            if (n instanceof Node.Inst i) f.accept(i.inst());
            else if (n instanceof Node.If c) {
                if (c.cond() instanceof Node.Flags fl) f.accept(fl.cmp());
                forEach(c.then(), f);
                forEach(c.otherwise(), f);
            } else if (n instanceof Node.Loop l) forEach(l.body(), f);
            else if (n instanceof Node.Break b && b.cond() instanceof Node.Flags fl) f.accept(fl.cmp());
        }
    }
}
